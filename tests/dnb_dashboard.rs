//! SPEC 8 and issue 11: a Dreadnoughts & Battlewagons battle in the dashboard written once for
//! every ruleset (`tui::board`, drawn from D&B's screen model `rulesets::dnb::board`). Keys go
//! into the real `BoardApp`, frames are drawn on ratatui's TestBackend, and every command must
//! be in the save (read back from disk) before the screen shows it.
mod board_common;
mod screen_common;

use board_common::TestBoard;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use screen_common::{assert_shows, buffer_text};
use umpire::core::ruleset::Rules;
use umpire::rulesets::dnb::game::Dnb;
use umpire::rulesets::dnb::Tables;
use umpire::session::{self, Session};
use umpire::tui::board::{BoardApp, DiceMode};
use umpire::tui::keymap::{key_event, Keymap};
use umpire::tui::theme::Theme;
use umpire::tui::Save;

type Board = TestBoard<Dnb>;

fn tables() -> Tables {
    Tables::builtin().unwrap()
}

/// The demo, saved to a fresh file and opened under the writer's lock.
fn board() -> Board {
    TestBoard::open(session::DEMO_DNB, tables())
}

impl Board {
    fn ship<'a>(
        &self,
        g: &'a umpire::rulesets::dnb::game::DnbGame,
        id: &str,
    ) -> &'a umpire::rulesets::dnb::DnbShip {
        g.rules.ships.iter().find(|s| s.id() == id).unwrap()
    }
}

#[test]
fn the_dnb_dashboard_shows_its_own_ship_log_at_80x24_and_160x48() {
    let mut b = board();
    let small = b.screen(80, 24);
    assert_shows(
        &small,
        &[
            "Turn 1 · combat phase",
            "SI",
            "Crits",
            "Markers",
            "Bismarck",
            "6/6",
            "front",
        ],
        &["DP", "Flood"],
    );
    insta::assert_snapshot!("dnb_demo_80x24", small);
    insta::assert_snapshot!("dnb_demo_160x48", b.screen(160, 48));
}

#[test]
fn a_command_at_the_prompt_is_saved_before_it_is_shown_and_undo_takes_it_back() {
    let mut b = board();
    b.press(&[":", "'dice 6 6 6 6 6 6 6 6 6 6 6'", "enter"]);
    b.press(&[":", "'gunnery bismarck hood range close'", "enter"]);
    let shown = b.screen(160, 48);
    assert_shows(&shown, &["Bismarck fires guns at Hood", "roll D6 = 6"], &[]);
    // On disk: the same state as on screen, entry for entry.
    let disk = b.on_disk();
    assert_eq!(disk.game.state, b.app.battle.game.state);
    assert_eq!(disk.game.entries().len(), 2);
    // The hits wait for the end of the Combat Phase (5.2a): `n` ends it and they land.
    let si_before = b.ship(&b.app.battle.game.state, "hood").si_left();
    b.press(&["n"]);
    let si_after = b.ship(&b.app.battle.game.state, "hood").si_left();
    assert!(si_after < si_before, "hood SI {si_before} -> {si_after}");
    assert_eq!(
        Dnb::clock(&b.app.battle.game.state).to_string(),
        "turn 1 movement"
    );
    // `u` undoes the phase end; the save says so too.
    b.press(&["u"]);
    assert_eq!(
        b.ship(&b.app.battle.game.state, "hood").si_left(),
        si_before
    );
    assert_eq!(b.on_disk().game.state, b.app.battle.game.state);
    assert!(b.screen(160, 48).contains("(undone)"));
    // SPEC 10: the undo names the command it stepped over and its turn, on the message line
    // and in the log.
    let stepped = "undo: stepped back over: next (entered turn 1 combat)";
    assert_eq!(
        b.app.message.as_ref().map(|m| m.text.as_str()),
        Some(stepped)
    );
    assert!(b.screen(160, 48).contains(stepped));
    // The log built as commands came is the log a board opened on the save shows.
    b.press(&[":", "'note \"live and replayed\"'", "enter", "L"]);
    let live = b.screen(100, 200);
    assert!(
        live.contains("live and replayed") && live.contains("Bismarck fires"),
        "{live}"
    );
    let mut reopened = BoardApp::new(
        b.on_disk(),
        Save::ReadOnly("test".into()),
        None,
        Keymap::default(),
    );
    reopened.theme = Theme { color: false };
    reopened.on_key(key_event("L").unwrap());
    let mut t = Terminal::new(TestBackend::new(100, 200)).unwrap();
    t.draw(|f| reopened.draw(f)).unwrap();
    // The log's lines: not the header, nor the message line (the read-only view says why)
    // and the footer.
    let body = |s: &str| {
        let lines: Vec<&str> = s.lines().collect();
        lines[1..lines.len() - 2].join("\n")
    };
    assert_eq!(body(&live), body(&buffer_text(t.backend().buffer())));
}

