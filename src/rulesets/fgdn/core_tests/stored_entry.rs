//! Tests of `core::stored_entry` on FG&DN battles (the ruleset the journal grew with); they sit in
//! FG&DN's folder so the shared engine names no ruleset, and reach the module's private items
//! as its child (`#[path]` in `core/stored_entry.rs`).
use super::*;
use crate::rulesets::fgdn::clock::{Clock, Phase, Scale};
use crate::rulesets::fgdn::event::Event;
use crate::rulesets::fgdn::Entry;
use crate::rulesets::fgdn::Fgdn;

fn clock(turn: u32, phase: Phase) -> Clock {
    Clock {
        turn,
        phase,
        scale: Scale::Tactical,
    }
}

fn quiet(from: Clock, n: usize) -> Vec<Event> {
    let mut v = Vec::new();
    push_run::<Fgdn>(
        &mut v,
        &QuietRun {
            at: 0,
            from,
            phases: n as u32,
        },
    );
    v
}

fn entry(events: Vec<Event>) -> Entry {
    Entry {
        v: 1,
        seq: 7,
        cmd: "until 1157".into(),
        clock: clock(720, Phase::Plotting),
        events,
        wall: None,
        typed: None,
    }
}

#[test]
fn quiet_runs_are_stored_once_and_read_back_as_the_same_events() {
    let start = clock(720, Phase::Plotting);
    let mut events = quiet(start, 2874);
    let note = Event::Note { text: "x".into() };
    events.insert(600, note.clone()); // breaks the run after 300 phases
    events.push(note);
    let e = entry(events);
    let json = serde_json::to_string(&e).unwrap();
    assert!(json.len() < 1_000, "{} bytes: {json}", json.len());
    assert_eq!(json.matches("\"phases\"").count(), 2, "{json}");
    let back: Entry = serde_json::from_str(&json).unwrap();
    assert_eq!(back, e);
    // A short run (a `turn`: five phases) is written event by event, as it always was.
    let short = entry(quiet(start, 5));
    let json = serde_json::to_string(&short).unwrap();
    assert!(!json.contains("quiet") && json.matches("phase_ended").count() == 5);
    let back: Entry = serde_json::from_str(&json).unwrap();
    assert_eq!(back, short);
}

#[test]
fn an_entry_without_a_run_is_written_as_before_and_old_entries_read_the_same() {
    let start = clock(720, Phase::Plotting);
    let e = entry(quiet(start, 1));
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(
        json,
        r#"{"v":1,"seq":7,"cmd":"until 1157","clock":{"turn":720,"phase":"plotting","scale":"tactical"},"events":[{"e":"phase_ended","clock":{"turn":720,"phase":"plotting","scale":"tactical"}},{"e":"clock_moved","to":{"turn":720,"phase":"movement","scale":"tactical"}}]}"#
    );
    // A long run written the old way (every event) reads as the same entry.
    let long = entry(quiet(start, 300));
    let mut old = serde_json::to_value(StoredEntry::<Fgdn>::from(long.clone())).unwrap();
    old["events"] = serde_json::to_value(&long.events).unwrap();
    old.as_object_mut().unwrap().remove("quiet");
    let back: Entry = serde_json::from_value(old).unwrap();
    assert_eq!(back, long);
}

#[test]
fn a_crafted_run_is_refused() {
    let json = r#"{"v":1,"seq":1,"cmd":"next","clock":{"turn":720,"phase":"plotting","scale":"tactical"},"quiet":[{"at":3,"from":{"turn":720,"phase":"plotting","scale":"tactical"},"phases":2}]}"#;
    assert!(serde_json::from_str::<Entry>(json).is_err());
    let json = json
        .replace("\"at\":3", "\"at\":0")
        .replace(":2}", ":4000000000}");
    assert!(serde_json::from_str::<Entry>(&json).is_err());
}
