//! The headless faces written once for a battle of any ruleset, through the generic session:
//! the text of `status`, the `log`, the `report` and `check` read only what every ruleset gives
//! (its status JSON, its log lines, its screen model's fleet, its journal). A ruleset with words
//! of its own for one of them says so by a hook of `rulesets::Registered` (FG&DN's status, log
//! and report); `cli::status`, `cli::log` and `cli::report` pick the hook or these.
use crate::cli::text::printable_lines;
use crate::cli::CliError;
use crate::core::board::Board;
use crate::core::game::Journal;
use crate::core::ruleset::Ruleset;
use crate::core::text::{csv_row, html_escape as esc, html_table, wall_text, REPORT_CSS};
use crate::rulesets::Registered;
use crate::session::{LogLine, Session};
use serde_json::Value;
use std::path::Path;

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

/// A ship's status fields beyond id, name, side and status that have a plain value (text,
/// number, yes/no, a list of words): (key, value).
fn plain_values(ship: &Value) -> Vec<(String, String)> {
    let head = ["id", "name", "side", "status"];
    ship.as_object()
        .into_iter()
        .flatten()
        .filter(|(k, _)| !head.contains(&k.as_str()))
        .filter_map(|(k, x)| scalar(x).filter(|t| !t.is_empty()).map(|t| (k.clone(), t)))
        .collect()
}

