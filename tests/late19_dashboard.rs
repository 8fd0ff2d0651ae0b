//! SPEC 8: a late-19th-century naval battle (`late19-naval`) in the dashboard written once for
//! every ruleset (`tui::board`, drawn from `rulesets::late19::board`): its ship log on screen
//! (FP left of FP, critical point, guns, torpedoes, minor damage, orders), the guns and torpedo
//! forms, the chart read asked on screen, review and a side's watch. Every command is in the
//! save on disk before the screen shows it.
mod board_common;
mod screen_common;

use board_common::{Sunk, TestBoard};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use screen_common::{assert_shows, buffer_text};
use umpire::core::dice::Provenance;
use umpire::core::ruleset::Rules;
use umpire::rulesets::late19::game::Late19;
use umpire::rulesets::late19::Tables;
use umpire::session;
use umpire::tui::keymap::Keymap;
use umpire::tui::theme::Theme;

type Board = TestBoard<Late19>;

fn tables() -> Tables {
    Tables::builtin().unwrap()
}

/// The demo, saved to a fresh file and opened under the writer's lock.
fn board() -> Board {
    TestBoard::open(session::DEMO_LATE19, tables())
}

#[test]
fn the_late19_dashboard_shows_its_ship_log_at_80x24_and_160x48() {
    let mut b = board();
    let small = b.screen(80, 24);
    assert_shows(
        &small,
        &[
            "Turn 1 · guns step",
            "FP",
            "CP",
            "Dingyuan",
            "16/16",
            "IC/CDB",
        ],
        &["DP", "Flood", "SI"],
    );
    insta::assert_snapshot!("late19_demo_80x24", small);
    insta::assert_snapshot!("late19_demo_160x48", b.screen(160, 48));
}

#[test]
fn the_guns_form_builds_the_salvo_and_the_hits_land_on_screen_and_on_disk() {
    let mut b = board();
    b.press(&[":", "'dice 6 6 5 3 6 5 4 6'", "enter"]);
    // Dingyuan (the first ship) fires: target cycles through the fleet to Akagi (the 7th
    // other ship), main armament, direct line-of-sight.
    b.press(&["f"]);
    for _ in 0..7 {
        b.press(&["right"]);
    }
    b.press(&["tab", "tab", "tab", "tab", "right"]);
    let form = b.screen(100, 30);
    assert!(form.contains("= guns dingyuan at akagi main los"), "{form}");
    b.press(&["enter"]);
    let shown = b.screen(160, 48);
    assert_shows(
        &shown,
        &[
            "Dingyuan fires her main armament (heavy guns) at Akagi",
            "SINKING",
        ],
        &[],
    );
    let disk = b.on_disk();
    assert_eq!(disk.game.state, b.app.battle.game.state);
    let akagi = disk.game.state.rules.ship("akagi").unwrap();
    assert_eq!(akagi.fp_lost, 6);
}

#[test]
fn the_unknown_hit_cell_is_asked_on_screen_and_logged_as_typed() {
    let mut b = board();
    b.press(&["n"]);
    // Matsushima (the fifth ship) fires a torpedo at Fulong, a torpedo boat: torpedoes on a
    // torpedo boat is the one cell the text does not show.
    b.press(&[":", "'dice 5 1 1 4'", "enter"]);
    b.press(&[":", "'torpedo matsushima at fulong'", "enter"]);
    let asked = b.screen(120, 30);
    assert!(
        asked.contains("Resolving hits on Ships, torpedoes on a Torpedo Boat, die score 4"),
        "{asked}"
    );
    assert_eq!(
        b.on_disk().game.entries().len(),
        2,
        "nothing saved while asking"
    );
    b.press(&["'2'", "enter"]);
    let disk = b.on_disk();
    let reads: Vec<(String, Provenance)> = disk
        .game
        .entries()
        .iter()
        .flat_map(|e| e.events.iter().filter_map(Late19::charted))
        .collect();
    assert_eq!(reads, vec![("2".to_string(), Provenance::Typed)]);
    assert!(b.screen(160, 48).contains("BREAK OFF"));
}

