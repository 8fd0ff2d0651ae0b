//! Reviewing a saved battle (`umpire review`): positions in its log and how the umpire moves
//! between them. Position `p` is the number of log entries applied (0 = the scenario's start);
//! the state there is exactly what `Game::replay` of the first `p` entries gives (undo and redo
//! entries honoured: the same `Game::commit` does the work), and entry `p - 1` is the one that
//! got it there.
//!
//! Moves: a command at a time; a phase or a turn at a time (to the positions where the clock's
//! phase or turn changed); to a turn `HHMM` (and day); to an entry `#seq`; between `note`
//! entries (the bookmarks).
//!
//! Stepping stays fast at fleet scale in little memory. A [`HistoryMark`] (a whole game state,
//! about 1.3 MB at 250 ships late in a battle) is kept every `every` entries, at most
//! [`FAR_MARKS`] intervals of the log, for the whole review; and up to [`NEAR_MARKS`] more
//! where the umpire has been, on a grid of [`CHECKPOINT_EVERY`] entries: a walk from a mark
//! to a position takes one at the last grid point before it. So a run of steps back pays for
//! one long walk (at most `every` entries) per `CHECKPOINT_EVERY` steps, and each of the
//! others applies fewer than `CHECKPOINT_EVERY` entries. An `undo` on the way restarts from
//! the latest mark it can (`Game::commit_from`), not from the scenario's start.
use crate::rulesets::fgdn::clock::{Clock, Hhmm, Minute, Phase, MINUTES_PER_DAY};
use crate::rulesets::fgdn::log_view::LogEntry;
use crate::rulesets::fgdn::scenario::Scenario;
use crate::rulesets::fgdn::{Entry, Game, HistoryMark};
use std::fmt;
use std::str::FromStr;

/// The grid of the marks taken near the position, and the least interval of the others.
pub const CHECKPOINT_EVERY: usize = 256;
/// The review's lasting marks split the log in at most this many intervals: a 20,000-entry
/// log has one every 5,000 entries (and at its start and end).
pub const FAR_MARKS: usize = 4;
/// Marks kept near where the review has been (the least recently used goes first).
pub const NEAR_MARKS: usize = 2;

/// A saved battle's log being stepped through. The game shown holds the entries before the
/// position; the review holds the ones after it (so the log is in memory once), the clock at
/// every position, and the history marks to step from.
#[derive(Debug, Clone)]
pub struct Review {
    /// The entries after the position, newest first (the next one to apply is last).
    ahead: Vec<Entry>,
    /// The state's clock at each position `0..=len`.
    clocks: Vec<Clock>,
    /// Sequence number of each entry.
    seqs: Vec<u64>,
    /// Positions just after a `note` entry (the bookmarks), ascending.
    notes: Vec<usize>,
    /// `far[k]` stands after `k * every` entries, for the whole review.
    far: Vec<HistoryMark>,
    every: usize,
    /// Marks taken near the position on the `grid`, most recently used last.
    near: Vec<HistoryMark>,
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

/// Where a jump goes, as typed at the review prompt: `1215`, `1215 d2`, `1215 resolution`,
/// `1215 d2 resolution`, `#42`, `start`, `end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Start,
    End,
    /// Just after the entry with this sequence number (the entry highlighted).
    Entry(u64),
    /// The first position whose clock is in the turn containing `time` (on `day`, when given;
    /// in `phase`, when given).
    Turn {
        time: Hhmm,
        day: Option<u32>,
        phase: Option<Phase>,
    },
}

pub const TARGET_HELP: &str =
    "a turn (1215, 1215 d2, 1215 resolution), an entry (#42), start or end";

