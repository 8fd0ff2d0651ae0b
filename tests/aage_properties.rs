//! The A&A fast-play rules on the shared journal (SPEC 8, the property tests every ruleset
//! gets): random battles on the aage-qr-2020 demo, with the engine's verbs (dice, next, turn,
//! until, undo, redo, note) and chart values among its commands. After every command: no
//! panic, the log replays to the live state, an undo restores the state exactly, and every
//! entry re-encodes to itself; at the end `verify` re-decides every command from its recorded
//! dice to the same events.
mod common;

use common::Rng;
use proptest::prelude::*;
use umpire::core::dice::SeededDice;
use umpire::core::game::{Journal, Record};
use umpire::core::ruleset::Rules;
use umpire::rulesets::aage::game::{AaSetup, Aage};
use umpire::rulesets::aage::Tables;

const DEMO: &str = include_str!("../saves/demo-aage.toml");
const SHIPS: &[&str] = &[
    "mikasa",
    "nisshin",
    "shirakumo",
    "suvorov",
    "aurora",
    "buiny",
];

fn candidate(rng: &mut Rng, turn: u32) -> String {
    let a = *rng.pick(SHIPS);
    let b = *rng.pick(SHIPS);
    match rng.below(100) {
        0..=17 => format!(
            "gun {a} at {b} dice {} range {}{}",
            1 + rng.below(4),
            rng.pick(&["short", "med1", "med2", "long"]),
            rng.pick(&["", "", " class C", " class I"])
        ),
        18..=22 => format!(
            "torpedo {a} at {b} dice {}{}",
            1 + rng.below(3),
            rng.pick(&["", " outside_arc"])
        ),
        23..=24 => format!("mine {a}"),
        25..=27 => format!("crit {a} {}", rng.pick(&["gunnery", "underwater"])),
        28..=29 => format!(
            "damage {a} {} {}",
            rng.pick(&["hull", "main", "secondary"]),
            1 + rng.below(6)
        ),
        30 => format!("sinking {a}{}", rng.pick(&["", " critical"])),
        31..=34 => format!(
            "set {a} {}",
            rng.pick(&[
                "speed 9",
                "speed 30",
                "stopped on",
                "stopped off",
                "evasive on",
                "evasive off",
                "command out",
                "command in",
                "flagship off"
            ])
        ),
        35 => format!("splash {a} {}", 1 + rng.below(2)),
        36..=37 => format!(
            "repair {a} {} {}",
            rng.pick(&["fire", "flood", "rudder", "engine_room", "bridge"]),
            rng.pick(&["ok", "fail"])
        ),
        38 => format!(
            "morale {} {}",
            rng.pick(&["1bs", "jdf", "2pac", "rtb"]),
            rng.pick(&["pass", "fail"])
        ),
        39 => format!(
            "weather {}",
            rng.pick(&["calm", "moderate", "fresh", "strong", "gale", "storm"])
        ),
        40 => format!("night {}", rng.pick(&["on", "off"])),
        41 => "initiative".into(),
        42..=46 => format!(
            "chart {}",
            rng.pick(&["d4", "d6", "d8", "d10", "d12", "d20", "3d10", "n/a", "0", "3", "7"])
        ),
        47..=62 => "next".into(),
        63..=65 => "turn".into(),
        66..=68 => format!(
            "until {} {}",
            turn + rng.below(3) as u32,
            rng.pick(&[
                "ongoing_damage",
                "initiative",
                "movement",
                "repairs",
                "spotting",
                "firing"
            ])
        ),
        69..=80 => {
            let faces: Vec<String> = (0..1 + rng.below(5))
                .map(|_| (1 + rng.below(10)).to_string())
                .collect();
            format!("dice {}", faces.join(" "))
        }
        81..=88 => "undo".into(),
        89..=94 => "redo".into(),
        95 => "note \"a ruling\"".into(),
        _ => format!("expect {a} status afloat"),
    }
}

fn battle(seed: u64, len: usize) -> Result<(), TestCaseError> {
    let setup = AaSetup::parse("demo-aage.toml", DEMO).expect("the demo parses");
    let tables = Tables::builtin().expect("the tables load");
    let mut live = Journal::<Aage>::new(&setup, tables.clone());
    let mut rng = Rng(seed);
    let mut accepted = 0;
    for step in 0..len {
        let text = candidate(&mut rng, live.state.clock.turn);
        let Ok(cmd) = Aage::parse(&text) else {
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
        let back: Record<Aage> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &entry);
        prop_assert_eq!(serde_json::to_string(&back).unwrap(), json);
        let is_rule = !matches!(text.as_str(), "undo" | "redo");
        live.commit(entry);
        accepted += 1;
        if is_rule {
            // Undo restores exactly the state before the command.
            let mut undone = live.clone();
            let u = undone
                .prepare(&Aage::parse("undo").unwrap(), &mut SeededDice)
                .unwrap()
                .unwrap();
            undone.commit(u);
            prop_assert_eq!(&undone.state, &before, "undo after {}", text);
        }
        if step % 16 == 0 {
            let replayed = Journal::<Aage>::replay(&setup, tables.clone(), live.entries().to_vec())
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&replayed.state, &live.state, "replay after {}", text);
        }
    }
    prop_assert!(
        accepted >= 40,
        "only {accepted} commands taken: the generator proves little"
    );
    let problems = Journal::<Aage>::verify(&setup, tables, live.entries());
    prop_assert!(problems.is_empty(), "verify: {problems:?}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn aage_battles_replay_undo_and_verify_exactly(seed in any::<u64>()) {
        battle(seed, 200)?;
    }
}

/// Whatever is typed at the prompt either parses and round-trips, or is refused: no panic.
#[test]
fn any_text_parses_and_round_trips_or_is_refused() {
    let mut rng = Rng(7);
    let words = [
        "gun",
        "torpedo",
        "mine",
        "crit",
        "damage",
        "sinking",
        "set",
        "splash",
        "repair",
        "morale",
        "weather",
        "night",
        "initiative",
        "chart",
        "at",
        "dice",
        "range",
        "class",
        "short",
        "long",
        "med1",
        "H",
        "Η",
        "hull",
        "critical",
        "outside_arc",
        "speed",
        "on",
        "off",
        "ok",
        "fail",
        "d12",
        "n/a",
        "mikasa",
        "buiny",
        "0",
        "1",
        "4",
        "99999999999",
        "-1",
        "\"",
        "#",
        "",
    ];
    for _ in 0..5000 {
        let n = rng.below(7);
        let text: Vec<&str> = (0..n).map(|_| *rng.pick(&words)).collect();
        let text = text.join(" ");
        if let Ok(c) = Aage::parse(&text) {
            let again = Aage::parse(&c.to_string())
                .unwrap_or_else(|e| panic!("\"{text}\" -> \"{c}\" does not parse back: {e}"));
            assert_eq!(again.to_string(), c.to_string(), "{text}");
        }
    }
}
