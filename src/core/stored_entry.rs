//! How a log entry ([`crate::core::game::Record`]) is stored: the same JSON as always, except that a run of quiet phases
//! (a phase that ended with nothing due: `phase_ended` followed at once by `clock_moved` to the
//! next phase) is written as one `quiet` record instead of two events per phase.
//!
//! Why: `until` records every phase it walks through. Across a day of tactical turns that is
//! 2,880 phases, two events of about 80 bytes each: one `until` entry of ~460 KB, and a few
//! hundred of them made a save larger than any reader accepts. The events in memory are
//! unchanged (the review, the log, `verify` and replay see exactly the events the rules gave);
//! only the stored text is shorter. An entry with no quiet run is written exactly as before, and
//! every save written before this (no `quiet` key) decodes to the same entries as before.
//!
//! ```text
//! {"v":1,"seq":1,"cmd":"until 1157","clock":{..},"quiet":[{"at":0,"from":{..},"phases":2874}],..}
//! ```
//! `at` is the index in the stored `events` before which the run's events go; the run expands to
//! `phase_ended {clock: c}`, `clock_moved {to: c.after_phase()}` for `phases` phases from `from`.
//!
//! Every ruleset's entries are stored this way; the ruleset says what a quiet phase is
//! ([`Rules::quiet_phase`], [`Rules::quiet_events`]).
use crate::core::game::Record;
use crate::core::ruleset::Rules;
use serde::{Deserialize, Serialize};

/// Runs shorter than this are written as events, exactly as before this form existed: a
/// `next`, a `turn` or an `until` of a few hours keeps its line byte for byte (SPEC 8: the
/// ruleset boundary must not change a save), and only the long walks that made saves too large
/// (a day of tactical turns is 2,880 phases) take the short form.
const MIN_RUN: u32 = 200;

/// The most phases one stored run may expand to: guards the memory against a crafted save.
/// `until` walks at most a day (2,880 tactical phases); post-battle marks are fewer.
const MAX_RUN: u32 = 100_000;

/// A run of quiet phases, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuietRun<C> {
    pub at: usize,
    pub from: C,
    pub phases: u32,
}

/// The stored form of an entry ([`crate::core::game::Record`]) (its fields in the same order, `quiet` after `events`).
#[derive(Serialize, Deserialize)]
#[serde(bound(
    serialize = "R::Event: Serialize, R::Clock: Serialize",
    deserialize = "R::Event: Deserialize<'de>, R::Clock: Deserialize<'de>"
))]
pub struct StoredEntry<R: Rules> {
    v: u32,
    seq: u64,
    cmd: String,
    clock: R::Clock,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    events: Vec<R::Event>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    quiet: Vec<QuietRun<R::Clock>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    wall: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    typed: Option<String>,
}

/// Replace every run of at least `MIN_RUN` quiet phases with a [`QuietRun`].
pub fn compress<R: Rules>(events: Vec<R::Event>) -> (Vec<R::Event>, Vec<QuietRun<R::Clock>>) {
    let quiet_at = |i: usize| R::quiet_phase(events.get(i..).unwrap_or(&[]));
    let mut stored = Vec::with_capacity(events.len());
    let mut runs = Vec::new();
    let mut i = 0;
    while i < events.len() {
        let Some(from) = quiet_at(i) else {
            stored.push(events[i].clone());
            i += 1;
            continue;
        };
        let mut phases = 1;
        let mut next = R::quiet_events(from).1;
        while phases < MAX_RUN && quiet_at(i + 2 * phases as usize) == Some(next) {
            next = R::quiet_events(next).1;
            phases += 1;
        }
        let end = i + 2 * phases as usize;
        if phases >= MIN_RUN {
            runs.push(QuietRun {
                at: stored.len(),
                from,
                phases,
            });
        } else {
            stored.extend_from_slice(&events[i..end]);
        }
        i = end;
    }
    (stored, runs)
}

/// The events a stored entry stands for.
pub fn expand<R: Rules>(
    events: Vec<R::Event>,
    runs: &[QuietRun<R::Clock>],
) -> Result<Vec<R::Event>, String> {
    let mut total = events.len();
    let mut last_at = 0;
    for r in runs {
        if r.at > events.len() || r.at < last_at || r.phases == 0 || r.phases > MAX_RUN {
            return Err(format!(
                "a quiet run (at {}, {} phases) does not fit the entry's {} events",
                r.at,
                r.phases,
                events.len()
            ));
        }
        last_at = r.at;
        total += 2 * r.phases as usize;
    }
    if runs.is_empty() {
        return Ok(events);
    }
    let mut out = Vec::with_capacity(total);
    let mut runs = runs.iter().peekable();
    for (j, event) in events.into_iter().enumerate() {
        while let Some(r) = runs.next_if(|r| r.at == j) {
            push_run::<R>(&mut out, r);
        }
        out.push(event);
    }
    for r in runs {
        push_run::<R>(&mut out, r);
    }
    Ok(out)
}

fn push_run<R: Rules>(out: &mut Vec<R::Event>, r: &QuietRun<R::Clock>) {
    let mut clock = r.from;
    for _ in 0..r.phases {
        let (events, to) = R::quiet_events(clock);
        out.extend(events);
        clock = to;
    }
}

impl<R: Rules> From<Record<R>> for StoredEntry<R> {
    fn from(e: Record<R>) -> StoredEntry<R> {
        let (events, quiet) = compress::<R>(e.events);
        StoredEntry {
            v: e.v,
            seq: e.seq,
            cmd: e.cmd,
            clock: e.clock,
            events,
            quiet,
            wall: e.wall,
            typed: e.typed,
        }
    }
}

impl<R: Rules> TryFrom<StoredEntry<R>> for Record<R> {
    type Error = String;
    fn try_from(s: StoredEntry<R>) -> Result<Record<R>, String> {
        let mut events = expand::<R>(s.events, &s.quiet)?;
        // The list grew as it was read: give back its spare room now, not after the whole log
        // is read, when it would add to the open's peak (the file's bytes are still held).
        events.shrink_to_fit();
        Ok(Record {
            v: s.v,
            seq: s.seq,
            cmd: s.cmd,
            clock: s.clock,
            events,
            wall: s.wall,
            typed: s.typed,
        })
    }
}

#[cfg(test)]
#[path = "../rulesets/fgdn/core_tests/stored_entry.rs"]
mod tests;
