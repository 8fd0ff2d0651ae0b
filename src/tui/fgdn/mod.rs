//! What FG&DN's dashboard adds to the one written once (`tui::board`): the gun hit-chance
//! calculator (`chance_form`), a form it draws itself (`chance_box`), registered as its
//! [`OwnForm`] in `tui::dashboard::own_forms`. Everything else on its dashboard is its screen
//! model (`rulesets::fgdn::board`) drawn by `tui::board`.
pub mod chance_box;
pub mod chance_form;
#[cfg(test)]
mod form_tests;

use crate::rulesets::fgdn::Fgdn;
use crate::tui::board::OwnForm;
use crate::tui::form::FormKind;
use crate::tui::keymap::Action;

/// FG&DN's forms of its own: the hit-chance calculator behind `%` (p. 6-4, SPEC 3.9).
pub fn own_forms() -> Vec<OwnForm<Fgdn>> {
    vec![OwnForm {
        action: Action::HitChance,
        kind: FormKind::Own,
        open: chance_form::new,
        draw: chance_box::draw,
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fgdn::tables::Tables;
    use crate::session::{Battle, DEMO, DEMO_NAME};
    use crate::tui::board::BoardApp;
    use crate::tui::keymap::Keymap;
    use crate::tui::measure::Screen;
    use crate::tui::Save;

    /// SPEC 10's questions are FG&DN's rule (`Board::ask_first`, `rulesets::fgdn::slips`): the
    /// dashboard asks them, and `n` leaves the battle as it was.
    #[test]
    fn the_shared_dashboard_asks_fgdns_questions() {
        use ratatui::backend::TestBackend;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("demo.toml");
        std::fs::write(&path, DEMO).unwrap();
        let (battle, writer) =
            crate::session::Session::<Fgdn>::open_writable(&path, Tables::builtin()).unwrap();
        let mut app = BoardApp::new(battle, Save::Writer(writer), Some(path), Keymap::default());
        let screen = |app: &mut BoardApp<Fgdn>| {
            let mut t = ratatui::Terminal::new(TestBackend::new(100, 30)).unwrap();
            t.draw(|f| app.draw(f)).unwrap();
            let buf = t.backend().buffer();
            let mut text = String::new();
            for y in 0..30 {
                for x in 0..100 {
                    text.push_str(buf[(x, y)].symbol());
                }
                text.push('\n');
            }
            text
        };
        app.submit("until 1303").unwrap();
        let asked = screen(&mut app);
        assert!(asked.contains("Walk 1 h 03 min of game time?"), "{asked}");
        assert!(asked.contains("crosses 21 turns"), "{asked}");
        app.on_key(crate::tui::keymap::key_event("n").unwrap());
        assert!(app.battle.game.entries().is_empty());
        app.submit("until 1300").unwrap();
        assert_eq!(app.battle.game.entries().len(), 1, "an hour is not asked");
    }

    /// What the terminal receives (SPEC 7): an unchanged frame sends next to nothing, a moved
    /// selection little.
    #[test]
    fn an_unchanged_frame_sends_nothing_and_a_selection_move_little() {
        let battle = Battle::from_text(DEMO_NAME, DEMO, Tables::builtin()).unwrap();
        let mut app = BoardApp::new(
            battle,
            Save::ReadOnly("test".into()),
            None,
            Keymap::default(),
        );
        let mut s = Screen::new(200, 60).unwrap();
        let first = s.draw(&mut app).unwrap();
        assert!(first > 1000, "the first frame paints the screen: {first}");
        assert!(s.draw(&mut app).unwrap() < 64, "nothing changed");
        app.do_action(crate::tui::keymap::Action::Down);
        let moved = s.draw(&mut app).unwrap();
        assert!(moved > 0 && moved < 4096, "{moved}");
    }
}
