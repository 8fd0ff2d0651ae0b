//! What a real terminal would receive, for the benchmark (SPEC 7: frame render time and bytes
//! written for a one-ship change). The dashboard is drawn through the same crossterm backend as
//! on screen, into memory instead of a tty. [`MeasuredDashboard`] is all the benchmark (`cli::bench`)
//! sees of a dashboard: the one `umpire play` opens for the ruleset
//! (`tui::dashboard::with_dashboard`).
use crate::core::game::Journal;
use crate::core::ruleset::Ruleset;
use crate::rulesets::Registered;
use crate::session::Session;
use crate::tui::dashboard::{with_dashboard, Dashboard, DashboardVisitor};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use std::cell::Cell;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;
use std::time::Instant;
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
    pub fn draw<S: crate::tui::Screen>(&mut self, app: &mut S) -> std::io::Result<usize> {
        self.bytes.set(0);
        self.terminal.draw(|f| app.draw(f))?;
        Ok(self.bytes.get())
    }
}

/// A dashboard on a battle open for writing, drawn into a byte-counting terminal: the
/// benchmark's handle on it.
pub struct MeasuredDashboard<D> {
    app: D,
    screen: Screen,
}

impl<D: Dashboard> MeasuredDashboard<D> {
    /// Draw a frame; the bytes the terminal receives for it.
    pub fn draw(&mut self) -> std::io::Result<usize> {
        self.screen.draw(&mut self.app)
    }

    /// A command typed at the prompt, as the dashboard runs it.
    pub fn submit(&mut self, text: &str) -> Result<(), String> {
        self.app.submit(text)
    }

    /// Select ship `i` in the fleet list.
    pub fn select(&mut self, i: usize) {
        self.app.select(i);
    }

    pub fn game(&self) -> &Journal<D::R> {
        self.app.game()
    }
}

/// What the benchmark does with a dashboard, whichever it is.
pub trait Measure {
    type Out;
    /// `dashboard` was opened at `started` (before the lock and read); the open of the save
    /// (lock, read, replay) took `open_ms`; nothing is drawn yet.
    fn measure<D: Dashboard>(
        self,
        dashboard: MeasuredDashboard<D>,
        started: Instant,
        open_ms: f64,
    ) -> Self::Out;
}

/// Open the save at `path` of ruleset `R` for writing, on the dashboard `umpire play` opens for
/// it, in a `width` x `height` terminal, and hand it to `m`.
pub fn open<R: Registered, M: Measure>(
    path: &Path,
    width: u16,
    height: u16,
    m: M,
) -> Result<M::Out, String> {
    struct Open<'a, M> {
        path: &'a Path,
        width: u16,
        height: u16,
        m: M,
    }
    impl<M: Measure> DashboardVisitor for Open<'_, M> {
        type Out = Result<M::Out, String>;
        fn visit<D: Dashboard>(self) -> Self::Out {
            let started = Instant::now();
            let tables = <D::R as Ruleset>::tables_with(&[]).map_err(|e| e.join("\n"))?;
            let (battle, writer) =
                Session::<D::R>::open_writable(self.path, tables).map_err(|e| e.message)?;
            let open_ms = started.elapsed().as_secs_f64() * 1000.0;
            let app = D::open(battle, writer, self.path);
            let screen = Screen::new(self.width, self.height).map_err(|e| format!("frame: {e}"))?;
            Ok(self
                .m
                .measure(MeasuredDashboard { app, screen }, started, open_ms))
        }
    }
    with_dashboard::<R, _>(Open {
        path,
        width,
        height,
        m,
    })
}

#[cfg(test)]
mod tests {
    use super::Screen;
    use crate::session::{Battle, DEMO, DEMO_NAME};
    use crate::tui::board::BoardApp;
    use crate::tui::keymap::Keymap;
    use crate::tui::Save;

    /// What the terminal receives (SPEC 7), on the default ruleset's demo: an unchanged frame
    /// sends next to nothing, a moved selection little.
    #[test]
    fn an_unchanged_frame_sends_nothing_and_a_selection_move_little() {
        let battle = Battle::from_text(
            DEMO_NAME,
            DEMO,
            <crate::rulesets::DefaultRuleset as crate::core::ruleset::Ruleset>::tables_with(&[])
                .unwrap(),
        )
        .unwrap();
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
