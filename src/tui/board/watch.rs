//! `umpire watch FILE [--side NAME]`: a live, read-only dashboard for players in their own
//! terminals, following the save while the umpire plays.
//!
//! It is the umpire's dashboard (`BoardApp` with `Save::ReadOnly`, the dashboard's own loop)
//! fed by a [`Follower`]: the loop wakes for a key or every [`POLL`], takes the entries the
//! umpire appended into the game, and draws only when something changed. It never writes,
//! locks or creates a file, so any number of watchers cannot slow or block the umpire. Keys
//! that would change the battle are refused; moving through the fleet and the log, searching
//! and help work.
//!
//! With `--side`, the fleet, the detail and the due list are the ruleset's view for that side
//! ([`Board::seen_by`]), and the log is the side's [`SideLog`] ([`Board::commit_seen`]).
use super::{BoardApp, LogRow};
use crate::core::board::{Board, SideLog};
use crate::core::game::Record;
use crate::session::{Error, Session};
use crate::store::follow::{Follower, Polled};
use crate::store::Loaded;
use crate::tui::keymap::{Action, Face, Keymap};
use crate::tui::theme::Theme;
use crate::tui::Save;
use crate::tui::POLL;
use std::path::Path;

/// Why a watcher's keys cannot change the battle (the message line and refusals say it).
pub const READ_ONLY: &str = "watching";

/// What `BoardApp` needs to know when it is a watcher.
#[derive(Debug, Clone)]
pub struct Watching {
    /// The side whose view this is (None: the umpire's view).
    pub side: Option<String>,
    /// What that side has seen of each log entry.
    pub fog: Option<SideLog>,
    /// The follower's problem now on the message line.
    pub problem: Option<String>,
}

/// Read the save and build the watcher, before the terminal is touched: an unreadable save or
/// an unknown side is an error here.
pub fn open_watch<R: Board>(
    path: &Path,
    side: Option<&str>,
    tables: R::Tables,
    keymap: Keymap,
) -> Result<(BoardApp<R>, Follower), Error> {
    let (follower, loaded) = Follower::open::<Record<R>>(path).map_err(Error::input)?;
    let name = path.display().to_string();
    let battle = Session::<R>::from_loaded(Some(path.to_path_buf()), &name, loaded, tables)?;
    let side = match side {
        None => None,
        Some(s) => {
            let sides = R::sides(&battle.game.state);
            Some(
                sides
                    .iter()
                    .find(|x| x.eq_ignore_ascii_case(s.trim()))
                    .cloned()
                    .ok_or_else(|| {
                        Error::input(format!(
                            "--side: no side \"{}\" in this battle; the sides are: {} (in {name})",
                            s.trim(),
                            sides.join(", ")
                        ))
                    })?,
            )
        }
    };
    let fog = side.as_deref().map(|s| side_log(&battle, s));
    let mut app = BoardApp::new(
        battle,
        Save::ReadOnly(READ_ONLY.into()),
        Some(path.to_path_buf()),
        keymap,
    );
    app.watch = Some(Watching {
        side,
        fog,
        problem: None,
    });
    // The rows were built before the side was known.
    app.rebuild_log();
    Ok((app, follower))
}

/// What `side` has seen of the whole log of `battle`.
fn side_log<R: Board>(battle: &Session<R>, side: &str) -> SideLog {
    SideLog::build::<R>(
        &battle.scenario,
        &battle.game.tables,
        battle.game.entries(),
        side,
    )
}

impl<R: Board> BoardApp<R> {
    /// Take what a poll of the followed save found (`tui::follow`). Returns whether the
    /// screen must be drawn again.
    pub fn follow(&mut self, polled: Polled<Record<R>>) -> bool {
        crate::tui::follow::take(self, polled)
    }
}

impl<R: Board> crate::tui::follow::Watcher for BoardApp<R> {
    type Entry = Record<R>;

    fn appended(&mut self, entries: Vec<Record<R>>) {
        let from = self.battle.game.entries().len();
        for e in entries {
            let i = self.battle.game.entries().len();
            match self.watch.as_mut().and_then(|w| w.fog.as_mut()) {
                Some(fog) => fog.commit(&mut self.battle.game, e),
                None => {
                    let lines = R::entry_lines(&self.battle.game.state, &e);
                    self.battle.game.commit(e);
                    self.worded(i, lines);
                }
            }
        }
        self.entries_added(from);
    }

