//! Issue 11: the help overlay and the footer's key hints are written once (`tui::help`) for
//! both dashboards. On the dashboard of the numbered-turn rulesets: the help scrolls, so at
//! 80x24 every command and form of the ruleset can be read (SPEC 10: 80x24 hides nothing); it
//! lists only the keys that dashboard has, in its own words; and the footer and the help show
//! the user's own keys from the keymap.
mod board_common;
mod screen_common;

use board_common::TestBoard;
use screen_common::assert_shows;
use umpire::core::board::Board;
use umpire::session;
use umpire::tui::keymap::Keymap;

fn help_at_80x24<R: Board>(demo: &str, tables: R::Tables) {
    let mut b = TestBoard::<R>::open(demo, tables);
    b.press(&["?"]);
    let first = b.screen(80, 24);
    assert_shows(
        &first,
        &["Help — j k ↑↓ PgUp PgDn scroll", "Keys (normal mode)"],
        // FG&DN's form actions and phase names are not this dashboard's.
        &["record a hit", "Plotting Phase", "log kind"],
    );
    let mut seen = first;
    for _ in 0..8 {
        b.press(&["pgdn"]);
        seen.push_str(&b.screen(80, 24));
    }
    for (_, usage) in R::commands() {
        // The usage's first word, as the prompt line shows it (a long usage wraps in the 76
        // columns of the box).
        let start = usage.split_whitespace().next().unwrap();
        assert!(
            seen.contains(&format!("│  {start} ")),
            "{}: {usage:?} missing",
            R::ID
        );
    }
    for f in R::forms() {
        assert!(
            seen.contains(&format!("{} form", f.title)),
            "{}: the {} form missing",
            R::ID,
            f.title
        );
    }
    assert!(seen.contains("Esc, q or ? closes this help"), "{seen}");
    // Esc closes it; the dashboard is back.
    b.press(&["esc"]);
    assert_shows(&b.screen(80, 24), &["Log"], &["Keys (normal mode)"]);
}

#[test]
fn the_help_scrolls_through_every_command_and_form_at_80x24() {
    use umpire::rulesets::{aage, dnb, late19, quickfire};
    help_at_80x24::<dnb::game::Dnb>(session::DEMO_DNB, dnb::Tables::builtin().unwrap());
    help_at_80x24::<late19::game::Late19>(session::DEMO_LATE19, late19::Tables::builtin().unwrap());
    help_at_80x24::<quickfire::game::Quickfire>(
        session::DEMO_QUICKFIRE,
        quickfire::Tables::builtin().unwrap(),
    );
    help_at_80x24::<aage::game::Aage>(session::DEMO_AAGE, aage::Tables::builtin().unwrap());
}

#[test]
fn the_footer_and_the_help_show_the_users_keys_and_help_stays_in_view_at_80_columns() {
    use umpire::rulesets::aage;
    let mut b =
        TestBoard::<aage::game::Aage>::open(session::DEMO_AAGE, aage::Tables::builtin().unwrap());
    // A&A has the most forms: at 80 columns `turn` and `dice` give way to help and quit.
    let footer = |s: &str| s.lines().last().unwrap().to_string();
    let narrow = footer(&b.screen(80, 24));
    assert!(narrow.contains("? help q quit"), "{narrow}");
    assert!(!narrow.contains("t turn"), "{narrow}");
    assert!(footer(&b.screen(120, 30)).contains("t turn"));
    b.app.keymap = Keymap::with_overrides("mine.toml", "[keys]\nend_phase = [\"N\"]\n").unwrap();
    assert!(footer(&b.screen(80, 24)).starts_with("N next"));
    b.press(&["?"]);
    assert_shows(&b.screen(80, 24), &["N             end the phase"], &[]);
    // And the key works.
    b.press(&["esc", "N"]);
    assert_shows(&b.screen(80, 24), &["next"], &[]);
}