#[test]
fn a_bad_command_says_why_and_changes_nothing() {
    let mut b = board();
    let before = b.app.battle.game.state.clone();
    b.press(&[":", "'gunnery nosuch hood'", "enter"]);
    let shown = b.screen(120, 30);
    assert!(shown.contains("nosuch"), "{shown}");
    assert_eq!(b.app.battle.game.state, before);
    assert_eq!(b.on_disk().game.entries().len(), 0);
    // The typed command stays at the prompt to be mended.
    assert!(shown.contains(":gunnery nosuch hood"), "{shown}");
}

#[test]
fn the_critical_form_builds_the_command_for_the_selected_ship_and_it_lands_at_the_phase_end_5_2a() {
    let mut b = board();
    // Select the third ship (electra), open the critical form, choose the third kind.
    b.press(&["j", "j", "c", "right", "right"]);
    let form = b.screen(80, 24);
    assert_shows(
        &form,
        &[
            "Critical hit on Electra",
            "◂ waterline hit ▸",
            "= crit electra waterline_hit",
        ],
        &[],
    );
    b.press(&["enter"]);
    // A critical of the Combat Phase takes effect at its end (5.2a).
    assert!(b
        .screen(160, 48)
        .contains("in effect at the end of the Combat Phase"));
    b.press(&["n"]);
    let electra = b.ship(&b.app.battle.game.state, "electra");
    assert_eq!(electra.st.waterline_hits, 1);
    assert_eq!(b.on_disk().game.state, b.app.battle.game.state);
}

/// SPEC 10: a form is checked as it is typed, as FG&DN's are: the command it stands for so
/// far, an empty required number read as 1. Prince of Wales has no torpedoes (2.12): the
/// torpedo form says so at once, before a figure is typed; a range beyond Electra's torpedoes
/// (7.2b) as soon as it is typed. Nothing is saved.
#[test]
fn a_form_is_checked_as_it_is_typed() {
    let mut b = board();
    b.press(&["x", "right", "right", "right", "tab"]);
    assert!(
        b.screen(160, 48).contains("has no torpedo rating"),
        "said before the range is typed"
    );
    b.press(&["'4'"]);
    let form = b.screen(160, 48);
    assert!(form.contains("has no torpedo rating"), "{form}");
    b.press(&[
        "esc", "j", "j", "x", "right", "right", "right", "tab", "'40'",
    ]);
    let form = b.screen(160, 48);
    assert!(
        form.contains("beyond the torpedo range of 6 hexes"),
        "{form}"
    );
    b.press(&["backspace"]);
    assert!(!b.screen(160, 48).contains("beyond the torpedo range"));
    assert_eq!(b.on_disk().game.entries().len(), 0);
}

#[test]
fn the_gunnery_form_names_the_target_and_keeps_its_fields_after_esc() {
    let mut b = board();
    // pow fires: target cycles through the fleet; range long; hits counted at the table 0.
    b.press(&[
        "f", "right", "right", "right", "tab", "right", "tab", "tab", "tab", "tab", "'0'",
    ]);
    let form = b.screen(80, 24);
    assert!(
        form.contains("= gunnery pow bismarck range long hits 0"),
        "{form}"
    );
    b.press(&["esc", "f"]);
    assert!(b
        .screen(80, 24)
        .contains("= gunnery pow bismarck range long hits 0"));
    b.press(&["enter"]);
    assert_eq!(b.on_disk().game.entries().len(), 1);
    assert!(b
        .screen(160, 48)
        .contains("gunnery pow bismarck range long hits 0"));
}

