//! What every face asks of the dashboard: `umpire play` (a file, or the ruleset's demo),
//! `review`, `watch`, and the benchmark's handle (`tui::measure`). Every ruleset's battles open
//! on the dashboard written once over its screen model ([`BoardApp`]); a ruleset's forms of its
//! own are registered in [`own_forms`], one line per ruleset that has any. The command line
//! and the benchmark go through here, so neither names a ruleset.
use crate::core::board::Board;
use crate::core::game::Journal;
use crate::core::ruleset::Rules;
use crate::rulesets::Registered;
use crate::session::{Error, Session};
use crate::store::SaveWriter;
use crate::tui::board::{BoardApp, OwnForm};
use crate::tui::keymap::Keymap;
use crate::tui::{PlayOptions, Save, Screen};
use std::any::Any;
use std::path::Path;

/// A dashboard as `umpire play`, `review` and `watch` open it, and as the benchmark drives it.
pub trait Dashboard: Screen + Sized {
    type R: Registered;

    /// `umpire play FILE` (`options.file`), or the ruleset's demo (none): open and run; what to
    /// tell the umpire after the terminal is restored (where the battle is saved), if anything.
    fn play(
        options: &PlayOptions,
        tables: <Self::R as Rules>::Tables,
    ) -> Result<Option<String>, Error>;
    /// `umpire review FILE [--keymap K] [--at PLACE]`.
    fn review(
        path: &Path,
        tables: <Self::R as Rules>::Tables,
        keymap: Option<&Path>,
        at: Option<&str>,
    ) -> Result<(), Error>;
    /// `umpire watch FILE [--side NAME]`.
    fn watch(
        path: &Path,
        side: Option<&str>,
        tables: <Self::R as Rules>::Tables,
    ) -> Result<(), Error>;

    /// The benchmark's dashboard as an umpire opens it (default keys), writing with `writer`.
    fn open(battle: Session<Self::R>, writer: SaveWriter, path: &Path) -> Self;
    /// A command typed at the prompt, as the dashboard runs it (prepare, append + fsync,
    /// commit, log panel).
    fn submit(&mut self, text: &str) -> Result<(), String>;
    /// Select ship `i` in the fleet list.
    fn select(&mut self, i: usize);
    fn game(&self) -> &Journal<Self::R>;
}

/// What a face does with the dashboard of a ruleset, whichever it is.
pub trait DashboardVisitor {
    type Out;
    fn visit<D: Dashboard>(self) -> Self::Out;
}

/// Run `v` on the dashboard of ruleset `R`.
pub fn with_dashboard<R: Registered, V: DashboardVisitor>(v: V) -> V::Out {
    v.visit::<BoardApp<R>>()
}

/// The forms ruleset `R` draws itself (`BoardApp::own_forms`): FG&DN's hit-chance calculator
/// (`tui::fgdn::own_forms`); none for the others.
pub fn own_forms<R: Board>() -> Vec<OwnForm<R>> {
    let forms: Box<dyn Any> = match R::ID {
        crate::rulesets::fgdn::ID => Box::new(crate::tui::fgdn::own_forms()),
        _ => return Vec::new(),
    };
    forms
        .downcast::<Vec<OwnForm<R>>>()
        .map(|forms| *forms)
        .unwrap_or_default()
}

impl<R: Registered> Dashboard for BoardApp<R> {
    type R = R;

    fn play(options: &PlayOptions, tables: R::Tables) -> Result<Option<String>, Error> {
        crate::tui::play_board::<R>(options, tables, (R::DEMO_PATH, R::DEMO))
    }

    fn review(
        path: &Path,
        tables: R::Tables,
        keymap: Option<&Path>,
        at: Option<&str>,
    ) -> Result<(), Error> {
        crate::tui::board::review::run::<R>(path, tables, keymap, at)
    }

    fn watch(path: &Path, side: Option<&str>, tables: R::Tables) -> Result<(), Error> {
        crate::tui::board::watch::run::<R>(path, side, tables)
    }

    fn open(battle: Session<R>, writer: SaveWriter, path: &Path) -> BoardApp<R> {
        let mut app = BoardApp::new(
            battle,
            Save::Writer(writer),
            Some(path.to_path_buf()),
            Keymap::default(),
        );
        app.wall = || Some(crate::session::wall_now());
        app
    }

    fn submit(&mut self, text: &str) -> Result<(), String> {
        BoardApp::submit(self, text)
    }

    fn select(&mut self, i: usize) {
        self.selected = i;
    }

    fn game(&self) -> &Journal<R> {
        &self.battle.game
    }
}
