//! The game history: commands become log entries (command text + events with their dice); the
//! state is the fold of the entries still in effect. Undo and redo move through that history a
//! command at a time and never re-fire anything; undone commands stay in the log.
use crate::core::dice::{ChartRequest, DiceError, DiceSource, DieRequest, Provenance};
use crate::core::ruleset::{ExpectError, RuleError, Rules, Verb};
use serde::{Deserialize, Serialize};

/// Version of the log entry format.
pub const ENTRY_VERSION: u32 = 1;

/// One line of the battle log as stored in the save (through
/// [`StoredEntry`](crate::core::stored_entry::StoredEntry): runs of quiet phases are stored
/// as one record; the field attributes below describe that stored form too).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    into = "crate::core::stored_entry::StoredEntry<R>",
    try_from = "crate::core::stored_entry::StoredEntry<R>",
    bound(serialize = "", deserialize = "")
)]
pub struct Record<R: Rules> {
    pub v: u32,
    pub seq: u64,
    /// The command as it would be typed (canonical form).
    pub cmd: String,
    /// The clock when the command was entered.
    pub clock: R::Clock,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<R::Event>,
    /// Wall-clock time it was entered (RFC 3339), set by the face that wrote it; never read by
    /// the rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wall: Option<String>,
    /// The command exactly as the umpire typed it (script line, dashboard prompt), kept only
    /// when it differs from `cmd`; never read by the rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub typed: Option<String>,
}

impl<R: Rules> Record<R> {
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
pub struct Journal<R: Rules> {
    pub tables: R::Tables,
    initial: R::State,
    pub state: R::State,
    entries: Vec<Record<R>>,
    /// Indices (into `entries`) of the commands in effect, oldest first.
    done: Vec<usize>,
    /// Indices of undone commands that `redo` brings back, most recent last.
    redo: Vec<usize>,
    /// Events applied to the state since the game was made (see [`Journal::events_applied`]).
    applied: u64,
    /// The state after the first `at` commands in effect, left by an undo for the next ones.
    checkpoint: Option<Box<Checkpoint<R>>>,
}

/// How far before the commands in effect an undo leaves its checkpoint: a run of undos folds
/// at most this many commands each, and the whole log once per this many undos.
pub const CHECKPOINT_GAP: usize = 256;

/// The longest run of undone commands under an entry that [`Journal::words`] applies on a copy
/// of the state to word it; one deeper in a storm of undos has the history walked.
pub const SHORT_RUN: usize = 16;

/// The state after `done[..at]` (see [`Journal::refold`]).
#[derive(Debug, Clone)]
struct Checkpoint<R: Rules> {
    at: usize,
    state: R::State,
}

/// What a command did to the history (see [`Journal::move_history`]).
enum Moved {
    /// A command of the rules, now in effect.
    New,
    /// The last command in effect, entry `i`, was undone.
    Undone(usize),
    /// Entry `i` is in effect again.
    Redone(usize),
    /// An undo or redo with nothing to move.
    Nothing(Verb),
}

/// Where a game's history stood after its first `len` entries: the state and the undo/redo
/// stacks. `umpire review` keeps one every few hundred entries so stepping back is a short
/// replay from the nearest mark, never a full one.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark<R: Rules> {
    len: usize,
    state: R::State,
    done: Vec<usize>,
    redo: Vec<usize>,
}