#[test]
fn in_ask_mode_every_die_is_asked_and_logged_as_typed() {
    let mut b = board();
    b.press(&["m"]);
    assert!(b.screen(80, 24).contains("dice ASK"));
    b.press(&[":", "'gunnery bismarck hood range close'", "enter"]);
    let asked = b.screen(120, 30);
    assert!(asked.contains("Roll a die"), "{asked}");
    // The dice mode is kept in the log (SPEC 10); nothing else is saved while asking.
    let disk = b.on_disk();
    let cmds: Vec<&str> = disk.game.entries().iter().map(|e| e.cmd.as_str()).collect();
    assert_eq!(cmds, ["dice ask"], "nothing saved while asking");
    // A face no D6 shows is refused in place; then answer every die with 6.
    b.press(&["'9'", "enter"]);
    let asked = b.screen(120, 30);
    assert!(
        asked.contains("9 is not a face of a D6 (1-6)") && asked.contains("Roll a die"),
        "still asking: {asked}"
    );
    for _ in 0..40 {
        if !b.screen(120, 30).contains("Roll a die") {
            break;
        }
        b.press(&["backspace", "'6'", "enter"]);
    }
    let done = b.screen(160, 48);
    assert!(done.contains("roll D6 = 6"), "{done}");
    let disk = b.on_disk();
    assert_eq!(disk.game.entries().len(), 2);
    assert_eq!(disk.game.state, b.app.battle.game.state);
}

/// SPEC 10: the dice mode is kept with the save and shown on reopen; undo takes it back with
/// the command that set it; a read-only view switches only its own screen.
#[test]
fn the_dice_mode_is_kept_with_the_save_and_shown_on_reopen() {
    let mut b = board();
    b.press(&["m"]);
    assert_eq!(b.app.dice_mode, DiceMode::Ask);
    let reopen = |b: &Board| {
        let battle = Session::<Dnb>::open_read_only(&b.path, tables()).unwrap();
        BoardApp::new(
            battle,
            umpire::tui::Save::ReadOnly("a second console".into()),
            None,
            Keymap::default(),
        )
    };
    let mut other = reopen(&b);
    assert_eq!(other.dice_mode, DiceMode::Ask);
    let mut t = Terminal::new(TestBackend::new(120, 30)).unwrap();
    t.draw(|f| other.draw(f)).unwrap();
    assert_shows(
        &buffer_text(t.backend().buffer()),
        &["dice: ask, as this battle was left", "dice ASK"],
        &[],
    );
    // Read-only: `m` switches this screen only; the save keeps its one entry.
    other.on_key(key_event("m").unwrap());
    assert_eq!(other.dice_mode, DiceMode::Roll);
    assert_eq!(b.on_disk().game.entries().len(), 1);
    // `m` again on the writer: `dice roll` recorded; undo takes it back to ask.
    b.press(&["m"]);
    assert_eq!(b.app.dice_mode, DiceMode::Roll);
    b.press(&["u"]);
    assert_eq!(
        b.app.dice_mode,
        DiceMode::Ask,
        "undo leaves the mode the log is left with"
    );
    assert_eq!(reopen(&b).dice_mode, DiceMode::Ask);
}

#[test]
fn the_full_log_and_detail_views_show_what_80x24_cuts_spec_10() {
    let mut b = board();
    b.press(&[":", "'dice 6 6 6 6 6 6 6 6 6 6 6'", "enter"]);
    b.press(&[":", "'gunnery bismarck hood range close'", "enter", "n"]);
    b.press(&["L"]);
    let log = b.screen(80, 24);
    assert!(log.contains("Log — every line whole"), "{log}");
    // The damage line is read whole, wrapped.
    assert!(log.contains("6.7"), "{log}");
    b.press(&["esc", "j", "v"]);
    let detail = b.screen(80, 24);
    assert_shows(&detail, &["Hood (hood)", "SI ", "Due"], &[]);
}

