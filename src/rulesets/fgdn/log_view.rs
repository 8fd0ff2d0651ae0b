//! The battle log as the faces show it: per entry its game time, wall-clock time, the command
//! as typed, whether it is still in effect, one explained line per event (every die with its
//! purpose and provenance) and, for a reviewer, what it changed on each ship.
//! Used by `umpire log` ([`log_entries_reviewed`]) and the dashboard's log panel ([`log_entry`],
//! built lazily, without the replay the "changed" lines need).
use crate::rulesets::fgdn::event::Event;
use crate::rulesets::fgdn::history::{self, ShipChanges};
use crate::rulesets::fgdn::scenario::Scenario;
use crate::rulesets::fgdn::state::GameState;
use crate::rulesets::fgdn::{Entry, Game};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LogEntry {
    /// Index into the game's entries.
    #[serde(skip)]
    pub index: usize,
    pub seq: u64,
    pub day: u32,
    pub turn: String,
    pub phase: &'static str,
    pub wall: Option<String>,
    pub command: String,
    /// The command exactly as typed, when it differs from `command`.
    pub typed: Option<String>,
    pub in_effect: bool,
    pub lines: Vec<EventLine>,
    /// What the entry changed on each ship (status field names, before and after); filled by
    /// [`log_entries_reviewed`], empty from [`log_entry`].
    pub changes: Vec<ShipChanges>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EventLine {
    pub ship: Option<String>,
    pub kind: String,
    pub text: String,
}

fn kind_of(e: &Event) -> String {
    serde_json::to_value(e)
        .ok()
        .and_then(|v| v.get("e").and_then(|k| k.as_str()).map(str::to_string))
        .unwrap_or_default()
}

/// Entry `i` of the game as a log entry, or None when `ship` is given and the entry neither
/// names that ship in its command nor changed anything about it.
pub fn log_entry(game: &Game, i: usize, ship: Option<&str>) -> Option<LogEntry> {
    let entry: &Entry = game.entries().get(i)?;
    let state: &GameState = &game.state;
    let mut lines: Vec<EventLine> = entry
        .events_at()
        .filter(|(_, e)| !matches!(e, Event::ClockMoved { .. }) || ship.is_none())
        .filter(|(_, e)| ship.is_none_or(|s| e.concerns(s)))
        .filter_map(|(at, e)| {
            crate::rulesets::fgdn::log::describe(state, at, e).map(|text| EventLine {
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
        return None;
    }
    let history = entry.cmd == "undo" || entry.cmd == "redo";
    if history {
        let undo = entry.cmd == "undo";
        let text = match game.stepped_over(i) {
            Some(j) => {
                let over = &game.entries()[j];
                format!(
                    "{}: stepped {} over: {} (entered {} {}, day {})",
                    entry.cmd,
                    if undo { "back" } else { "forward" },
                    over.cmd,
                    over.clock.label(),
                    over.clock.phase.words(),
                    over.clock.day()
                )
            }
            None => format!("{}: nothing to step over", entry.cmd),
        };
        lines.push(EventLine {
            ship: None,
            kind: entry.cmd.clone(),
            text,
        });
    }
    Some(LogEntry {
        index: i,
        seq: entry.seq,
        day: entry.clock.day(),
        turn: entry.clock.label(),
        phase: entry.clock.phase.name(),
        wall: entry.wall.clone(),
        command: entry.cmd.clone(),
        typed: entry.typed.clone(),
        in_effect: game.stands(i),
        lines,
        changes: Vec::new(),
    })
}

/// The whole log, optionally only what concerns one ship (its id as in the scenario).
pub fn log_entries(game: &Game, ship: Option<&str>) -> Vec<LogEntry> {
    (0..game.entries().len())
        .filter_map(|i| log_entry(game, i, ship))
        .collect()
}

/// The whole log with what each entry changed (a replay of the log from the scenario:
/// [`history::changes`]); with `ship`, only entries that name, concern or changed that ship,
/// and only its lines and changes.
pub fn log_entries_reviewed(scenario: &Scenario, game: &Game, ship: Option<&str>) -> Vec<LogEntry> {
    let changes = history::changes(scenario, &game.tables, game.entries());
    changes
        .into_iter()
        .enumerate()
        .filter_map(|(i, mut ch)| {
            if let Some(s) = ship {
                ch.retain(|c| c.ship == s);
            }
            let mut entry = match log_entry(game, i, ship) {
                Some(e) => e,
                None if !ch.is_empty() => {
                    // An undo or redo that changed the ship without naming it.
                    let mut e = log_entry(game, i, None)?;
                    e.lines.retain(|l| {
                        l.ship.as_deref() == ship || l.kind == "undo" || l.kind == "redo"
                    });
                    e
                }
                None => return None,
            };
            entry.changes = ch;
            Some(entry)
        })
        .collect()
}
