//! `umpire import ROSTER.csv --ruleset ID --out SCENARIO.toml` and `umpire export SCENARIO.toml
//! --out ROSTER.csv` (SPEC 9): a spreadsheet of ships to a scenario and back. Every bad cell is
//! reported with its row and column, and nothing is written until all are good.
//!
//! Written once for every ruleset: the pure part is [`crate::core::roster`], each ruleset's
//! columns are its [`Roster`] (reached by id through [`crate::rulesets::visit`]); this
//! face reads the roster and the class files, checks the scenario as `umpire play` will read
//! it, and writes atomically.
use crate::cli::text::csv_cell;
use crate::cli::{out, CliError};
use crate::core::classes;
use crate::core::roster::{self, Roster, Settings};
use crate::rulesets::{visit, Registered, Visitor};
use crate::session::Session;
use crate::store;
use std::path::Path;

/// What `umpire import` is given besides the roster.
pub struct ImportArgs<'a> {
    pub roster: &'a Path,
    pub ruleset: &'a str,
    pub out: &'a Path,
    pub force: bool,
    pub name: Option<String>,
    /// The first turn (default: the ruleset's, `1200` for FG&DN, `1` for the others).
    pub start: Option<String>,
    pub date: Option<String>,
    pub seed: Option<u64>,
    pub sea_state: Option<u32>,
    /// Class files the scenario names (`[scenario] classes`).
    pub classes: Vec<std::path::PathBuf>,
}

/// `file` as a path relative to the folder `dir` (both as the file system sees them), for a
/// scenario's `classes` key; `file` made absolute when they share nothing.
fn relative_to(dir: &Path, file: &Path) -> Result<String, CliError> {
    let file = std::fs::canonicalize(file).map_err(|e| {
        CliError::input(format!(
            "{}: cannot read the class file: {e}",
            file.display()
        ))
    })?;
    let dir = std::fs::canonicalize(if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    })
    .map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
    let a: Vec<_> = dir.components().collect();
    let b: Vec<_> = file.components().collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common <= 1 {
        return Ok(file.display().to_string());
    }
    let mut rel = std::path::PathBuf::new();
    for _ in common..a.len() {
        rel.push("..");
    }
    for c in &b[common..] {
        rel.push(c);
    }
    Ok(rel.display().to_string())
}

/// The ruleset `id`'s roster, or the message that it is not one this console knows.
fn with_roster<V: Visitor<Out = Result<(), CliError>>>(id: &str, v: V) -> Result<(), CliError> {
    visit(id, v).unwrap_or_else(|| {
        Err(CliError::input(format!(
            "--ruleset: \"{id}\" is not a ruleset this console knows (known: {})",
            crate::core::ruleset::RULESETS.join(", ")
        )))
    })
}

/// `--out` for a scenario: an existing file only with `--force`, and never a save (a battle's
/// log) or a file another umpire is writing.
pub fn check_scenario_out(out: &Path, force: bool) -> Result<(), CliError> {
    if std::fs::read_to_string(out).is_ok_and(|t| crate::session::is_save(&t)) {
        return Err(CliError::input(format!(
            "{}: is a save (a battle's log); it is never replaced, even with --force: give --out another file name",
            out.display()
        )));
    }
    crate::cli::run::check_out(out, force)
        .map_err(|e| CliError::input(e.message.replace("for --save", "for --out")))
}

pub fn import(args: &ImportArgs) -> Result<(), CliError> {
    struct Import<'a>(&'a ImportArgs<'a>);
    impl Visitor for Import<'_> {
        type Out = Result<(), CliError>;
        fn visit<R: Registered>(self) -> Result<(), CliError> {
            import_as::<R>(self.0)
        }
    }
    with_roster(args.ruleset, Import(args))
}

fn problems(lines: Vec<String>) -> CliError {
    CliError::input(format!(
        "{}\nnothing written: {} problem{} in the roster",
        lines.join("\n"),
        lines.len(),
        if lines.len() == 1 { "" } else { "s" }
    ))
}

