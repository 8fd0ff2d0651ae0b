//! A watcher's dashboard taking what a poll of the followed save found (`umpire watch`),
//! written once for every ruleset: the entries the umpire appended are taken in, a save
//! replaced or rewritten underneath is read again from the start (and said, unless it only
//! gained its first log entry), and the follower's problem (an unreadable save, a torn line)
//! is said when it comes and when it goes.
use crate::store::follow::{Polled, Update};
use crate::store::Loaded;

/// What a dashboard does for [`take`].
pub trait Watcher {
    /// A log entry of the save.
    type Entry;
    /// Take the entries appended after those already read, oldest first.
    fn appended(&mut self, entries: Vec<Self::Entry>);
    /// Whether the battle read so far has a log (a scenario's first command adds one: read
    /// whole, nothing to announce).
    fn has_log(&self) -> bool;
    /// Read the battle again from the whole save; why not, with nothing changed.
    fn reloaded(&mut self, loaded: Loaded<Self::Entry>) -> Result<(), String>;
    /// The follower's problem now on the message line (None: not a watcher).
    fn problem(&mut self) -> Option<&mut Option<String>>;
    /// Put a message on the message line (`error`: in the error tone).
    fn say(&mut self, text: String, error: bool);
}

/// Take what a poll of the save found. Returns whether the screen must be drawn again.
pub fn take<W: Watcher>(w: &mut W, polled: Polled<W::Entry>) -> bool {
    let mut changed = false;
    match polled.update {
        Some(Update::Appended(entries)) => {
            w.appended(entries);
            changed = true;
        }
        Some(Update::Reloaded(loaded)) => {
            let had_log = w.has_log();
            match w.reloaded(loaded) {
                Ok(()) if had_log => w.say(
                    "the save was replaced or rewritten: read again from the start".into(),
                    false,
                ),
                Ok(()) => {}
                Err(e) => w.say(e, true),
            }
            changed = true;
        }
        None => {}
    }
    let Some(slot) = w.problem() else {
        return changed;
    };
    if *slot != polled.problem {
        *slot = polled.problem.clone();
        match polled.problem {
            Some(p) => w.say(p, true),
            None => w.say("following the save again".into(), false),
        }
        changed = true;
    }
    changed
}
