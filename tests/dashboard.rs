//! FG&DN's dashboard without a terminal: the real `BoardApp` driven by key events (the loop minus the
//! terminal), drawn on ratatui's TestBackend. Screen snapshots at 80x24 and 160x48, explicit
//! colour/style checks where meaning depends on them, and the behaviour of keys, forms, the
//! prompt, ask-mode dice, undo and quitting, each checked against the save file as well.
mod screen_common;

use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use screen_common::find;
use std::path::{Path, PathBuf};
use umpire::cli::{self, Battle};
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::Fgdn;
use umpire::store::SaveWriter;
use umpire::tui::board::{BoardApp, DiceMode, Mode};

type App = BoardApp<Fgdn>;

/// `umpire play` as it opens FG&DN's dashboard, before the terminal.
fn open(options: &PlayOptions, tables: Tables) -> Result<App, umpire::session::Error> {
    tui::open_board::<Fgdn>(options, tables, (cli::DEMO_NAME, cli::DEMO))
}
use umpire::tui::keymap::{key_event, Keymap};
use umpire::tui::theme::Theme;
use umpire::tui::Save;
use umpire::tui::{self, PlayOptions};

struct Dash {
    _dir: tempfile::TempDir,
    path: PathBuf,
    app: App,
}

fn demo() -> Dash {
    demo_with(cli::DEMO)
}

/// The dashboard on a scenario text (the demo, changed).
fn demo_with(text: &str) -> Dash {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("demo.toml");
    std::fs::write(&path, text).unwrap();
    let writer = SaveWriter::open(&path).unwrap();
    let battle = Battle::open(&path, Tables::builtin()).unwrap();
    let mut app = App::new(
        battle,
        Save::Writer(writer),
        Some(path.clone()),
        Keymap::default(),
    );
    app.theme = Theme { color: true };
    Dash {
        _dir: dir,
        path,
        app,
    }
}

impl Dash {
    /// Press keys by name ("n", "enter", "ctrl-r"); text in `'...'` is typed.
    fn keys(&mut self, keys: &[&str]) -> &mut Self {
        screen_common::press(&mut self.app, keys);
        self
    }

    /// A command at the `:` prompt.
    fn command(&mut self, text: &str) -> &mut Self {
        let typed = format!("'{text}'");
        self.keys(&[":", &typed, "enter"]);
        assert!(
            matches!(self.app.mode, Mode::Normal),
            "{text}: {:?} {:?}",
            self.app.mode,
            self.app.message
        );
        self
    }

    /// A command at the `:` prompt that asks first (SPEC 10), answered yes.
    fn confirmed(&mut self, text: &str) -> &mut Self {
        let typed = format!("'{text}'");
        self.keys(&[":", &typed, "enter"]);
        assert!(
            matches!(self.app.mode, Mode::Confirm(_)),
            "{text} asks first: {:?}",
            self.app.mode
        );
        self.keys(&["y"]);
        assert!(
            matches!(self.app.mode, Mode::Normal),
            "{text}: {:?} {:?}",
            self.app.mode,
            self.app.message
        );
        self
    }

    fn draw(&mut self, w: u16, h: u16) -> Terminal<TestBackend> {
        screen_common::draw(&mut self.app, w, h)
    }

    fn screen(&mut self, w: u16, h: u16) -> String {
        screen_common::screen(&mut self.app, w, h)
    }

    /// The battle as the save file has it: every command shown must already be there.
    fn reloaded(&self) -> Battle {
        Battle::open(&self.path, Tables::builtin()).unwrap()
    }

    fn assert_saved(&self) {
        let b = self.reloaded();
        assert_eq!(b.game.state, self.app.battle.game.state, "save == screen");
        assert_eq!(b.game.entries().len(), self.app.battle.game.entries().len());
    }
}

/// The battle used by the snapshots: hits on four ships, a fire and a flood, resolved.
fn busy(d: &mut Dash) {
    d.keys(&["n"]); // movement
    d.command("hit tiger 120")
        .command("hit moltke 90 nopen")
        .command("fire valiant 9")
        .command("flood hannover 14")
        .command("hit kaiser 70 weapon torpedo side port");
    d.keys(&["n"]);
}

#[test]
fn snapshot_demo_at_80x24_and_160x48() {
    let mut d = demo();
    insta::assert_snapshot!("demo_80x24", d.screen(80, 24));
    insta::assert_snapshot!("demo_160x48", d.screen(160, 48));
}

#[test]
fn snapshot_after_hits_and_fires() {
    let mut d = demo();
    busy(&mut d);
    d.keys(&["j"]); // Valiant, burning
    insta::assert_snapshot!("hits_fires_80x24", d.screen(80, 24));
    insta::assert_snapshot!("hits_fires_160x48", d.screen(160, 48));
    d.assert_saved();
}

#[test]
fn snapshot_after_a_sinking() {
    let mut d = demo();
    d.keys(&["n"]);
    // Wakeful (39 DP, small craft) takes twice her DP in one turn: she sinks (8.1.8).
    d.confirmed("hit wakeful 80").command("dice 3");
    d.keys(&["n", "j", "j"]);
    insta::assert_snapshot!("sinking_80x24", d.screen(80, 24));
    d.command("until 1230 planned_fire");
    insta::assert_snapshot!("sunk_160x48", d.screen(160, 48));
    let s =
        umpire::rulesets::fgdn::status::status(&d.app.battle.game.state, &d.app.battle.game.tables);
    assert_eq!(s.ships[2].status, "sunk");
    d.assert_saved();
}

/// FG&DN 8.1.4 and 8.3 Rudder: the demo's U-boat, UB 64 (the last ship), taken from periscope
/// depth to Shallow at 4 knots: the fleet status column reads her depth, the detail panel her
/// depth and the speed her depth-control checks read.
#[test]
fn snapshot_the_submarine_after_a_depth_change() {
    let mut d = demo();
    d.command("depth ub64 shallow speed 4");
    d.keys(&["j"; 9]);
    let s = d.screen(80, 24);
    assert!(s.contains("SM UB 64"), "{s}");
    insta::assert_snapshot!("submarine_depth_80x24", s);
    insta::assert_snapshot!("submarine_depth_160x48", d.screen(160, 48));
    let st = &d.app.battle.game.state;
    let v = umpire::rulesets::fgdn::status::status(st, &d.app.battle.game.tables);
    assert_eq!(v.ships[9].id, "ub64");
    d.assert_saved();
}

