//! `umpire status FILE [--json]` (SPEC 5) of any ruleset: its status JSON, or as text. A
//! ruleset may word it itself (`Registered::status_text`: FG&DN's table of DP, speed, fire,
//! flooding and damage control, `rulesets/fgdn/status_text.rs`); the others get the text written
//! once from their status JSON (`cli::ruleset::status_text`).
use crate::cli::text::printable_lines;
use crate::cli::{out, CliError};
use crate::rulesets::Registered;
use crate::session::Session;

/// `umpire status --json`.
pub fn json<R: Registered>(battle: &Session<R>) -> Result<String, CliError> {
    match R::status_json_text(&battle.game) {
        Some(text) => text.map_err(CliError::input),
        None => {
            let v = R::status_json(&battle.game.state, &battle.game.tables);
            serde_json::to_string_pretty(&v).map_err(|e| CliError::input(e.to_string()))
        }
    }
}

/// `umpire status` as text (before the last escaping of [`run`]).
pub fn text<R: Registered>(battle: &Session<R>) -> String {
    match R::status_text(&battle.scenario, &battle.game) {
        Some(text) => text,
        None => crate::cli::ruleset::status_text(&R::status_json(
            &battle.game.state,
            &battle.game.tables,
        )),
    }
}

pub fn run<R: Registered>(battle: &Session<R>, as_json: bool) -> Result<(), CliError> {
    for w in &battle.warnings {
        eprintln!("warning: {}", printable_lines(w));
    }
    if as_json {
        out(&json(battle)?);
    } else {
        // Every field is escaped already; this catches anything a future field forgets.
        out(&printable_lines(&text(battle)));
    }
    Ok(())
}
