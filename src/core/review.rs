//! Reviewing a saved battle (`umpire review`), for every ruleset: positions in its log and how
//! the umpire moves between them. Position `p` is the number of log entries applied (0 = the
//! scenario's start); the state there is exactly what a replay of the first `p` entries gives
//! (undo and redo entries honoured: the same [`Journal::commit`] does the work), and entry
//! `p - 1` is the one that got it there.
//!
//! Moves: a command at a time; a phase or a turn at a time (to the positions where the clock's
//! phase or turn changed); to a place on the clock as the ruleset names it ([`Places`]: FG&DN's
//! `1215 d2 resolution`, a numbered ruleset's `turn 3 movement`); to an entry `#seq`; between
//! `note` entries (the bookmarks).
//!
//! Stepping stays fast at fleet scale in little memory. A [`Mark`] (a whole game state, about
//! 1.3 MB at 250 FG&DN ships late in a battle) is kept every `every` entries, at most
//! [`FAR_MARKS`] intervals of the log, for the whole review; and up to [`NEAR_MARKS`] more
//! where the umpire has been, on a grid of [`CHECKPOINT_EVERY`] entries: a walk from a mark to
//! a position takes one at the last grid point before it. So a run of steps back pays for one
//! long walk (at most `every` entries) per `CHECKPOINT_EVERY` steps, and each of the others
//! applies fewer than `CHECKPOINT_EVERY` entries. An `undo` on the way restarts from the latest
//! mark it can ([`Journal::commit_from`]), not from the scenario's start.
use crate::core::game::{Journal, Mark, Record};
use crate::core::ruleset::Rules;
use std::fmt::Debug;
use std::str::FromStr;

/// The grid of the marks taken near the position, and the least interval of the others.
pub const CHECKPOINT_EVERY: usize = 256;
/// The review's lasting marks split the log in at most this many intervals: a 20,000-entry
/// log has one every 5,000 entries (and at its start and end).
pub const FAR_MARKS: usize = 4;
/// Marks kept near where the review has been (the least recently used goes first).
pub const NEAR_MARKS: usize = 2;

/// What a review needs of a ruleset's clock: the places on it the umpire can name (`--at`, the
/// review prompt), and where its phases and turns begin.
pub trait Places: Rules {
    /// A clock as the umpire names it, parsed from what was typed (its errors say what may be
    /// typed).
    type Place: FromStr<Err = String> + Clone + Debug + PartialEq;
    /// Whether a position whose clock is `clock` is at `place`.
    fn at_place(clock: &Self::Clock, place: &Self::Place) -> bool;
    /// Why the battle, whose clocks at every position are `clocks` (in order, never empty),
    /// never stood at `place`.
    fn no_place(place: &Self::Place, clocks: &[Self::Clock]) -> String;
    /// Whether two clocks are in the same phase of the same turn (a phase step goes to where
    /// this changes).
    fn same_phase(a: &Self::Clock, b: &Self::Clock) -> bool {
        a == b
    }
    /// Whether two clocks are in the same turn (a turn step goes to where this changes); None
    /// when the rules have no turns to step by.
    fn same_turn(a: &Self::Clock, b: &Self::Clock) -> Option<bool> {
        Some(Self::turn_of(a)? == Self::turn_of(b)?)
    }
    /// What may be typed to jump, as the review's refusals say it.
    const PLACE_HELP: &'static str =
        "a clock as the log writes it (turn 3, turn 3 movement), an entry (#42), start or end";
    /// A position's clock as the review's message line says it; by default as the log writes
    /// it.
    fn place_text(clock: &Self::Clock) -> String {
        clock.to_string()
    }
    /// What to add when a jump to `place` stands at `clock`, which does not read as typed (a
    /// time of day inside a longer turn); None: nothing.
    fn landed(_place: &Self::Place, _clock: &Self::Clock) -> Option<String> {
        None
    }
}

/// A saved battle's log being stepped through. The game shown holds the entries before the
/// position; the review holds the ones after it (so the log is in memory once), the clock at
/// every position, and the history marks to step from.
#[derive(Debug, Clone)]
pub struct Review<R: Rules> {
    /// The entries after the position, newest first (the next one to apply is last).
    ahead: Vec<Record<R>>,
    /// The state's clock at each position `0..=len`.
    clocks: Vec<R::Clock>,
    /// Sequence number of each entry.
    seqs: Vec<u64>,
    /// Positions just after a `note` entry (the bookmarks), ascending.
    notes: Vec<usize>,
    /// `far[k]` stands after `k * every` entries, for the whole review.
    far: Vec<Mark<R>>,
    every: usize,
    /// Marks taken near the position on the `grid`, most recently used last.
    near: Vec<Mark<R>>,
    grid: usize,
}