/// FG&DN 8.3 Flight Deck on the demo's carrier, HMS Furious (the fifth ship): D6 1 forward,
/// launching restricted; D6 5 of her 2 aircraft parked forward are hit (capped at 2), each an
/// aircraft critical with no fire (D6-2: 1, 1); hangar D10 4: no hangar damage. The detail
/// panel shows the aircraft left and lost and the flight deck, at 80x24 too.
#[test]
fn snapshot_the_carrier_after_a_flight_deck_critical() {
    let mut d = demo();
    d.command("dice 1 5 1 1 4")
        .command("crit furious flight_deck");
    d.keys(&["j"; 4]);
    let s = d.screen(80, 24);
    assert!(s.contains("HMS Furious (furious)"), "{s}");
    assert!(s.contains("Flight deck hit: forward"), "{s}");
    insta::assert_snapshot!("carrier_flight_deck_80x24", s);
    insta::assert_snapshot!("carrier_flight_deck_160x48", d.screen(160, 48));
    let v =
        umpire::rulesets::fgdn::status::status(&d.app.battle.game.state, &d.app.battle.game.tables);
    assert_eq!(
        v.ships[4].flight_deck,
        vec!["forward: launching aircraft restricted"]
    );
    let a = v.ships[4].aircraft.as_ref().unwrap();
    assert_eq!((a.hangar, a.forward, a.aft, a.lost), (6, 0, 1, 2));
    assert_eq!(v.ships[4].fire_pct, 0);
    assert!(d.app.battle.game.state.dice_queue.is_empty());
    d.assert_saved();
}
#[test]
fn below_80x24_the_screen_says_too_small_and_never_panics() {
    let mut d = demo();
    for (w, h) in [(79, 24), (80, 23), (20, 5), (1, 1), (0, 0)] {
        let s = d.screen(w, h);
        if w >= 20 {
            assert!(s.contains("terminal too small"), "{w}x{h}: {s}");
        }
    }
    busy(&mut d);
    for w in 80..=200 {
        d.screen(w, 24 + (w - 80) / 4);
    }
}

// ---------------------------------------------------------------- colour and style

#[test]
fn severity_is_coloured_and_also_spelled_out() {
    let mut d = demo();
    d.keys(&["n"])
        .command("fire valiant 9")
        .command("fire hannover 40");
    let t = d.draw(80, 24);
    let b = t.backend().buffer();
    let (x, y) = find(b, "minor ");
    assert_eq!(b[(x, y)].fg, Color::Yellow, "minor is yellow");
    let (x, y) = find(b, "OVERWH");
    assert_eq!(b[(x, y)].bg, Color::Red, "overwhelmed is white on red");
    assert!(b[(x, y)].modifier.contains(Modifier::BOLD));

    d.app.theme = Theme { color: false };
    let t = d.draw(80, 24);
    let b = t.backend().buffer();
    let (x, y) = find(b, "OVERWH");
    assert_eq!(b[(x, y)].bg, Color::Reset, "NO_COLOR: no colour");
    assert_eq!(b[(x, y)].fg, Color::Reset);
    assert!(
        b[(x, y)].modifier.contains(Modifier::REVERSED),
        "NO_COLOR: overwhelmed still stands out (reversed)"
    );
    let (x, y) = find(b, "minor ");
    assert_eq!(b[(x, y)].fg, Color::Reset);
}

#[test]
fn the_selected_ship_is_marked_without_colour_and_sinking_is_red() {
    let mut d = demo();
    d.keys(&["n"]).confirmed("hit wakeful 80").command("dice 3");
    d.keys(&["n", "j"]);
    d.app.theme = Theme { color: false };
    let t = d.draw(80, 24);
    let b = t.backend().buffer();
    let (x, y) = find(b, "▶ HMS Valiant");
    assert!(b[(x, y)].modifier.contains(Modifier::REVERSED));
    let (_, y2) = find(b, "HMS Wakeful");
    let (sx, sy) = find(b, "SINKS");
    assert_eq!(sy, y2);
    d.app.theme = Theme { color: true };
    let t = d.draw(80, 24);
    assert_eq!(t.backend().buffer()[(sx, sy)].fg, Color::Red);
}

// ---------------------------------------------------------------- keys and commands

#[test]
fn phase_keys_and_the_prompt_drive_the_same_commands() {
    let mut d = demo();
    d.keys(&["n"]);
    assert!(d.screen(80, 24).contains("1200 movement"));
    d.command("next");
    assert!(d.screen(80, 24).contains("1200 planned fire"));
    d.keys(&["t"]);
    assert!(d.screen(80, 24).contains("1203 plotting"));
    let cmds: Vec<String> = d
        .reloaded()
        .game
        .entries()
        .iter()
        .map(|e| e.cmd.clone())
        .collect();
    assert_eq!(cmds, ["next", "next", "turn"]);
}

#[test]
fn the_hit_form_records_a_hit_on_the_selected_ship() {
    let mut d = demo();
    d.keys(&[
        "n", "j", "d", "'45'", "tab", "right", "tab", "tab", "'l'", "enter",
    ]);
    assert!(matches!(d.app.mode, Mode::Normal), "{:?}", d.app.mode);
    let last = d.reloaded().game.entries().last().unwrap().cmd.clone();
    assert_eq!(last, "hit valiant 45 nopen range long");
    assert!(d.screen(80, 24).contains("1 hit pending"));
}

/// FG&DN 8.1.6.1 (optional faulty shells): the hit form's British APC choice writes
/// `british_apc`; with the option on, Tiger's 34 DP at long range against Moltke's belt 21
/// become 20; without it the form stays open with the rule's message.
#[test]
fn the_hit_form_offers_british_apc() {
    let mut d = demo();
    // moltke is the sixth ship: j x5; damage 34, pen 26, range long, calibre 343, British APC
    let hit = [
        "n", "j", "j", "j", "j", "j", "d", "'34'", "tab", "left", "tab", "'26'", "tab", "'l'",
        "tab", "tab", "'343'", "tab", "tab", "tab", "tab", "'y'", "enter",
    ];
    d.keys(&hit);
    let Mode::Form(form) = &d.app.mode else {
        panic!("form closed: {:?}", d.app.mode)
    };
    assert_eq!(
        form.command().unwrap(),
        "hit moltke 34 pen 26 range long caliber 343 british_apc"
    );
    assert!(form
        .error
        .as_deref()
        .unwrap()
        .contains("british_apc needs the optional faulty-shells rule"));
    let screen = d.screen(80, 24);
    assert!(screen.contains("British APC   ◂ yes ▸"), "{screen}");
    d.keys(&["esc"]);

    let mut d =
        demo_with(&cli::DEMO.replace("[options]\n", "[options]\nfaulty_british_apc = true\n"));
    d.command("dice 1").keys(&hit);
    assert!(matches!(d.app.mode, Mode::Normal), "{:?}", d.app.mode);
    let b = d.reloaded();
    assert_eq!(
        b.game.entries().last().unwrap().cmd,
        "hit moltke 34 pen 26 range long caliber 343 british_apc"
    );
    assert_eq!(b.game.state.ship("moltke").unwrap().pending[0].damage, 20);
}

