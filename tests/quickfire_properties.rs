//! Quickfire 1.1 on the shared journal (SPEC 8, the property tests every ruleset gets): random
//! battles on the quickfire-1.1 demo, with the engine's verbs (dice, next, turn, until, undo,
//! redo, note) and chart values (numbers, n/e, fix, out, codes) among its commands. After every command: no panic, the log replays to
//! the live state, an undo restores the state exactly, and every entry re-encodes to itself;
//! at the end `verify` re-decides every command from its recorded dice to the same events.
mod common;
mod ruleset_common;

use common::Rng;
use proptest::prelude::*;
use ruleset_common::{any_text_round_trips_or_is_refused, engine_verb, random_battle};
use umpire::rulesets::quickfire::game::{QfSetup, Quickfire};
use umpire::rulesets::quickfire::Tables;

const DEMO: &str = include_str!("../saves/demo-quickfire.toml");
const SHIPS: &[&str] = &[
    "mikasa",
    "shikishima",
    "shirakumo",
    "borodino",
    "oslyabya",
    "buiny",
];

fn candidate(rng: &mut Rng, turn: u32) -> String {
    let a = *rng.pick(SHIPS);
    let b = *rng.pick(SHIPS);
    match rng.below(100) {
        0..=19 => format!(
            "fire {a} at {b} {} {}{}",
            rng.pick(&["heavy", "light"]),
            rng.pick(&["long", "short", "pb"]),
            rng.pick(&["", " fore", " aft moved", " moved"])
        ),
        20..=25 => format!(
            "torpedo {a} at {b} {}{}",
            rng.pick(&["moving", "static"]),
            rng.pick(&["", " converging", " port", " starboard"])
        ),
        26..=31 => format!(
            "damage {a} {}{}",
            rng.pick(&["S", "G", "F", "D", "B", "E", "R", "T", "S S G", "S+F"]),
            rng.pick(&["", " heavy", " light", " unrepairable"])
        ),
        32..=35 => format!(
            "repair {a}{}",
            rng.pick(&["", " speed", " heavy", " direction", " hold"])
        ),
        36..=45 => format!(
            "chart {}",
            rng.pick(&["n/e", "7", "9", "fix", "out", "S", "G+S", "F", "2", "B"])
        ),
        _ => engine_verb::<Quickfire>(rng, turn, 6, a),
    }
}

fn battle(seed: u64, len: usize) -> Result<(), TestCaseError> {
    let setup = QfSetup::parse("demo-quickfire.toml", DEMO).expect("the demo parses");
    let tables = Tables::builtin().expect("the tables load");
    random_battle::<Quickfire>(&setup, tables, seed, len, 40, |rng, g| {
        candidate(rng, g.clock.turn)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn quickfire_battles_replay_undo_and_verify_exactly(seed in any::<u64>()) {
        battle(seed, 200)?;
    }
}

/// Whatever is typed at the prompt either parses and round-trips, or is refused: no panic.
#[test]
fn any_text_parses_and_round_trips_or_is_refused() {
    let words = [
        "fire",
        "torpedo",
        "damage",
        "repair",
        "chart",
        "at",
        "heavy",
        "light",
        "long",
        "short",
        "pb",
        "fore",
        "aft",
        "moved",
        "moving",
        "static",
        "converging",
        "port",
        "hold",
        "speed",
        "S",
        "G+F",
        "n/e",
        "fix",
        "mikasa",
        "buiny",
        "0",
        "12",
        "13",
        "99999999999",
        "-1",
        "\"",
        "#",
        "",
    ];

    any_text_round_trips_or_is_refused::<Quickfire>(&words, 6);
}
