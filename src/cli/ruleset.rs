//! The headless faces for a battle of any ruleset, through the generic session: `status`,
//! `log` and `check` read only what every ruleset gives (its status JSON, its log lines, its
//! journal). FG&DN has richer faces of its own (`status`, `log`, `report`); the others use these.
use crate::cli::report::wall_text;
use crate::cli::text::printable_lines;
use crate::cli::{out, CliError};
use crate::core::game::Journal;
use crate::core::ruleset::Ruleset;
use crate::session::Session;
use serde_json::Value;
use std::path::Path;

/// `umpire status FILE [--json]`.
pub fn status<R: Ruleset>(battle: &Session<R>, json: bool) -> Result<(), CliError> {
    let v = R::status_json(&battle.game.state, &battle.game.tables);
    if json {
        let text = serde_json::to_string_pretty(&v).map_err(|e| CliError::input(e.to_string()))?;
        out(&text);
    } else {
        out(&printable_lines(&status_text(&v)));
    }
    Ok(())
}

fn scalar(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Null => Some("-".into()),
        Value::Array(a) if a.iter().all(|x| x.is_string()) => Some(
            a.iter()
                .filter_map(|x| x.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        ),
        _ => None,
    }
}

/// A ship's status fields beyond id, name, side and status, as `key value`, those with a plain
/// value (text, number, yes/no, a list of words).
fn plain_fields(ship: &Value) -> Vec<String> {
    let head = ["id", "name", "side", "status"];
    ship.as_object()
        .into_iter()
        .flatten()
        .filter(|(k, _)| !head.contains(&k.as_str()))
        .filter_map(|(k, x)| {
            scalar(x)
                .filter(|t| !t.is_empty())
                .map(|t| format!("{} {t}", crate::core::words::words(k)))
        })
        .collect()
}

/// The status as text: the clock, then each ship with her id, name, side and status, and every
/// other plain field of the ruleset's status as `key value`, keys and phase in words
/// (`speed max 28`; the JSON keeps its ids).
pub fn status_text(v: &Value) -> String {
    let mut s = format!(
        "{} - turn {} {}\n",
        v["scenario"]["name"].as_str().unwrap_or(""),
        v["clock"]["turn"].as_str().unwrap_or("?"),
        crate::core::words::words(v["clock"]["phase"].as_str().unwrap_or("?"))
    );
    for ship in v["ships"].as_array().into_iter().flatten() {
        s.push_str(&format!(
            "  {:<10} {:<24} {:<10} {}\n",
            ship["id"].as_str().unwrap_or(""),
            ship["name"].as_str().unwrap_or(""),
            ship["side"].as_str().unwrap_or(""),
            ship["status"].as_str().unwrap_or("")
        ));
        let rest = plain_fields(ship);
        if !rest.is_empty() {
            s.push_str(&format!("      {}\n", rest.join(", ")));
        }
    }
    s
}

/// `umpire log FILE [--format text|json]`: every entry with its clock, wall-clock time, the
/// command (as typed when it differs) and what it did, dice included.
pub fn log<R: Ruleset>(battle: &Session<R>, json: bool) -> Result<(), CliError> {
    let lines = battle.log_lines();
    if json {
        let text =
            serde_json::to_string_pretty(&lines).map_err(|e| CliError::input(e.to_string()))?;
        out(&text);
        return Ok(());
    }
    let mut s = String::new();
    for l in &lines {
        let undone = if l.in_effect { "" } else { "  (undone)" };
        s.push_str(&format!(
            "#{:<4} {} {}{undone}\n",
            l.seq, l.clock, l.command
        ));
        if let Some(w) = &l.wall {
            s.push_str(&format!("        wall clock: {}\n", wall_text(w)));
        }
        if let Some(t) = &l.typed {
            s.push_str(&format!("        typed: {t}\n"));
        }
        for e in &l.lines {
            s.push_str(&format!("        {}\n", e.trim()));
        }
    }
    out(&printable_lines(&s));
    Ok(())
}