impl<R: Rules> Mark<R> {
    /// How many log entries the mark stands after.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the mark stands before the first entry.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Move the undo and redo stacks (`done`, `redo`) for the command `cmd` logged as entry
/// `next`: an undo moves the last command in effect to `redo`, a redo moves it back, and any
/// other command goes in effect and empties `redo`.
fn step_history(done: &mut Vec<usize>, redo: &mut Vec<usize>, cmd: &str, next: usize) -> Moved {
    match history_move(cmd) {
        Some(Verb::Undo) => match done.pop() {
            Some(i) => {
                redo.push(i);
                Moved::Undone(i)
            }
            None => Moved::Nothing(Verb::Undo),
        },
        Some(verb) => match redo.pop() {
            Some(i) => {
                done.push(i);
                Moved::Redone(i)
            }
            None => Moved::Nothing(verb),
        },
        None => {
            done.push(next);
            redo.clear();
            Moved::New
        }
    }
}

/// Undo/redo entries are history moves, not rule commands.
fn history_move(cmd: &str) -> Option<Verb> {
    match cmd {
        "undo" => Some(Verb::Undo),
        "redo" => Some(Verb::Redo),
        _ => None,
    }
}

impl<R: Rules> Journal<R> {
    pub fn new(setup: &R::Setup, tables: R::Tables) -> Journal<R> {
        let initial = R::initial(setup);
        Journal {
            tables,
            state: initial.clone(),
            initial,
            entries: Vec::new(),
            done: Vec::new(),
            redo: Vec::new(),
            applied: 0,
            checkpoint: None,
        }
    }

    /// How many events this game has applied to its state since it was made (a replay's
    /// count, plus every command since). Opening a save must cost a number of applies linear in
    /// its log whatever its undos (issue 15): tests count them instead of timing them.
    pub fn events_applied(&self) -> u64 {
        self.applied
    }

    /// Rebuild a game from its log: events are applied as recorded, no dice are rolled.
    ///
    /// Linear in the log whatever its undos (issue 15): the undo and redo moves are walked
    /// first, on the indices alone, and then the commands still in effect are folded once, in
    /// log order. Each recorded event is applied at most once ([`Journal::events_applied`]);
    /// an undo no longer folds the log again from the scenario's start.
    pub fn replay(
        setup: &R::Setup,
        tables: R::Tables,
        entries: Vec<Record<R>>,
    ) -> Result<Journal<R>, GameError> {
        let mut game = Journal::new(setup, tables);
        // Room for the whole log at once, not up to twice it (a long log is most of the memory).
        game.entries.reserve_exact(entries.len());
        game.done.reserve_exact(entries.len());
        let mut last_seq = 0;
        for mut entry in entries {
            // Numbered from 1, each after the one before; the next command takes the next
            // number, so the largest one cannot be stored (a fuzzed save found the overflow).
            if entry.seq <= last_seq || entry.seq == u64::MAX {
                return Err(GameError::Replay {
                    seq: entry.seq,
                    message: format!(
                        "entry number {} does not follow entry number {last_seq} (entries are \
                         numbered 1, 2, 3, ... in log order)",
                        entry.seq
                    ),
                });
            }
            last_seq = entry.seq;
            if entry.v != ENTRY_VERSION {
                return Err(GameError::Replay {
                    seq: entry.seq,
                    message: format!(
                        "entry format version {} is not supported (this console reads version {ENTRY_VERSION})",
                        entry.v
                    ),
                });
            }
            let message = match game.move_history(&entry.cmd) {
                Moved::Nothing(Verb::Undo) => "undo with nothing to undo",
                Moved::Nothing(_) => "redo with nothing to redo",
                _ => {
                    entry.events.shrink_to_fit();
                    game.entries.push(entry);
                    continue;
                }
            };
            return Err(GameError::Replay {
                seq: entry.seq,
                message: message.into(),
            });
        }
        // The state is the fold of the commands in effect, in log order (`done` always is).
        let Journal {
            state,
            applied,
            entries,
            done,
            ..
        } = &mut game;
        for &d in done.iter() {
            fold::<R>(state, applied, &entries[d].events);
        }
        Ok(game)
    }

    pub fn entries(&self) -> &[Record<R>] {
        &self.entries
    }

