//! What a real terminal would receive, for the benchmark (SPEC 7: frame render time and bytes
//! written for a one-ship change). The dashboard is drawn through the same crossterm backend as
//! on screen, into memory instead of a tty.
use crate::tui::app::App;
use crate::tui::view;
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::cell::Cell;
use std::io::Write;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{Battle, DEMO, DEMO_NAME};
    use crate::core::fgdn::tables::Tables;
    use crate::tui::app::Save;
    use crate::tui::keymap::Keymap;

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
