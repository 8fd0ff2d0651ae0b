//! Issue 11: the colours of the dashboard written once for the numbered-turn rulesets
//! (`tui::board`), kept exactly as its panels moved to the shared drawers (`tui::panels`):
//! each ruleset's demo with the second ship selected, every styled run of the screen
//! (screen snapshots carry no colour).
mod board_common;
mod screen_common;

use board_common::TestBoard;
use umpire::core::board::Board;
use umpire::session;

fn colours<R: Board>(name: &str, demo: &str, tables: R::Tables) {
    let mut b = TestBoard::<R>::open(demo, tables);
    b.press(&["j"]);
    insta::assert_snapshot!(format!("{name}_80x24"), b.styles(80, 24));
    insta::assert_snapshot!(format!("{name}_160x48"), b.styles(160, 48));
}

#[test]
fn dnb() {
    use umpire::rulesets::dnb::{game::Dnb, Tables};
    colours::<Dnb>("dnb", session::DEMO_DNB, Tables::builtin().unwrap());
}

#[test]
fn late19() {
    use umpire::rulesets::late19::{game::Late19, Tables};
    colours::<Late19>("late19", session::DEMO_LATE19, Tables::builtin().unwrap());
}

#[test]
fn quickfire() {
    use umpire::rulesets::quickfire::{game::Quickfire, Tables};
    colours::<Quickfire>(
        "quickfire",
        session::DEMO_QUICKFIRE,
        Tables::builtin().unwrap(),
    );
}

#[test]
fn aage() {
    use umpire::rulesets::aage::{game::Aage, Tables};
    colours::<Aage>("aage", session::DEMO_AAGE, Tables::builtin().unwrap());
}
