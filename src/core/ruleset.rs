//! The boundary between the shared engine and a rule system (SPEC 8). The journal
//! ([`crate::core::game::Journal`]: entries, undo/redo, replay, verify) is written once over
//! this trait; a ruleset brings its scenario, tables, state, commands, events and clock.
//!
//! The registry ([`RULESETS`], [`sniff`]) names every ruleset the console knows; the faces pick
//! one by the scenario's `[scenario] ruleset` key.
use crate::core::dice::{DiceError, DiceSource, Provenance};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::Value;
use std::fmt::{Debug, Display};

/// Why the rules refused a command (every ruleset): a die that does not fit, a ship that is
/// not in the scenario, or the rules' own reason. Nothing changes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("{0}")]
    Dice(#[from] DiceError),
    #[error("ship \"{id}\" is not in this scenario{hint} (ships: {ships})")]
    UnknownShip {
        id: String,
        hint: String,
        ships: String,
    },
    #[error("{0}")]
    Refused(String),
}

/// What the journal does with a command: a history move, a check, or the rules' own decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verb {
    /// Decided by the ruleset into events.
    Rule,
    Undo,
    Redo,
    /// An `expect`: checked against the status, never logged.
    Expect,
}

/// A rule system on the shared journal. Every associated type is the ruleset's own; the journal
/// stores commands as text and events as the ruleset serialises them (a JSON object tagged by
/// `"e"`), so a save line round-trips byte for byte.
pub trait Rules: Sized + Clone + Debug + PartialEq + 'static {
    /// The `[scenario] ruleset` value.
    const ID: &'static str;
    /// The parsed scenario.
    type Setup;
    /// Validated rule tables.
    type Tables: Clone + Debug;
    /// Everything the rules know at a moment: the fold of the events.
    type State: Clone + PartialEq + Debug;
    /// A command of the ruleset's language (`parse(c.to_string()) == c`).
    type Command: Clone + Display;
    /// What happened, past tense, serialisable.
    type Event: Clone + PartialEq + Debug + Serialize + DeserializeOwned;
    /// Where the game stands (turn and phase), stored with every entry.
    type Clock: Copy + PartialEq + Debug + Display + Serialize + DeserializeOwned;

    fn initial(setup: &Self::Setup) -> Self::State;
    /// Fold one event: total, no dice, no tables.
    fn apply(state: &mut Self::State, event: &Self::Event);
    fn clock(state: &Self::State) -> Self::Clock;
    fn verb(command: &Self::Command) -> Verb;
    /// Parse a stored command (for replay and verify).
    fn parse(text: &str) -> Result<Self::Command, String>;
    /// The command and the state become events, with their dice; nothing changes on error.
    fn decide(
        state: &Self::State,
        tables: &Self::Tables,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<Self::Event>, RuleError>;
    /// Check an `expect` against the status: Ok, or (what, expected, actual).
    fn check_expect(
        state: &Self::State,
        tables: &Self::Tables,
        command: &Self::Command,
    ) -> Result<(), ExpectError>;
    /// The face and provenance of a die the event records, if it is a roll.
    fn rolled(event: &Self::Event) -> Option<(u32, Provenance)>;
    /// The value and provenance of a chart read the event records, if it is one (SPEC 8); a
    /// ruleset whose text prints every chart it uses records none.
    fn charted(_event: &Self::Event) -> Option<(String, Provenance)> {
        None
    }
    /// A phase that ended with nothing in it: its clock, if `events` starts with one. The
    /// journal stores a run of them as one record (`core::stored_entry`).
    fn quiet_phase(events: &[Self::Event]) -> Option<Self::Clock>;
    /// The events of a quiet phase at `clock`, and the clock after it.
    fn quiet_events(clock: Self::Clock) -> ([Self::Event; 2], Self::Clock);
    /// The turn number of a clock, for a ruleset whose turns are numbered (review steps by
    /// turn with it).
    fn turn_of(_clock: &Self::Clock) -> Option<u32> {
        None
    }
    /// The faces queued with `dice`, which the next dice take (the dashboards' headers show
    /// them, SPEC 10).
    fn queued_dice(_state: &Self::State) -> Vec<u32> {
        Vec::new()
    }
}

