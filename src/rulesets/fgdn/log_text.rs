//! FG&DN's `umpire log` in every format: each entry with its game time (day, turn, phase),
//! wall-clock time, the command as typed (when it differs from the canonical command), every
//! die with its purpose and provenance, and what it changed on each ship (`changed: SHIP FIELD
//! FROM -> TO, ...`, with the status field names `expect` takes). The face prints it
//! (`Registered::log_text`).
use crate::core::text::{csv_cell as csv_field, printable as p, wall_text};
use crate::rulesets::fgdn::engine::find_ship;
use crate::rulesets::fgdn::log_view::log_entries_reviewed;
use crate::rulesets::fgdn::scenario::Scenario;
use crate::rulesets::fgdn::Game;
use crate::rulesets::LogFormat as Format;

/// `umpire log` of an FG&DN battle in `format`; `ship` (an id or a name, as the umpire typed
/// it) keeps the entries and lines about that ship.
pub fn render(
    scenario: &Scenario,
    game: &Game,
    ship: Option<&str>,
    format: Format,
) -> Result<String, String> {
    let ship = match ship {
        Some(s) => {
            let i = find_ship(&game.state, s).map_err(|e| format!("--ship: {e}"))?;
            Some(game.state.ships[i].id().to_string())
        }
        None => None,
    };
    let lines = log_entries_reviewed(scenario, game, ship.as_deref());
    let mut s = String::new();
    match format {
        Format::Json => {
            s = serde_json::to_string_pretty(&lines).map_err(|e| e.to_string())?;
        }
        Format::Text => {
            for l in &lines {
                let undone = if l.in_effect { "" } else { "  (undone)" };
                // The heading keeps its shape (scripts read its words); the wall clock and the
                // text as typed follow on their own lines.
                s.push_str(&format!(
                    "#{:<4} {} {:<13} {}{undone}\n",
                    l.seq,
                    l.turn,
                    l.phase,
                    p(&l.command)
                ));
                if let Some(w) = &l.wall {
                    s.push_str(&format!("        wall clock: {}\n", p(&wall_text(w))));
                }
                if let Some(t) = &l.typed {
                    s.push_str(&format!("        typed: {}\n", p(t)));
                }
                for e in &l.lines {
                    s.push_str(&format!("        {}\n", p(&e.text)));
                }
                for c in &l.changes {
                    let (ship, summary) = (p(&c.ship), c.summary());
                    s.push_str(&format!("        changed: {ship} {}\n", p(&summary)));
                }
            }
        }
        Format::Md => {
            s.push_str(&format!("# Battle log: {}\n\n", p(&scenario.name)));
            for l in &lines {
                let undone = if l.in_effect { "" } else { " *(undone)*" };
                let wall = l
                    .wall
                    .as_deref()
                    .map(|w| format!(" ({})", p(&wall_text(w))))
                    .unwrap_or_default();
                s.push_str(&format!(
                    "- **#{} {} {}** `{}`{undone}{wall}\n",
                    l.seq,
                    l.turn,
                    l.phase,
                    p(&l.command)
                ));
                if let Some(t) = &l.typed {
                    s.push_str(&format!("  - typed: `{}`\n", p(t)));
                }
                for e in &l.lines {
                    s.push_str(&format!("  - {}\n", p(&e.text)));
                }
                for c in &l.changes {
                    let (ship, summary) = (p(&c.ship), c.summary());
                    s.push_str(&format!("  - changed: `{ship}` {}\n", p(&summary)));
                }
            }
        }
        Format::Csv => {
            s.push_str("seq,day,turn,phase,wall,command,in_effect,ship,kind,text,typed\n");
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
                let typed = csv_field(l.typed.as_deref().unwrap_or(""));
                if l.lines.is_empty() && l.changes.is_empty() {
                    s.push_str(&format!("{head},,,,{typed}\n"));
                }
                for e in &l.lines {
                    s.push_str(&format!(
                        "{head},{},{},{},{typed}\n",
                        csv_field(e.ship.as_deref().unwrap_or("")),
                        csv_field(&e.kind.to_string()),
                        csv_field(&e.text)
                    ));
                }
                for c in &l.changes {
                    s.push_str(&format!(
                        "{head},{},changed,{},{typed}\n",
                        csv_field(&c.ship),
                        csv_field(&c.summary())
                    ));
                }
            }
        }
    }
    Ok(s)
}
