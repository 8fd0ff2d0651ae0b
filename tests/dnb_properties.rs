//! Dreadnoughts & Battlewagons on the shared journal (SPEC 8, the property tests every ruleset
//! gets): random battles on the D&B demo, with the engine's verbs (dice, next, turn, until,
//! undo, redo, note) among the D&B commands. After every command: no panic, the log replays to
//! the live state, an undo restores the state exactly, and every entry re-encodes to itself;
//! at the end `verify` re-decides every command from its recorded dice to the same events.
mod common;

use common::Rng;
use proptest::prelude::*;
use umpire::core::dice::SeededDice;
use umpire::core::game::{Journal, Record};
use umpire::core::ruleset::Rules;
use umpire::rulesets::dnb::game::{Dnb, DnbSetup};
use umpire::rulesets::dnb::Tables;

const DEMO: &str = include_str!("../saves/demo-dnb.toml");
const SHIPS: &[&str] = &["pow", "hood", "electra", "bismarck", "prinz", "z23"];

fn candidate(rng: &mut Rng, turn: u32) -> String {
    let a = *rng.pick(SHIPS);
    let b = *rng.pick(SHIPS);
    match rng.below(100) {
        0..=24 => format!(
            "gunnery {a} {b}{}",
            rng.pick(&[
                "",
                " range long",
                " range close",
                " range 4",
                " range minimum"
            ])
        ),
        25..=31 => format!("torpedo {a} {b} {}", rng.below(8)),
        32..=37 => format!("si {a} {}", rng.below(4)),
        38..=42 => format!("crit {a} {}", 1 + rng.below(6)),
        43..=46 => format!("speed {a} {}", rng.pick(&["cruise", "standard", "flank"])),
        47..=49 => format!("evasive {a} {}", rng.pick(&["on", "off"])),
        50..=51 => format!("marker {a} fire {}", rng.pick(&["on", "off"])),
        52..=53 => format!("smoke {}", rng.below(3)),
        54..=71 => "next".into(),
        72..=75 => "turn".into(),
        76..=78 => format!(
            "until {} {}",
            turn + rng.below(3) as u32,
            rng.pick(&["combat", "movement", "administrative"])
        ),
        79..=84 => {
            let faces: Vec<String> = (0..1 + rng.below(4))
                .map(|_| (1 + rng.below(6)).to_string())
                .collect();
            format!("dice {}", faces.join(" "))
        }
        85..=91 => "undo".into(),
        92..=95 => "redo".into(),
        96 => "note \"a ruling\"".into(),
        _ => format!("expect {a} status afloat"),
    }
}

fn battle(seed: u64, len: usize) -> Result<(), TestCaseError> {
    let mut setup = DnbSetup::parse("demo-dnb.toml", DEMO).expect("the D&B demo parses");
    // No last turn (5.4b): the walk goes on as long as the generator likes.
    setup.state.options.last_turn = None;
    let tables = Tables::builtin().expect("the D&B tables load");
    let mut live = Journal::<Dnb>::new(&setup, tables.clone());
    let mut rng = Rng(seed);
    let mut accepted = 0;
    for step in 0..len {
        let text = candidate(&mut rng, live.state.clock.turn);
        let Ok(cmd) = Dnb::parse(&text) else {
            return Err(TestCaseError::fail(format!(
                "generated \"{text}\" does not parse"
            )));
        };
        let before = live.state.clone();
        let entry = match live.prepare(&cmd, &mut SeededDice) {
            Ok(Some(e)) => e,
            // A refused command (or an expect) changes nothing.
            Ok(None) | Err(_) => {
                prop_assert_eq!(&live.state, &before, "{} changed the state", text);
                continue;
            }
        };
        // Every entry re-encodes to itself (the save line is stable).
        let json = serde_json::to_string(&entry).unwrap();
        let back: Record<Dnb> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &entry);
        prop_assert_eq!(serde_json::to_string(&back).unwrap(), json);
        let is_rule = !matches!(text.as_str(), "undo" | "redo");
        live.commit(entry);
        accepted += 1;
        if is_rule {
            // Undo restores exactly the state before the command.
            let mut undone = live.clone();
            let u = undone
                .prepare(&Dnb::parse("undo").unwrap(), &mut SeededDice)
                .unwrap()
                .unwrap();
            undone.commit(u);
            prop_assert_eq!(&undone.state, &before, "undo after {}", text);
        }
        if step % 16 == 0 {
            let replayed = Journal::<Dnb>::replay(&setup, tables.clone(), live.entries().to_vec())
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&replayed.state, &live.state, "replay after {}", text);
        }
    }
    prop_assert!(
        accepted >= 40,
        "only {accepted} commands taken: the generator proves little"
    );
    let problems = Journal::<Dnb>::verify(&setup, tables, live.entries());
    prop_assert!(problems.is_empty(), "verify: {problems:?}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn dnb_battles_replay_undo_and_verify_exactly(seed in any::<u64>()) {
        battle(seed, 200)?;
    }
}

/// Whatever is typed at a D&B prompt either parses and round-trips, or is refused: no panic.
#[test]
fn any_text_parses_and_round_trips_or_is_refused() {
    let mut rng = Rng(7);
    let words = [
        "gunnery",
        "torpedo",
        "si",
        "crit",
        "dice",
        "until",
        "expect",
        "clock",
        "note",
        "pow",
        "hood",
        "range",
        "-1",
        "999999999999",
        "\"",
        "combat",
        "0",
        "7",
    ];
    for _ in 0..5_000 {
        let n = 1 + rng.below(5);
        let line: Vec<&str> = (0..n).map(|_| *rng.pick(&words)).collect();
        let line = line.join(" ");
        if let Ok(c) = Dnb::parse(&line) {
            assert_eq!(Dnb::parse(&c.to_string()).as_ref(), Ok(&c), "{line}");
        }
    }
}
