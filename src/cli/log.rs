//! `umpire log FILE [--ship ID] [--format text|md|csv|json]`: the battle log of any ruleset,
//! every entry with its clock, wall-clock time, the command as typed (when it differs from the
//! canonical command) and every die with its purpose and provenance. A ruleset may word it
//! itself (`Registered::log_text`: FG&DN's gives day, turn and phase, each line's ship and kind,
//! and what each entry changed on each ship, `rulesets/fgdn/log_text.rs`); the others get the
//! log written once from their entry lines (`cli::ruleset::log_text`).
use crate::cli::text::printable_lines;
use crate::cli::{out, CliError};
use crate::rulesets::Registered;
use crate::session::Session;
use clap::builder::PossibleValue;

pub use crate::rulesets::LogFormat as Format;

impl clap::ValueEnum for Format {
    fn value_variants<'a>() -> &'a [Self] {
        &[Format::Text, Format::Md, Format::Csv, Format::Json]
    }
    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(PossibleValue::new(match self {
            Format::Text => "text",
            Format::Md => "md",
            Format::Csv => "csv",
            Format::Json => "json",
        }))
    }
}

/// The log of a battle in `format`, only the entries about `ship` when one is given.
pub fn render<R: Registered>(
    battle: &Session<R>,
    ship: Option<&str>,
    format: Format,
) -> Result<String, CliError> {
    match R::log_text(&battle.scenario, &battle.game, ship, format) {
        Some(text) => text.map_err(CliError::input),
        None => crate::cli::ruleset::log_text(battle, ship, format),
    }
}

pub fn run<R: Registered>(
    battle: &Session<R>,
    ship: Option<&str>,
    format: Format,
) -> Result<(), CliError> {
    for w in &battle.warnings {
        eprintln!("warning: {}", printable_lines(w));
    }
    let text = render(battle, ship, format)?;
    match format {
        // Every field is escaped already; this catches anything a future field forgets.
        Format::Text | Format::Md => out(&printable_lines(&text)),
        Format::Csv | Format::Json => out(&text),
    }
    Ok(())
}
