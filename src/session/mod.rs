//! A battle on disk, for every face: open a scenario or save (read-only, or under the writer's
//! lock), replay it, record each new command durably before it is shown, start a new save. The
//! dashboard (`tui`) and the headless commands (`cli`) both use it; neither uses the other.
use crate::core::classes::{self, ClassSource};
use crate::core::game::{Journal, Record};
use crate::core::ruleset::Ruleset;
use crate::rulesets::{DefaultRuleset, Registered};
use crate::store::{self, Loaded, SaveWriter, StoreError, LOG_MARKER};
use std::path::{Path, PathBuf};

/// The default ruleset's demo battle (`umpire` with no command), compiled in so `umpire` works
/// from any directory; every ruleset's is its `Registered::DEMO` (`rulesets::demo`).
pub const DEMO_NAME: &str = <DefaultRuleset as Registered>::DEMO_PATH;
pub const DEMO: &str = <DefaultRuleset as Registered>::DEMO;
/// The Dreadnoughts & Battlewagons demo battle (`umpire demo FILE --ruleset dnb-standard`).
pub const DEMO_DNB: &str = <crate::rulesets::dnb::game::Dnb as Registered>::DEMO;
/// The late-19th-century naval demo battle (`umpire demo FILE --ruleset late19-naval`).
pub const DEMO_LATE19: &str = <crate::rulesets::late19::game::Late19 as Registered>::DEMO;
/// The A&A fast-play demo battle (`umpire demo FILE --ruleset aage-qr-2020`).
pub const DEMO_AAGE: &str = <crate::rulesets::aage::game::Aage as Registered>::DEMO;
/// The Quickfire 1.1 demo battle (`umpire demo FILE --ruleset quickfire-1.1`).
pub const DEMO_QUICKFIRE: &str = <crate::rulesets::quickfire::game::Quickfire as Registered>::DEMO;

/// A failure the user sees: the message names file, line, command or ship.
#[derive(Debug)]
pub struct Error {
    pub message: String,
    /// 1: a command or expect failed; 2: bad files or arguments.
    pub code: i32,
}

impl Error {
    pub fn input(message: impl Into<String>) -> Error {
        Error {
            message: message.into(),
            code: 2,
        }
    }
    pub fn failed(message: impl Into<String>) -> Error {
        Error {
            message: message.into(),
            code: 1,
        }
    }
}

/// A battle read from a scenario or save file and replayed to its current state, for any
/// ruleset; [`Battle`] is one of the default ruleset (FG&DN).
pub struct Session<R: Ruleset> {
    pub path: Option<PathBuf>,
    pub name: String,
    pub scenario_text: String,
    pub scenario: R::Setup,
    pub game: Journal<R>,
    pub entry_lines: Vec<usize>,
    pub warnings: Vec<String>,
}

/// One entry of the log, as `umpire log --format json` gives it.
#[derive(Debug, serde::Serialize)]
pub struct LogLine {
    pub seq: u64,
    pub clock: String,
    pub command: String,
    pub typed: Option<String>,
    pub wall: Option<String>,
    pub in_effect: bool,
    pub lines: Vec<String>,
}

impl LogLine {
    /// An entry with its lines (worded on the state it was decided on).
    pub fn of<R: Ruleset>(e: &Record<R>, in_effect: bool, lines: Vec<String>) -> LogLine {
        LogLine {
            seq: e.seq,
            clock: e.clock.to_string(),
            command: e.cmd.clone(),
            typed: e.typed.clone(),
            wall: e.wall.clone(),
            in_effect,
            lines,
        }
    }
}

impl<R: Ruleset> Session<R> {
    /// Every entry with its lines, worded on the state it was decided on
    /// ([`Journal::words`]).
    pub fn log_lines(&self) -> Vec<LogLine> {
        self.log_lines_of(None)
    }

    /// As [`Session::log_lines`], only the entries that name the ship `id` (in the command or
    /// in any of its events) when one is given.
    pub fn log_lines_of(&self, ship: Option<&str>) -> Vec<LogLine> {
        let game = &self.game;
        game.entries()
            .iter()
            .zip(game.words(0))
            .enumerate()
            .filter(|(_, (e, _))| ship.is_none_or(|id| names_ship(e, id)))
            .map(|(i, (e, lines))| LogLine::of(e, game.stands(i), lines))
            .collect()
    }
}