/// What one step moves by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// One log entry.
    Command,
    /// To the next (previous) position where the clock's phase changed.
    Phase,
    /// To the next (previous) position where the clock's turn changed.
    Turn,
    /// To the next (previous) `note` entry.
    Bookmark,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Back,
    Forward,
}

/// Where a jump goes, as typed at the review prompt or after `--at`: `start`, `end`, `#42`, or
/// a place on the ruleset's clock (`P`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target<P> {
    Start,
    End,
    /// Just after the entry with this sequence number (the entry highlighted); `#0` is the
    /// start, before entry #1.
    Entry(u64),
    /// The first position whose clock is at this place.
    At(P),
}

impl<P: FromStr<Err = String>> FromStr for Target<P> {
    type Err = String;
    fn from_str(s: &str) -> Result<Target<P>, String> {
        match s.trim() {
            "start" => Ok(Target::Start),
            "end" => Ok(Target::End),
            w if w.starts_with('#') && !w.contains(char::is_whitespace) => w[1..]
                .parse::<u64>()
                .map(Target::Entry)
                .map_err(|_| format!("\"{w}\" is not an entry number (e.g. #42)")),
            _ => s.parse::<P>().map(Target::At),
        }
    }
}

/// Why a move cannot be made; the position does not change.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    #[error("already at the scenario's start (before entry 1)")]
    AtStart,
    #[error("already at the end of the log (entry {0} of {0})")]
    AtEnd(usize),
    #[error("no note {0} this point (notes are the bookmarks: `note \"text\"` while playing)")]
    NoNote(&'static str),
    #[error("no entry #{asked}: {have}")]
    NoEntry { asked: u64, have: String },
    #[error("this rule system has no numbered turns")]
    NoTurns,
    /// The battle never stood at the place asked: the ruleset's words.
    #[error("{0}")]
    NoPlace(String),
}

impl<R: Places> Review<R> {
    /// Review `game`, a battle of `setup` already replayed (so its log is valid). Returns the
    /// review and the same game, standing at the end of the log.
    pub fn new(setup: &R::Setup, game: Journal<R>) -> (Review<R>, Journal<R>) {
        let every = CHECKPOINT_EVERY.max(game.entries().len().div_ceil(FAR_MARKS));
        Review::with_intervals(setup, game, every, CHECKPOINT_EVERY)
    }

    /// The same with a lasting mark every `every` entries and near marks on a grid of `grid`
    /// entries (tests use small intervals).
    pub fn with_intervals(
        setup: &R::Setup,
        game: Journal<R>,
        every: usize,
        grid: usize,
    ) -> (Review<R>, Journal<R>) {
        let every = every.max(1);
        let mut walk = Journal::<R>::new(setup, game.tables.clone());
        let log = game.into_entries();
        let n = log.len();
        walk.reserve(n);
        let mut review = Review {
            // Exactly the log's room: untouched (not resident) until the review steps back.
            ahead: Vec::with_capacity(n),
            clocks: Vec::with_capacity(n + 1),
            seqs: Vec::with_capacity(n),
            notes: Vec::new(),
            far: Vec::with_capacity(n / every + 1),
            every,
            near: Vec::new(),
            grid: grid.max(1),
        };
        review.clocks.push(R::clock(&walk.state));
        review.far.push(walk.mark());
        for (i, e) in log.into_iter().enumerate() {
            review.seqs.push(e.seq);
            if is_note(&e) {
                review.notes.push(i + 1);
            }
            commit(&mut walk, e, &review.far, &[]);
            review.clocks.push(R::clock(&walk.state));
            if (i + 1) % every == 0 {
                review.far.push(walk.mark());
            }
        }
        (review, walk)
    }

    /// Entries in the log (the last position).
    pub fn len(&self) -> usize {
        self.seqs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.seqs.is_empty()
    }

    /// The clock at position `p` (clamped to the end).
    pub fn clock_at(&self, p: usize) -> R::Clock {
        self.clocks[p.min(self.len())]
    }

    /// The sequence number of the entry that got position `p` there (none at the start).
    pub fn seq_before(&self, p: usize) -> Option<u64> {
        p.checked_sub(1).and_then(|i| self.seqs.get(i)).copied()
    }

