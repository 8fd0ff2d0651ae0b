//! `umpire log FILE [--ship ID] [--format text|md|csv|json]`: the battle log, every entry with
//! its game time, wall-clock time, the command as typed, its dice and what changed.
use crate::cli::{out, Battle, CliError};
use crate::core::engine::find_ship;
use crate::core::log_view::log_entries;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Md,
    Csv,
    Json,
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
    let lines = log_entries(&battle.game, ship.as_deref());
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
                    csv_field(l.wall.as_deref().unwrap_or("")),
                    csv_field(&l.command),
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
