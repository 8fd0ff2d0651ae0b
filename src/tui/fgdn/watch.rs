//! `umpire watch FILE [--side NAME]`: a live, read-only dashboard for players in their own
//! terminals, following the save while the umpire plays.
//!
//! It is the umpire's dashboard (`App` with `Save::ReadOnly`, the dashboard's own loop) fed by
//! a [`Follower`]: the loop wakes for a key or every [`POLL`], takes the entries the umpire
//! appended into the game, and draws only when something changed. It never writes, locks or creates a file, so any number
//! of watchers cannot slow or block the umpire. Keys that would change the battle are refused;
//! moving through the fleet and the log, searching and help work.
//!
//! With `--side`, ships of other sides are drawn as FG&DN's screen model shows them to that
//! side (`rulesets::fgdn::board`, from [`fog::enemy_view`]) and the log from the side's
//! [`SideLog`] (docs/fog-of-war.md); the "due" panel keeps only own ships.
use crate::rulesets::fgdn::fog::{self, SideLog};
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::{Entry, Game};
use crate::session::{Battle, Error};
use crate::store::follow::{Follower, Polled};
use crate::store::Loaded;
use crate::tui::fgdn::app::{App, LogRow, Message, Tone};
use crate::tui::keymap::{Action, Face, Keymap};
use crate::tui::theme::Theme;
use crate::tui::Save;
use crate::tui::POLL;
use std::path::Path;

/// Why a watcher's keys cannot change the battle (the message line and refusals say it).
pub const READ_ONLY: &str = "watching";

/// What `App` needs to know when it is a watcher.
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
pub fn open(
    path: &Path,
    side: Option<&str>,
    tables: Tables,
    keymap: Keymap,
) -> Result<(App, Follower), Error> {
    let (follower, loaded) =
        Follower::open::<Entry>(path).map_err(|e| Error::input(e.to_string()))?;
    let name = path.display().to_string();
    let battle = Battle::from_loaded(Some(path.to_path_buf()), &name, loaded, tables)?;
    let side = match side {
        None => None,
        Some(s) => Some(
            fog::find_side(&battle.game.state, s)
                .map_err(|e| Error::input(format!("--side: {e} (in {name})")))?,
        ),
    };
    let fog = side.as_deref().map(|s| {
        SideLog::build(
            &battle.scenario,
            &battle.game.tables,
            battle.game.entries(),
            s,
        )
    });
    let mut app = App::new(
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

/// Take one entry the umpire appended into the game (and the side's log).
fn commit(app: &mut App, entry: Entry) {
    match app.watch.as_mut().and_then(|w| w.fog.as_mut()) {
        Some(fog) => fog.commit(&mut app.battle.game, entry),
        None => app.battle.game.commit(entry),
    }
}

fn say(app: &mut App, text: String, tone: Tone) {
    app.message = Some(Message { text, tone });
}

/// Apply what a poll of the save found (`tui::follow`). Returns whether the screen must be
/// drawn again.
pub fn apply(app: &mut App, polled: Polled<Entry>) -> bool {
    crate::tui::follow::take(app, polled)
}

impl crate::tui::follow::Watcher for App {
    type Entry = Entry;

    fn appended(&mut self, entries: Vec<Entry>) {
        let from = self.battle.game.entries().len();
        for e in entries {
            commit(self, e);
        }
        self.entries_added(from);
    }

    fn has_log(&self) -> bool {
        !self.battle.game.entries().is_empty()
    }

    fn reloaded(&mut self, loaded: Loaded<Entry>) -> Result<(), String> {
        let tables = self.battle.game.tables.clone();
        let name = self.battle.name.clone();
        let battle = Battle::from_loaded(self.battle.path.clone(), &name, loaded, tables)
            .map_err(|e| e.message)?;
        if let Some(w) = self.watch.as_mut() {
            w.fog = w.side.as_deref().map(|s| {
                SideLog::build(
                    &battle.scenario,
                    &battle.game.tables,
                    battle.game.entries(),
                    s,
                )
            });
        }
        self.battle = battle;
        let ships = self.battle.game.state.ships.len();
        self.selected = self.selected.min(ships.saturating_sub(1));
        self.rebuild_log();
        Ok(())
    }

    fn problem(&mut self) -> Option<&mut Option<String>> {
        self.watch.as_mut().map(|w| &mut w.problem)
    }

    fn say(&mut self, text: String, error: bool) {
        let tone = if error { Tone::Error } else { Tone::Info };
        say(self, text, tone);
    }
}

/// A watcher's key, before the dashboard's own handling. Returns true when handled here: a
/// key that would change the battle is refused; quit needs no confirmation (nothing to save).
pub fn intercept(app: &mut App, action: Action) -> bool {
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
    say(app, format!("{key}: read-only: {READ_ONLY}"), Tone::Error);
    true
}

/// Log rows of entry `i` as the side saw it (`ship`: only lines about that ship).
pub fn side_rows(game: &Game, fog: &SideLog, i: usize, ship: Option<&str>) -> Vec<LogRow> {
    let (Some(entry), Some(seen)) = (game.entries().get(i), fog.get(i)) else {
        return Vec::new();
    };
    let about =
        |id: Option<&str>| ship.is_none_or(|s| id.is_some_and(|x| x.eq_ignore_ascii_case(s)));
    let lines: Vec<&fog::SideLine> = seen
        .lines
        .iter()
        .filter(|l| about(l.ship.as_deref()))
        .collect();
    let mentions = about(
        seen.command
            .as_deref()
            .and_then(|c| c.split_whitespace().nth(1)),
    );
    if !mentions && lines.is_empty() {
        return Vec::new();
    }
    let in_effect = game.stands(i);
    let undone = if in_effect { "" } else { "  (undone)" };
    let mut rows = vec![LogRow {
        entry: i,
        heading: true,
        text: format!(
            "#{} {} {} {}{undone}",
            entry.seq,
            entry.clock.label(),
            entry.clock.phase.words(),
            seen.command.as_deref().unwrap_or("observed")
        ),
        in_effect,
    }];
    rows.extend(lines.into_iter().map(|l| LogRow {
        entry: i,
        heading: false,
        text: format!("  {}", l.text),
        in_effect,
    }));
    rows
}

/// The header's right part for a watcher: " WATCH German " or " WATCH umpire's view ".
pub fn header_label(app: &App) -> Option<String> {
    let w = app.watch.as_ref()?;
    Some(match &w.side {
        Some(side) => format!(" WATCH {side} "),
        None => " WATCH umpire's view ".into(),
    })
}

/// `umpire watch FILE [--side NAME]`: open (errors before the terminal), then follow.
pub fn watch(path: &Path, side: Option<&str>, tables: Tables) -> Result<(), Error> {
    use std::io::IsTerminal;
    let keymap = crate::tui::load_keymap(None)?;
    let (mut app, mut follower) = open(path, side, tables, keymap)?;
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
    let mut follow = |app: &mut App| apply(app, follower.poll());
    crate::tui::run_with(
        &mut app,
        Some(crate::tui::Tick {
            every: POLL,
            call: &mut follow,
        }),
    )
}