    fn has_log(&self) -> bool {
        !self.battle.game.entries().is_empty()
    }

    fn reloaded(&mut self, loaded: Loaded<Record<R>>) -> Result<(), String> {
        let tables = self.battle.game.tables.clone();
        let name = self.battle.name.clone();
        let battle = Session::<R>::from_loaded(self.battle.path.clone(), &name, loaded, tables)
            .map_err(|e| e.message)?;
        if let Some(w) = self.watch.as_mut() {
            w.fog = w.side.as_deref().map(|s| side_log(&battle, s));
        }
        self.battle = battle;
        self.selected = self.selected.min(self.heads().len().saturating_sub(1));
        self.forget_words();
        self.rebuild_log();
        Ok(())
    }

    fn problem(&mut self) -> Option<&mut Option<String>> {
        self.watch.as_mut().map(|w| &mut w.problem)
    }

    fn say(&mut self, text: String, error: bool) {
        if error {
            self.error(text)
        } else {
            self.info(text)
        }
    }
}

/// A watcher's key, before the dashboard's own handling. Returns true when handled here: a
/// key that would change the battle is refused; quit needs no confirmation (nothing to save).
pub fn intercept<R: Board>(app: &mut BoardApp<R>, action: Action) -> bool {
    if action == Action::Quit {
        app.quit = true;
        return true;
    }
    if action.works_in(Face::Watch) {
        return false;
    }
    let key = app
        .keymap
        .keys(action)
        .first()
        .cloned()
        .unwrap_or_else(|| "that key".into());
    app.error(format!("{key}: read-only: {READ_ONLY}"));
    true
}

/// Log rows of entry `i` as the side saw it (`ship`: only lines about that ship): the
/// `heading` of the command seen (or "observed") and a `line` each.
pub fn side_rows(
    fog: &SideLog,
    i: usize,
    ship: Option<&str>,
    heading: impl Fn(&str) -> LogRow,
    line: impl Fn(&str) -> LogRow,
) -> Vec<LogRow> {
    let Some(seen) = fog.get(i) else {
        return Vec::new();
    };
    let about =
        |id: Option<&str>| ship.is_none_or(|s| id.is_some_and(|x| x.eq_ignore_ascii_case(s)));
    let lines: Vec<&str> = seen
        .lines
        .iter()
        .filter(|l| about(l.ship.as_deref()))
        .map(|l| l.text.as_str())
        .collect();
    let mentions = about(
        seen.command
            .as_deref()
            .and_then(|c| c.split_whitespace().nth(1)),
    );
    if !mentions && lines.is_empty() {
        return Vec::new();
    }
    let mut rows = vec![heading(seen.command.as_deref().unwrap_or("observed"))];
    rows.extend(lines.into_iter().map(line));
    rows
}

/// The header's right part for a watcher: " WATCH German " or " WATCH umpire's view ".
pub fn header_label<R: Board>(app: &BoardApp<R>) -> Option<String> {
    let w = app.watch.as_ref()?;
    Some(match &w.side {
        Some(side) => format!(" WATCH {side} "),
        None => " WATCH umpire's view ".into(),
    })
}

/// `umpire watch FILE [--side NAME]`: open (errors before the terminal), then follow.
pub fn run<R: Board>(path: &Path, side: Option<&str>, tables: R::Tables) -> Result<(), Error> {
    use std::io::IsTerminal;
    let keymap = crate::tui::load_keymap(None)?;
    let (mut app, mut follower) = open_watch::<R>(path, side, tables, keymap)?;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Error::input(format!(
            "watching needs a terminal; without one, read the battle with\n  \
             umpire status {0} [--json]\n  umpire log {0}",
            path.display()
        )));
    }
    for w in &app.battle.warnings {
        eprintln!("warning: {w}");
    }
    app.theme = Theme::from_env();
    let mut follow = |app: &mut BoardApp<R>| app.follow(follower.poll());
    crate::tui::run_with(
        &mut app,
        Some(crate::tui::Tick {
            every: POLL,
            call: &mut follow,
        }),
    )
}