    /// The dice mode the log last recorded in effect: `dice ask` (true) or `dice roll`
    /// (false); None when it never said. Every ruleset's language has the two commands.
    pub fn asks_dice(&self) -> Option<bool> {
        self.in_effect_indices()
            .iter()
            .rev()
            .find_map(|&i| match self.entries()[i].cmd.as_str() {
                "dice ask" => Some(true),
                "dice roll" => Some(false),
                _ => None,
            })
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

    /// Whether entry `i` stands in the log as the umpire reads it: a command in effect, or an
    /// undo or a redo (a move of the history, never undone itself). The log's "(undone)" is
    /// for the others.
    pub fn stands(&self, i: usize) -> bool {
        self.in_effect(i)
            || self
                .entries
                .get(i)
                .is_some_and(|e| history_move(&e.cmd).is_some())
    }

    pub fn next_seq(&self) -> u64 {
        self.entries.last().map(|e| e.seq + 1).unwrap_or(1)
    }

    /// Work out the log entry for a command without changing anything. `Ok(None)` for an
    /// `expect` that holds (it is checked, not logged).
    pub fn prepare(
        &self,
        command: &R::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Option<Record<R>>, GameError> {
        let events = match R::verb(command) {
            Verb::Expect => {
                self.check_expect(command)?;
                return Ok(None);
            }
            Verb::Undo if self.done.is_empty() => return Err(GameError::NothingToUndo),
            Verb::Redo if self.redo.is_empty() => return Err(GameError::NothingToRedo),
            Verb::Undo | Verb::Redo => Vec::new(),
            Verb::Rule => R::decide(&self.state, &self.tables, command, dice)?,
        };
        Ok(Some(Record {
            v: ENTRY_VERSION,
            seq: self.next_seq(),
            cmd: command.to_string(),
            clock: R::clock(&self.state),
            events,
            wall: None,
            typed: None,
        }))
    }

    /// Take a prepared (and, by then, durably saved) entry into the game.
    pub fn commit(&mut self, entry: Record<R>) {
        self.commit_from(entry, &[]);
    }

    /// [`Journal::commit`], where an `undo` rebuilds the state from the latest of `marks` (taken
    /// on this game's history) that the commands still in effect start with, rather than from
    /// the scenario's start: `umpire review` steps over an undo without replaying the log.
    pub fn commit_from(&mut self, mut entry: Record<R>, marks: &[&Mark<R>]) {
        // A decoded (or decided) entry's events may hold up to twice the room they need; the
        // log lives as long as the game, so it keeps only what it uses (7 MB of 25 at 20,000
        // entries).
        entry.events.shrink_to_fit();
        match self.move_history(&entry.cmd) {
            Moved::Undone(_) => self.refold(marks),
            Moved::Redone(i) => {
                fold::<R>(&mut self.state, &mut self.applied, &self.entries[i].events);
            }
            Moved::New => fold::<R>(&mut self.state, &mut self.applied, &entry.events),
            Moved::Nothing(_) => {}
        }
        self.entries.push(entry);
    }

    /// Move the history (the undo and redo stacks) for the command `cmd` about to be logged as
    /// the next entry; the state is left to the caller.
    fn move_history(&mut self, cmd: &str) -> Moved {
        let moved = step_history(&mut self.done, &mut self.redo, cmd, self.entries.len());
        // The checkpoint stands after `done[..at]`: gone once `done` is shorter.
        if matches!(moved, Moved::Undone(_))
            && self
                .checkpoint
                .as_ref()
                .is_some_and(|c| c.at > self.done.len())
        {
            self.checkpoint = None;
        }
        moved
    }

    /// The state as the fold of the commands in effect (after an undo): from the latest of
    /// `marks` whose commands in effect are where `done` starts (its state is their fold), or
    /// from the game's own checkpoint, else from the scenario's start.
    ///
    /// So that a run of undos does not fold the log again each time (a quadratic storm), the
    /// fold leaves a checkpoint [`CHECKPOINT_GAP`] commands before its end: the next undos fold
    /// from there, until they undo past it. One state is kept (about 1.3 MB at 250 ships), and
    /// only once an undo has been made.
    fn refold(&mut self, marks: &[&Mark<R>]) {
        let mark = marks
            .iter()
            .filter(|m| m.len <= self.entries.len() && self.done.starts_with(&m.done))
            .max_by_key(|m| m.done.len())
            .map(|m| (m.done.len(), &m.state));
        let own = self
            .checkpoint
            .as_ref()
            .filter(|c| c.at <= self.done.len())
            .map(|c| (c.at, &c.state));
        let (from, base) = match (mark, own) {
            (Some(m), Some(c)) => {
                if m.0 > c.0 {
                    m
                } else {
                    c
                }
            }
            (Some(b), None) | (None, Some(b)) => b,
            (None, None) => (0, &self.initial),
        };
        self.state = base.clone();
        let end = self.done.len();
        let at = end.saturating_sub(CHECKPOINT_GAP);
        let mut from = from;
        if at > from {
            for &d in &self.done[from..at] {
                fold::<R>(&mut self.state, &mut self.applied, &self.entries[d].events);
            }
            self.checkpoint = Some(Box::new(Checkpoint {
                at,
                state: self.state.clone(),
            }));
            from = at;
        }
        for &d in &self.done[from..end] {
            fold::<R>(&mut self.state, &mut self.applied, &self.entries[d].events);
        }
    }

    /// Where the history stands now (see [`Mark`]).
    pub fn mark(&self) -> Mark<R> {
        Mark {
            len: self.entries.len(),
            state: self.state.clone(),
            done: self.done.clone(),
            redo: self.redo.clone(),
        }
    }

    /// Step back to where `mark` was taken (on this game's history, at or before its end): the
    /// entries after the mark are removed and returned, oldest first.
    pub fn rewind(&mut self, mark: &Mark<R>) -> Vec<Record<R>> {
        let after = self.entries.split_off(mark.len.min(self.entries.len()));
        self.set_history(mark);
        after
    }

    /// Move on to where `mark` was taken, given the entries from this game's end up to the
    /// mark (oldest first): they are taken into the log without being applied, since the mark
    /// holds the state they lead to.
    pub fn skip_to(&mut self, mark: &Mark<R>, entries: Vec<Record<R>>) {
        self.entries.extend(entries);
        self.set_history(mark);
    }

    fn set_history(&mut self, mark: &Mark<R>) {
        self.checkpoint = None;
        self.state = mark.state.clone();
        self.done = mark.done.clone();
        self.redo = mark.redo.clone();
    }

    /// Room for `n` more entries, exactly (a review's walk over a log of known length).
    pub fn reserve(&mut self, n: usize) {
        self.entries.reserve_exact(n);
        self.done.reserve_exact(n);
    }

    /// The log, giving up the game (so a long log is never held twice).
    pub fn into_entries(self) -> Vec<Record<R>> {
        self.entries
    }

    /// Prepare and commit in one step (tests and in-memory use; no durability).
    pub fn execute(
        &mut self,
        command: &R::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Option<&Record<R>>, GameError> {
        match self.prepare(command, dice)? {
            Some(entry) => {
                self.commit(entry);
                Ok(self.entries.last())
            }
            None => Ok(None),
        }
    }

    /// Check an `expect` against the status (SPEC 5).
    pub fn check_expect(&self, command: &R::Command) -> Result<(), GameError> {
        R::check_expect(&self.state, &self.tables, command).map_err(|e| match e {
            ExpectError::Rule(e) => GameError::Rule(e),
            ExpectError::Failed {
                what,
                expected,
                actual,
            } => GameError::ExpectFailed {
                what,
                expected,
                actual,
            },
        })
    }

    /// Re-decide every command in effect from the recorded dice and compare with the recorded
    /// events: `check` uses it to prove a save is what these rules give.
    pub fn verify(setup: &R::Setup, tables: R::Tables, entries: &[Record<R>]) -> Vec<String> {
        let mut problems = Vec::new();
        let mut live = Journal::<R>::new(setup, tables);
        for entry in entries {
            let Ok(command) = R::parse(&entry.cmd) else {
                problems.push(format!(
                    "log entry {}: \"{}\" is not a command",
                    entry.seq, entry.cmd
                ));
                return problems;
            };
            let mut dice = RecordedDice::of::<R>(&entry.events);
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

impl<R: crate::core::ruleset::Ruleset> Journal<R> {
    /// The log lines of entries `from..` (the first is entry `from`), each worded on the state
    /// it was decided on ([`Ruleset::entry_lines`]), in one fold of the commands in effect
    /// from the scenario's start: no walk of the history, and no copy of the state for a
    /// command in effect.
    ///
    /// Each entry was decided on the fold of the commands in effect when it was logged, and
    /// those are a stack. For a command still in effect they are the ones in effect now that
    /// come before it, so the fold passes through its state and words it on the way
    /// ([`Ruleset::word_and_apply`]). Any other entry (one undone since, an undo, a redo) had
    /// the first `k` commands in effect now under a few undone since (its run): it is worded
    /// where the fold has taken those `k`, on a copy with its run applied. A run longer than
    /// [`SHORT_RUN`] (deep in a storm of undos) would make that quadratic: then the history is
    /// walked instead, as the journal lived it.
    ///
    /// [`Ruleset::entry_lines`]: crate::core::ruleset::Ruleset::entry_lines
    /// [`Ruleset::word_and_apply`]: crate::core::ruleset::Ruleset::word_and_apply
    ///
    /// An undo or a redo names the command it stepped over and the turn it was entered in
    /// ([`history_line`], SPEC 10).
    pub fn words(&self, from: usize) -> Vec<Vec<String>> {
        let from = from.min(self.entries.len());
        let mut out = self.words_folded(from);
        let (mut done, mut redo) = (Vec::new(), Vec::new());
        for (i, e) in self.entries.iter().enumerate() {
            let over = match step_history(&mut done, &mut redo, &e.cmd, i) {
                Moved::Undone(j) | Moved::Redone(j) => j,
                Moved::New | Moved::Nothing(_) => continue,
            };
            if i >= from {
                out[i - from].push(history_line(e, &self.entries[over]));
            }
        }
        out
    }

    /// The entry the undo or redo logged as entry `i` stepped over, if `i` is one.
    pub fn stepped_over(&self, i: usize) -> Option<usize> {
        if i >= self.entries.len() {
            return None;
        }
        let (mut done, mut redo) = (Vec::new(), Vec::new());
        let mut moved = Moved::New;
        for (k, e) in self.entries.iter().enumerate().take(i + 1) {
            moved = step_history(&mut done, &mut redo, &e.cmd, k);
        }
        match moved {
            Moved::Undone(j) | Moved::Redone(j) => Some(j),
            Moved::New | Moved::Nothing(_) => None,
        }
    }

    /// [`Journal::words`] without the lines of undo and redo.
    fn words_folded(&self, from: usize) -> Vec<Vec<String>> {
        // The entries not in effect now, by the number of commands in effect now they stood
        // on, each with its run of undone commands on top of those.
        let mut on: Vec<Vec<(usize, Vec<usize>)>> = vec![Vec::new(); self.done.len() + 1];
        let (mut done, mut redo) = (Vec::new(), Vec::new());
        // How many of `done` are the first ones of `self.done`.
        let mut agree = 0;
        // Entries with no events (undos and redos): every ruleset words an entry from its
        // events, so these need no state, and a storm of undos is not a walk of the history.
        let mut eventless = Vec::new();
        for (i, e) in self.entries.iter().enumerate() {
            if i >= from && self.done.get(agree) != Some(&i) {
                if e.events.is_empty() {
                    eventless.push(i);
                } else if done.len() - agree > SHORT_RUN {
                    return self.words_walked(from);
                } else {
                    on[agree].push((i, done[agree..].to_vec()));
                }
            }
            match step_history(&mut done, &mut redo, &e.cmd, i) {
                Moved::New | Moved::Redone(_)
                    if agree + 1 == done.len() && self.done.get(agree) == done.last() =>
                {
                    agree += 1
                }
                _ => agree = agree.min(done.len()),
            }
        }
        let mut out = vec![Vec::new(); self.entries.len() - from];
        for i in eventless {
            out[i - from] = R::entry_lines(&self.initial, &self.entries[i]);
        }
        let mut state = self.initial.clone();
        for (k, entries) in on.iter().enumerate() {
            for (i, run) in entries {
                let e = &self.entries[*i];
                out[i - from] = if run.is_empty() {
                    R::entry_lines(&state, e)
                } else {
                    let mut then = state.clone();
                    for &r in run {
                        self.entries[r]
                            .events
                            .iter()
                            .for_each(|ev| R::apply(&mut then, ev));
                    }
                    R::entry_lines(&then, e)
                };
            }
            let Some(&d) = self.done.get(k) else { break };
            let e = &self.entries[d];
            if d >= from {
                out[d - from] = R::word_and_apply(&mut state, e);
            } else {
                e.events.iter().for_each(|ev| R::apply(&mut state, ev));
            }
        }
        out
    }

    /// [`Journal::words`] by a walk of the history: each entry worded on the state of a second
    /// journal that commits the entries one by one (its undos refold from its checkpoint).
    fn words_walked(&self, from: usize) -> Vec<Vec<String>> {
        let mut walk = Journal::<R> {
            tables: self.tables.clone(),
            initial: self.initial.clone(),
            state: self.initial.clone(),
            entries: Vec::with_capacity(self.entries.len()),
            done: Vec::new(),
            redo: Vec::new(),
            applied: 0,
            checkpoint: None,
        };
        let mut out = Vec::with_capacity(self.entries.len() - from);
        for (i, e) in self.entries.iter().enumerate() {
            if i >= from {
                out.push(R::entry_lines(&walk.state, e));
            }
            walk.commit(e.clone());
        }
        out
    }
}

/// What an undo or a redo (`entry`) stepped over (`over`), as the log says it: "undo: stepped
/// back over: next (entered turn 1 movement)".
pub fn history_line<R: Rules>(entry: &Record<R>, over: &Record<R>) -> String {
    let way = if entry.cmd == "undo" {
        "back"
    } else {
        "forward"
    };
    format!(
        "{}: stepped {way} over: {} (entered {})",
        entry.cmd, over.cmd, over.clock
    )
}

/// Apply `events` to `state`, counting them in `applied`.
fn fold<R: Rules>(state: &mut R::State, applied: &mut u64, events: &[R::Event]) {
    for e in events {
        R::apply(state, e);
    }
    *applied += events.len() as u64;
}

/// Supplies the non-queued dice and chart values recorded in a log entry, in order (replay
/// verification).
pub struct RecordedDice {
    faces: std::vec::IntoIter<(u32, Provenance)>,
    charts: std::vec::IntoIter<(String, Provenance)>,
}

impl RecordedDice {
    /// The dice of a ruleset's recorded events.
    pub fn of<R: Rules>(events: &[R::Event]) -> RecordedDice {
        let faces: Vec<(u32, Provenance)> = events
            .iter()
            .filter_map(R::rolled)
            .filter(|(_, p)| *p != Provenance::Queued)
            .collect();
        let charts: Vec<(String, Provenance)> = events
            .iter()
            .filter_map(R::charted)
            .filter(|(_, p)| *p != Provenance::Queued)
            .collect();
        RecordedDice {
            faces: faces.into_iter(),
            charts: charts.into_iter(),
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

    fn chart(&mut self, request: &ChartRequest<'_>) -> Result<(String, Provenance), DiceError> {
        self.charts.next().ok_or_else(|| request.needed())
    }
}

#[cfg(test)]
#[path = "../rulesets/fgdn/core_tests/game.rs"]
mod tests;
