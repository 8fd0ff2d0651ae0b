//! `umpire log FILE [--ship ID] [--format text|md|csv|json]`: the battle log, every entry with
//! its game time, wall-clock time, the command as typed, its dice and what changed.
use crate::cli::{out, Battle, CliError};
use crate::core::engine::find_ship;
use crate::core::event::Event;
use crate::core::view;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Md,
    Csv,
    Json,
}

#[derive(Serialize)]
struct Line<'a> {
    seq: u64,
    day: u32,
    turn: String,
    phase: &'a str,
    wall: Option<&'a str>,
    command: &'a str,
    in_effect: bool,
    lines: Vec<EventLine>,
}

#[derive(Serialize)]
struct EventLine {
    ship: Option<String>,
    kind: String,
    text: String,
}

fn kind_of(e: &Event) -> String {
    serde_json::to_value(e)
        .ok()
        .and_then(|v| v.get("e").and_then(|k| k.as_str()).map(str::to_string))
        .unwrap_or_default()
}

fn collect<'a>(battle: &'a Battle, ship: Option<&str>) -> Vec<Line<'a>> {
    let g = &battle.game;
    let mut result = Vec::new();
    for (i, entry) in g.entries().iter().enumerate() {
        let mut lines: Vec<EventLine> = entry
            .events
            .iter()
            .filter(|e| !matches!(e, Event::ClockMoved { .. }) || ship.is_none())
            .filter(|e| ship.is_none_or(|s| e.ship() == Some(s)))
            .filter_map(|e| {
                view::describe(&g.state, e).map(|text| EventLine {
                    ship: e.ship().map(str::to_string),
                    kind: kind_of(e),
                    text: text.trim().to_string(),
                })
            })
            .collect();
        let mentions = ship.is_none_or(|s| {
            entry
                .cmd
                .split_whitespace()
                .nth(1)
                .is_some_and(|w| w.eq_ignore_ascii_case(s))
        });
        if !mentions && lines.is_empty() {
            continue;
        }
        if entry.cmd == "undo" || entry.cmd == "redo" {
            lines.push(EventLine {
                ship: None,
                kind: entry.cmd.clone(),
                text: format!(
                    "{}: one command stepped {}",
                    entry.cmd,
                    if entry.cmd == "undo" {
                        "back"
                    } else {
                        "forward"
                    }
                ),
            });
        }
        result.push(Line {
            seq: entry.seq,
            day: entry.clock.day(),
            turn: entry.clock.label(),
            phase: entry.clock.phase.name(),
            wall: entry.wall.as_deref(),
            command: &entry.cmd,
            in_effect: g.in_effect(i) || entry.cmd == "undo" || entry.cmd == "redo",
            lines,
        });
    }
    result
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

pub fn render(battle: &Battle, ship: Option<&str>, format: Format) -> Result<String, CliError> {
    let ship = match ship {
        Some(s) => {
            let i = find_ship(&battle.game.state, s)
                .map_err(|e| CliError::input(format!("--ship: {e}")))?;
            Some(battle.game.state.ships[i].id().to_string())
        }
        None => None,
    };
    let lines = collect(battle, ship.as_deref());
    let mut s = String::new();
    match format {
        Format::Json => {
            s = serde_json::to_string_pretty(&lines).map_err(|e| CliError::input(e.to_string()))?;
        }
        Format::Text => {
            for l in &lines {
                let undone = if l.in_effect { "" } else { "  (undone)" };
                s.push_str(&format!(
                    "#{:<4} {} {:<13} {}{undone}\n",
                    l.seq, l.turn, l.phase, l.command
                ));
                for e in &l.lines {
                    s.push_str(&format!("        {}\n", e.text));
                }
            }
        }
        Format::Md => {
            s.push_str(&format!("# Battle log: {}\n\n", battle.scenario.name));
            for l in &lines {
                let undone = if l.in_effect { "" } else { " *(undone)*" };
                s.push_str(&format!(
                    "- **#{} {} {}** `{}`{undone}\n",
                    l.seq, l.turn, l.phase, l.command
                ));
                for e in &l.lines {
                    s.push_str(&format!("  - {}\n", e.text));
                }
            }
        }
        Format::Csv => {
            s.push_str("seq,day,turn,phase,wall,command,in_effect,ship,kind,text\n");
            for l in &lines {
                let head = format!(
                    "{},{},{},{},{},{},{}",
                    l.seq,
                    l.day,
                    l.turn,
                    l.phase,
                    csv_field(l.wall.unwrap_or("")),
                    csv_field(l.command),
                    l.in_effect
                );
                if l.lines.is_empty() {
                    s.push_str(&format!("{head},,,\n"));
                }
                for e in &l.lines {
                    s.push_str(&format!(
                        "{head},{},{},{}\n",
                        csv_field(e.ship.as_deref().unwrap_or("")),
                        e.kind,
                        csv_field(&e.text)
                    ));
                }
            }
        }
    }
    Ok(s)
}

pub fn run(battle: &Battle, ship: Option<&str>, format: Format) -> Result<(), CliError> {
    for w in &battle.warnings {
        eprintln!("warning: {w}");
    }
    out(&render(battle, ship, format)?);
    Ok(())
}