/// Whether an entry names the ship `id`: a word of its command, or a text field of one of its
/// events (every ruleset records a ship by its id), compared without case.
pub fn names_ship<R: Ruleset>(entry: &Record<R>, id: &str) -> bool {
    fn names(v: &serde_json::Value, id: &str) -> bool {
        match v {
            serde_json::Value::String(s) => s.eq_ignore_ascii_case(id),
            serde_json::Value::Array(a) => a.iter().any(|x| names(x, id)),
            serde_json::Value::Object(m) => m.values().any(|x| names(x, id)),
            _ => false,
        }
    }
    let words = crate::core::tokens::tokenize(&entry.cmd).unwrap_or_default();
    words.iter().any(|w| w.eq_ignore_ascii_case(id))
        || entry
            .events
            .iter()
            .any(|e| serde_json::to_value(e).is_ok_and(|v| names(&v, id)))
}

/// A battle of the default ruleset (FG&DN), as its own tools hold it.
pub type Battle = Session<DefaultRuleset>;

impl<R: Ruleset> Session<R> {
    /// Build from text already read (the demo, or a file).
    pub fn from_text(name: &str, text: &str, tables: R::Tables) -> Result<Session<R>, Error> {
        let loaded: Loaded<Record<R>> =
            store::parse_save(name, text).map_err(|e| Error::input(e.to_string()))?;
        Session::from_loaded(None, name, loaded, tables)
    }

    /// Open a save read-only: no lock is taken and nothing is written, so this works while
    /// another umpire is writing to it, on a read-only file, and on a full disk. `status`,
    /// `log` and `check` use it; so can the dashboard's read-only view.
    pub fn open(path: &Path, tables: R::Tables) -> Result<Session<R>, Error> {
        let name = path.display().to_string();
        let loaded: Loaded<Record<R>> =
            store::read_save(path).map_err(|e| Error::input(e.to_string()))?;
        Session::from_loaded(Some(path.to_path_buf()), &name, loaded, tables)
    }

    /// The same as [`Session::open`]; the name says what it promises.
    pub fn open_read_only(path: &Path, tables: R::Tables) -> Result<Session<R>, Error> {
        Session::open(path, tables)
    }

    /// Open a save to play on: take the writer's lock (refused, naming the holder, when another
    /// umpire has it: see [`store::writer_lock`]), read it once under the lock, replay it. Every
    /// command is then appended with the returned writer before it is reported.
    pub fn open_writable(
        path: &Path,
        tables: R::Tables,
    ) -> Result<(Session<R>, SaveWriter), Error> {
        let name = path.display().to_string();
        let (writer, loaded) =
            SaveWriter::open_loaded::<Record<R>>(path).map_err(|e| Error::input(e.to_string()))?;
        let plain = (!loaded.has_log).then(|| loaded.scenario_text.clone());
        let battle = Session::from_loaded(Some(path.to_path_buf()), &name, loaded, tables)?;
        if plain.is_some_and(|t| t != battle.scenario_text) {
            return Err(Error::input(format!(
                "{name}: this scenario takes classes from class files or the class library, and \
                 a battle's save must hold them: start a new save (`umpire play {name}`, or \
                 `umpire run {name} --script SCRIPT --save OUT`)"
            )));
        }
        Ok((battle, writer))
    }

    /// Build from a save already read and split (`store::read_save`, the watcher's follower,
    /// `umpire carry`, which needs the bytes too).
    pub fn from_loaded(
        path: Option<PathBuf>,
        name: &str,
        loaded: Loaded<Record<R>>,
        tables: R::Tables,
    ) -> Result<Session<R>, Error> {
        // SPEC 9: a scenario's classes from its class files and the user's library are copied
        // into the text the battle keeps (and a new save embeds); a save reads only its own.
        let sources = if loaded.has_log {
            Vec::new()
        } else {
            class_sources::<R>(path.as_deref(), &loaded.scenario_text)?
        };
        let resolved = classes::resolve(&loaded.scenario_text, &sources)
            .map_err(|errors| Error::input(errors.join("\n")))?;
        let scenario = R::parse_setup(name, &resolved.text).map_err(|errors| {
            let errors: Vec<String> = errors
                .iter()
                .map(|e| classes::remap(e, name, &resolved))
                .collect();
            Error::input(errors.join("\n"))
        })?;
        let game = Journal::replay(&scenario, tables, loaded.entries).map_err(|e| {
            let line = match &e {
                crate::core::game::GameError::Replay { seq, .. } => loaded
                    .entry_lines
                    .get((*seq as usize).saturating_sub(1))
                    .copied()
                    .unwrap_or(0),
                _ => 0,
            };
            Error::input(format!("{name}:{line}: {e}"))
        })?;
        Ok(Session {
            path,
            name: name.to_string(),
            scenario_text: resolved.text,
            scenario,
            game,
            entry_lines: loaded.entry_lines,
            warnings: loaded.warnings,
        })
    }

