//! The A&A fast-play rules on the shared journal (SPEC 8, the property tests every ruleset
//! gets): random battles on the aage-qr-2020 demo, with the engine's verbs (dice, next, turn,
//! until, undo, redo, note) and chart values among its commands. After every command: no
//! panic, the log replays to the live state, an undo restores the state exactly, and every
//! entry re-encodes to itself; at the end `verify` re-decides every command from its recorded
//! dice to the same events.
mod common;
mod ruleset_common;

use common::Rng;
use proptest::prelude::*;
use ruleset_common::{any_text_round_trips_or_is_refused, engine_verb, random_battle};
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
        _ => engine_verb::<Aage>(rng, turn, 10, a),
    }
}

fn battle(seed: u64, len: usize) -> Result<(), TestCaseError> {
    let setup = AaSetup::parse("demo-aage.toml", DEMO).expect("the demo parses");
    let tables = Tables::builtin().expect("the tables load");
    random_battle::<Aage>(&setup, tables, seed, len, 40, |rng, g| {
        candidate(rng, g.clock.turn)
    })
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
    any_text_round_trips_or_is_refused::<Aage>(&words, 6);
}
