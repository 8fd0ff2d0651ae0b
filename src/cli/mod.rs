//! Headless subcommands (SPEC 2): run, status, log, check, report. The same commands as the dashboard.
pub mod bench;
pub mod carry;
pub mod check;
pub mod log;
pub mod report;
pub mod run;
pub mod status;
pub mod text;

use crate::core::fgdn::tables::Tables;
use crate::core::game::{Entry, Game};
use crate::core::scenario::{parse_scenario, Scenario};
use crate::core::view;
use crate::store::{self, Loaded, SaveWriter, StoreError};
use std::path::{Path, PathBuf};

/// The demo battle, compiled in so `umpire` works from any directory.
pub const DEMO_NAME: &str = "saves/demo.toml";
pub const DEMO: &str = include_str!("../../saves/demo.toml");

/// A failure the user sees: the message names file, line, command or ship.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    /// 1: a command or expect failed; 2: bad files or arguments.
    pub code: i32,
}

impl CliError {
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 2,
        }
    }
    pub fn failed(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 1,
        }
    }
}

/// A battle read from a scenario or save file and replayed to its current state.
pub struct Battle {
    pub path: Option<PathBuf>,
    pub name: String,
    pub scenario_text: String,
    pub scenario: Scenario,
    pub game: Game,
    pub entry_lines: Vec<usize>,
    pub warnings: Vec<String>,
}

impl Battle {
    /// Build from text already read (the demo, or a file).
    pub fn from_text(name: &str, text: &str, tables: Tables) -> Result<Battle, CliError> {
        let loaded: Loaded<Entry> =
            store::parse_save(name, text).map_err(|e| CliError::input(e.to_string()))?;
        Battle::from_loaded(None, name, loaded, tables)
    }

    /// Open a save read-only: no lock is taken and nothing is written, so this works while
    /// another umpire is writing to it, on a read-only file, and on a full disk. `status`,
    /// `log` and `check` use it; so can the dashboard's read-only view.
    pub fn open(path: &Path, tables: Tables) -> Result<Battle, CliError> {
        let name = path.display().to_string();
        let loaded: Loaded<Entry> =
            store::read_save(path).map_err(|e| CliError::input(e.to_string()))?;
        Battle::from_loaded(Some(path.to_path_buf()), &name, loaded, tables)
    }

    /// The same as [`Battle::open`]; the name says what it promises.
    pub fn open_read_only(path: &Path, tables: Tables) -> Result<Battle, CliError> {
        Battle::open(path, tables)
    }

    /// Open a save to play on: take the writer's lock (refused, naming the holder, when another
    /// umpire has it: see [`store::writer_lock`]), read it once under the lock, replay it. Every
    /// command is then appended with the returned writer before it is reported.
    pub fn open_writable(path: &Path, tables: Tables) -> Result<(Battle, SaveWriter), CliError> {
        let name = path.display().to_string();
        let (writer, loaded) =
            SaveWriter::open_loaded::<Entry>(path).map_err(|e| CliError::input(e.to_string()))?;
        let battle = Battle::from_loaded(Some(path.to_path_buf()), &name, loaded, tables)?;
        Ok((battle, writer))
    }

    /// Build from a save already read and split (`store::read_save`, the watcher's follower,
    /// `umpire carry`, which needs the bytes too).
    pub fn from_loaded(
        path: Option<PathBuf>,
        name: &str,
        loaded: Loaded<Entry>,
        tables: Tables,
    ) -> Result<Battle, CliError> {
        let scenario = parse_scenario(name, &loaded.scenario_text).map_err(|errors| {
            CliError::input(
                errors
                    .iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n"),
            )
        })?;
        let game = Game::replay(&scenario, tables, loaded.entries).map_err(|e| {
            let line = match &e {
                crate::core::game::GameError::Replay { seq, .. } => loaded
                    .entry_lines
                    .get((*seq as usize).saturating_sub(1))
                    .copied()
                    .unwrap_or(0),
                _ => 0,
            };
            CliError::input(format!("{name}:{line}: {e}"))
        })?;
        Ok(Battle {
            path,
            name: name.to_string(),
            scenario_text: loaded.scenario_text,
            scenario,
            game,
            entry_lines: loaded.entry_lines,
            warnings: loaded.warnings,
        })
    }
}

impl Battle {
    /// Make a prepared entry durable in the save, then take it into the game; returns the log
    /// lines that explain it. Nothing changes if the append fails: "durable before shown".
    pub fn record(
        &mut self,
        writer: &mut SaveWriter,
        mut entry: Entry,
        wall: Option<String>,
    ) -> Result<Vec<String>, StoreError> {
        entry.wall = wall;
        writer.append(&entry)?;
        let before = entry.clock;
        let mut lines = vec![format!("> {} {}", entry.clock, entry.cmd)];
        self.game.commit(entry);
        if let Some(last) = self.game.entries().last() {
            for ev in &last.events {
                if let Some(l) = view::describe(&self.game.state, ev) {
                    lines.push(format!("  {l}"));
                }
            }
        }
        if self.game.state.clock != before {
            lines.push(format!("  now {}", self.game.state.clock));
        }
        Ok(lines)
    }
}

/// Wall-clock time of an entry (RFC 3339, milliseconds, UTC).
pub fn wall_now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// Load the tables or say exactly what is wrong with them.
pub fn tables(dir: Option<&Path>) -> Result<Tables, CliError> {
    store::tables::load_tables(dir).map_err(|errors| CliError::input(errors.join("\n")))
}

/// Print to stdout, ignoring a closed pipe (`umpire log x | head`).
pub fn out(text: &str) {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = o.write_all(b"\n");
    }
}