#[test]
fn a_refused_form_keeps_the_form_open_with_the_error_and_saves_nothing() {
    let mut d = demo();
    d.keys(&["d", "'30'", "enter"]); // plotting phase: no combat
    let Mode::Form(form) = &d.app.mode else {
        panic!("form closed: {:?}", d.app.mode)
    };
    assert!(form.error.as_deref().unwrap().contains("plotting"));
    assert!(d
        .screen(80, 24)
        .contains("no combat is resolved in the plotting phase"));
    d.keys(&["esc"]);
    assert!(matches!(d.app.mode, Mode::Normal));
    assert_eq!(d.reloaded().game.entries().len(), 0);
}

#[test]
fn prompt_errors_show_in_place_and_change_nothing() {
    let mut d = demo();
    d.keys(&["n", ":", "'hit tigre 30'", "enter"]);
    let Mode::Prompt { error, edit, .. } = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    assert!(error.as_deref().unwrap().contains("did you mean \"tiger\""));
    assert_eq!(edit.text, "hit tigre 30", "the line stays to be corrected");
    assert!(d.screen(80, 24).contains("did you mean"));
    assert_eq!(d.reloaded().game.entries().len(), 1);
}

#[test]
fn tab_completes_commands_and_ship_ids() {
    let mut d = demo();
    d.keys(&[":", "'hi'", "tab"]);
    let text = |d: &Dash| match &d.app.mode {
        Mode::Prompt { edit, .. } => edit.text.clone(),
        m => panic!("{m:?}"),
    };
    assert_eq!(text(&d), "hit ");
    d.keys(&["'ti'", "tab"]);
    assert_eq!(text(&d), "hit tiger ");
    d.keys(&["'30 wea'", "tab", "'to'", "tab"]);
    assert_eq!(text(&d), "hit tiger 30 weapon torpedo ");
    d.keys(&["esc", ":", "'u'", "tab"]);
    assert_eq!(text(&d), "un", "undo and until share \"un\"");
    let hint = match &d.app.mode {
        Mode::Prompt { hint, .. } => hint.clone().unwrap(),
        m => panic!("{m:?}"),
    };
    assert_eq!(hint, "until undo");
}

#[test]
fn undo_and_redo_keys_step_one_command_and_the_save_agrees() {
    let mut d = demo();
    d.keys(&["n"]).command("hit tiger 120");
    d.keys(&["n"]);
    let after = d.app.battle.game.state.clone();
    d.keys(&["u"]);
    assert_eq!(d.app.battle.game.state.ships[0].damage, 0);
    assert!(d.screen(160, 48).contains("(undone)"));
    d.keys(&["ctrl-r"]);
    assert_eq!(d.app.battle.game.state, after);
    d.assert_saved();
}

#[test]
fn ask_mode_asks_every_die_with_its_purpose_and_esc_changes_nothing() {
    let mut d = demo();
    d.keys(&["n"]).command("hit tiger 120");
    d.keys(&["m", "n"]);
    let Mode::Ask(ask) = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    assert!(
        ask.question.text().contains("critical count, HMS Tiger"),
        "{:?}",
        ask.question
    );
    let screen = d.screen(80, 24);
    assert!(
        screen.contains("D6 — critical count, HMS Tiger"),
        "{screen}"
    );
    // An impossible face is refused in place.
    d.keys(&["'7'", "enter"]);
    let Mode::Ask(ask) = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    assert!(ask.error.as_deref().unwrap().contains("not a face of a D6"));
    // Esc abandons the whole command: nothing changed, nothing saved.
    let before = d.app.battle.game.state.clone();
    d.keys(&["esc"]);
    assert_eq!(d.app.battle.game.state, before);
    // next, hit, and the switch to ask mode (`dice ask`, kept with the save).
    assert_eq!(d.reloaded().game.entries().len(), 3);
    // Again, answering every die: typed faces are logged as typed.
    d.keys(&["n", "'6'", "enter"]);
    let mut guard = 0;
    while matches!(d.app.mode, Mode::Ask(_)) {
        d.keys(&["enter"]); // roll the rest for me
        guard += 1;
        assert!(guard < 50);
    }
    let b = d.reloaded();
    let log = umpire::cli::log::render(&b, None, umpire::cli::log::Format::Text).unwrap();
    assert!(log.contains("D6 = 6 (critical count, HMS Tiger"), "{log}");
    assert!(log.contains("typed)"), "{log}");
    assert_eq!(d.app.dice_mode, DiceMode::Ask);
    d.assert_saved();
}

#[test]
fn quitting_asks_first() {
    let mut d = demo();
    d.keys(&["q"]);
    assert!(d.screen(80, 24).contains("Quit the dashboard?"));
    d.keys(&["n"]);
    assert!(!d.app.quit);
    assert!(
        matches!(d.app.mode, Mode::Normal),
        "n stays, it does not end the phase"
    );
    assert_eq!(d.app.battle.game.entries().len(), 0);
    d.keys(&["ctrl-c", "y"]);
    assert!(d.app.quit);
}

#[test]
fn help_lists_every_bound_key() {
    let mut d = demo();
    d.keys(&["?"]);
    let s = d.screen(160, 48);
    for (keys, _, description) in d.app.keymap.help() {
        assert!(s.contains(&keys), "{keys}");
        assert!(s.contains(description), "{description}");
    }
}

#[test]
fn the_log_filters_by_ship_and_search_finds_lines() {
    let mut d = demo();
    busy(&mut d);
    d.keys(&["s"]); // filter: Tiger only
    assert!(d.app.log.rows.iter().all(|r| !r.text.contains("Moltke")));
    assert!(d.app.log.rows.iter().any(|r| r.text.contains("Tiger")));
    d.keys(&["s", "/", "'torpedo protection'", "enter"]);
    let found = d.app.log.found.expect("a match");
    assert!(d.app.log.rows[found]
        .text
        .contains("torpedo protection absorbs"));
}