#[test]
fn a_read_only_board_refuses_changes_and_says_why() {
    let b = board();
    let battle = Session::<Dnb>::open(&b.path, tables()).unwrap();
    let mut app = BoardApp::new(
        battle,
        Save::ReadOnly("another console holds it".into()),
        Some(b.path.clone()),
        Keymap::default(),
    );
    app.theme = Theme { color: false };
    assert!(app.submit("next").unwrap_err().contains("read-only"));
    let mut t = Terminal::new(TestBackend::new(160, 48)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    assert!(buffer_text(t.backend().buffer()).contains("READ-ONLY"));
}

/// A D&B save with a gunnery attack (all sixes) and the end of the Combat Phase.
fn played() -> Board {
    let mut b = board();
    b.press(&[":", "'dice 6 6 6 6 6 6 6 6 6 6 6'", "enter"]);
    b.press(&[":", "'gunnery bismarck hood range close'", "enter", "n"]);
    b
}

#[test]
fn review_steps_through_the_log_read_only() {
    let b = played();
    let keymap = Keymap::default();
    let mut app =
        umpire::tui::board::open_review::<Dnb>(&b.path, tables(), keymap, Some("start")).unwrap();
    app.theme = Theme { color: false };
    let draw = |app: &mut BoardApp<Dnb>| {
        let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
        t.draw(|f| app.draw(f)).unwrap();
        buffer_text(t.backend().buffer())
    };
    let start = draw(&mut app);
    assert_shows(
        &start,
        &["REVIEW 0/3", "Hood            British 5/5"],
        &["Bismarck fires"],
    );
    // → steps an entry at a time; End goes to the end, where Hood's hits have landed.
    app.on_key(key_event("right").unwrap());
    app.on_key(key_event("right").unwrap());
    assert_shows(
        &draw(&mut app),
        &["REVIEW 2/3", "Bismarck on Hood: damage throw"],
        &[],
    );
    app.on_key(key_event("end").unwrap());
    let end = draw(&mut app);
    assert!(end.contains("REVIEW 3/3"), "{end}");
    assert!(!end.contains("Hood            British 5/5"), "{end}");
    // Nothing changes the battle: a form key and a command are refused, the file is as it was.
    let before = std::fs::read(&b.path).unwrap();
    app.on_key(key_event("c").unwrap());
    assert!(app.submit("next").unwrap_err().contains("read-only"));
    assert!(draw(&mut app).contains("read-only"));
    assert_eq!(std::fs::read(&b.path).unwrap(), before);
    // --at a clock, and a place the log does not have.
    let at = umpire::tui::board::open_review::<Dnb>(
        &b.path,
        tables(),
        Keymap::default(),
        Some("turn 1 movement"),
    )
    .unwrap();
    assert_eq!(
        at.battle.game.entries().len(),
        3,
        "after dice, gunnery and next"
    );
    let e = umpire::tui::board::open_review::<Dnb>(
        &b.path,
        tables(),
        Keymap::default(),
        Some("turn 9"),
    )
    .err()
    .unwrap();
    assert!(
        e.message.contains("never stood at that clock"),
        "{}",
        e.message
    );
}

/// The review prompt (`:`) goes to a place as FG&DN's does (`#N`, a clock as the log writes
/// it) and checks an `expect` against the battle as it stood at the position shown, not at the
/// end of the log; any other command is refused and nothing moves.
#[test]
fn the_review_prompt_goes_to_a_place_and_checks_expect_where_it_stands() {
    let mut b = played();
    b.press(&[":", "'si z23 1'", "enter", "t"]);
    let mut app =
        umpire::tui::board::open_review::<Dnb>(&b.path, tables(), Keymap::default(), None).unwrap();
    let at = |app: &BoardApp<Dnb>| app.battle.game.entries().len();
    let n = at(&app);
    // The footer says where the places are typed.
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    assert_shows(&buffer_text(t.backend().buffer()), &[": jump"], &[]);
    // At the end Z23 has taken her SI hit; at the start she had not.
    app.submit("expect z23 si_hits 1").unwrap();
    app.submit("#0").unwrap();
    assert_eq!(at(&app), 0);
    let e = app.submit("expect z23 si_hits 1").unwrap_err();
    assert!(e.contains("si_hits"), "{e}");
    app.submit("expect z23 si_hits 0").unwrap();
    app.submit("turn 1 movement").unwrap();
    assert_eq!(at(&app), 3, "after dice, gunnery and next");
    for (typed, says) in [
        ("turn 9", "never stood at that clock"),
        ("#99", "no entry #99"),
        ("next", "read-only"),
    ] {
        let e = app.submit(typed).unwrap_err();
        assert!(e.contains(says), "{typed}: {e}");
        assert_eq!(at(&app), 3, "{typed}: nothing moved");
    }
    app.submit("end").unwrap();
    assert_eq!(at(&app), n);
}

#[test]
fn a_sides_watcher_sees_the_map_not_the_hit_markers_by_the_fog_rule() {
    let b = played();
    let (mut app, mut follower) =
        umpire::tui::board::open_watch::<Dnb>(&b.path, Some("german"), tables(), Keymap::default())
            .unwrap();
    app.theme = Theme { color: false };
    let draw = |app: &mut BoardApp<Dnb>| {
        let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
        t.draw(|f| app.draw(f)).unwrap();
        buffer_text(t.backend().buffer())
    };
    let seen = draw(&mut app);
    // Hood is British: the Germans see her counter's printed SI, not the hits beneath it
    // (2.17), and the hulk marker on top of it; their own Bismarck in full.
    assert_shows(
        &seen,
        &["WATCH German", "?/5", "hulk", "Bismarck        German  7/7"],
        &["steer1", "roll D6"],
    );
    // The umpire plays on: the watcher follows the save.
    let mut umpire_side = b;
    umpire_side.press(&["n"]);
    assert!(app.follow(follower.poll()));
    assert!(draw(&mut app).contains("administrative phase"));
    // An unknown side is refused, naming the sides.
    let e = umpire::tui::board::open_watch::<Dnb>(
        &umpire_side.path,
        Some("french"),
        tables(),
        Keymap::default(),
    )
    .err()
    .unwrap();
    assert!(e.message.contains("British, German"), "{}", e.message);
}

/// The log panel as on FG&DN's dashboard: `/` searches it (without case, the match shown and
/// marked), `]` and `[` go to older and newer matches, `s` keeps the selected ship's entries,
/// PgUp/PgDn scroll it, Esc clears; Ctrl-U clears the prompt line.
#[test]
fn the_log_panel_searches_filters_by_ship_and_scrolls() {
    let mut b = played();
    b.press(&[":", "'si z23 1'", "enter"]);
    b.press(&["/", "'HOOD'", "enter"]);
    let screen = b.screen(120, 40);
    assert_shows(&screen, &["Log /HOOD", "found \"HOOD\""], &[]);
    let first = b.app_found();
    b.press(&["]"]);
    let older = b.app_found();
    assert!(
        older < first,
        "] goes to an older match: {first} then {older}"
    );
    b.press(&["["]);
    assert_eq!(b.app_found(), first, "[ comes back");
    b.press(&["/", "'yamato'", "enter"]);
    assert_shows(&b.screen(120, 40), &["\"yamato\": no older match"], &[]);
    b.press(&["esc"]);
    let screen = b.screen(120, 40);
    assert_shows(&screen, &["si z23 1"], &["/yamato", "/HOOD"]);

    // `s` on the selected ship (the first, Prince of Wales: nothing about her yet), then on Z23.
    b.press(&["s"]);
    assert_shows(
        &b.screen(120, 40),
        &["Log [pow only]", "nothing about pow yet", "log: only pow"],
        &["si z23 1"],
    );
    b.press(&["s", "G", "s"]);
    let screen = b.screen(120, 40);
    assert_shows(
        &screen,
        &["Log [z23 only]", "si z23 1"],
        &["gunnery bismarck hood"],
    );
    b.press(&["s"]);
    assert_shows(
        &b.screen(120, 40),
        &["log: everything", "-- end of turn 1 combat --"],
        &["Log [z23 only]"],
    );

    // A small panel scrolls back a page (its height) and forward again.
    let _ = b.screen(80, 24);
    b.press(&["pgup"]);
    assert_shows(&b.screen(80, 24), &["newer)"], &[]);
    b.press(&["pgdn"]);
    assert_shows(&b.screen(80, 24), &["Z23: SI hit, 1 of SI 1"], &["newer)"]);

    // Ctrl-U clears what is typed at the prompt; Ctrl-A goes to its start.
    b.press(&[":", "'nxt'", "ctrl-u", "'ext'", "ctrl-a", "'n'", "enter"]);
    assert_shows(&b.screen(120, 40), &["end of turn 1 movement"], &["nxt"]);
}

impl Board {
    /// The row of the log panel the search marks.
    fn app_found(&self) -> usize {
        self.app.found_row().expect("a search match")
    }
}

/// Review steps forward from the position shown and back again from the start: every position
/// looks the same reached by steps, by a step back, or opened there (`--at #N`).
#[test]
fn review_positions_are_the_same_however_they_are_reached() {
    let mut b = played();
    b.press(&[":", "'si z23 1'", "enter", ":", "'undo'", "enter", "t"]);
    let n = b.on_disk().game.entries().len();
    let open = |at: &str| {
        let mut app =
            umpire::tui::board::open_review::<Dnb>(&b.path, tables(), Keymap::default(), Some(at))
                .unwrap();
        app.theme = Theme { color: false };
        app
    };
    let draw = |app: &mut BoardApp<Dnb>| {
        let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
        t.draw(|f| app.draw(f)).unwrap();
        buffer_text(t.backend().buffer())
    };
    let mut stepping = open("start");
    let mut forward = vec![draw(&mut stepping)];
    for _ in 0..n {
        stepping.on_key(key_event("right").unwrap());
        forward.push(draw(&mut stepping));
    }
    for at in (0..n).rev() {
        stepping.on_key(key_event("left").unwrap());
        assert_eq!(draw(&mut stepping), forward[at], "a step back to {at}");
    }
    for (at, screen) in forward.iter().enumerate() {
        assert_eq!(
            &draw(&mut open(&format!("#{at}"))),
            screen,
            "opened at #{at}"
        );
    }
}

/// Review steps by turn (`{` `}`) and to the umpire's notes (`b` `B`) on every ruleset's
/// dashboard, as FG&DN's review does; the other keys work as on the dashboard; its help lists
/// the review keys.
#[test]
fn review_steps_by_turn_and_to_notes() {
    let mut b = board();
    // Entries: 1 si (turn 1), 2 turn, 3 note (turn 2), 4 si (turn 2), 5 turn, 6 si (turn 3).
    for line in [
        "si z23 1",
        "turn",
        "note \"smoke laid\"",
        "si pow 1",
        "turn",
        "si hood 1",
    ] {
        b.press(&[":", &format!("'{line}'"), "enter"]);
    }
    let mut app =
        umpire::tui::board::open_review::<Dnb>(&b.path, tables(), Keymap::default(), Some("start"))
            .unwrap();
    app.theme = Theme { color: false };
    let at = |app: &mut BoardApp<Dnb>| {
        let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
        t.draw(|f| app.draw(f)).unwrap();
        let screen = buffer_text(t.backend().buffer());
        let i = screen.find(" REVIEW ").expect("the header's review tag");
        screen[i + 8..]
            .split('/')
            .next()
            .unwrap()
            .parse::<usize>()
            .unwrap()
    };
    let key = |app: &mut BoardApp<Dnb>, k: &str| app.on_key(key_event(k).unwrap());
    // `}`: to where the next entry is of another turn (the `turn` command is entered in turn 1).
    key(&mut app, "}");
    assert_eq!(at(&mut app), 2);
    key(&mut app, "}");
    assert_eq!(at(&mut app), 5);
    key(&mut app, "{");
    assert_eq!(at(&mut app), 2);
    // `b`: just after the next note; `B` the one before; none left says so.
    key(&mut app, "b");
    assert_eq!(at(&mut app), 3);
    key(&mut app, "b");
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    assert_shows(
        &buffer_text(t.backend().buffer()),
        &["no note after this point"],
        &[],
    );
    key(&mut app, "end");
    key(&mut app, "B");
    assert_eq!(at(&mut app), 3);
    // The dashboard's own keys work in review too (they were taken for review keys before):
    // ↓ selects the next ship, ? opens the help.
    key(&mut app, "down");
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    assert_shows(
        &buffer_text(t.backend().buffer()),
        &["Hood (hood) · British"],
        &[],
    );
    key(&mut app, "?");
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    assert_shows(
        &buffer_text(t.backend().buffer()),
        &[
            "Keys in review (read-only)",
            "{",
            "}",
            "note",
            "Refused here",
        ],
        &["gunnery form", "log kind", "Plotting Phase"],
    );
}

/// SPEC 10: the header shows the queued dice (`dice clear` empties them), and a command that
/// could not be saved says NOT SAVED there until one is, as on FG&DN's dashboard.
#[test]
fn the_header_shows_queued_dice_and_a_save_that_failed() {
    let mut b = board();
    let head = |b: &mut Board| b.screen(120, 30).lines().next().unwrap().to_string();
    b.press(&[":", "'dice 5 2 6 1 3'", "enter"]);
    assert!(
        head(&mut b).contains("dice roll [5 2 6 1 …+1]"),
        "{}",
        head(&mut b)
    );
    b.press(&[":", "'dice clear'", "enter"]);
    assert!(!head(&mut b).contains('['), "{}", head(&mut b));
    let screen = b.screen(120, 30);
    assert!(screen.contains("dice queue emptied"), "{screen}");
    // Another program replaces the save while the dashboard runs.
    let replaced = std::fs::read_to_string(&b.path).unwrap();
    std::fs::remove_file(&b.path).unwrap();
    std::fs::write(&b.path, &replaced).unwrap();
    let before = b.app.battle.game.entries().len();
    b.press(&[":", "'si z23 1'", "enter"]);
    assert_eq!(b.app.battle.game.entries().len(), before, "nothing taken");
    assert!(head(&mut b).contains(" NOT SAVED"), "{}", head(&mut b));
    assert_eq!(std::fs::read_to_string(&b.path).unwrap(), replaced);
}

/// A fleet longer than its panel scrolls to keep the selected ship in view (SPEC 9: an
/// umpire's own 20-ship battle), and a frame builds only the rows it draws: at 80x24 the panel
/// shows nine of forty ships, and the last one selected is among them.
#[test]
fn a_fleet_longer_than_its_panel_scrolls_to_the_selected_ship() {
    let text = umpire::core::bench::repeat_ships(session::DEMO_DNB, 40, &[], &[]).unwrap();
    let mut b = TestBoard::<Dnb>::open(&text, tables());
    let last = b
        .app
        .battle
        .game
        .state
        .rules
        .ships
        .last()
        .unwrap()
        .id()
        .to_string();
    assert_shows(&b.screen(80, 24), &["pow "], &[&last]);
    b.press(&["G"]);
    assert_eq!(b.app.selected, 39);
    assert_shows(&b.screen(80, 24), &[&last], &["pow "]);
    // Up again: the table follows the selection back.
    for _ in 0..39 {
        b.press(&["up"]);
    }
    assert_shows(&b.screen(80, 24), &["pow "], &[&last]);
}

/// A terminal reads Esc followed quickly by a key as Alt+key (a fast umpire, a slow SSH link):
/// the dashboard takes it as Esc and then the key.
#[test]
fn alt_and_a_key_is_esc_then_the_key() {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut b = board();
    b.press(&[":", "'no'"]);
    assert!(b.screen(80, 24).contains(":no"), "the prompt is open");
    b.app
        .on_key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::ALT));
    let cmds: Vec<String> = b
        .on_disk()
        .game
        .entries()
        .iter()
        .map(|e| e.cmd.clone())
        .collect();
    assert_eq!(cmds, ["next"], "the prompt closed, then n ended the phase");
    assert!(!b.screen(80, 24).contains(":no"));
    // Ctrl-C leaves the prompt as Esc does: nothing runs.
    b.press(&[":", "'next'"]);
    assert!(b.screen(80, 24).contains(":next"), "the prompt is open");
    b.press(&["ctrl-c"]);
    assert!(!b.screen(80, 24).contains(":next"));
    assert_eq!(b.on_disk().game.entries().len(), 1);
}