/// `umpire check` of a scenario or save of this ruleset: it opens, replays, and every command
/// in effect re-decides to the recorded events from the recorded dice.
pub fn check_file<R: Ruleset>(path: &Path, tables: R::Tables) -> Vec<String> {
    let name = path.display().to_string();
    match Session::<R>::open(path, tables.clone()) {
        Err(e) => e.message.lines().map(str::to_string).collect(),
        Ok(b) => {
            let mut problems: Vec<String> =
                b.warnings.iter().map(|w| format!("warning: {w}")).collect();
            for note in R::table_notes(&tables) {
                problems.push(format!(
                    "note: {} table cell not in the rule text: {note}",
                    R::ID
                ));
            }
            for p in Journal::<R>::verify(&b.scenario, tables, b.game.entries()) {
                problems.push(format!("{name}: {p}"));
            }
            problems
        }
    }
}

/// `umpire report FILE [--format md|json]` for any ruleset: the summary (rule system, game and
/// wall-clock span, commands in effect and undone), every ship's end state by side from the
/// ruleset's status, the ships lost, and the log with every die. Built from the recorded log:
/// nothing is rolled again.
pub fn report<R: Ruleset>(battle: &Session<R>, json: bool) -> Result<String, CliError> {
    let game = &battle.game;
    let status = R::status_json(&game.state, &game.tables);
    let log = battle.log_lines();
    let entries = game.entries();
    let undone = (0..entries.len()).filter(|i| !game.in_effect(*i)).count();
    let from = entries
        .first()
        .map(|e| e.clock.to_string())
        .unwrap_or_else(|| R::clock(&game.state).to_string());
    let to = R::clock(&game.state).to_string();
    let walls: Vec<&str> = entries.iter().filter_map(|e| e.wall.as_deref()).collect();
    let ships = status["ships"].as_array().cloned().unwrap_or_default();
    if json {
        let v = serde_json::json!({
            "scenario": status["scenario"],
            "ruleset": R::ID,
            "from": from,
            "to": to,
            "commands": entries.len() - undone,
            "undone": undone,
            "wall_clock": { "first": walls.first(), "last": walls.last() },
            "ships": ships,
            "log": log,
        });
        return serde_json::to_string_pretty(&v).map_err(|e| CliError::input(e.to_string()));
    }
    let name = status["scenario"]["name"].as_str().unwrap_or("");
    let mut s = format!("# After-action report: {name}\n\n");
    s.push_str(&format!(
        "Rule system `{}`; from {from} to {to}; {} command{} in effect, {undone} undone",
        R::ID,
        entries.len() - undone,
        if entries.len() - undone == 1 { "" } else { "s" }
    ));
    if let (Some(a), Some(b)) = (walls.first(), walls.last()) {
        s.push_str(&format!(
            "; wall clock {} to {}",
            wall_text(a),
            wall_text(b)
        ));
    }
    s.push_str(".\n\n## Ships\n\n");
    let mut sides: Vec<&str> = Vec::new();
    for ship in &ships {
        let side = ship["side"].as_str().unwrap_or("");
        if !sides.contains(&side) {
            sides.push(side);
        }
    }
    for side in &sides {
        s.push_str(&format!(
            "### {side}\n\n| ship | status | end state |\n|---|---|---|\n"
        ));
        for ship in ships.iter().filter(|x| x["side"].as_str() == Some(side)) {
            let rest = plain_fields(ship);
            s.push_str(&format!(
                "| {} ({}) | {} | {} |\n",
                ship["name"].as_str().unwrap_or(""),
                ship["id"].as_str().unwrap_or(""),
                ship["status"].as_str().unwrap_or(""),
                rest.join(", ").replace('|', "/")
            ));
        }
        s.push('\n');
    }
    let lost: Vec<String> = ships
        .iter()
        .filter(|x| x["status"].as_str().is_some_and(|st| st != "afloat"))
        .map(|x| {
            format!(
                "- {} ({}): {}",
                x["name"].as_str().unwrap_or(""),
                x["side"].as_str().unwrap_or(""),
                x["status"].as_str().unwrap_or("")
            )
        })
        .collect();
    s.push_str("## Losses\n\n");
    if lost.is_empty() {
        s.push_str("None.\n");
    } else {
        s.push_str(&lost.join("\n"));
        s.push('\n');
    }
    s.push_str("\n## Log\n\n```\n");
    for l in &log {
        let undone = if l.in_effect { "" } else { "  (undone)" };
        s.push_str(&format!(
            "#{:<4} {} {}{undone}\n",
            l.seq, l.clock, l.command
        ));
        for e in &l.lines {
            s.push_str(&format!("        {}\n", e.trim()));
        }
    }
    s.push_str("```\n");
    Ok(printable_lines(&s).into_owned())
}