impl FromStr for Target {
    type Err = String;
    fn from_str(s: &str) -> Result<Target, String> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let bad = || {
            format!(
                "\"{}\" is not a place in the battle: type {TARGET_HELP}",
                s.trim()
            )
        };
        match words.as_slice() {
            [] => Err(bad()),
            ["start"] => Ok(Target::Start),
            ["end"] => Ok(Target::End),
            [w] if w.starts_with('#') => w[1..]
                .parse::<u64>()
                .map(Target::Entry)
                .map_err(|_| format!("\"{w}\" is not an entry number (e.g. #42)")),
            [time, rest @ ..] => {
                let time: Hhmm = time.parse().map_err(|_| bad())?;
                let mut day = None;
                let mut phase = None;
                let mut rest = rest.iter().peekable();
                while let Some(w) = rest.next() {
                    let w = w.to_ascii_lowercase();
                    if let Some(d) = w.strip_prefix('d').and_then(|d| d.parse::<u32>().ok()) {
                        day = Some(d);
                    } else if w == "day" {
                        let d = rest.next().and_then(|d| d.parse::<u32>().ok());
                        day =
                            Some(d.ok_or_else(|| {
                                "\"day\" needs a number (1215 day 2)".to_string()
                            })?);
                    } else {
                        phase = Some(w.parse::<Phase>()?);
                    }
                }
                if day == Some(0) {
                    return Err("days are counted from 1 (the scenario's first day)".into());
                }
                Ok(Target::Turn { time, day, phase })
            }
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
    #[error("no turn {asked} in this battle: it runs from {first} to {last}")]
    NoTurn {
        asked: String,
        first: String,
        last: String,
    },
}

/// A clock as the umpire reads it: `1215 movement d1`.
pub fn clock_text(c: &Clock) -> String {
    format!("{} {} d{}", c.label(), c.phase.words(), c.day())
}

impl Review {
    /// Review `game`, a battle of `scenario` already replayed (so its log is valid). Returns
    /// the review and the same game, standing at the end of the log.
    pub fn new(scenario: &Scenario, game: Game) -> (Review, Game) {
        let every = CHECKPOINT_EVERY.max(game.entries().len().div_ceil(FAR_MARKS));
        Review::with_intervals(scenario, game, every, CHECKPOINT_EVERY)
    }

