//! `umpire report FILE [--format md|html|csv|json] [--csv-table ships|events] [--out OUT]`: the
//! after-action report of a battle of any ruleset, for campaign records (Markdown, CSV), a
//! printable page (HTML: one file, inline CSS, no scripts, nothing fetched) or everything as
//! JSON. A ruleset may give its own (`Registered::report_text`: FG&DN's has a damage chart per
//! ship and the course of every fire and flood, `rulesets/fgdn/report_text.rs`); the others get
//! the report written once from their status and log (`cli::ruleset::report`). Written to OUT
//! atomically, or to stdout.
use crate::cli::text::printable_lines;
use crate::cli::{out, CliError};
use crate::rulesets::Registered;
use crate::session::Session;
use clap::builder::PossibleValue;
use std::path::Path;

pub use crate::rulesets::{CsvTable, ReportFormat as Format};

impl clap::ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Self] {
        &[Format::Md, Format::Html, Format::Csv, Format::Json]
    }
    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(match self {
            Format::Md => "md",
            Format::Html => "html",
            Format::Csv => "csv",
            Format::Json => "json",
        }))
    }
}

impl clap::ValueEnum for CsvTable {
    fn value_variants<'a>() -> &'a [Self] {
        &[CsvTable::Ships, CsvTable::Events]
    }
    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(match self {
            CsvTable::Ships => "ships",
            CsvTable::Events => "events",
        }))
    }
}

/// `umpire report` of a battle of any ruleset: the ruleset's own report
/// ([`Registered::report_text`]), or the one written once from its status and log
/// (`cli::ruleset::report`). Written to stdout, or atomically to `out_path`.
pub fn run<R: Registered>(
    battle: &Session<R>,
    format: Format,
    table: CsvTable,
    out_path: Option<&Path>,
) -> Result<(), CliError> {
    for w in &battle.warnings {
        eprintln!("warning: {}", printable_lines(w));
    }
    if table == CsvTable::Events && format != Format::Csv {
        return Err(CliError::input(
            "--csv-table is for --format csv (the other formats hold every table)",
        ));
    }
    let text = match R::report_text(&battle.scenario, &battle.game, format, table) {
        Some(text) => text.map_err(CliError::input)?,
        None => crate::cli::ruleset::report(battle, format, table)?,
    };
    write_report(&text, battle.path.as_deref(), out_path)
}

/// A report to stdout, or atomically to `--out` (never onto the battle it reports).
pub fn write_report(
    text: &str,
    input: Option<&Path>,
    out_path: Option<&Path>,
) -> Result<(), CliError> {
    write_output(text, input, out_path, Output::REPORT)
}

/// What a command writes, for its messages.
#[derive(Debug, Clone, Copy)]
pub struct Output {
    /// "the report": what `wrote ... to OUT` says.
    pub the: &'static str,
    /// "a report": what never replaces a battle.
    pub a: &'static str,
    /// "reported": "that is the battle being ...".
    pub being: &'static str,
}

impl Output {
    pub const REPORT: Output = Output {
        the: "the report",
        a: "a report",
        being: "reported",
    };
}

/// An output (a report, the record sheets) to stdout, or atomically to `--out`, never onto
/// the battle it was made from.
pub fn write_output(
    text: &str,
    input: Option<&Path>,
    out_path: Option<&Path>,
    what: Output,
) -> Result<(), CliError> {
    match out_path {
        None => out(text),
        Some(p) => {
            if let Some(input) = input {
                if same_file(input, p) {
                    return Err(CliError::input(format!(
                        "{}: that is the battle being {}; give --out another file name",
                        p.display(),
                        what.being
                    )));
                }
            }
            crate::store::write_atomic(p, text).map_err(|e| CliError::input(e.to_string()))?;
            eprintln!("wrote {} to {}", what.the, p.display());
        }
    }
    Ok(())
}

/// `--out OUT` never replaces a battle: not a save or a scenario (the report would destroy it;
/// `--force` does not change that), not a file another umpire holds; any other existing file
/// only with `--force`.
pub fn check_out(out: &Path, input: &Path, force: bool) -> Result<(), CliError> {
    check_out_for(out, input, force, Output::REPORT)
}

/// [`check_out`] for any output.
pub fn check_out_for(out: &Path, input: &Path, force: bool, what: Output) -> Result<(), CliError> {
    let name = out.display();
    if same_file(input, out) {
        return Err(CliError::input(format!(
            "{name}: that is the battle being {}; give --out another file name",
            what.being
        )));
    }
    if let crate::store::WriterLock::HeldBy(holder) = crate::store::writer_lock(out) {
        let path = name.to_string();
        return Err(CliError::input(
            crate::store::StoreError::Locked { path, holder }.to_string(),
        ));
    }
    if std::fs::symlink_metadata(out).is_err() {
        return Ok(());
    }
    if crate::store::is_battle_file(out).unwrap_or(false) {
        return Err(CliError::input(format!(
            "{name}: is a battle (a save or a scenario); {} never replaces one, even with \
             --force: give --out another file name",
            what.a
        )));
    }
    if !force {
        return Err(CliError::input(format!(
            "{name}: already exists; choose another name for --out, or give --force to replace it"
        )));
    }
    Ok(())
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}
