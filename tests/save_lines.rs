//! SPEC 8, "FG&DN is the gate": every stored save line decodes and re-encodes byte for byte, so
//! moving FG&DN behind the ruleset boundary (generic journal entries, the event enum split)
//! cannot change a save. The saves are the ones every scenario script under tests/scenarios
//! writes, a long random demo battle, and the fuzz regression saves.
mod common;

use common::{umpire, Script, DEMO};
use std::path::{Path, PathBuf};
use umpire::core::game::Record;
use umpire::core::ruleset::sniff;
use umpire::rulesets::aage::game::Aage;
use umpire::rulesets::dnb::game::Dnb;
use umpire::rulesets::fgdn::Entry;
use umpire::rulesets::late19::game::Late19;
use umpire::rulesets::quickfire::game::Quickfire;
use umpire::store::format::{entry_line, ENTRY_PREFIX, LOG_MARKER};

/// Every entry line of a save: decoded, re-encoded, and compared with the line as stored.
fn check_lines(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let Some((_, log)) = text.split_once(LOG_MARKER) else {
        return 0;
    };
    let mut n = 0;
    for line in log.lines().filter(|l| l.starts_with(ENTRY_PREFIX)) {
        let json = &line[ENTRY_PREFIX.len() + 9..];
        let decoded = if sniff(&text) == Ok("dnb-standard") {
            serde_json::from_str::<Record<Dnb>>(json).map(|e| serde_json::to_string(&e))
        } else if sniff(&text) == Ok("late19-naval") {
            serde_json::from_str::<Record<Late19>>(json).map(|e| serde_json::to_string(&e))
        } else if sniff(&text) == Ok("quickfire-1.1") {
            serde_json::from_str::<Record<Quickfire>>(json).map(|e| serde_json::to_string(&e))
        } else if sniff(&text) == Ok("aage-qr-2020") {
            serde_json::from_str::<Record<Aage>>(json).map(|e| serde_json::to_string(&e))
        } else {
            serde_json::from_str::<Entry>(json).map(|e| serde_json::to_string(&e))
        };
        let again = match decoded {
            Ok(e) => e.unwrap(),
            // A fuzz regression may hold a line no console wrote; it must be refused, not
            // re-encoded differently.
            Err(_) if path.to_string_lossy().contains("fuzz") => continue,
            Err(e) => panic!("{}: {e}: {json}", path.display()),
        };
        assert_eq!(
            again,
            json,
            "{}: a line re-encodes differently",
            path.display()
        );
        assert_eq!(
            entry_line(&again),
            format!("{line}\n"),
            "{}",
            path.display()
        );
        n += 1;
    }
    n
}

fn scripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "umpire"))
        .collect();
    v.sort();
    v
}

#[test]
fn every_stored_save_line_round_trips_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let mut lines = 0;
    for script in scripts() {
        let scenario = script.with_extension("toml");
        let save = dir
            .path()
            .join(script.file_name().unwrap())
            .with_extension("toml");
        std::fs::copy(&scenario, &save).unwrap();
        let out = umpire()
            .arg("run")
            .arg(&save)
            .arg("--script")
            .arg(&script)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", script.display());
        lines += check_lines(&save);
    }
    // A long random battle on the demo: every kind of entry the generator makes.
    let demo = dir.path().join("demo.toml");
    std::fs::write(&demo, DEMO).unwrap();
    let script = dir.path().join("long.umpire");
    std::fs::write(&script, Script::generate(1918, 400).text_from(0)).unwrap();
    let out = umpire()
        .arg("run")
        .arg(&demo)
        .arg("--script")
        .arg(&script)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    lines += check_lines(&demo);
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions/save");
    for e in std::fs::read_dir(fuzz).unwrap() {
        lines += check_lines(&e.unwrap().path());
    }
    assert!(lines > 500, "only {lines} save lines checked");
}