    /// Make a prepared entry durable in the save, then take it into the game; returns the log
    /// lines that explain it. Nothing changes if the append fails: "durable before shown".
    ///
    /// If the save was deleted, replaced or rewritten underneath (`cp other.toml save.toml`),
    /// nothing is written to it, and the battle as this session holds it (the scenario text and
    /// every confirmed entry) is written to a new file beside it, read back, opened and replayed
    /// to the same state before the message says the commands are there ([`Session::is_copy`]).
    pub fn record(
        &mut self,
        writer: &mut SaveWriter,
        entry: Record<R>,
        wall: Option<String>,
    ) -> Result<Vec<String>, StoreError> {
        self.record_worded(writer, entry, wall)
            .map(|(lines, _)| lines)
    }

    /// [`Session::record`], with the entry's own lines as well ([`Ruleset::entry_lines`] on
    /// the state it was decided on, as the log panel shows them): worded once for both.
    pub fn record_worded(
        &mut self,
        writer: &mut SaveWriter,
        mut entry: Record<R>,
        wall: Option<String>,
    ) -> Result<(Vec<String>, Vec<String>), StoreError> {
        entry.wall = wall;
        let text = || self.save_text();
        let verify = |path: &Path| self.is_copy(path);
        let rescue = store::Rescue {
            text: &text,
            verify: &verify,
        };
        writer.append_or_rescue(&entry, &rescue)?;
        let before = entry.clock;
        let worded = R::entry_lines(&self.game.state, &entry);
        let mut lines = vec![format!("> {} {}", entry.clock, entry.cmd)];
        lines.extend(worded.iter().map(|l| format!("  {l}")));
        self.game.commit(entry);
        let now = R::clock(&self.game.state);
        if now != before {
            lines.push(format!("  now {now}"));
        }
        Ok((lines, worded))
    }
}

impl<R: Ruleset> Session<R> {
    /// The whole save as this session holds it: the scenario text and every confirmed entry, in
    /// the save format (what a rescue writes).
    pub fn save_text(&self) -> Result<String, String> {
        store::save_text(&self.name, &self.scenario_text, self.game.entries())
            .map_err(|e| e.to_string())
    }

    /// Whether the save at `path` is this battle: it opens, and replays to the same log length
    /// and the same state. The "why not" completes "it ...".
    pub fn is_copy(&self, path: &Path) -> Result<(), String> {
        let copy = Session::<R>::open(path, self.game.tables.clone())
            .map_err(|e| format!("does not open: {}", e.message))?;
        let (n, m) = (copy.game.entries().len(), self.game.entries().len());
        if n != m {
            return Err(format!("holds {n} commands instead of {m}"));
        }
        if copy.game.state != self.game.state {
            return Err("does not replay to the battle as it stands".to_string());
        }
        Ok(())
    }
}

/// Wall-clock time of an entry (RFC 3339, milliseconds, UTC).
pub fn wall_now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// The default ruleset's tables (its own tools), or exactly what is wrong with
/// them.
pub fn tables(
    dir: Option<&Path>,
) -> Result<<DefaultRuleset as crate::core::ruleset::Rules>::Tables, Error> {
    tables_for::<DefaultRuleset>(dir)
}

/// A ruleset's tables: built in, with the files of `dir` (`--tables DIR`, or the user's
/// `<config>/umpire/tables/<ruleset id>` when it exists) replacing those of the same name.
pub fn tables_for<R: Ruleset>(dir: Option<&Path>) -> Result<R::Tables, Error> {
    let files =
        store::tables::table_files(dir, R::ID).map_err(|errors| Error::input(errors.join("\n")))?;
    R::tables_with(&files).map_err(|errors| Error::input(errors.join("\n")))
}

/// The user's data directory for saves (`~/.local/share/umpire/saves` on Linux).
pub fn default_data_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "umpire").map(|d| d.data_dir().join("saves"))
}

/// The user's config directory: `UMPIRE_CONFIG_DIR` when set (tests, a club's shared
/// folder), else the platform's (`~/.config/umpire` on Linux).
pub fn config_dir() -> Option<PathBuf> {
    match std::env::var_os("UMPIRE_CONFIG_DIR") {
        Some(d) if !d.is_empty() => Some(PathBuf::from(d)),
        _ => directories::ProjectDirs::from("", "", "umpire").map(|d| d.config_dir().to_path_buf()),
    }
}