#[test]
fn a_save_another_console_is_writing_opens_read_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.toml");
    let options = PlayOptions {
        file: None,
        save: Some(path.clone()),
        keymap: None,
        data_dir: Some(dir.path().to_path_buf()),
    };
    let first = open(&options, Tables::builtin()).unwrap();
    let again = PlayOptions {
        file: Some(path.clone()),
        save: None,
        ..options.clone()
    };
    let mut second = open(&again, Tables::builtin()).unwrap();
    assert!(second.read_only().is_some(), "second console is read-only");
    let before = std::fs::read(&path).unwrap();
    second.on_key(key_event("n").unwrap());
    assert_eq!(std::fs::read(&path).unwrap(), before, "never two writers");
    assert!(second.message.as_ref().unwrap().text.contains("read-only"));
    drop(first);
}

#[test]
fn a_scenario_starts_a_new_save_and_a_save_continues_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("dogger.toml");
    std::fs::write(&scenario, cli::DEMO).unwrap();
    let options = PlayOptions {
        file: Some(scenario.clone()),
        save: None,
        keymap: None,
        data_dir: Some(dir.path().join("saves")),
    };
    let mut app = open(&options, Tables::builtin()).unwrap();
    let save = app.save_path.clone().unwrap();
    assert!(save.starts_with(dir.path().join("saves")));
    assert!(save
        .file_name()
        .unwrap()
        .to_string_lossy()
        .starts_with("dogger-"));
    app.on_key(key_event("n").unwrap());
    drop(app);
    assert_eq!(std::fs::read_to_string(&scenario).unwrap(), cli::DEMO);
    // Resume: the save continues where it stopped.
    let resume = PlayOptions {
        file: Some(save.clone()),
        ..options
    };
    let app = open(&resume, Tables::builtin()).unwrap();
    assert_eq!(app.save_path.as_deref(), Some(save.as_path()));
    assert_eq!(app.battle.game.entries().len(), 1);
    assert!(app.read_only().is_none());
}

#[test]
fn a_bad_keymap_file_is_reported_before_the_terminal_is_touched() {
    let dir = tempfile::tempdir().unwrap();
    let km = dir.path().join("keys.toml");
    std::fs::write(&km, "[keys]\nend_phase = [\"t\"]\n").unwrap();
    let err = tui::load_keymap(Some(Path::new(&km))).unwrap_err();
    assert!(err
        .message
        .contains("bound to both end_phase and next_turn"));
}

#[test]
fn the_due_panel_shows_a_delayed_effect_before_it_happens() {
    let mut d = demo();
    d.keys(&["n"]).command("fire valiant 9"); // SPEC 3.4: first damage at T+3, 1209 resolution
    d.command("until 1209 resolution");
    let s = d.screen(80, 24);
    assert!(s.contains("Due at end of 1209 resolution"), "{s}");
    assert!(s.contains("HMS Valiant: fire 9 %: 55 DP"), "{s}");
    assert_eq!(d.app.battle.game.state.ships[1].damage, 0, "not yet");
    d.keys(&["n"]);
    assert_eq!(
        d.app.battle.game.state.ships[1].damage, 55,
        "exactly what was announced"
    );
    let s = d.screen(80, 24);
    assert!(!s.contains("HMS Valiant: fire 9 %: 55 DP"), "{s}");
    // Pending hits are announced too.
    d.command("until 1212 movement").command("hit tiger 40");
    assert!(d
        .screen(80, 24)
        .contains("HMS Tiger: 1 hit to resolve: 40 DP"));
}

#[test]
fn the_detail_shows_damage_control_crews_helpers_and_magazines() {
    let mut d = demo();
    d.keys(&["n"]).command("fire hannover 14");
    d.command("crew hannover main")
        .command("assist s53 hannover");
    d.command("until 1203 plotting")
        .command("magazines hannover");
    d.keys(&["j", "j", "j", "j", "j", "j", "j"]); // Hannover
    let s = d.screen(160, 48);
    assert!(s.contains("DC: main crews at DC (-"), "{s}");
    assert!(s.contains("s53 assisting (-"), "{s}");
    assert!(s.contains("magazines flooded"), "{s}");
    assert!(s.contains("mags flooded"), "fleet status: {s}");
    d.assert_saved();
}

#[test]
fn after_the_battle_the_header_shows_the_repair_marks_and_the_detail_the_repairs() {
    let mut d = demo();
    d.keys(&["n"])
        .command("hit tiger 120")
        .command("crit tiger rudder");
    d.keys(&["n"]).confirmed("end-battle");
    let s = d.screen(120, 40);
    assert!(s.contains("after the battle: 6 h mark"), "{s}");
    assert!(s.contains("next 12 h"), "{s}");
    assert!(s.contains("Repair: "), "{s}");
    assert!(
        s.contains("repair roll 6 h"),
        "due list names the repair roll: {s}"
    );
    d.assert_saved();
}

#[test]
fn a_long_log_is_built_backwards_as_it_is_scrolled_or_searched() {
    let mut d = demo();
    for k in 0..600 {
        d.app.submit(&format!("note \"entry {k}\"")).unwrap();
    }
    d.app.rebuild_log(); // as when opening a long battle
    d.screen(80, 24); // the panel's height is known after a frame, as on a terminal
    assert!(d.app.log.rows.len() < 1200, "only the newest part is built");
    d.keys(&["/", "'entry 3'", "enter"]);
    let found = d.app.log.found.expect("found");
    assert!(
        d.app.log.rows[found].text.contains("entry 399"),
        "newest match first"
    );
    d.keys(&["esc", "l", "g"]);
    assert_eq!(d.app.log.rows.len(), 1200, "scrolled to the top: all built");
    assert!(d.app.log.rows[0].text.starts_with("#1 "));
    let s = d.screen(80, 24);
    assert!(s.contains("#1 1200 plotting note"), "{s}");
}