/// SPEC 10: the header does not shift as the phase name changes: what follows the clock stands
/// where it stood in every phase of the turn.
#[test]
fn the_header_does_not_shift_as_the_phase_changes() {
    let mut b = board();
    let at = |b: &mut Board| {
        let screen = b.screen(120, 30);
        let header = screen.lines().next().unwrap().to_string();
        (header.find("│ dice").unwrap(), header)
    };
    let (first, header) = at(&mut b);
    assert!(header.contains("combat phase"), "{header}");
    for phase in ["movement", "administrative", "combat"] {
        b.press(&["n"]);
        let (now, header) = at(&mut b);
        assert!(header.contains(&format!("{phase} phase")), "{header}");
        assert_eq!(now, first, "{header}");
    }
}

/// SPEC 10: a sunk ship's row reads when she sank and her detail when and why. Z23 has no
/// heavily damaged side: her SI hits exceeding her SI sink her at the end of the Combat Phase
/// (6.11); Hood, a hulk after a catastrophic critical (Critical Hit Table 6), sinks on her roll
/// in the Administrative Phase (6.12). The status JSON gives `sunk_at` and `sunk_by`; undo
/// clears them; the save on disk, replayed, is the live battle at every step.
#[test]
fn a_sunk_ships_row_and_detail_say_when_and_why_6_11_6_12() {
    use serde_json::Value;
    use umpire::core::board::Board as _;
    use umpire::core::ruleset::Ruleset;
    let mut b = board();
    let t = tables();
    b.press(&[":", "'si z23 2'", "enter"]);
    b.press(&[":", "'crit hood 6'", "enter"]);
    b.press(&["n", "n"]);
    b.press(&[":", "'dice 1'", "enter"]);
    b.press(&["n"]);
    assert_eq!(b.on_disk().game.state, b.app.battle.game.state);
    let (hood, z23) = (1, 5);
    let g = &b.app.battle.game.state;
    assert_eq!(g.rules.ships[z23].id(), "z23");
    let v = <Dnb as Ruleset>::status_json(g, &t);
    let (vh, vz) = (&v["ships"][hood], &v["ships"][z23]);
    assert_eq!(
        (&vz["status"], &vz["sunk_at"]),
        (&"sunk".into(), &"1".into())
    );
    assert_eq!(
        vz["sunk_by"],
        "2 SI hits exceed SI 1 and the counter has no heavily damaged side (6.11)"
    );
    assert_eq!(
        (&vh["status"], &vh["sunk_at"]),
        (&"sunk".into(), &"1".into())
    );
    assert_eq!(vh["sunk_by"], "hulk sinking roll 1: sinks (6.12)");
    assert_eq!(
        (&v["ships"][0]["sunk_at"], &v["ships"][0]["sunk_by"]),
        (&Value::Null, &Value::Null)
    );
    // The row: "sunk turn 1" in the markers column, in place of the markers gone with her.
    let fleet = Dnb::fleet(g, &t);
    assert_eq!(fleet[z23].cells[4].text, "sunk turn 1");
    assert_eq!(fleet[hood].cells[4].text, "sunk turn 1");
    assert!(fleet[z23].out && fleet[hood].out);
    let detail = |g: &umpire::rulesets::dnb::game::DnbGame, i: usize| Dnb::detail(g, &t, i);
    assert!(
        detail(g, z23).contains(
            &"status sunk in turn 1, combat phase: 2 SI hits exceed SI 1 and the counter has \
              no heavily damaged side (6.11)"
                .to_string()
        ),
        "{:?}",
        detail(g, z23)
    );
    assert!(
        detail(g, hood).contains(
            &"status sunk in turn 1, administrative phase: hulk sinking roll 1: sinks (6.12)"
                .to_string()
        ),
        "{:?}",
        detail(g, hood)
    );
    assert_shows(&b.screen(160, 48), &["sunk turn 1"], &[]);
    // Undo the phase end that sank Hood: a hulk again, with no when or why.
    b.press(&[":", "'undo'", "enter"]);
    let g = &b.app.battle.game.state;
    assert_eq!(b.on_disk().game.state, *g);
    let v = <Dnb as Ruleset>::status_json(g, &t);
    assert_eq!(v["ships"][hood]["status"], "hulk");
    assert_eq!(
        (&v["ships"][hood]["sunk_at"], &v["ships"][hood]["sunk_by"]),
        (&Value::Null, &Value::Null)
    );
    assert_eq!(Dnb::fleet(g, &t)[hood].cells[4].text, "hulk");
    assert!(detail(g, hood).contains(&"status hulk".to_string()));
    // And back past the Combat Phase's end: Z23 is afloat again.
    b.press(&[
        ":", "'undo'", "enter", ":", "'undo'", "enter", ":", "'undo'", "enter",
    ]);
    let g = &b.app.battle.game.state;
    assert_eq!(b.on_disk().game.state, *g);
    let v = <Dnb as Ruleset>::status_json(g, &t);
    assert_eq!(v["ships"][z23]["status"], "afloat");
    assert_eq!(
        (&v["ships"][z23]["sunk_at"], &v["ships"][z23]["sunk_by"]),
        (&Value::Null, &Value::Null)
    );
    assert_eq!(Dnb::fleet(g, &t)[z23].cells[4].text, "");
}
