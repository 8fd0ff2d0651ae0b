//! Issue 11: the log panel of the dashboard of the numbered-turn rulesets keeps its rows as
//! commands come (undo, redo and the clock's verbs add their entry; the log is not read again
//! from the start) and builds only the rows on screen. Whatever was played live, the panel and
//! the full-screen log show what the save shows when it is opened afresh.
mod board_common;
mod screen_common;

use board_common::TestBoard;
use umpire::core::board::Board;
use umpire::session::{self, Session};
use umpire::tui::board::BoardApp;
use umpire::tui::keymap::{key_event, Keymap};
use umpire::tui::theme::Theme;
use umpire::tui::Save;

/// The save opened afresh (read-only: the live board holds the lock), drawn without colour.
fn reopened<R: Board>(b: &TestBoard<R>) -> BoardApp<R> {
    let battle = Session::<R>::open_read_only(&b.path, b.tables.clone()).unwrap();
    let mut app = BoardApp::new(
        battle,
        Save::ReadOnly("reopened".into()),
        None,
        Keymap::default(),
    );
    app.theme = Theme { color: false };
    app
}

fn screen<R: Board>(app: &mut BoardApp<R>, keys: &[&str]) -> String {
    for k in keys {
        app.on_key(key_event(k).unwrap());
    }
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    screen_common::buffer_text(t.backend().buffer())
}

/// A screen but its header and message line (a read-only view says so there).
fn body(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    [&lines[1..lines.len() - 2], &lines[lines.len() - 1..]]
        .concat()
        .join("\n")
}

/// The log panel: its title and the rows under it, down to the message line, from the
/// column its title starts in.
fn log_panel(screen: &str) -> String {
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let (top, col) = lines
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, l)| {
            let text: String = l.iter().collect();
            let at = text.find("Log")?;
            Some((i, text[..at].chars().count()))
        })
        .expect("a log panel");
    lines[top..lines.len() - 2]
        .iter()
        .map(|l| l[col.min(l.len())..].iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_live_log_is_the_log_of_the_save_opened_afresh_after_undo_redo_and_the_clock() {
    use umpire::rulesets::dnb::{game::Dnb, Tables};
    let mut b = TestBoard::<Dnb>::open(session::DEMO_DNB, Tables::builtin().unwrap());
    for (n, line) in [
        "si z23 1",
        "note \"smoke laid\"",
        "si hood 2",
        "undo",
        "redo",
        "undo",
        "next",
        "si pow 1",
        "undo",
        "turn",
        "si bismarck 1",
    ]
    .into_iter()
    .enumerate()
    {
        b.press(&[":", &format!("'{line}'"), "enter"]);
        assert_eq!(
            b.on_disk().game.entries().len(),
            n + 1,
            "{line} was refused"
        );
    }
    let mut fresh = reopened(&b);
    // The panel at its newest rows, and scrolled back a page.
    assert_eq!(
        log_panel(&screen(&mut b.app, &[])),
        log_panel(&screen(&mut fresh, &[]))
    );
    let back = log_panel(&screen(&mut b.app, &["pgup"]));
    assert!(
        back.contains("newer)"),
        "{back}\n{}",
        screen(&mut b.app, &[])
    );
    assert_eq!(back, log_panel(&screen(&mut fresh, &["pgup"])));
    // The undone commands say so.
    let whole = screen(&mut b.app, &["L", "home"]);
    assert!(whole.contains("si hood 2  (undone)"), "{whole}");
    // The full-screen log, at its newest lines and at its oldest.
    assert_eq!(body(&whole), body(&screen(&mut fresh, &["L", "home"])));
    assert_eq!(
        body(&screen(&mut b.app, &["end"])),
        body(&screen(&mut fresh, &["end"]))
    );
    // One ship's entries: the filter reads the same rows.
    let only = |app: &mut BoardApp<Dnb>| {
        let s = screen(app, &["esc", "home", "s"]);
        log_panel(&s)
    };
    let live = only(&mut b.app);
    assert!(live.contains("Log [pow only]"), "{live}");
    assert!(!live.contains("hood 2"), "{live}");
    assert_eq!(live, only(&mut fresh));
    // And a command played while the filter is on joins it when it names the ship.
    b.press(&["s", "s", ":", "'si pow 1'", "enter"]);
    assert_eq!(
        log_panel(&screen(&mut b.app, &[])),
        log_panel(&screen(&mut reopened(&b), &["home", "s"]))
    );
}

/// A long log opens with only its newest entries worded (issue 11, SPEC 7: the open of a
/// 20,000-command battle words no more than the panel shows): an older entry's lines are
/// worded, on the state it was decided on, when the panel reaches back to it. Here a search
/// finds the SI hit at the log's start, 800 entries back, worded as `umpire log` words it.
#[test]
fn a_long_log_words_its_older_entries_when_the_panel_reaches_them() {
    use umpire::core::dice::SeededDice;
    use umpire::core::ruleset::Rules;
    use umpire::rulesets::dnb::{game::Dnb, Tables};
    let tables = Tables::builtin().unwrap();
    let mut battle = Session::<Dnb>::from_text("long", session::DEMO_DNB, tables.clone()).unwrap();
    let mut play = |text: &str| {
        battle
            .game
            .execute(&Dnb::parse(text).unwrap(), &mut SeededDice)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    };
    play("si hood 1");
    play("next");
    for k in 0..800 {
        play(&format!("note \"ruling {k}\""));
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("long.toml");
    session::new_save(&path, &battle).unwrap();
    let logged = battle.log_lines();
    assert_eq!(
        logged[1].lines[1],
        "Hood: SI hit, 1 of SI 5 on the front (2.11, 6.11)"
    );
    let mut app = BoardApp::new(
        Session::<Dnb>::open_read_only(&path, tables).unwrap(),
        Save::ReadOnly("test".into()),
        None,
        Keymap::default(),
    );
    app.theme = Theme { color: false };
    let found = screen(&mut app, &["/", "S", "I", "space", "h", "i", "t", "enter"]);
    assert!(found.contains("found \"SI hit\""), "{found}");
    assert!(
        log_panel(&found).contains("Hood: SI hit, 1 of SI 5"),
        "{found}"
    );
}
