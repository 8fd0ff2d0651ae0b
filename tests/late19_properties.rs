//! The late-19th-century naval rules on the shared journal (SPEC 8, the property tests every
//! ruleset gets): random battles on the late19-naval demo, with the engine's verbs (dice, next,
//! turn, until, undo, redo, note) and chart values among its commands. After every command: no panic, the log replays to
//! the live state, an undo restores the state exactly, and every entry re-encodes to itself;
//! at the end `verify` re-decides every command from its recorded dice to the same events.
mod common;

use common::Rng;
use proptest::prelude::*;
use umpire::core::dice::SeededDice;
use umpire::core::game::{Journal, Record};
use umpire::core::ruleset::Rules;
use umpire::rulesets::late19::game::{L19Setup, Late19};
use umpire::rulesets::late19::Tables;

const DEMO: &str = include_str!("../saves/demo-late19.toml");
const SHIPS: &[&str] = &[
    "dingyuan",
    "jingyuan",
    "fulong",
    "matsushima",
    "yoshino",
    "akagi",
];

fn candidate(rng: &mut Rng, turn: u32) -> String {
    let a = *rng.pick(SHIPS);
    let b = *rng.pick(SHIPS);
    match rng.below(100) {
        0..=19 => format!(
            "guns {a} at {b} {}{}",
            rng.pick(&["main", "secondary"]),
            rng.pick(&["", " n 1", " los", " cover moved", " range 9"])
        ),
        20..=27 => format!(
            "torpedo {a} {}",
            rng.pick(&["at fulong", "at akagi", "at dingyuan range 3", "lost"])
        ),
        28..=33 => format!(
            "hit {a} by {}",
            rng.pick(&[
                "super_heavy",
                "heavy",
                "medium",
                "light",
                "very_light",
                "torpedo"
            ])
        ),
        34..=35 => format!("mine {a}"),
        36..=39 => format!(
            "trade {a} {} {}",
            rng.pick(&["move", "main", "secondary"]),
            1 + rng.below(2)
        ),
        40..=42 => "initiative".into(),
        43..=45 => format!("chart {}", rng.pick(&["2", "1", "minor"])),
        46..=63 => "next".into(),
        64..=67 => "turn".into(),
        68..=70 => format!(
            "until {} {}",
            turn + rng.below(3) as u32,
            rng.pick(&["guns", "torpedoes", "initiative", "movement"])
        ),
        71..=80 => {
            let faces: Vec<String> = (0..1 + rng.below(4))
                .map(|_| (1 + rng.below(6)).to_string())
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
    let setup = L19Setup::parse("demo-late19.toml", DEMO).expect("the demo parses");
    let tables = Tables::builtin().expect("the tables load");
    let mut live = Journal::<Late19>::new(&setup, tables.clone());
    let mut rng = Rng(seed);
    let mut accepted = 0;
    for step in 0..len {
        let text = candidate(&mut rng, live.state.clock.turn);
        let Ok(cmd) = Late19::parse(&text) else {
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
        let back: Record<Late19> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &entry);
        prop_assert_eq!(serde_json::to_string(&back).unwrap(), json);
        let is_rule = !matches!(text.as_str(), "undo" | "redo");
        live.commit(entry);
        accepted += 1;
        if is_rule {
            // Undo restores exactly the state before the command.
            let mut undone = live.clone();
            let u = undone
                .prepare(&Late19::parse("undo").unwrap(), &mut SeededDice)
                .unwrap()
                .unwrap();
            undone.commit(u);
            prop_assert_eq!(&undone.state, &before, "undo after {}", text);
        }
        if step % 16 == 0 {
            let replayed =
                Journal::<Late19>::replay(&setup, tables.clone(), live.entries().to_vec())
                    .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&replayed.state, &live.state, "replay after {}", text);
        }
    }
    prop_assert!(
        accepted >= 40,
        "only {accepted} commands taken: the generator proves little"
    );
    let problems = Journal::<Late19>::verify(&setup, tables, live.entries());
    prop_assert!(problems.is_empty(), "verify: {problems:?}");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn late19_battles_replay_undo_and_verify_exactly(seed in any::<u64>()) {
        battle(seed, 200)?;
    }
}

/// Whatever is typed at the prompt either parses and round-trips, or is refused: no panic.
#[test]
fn any_text_parses_and_round_trips_or_is_refused() {
    let mut rng = Rng(7);
    let words = [
        "guns",
        "torpedo",
        "hit",
        "mine",
        "trade",
        "initiative",
        "chart",
        "at",
        "by",
        "from",
        "main",
        "secondary",
        "lost",
        "n",
        "range",
        "los",
        "cover",
        "moved",
        "move",
        "heavy",
        "torpedo",
        "dingyuan",
        "akagi",
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
        if let Ok(c) = Late19::parse(&text) {
            let again = Late19::parse(&c.to_string())
                .unwrap_or_else(|e| panic!("\"{text}\" -> \"{c}\" does not parse back: {e}"));
            assert_eq!(again.to_string(), c.to_string(), "{text}");
        }
    }
}
