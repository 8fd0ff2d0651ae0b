//! The game history: commands become log entries (command text + events with their dice); the
//! state is the fold of the entries still in effect. Undo and redo move through that history a
//! command at a time and never re-fire anything; undone commands stay in the log.
use crate::core::clock::{Clock, Hhmm};
use crate::core::command::Command;
use crate::core::dice::{DiceError, DiceSource, DieRequest, Provenance};
use crate::core::engine::{decide, find_ship, RuleError};
use crate::core::event::Event;
use crate::core::fgdn::tables::Tables;
use crate::core::scenario::Scenario;
use crate::core::state::GameState;
use crate::core::view;
use serde::{Deserialize, Serialize};

/// Version of the log entry format.
pub const ENTRY_VERSION: u32 = 1;

/// One line of the battle log as stored in the save.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub v: u32,
    pub seq: u64,
    /// The command as it would be typed (canonical form).
    pub cmd: String,
    /// The clock when the command was entered.
    pub clock: Clock,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    /// Wall-clock time it was entered (RFC 3339), set by the face that wrote it; never read by
    /// the rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<String>,
    /// The command exactly as the umpire typed it (script line, dashboard prompt), kept only
    /// when it differs from `cmd`; never read by the rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub typed: Option<String>,
}

impl Entry {
    /// Keep `text` as the command as typed when it differs from the canonical command.
    pub fn set_typed(&mut self, text: &str) {
        let text = text.trim();
        self.typed = (text != self.cmd).then(|| text.to_string());
    }