/// The user's class library for a ruleset (SPEC 9): `<config>/classes/<ruleset>/`.
pub fn class_library_dir(ruleset: &str) -> Option<PathBuf> {
    config_dir().map(|d| d.join("classes").join(ruleset))
}

/// The class files of the user's library for a ruleset, by name (none when the folder does not
/// exist).
pub fn class_library_files(ruleset: &str) -> Vec<PathBuf> {
    let Some(dir) = class_library_dir(ruleset) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml") && p.is_file())
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// Read a class file (no larger than a scenario may be) and check it with the ruleset's rules.
pub fn read_class_file<R: Ruleset>(path: &Path) -> Result<ClassSource, Vec<String>> {
    let name = path.display().to_string();
    let size = std::fs::metadata(path)
        .map_err(|e| vec![format!("{name}: cannot read the class file: {e}")])?
        .len();
    if size > store::MAX_SCENARIO_BYTES {
        return Err(vec![format!(
            "{name}: {size} bytes is larger than a class file may be ({} bytes)",
            store::MAX_SCENARIO_BYTES
        )]);
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| vec![format!("{name}: cannot read the class file: {e}")])?;
    R::check_classes(&name, &text)?;
    Ok(ClassSource {
        file: name,
        text,
        library: false,
    })
}

/// The class files a scenario needs (SPEC 9): those it names (relative to its folder), each
/// checked whole, then, if a ship's class is still not found, every file of the user's library.
pub fn class_sources<R: Ruleset>(
    scenario: Option<&Path>,
    text: &str,
) -> Result<Vec<ClassSource>, Error> {
    class_sources_in::<R>(scenario, text, &class_library_files(R::ID))
}

/// [`class_sources`] with the library's files given (the builder's, tests).
pub fn class_sources_in<R: Ruleset>(
    scenario: Option<&Path>,
    text: &str,
    library: &[PathBuf],
) -> Result<Vec<ClassSource>, Error> {
    let base = scenario
        .and_then(|p| p.parent())
        .map(Path::to_path_buf)
        .unwrap_or_default();
    let mut sources = Vec::new();
    let mut errors = Vec::new();
    for named in classes::named_files(text) {
        match read_class_file::<R>(&base.join(&named)) {
            Ok(s) => sources.push(s),
            Err(e) => errors.extend(e),
        }
    }
    let wanted = classes::wanted(text);
    let found = |sources: &[ClassSource], id: &str| {
        sources.iter().any(|s| {
            classes::class_ids(&s.file, &s.text).is_ok_and(|ids| ids.iter().any(|(i, _)| i == id))
        })
    };
    if wanted.iter().any(|id| !found(&sources, id)) {
        for path in library {
            match read_class_file::<R>(path) {
                Ok(mut s) => {
                    s.library = true;
                    sources.push(s);
                }
                Err(e) => errors.extend(e),
            }
        }
    }
    if errors.is_empty() {
        Ok(sources)
    } else {
        Err(Error::input(errors.join("\n")))
    }
}

/// Whether a file's text is a save (a scenario followed by its log).
pub fn is_save(text: &str) -> bool {
    text.lines().any(|l| l == LOG_MARKER)
}

/// Start a new save at `path` from a scenario (and any log it already has).
pub fn new_save<R: Ruleset>(path: &Path, source: &Session<R>) -> Result<(), Error> {
    if path.exists() {
        return Err(Error::input(format!(
            "{}: already exists; choose another name, or `umpire play {}` to continue it",
            path.display(),
            path.display()
        )));
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::input(format!("{}: cannot create: {e}", dir.display())))?;
    }
    let entries: Vec<&Record<R>> = source.game.entries().iter().collect();
    store::create_save(path, &source.scenario_text, &entries)
        .map_err(|e| Error::input(e.to_string()))
}

/// The ruleset of a scenario or save file (SPEC 8), read from its `[scenario] ruleset` key
/// before the rest is parsed. A file that cannot be read is left to the opening face, which
/// says why; an unknown ruleset is refused with the list of known ones.
pub fn ruleset_of(path: &Path) -> Result<&'static str, Error> {
    use std::io::Read;
    let mut head = Vec::new();
    let read = std::fs::File::open(path).and_then(|f| f.take(256 * 1024).read_to_end(&mut head));
    if read.is_err() {
        return Ok(crate::core::ruleset::RULESETS[0]);
    }
    let text = String::from_utf8_lossy(&head);
    let scenario = text.split(LOG_MARKER).next().unwrap_or("");
    crate::core::ruleset::sniff(scenario)
        .map_err(|e| Error::input(format!("{}: [scenario] {e}", path.display())))
}
