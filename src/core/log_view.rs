//! The battle log as the faces show it: per entry its game time, wall-clock time, the command
//! as typed, whether it is still in effect, and one explained line per event (dice included).
//! Used by `umpire log` and the dashboard's log panel.
use crate::core::event::Event;
use crate::core::game::{Entry, Game};
use crate::core::state::GameState;
use crate::core::view;
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
    pub in_effect: bool,
    pub lines: Vec<EventLine>,
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
        .events
        .iter()
        .filter(|e| !matches!(e, Event::ClockMoved { .. }) || ship.is_none())
        .filter(|e| ship.is_none_or(|s| e.ship() == Some(s)))
        .filter_map(|e| {
            view::describe(state, e).map(|text| EventLine {
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
    Some(LogEntry {
        index: i,
        seq: entry.seq,
        day: entry.clock.day(),
        turn: entry.clock.label(),
        phase: entry.clock.phase.name(),
        wall: entry.wall.clone(),
        command: entry.cmd.clone(),
        in_effect: game.in_effect(i) || history,
        lines,
    })
}

/// The whole log, optionally only what concerns one ship (its id as in the scenario).
pub fn log_entries(game: &Game, ship: Option<&str>) -> Vec<LogEntry> {
    (0..game.entries().len())
        .filter_map(|i| log_entry(game, i, ship))
        .collect()
}