fn import_as<R: Registered>(args: &ImportArgs) -> Result<(), CliError> {
    let spec = R::ROSTER;
    check_scenario_out(args.out, args.force)?;
    let name = args.roster.display().to_string();
    let size = std::fs::metadata(args.roster)
        .map_err(|e| CliError::input(format!("{name}: cannot read: {e}")))?
        .len();
    if size > store::MAX_SCENARIO_BYTES {
        return Err(CliError::input(format!(
            "{name}: {size} bytes is larger than a roster may be ({} bytes)",
            store::MAX_SCENARIO_BYTES
        )));
    }
    let bytes = std::fs::read(args.roster)
        .map_err(|e| CliError::input(format!("{name}: cannot read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|_| {
        CliError::input(format!(
            "{name}: not UTF-8 text: save the spreadsheet as \"CSV UTF-8\""
        ))
    })?;
    let out_dir = args.out.parent().unwrap_or(Path::new(""));
    let mut classes = Vec::new();
    if spec.has_classes() {
        for c in &args.classes {
            crate::session::read_class_file::<R>(c)
                .map_err(|errors| CliError::input(errors.join("\n")))?;
            classes.push(relative_to(out_dir, c)?);
        }
    } else {
        // Refused with the roster's other problems.
        classes = args
            .classes
            .iter()
            .map(|c| c.display().to_string())
            .collect();
    }
    let settings = Settings {
        classes,
        name: args.name.clone().unwrap_or_else(|| {
            args.roster
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "Imported battle".into())
        }),
        start: args
            .start
            .clone()
            .unwrap_or_else(|| spec.default_start.to_string()),
        date: args.date.clone(),
        seed: args.seed,
        sea_state: args.sea_state,
        source: args
            .roster
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    let refused = roster::setting_problems(&spec, R::ID, &settings);
    if !refused.is_empty() {
        return Err(CliError::input(refused.join("\n")));
    }
    let import = roster::import(&spec, R::ID, &text, &settings)
        .map_err(|errors| problems(errors.iter().map(|e| format!("{name}: {e}")).collect()))?;
    // Check the scenario as `play` will read it (classes from the library), each problem at
    // its row and column.
    let sources = crate::session::class_sources::<R>(Some(args.out), &import.text)?;
    let resolved = classes::resolve(&import.text, &sources)
        .map_err(|errors| CliError::input(errors.join("\n")))?;
    let written = args.out.display().to_string();
    let scenario = R::parse_setup(&written, &resolved.text).map_err(|errors| {
        problems(
            errors
                .iter()
                .map(|e| match import.locate(&written, e) {
                    Some(cell) => format!("{name}: {cell}"),
                    None => classes::remap(e, &written, &resolved),
                })
                .collect(),
        )
    })?;
    for w in R::setup_warnings(&scenario) {
        eprintln!("warning: {}", crate::cli::text::printable(&w));
    }
    store::write_atomic(args.out, &import.text).map_err(|e| CliError::input(e.to_string()))?;
    out(&format!(
        "wrote {} ship{} to {} (umpire check {written}; umpire play {written})",
        import.ships,
        if import.ships == 1 { "" } else { "s" },
        written
    ));
    Ok(())
}

/// The roster of a scenario or save, as CSV (every cell guarded for spreadsheets); the
/// ruleset's tables from `tables` (`--tables DIR`) as when the battle is opened.
pub fn export(
    file: &Path,
    out_path: &Path,
    force: bool,
    tables: Option<&Path>,
) -> Result<(), CliError> {
    struct Export<'a> {
        file: &'a Path,
        out: &'a Path,
        force: bool,
        tables: Option<&'a Path>,
    }
    impl Visitor for Export<'_> {
        type Out = Result<(), CliError>;
        fn visit<R: Registered>(self) -> Result<(), CliError> {
            export_as::<R>(self.file, self.out, self.force, self.tables)
        }
    }
    let id = crate::session::ruleset_of(file)?;
    with_roster(
        id,
        Export {
            file,
            out: out_path,
            force,
            tables,
        },
    )
}

fn export_as<R: Roster>(
    file: &Path,
    out_path: &Path,
    force: bool,
    tables: Option<&Path>,
) -> Result<(), CliError> {
    crate::cli::report::check_out(out_path, file, force)?;
    let tables = crate::session::tables_for::<R>(tables)?;
    let battle = Session::<R>::open(file, tables)?;
    let rows = R::export_rows(&battle.scenario)
        .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    let mut text = String::new();
    for row in std::iter::once(roster::header(&R::ROSTER)).chain(rows.iter().cloned()) {
        let cells: Vec<String> = row.iter().map(|c| csv_cell(c)).collect();
        text.push_str(&cells.join(","));
        text.push('\n');
    }
    store::write_atomic(out_path, &text).map_err(|e| CliError::input(e.to_string()))?;
    out(&format!(
        "wrote {} ship{} to {}",
        rows.len(),
        if rows.len() == 1 { "" } else { "s" },
        out_path.display()
    ));
    Ok(())
}