    /// Whether the entry that got position `p` there is a `note` (a bookmark).
    pub fn is_bookmark(&self, p: usize) -> bool {
        self.notes.binary_search(&p).is_ok()
    }

    /// Move `game` (the game this review returned, at any position) to position `to`
    /// (clamped to the end): back to the latest mark at or before `to` (or on to it, when it
    /// is ahead of `game`), then apply the entries in between; a walk of a grid or more takes a
    /// near mark at the last grid point on the way.
    pub fn seek(&mut self, game: &mut Journal<R>, to: usize) {
        let to = to.min(self.len());
        let at = game.entries().len();
        let (near, k) = self.latest_mark(to);
        let mark = if near {
            // Most recently used last: it is kept longest.
            let m = self.near.remove(k);
            self.near.push(m);
            &self.near[self.near.len() - 1]
        } else {
            &self.far[k]
        };
        if to < at {
            let after = game.rewind(mark);
            self.ahead.extend(after.into_iter().rev());
        } else if at < mark.len() {
            let skipped = (at..mark.len()).filter_map(|_| self.ahead.pop()).collect();
            game.skip_to(mark, skipped);
        }
        let from = game.entries().len();
        let grid_point = to / self.grid * self.grid;
        // A walk of less than the grid started near enough: no mark to take.
        let take = to - from >= self.grid && !self.has_mark(grid_point);
        while game.entries().len() < to {
            let Some(e) = self.ahead.pop() else { break };
            commit(game, e, &self.far, &self.near);
            if take && game.entries().len() == grid_point {
                if self.near.len() >= NEAR_MARKS {
                    self.near.remove(0);
                }
                self.near.push(game.mark());
            }
        }
    }

    /// The latest mark at or before position `to`: (whether it is a near mark, its index).
    fn latest_mark(&self, to: usize) -> (bool, usize) {
        let k = (to / self.every).min(self.far.len() - 1);
        let best_near = self
            .near
            .iter()
            .enumerate()
            .filter(|(_, m)| m.len() <= to && m.len() > self.far[k].len())
            .max_by_key(|(_, m)| m.len());
        match best_near {
            Some((i, _)) => (true, i),
            None => (false, k),
        }
    }

    fn has_mark(&self, p: usize) -> bool {
        (p.is_multiple_of(self.every) && p / self.every < self.far.len())
            || self.near.iter().any(|m| m.len() == p)
    }

    /// How many history marks the review holds now (each a whole game state).
    pub fn marks_held(&self) -> usize {
        self.far.len() + self.near.len()
    }

    /// Where one step from position `from` goes; an error (and no move) at either end, when
    /// there is no further note, or (by turn) when the rules have no turns.
    ///
    /// Phase and turn steps land on *starts*: positions whose clock differs (in phase, or in
    /// turn) from the position before. Forward goes to the next start (or the end of the log
    /// if none is left); back goes to the previous start, which is the start of the current
    /// phase (turn) when `from` is inside it. So forward then back returns to a start.
    pub fn step(&self, from: usize, step: Step, dir: Direction) -> Result<usize, ReviewError> {
        let n = self.len();
        let from = from.min(n);
        // A clock compared with itself says whether the rules have turns at all.
        if step == Step::Turn && R::same_turn(&self.clocks[0], &self.clocks[0]).is_none() {
            return Err(ReviewError::NoTurns);
        }
        if step != Step::Bookmark {
            match dir {
                Direction::Back if from == 0 => return Err(ReviewError::AtStart),
                Direction::Forward if from == n => return Err(ReviewError::AtEnd(n)),
                _ => {}
            }
        }
        match step {
            Step::Command => Ok(match dir {
                Direction::Back => from - 1,
                Direction::Forward => from + 1,
            }),
            Step::Phase => Ok(self.boundary(from, dir, R::same_phase)),
            Step::Turn => Ok(self.boundary(from, dir, |a, b| R::same_turn(a, b).unwrap_or(true))),
            Step::Bookmark => match dir {
                Direction::Forward => {
                    let i = self.notes.partition_point(|&q| q <= from);
                    self.notes
                        .get(i)
                        .copied()
                        .ok_or(ReviewError::NoNote("after"))
                }
                Direction::Back => {
                    let i = self.notes.partition_point(|&q| q < from);
                    i.checked_sub(1)
                        .map(|i| self.notes[i])
                        .ok_or(ReviewError::NoNote("before"))
                }
            },
        }
    }