#[test]
fn a_save_replaced_underneath_is_never_written_and_the_screen_says_not_saved() {
    let mut d = demo();
    d.keys(&["n"]);
    let before = d.app.battle.game.state.clone();
    // Another program replaces the save while the dashboard runs.
    std::fs::remove_file(&d.path).unwrap();
    std::fs::write(&d.path, cli::DEMO).unwrap();
    d.keys(&["n"]);
    assert_eq!(d.app.battle.game.state, before, "nothing changed on screen");
    assert!(d.app.unsaved.is_some());
    let s = d.screen(80, 24);
    assert!(s.contains("NOT SAVED"), "{s}");
    assert_eq!(
        std::fs::read_to_string(&d.path).unwrap(),
        cli::DEMO,
        "the replacement is never written to"
    );
}

/// SPEC 10 (finding 7, 8, 2): the header shows queued dice and keeps its place as the phase
/// name changes; undo names the command it stepped over on the message line.
#[test]
fn header_shows_queued_dice_and_undo_names_its_command() {
    let mut d = demo();
    let first = d.screen(80, 24);
    let head = |s: &str| s.lines().next().unwrap().to_string();
    let mark_at = |s: &str| head(s).find("mark").unwrap();
    d.keys(&["n", "n"]);
    let later = d.screen(80, 24);
    assert!(head(&later).contains("planned fire"), "{}", head(&later));
    assert_eq!(mark_at(&first), mark_at(&later), "the header shifted");
    d.command("dice 5 2");
    let s = d.screen(80, 24);
    assert!(head(&s).contains("dice roll [5 2]"), "{}", head(&s));
    d.command("dice clear");
    assert!(!head(&d.screen(80, 24)).contains('['));
    d.command("hit moltke 60");
    d.keys(&["u"]);
    let msg = d
        .app
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(
        msg.contains("undo: stepped back over: hit moltke 60 (entered 1200 planned fire"),
        "{msg}"
    );
    d.keys(&["U"]);
    let msg = d
        .app
        .message
        .as_ref()
        .map(|m| m.text.clone())
        .unwrap_or_default();
    assert!(
        msg.contains("redo: stepped forward over: hit moltke 60"),
        "{msg}"
    );
    d.assert_saved();
}

/// SPEC 10 (finding 5): the dice mode is kept with the save (`dice ask` in its log, which the
/// rules ignore) and shown on reopen; undo steps back over the switch like any command.
#[test]
fn dice_mode_is_kept_with_the_save_and_shown_on_reopen() {
    let mut d = demo();
    d.keys(&["m"]);
    assert_eq!(d.app.dice_mode, DiceMode::Ask);
    let state_before = d.reloaded().game.state;
    assert_eq!(
        d.app.battle.game.entries().last().map(|e| e.cmd.as_str()),
        Some("dice ask")
    );
    d.assert_saved();
    // Quit (the writer and its lock go), then reopen: a new console on the same file.
    d.app.save = Save::ReadOnly("closed".into());
    let writer = SaveWriter::open(&d.path).unwrap();
    let battle = Battle::open(&d.path, Tables::builtin()).unwrap();
    assert_eq!(battle.game.state, state_before, "the rules ignore the mode");
    let mut again = App::new(
        battle,
        Save::Writer(writer),
        Some(d.path.clone()),
        Keymap::default(),
    );
    assert_eq!(again.dice_mode, DiceMode::Ask);
    let s = screen_common::screen(&mut again, 80, 24);
    assert!(s.lines().next().unwrap().contains("dice ASK"), "{s}");
    assert!(s.contains("as this battle was left"), "{s}");
    screen_common::press(&mut again, &["m"]);
    assert_eq!(again.dice_mode, DiceMode::Roll);
    screen_common::press(&mut again, &["u"]);
    assert_eq!(
        again.dice_mode,
        DiceMode::Ask,
        "undo steps back over the switch"
    );
}

/// SPEC 10 (finding 2): at 80x24 what the panels cut with "…" is whole in one key: `L` the log
/// full screen (every line wrapped, scrollable), `v` the ship's detail and the due list.
#[test]
fn at_80x24_the_log_and_the_detail_open_full_screen_with_nothing_cut() {
    let mut d = demo();
    busy(&mut d);
    d.keys(&["j"]); // Valiant, burning: orders and timers
    let panels = d.screen(80, 24);
    assert!(panels.contains('…'), "the panels cut something: {panels}");
    d.keys(&["L"]);
    let log = d.screen(80, 24);
    insta::assert_snapshot!("log_view_80x24", log);
    let body: Vec<&str> = log.lines().skip(2).take(20).collect();
    assert!(!body.iter().any(|l| l.contains('…')), "{log}");
    // Every row of the panel's log is in the view, whole (scroll back to see the oldest).
    d.keys(&["g"]);
    let oldest = d.screen(80, 24);
    assert!(oldest.contains("end of 1200 plotting"), "{oldest}");
    d.keys(&["esc"]);
    assert!(matches!(d.app.mode, Mode::Normal));
    d.keys(&["v"]);
    let detail = d.screen(80, 24);
    insta::assert_snapshot!("detail_view_80x24", detail);
    assert!(detail.contains("Timers"), "{detail}");
    assert!(detail.contains("Due at end of"), "{detail}");
    d.keys(&["j", "j", "j"]);
    assert!(matches!(d.app.mode, Mode::DetailView { scroll: 3 }));
    d.keys(&["v"]);
    assert!(matches!(d.app.mode, Mode::Normal));
}