    /// The same with a lasting mark every `every` entries and near marks on a grid of `grid`
    /// entries (tests use small intervals).
    pub fn with_intervals(
        scenario: &Scenario,
        game: Game,
        every: usize,
        grid: usize,
    ) -> (Review, Game) {
        let every = every.max(1);
        let mut walk = Game::new(scenario, game.tables.clone());
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
        review.clocks.push(walk.state.clock);
        review.far.push(walk.mark());
        for (i, e) in log.into_iter().enumerate() {
            review.seqs.push(e.seq);
            if is_note(&e) {
                review.notes.push(i + 1);
            }
            commit(&mut walk, e, &review.far, &[]);
            review.clocks.push(walk.state.clock);
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
    pub fn clock_at(&self, p: usize) -> Clock {
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
    pub fn seek(&mut self, game: &mut Game, to: usize) {
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

    /// Where one step from position `from` goes; an error (and no move) at either end or when
    /// there is no further note.
    ///
    /// Phase and turn steps land on *starts*: positions whose clock differs (in phase, or in
    /// turn) from the position before. Forward goes to the next start (or the end of the log
    /// if none is left); back goes to the previous start, which is the start of the current
    /// phase (turn) when `from` is inside it. So forward then back returns to a start.
    pub fn step(&self, from: usize, step: Step, dir: Direction) -> Result<usize, ReviewError> {
        let n = self.len();
        let from = from.min(n);
        if step != Step::Bookmark {
            match dir {
                Direction::Back if from == 0 => return Err(ReviewError::AtStart),
                Direction::Forward if from == n => return Err(ReviewError::AtEnd(n)),
                _ => {}
            }
        }
        let phase = |c: &Clock| (c.turn, Some(c.phase));
        let turn = |c: &Clock| (c.turn, None);
        match step {
            Step::Command => Ok(match dir {
                Direction::Back => from - 1,
                Direction::Forward => from + 1,
            }),
            Step::Phase => Ok(self.boundary(from, dir, phase)),
            Step::Turn => Ok(self.boundary(from, dir, turn)),
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
        key: impl Fn(&Clock) -> (Minute, Option<Phase>),
    ) -> usize {
        let n = self.len();
        let start = |q: &usize| key(&self.clocks[*q]) != key(&self.clocks[*q - 1]);
        match dir {
            Direction::Forward => (from + 1..=n).find(start).unwrap_or(n),
            Direction::Back => (1..from).rev().find(start).unwrap_or(0),
        }
    }

    /// Where a jump goes; an error (and no move) when the battle has no such place.
    pub fn jump(&self, target: &Target) -> Result<usize, ReviewError> {
        let n = self.len();
        match *target {
            Target::Start => Ok(0),
            Target::End => Ok(n),
            Target::Entry(seq) => self
                .seqs
                .iter()
                .position(|s| *s == seq)
                .map(|i| i + 1)
                .ok_or_else(|| ReviewError::NoEntry {
                    asked: seq,
                    have: match (self.seqs.first(), self.seqs.last()) {
                        (Some(a), Some(b)) => format!("the log has entries #{a}-#{b}"),
                        _ => "the log is empty".into(),
                    },
                }),
            Target::Turn { time, day, phase } => (0..=n)
                .find(|&q| {
                    let c = &self.clocks[q];
                    turn_contains(c, time, day) && phase.is_none_or(|p| p == c.phase)
                })
                .ok_or_else(|| self.no_turn(time, day, phase)),
        }
    }

    fn no_turn(&self, time: Hhmm, day: Option<u32>, phase: Option<Phase>) -> ReviewError {
        let first = self.clocks.iter().min_by_key(|c| c.turn).copied();
        let last = self.clocks.iter().max_by_key(|c| c.turn).copied();
        let turn_text = |c: Option<Clock>| {
            c.map(|c| format!("{} (day {})", c.label(), c.day()))
                .unwrap_or_default()
        };
        let mut asked = time.to_string();
        if let Some(d) = day {
            asked.push_str(&format!(" on day {d}"));
        }
        if let Some(p) = phase {
            asked.push_str(&format!(" in the {p} phase"));
        }
        ReviewError::NoTurn {
            asked,
            first: turn_text(first),
            last: turn_text(last),
        }
    }
}

/// Take `e` into `game`; an `undo` starts again from the latest of the marks it can.
fn commit(game: &mut Game, e: Entry, far: &[HistoryMark], near: &[HistoryMark]) {
    if e.cmd == "undo" {
        let marks: Vec<&HistoryMark> = far.iter().chain(near).collect();
        game.commit_from(e, &marks);
    } else {
        game.commit(e);
    }
}

/// Whether `c`'s turn contains the time of day `time` (on `day`, else on the turn's day or the
/// next: an intermediate turn from 2345 contains 0005 of the next day).
fn turn_contains(c: &Clock, time: Hhmm, day: Option<u32>) -> bool {
    let days = match day {
        Some(d) => [Some(d), None],
        None => [Some(c.day()), Some(c.day() + 1)],
    };
    days.into_iter().flatten().any(|d| {
        let at = (d - 1) * MINUTES_PER_DAY + time.minute_of_day();
        c.turn <= at && at < c.turn_end()
    })
}

/// A `note` entry: the review's bookmarks.
pub fn is_note(e: &Entry) -> bool {
    e.cmd.split_whitespace().next() == Some("note")
}

/// The log filters by kind of event (the review's `K`). Each keeps an entry's heading and
/// only its lines of that kind; entries with none are left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KindFilter {
    /// Critical hits: counts, locations, ignored criticals and their lasting effects (8.1.2-8.3).
    Criticals,
    /// Fires and flooding: started, damage, conflagration and capsize checks, orders, and the
    /// post-battle patch checks and restarts (8.2, 8.4).
    FiresFloods,
    /// Damage-control rolls, crews sent and ships assisting (8.2).
    DamageControl,
    /// Sinkings: sinking started, sunk, sunk at once, keel broken.
    Sinkings,
    /// What the umpire set by hand rather than the dice: `adjust`, and criticals, fires and
    /// floods typed directly (`crit`, `fire`, `flood`). The whole entry is shown. Hits are
    /// not overrides: every hit is typed.
    Overrides,
}

impl KindFilter {
    pub const ALL: [KindFilter; 5] = [
        KindFilter::Criticals,
        KindFilter::FiresFloods,
        KindFilter::DamageControl,
        KindFilter::Sinkings,
        KindFilter::Overrides,
    ];

    pub fn name(self) -> &'static str {
        match self {
            KindFilter::Criticals => "criticals",
            KindFilter::FiresFloods => "fires and floods",
            KindFilter::DamageControl => "damage control",
            KindFilter::Sinkings => "sinkings",
            KindFilter::Overrides => "umpire overrides",
        }
    }

    /// The next filter in the cycle: none, criticals, fires and floods, damage control,
    /// sinkings, overrides, none.
    pub fn cycle(current: Option<KindFilter>) -> Option<KindFilter> {
        match current {
            None => Some(KindFilter::ALL[0]),
            Some(k) => {
                let i = KindFilter::ALL.iter().position(|x| *x == k).unwrap_or(0);
                KindFilter::ALL.get(i + 1).copied()
            }
        }
    }

    /// The event kinds (`EventLine::kind`, the events' serde names) the filter keeps.
    pub fn event_kinds(self) -> &'static [&'static str] {
        match self {
            KindFilter::Criticals => &["critical_count", "critical", "critical_ignored", "effect"],
            KindFilter::FiresFloods => &[
                "casualty_started",
                "casualty_damage",
                "conflagration_check",
                "conflagration_ended",
                "capsize_check",
                "fire_orders",
                "magazines_flooded",
                "hold_flooded",
                "stowage_purged",
                "casualties_secured",
                "flooding_pumped",
                "patch_check",
                "fire_restart",
            ],
            KindFilter::DamageControl => &[
                "damage_control",
                "crews_sent",
                "assist_started",
                "assist_released",
            ],
            KindFilter::Sinkings => &["sinking_started", "sunk", "sunk_at_once", "keel_broken"],
            KindFilter::Overrides => &["adjusted"],
        }
    }

    /// Commands the umpire types to set an outcome by hand.
    pub const OVERRIDE_COMMANDS: [&'static str; 4] = ["adjust", "crit", "fire", "flood"];

    /// The entry as this filter shows it, or None when nothing in it is of this kind.
    pub fn apply(self, mut entry: LogEntry) -> Option<LogEntry> {
        if self == KindFilter::Overrides {
            let word = entry.command.split_whitespace().next().unwrap_or("");
            return KindFilter::OVERRIDE_COMMANDS
                .contains(&word)
                .then_some(entry);
        }
        let kinds = self.event_kinds();
        entry.lines.retain(|l| kinds.contains(&l.kind.as_str()));
        (!entry.lines.is_empty()).then_some(entry)
    }
}

impl fmt::Display for KindFilter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fgdn::clock::Scale;

    #[test]
    fn targets_parse_as_typed() {
        let t = |s: &str| s.parse::<Target>();
        assert_eq!(t("start"), Ok(Target::Start));
        assert_eq!(t(" end "), Ok(Target::End));
        assert_eq!(t("#42"), Ok(Target::Entry(42)));
        assert_eq!(
            t("1215"),
            Ok(Target::Turn {
                time: Hhmm(12 * 60 + 15),
                day: None,
                phase: None
            })
        );
        assert_eq!(
            t("0010 d2 resolution"),
            Ok(Target::Turn {
                time: Hhmm(10),
                day: Some(2),
                phase: Some(Phase::Resolution)
            })
        );
        assert_eq!(
            t("0010 day 2"),
            Ok(Target::Turn {
                time: Hhmm(10),
                day: Some(2),
                phase: None
            })
        );
        assert!(t("1275").unwrap_err().contains("not a place in the battle"));
        assert!(t("#x").unwrap_err().contains("not an entry number"));
        assert!(t("1215 lunch").unwrap_err().contains("unknown phase"));
        assert!(t("1215 d0").unwrap_err().contains("counted from 1"));
        assert!(t("hit tiger 3").is_err());
    }

    #[test]
    fn an_intermediate_turn_contains_the_times_inside_it_across_midnight() {
        let c = Clock {
            turn: 23 * 60 + 45,
            phase: Phase::Plotting,
            scale: Scale::Intermediate,
        };
        assert!(turn_contains(&c, Hhmm(23 * 60 + 45), None));
        assert!(turn_contains(&c, Hhmm(5), None));
        assert!(turn_contains(&c, Hhmm(5), Some(2)));
        assert!(!turn_contains(&c, Hhmm(5), Some(1)));
        assert!(!turn_contains(&c, Hhmm(15), None));
    }

    #[test]
    fn the_kind_filters_cycle_through_all_and_back_to_none() {
        let mut k = None;
        let mut seen = vec![];
        for _ in 0..6 {
            k = KindFilter::cycle(k);
            seen.push(k);
        }
        assert_eq!(seen[5], None);
        assert_eq!(
            seen[..5].iter().flatten().copied().collect::<Vec<_>>(),
            KindFilter::ALL
        );
    }
}
