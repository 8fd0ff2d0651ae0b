//! SPEC 8: an A&A fast-play battle (`aage-qr-2020`) in the dashboard written once for every
//! ruleset (`tui::board`, drawn from `rulesets::aage::board`): its ship record on screen (type,
//! crew, speed, damage by location, fires and floods, criticals, splash markers, state), the
//! gunfire form, the 5.2 chart read asked on screen, review and a side's watch. Every command
//! is in the save on disk before the screen shows it.
mod board_common;
mod screen_common;

use board_common::{Sunk, TestBoard};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use screen_common::{assert_shows, buffer_text};
use umpire::core::dice::Provenance;
use umpire::core::ruleset::Rules;
use umpire::rulesets::aage::game::Aage;
use umpire::rulesets::aage::Tables;
use umpire::session;
use umpire::tui::keymap::Keymap;
use umpire::tui::theme::Theme;

type Board = TestBoard<Aage>;

fn tables() -> Tables {
    Tables::builtin().unwrap()
}

/// The demo, saved to a fresh file and opened under the writer's lock.
fn board() -> Board {
    TestBoard::open(session::DEMO_AAGE, tables())
}

#[test]
fn the_aage_dashboard_shows_its_ship_record_at_80x24_and_160x48() {
    let mut b = board();
    let small = b.screen(80, 24);
    assert_shows(
        &small,
        &[
            "Turn 1 · ongoing damage · Moderate",
            "Hull",
            "Crew",
            "Mikasa",
            "Sup",
        ],
        &["FP", "SI", "DP"],
    );
    insta::assert_snapshot!("aage_demo_80x24", small);
    insta::assert_snapshot!("aage_demo_160x48", b.screen(160, 48));
}

#[test]
fn the_gunfire_form_asks_the_5_2_cell_and_the_hits_land_on_screen_and_on_disk() {
    let mut b = board();
    b.press(&[":", "'until 1 firing'", "enter"]);
    b.press(&[":", "'dice 10 10 7 12 19 10 4 12'", "enter"]);
    // Mikasa (the first ship) fires: the target cycles to Knyaz Suvorov (the 4th other ship),
    // 2 dice, Short range band.
    b.press(&["f"]);
    for _ in 0..4 {
        b.press(&["right"]);
    }
    b.press(&["tab", "'2'", "tab"]);
    let form = b.screen(100, 30);
    assert!(
        form.contains("= gun mikasa at suvorov dice 2 range short"),
        "{form}"
    );
    b.press(&["enter"]);
    let asked = b.screen(160, 30);
    assert!(
        asked.contains("5.2 Gun Classes, Ranges and Damage, class G, Short Range"),
        "{asked}"
    );
    b.press(&["'d12'", "enter"]);
    let shown = b.screen(160, 48);
    assert_shows(
        &shown,
        &["Mikasa fires class G guns at Knyaz Suvorov", "CATAST"],
        &[],
    );
    let disk = b.on_disk();
    assert_eq!(disk.game.state, b.app.battle.game.state);
    let reads: Vec<(String, Provenance)> = disk
        .game
        .entries()
        .iter()
        .flat_map(|e| e.events.iter().filter_map(Aage::charted))
        .collect();
    assert_eq!(reads, vec![("d12".to_string(), Provenance::Typed)]);
    let suvorov = disk.game.state.rules.ship("suvorov").unwrap();
    // To hit 10 and 10 (+2: 12, 12). Hit 1: location 7 (main, armour 9), d12 12: 3 points;
    // d20 19: catastrophic explosion. Hit 2: location 10 (secondary, armour 5), d12 4: nothing;
    // d20 12: no effect.
    assert!(suvorov.catastrophic_explosion);
    assert_eq!(suvorov.damage.main, 3);
}

#[test]
fn review_and_a_sides_watch_follow_the_fog_reading() {
    let mut b = board();
    b.press(&[":", "'until 1 firing'", "enter"]);
    b.press(&[":", "'chart d12'", "enter"]);
    b.press(&[":", "'dice 10 10 7 12 18 1 12 1'", "enter"]);
    b.press(&[":", "'gun mikasa at suvorov dice 2 range short'", "enter"]);
    let mut app = umpire::tui::board::open_review::<Aage>(
        &b.path,
        tables(),
        Keymap::default(),
        Some("start"),
    )
    .unwrap();
    app.theme = Theme { color: false };
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    assert!(buffer_text(t.backend().buffer()).contains("REVIEW 0/4"));
    let (mut w, _follower) =
        umpire::tui::board::open_watch::<Aage>(&b.path, Some("japan"), tables(), Keymap::default())
            .unwrap();
    w.theme = Theme { color: false };
    let mut t = Terminal::new(TestBackend::new(160, 40)).unwrap();
    t.draw(|f| w.draw(f)).unwrap();
    let seen = buffer_text(t.backend().buffer());
    // Knyaz Suvorov is Russian: Japan sees her fire (1/?), not her damage or crew.
    assert_shows(&seen, &["WATCH Japan", "1/?"], &["Inf"]);
}

/// SPEC 10: a sunk ship's row reads when she sank and her detail when and why. Buiny (TB, a d6
/// sinking die) takes a 5.17 sinking test due to a critical hit result in the movement phase:
/// d6 1, +1 weather Calm to Moderate, -2 critical: 0, she sinks. The status JSON gives
/// `sunk_at` and `sunk_by`; undo clears them; the save on disk, replayed, is the live battle
/// at every step.
#[test]
fn a_sunk_ships_row_and_detail_say_when_and_why_5_17() {
    let mut b = board();
    b.press(&[":", "'until 1 movement'", "enter"]);
    b.press(&[":", "'dice 1'", "enter"]);
    b.press(&[":", "'sinking buiny critical'", "enter"]);
    let sunk = Sunk {
        ship: (7, "buiny"),
        phase: "movement phase",
        why: "sinking test d6 1 (-1: +1 weather Calm to Moderate, -2 testing due to a critical \
              hit result), 0: she sinks (5.17)",
        cell: 9,
        row: "SUNK t1",
        // Undo the test: afloat, with no when or why.
        before: ("afloat", ""),
    };
    board_common::sunk_in_turn_1_then_undone(&mut b, &sunk);
}