/// SPEC 10 (finding 6): a form checks as it is typed (a hit opened in the plotting phase says
/// so at once, before Enter) and keeps what was typed after Esc until it is submitted.
#[test]
fn forms_check_as_typed_and_keep_their_fields_after_esc() {
    let mut d = demo();
    d.keys(&["d"]); // plotting phase: no combat
    let Mode::Form(form) = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    assert!(
        form.error.as_deref().unwrap_or("").contains("plotting"),
        "{:?}",
        form.error
    );
    d.keys(&["esc", "n", "n", "d"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    assert_eq!(form.error, None, "planned fire: a hit is fine");
    d.keys(&["'200000'"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    assert!(
        form.error
            .as_deref()
            .unwrap_or("")
            .contains("more than any weapon"),
        "{:?}",
        form.error
    );
    d.keys(&[
        "backspace",
        "backspace",
        "backspace",
        "backspace",
        "tab",
        "right",
    ]);
    d.keys(&["esc"]);
    assert!(matches!(d.app.mode, Mode::Normal));
    // Esc kept it: the same key on the same ship opens it as left.
    d.keys(&["d"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    assert_eq!(form.command().unwrap(), "hit tiger 20 nopen");
    d.keys(&["enter"]);
    assert!(matches!(d.app.mode, Mode::Normal), "{:?}", d.app.message);
    // Submitted: the next form starts empty.
    d.keys(&["d"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    assert!(form.command().is_err(), "a fresh form");
    d.keys(&["esc"]);
    d.assert_saved();
}

/// SPEC 10 (finding 10): the help lists every command of the language and says it scrolls.
#[test]
fn help_lists_every_command_and_says_it_scrolls() {
    let mut d = demo();
    d.keys(&["?"]);
    let mut seen = String::new();
    for _ in 0..12 {
        seen.push_str(&d.screen(80, 24));
        d.keys(&["pgdn"]);
    }
    assert!(seen.contains("Help — j k ↑↓ PgUp PgDn scroll"), "{seen}");
    for (name, _) in umpire::rulesets::fgdn::command::COMMANDS {
        assert!(
            seen.contains(&format!("  {name}")),
            "{name} missing from the help"
        );
    }
}

// ---------------------------------------------------------------- slips are caught (SPEC 10)

/// A walk of more than an hour asks first, saying how far, the turns and marks crossed and the
/// timers the schedule fires on the way (SPEC 10); the question fits 80x24 and reads without
/// colour.
#[test]
fn snapshot_a_long_walk_asks_first_at_80x24() {
    let mut d = demo();
    d.keys(&["n"])
        .command("fire valiant 9")
        .command("flood hannover 14");
    d.keys(&[":", "'until 1430'", "enter"]);
    let Mode::Confirm(c) = &d.app.mode else {
        panic!("until 1430 asks first: {:?}", d.app.mode)
    };
    assert_eq!(c.title, "Walk 2 h 30 min of game time?");
    d.app.theme = Theme { color: false };
    let s = d.screen(80, 24);
    insta::assert_snapshot!("confirm_walk_80x24", s);
    screen_common::assert_shows(
        &s,
        &[
            "from 1200 movement (day 1) to 1430 plotting (day 1)",
            "crosses 50 turns and 5 intermediate marks",
            "HMS Valiant: ",
            "fire damage",
            "damage-control roll",
            "y or Enter: do it    n or Esc: back, nothing changes",
        ],
        &[],
    );
}

/// Yes runs the command as typed; no (or Esc) changes nothing, in the screen and in the save,
/// and gives the prompt back with the command typed.
#[test]
fn a_confirmed_walk_runs_and_a_cancelled_one_changes_nothing_and_keeps_the_command() {
    let mut d = demo();
    let entries = d.reloaded().game.entries().len();
    for no in ["n", "esc", "ctrl-c"] {
        d.keys(&[":", "'until 1430'", "enter"]);
        assert!(matches!(d.app.mode, Mode::Confirm(_)), "{no}");
        d.keys(&["x"]); // any other key asks again
        assert!(matches!(d.app.mode, Mode::Confirm(_)), "{no}");
        d.keys(&[no]);
        let Mode::Prompt { edit, .. } = &d.app.mode else {
            panic!("{no}: back to the prompt: {:?}", d.app.mode)
        };
        assert_eq!(edit.text, "until 1430", "{no}: the command is kept");
        assert_eq!(
            d.reloaded().game.entries().len(),
            entries,
            "{no}: nothing saved"
        );
        assert_eq!(d.app.battle.game.state.clock.label(), "1200");
        d.keys(&["esc"]);
    }
    // Enter at the prompt given back asks again; y runs it.
    d.keys(&[":", "'until 1430'", "enter", "enter"]);
    assert!(matches!(d.app.mode, Mode::Normal));
    assert_eq!(d.app.battle.game.state.clock.label(), "1430");
    d.assert_saved();
    let last = d.reloaded().game.entries().last().unwrap().cmd.clone();
    assert_eq!(last, "until 1430");
    // Within the hour nothing is asked.
    d.command("until 1530");
    assert_eq!(d.app.battle.game.state.clock.label(), "1530");
}

/// The hit form's command asks too (one command path); cancelling gives the form back as it
/// was, and a hit within the DP left is not asked.
#[test]
fn a_hit_larger_than_the_dp_left_asks_from_the_form_and_the_prompt() {
    let mut d = demo();
    d.keys(&["n", "d", "'999'", "enter"]);
    let Mode::Confirm(c) = &d.app.mode else {
        panic!("asks first: {:?}", d.app.mode)
    };
    assert_eq!(c.title, "A hit larger than HMS Tiger's DP left?");
    assert!(c.lines[0].contains("HMS Tiger has 501 DP left of 501; this hit is 999 DP"));
    d.keys(&["esc"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("back to the form: {:?}", d.app.mode)
    };
    assert_eq!(form.command().unwrap(), "hit tiger 999");
    d.keys(&["enter", "y"]);
    assert!(matches!(d.app.mode, Mode::Normal), "{:?}", d.app.mode);
    assert_eq!(d.app.battle.game.state.ships[0].pending.len(), 1);
    d.command("hit tiger 501"); // not larger: not asked
    d.keys(&[":", "'hit wakeful 40'", "enter"]);
    let Mode::Confirm(c) = &d.app.mode else {
        panic!("asks first: {:?}", d.app.mode)
    };
    assert!(c
        .lines
        .iter()
        .any(|l| l.contains("left at 0 DP and sinks (8.1, 8.1.8)")));
    d.keys(&["n"]);
    d.assert_saved();
}

/// `end-battle` and `adjust` ask, saying what they do; scripts are never asked.
#[test]
fn end_battle_and_adjust_ask_first_and_scripts_are_not_asked() {
    let mut d = demo();
    d.keys(&[":", "'adjust tiger damage 50 \"collision\"'", "enter"]);
    let Mode::Confirm(c) = &d.app.mode else {
        panic!("asks first: {:?}", d.app.mode)
    };
    assert_eq!(c.title, "Override the record?");
    assert!(c
        .lines
        .iter()
        .any(|l| l.contains("umpire sets damage 0 -> 50")));
    assert!(c.lines.iter().any(|l| l == "DP left 501 -> 451"));
    d.keys(&["y"]);
    assert_eq!(d.app.battle.game.state.ships[0].damage, 50);
    d.keys(&[":", "'end-battle'", "enter"]);
    let Mode::Confirm(c) = &d.app.mode else {
        panic!("asks first: {:?}", d.app.mode)
    };
    assert_eq!(c.title, "End the battle?");
    assert!(c.lines[0].starts_with("the battle ends at 1200 (day 1)"));
    d.keys(&["n"]);
    assert!(d.app.battle.game.state.post_battle.is_none());
    d.assert_saved();
    // The same commands through `umpire run`: no question.
    let copy = d.path.with_file_name("slips.toml");
    std::fs::write(&copy, cli::DEMO).unwrap();
    let script = d.path.with_file_name("slips.umpire");
    std::fs::write(
        &script,
        "until 1430 movement\nadjust tiger damage 60 \"x\"\nhit tiger 9999\nnext\nend-battle\n",
    )
    .unwrap();
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_umpire"))
        .arg("run")
        .arg(&copy)
        .arg("--script")
        .arg(&script)
        .env("NO_COLOR", "1")
        .env("XDG_CONFIG_HOME", "/nonexistent-umpire-test-config")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

// ---------------------------------------------------------------- the hit-chance form (SPEC 3.9)

/// `%` opens the gun hit-chance calculator for the selected ship: the target preselected (the
/// first enemy), her size and the battle's sea state filled in, every modifier of the table with
/// where it applies, and the answer (base, each modifier, the final chance).
#[test]
fn snapshot_the_hit_chance_form_at_80x24_and_160x48() {
    let mut d = demo();
    // Long range, not being fired on, two ships above the overconcentration limit.
    d.keys(&["%", "down", "down", "right", "right"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("% opens a form: {:?}", d.app.mode)
    };
    assert_eq!(form.title(), "Hit chance: HMS Tiger firing");
    let n = form.fields.len();
    let over = form
        .fields
        .iter()
        .position(|f| f.keyword == "overconcentration")
        .unwrap();
    let fired_on = form
        .fields
        .iter()
        .position(|f| f.keyword == "mod not_fired_on")
        .unwrap();
    assert!(over < n && fired_on < n);
    d.app.theme = Theme { color: false };
    for _ in 2..fired_on {
        d.keys(&["down"]);
    }
    d.keys(&["y"]);
    for _ in fired_on..over {
        d.keys(&["down"]);
    }
    d.keys(&["'2'"]);
    let s = d.screen(80, 24);
    insta::assert_snapshot!("hit_chance_80x24", s);
    screen_common::assert_shows(
        &s,
        &[
            "Hit chance: HMS Tiger firing",
            "HMS Tiger at SMS Moltke (size A); battle sea state 3",
            "-1 per ship; long, extreme range; GS1",
            "base chance",
        ],
        &[],
    );
    let wide = d.screen(160, 48);
    insta::assert_snapshot!("hit_chance_160x48", wide);
    screen_common::assert_shows(
        &wide,
        &[
            "  10 %  base chance",
            "Firing ship is not being fired on",
            "Overconcentration, per ship above limit (2 ships)",
            "chance to hit",
            "mod not_fired_on overconcentration 2",
        ],
        &[],
    );
}

/// Enter records the chance in the log through the `chance` command; with "roll" the salvo's
/// D100 is rolled with its purpose; a modifier the band or standard refuses says why at once;
/// Esc keeps the form as it was; another target is chosen with ← →; no fire possible is said.
#[test]
fn the_hit_chance_form_logs_the_chance_and_rolls_the_salvo() {
    let mut d = demo();
    d.keys(&["%"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    let at = |k: &str| form.fields.iter().position(|f| f.keyword == k).unwrap();
    let (local, roll, sea) = (at("mod local_control"), at("roll"), at("sea-state"));
    // local control is GS2 only: said at once.
    for _ in 0..local {
        d.keys(&["down"]);
    }
    d.keys(&["y"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    let e = form.error.clone().unwrap_or_default();
    assert!(e.contains("applies to GS2 guns only"), "{e}");
    d.keys(&["n"]); // back to "no"
                    // Esc keeps it; % opens it as it was.
    d.keys(&["esc", "%"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    assert_eq!(form.focus, local);
    // Roll the salvo's D100 (queued: 5, a hit at 5 %+).
    for _ in local..roll {
        d.keys(&["down"]);
    }
    d.keys(&["y"]);
    d.keys(&["esc"]);
    d.command("dice 5");
    d.keys(&["%"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("{:?}", d.app.mode)
    };
    assert_eq!(form.focus, roll, "kept after another command");
    d.keys(&["enter"]);
    assert!(matches!(d.app.mode, Mode::Normal), "{:?}", d.app.mode);
    let last = d.reloaded().game.entries().last().unwrap().clone();
    assert_eq!(
        last.cmd,
        "chance gs 1 range short target moltke firer tiger sea-state 3 roll"
    );
    let log = d.screen(160, 48);
    assert!(
        log.contains("HMS Tiger fires at SMS Moltke: hit chance GS1 short"),
        "{log}"
    );
    assert!(log.contains("D100 5: HIT"), "{log}");
    d.assert_saved();
    // Sea state 7 at a size A target: no fire possible, and no die.
    d.keys(&["%"]);
    for _ in 0..sea {
        d.keys(&["down"]);
    }
    d.keys(&["backspace", "'7'"]);
    let s = d.screen(80, 24);
    assert!(s.contains("NO FIRE POSSIBLE"), "{s}");
    // Another target: ← → on the first field.
    d.keys(&["home"]);
    let Mode::Form(form) = &mut d.app.mode else {
        panic!()
    };
    form.focus = 0;
    d.keys(&["right"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!()
    };
    assert!(form
        .command()
        .unwrap()
        .starts_with("chance target kaiser firer tiger"));
}

/// FG&DN 8.1.4, 8.3: a submarine's row reads her depth, her detail her state, and her hit form
/// asks for the underwater attack.
#[test]
fn a_submarine_shows_her_depth_and_state() {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/submarine_damage.toml"),
    )
    .unwrap();
    let mut d = demo_with(&text);
    d.command("depth u9 shallow speed 4")
        .command("dice 2")
        .command("crit u9 battery");
    let s = d.screen(160, 48);
    screen_common::assert_shows(
        &s,
        &[
            "Shallow",
            "Depth: Shallow, 4 kt",
            "Battery: 10 % of submerged endurance lost",
        ],
        &[],
    );
    d.keys(&["d"]);
    let s = d.screen(160, 48);
    screen_common::assert_shows(&s, &["Attack (submerged)"], &[]);
    d.keys(&["esc"]);
    d.assert_saved();
}

/// FG&DN 8.1, 8.7, 8.8: the fleet table shows a flight by its aircraft in play of those it
/// started with and an airship by the gas left (cells not ruptured), not "DP 1/1"; ships keep
/// their DP bar.
#[test]
fn fleet_shows_a_flight_by_aircraft_and_an_airship_by_gas() {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/aviation.toml"))
            .unwrap();
    let mut d = demo_with(&text);
    let s = d.screen(120, 30);
    screen_common::assert_shows(&s, &["4/4 aircraft", "gas 100%", " 300/300"], &["   1/1"]);
    d.command("until 0400 planned_fire")
        .command("dice 1")
        .command("plane pups")
        .command("dice 8 1")
        .command("airship l54 envelope");
    let s = d.screen(120, 30);
    // One aircraft destroyed (8.7 D10 1); one of 18 cells ruptured: 5 % lost, 95 % left.
    screen_common::assert_shows(&s, &["3/4 aircraft", "gas 95%", "aloft"], &["4/4 aircraft"]);
    let v = d
        .app
        .battle
        .game
        .state
        .ships
        .iter()
        .position(|s| s.id() == "pups")
        .unwrap();
    let view = umpire::rulesets::fgdn::status::ship_view(
        &d.app.battle.game.state,
        &d.app.battle.game.tables,
        &d.app.battle.game.state.ships[v],
    );
    assert_eq!(view.strength().unwrap().text, "3/4 aircraft");
}

/// Issue 11: every colour and modifier of the dashboard (snapshots carry no colour), kept
/// exactly as the panels are drawn from the ruleset's screen model: the fleet with its DP
/// bars, severities and statuses, a sinking and a sunk ship selected, the detail and due
/// panels, the header, the log, and the full-screen log and detail views.
#[test]
fn the_dashboards_colours_stay_as_they_were() {
    let styles = |d: &mut Dash, w, h| screen_common::styles(d.draw(w, h).backend().buffer());
    let mut d = demo();
    insta::assert_snapshot!("colours_demo_80x24", styles(&mut d, 80, 24));
    busy(&mut d);
    d.keys(&["j"]);
    insta::assert_snapshot!("colours_busy_80x24", styles(&mut d, 80, 24));
    insta::assert_snapshot!("colours_busy_160x48", styles(&mut d, 160, 48));
    d.keys(&["j", "j"]);
    insta::assert_snapshot!("colours_busy_hannover_160x48", styles(&mut d, 160, 48));
    d.keys(&["L"]);
    insta::assert_snapshot!("colours_log_view_80x24", styles(&mut d, 80, 24));
    d.keys(&["esc", "v"]);
    insta::assert_snapshot!("colours_detail_view_80x24", styles(&mut d, 80, 24));
    d.keys(&["esc"]);
    let mut d = demo();
    d.keys(&["n"]);
    d.confirmed("hit wakeful 80").command("dice 3");
    d.keys(&["n", "j", "j"]);
    insta::assert_snapshot!("colours_sinking_80x24", styles(&mut d, 80, 24));
    d.command("until 1230 planned_fire");
    insta::assert_snapshot!("colours_sunk_160x48", styles(&mut d, 160, 48));
}

/// Tab at the prompt (`tui::edit::complete`, shared with the other rulesets' dashboard): a
/// command completes and its usage is the hint; then ship ids, a crit's kinds and the option
/// words; several candidates are listed and completed to their common start; nothing that
/// completes is an error that leaves the line as typed.
#[test]
fn tab_completes_commands_ships_kinds_and_option_words() {
    let prompt = |d: &Dash| match &d.app.mode {
        Mode::Prompt {
            edit, hint, error, ..
        } => (edit.text.clone(), hint.clone(), error.clone()),
        m => panic!("not at the prompt: {m:?}"),
    };
    let mut d = demo();
    d.keys(&[":", "'cri'", "tab"]);
    let (text, hint, error) = prompt(&d);
    assert_eq!(text, "crit ");
    assert!(hint.is_some_and(|h| h.starts_with("crit ")), "usage");
    assert_eq!(error, None);
    d.keys(&["'ti'", "tab", "'engi'", "tab"]);
    assert_eq!(prompt(&d).0, "crit tiger engineering ");
    d.keys(&["ctrl-u", "'hit w'", "tab"]);
    let (text, hint, _) = prompt(&d);
    assert_eq!(text, "hit w");
    assert_eq!(hint.as_deref(), Some("wakeful whitley weapon"));
    d.keys(&["'zz'", "tab"]);
    let (text, hint, error) = prompt(&d);
    assert_eq!(text, "hit wzz");
    assert_eq!(hint, None);
    assert_eq!(error.as_deref(), Some("nothing completes \"wzz\""));
}

/// A terminal reads Esc followed quickly by a key as Alt+key (a fast umpire, a slow SSH link):
/// the dashboard takes it as Esc and then the key.
#[test]
fn alt_and_a_key_is_esc_then_the_key() {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut d = demo();
    d.keys(&[":", "'no'"]);
    d.app
        .on_key(KeyEvent::new(KeyCode::Char('n'), KeyModifiers::ALT));
    assert!(matches!(d.app.mode, Mode::Normal));
    let saved = std::fs::read_to_string(&d.path).unwrap();
    assert!(saved.contains("\"cmd\":\"next\""), "{saved}");
}

/// Issue 11, one dashboard: FG&DN's forms are the keymap's actions (`Board::FORMS_ON_KEYMAP`),
/// so a user's keymap moves them; the hit-chance calculator is FG&DN's own form, drawn by it.
#[test]
fn fgdns_forms_follow_the_users_keymap() {
    let mut d = demo();
    d.app.keymap =
        Keymap::with_overrides("mine.toml", "[keys]\nhit = [\"H\"]\nsearch = [\"d\"]\n").unwrap();
    d.keys(&["H"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("H opens the hit form: {:?}", d.app.mode)
    };
    assert_eq!(form.title(), "Hit on HMS Tiger");
    d.keys(&["esc", "d"]);
    assert!(matches!(d.app.mode, Mode::Search(_)), "{:?}", d.app.mode);
    d.keys(&["esc", "%"]);
    let Mode::Form(form) = &d.app.mode else {
        panic!("% opens the calculator: {:?}", d.app.mode)
    };
    assert_eq!(form.title(), "Hit chance: HMS Tiger firing");
    assert!(d.app.own_forms.iter().any(|f| f.kind == form.kind));
}
