//! Issue 11: the dashboard of the numbered-turn rulesets behaves as FG&DN's where both have the
//! same key: ↑↓ at the prompt browse the commands typed this session (`tui::edit::browse`), and
//! quit asks first (a watcher quits at once).
mod board_common;
mod screen_common;

use board_common::TestBoard;
use umpire::rulesets::late19::{game::Late19, Tables};
use umpire::session;

fn board() -> TestBoard<Late19> {
    TestBoard::open(session::DEMO_LATE19, Tables::builtin().unwrap())
}

#[test]
fn up_and_down_at_the_prompt_browse_the_commands_typed_this_session() {
    let mut b = board();
    b.press(&[":", "'note one'", "enter", ":", "'note two'", "enter"]);
    let footer = |b: &mut TestBoard<Late19>| b.screen(80, 24).lines().last().unwrap().to_string();
    b.press(&[":", "up"]);
    assert!(
        footer(&mut b).starts_with(":note two"),
        "{}",
        footer(&mut b)
    );
    b.press(&["up"]);
    assert!(footer(&mut b).starts_with(":note one"));
    b.press(&["up"]);
    assert!(footer(&mut b).starts_with(":note one"), "the oldest stays");
    b.press(&["down", "down"]);
    assert_eq!(
        footer(&mut b).trim_end(),
        ":",
        "past the newest: a new line"
    );
    // A command taken from the history runs as typed.
    b.press(&["up", "enter"]);
    let cmds: Vec<String> = b
        .on_disk()
        .game
        .entries()
        .iter()
        .map(|e| e.cmd.clone())
        .collect();
    assert_eq!(cmds, ["note \"one\"", "note \"two\"", "note \"two\""]);
}

#[test]
fn quit_asks_first_and_any_other_key_stays() {
    let mut b = board();
    b.press(&["q"]);
    let asked = b.screen(80, 24);
    assert!(asked.contains("Quit the dashboard?"), "{asked}");
    assert!(asked.contains("Every command is saved in"), "{asked}");
    b.press(&["x"]);
    assert!(!b.app.quit);
    assert!(b.screen(80, 24).contains("still here"));
    b.press(&["q", "y"]);
    assert!(b.app.quit);
}

/// The log takes the selection keys when focused (`l` or Tab; `h` gives them back to the
/// fleet), as on FG&DN's dashboard, and its title says so.
#[test]
fn the_log_focused_takes_the_selection_keys() {
    let mut b = board();
    for k in 0..30 {
        b.press(&[":", &format!("'note n{k}'"), "enter"]);
    }
    b.press(&["l"]);
    let s = b.screen(80, 24);
    assert!(s.contains("▶ Log"), "{s}");
    b.press(&["k", "k"]);
    assert!(b.screen(80, 24).contains("newer)"));
    b.press(&["g"]);
    assert!(
        b.screen(80, 24).contains("n0\""),
        "the oldest entry in view"
    );
    b.press(&["G"]);
    assert!(!b.screen(80, 24).contains("back"));
    // Back to the fleet: j selects the next ship again.
    b.press(&["h", "j"]);
    assert_eq!(b.app.selected, 1);
    assert!(!b.screen(80, 24).contains("▶ Log"));
}

/// SPEC 10, slips are caught: a walk of more than one turn asks first, saying where it ends
/// and what it would log; `n` changes nothing and gives back the prompt with the command; `y`
/// runs it as typed. One turn (`turn`) runs at once.
#[test]
fn a_walk_of_more_than_one_turn_asks_first() {
    let mut b = board();
    b.press(&[":", "'until 4'", "enter"]);
    let asked = b.screen(80, 24);
    assert!(asked.contains("Walk 3 turns, to Turn 4"), "{asked}");
    assert!(asked.contains("y or Enter: do it"), "{asked}");
    assert!(
        b.on_disk().game.entries().is_empty(),
        "nothing before the answer"
    );
    b.press(&["n"]);
    let back = b.screen(80, 24);
    assert!(
        back.lines().last().unwrap().starts_with(":until 4"),
        "{back}"
    );
    assert!(b.on_disk().game.entries().is_empty());
    b.press(&["enter", "y"]);
    let cmds: Vec<String> = b
        .on_disk()
        .game
        .entries()
        .iter()
        .map(|e| e.cmd.clone())
        .collect();
    assert_eq!(cmds, ["until 4"]);
    b.press(&[":", "'turn'", "enter"]);
    assert_eq!(b.on_disk().game.entries().len(), 2, "one turn runs at once");
}
