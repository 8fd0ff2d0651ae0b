//! The late-19th-century naval rules on the shared journal (SPEC 8, the property tests every
//! ruleset gets): random battles on the late19-naval demo, with the engine's verbs (dice, next,
//! turn, until, undo, redo, note) and chart values among its commands. After every command: no panic, the log replays to
//! the live state, an undo restores the state exactly, and every entry re-encodes to itself;
//! at the end `verify` re-decides every command from its recorded dice to the same events.
mod common;
mod ruleset_common;

use common::Rng;
use proptest::prelude::*;
use ruleset_common::{any_text_round_trips_or_is_refused, engine_verb, random_battle};
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
        _ => engine_verb::<Late19>(rng, turn, 6, a),
    }
}

fn battle(seed: u64, len: usize) -> Result<(), TestCaseError> {
    let setup = L19Setup::parse("demo-late19.toml", DEMO).expect("the demo parses");
    let tables = Tables::builtin().expect("the tables load");
    random_battle::<Late19>(&setup, tables, seed, len, 40, |rng, g| {
        candidate(rng, g.clock.turn)
    })
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
    any_text_round_trips_or_is_refused::<Late19>(&words, 6);
}
