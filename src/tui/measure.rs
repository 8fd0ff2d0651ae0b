//! What a real terminal would receive, for the benchmark (SPEC 7: frame render time and bytes
//! written for a one-ship change). The dashboard is drawn through the same crossterm backend as
//! on screen, into memory instead of a tty. [`MeasuredDashboard`] is all the benchmark (`cli::bench`)
//! sees of the dashboard.
use crate::rulesets::fgdn::Game;
use crate::session::Battle;
use crate::store::SaveWriter;
use crate::tui::fgdn::view;
use crate::tui::keymap::Keymap;
use crate::tui::{fgdn::app::App, Save};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::cell::Cell;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;

/// A terminal that only counts what it is sent.
struct Counter(Rc<Cell<usize>>);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.set(self.0.get() + buf.len());
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

pub struct Screen {
    terminal: Terminal<CrosstermBackend<Counter>>,
    bytes: Rc<Cell<usize>>,
}

impl Screen {
    /// A `width` x `height` terminal.
    pub fn new(width: u16, height: u16) -> std::io::Result<Screen> {
        let bytes = Rc::new(Cell::new(0));
        let terminal = Terminal::with_options(
            CrosstermBackend::new(Counter(Rc::clone(&bytes))),
            TerminalOptions {
                viewport: Viewport::Fixed(Rect::new(0, 0, width, height)),
            },
        )?;
        Ok(Screen { terminal, bytes })
    }

    /// Draw one frame; returns the bytes the terminal receives for it (ratatui sends only the
    /// cells that changed since the previous frame).
    pub fn draw(&mut self, app: &mut App) -> std::io::Result<usize> {
        self.bytes.set(0);
        self.terminal.draw(|f| view::draw(f, app))?;
        Ok(self.bytes.get())
    }
}

/// The dashboard as an umpire runs it on a battle open for writing (default keys), drawn into a
/// byte-counting terminal: the benchmark's handle on it.
pub struct MeasuredDashboard {
    app: App,
    screen: Screen,
}

impl MeasuredDashboard {
    /// The dashboard on `battle`, writing with `writer`, in a `width` x `height` terminal.
    pub fn open(
        battle: Battle,
        writer: SaveWriter,
        path: &Path,
        width: u16,
        height: u16,
    ) -> std::io::Result<MeasuredDashboard> {
        let mut app = App::new(
            battle,
            Save::Writer(writer),
            Some(path.to_path_buf()),
            Keymap::default(),
        );
        app.wall = || Some(crate::session::wall_now());
        Ok(MeasuredDashboard {
            app,
            screen: Screen::new(width, height)?,
        })
    }

    /// Draw a frame; the bytes the terminal receives for it.
    pub fn draw(&mut self) -> std::io::Result<usize> {
        self.screen.draw(&mut self.app)
    }

    /// A command typed at the prompt, as the dashboard runs it (prepare, append + fsync,
    /// commit, log panel).
    pub fn submit(&mut self, text: &str) -> Result<(), String> {
        self.app.submit(text)
    }

    /// Select ship `i` in the fleet list.
    pub fn select(&mut self, i: usize) {
        self.app.selected = i;
    }

    pub fn game(&self) -> &Game {
        &self.app.battle.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fgdn::tables::Tables;
    use crate::session::{Battle, DEMO, DEMO_NAME};
    use crate::tui::keymap::Keymap;
    use crate::tui::Save;

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