/// What every face needs of a ruleset beyond the journal: its scenario, its built-in tables and
/// the words of its log and status. Pure; the session reads and writes the files.
pub trait Ruleset: Rules {
    /// Parse a command typed against this battle: as [`Rules::parse`], and a ruleset may let
    /// the umpire name things as the table does (FG&DN: a ship by its quoted name, SPEC 10).
    fn parse_in(_state: &Self::State, text: &str) -> Result<Self::Command, String> {
        Self::parse(text)
    }
    /// The built-in tables with an owner's files replacing those of the same file name
    /// (`--tables DIR`; `overrides` are (path, text), empty for the built-in tables). Every
    /// problem names its file.
    fn tables_with(overrides: &[(String, String)]) -> Result<Self::Tables, Vec<String>>;
    /// Parse and check a scenario; every problem names the file, line or key.
    fn parse_setup(file: &str, text: &str) -> Result<Self::Setup, Vec<String>>;
    /// Check a class file (SPEC 9): the ids of its classes, or every problem with its file,
    /// line and key. A ruleset without classes says so.
    fn check_classes(file: &str, _text: &str) -> Result<Vec<String>, Vec<String>> {
        Err(vec![format!(
            "{file}: {} scenarios have no ship classes yet: give each [[ship]] its figures",
            Self::ID
        )])
    }
    /// The log lines of an entry (the command's effects, in order), worded as the table saw
    /// them: `before` is the state the entry was decided on. They are its events' words, so an
    /// entry without events (an undo, a redo) words alike on any state (`Journal::words`
    /// relies on it).
    fn entry_lines(before: &Self::State, entry: &crate::core::game::Record<Self>) -> Vec<String>;
    /// [`Ruleset::entry_lines`] of `entry` on `state`, and `state` then taken past its events
    /// (a new command's: [`crate::core::game::Journal::words`] words the log as it folds it).
    /// A ruleset that words each event on the state just before it does both in one walk, with
    /// no copy of the state.
    fn word_and_apply(
        state: &mut Self::State,
        entry: &crate::core::game::Record<Self>,
    ) -> Vec<String> {
        let lines = Self::entry_lines(state, entry);
        for e in &entry.events {
            Self::apply(state, e);
        }
        lines
    }
    /// `umpire status --json`.
    fn status_json(state: &Self::State, tables: &Self::Tables) -> serde_json::Value;
    /// Every table cell that is not printed in the rule text (derived, reconstructed or
    /// unknown), one line each with its file, key, provenance and reason (SPEC 8); `umpire
    /// check` lists them.
    fn table_notes(tables: &Self::Tables) -> Vec<String>;
    /// `umpire sheets`: one record sheet per ship (SPEC 9), its boxes crossed as `state` has
    /// them; `moment` says when that is.
    fn sheets(
        state: &Self::State,
        tables: &Self::Tables,
        moment: &str,
    ) -> crate::core::sheet::Sheets;
}

/// Why an `expect` failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExpectError {
    Rule(RuleError),
    Failed {
        what: String,
        expected: String,
        actual: String,
    },
}

impl From<RuleError> for ExpectError {
    fn from(e: RuleError) -> Self {
        ExpectError::Rule(e)
    }
}

/// Every ruleset the console knows, by its `[scenario] ruleset` id (SPEC 8).
pub const RULESETS: &[&str] = &[
    "fgdn-1.1",
    "dnb-standard",
    "late19-naval",
    "quickfire-1.1",
    "aage-qr-2020",
];

/// The `ruleset` of a scenario or save text, read without parsing the rest: `Ok(id)` for a
/// known ruleset (`fgdn-1.1` when the key is absent), else a message listing the known ones.
pub fn sniff(text: &str) -> Result<&'static str, String> {
    let mut in_scenario = false;
    for line in text.lines() {
        let t = line.trim();
        if t.starts_with('[') {
            in_scenario = t == "[scenario]";
            continue;
        }
        if !in_scenario {
            continue;
        }
        let Some(rest) = t.strip_prefix("ruleset") else {
            continue;
        };
        let Some(value) = rest.trim_start().strip_prefix('=') else {
            continue;
        };
        let value = value
            .split('#')
            .next()
            .unwrap_or("")
            .trim()
            .trim_matches('"');
        return RULESETS
            .iter()
            .find(|id| **id == value)
            .copied()
            .ok_or_else(|| {
                format!(
                    "ruleset \"{value}\" is not one this console knows (known: {})",
                    RULESETS.join(", ")
                )
            });
    }
    Ok(RULESETS[0])
}

// ---- `expect` over a ruleset's status JSON

pub fn field_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "null".into(),
        Value::Array(a) => format!("{} item{}", a.len(), if a.len() == 1 { "" } else { "s" }),
        other => other.to_string(),
    }
}

pub fn field_matches(actual: &Value, expected: &str) -> bool {
    match actual {
        Value::Array(a) => expected.parse::<usize>().is_ok_and(|n| n == a.len()),
        Value::Number(n) => expected
            .parse::<f64>()
            .is_ok_and(|e| n.as_f64().is_some_and(|a| (a - e).abs() < 1e-9)),
        Value::Null => expected == "null",
        Value::Bool(b) => expected.parse::<bool>().is_ok_and(|e| e == *b),
        Value::String(s) => s.eq_ignore_ascii_case(expected),
        Value::Object(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sniff_reads_the_scenario_ruleset_and_refuses_an_unknown_one_spec_8() {
        let s = "[scenario]\nname = \"x\"\nruleset = \"dnb-standard\" # D&B\nstart = \"1\"\n";
        assert_eq!(sniff(s), Ok("dnb-standard"));
        assert_eq!(sniff("[scenario]\nname = \"x\"\n"), Ok("fgdn-1.1"));
        let e = sniff("[scenario]\nruleset = \"quickfire-9\"\n").unwrap_err();
        assert!(
            e.contains("quickfire-9") && e.contains("fgdn-1.1, dnb-standard"),
            "{e}"
        );
        // A `ruleset` key of another table is not the scenario's.
        assert_eq!(
            sniff("[options]\nruleset = \"dnb-standard\"\n[scenario]\nname = \"x\"\n"),
            Ok("fgdn-1.1")
        );
    }
}