#[test]
fn review_and_a_sides_watch_follow_the_fog_reading() {
    let mut b = board();
    b.press(&[":", "'dice 6 6 6 6 6 6 6 6'", "enter"]);
    b.press(&[":", "'guns dingyuan at yoshino main'", "enter"]);
    let mut app = umpire::tui::board::open_review::<Late19>(
        &b.path,
        tables(),
        Keymap::default(),
        Some("start"),
    )
    .unwrap();
    app.theme = Theme { color: false };
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    assert!(buffer_text(t.backend().buffer()).contains("REVIEW 0/2"));
    let (mut w, _follower) = umpire::tui::board::open_watch::<Late19>(
        &b.path,
        Some("beiyang"),
        tables(),
        Keymap::default(),
    )
    .unwrap();
    w.theme = Theme { color: false };
    let mut t = Terminal::new(TestBackend::new(160, 40)).unwrap();
    t.draw(|f| w.draw(f)).unwrap();
    let seen = buffer_text(t.backend().buffer());
    // Yoshino is Japanese: Beiyang sees her type and her orders, not her FP left.
    assert_shows(&seen, &["WATCH Beiyang", "?/12", "BREAK OFF"], &["4/12"]);
}

/// Tab at the prompt of the dashboard every ruleset shares (as FG&DN's): a command completes
/// with its usage on the message line, then a ship, then a keyword of that command's usage;
/// several candidates are listed; a word nothing completes says so and the line stays.
#[test]
fn tab_completes_commands_ships_and_the_commands_keywords() {
    let mut b = board();
    b.press(&[":", "'gu'", "tab"]);
    let s = b.screen(120, 30);
    assert_shows(&s, &["guns SHIP at TARGET main|secondary"], &[]);
    b.press(&["'din'", "tab", "'at jing'", "tab", "'m'", "tab"]);
    // A ship and two keywords start with "m": all three are listed.
    assert_shows(&b.screen(120, 30), &["matsushima main moved"], &[]);
    b.press(&["'ai'", "tab"]);
    assert_shows(
        &b.screen(120, 30),
        &["guns dingyuan at jingyuan main "],
        &[],
    );
    b.press(&["'zz'", "tab"]);
    assert_shows(
        &b.screen(120, 30),
        &[
            "nothing completes \"zz\"",
            "guns dingyuan at jingyuan main zz",
        ],
        &[],
    );
    b.press(&["ctrl-u", "'t'", "tab"]);
    assert_shows(&b.screen(120, 30), &["torpedo trade turn"], &[]);
}

/// SPEC 10: a sunk ship's row reads when she sank and her detail when and why. Three heavy
/// hits from Dingyuan take Akagi (a gunboat, 6 FP) to 0 FP: she sinks (rule c) and is removed
/// at the end of the torpedo step. The status JSON gives `sunk_at` and `sunk_by`; undo clears
/// them; the save on disk, replayed, is the live battle at every step.
#[test]
fn a_sunk_ships_row_and_detail_say_when_and_why_rule_c() {
    let mut b = board();
    b.press(&[":", "'dice 6 6 6'", "enter"]);
    for _ in 0..3 {
        b.press(&[":", "'hit akagi by heavy from dingyuan'", "enter"]);
    }
    b.press(&["n", "n"]);
    let sunk = Sunk {
        ship: (7, "akagi"),
        phase: "torpedoes step",
        why: "reduced to 0 FP by heavy guns from Dingyuan (rule c)",
        cell: 8,
        row: "SUNK t1",
        // Undo the end of the torpedo step: she is sinking again, not yet sunk.
        before: ("sinking", "SINKING"),
    };
    board_common::sunk_in_turn_1_then_undone(&mut b, &sunk);
}