    fn boundary(
        &self,
        from: usize,
        dir: Direction,
        same: impl Fn(&R::Clock, &R::Clock) -> bool,
    ) -> usize {
        let n = self.len();
        let start = |q: &usize| !same(&self.clocks[*q], &self.clocks[*q - 1]);
        match dir {
            Direction::Forward => (from + 1..=n).find(start).unwrap_or(n),
            Direction::Back => (1..from).rev().find(start).unwrap_or(0),
        }
    }

    /// Where a jump goes; an error (and no move) when the battle has no such place.
    pub fn jump(&self, target: &Target<R::Place>) -> Result<usize, ReviewError> {
        let n = self.len();
        match target {
            Target::Start | Target::Entry(0) => Ok(0),
            Target::End => Ok(n),
            Target::Entry(seq) => self
                .seqs
                .iter()
                .position(|s| s == seq)
                .map(|i| i + 1)
                .ok_or_else(|| ReviewError::NoEntry {
                    asked: *seq,
                    have: match (self.seqs.first(), self.seqs.last()) {
                        (Some(a), Some(b)) => format!("the log has entries #{a}-#{b}"),
                        _ => "the log is empty".into(),
                    },
                }),
            Target::At(place) => (0..=n)
                .find(|&q| R::at_place(&self.clocks[q], place))
                .ok_or_else(|| ReviewError::NoPlace(R::no_place(place, &self.clocks))),
        }
    }
}

/// Take `e` into `game`; an `undo` starts again from the latest of the marks it can.
fn commit<R: Rules>(game: &mut Journal<R>, e: Record<R>, far: &[Mark<R>], near: &[Mark<R>]) {
    if e.cmd == "undo" {
        let marks: Vec<&Mark<R>> = far.iter().chain(near).collect();
        game.commit_from(e, &marks);
    } else {
        game.commit(e);
    }
}

/// A `note` entry: the review's bookmarks.
pub fn is_note<R: Rules>(e: &Record<R>) -> bool {
    e.cmd.split_whitespace().next() == Some("note")
}

/// A place named by the clock's text as the log writes it (`turn 3`, `turn 3 movement`): the
/// first position whose clock reads so, or begins so and goes on after a space. A ruleset whose
/// clock says all there is to say in its text takes this as its [`Places::Place`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockText(pub String);

impl FromStr for ClockText {
    type Err = String;
    fn from_str(s: &str) -> Result<ClockText, String> {
        match s.trim() {
            "" => Err(
                "type a place in the battle: start, end, #N, or a clock as `umpire log` \
                       writes it"
                    .into(),
            ),
            text => Ok(ClockText(text.to_string())),
        }
    }
}

impl ClockText {
    /// Whether `clock` reads as this place.
    pub fn names(&self, clock: &impl std::fmt::Display) -> bool {
        let text = clock.to_string();
        text == self.0
            || text
                .strip_prefix(&self.0)
                .is_some_and(|rest| rest.starts_with(' '))
    }

    /// Why the battle never stood at this place.
    pub fn never(&self) -> String {
        "the battle never stood at that clock (give start, end, #N, or a clock as `umpire log` \
         writes it, e.g. \"turn 2\")"
            .into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_parse_start_end_entries_and_places_on_the_clock() {
        let t = |s: &str| s.parse::<Target<ClockText>>();
        assert_eq!(t(" start "), Ok(Target::Start));
        assert_eq!(t("end"), Ok(Target::End));
        assert_eq!(t("#0"), Ok(Target::Entry(0)));
        assert_eq!(t("#42"), Ok(Target::Entry(42)));
        assert!(t("#x").unwrap_err().contains("not an entry number"));
        // "#42 extra" is not an entry: the ruleset's place decides what it is.
        assert_eq!(
            t("#42 extra"),
            Ok(Target::At(ClockText("#42 extra".into())))
        );
        assert_eq!(t("turn 3"), Ok(Target::At(ClockText("turn 3".into()))));
        assert!(t("  ").is_err());
    }

    #[test]
    fn a_clock_text_names_the_clock_that_reads_so_or_goes_on_after_a_space() {
        let place = ClockText("turn 3".into());
        assert!(place.names(&"turn 3"));
        assert!(place.names(&"turn 3 movement"));
        assert!(!place.names(&"turn 31"));
        assert!(!place.names(&"turn 2 movement"));
    }
}
