//! FG&DN's own dashboard: [`app::App`] (its model and keys), [`view`] (its layout, header,
//! log panel and overlays), the hit-chance form (`chance_form`), the
//! questions that catch slips (`confirm`), and its review (`review`) and watch (`watch`) faces.
//! What it shares with every ruleset's dashboard is in `tui` (the loop, keymap, panels, help,
//! log panel, prompt editing); the other four rulesets are drawn by `tui::board` from their
//! screen model, which FG&DN implements too (`rulesets::fgdn::board`).
pub mod app;
pub mod chance_form;
pub mod confirm;
#[cfg(test)]
mod form_tests;
pub mod review;
pub mod view;
pub mod watch;

use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::Fgdn;
use crate::session::{self, Error};
use crate::tui::{farewell, need_terminal, open_session, run, theme, PlayOptions, Screen};
use app::App;

/// Load everything the dashboard needs, before the terminal is touched: the battle, the save
/// it writes to (locked), the keymap. A save another console is writing opens read-only.
pub fn open(options: &PlayOptions, tables: Tables) -> Result<App, Error> {
    let (battle, save, target, keymap) =
        open_session::<Fgdn>(options, tables, (session::DEMO_NAME, session::DEMO))?;
    let mut app = App::new(battle, save, Some(target), keymap);
    app.theme = theme::Theme::from_env();
    app.wall = || Some(session::wall_now());
    Ok(app)
}

impl Screen for App {
    fn draw(&mut self, frame: &mut ratatui::Frame) {
        view::draw(frame, self);
    }
    fn on_key(&mut self, key: ratatui::crossterm::event::KeyEvent) {
        App::on_key(self, key);
    }
    fn done(&self) -> bool {
        self.quit
    }
}

/// `umpire` and `umpire play`: open and run; returns what to tell the umpire after the terminal
/// is restored (where the battle is saved), if anything.
pub fn play(options: &PlayOptions, tables: Tables) -> Result<Option<String>, Error> {
    need_terminal()?;
    let mut app = open(options, tables)?;
    run(&mut app)?;
    Ok(farewell(
        app.save_path.as_deref(),
        app.read_only().is_none(),
    ))
}

/// FG&DN's battles open on this dashboard (`tui::dashboard::with_dashboard`).
impl crate::tui::dashboard::Dashboard for App {
    type R = Fgdn;

    fn play(options: &PlayOptions, tables: Tables) -> Result<Option<String>, Error> {
        play(options, tables)
    }

    fn review(
        path: &std::path::Path,
        tables: Tables,
        keymap: Option<&std::path::Path>,
        at: Option<&str>,
    ) -> Result<(), Error> {
        review::run(path, tables, keymap, at)
    }

    fn watch(path: &std::path::Path, side: Option<&str>, tables: Tables) -> Result<(), Error> {
        watch::watch(path, side, tables)
    }

    fn open(
        battle: crate::session::Session<Fgdn>,
        writer: crate::store::SaveWriter,
        path: &std::path::Path,
    ) -> App {
        let mut app = App::new(
            battle,
            crate::tui::Save::Writer(writer),
            Some(path.to_path_buf()),
            crate::tui::keymap::Keymap::default(),
        );
        app.wall = || Some(session::wall_now());
        app
    }

    fn submit(&mut self, text: &str) -> Result<(), String> {
        App::submit(self, text)
    }

    fn select(&mut self, i: usize) {
        self.selected = i;
    }

    fn game(&self) -> &crate::rulesets::fgdn::Game {
        &self.battle.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::{Battle, DEMO, DEMO_NAME};
    use crate::tui::keymap::Keymap;
    use crate::tui::measure::Screen;
    use crate::tui::Save;

    /// SPEC 10's questions are FG&DN's rule (`Board::ask_first`, `rulesets::fgdn::slips`): the
    /// dashboard written once asks them too, and `n` leaves the battle as it was.
    #[test]
    fn the_shared_dashboard_asks_fgdns_questions() {
        use ratatui::backend::TestBackend;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("demo.toml");
        std::fs::write(&path, DEMO).unwrap();
        let (battle, writer) =
            crate::session::Session::<Fgdn>::open_writable(&path, Tables::builtin()).unwrap();
        let mut app = crate::tui::board::BoardApp::new(
            battle,
            Save::Writer(writer),
            Some(path),
            Keymap::default(),
        );
        let screen = |app: &mut crate::tui::board::BoardApp<Fgdn>| {
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
        let mut app = App::new(
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
