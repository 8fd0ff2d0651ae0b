//! `umpire import ROSTER.csv --ruleset ID --out SCENARIO.toml` and `umpire export SCENARIO.toml
//! --out ROSTER.csv` (SPEC 9): a spreadsheet of ships to a scenario and back. Every bad cell is
//! reported with its row and column, and nothing is written until all are good.
use crate::cli::text::csv_cell;
use crate::cli::{out, Battle, CliError};
use crate::core::classes;
use crate::rulesets::fgdn::roster::{self, Settings};
use crate::rulesets::fgdn::scenario::{parse_scenario, side_warnings};
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::Fgdn;
use crate::store;
use std::path::Path;

/// What `umpire import` is given besides the roster.
pub struct ImportArgs<'a> {
    pub roster: &'a Path,
    pub ruleset: &'a str,
    pub out: &'a Path,
    pub force: bool,
    pub name: Option<String>,
    pub start: String,
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

fn only_fgdn(ruleset: &str, what: &str) -> Result<(), CliError> {
    match ruleset {
        "fgdn-1.1" => Ok(()),
        known if crate::core::ruleset::RULESETS.contains(&known) => {
            let a = if known.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            Err(CliError::input(format!(
                "{what} is for fgdn-1.1 rosters in this version: {a} {known} scenario is written as TOML (docs/rules-notes-{known}.md)"
            )))
        }
        other => Err(CliError::input(format!(
            "--ruleset: \"{other}\" is not a ruleset this console knows (known: {})",
            crate::core::ruleset::RULESETS.join(", ")
        ))),
    }
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
    only_fgdn(args.ruleset, "umpire import")?;
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
    for c in &args.classes {
        crate::session::read_class_file::<Fgdn>(c)
            .map_err(|errors| CliError::input(errors.join("\n")))?;
        classes.push(relative_to(out_dir, c)?);
    }
    let settings = Settings {
        classes,
        name: args.name.clone().unwrap_or_else(|| {
            args.roster
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "Imported battle".into())
        }),
        start: args.start.clone(),
        date: args.date.clone(),
        seed: args.seed,
        sea_state: args.sea_state,
        source: args
            .roster
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    let import = roster::import(&text, &settings).map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|e| format!("{name}: {e}")).collect();
        CliError::input(format!(
            "{}\nnothing written: {} problem{} in the roster",
            lines.join("\n"),
            errors.len(),
            if errors.len() == 1 { "" } else { "s" }
        ))
    })?;
    // Check the scenario as `play` will read it (classes from the library), each problem at
    // its row and column.
    let sources = crate::session::class_sources::<Fgdn>(Some(args.out), &import.text)?;
    let resolved = classes::resolve(&import.text, &sources)
        .map_err(|errors| CliError::input(errors.join("\n")))?;
    let written = args.out.display().to_string();
    let scenario = parse_scenario(&written, &resolved.text).map_err(|errors| {
        let lines: Vec<String> = errors
            .iter()
            .map(|e| match import.cell_of(e.line) {
                Some((row, column)) => format!(
                    "{name}: {}",
                    roster::CellError {
                        row,
                        column,
                        message: e.message.clone(),
                    }
                ),
                None => classes::remap(&e.to_string(), &written, &resolved),
            })
            .collect();
        CliError::input(format!(
            "{}\nnothing written: {} problem{} in the roster",
            lines.join("\n"),
            errors.len(),
            if errors.len() == 1 { "" } else { "s" }
        ))
    })?;
    for w in side_warnings(&scenario) {
        eprintln!("warning: {}", crate::cli::text::printable(&w));
    }
    store::write_atomic(args.out, &import.text).map_err(|e| CliError::input(e.to_string()))?;
    out(&format!(
        "wrote {} ship{} to {} (umpire check {written}; umpire play {written})",
        scenario.ships.len(),
        if scenario.ships.len() == 1 { "" } else { "s" },
        written
    ));
    Ok(())
}

/// The roster of a scenario or save, as CSV (every cell guarded for spreadsheets).
pub fn export(file: &Path, out_path: &Path, force: bool, tables: Tables) -> Result<(), CliError> {
    only_fgdn(crate::session::ruleset_of(file)?, "umpire export")?;
    crate::cli::report::check_out(out_path, file, force)?;
    let battle = Battle::open(file, tables)?;
    let rows = roster::export(&battle.scenario)
        .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    let mut text = String::new();
    for row in rows {
        let cells: Vec<String> = row.iter().map(|c| csv_cell(c)).collect();
        text.push_str(&cells.join(","));
        text.push('\n');
    }
    store::write_atomic(out_path, &text).map_err(|e| CliError::input(e.to_string()))?;
    out(&format!(
        "wrote {} ship{} to {}",
        battle.scenario.ships.len(),
        if battle.scenario.ships.len() == 1 {
            ""
        } else {
            "s"
        },
        out_path.display()
    ));
    Ok(())
}