    /// The command as typed: `typed` if kept, else the canonical command.
    pub fn as_typed(&self) -> &str {
        self.typed.as_deref().unwrap_or(&self.cmd)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error(transparent)]
    Rule(#[from] RuleError),
    #[error("nothing to undo")]
    NothingToUndo,
    #[error("nothing to redo")]
    NothingToRedo,
    #[error("expect failed: {what}: expected {expected}, found {actual}")]
    ExpectFailed {
        what: String,
        expected: String,
        actual: String,
    },
    #[error("log entry {seq}: {message}")]
    Replay { seq: u64, message: String },
}

/// A game: the scenario's initial state, the log, and the state the log leads to.
#[derive(Debug, Clone)]
pub struct Game {
    pub tables: Tables,
    initial: GameState,
    pub state: GameState,
    entries: Vec<Entry>,
    /// Indices (into `entries`) of the commands in effect, oldest first.
    done: Vec<usize>,
    /// Indices of undone commands that `redo` brings back, most recent last.
    redo: Vec<usize>,
}

/// Where a game's history stood after its first `len` entries: the state and the undo/redo
/// stacks. `umpire review` keeps one every few hundred entries so stepping back is a short
/// replay from the nearest mark, never a full one (see `core::review`).
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryMark {
    len: usize,
    state: GameState,
    done: Vec<usize>,
    redo: Vec<usize>,
}

impl HistoryMark {
    /// How many log entries the mark stands after.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the mark stands before the first entry.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Undo/redo entries are history moves, not rule commands.
fn history_move(cmd: &str) -> Option<Command> {
    match cmd {
        "undo" => Some(Command::Undo),
        "redo" => Some(Command::Redo),
        _ => None,
    }
}

impl Game {
    pub fn new(scenario: &Scenario, tables: Tables) -> Game {
        let initial = GameState::new(scenario);
        Game {
            tables,
            state: initial.clone(),
            initial,
            entries: Vec::new(),
            done: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// Rebuild a game from its log: events are applied as recorded, no dice are rolled.
    pub fn replay(
        scenario: &Scenario,
        tables: Tables,
        entries: Vec<Entry>,
    ) -> Result<Game, GameError> {
        let mut game = Game::new(scenario, tables);
        for entry in entries {
            if entry.v != ENTRY_VERSION {
                return Err(GameError::Replay {
                    seq: entry.seq,
                    message: format!(
                        "entry format version {} is not supported (this console reads version {ENTRY_VERSION})",
                        entry.v
                    ),
                });
            }
            match history_move(&entry.cmd) {
                Some(Command::Undo) if game.done.is_empty() => {
                    return Err(GameError::Replay {
                        seq: entry.seq,
                        message: "undo with nothing to undo".into(),
                    })
                }
                Some(Command::Redo) if game.redo.is_empty() => {
                    return Err(GameError::Replay {
                        seq: entry.seq,
                        message: "redo with nothing to redo".into(),
                    })
                }
                _ => {}
            }
            game.commit(entry);
        }
        Ok(game)
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Indices of the entries in effect (not undone), oldest first.
    pub fn in_effect_indices(&self) -> &[usize] {
        &self.done
    }

    /// Whether entry `i` is in effect (not undone).
    pub fn in_effect(&self, i: usize) -> bool {
        // `done` is always in log order (undo pops the last, redo pushes it back, a new command
        // goes last), so a binary search finds it: `umpire log` asks for every entry.
        self.done.binary_search(&i).is_ok()
    }

    pub fn next_seq(&self) -> u64 {
        self.entries.last().map(|e| e.seq + 1).unwrap_or(1)
    }

    /// Work out the log entry for a command without changing anything. `Ok(None)` for an
    /// `expect` that holds (it is checked, not logged).
    pub fn prepare(
        &self,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Option<Entry>, GameError> {
        let events = match command {
            Command::Expect { .. } | Command::ExpectClock { .. } => {
                self.check_expect(command)?;
                return Ok(None);
            }
            Command::Undo if self.done.is_empty() => return Err(GameError::NothingToUndo),
            Command::Redo if self.redo.is_empty() => return Err(GameError::NothingToRedo),
            Command::Undo | Command::Redo => Vec::new(),
            _ => decide(&self.state, &self.tables, command, dice)?,
        };
        Ok(Some(Entry {
            v: ENTRY_VERSION,
            seq: self.next_seq(),
            cmd: command.to_string(),
            clock: self.state.clock,
            events,
            wall: None,
            typed: None,
        }))
    }

    /// Take a prepared (and, by then, durably saved) entry into the game.
    pub fn commit(&mut self, entry: Entry) {
        let index = self.entries.len();
        match history_move(&entry.cmd) {
            Some(Command::Undo) => {
                if let Some(i) = self.done.pop() {
                    self.redo.push(i);
                    self.state = self.initial.clone();
                    for &d in &self.done {
                        for e in &self.entries[d].events {
                            self.state.apply(e);
                        }
                    }
                }
            }
            Some(Command::Redo) => {
                if let Some(i) = self.redo.pop() {
                    for e in &self.entries[i].events {
                        self.state.apply(e);
                    }
                    self.done.push(i);
                }
            }
            _ => {
                for e in &entry.events {
                    self.state.apply(e);
                }
                self.done.push(index);
                self.redo.clear();
            }
        }
        self.entries.push(entry);
    }

    /// Where the history stands now (see [`HistoryMark`]).
    pub fn mark(&self) -> HistoryMark {
        HistoryMark {
            len: self.entries.len(),
            state: self.state.clone(),
            done: self.done.clone(),
            redo: self.redo.clone(),
        }
    }

    /// Step back to where `mark` was taken (on this game's history, at or before its end): the
    /// entries after the mark are removed and returned, oldest first.
    pub fn rewind(&mut self, mark: &HistoryMark) -> Vec<Entry> {
        let after = self.entries.split_off(mark.len.min(self.entries.len()));
        self.set_history(mark);
        after
    }

    /// Move on to where `mark` was taken, given the entries from this game's end up to the
    /// mark (oldest first): they are taken into the log without being applied, since the mark
    /// holds the state they lead to.
    pub fn skip_to(&mut self, mark: &HistoryMark, entries: Vec<Entry>) {
        self.entries.extend(entries);
        self.set_history(mark);
    }

    fn set_history(&mut self, mark: &HistoryMark) {
        self.state = mark.state.clone();
        self.done = mark.done.clone();
        self.redo = mark.redo.clone();
    }

    /// The log, giving up the game (so a long log is never held twice).
    pub fn into_entries(self) -> Vec<Entry> {
        self.entries
    }

    /// Prepare and commit in one step (tests and in-memory use; no durability).
    pub fn execute(
        &mut self,
        command: &Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Option<&Entry>, GameError> {
        match self.prepare(command, dice)? {
            Some(entry) => {
                self.commit(entry);
                Ok(self.entries.last())
            }
            None => Ok(None),
        }
    }

    /// Check an `expect` against the status (SPEC 5).
    pub fn check_expect(&self, command: &Command) -> Result<(), GameError> {
        match command {
            Command::ExpectClock { time, phase } => {
                let c = self.state.clock;
                let actual = format!("{} {}", c.label(), c.phase);
                let expected = format!("{} {phase}", Hhmm(*time));
                if actual == expected {
                    Ok(())
                } else {
                    Err(GameError::ExpectFailed {
                        what: "clock".into(),
                        expected,
                        actual,
                    })
                }
            }
            Command::Expect { ship, field, value } => {
                let i = find_ship(&self.state, ship)?;
                let actual = view::ship_field(&self.state, &self.tables, i, field)
                    .map_err(|m| GameError::Rule(RuleError::Refused(m)))?;
                if view::field_matches(&actual, value) {
                    Ok(())
                } else {
                    Err(GameError::ExpectFailed {
                        what: format!("{ship} {field}"),
                        expected: value.clone(),
                        actual: view::field_text(&actual),
                    })
                }
            }
            _ => Ok(()),
        }
    }

    /// Re-decide every command in effect from the recorded dice and compare with the recorded
    /// events: `check` uses it to prove a save is what these rules give.
    pub fn verify(scenario: &Scenario, tables: Tables, entries: &[Entry]) -> Vec<String> {
        let mut problems = Vec::new();
        let mut live = Game::new(scenario, tables);
        for entry in entries {
            let Ok(command) = entry.cmd.parse::<Command>() else {
                problems.push(format!(
                    "log entry {}: \"{}\" is not a command",
                    entry.seq, entry.cmd
                ));
                return problems;
            };
            let mut dice = RecordedDice::new(&entry.events);
            match live.prepare(&command, &mut dice) {
                Ok(Some(mut decided)) => {
                    decided.seq = entry.seq;
                    decided.wall = entry.wall.clone();
                    decided.typed = entry.typed.clone();
                    if decided.events != entry.events || decided.clock != entry.clock {
                        problems.push(format!(
                            "log entry {} (\"{}\"): the recorded events differ from what the rules give from the same dice",
                            entry.seq, entry.cmd
                        ));
                    }
                    live.commit(entry.clone());
                }
                Ok(None) => {}
                Err(e) => {
                    problems.push(format!("log entry {} (\"{}\"): {e}", entry.seq, entry.cmd));
                    return problems;
                }
            }
        }
        problems
    }
}

/// Supplies the non-queued dice recorded in a log entry, in order (replay verification).
pub struct RecordedDice {
    faces: std::vec::IntoIter<(u32, Provenance)>,
}

impl RecordedDice {
    pub fn new(events: &[Event]) -> RecordedDice {
        let faces: Vec<(u32, Provenance)> = events
            .iter()
            .filter_map(|e| match e {
                Event::Rolled { roll, .. } if roll.provenance != Provenance::Queued => {
                    Some((roll.face, roll.provenance))
                }
                _ => None,
            })
            .collect();
        RecordedDice {
            faces: faces.into_iter(),
        }
    }
}

impl DiceSource for RecordedDice {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<(u32, Provenance), DiceError> {
        self.faces.next().ok_or_else(|| DiceError::Abandoned {
            die: request.die,
            purpose: format!(
                "{} (the log has no more dice for this command)",
                request.purpose
            ),
        })
    }
}
