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

/// Issue 11, one dashboard: a key that would change the battle is refused in review, naming
/// the key and how to play on; a ruleset whose log has no kinds says so at `K`; an unbound key
/// says so. Nothing moves.
#[test]
fn review_refuses_changing_keys_and_a_log_without_kinds_says_so() {
    let mut b = board();
    b.press(&[":", "'next'", "enter"]);
    let mut app = umpire::tui::board::open_review::<Late19>(
        &b.path,
        Tables::builtin().unwrap(),
        umpire::tui::keymap::Keymap::default(),
        None,
    )
    .unwrap();
    let key = |app: &mut umpire::tui::board::BoardApp<Late19>, k: &str| {
        app.on_key(umpire::tui::keymap::key_event(k).unwrap());
        app.message.clone().unwrap().text
    };
    let said = key(&mut app, "n");
    assert!(
        said.starts_with("review is read-only: n would change the battle; to play on: umpire play"),
        "{said}"
    );
    assert_eq!(
        key(&mut app, "K"),
        "this rule system's log has no kinds to filter by"
    );
    assert_eq!(key(&mut app, "Z"), "Z: not bound (? shows the keys)");
    assert_eq!(app.battle.game.entries().len(), 1, "still at the end");
}

/// Issue 11, one dashboard: a watcher's key that would change the battle is refused with the
/// key named, before any command runs; quit leaves at once.
#[test]
fn a_watchers_changing_key_is_refused_and_quit_leaves_at_once() {
    let mut b = board();
    b.press(&[":", "'next'", "enter"]);
    let (mut app, _follower) = umpire::tui::board::open_watch::<Late19>(
        &b.path,
        None,
        Tables::builtin().unwrap(),
        umpire::tui::keymap::Keymap::default(),
    )
    .unwrap();
    app.on_key(umpire::tui::keymap::key_event("u").unwrap());
    assert_eq!(app.message.clone().unwrap().text, "u: read-only: watching");
    assert_eq!(b.on_disk().game.entries().len(), 1);
    app.on_key(umpire::tui::keymap::key_event("q").unwrap());
    assert!(app.quit);
}