/// A ship's plain status fields as `key value`, the key in words.
fn plain_fields(ship: &Value) -> Vec<String> {
    plain_values(ship)
        .into_iter()
        .map(|(k, t)| format!("{} {t}", crate::core::words::words(&k)))
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

/// The ship `--ship` names, by id or name (without case), as its id; else a message listing
/// the ships of the battle.
pub fn ship_id<R: Ruleset>(battle: &Session<R>, ship: &str) -> Result<String, CliError> {
    let status = R::status_json(&battle.game.state, &battle.game.tables);
    let ships = status["ships"].as_array().cloned().unwrap_or_default();
    let text = |v: &Value, k: &str| v[k].as_str().unwrap_or("").to_string();
    ships
        .iter()
        .find(|s| {
            text(s, "id").eq_ignore_ascii_case(ship) || text(s, "name").eq_ignore_ascii_case(ship)
        })
        .map(|s| text(s, "id"))
        .ok_or_else(|| {
            let ids: Vec<String> = ships.iter().map(|s| text(s, "id")).collect();
            CliError::input(format!(
                "--ship: ship \"{ship}\" is not in this battle (ships: {})",
                ids.join(", ")
            ))
        })
}

/// `umpire log FILE [--ship ID] [--format text|md|csv|json]`: every entry with its clock,
/// wall-clock time, the command (as typed when it differs) and what it did, dice included;
/// with `--ship`, the entries that name the ship.
pub fn log_text<R: Ruleset>(
    battle: &Session<R>,
    ship: Option<&str>,
    format: crate::cli::log::Format,
) -> Result<String, CliError> {
    use crate::cli::log::Format;
    let ship = ship.map(|s| ship_id(battle, s)).transpose()?;
    let lines = battle.log_lines_of(ship.as_deref());
    let mut s = String::new();
    match format {
        Format::Json => {
            return serde_json::to_string_pretty(&lines).map_err(|e| CliError::input(e.to_string()))
        }
        Format::Text => {
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
        }
        Format::Md => {
            let status = R::status_json(&battle.game.state, &battle.game.tables);
            let name = status["scenario"]["name"].as_str().unwrap_or("");
            s.push_str(&format!("# Battle log: {name}\n\n"));
            for l in &lines {
                let undone = if l.in_effect { "" } else { " *(undone)*" };
                let wall = l
                    .wall
                    .as_deref()
                    .map(|w| format!(" ({})", wall_text(w)))
                    .unwrap_or_default();
                s.push_str(&format!(
                    "- **#{} {}** `{}`{undone}{wall}\n",
                    l.seq, l.clock, l.command
                ));
                if let Some(t) = &l.typed {
                    s.push_str(&format!("  - typed: `{t}`\n"));
                }
                for e in &l.lines {
                    s.push_str(&format!("  - {}\n", e.trim()));
                }
            }
        }
        Format::Csv => return Ok(log_csv(&lines)),
    }
    Ok(s)
}

/// The log as CSV: one row per line of an entry (one row for an entry without lines).
fn log_csv(lines: &[LogLine]) -> String {
    let mut s = String::from("seq,clock,wall,command,in_effect,text,typed\n");
    for l in lines {
        let head = [
            l.seq.to_string(),
            l.clock.clone(),
            l.wall.clone().unwrap_or_default(),
            l.command.clone(),
            l.in_effect.to_string(),
        ];
        let typed = l.typed.clone().unwrap_or_default();
        let texts: Vec<&str> = if l.lines.is_empty() {
            vec![""]
        } else {
            l.lines.iter().map(|x| x.trim()).collect()
        };
        for text in texts {
            let mut row = head.to_vec();
            row.push(text.to_string());
            row.push(typed.clone());
            csv_row(&mut s, &row);
        }
    }
    s
}

/// `umpire check` of a scenario or save of this ruleset: it opens, replays, and every command
/// in effect re-decides to the recorded events from the recorded dice.
pub fn check_file<R: Registered>(path: &Path, tables: R::Tables) -> Vec<String> {
    let name = path.display().to_string();
    match Session::<R>::open(path, tables.clone()) {
        Err(e) => e.message.lines().map(str::to_string).collect(),
        Ok(b) => {
            let mut problems: Vec<String> = b
                .warnings
                .iter()
                .cloned()
                .chain(
                    R::setup_warnings(&b.scenario)
                        .into_iter()
                        .map(|w| format!("{name}: {w}")),
                )
                .map(|w| format!("warning: {w}"))
                .collect();
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

/// The after-action report of a battle of any ruleset, built from the recorded log and the
/// ruleset's status: nothing is rolled again.
struct Summary {
    name: String,
    /// Rule system, game span, commands in effect and undone, wall-clock span.
    facts: String,
    /// Each side, in order of first appearance, with its ships' rows: ship (id), status, and
    /// every other plain status field.
    sides: Vec<(String, Vec<Vec<String>>)>,
    /// `name (side): status` of each ship not afloat; a sunk one's `in turn T: why` after it.
    lost: Vec<String>,
    /// `name (side): status` of each ship still in the battle whose status is not `afloat`
    /// (a hulk, a ship at risk of sinking, one that broke off...).
    other: Vec<String>,
    log: Vec<LogLine>,
    /// The ships of the ruleset's status, as it gives them.
    ships: Vec<Value>,
    json: Value,
}

fn summary<R: Board>(battle: &Session<R>) -> Summary {
    let game = &battle.game;
    let status = R::status_json(&game.state, &game.tables);
    let log = battle.log_lines();
    let entries = game.entries();
    // Commands in effect, and those undone since: an undo or a redo is neither.
    let in_effect = game.in_effect_indices().len();
    let undone = (0..entries.len()).filter(|i| !game.stands(*i)).count();
    let from = entries
        .first()
        .map(|e| e.clock.to_string())
        .unwrap_or_else(|| R::clock(&game.state).to_string());
    let to = R::clock(&game.state).to_string();
    let walls: Vec<&str> = entries.iter().filter_map(|e| e.wall.as_deref()).collect();
    let ships = status["ships"].as_array().cloned().unwrap_or_default();
    let text = |v: &Value, k: &str| v[k].as_str().unwrap_or("").to_string();
    let json = serde_json::json!({
        "scenario": status["scenario"],
        "ruleset": R::ID,
        "from": from,
        "to": to,
        "commands": in_effect,
        "undone": undone,
        "wall_clock": { "first": walls.first(), "last": walls.last() },
        "ships": ships,
        "log": log,
    });
    let mut facts = format!(
        "Rule system `{}`; from {from} to {to}; {} command{} in effect, {undone} undone",
        R::ID,
        in_effect,
        if in_effect == 1 { "" } else { "s" }
    );
    if let (Some(a), Some(b)) = (walls.first(), walls.last()) {
        facts.push_str(&format!(
            "; wall clock {} to {}",
            wall_text(a),
            wall_text(b)
        ));
    }
    let mut sides: Vec<(String, Vec<Vec<String>>)> = Vec::new();
    for ship in &ships {
        let side = text(ship, "side");
        let row = vec![
            format!("{} ({})", text(ship, "name"), text(ship, "id")),
            text(ship, "status"),
            plain_fields(ship).join(", "),
        ];
        match sides.iter_mut().find(|(s, _)| *s == side) {
            Some((_, rows)) => rows.push(row),
            None => sides.push((side, vec![row])),
        }
    }
    // Lost: what the ruleset's fleet table shows as out of the battle (sunk).
    let out: Vec<String> = R::fleet(&game.state, &game.tables)
        .into_iter()
        .filter(|r| r.out)
        .map(|r| r.id)
        .collect();
    // A sunk ship says when and why, where her ruleset's status gives it (SPEC 10).
    let line = |x: &Value| {
        let when = x["sunk_at"]
            .as_str()
            .map_or(String::new(), |t| format!(" in turn {t}"));
        let why = x["sunk_by"]
            .as_str()
            .map_or(String::new(), |w| format!(": {w}"));
        format!(
            "{} ({}): {}{when}{why}",
            text(x, "name"),
            text(x, "side"),
            text(x, "status")
        )
    };
    let (lost, other): (Vec<&Value>, Vec<&Value>) = ships
        .iter()
        .filter(|x| x["status"].as_str().is_some_and(|st| st != "afloat"))
        .partition(|x| out.contains(&text(x, "id")));
    let (lost, other) = (
        lost.into_iter().map(line).collect(),
        other.into_iter().map(line).collect(),
    );
    Summary {
        name: text(&status["scenario"], "name"),
        facts,
        sides,
        lost,
        other,
        log,
        ships,
        json,
    }
}

/// One row per ship: side, id, name, status, then a column per plain status field of the
/// ruleset (the union over the ships, in the order the status first gives them).
fn ships_csv(ships: &[Value]) -> String {
    let mut keys: Vec<String> = Vec::new();
    for ship in ships {
        for (k, _) in plain_values(ship) {
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    let mut s = String::new();
    let mut head: Vec<String> = ["side", "id", "name", "status"].map(String::from).to_vec();
    head.extend(keys.iter().cloned());
    csv_row(&mut s, &head);
    for ship in ships {
        let values = plain_values(ship);
        let mut row: Vec<String> = ["side", "id", "name", "status"]
            .iter()
            .map(|k| ship[*k].as_str().unwrap_or("").to_string())
            .collect();
        // A field the ship has no value for (null, or absent) is an empty cell.
        row.extend(
            keys.iter()
                .map(|k| match values.iter().find(|(key, _)| key == k) {
                    Some((_, t)) if !ship[k].is_null() => t.clone(),
                    _ => String::new(),
                }),
        );
        csv_row(&mut s, &row);
    }
    s
}

const SHIP_HEAD: [&str; 3] = ["ship", "status", "end state"];

/// `umpire report FILE [--format md|html|csv|json] [--csv-table ships|events]` for any
/// ruleset: the summary (rule system, game and wall-clock span, commands in effect and undone),
/// every ship's end state by side from the ruleset's status, the ships lost, and the log with
/// every die. CSV is one row per ship, or one row per log line (`--csv-table events`).
pub fn report<R: Board>(
    battle: &Session<R>,
    format: crate::cli::report::Format,
    table: crate::cli::report::CsvTable,
) -> Result<String, CliError> {
    use crate::cli::report::{CsvTable, Format};
    let r = summary(battle);
    Ok(match format {
        Format::Json => {
            serde_json::to_string_pretty(&r.json).map_err(|e| CliError::input(e.to_string()))?
        }
        Format::Md => report_md(&r),
        Format::Html => report_html(&r),
        Format::Csv => match table {
            CsvTable::Ships => ships_csv(&r.ships),
            CsvTable::Events => log_csv(&r.log),
        },
    })
}

fn report_md(r: &Summary) -> String {
    let mut s = format!(
        "# After-action report: {}\n\n{}.\n\n## Ships\n\n",
        r.name, r.facts
    );
    for (side, rows) in &r.sides {
        s.push_str(&format!(
            "### {side}\n\n| {} |\n|---|---|---|\n",
            SHIP_HEAD.join(" | ")
        ));
        for row in rows {
            s.push_str(&format!(
                "| {} | {} | {} |\n",
                row[0],
                row[1],
                row[2].replace('|', "/")
            ));
        }
        s.push('\n');
    }
    s.push_str("## Losses\n\n");
    if r.lost.is_empty() {
        s.push_str("None.\n");
    } else {
        for l in &r.lost {
            s.push_str(&format!("- {l}\n"));
        }
    }
    if !r.other.is_empty() {
        s.push_str("\n## Still in the battle, not in good order\n\n");
        for l in &r.other {
            s.push_str(&format!("- {l}\n"));
        }
    }
    s.push_str("\n## Log\n\n```\n");
    for l in &r.log {
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
    printable_lines(&s).into_owned()
}

/// One printable page: inline CSS, no scripts, nothing fetched (as FG&DN's report).
fn report_html(r: &Summary) -> String {
    use std::fmt::Write as _;
    let mut o = String::new();
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>After-action report: {}</title>\n<style>{REPORT_CSS}</style>\n</head>\n<body>\n",
        esc(&r.name)
    );
    let _ = writeln!(o, "<h1>After-action report: {}</h1>", esc(&r.name));
    let _ = writeln!(o, "<p class=\"facts\">{}.</p>", esc(&r.facts));
    let _ = writeln!(o, "<h2>Ships</h2>");
    for (side, rows) in &r.sides {
        let _ = writeln!(o, "<h3>{}</h3>", esc(side));
        html_table(&mut o, &SHIP_HEAD, rows);
    }
    let _ = writeln!(o, "<h2>Losses</h2>");
    if r.lost.is_empty() {
        o.push_str("<p>None.</p>\n");
    } else {
        o.push_str("<ul>\n");
        for l in &r.lost {
            let _ = writeln!(o, "<li class=\"lost\">{}</li>", esc(l));
        }
        o.push_str("</ul>\n");
    }
    if !r.other.is_empty() {
        let _ = writeln!(o, "<h2>Still in the battle, not in good order</h2>\n<ul>");
        for l in &r.other {
            let _ = writeln!(o, "<li>{}</li>", esc(l));
        }
        o.push_str("</ul>\n");
    }
    let _ = writeln!(o, "<h2>Log</h2>");
    let rows: Vec<Vec<String>> = r
        .log
        .iter()
        .map(|l| {
            let mut what: Vec<String> = l.lines.iter().map(|x| x.trim().to_string()).collect();
            if !l.in_effect {
                what.insert(0, "(undone)".into());
            }
            vec![
                format!("#{}", l.seq),
                l.clock.clone(),
                format!("`{}`", l.command.replace('`', "'")),
                what.join("; "),
            ]
        })
        .collect();
    html_table(&mut o, &["#", "clock", "command", "what it did"], &rows);
    o.push_str("</body>\n</html>\n");
    o
}