/// One engine, five rulesets (SPEC 8): the engine's dice and note lines are written the same
/// by FG&DN and by the numbered-turn rulesets, and a numbered-turn line written before that
/// spelling (`"Rolled"`, `"ship":null`) still reads as the same event.
#[test]
fn the_engine_lines_are_the_same_in_every_ruleset_and_old_spellings_still_read() {
    use umpire::core::dice::{Die, Provenance, Roll};
    use umpire::rulesets::dnb::game::CoreEvent;
    use umpire::rulesets::fgdn::event::Event;
    let roll = Roll {
        die: Die::D6,
        face: 4,
        purpose: "fire marker".into(),
        provenance: Provenance::Rolled,
    };
    let same = |f: Event, d: CoreEvent| {
        let (f, d) = (
            serde_json::to_string(&f).unwrap(),
            serde_json::to_string(&d).unwrap(),
        );
        assert_eq!(f, d);
        f
    };
    for ship in [None, Some("hood".to_string())] {
        let line = same(
            Event::Rolled {
                ship: ship.clone(),
                roll: roll.clone(),
            },
            CoreEvent::Rolled {
                ship: ship.clone(),
                roll: roll.clone(),
            },
        );
        assert!(line.starts_with(r#"{"e":"rolled""#), "{line}");
        assert_eq!(line.contains("ship"), ship.is_some(), "{line}");
    }
    same(
        Event::DiceQueued { faces: vec![3, 5] },
        CoreEvent::DiceQueued { faces: vec![3, 5] },
    );
    same(
        Event::Note { text: "x".into() },
        CoreEvent::Note { text: "x".into() },
    );
    let old = r#"{"e":"Rolled","ship":null,"roll":{"die":"d6","face":4,"purpose":"fire marker","provenance":"rolled"}}"#;
    assert_eq!(
        serde_json::from_str::<CoreEvent>(old).unwrap(),
        CoreEvent::Rolled { ship: None, roll }
    );
    let old = r#"{"e":"ClockMoved","to":{"turn":2,"phase":"combat"}}"#;
    assert!(serde_json::from_str::<CoreEvent>(old).is_ok(), "{old}");
}

/// A numbered-turn ruleset's event is read as the one its tag names (`core::turns::CORE_TAGS`
/// lists the engine's, as written now and before): every engine event's tag, in both
/// spellings, is listed; a rules' event reads as the rules'; and a line whose tag is not its
/// first key (one edited by hand) reads as the same event.
#[test]
fn an_event_is_read_by_its_tag_wherever_the_tag_stands() {
    use umpire::core::dice::{Die, Provenance, Roll};
    use umpire::core::turns::{TurnClock, TurnEvent, CORE_TAGS};
    use umpire::rulesets::dnb::game::{CoreEvent, DnbEvent};
    use umpire::rulesets::dnb::Phase;
    let clock = TurnClock {
        turn: 2,
        phase: Phase::Combat,
    };
    let roll = Roll {
        die: Die::D6,
        face: 4,
        purpose: "fire marker".into(),
        provenance: Provenance::Rolled,
    };
    for core in [
        CoreEvent::DiceQueued { faces: vec![3] },
        CoreEvent::Rolled { ship: None, roll },
        CoreEvent::PhaseEnded { clock },
        CoreEvent::ClockMoved { to: clock },
        CoreEvent::Note { text: "x".into() },
    ] {
        let line = serde_json::to_string(&core).unwrap();
        let value: serde_json::Value = serde_json::from_str(&line).unwrap();
        let tag = value["e"].as_str().unwrap().to_string();
        let camel: String = tag
            .split('_')
            .map(|w| w[..1].to_uppercase() + &w[1..])
            .collect();
        assert!(CORE_TAGS.contains(&tag.as_str()), "{tag}");
        assert!(CORE_TAGS.contains(&camel.as_str()), "{camel}");
        let event = TurnEvent::Core(core);
        assert_eq!(serde_json::from_str::<DnbEvent>(&line).unwrap(), event);
        let old = line.replace(&format!("\"e\":\"{tag}\""), &format!("\"e\":\"{camel}\""));
        assert_ne!(old, line);
        assert_eq!(
            serde_json::from_str::<DnbEvent>(&old).unwrap(),
            event,
            "{old}"
        );
    }
    let rule = r#"{"e":"DnbSiHit","ship":"hood","by":"bismarck"}"#;
    let event: DnbEvent = serde_json::from_str(rule).unwrap();
    assert!(matches!(event, TurnEvent::Rule(_)), "{event:?}");
    assert_eq!(serde_json::to_string(&event).unwrap(), rule);
    for late in [
        r#"{"ship":"hood","by":"bismarck","e":"DnbSiHit"}"#,
        r#"{"to":{"turn":2,"phase":"combat"},"e":"clock_moved"}"#,
    ] {
        let read: DnbEvent = serde_json::from_str(late).unwrap();
        let first: serde_json::Value = serde_json::from_str(late).unwrap();
        assert_eq!(
            read,
            serde_json::from_value::<DnbEvent>(first).unwrap(),
            "{late}"
        );
    }
    // Neither kind: refused, saying what was found.
    let err = serde_json::from_str::<DnbEvent>(r#"{"e":"Sunk2"}"#).unwrap_err();
    assert!(err.to_string().contains("Sunk2"), "{err}");
    assert!(serde_json::from_str::<DnbEvent>(r#"{"ship":"hood"}"#).is_err());
}
