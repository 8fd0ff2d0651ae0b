//! SPEC 8: a Quickfire 1.1 battle (`quickfire-1.1`) in the dashboard written once for every
//! ruleset (`tui::board`, drawn from `rulesets::quickfire::board`): its ship log on screen
//! (size, gunnery and armor, ROF and the "1st" box, speed and the turning limit, torpedo,
//! repair, the Blast Hits box), the gunnery form, a chart read asked on screen, review and a
//! side's watch. Every command is in the save on disk before the screen shows it.
mod board_common;
mod screen_common;

use board_common::{Sunk, TestBoard};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use screen_common::{assert_shows, buffer_text};
use umpire::core::dice::Provenance;
use umpire::core::ruleset::Rules;
use umpire::rulesets::quickfire::game::Quickfire;
use umpire::rulesets::quickfire::Tables;
use umpire::session;
use umpire::tui::keymap::Keymap;
use umpire::tui::theme::Theme;

type Board = TestBoard<Quickfire>;

fn tables() -> Tables {
    Tables::builtin().unwrap()
}

/// The demo, saved to a fresh file and opened under the writer's lock.
fn board() -> Board {
    TestBoard::open(session::DEMO_QUICKFIRE, tables())
}

#[test]
fn the_quickfire_dashboard_shows_its_ship_log_at_80x24_and_160x48() {
    let mut b = board();
    let small = b.screen(80, 24);
    assert_shows(
        &small,
        &[
            "Turn 1 · Conduct Movement",
            "ROF",
            "Mikasa",
            "5-6",
            "Blast hits",
            "20-10",
        ],
        &["DP", "Flood", "SI"],
    );
    insta::assert_snapshot!("quickfire_demo_80x24", small);
    insta::assert_snapshot!("quickfire_demo_160x48", b.screen(160, 48));
}

/// « 3.0 Example #1 from the keyboard: Mikasa's 4,1,3 at Borodino (the fourth ship); the blast
/// check is a chart read asked on screen with its chart and line, and logged as typed.
#[test]
fn the_gunnery_form_fires_a_chart_read_is_asked_and_the_hits_land_at_the_phase_end() {
    let mut b = board();
    b.press(&["n"]);
    b.press(&[":", "'dice 4 1 3'", "enter"]);
    // Mikasa (the first ship): target cycles to Borodino (the fourth ship), heavy, long.
    b.press(&["f", "right", "right", "right"]);
    let form = b.screen(100, 30);
    assert!(
        form.contains("= fire mikasa at borodino heavy long"),
        "{form}"
    );
    b.press(&["enter"]);
    let asked = b.screen(120, 30);
    assert!(
        asked.contains("Blast Damage table, Long line, roll 8"),
        "{asked}"
    );
    assert_eq!(
        b.on_disk().game.entries().len(),
        2,
        "nothing saved while asking"
    );
    b.press(&["'n/e'", "enter"]);
    let disk = b.on_disk();
    let reads: Vec<(String, Provenance)> = disk
        .game
        .entries()
        .iter()
        .flat_map(|e| e.events.iter().filter_map(Quickfire::charted))
        .collect();
    assert_eq!(reads, vec![("n/e".to_string(), Provenance::Typed)]);
    let shown = b.screen(160, 48);
    assert_shows(&shown, &["Mikasa heavy fire at Borodino", "2 mark"], &[]);
    b.press(&["n"]);
    let shown = b.screen(160, 48);
    assert_shows(&shown, &["4.125"], &["2 mark"]);
    let disk = b.on_disk();
    assert_eq!(disk.game.state, b.app.battle.game.state);
    assert_eq!(
        disk.game
            .state
            .rules
            .ship("borodino")
            .unwrap()
            .boxes_crossed(),
        2
    );
}

#[test]
fn review_and_a_sides_watch_follow_the_fog_reading() {
    let mut b = board();
    b.press(&[":", "'damage borodino S F'", "enter"]);
    let mut app = umpire::tui::board::open_review::<Quickfire>(
        &b.path,
        tables(),
        Keymap::default(),
        Some("start"),
    )
    .unwrap();
    app.theme = Theme { color: false };
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    assert!(buffer_text(t.backend().buffer()).contains("REVIEW 0/1"));
    let (mut w, _follower) = umpire::tui::board::open_watch::<Quickfire>(
        &b.path,
        Some("japan"),
        tables(),
        Keymap::default(),
    )
    .unwrap();
    w.theme = Theme { color: false };
    let mut t = Terminal::new(TestBackend::new(160, 40)).unwrap();
    t.draw(|f| w.draw(f)).unwrap();
    let seen = buffer_text(t.backend().buffer());
    // Borodino is Russian: Japan sees her size, not her speed or her fire.
    assert_shows(&seen, &["WATCH Japan", "?"], &["4.8125"]);
    let (mut w, _follower) = umpire::tui::board::open_watch::<Quickfire>(
        &b.path,
        Some("russia"),
        tables(),
        Keymap::default(),
    )
    .unwrap();
    w.theme = Theme { color: false };
    let mut t = Terminal::new(TestBackend::new(160, 40)).unwrap();
    t.draw(|f| w.draw(f)).unwrap();
    assert_shows(&buffer_text(t.backend().buffer()), &["4.8125"], &[]);
}

/// SPEC 10: a sunk ship's row reads when she sank and her detail when and why. The Dupuy de
/// Lome (size 7, the « 4.3 example's ship) at zero speed after eight unrepairable S hits sinks
/// on 2-6 (the size-7 number derived from the example): 2D6 3+3 at the end of Check for
/// Sinking. The status JSON gives `sunk_at` and `sunk_by`; undo clears them; the save on disk,
/// replayed, is the live battle at every step.
#[test]
fn a_sunk_ships_row_and_detail_say_when_and_why_4_3() {
    let mut b =
        TestBoard::<Quickfire>::open(include_str!("scenarios/quickfire_damage.toml"), tables());
    b.press(&[":", "'damage dupuy S S S S S S S S unrepairable'", "enter"]);
    b.press(&[":", "'until 1 sinking'", "enter"]);
    b.press(&[":", "'dice 3 3'", "enter"]);
    b.press(&["n"]);
    let sunk = Sunk {
        ship: (3, "dupuy"),
        phase: "Check for Sinking",
        why: "at zero speed, sinking roll 2D6 6: sinks on 6 or less (« 4.3)",
        cell: 8,
        row: "SUNK t1",
        // Undo the end of Check for Sinking: at zero speed again, not sunk.
        before: ("at_risk", "0 SPEED"),
    };
    board_common::sunk_in_turn_1_then_undone(&mut b, &sunk);
}
