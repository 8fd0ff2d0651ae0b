//! Dreadnoughts & Battlewagons on the shared journal (SPEC 8, the property tests every ruleset
//! gets): random battles on the D&B demo, with the engine's verbs (dice, next, turn, until,
//! undo, redo, note) among the D&B commands. After every command: no panic, the log replays to
//! the live state, an undo restores the state exactly, and every entry re-encodes to itself;
//! at the end `verify` re-decides every command from its recorded dice to the same events.
mod common;
mod ruleset_common;

use common::Rng;
use proptest::prelude::*;
use ruleset_common::{any_text_round_trips_or_is_refused, engine_verb, random_battle};
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
        _ => engine_verb::<Dnb>(rng, turn, 6, a),
    }
}

fn battle(seed: u64, len: usize) -> Result<(), TestCaseError> {
    let mut setup = DnbSetup::parse("demo-dnb.toml", DEMO).expect("the D&B demo parses");
    // No last turn (5.4b): the walk goes on as long as the generator likes.
    setup.state.options.last_turn = None;
    let tables = Tables::builtin().expect("the D&B tables load");
    random_battle::<Dnb>(&setup, tables, seed, len, 40, |rng, g| {
        candidate(rng, g.clock.turn)
    })
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
    any_text_round_trips_or_is_refused::<Dnb>(&words, 5);
}

/// The D&B demo with `commands` played on the journal (seeded dice), each one taken.
fn played(commands: &[String]) -> (DnbSetup, Tables, umpire::core::game::Journal<Dnb>) {
    use umpire::core::dice::SeededDice;
    use umpire::core::ruleset::Rules;
    let setup = DnbSetup::parse("demo-dnb.toml", DEMO).expect("the D&B demo parses");
    let tables = Tables::builtin().expect("the D&B tables load");
    let mut game = umpire::core::game::Journal::<Dnb>::new(&setup, tables.clone());
    for text in commands {
        game.execute(&Dnb::parse(text).unwrap(), &mut SeededDice)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    (setup, tables, game)
}

/// A run of undos over commands whose lines read the state (Hood's SI hits so far, 6.11),
/// then a new command: each undone entry is worded on the state it was decided on, the undone
/// commands under it applied (`Journal::words`), as a walk of the history words it.
#[test]
fn a_run_of_undos_is_worded_as_the_history_walked() {
    let commands = [
        "si hood 1",
        "next",
        "turn",
        "si hood 1",
        "next",
        "turn",
        "si hood 1",
        "next",
        "undo",
        "undo",
        "undo",
        "undo",
        "note \"after the storm\"",
    ];
    let (setup, tables, game) = played(&commands.map(String::from));
    let words = game.words(0);
    // The third hit was the third on Hood: the second (entry 4) is undone under it.
    assert!(
        words[7].iter().any(|l| l.contains("SI hit, 3 of")),
        "{:?}",
        words[7]
    );
    ruleset_common::words_agree_with_a_walk(&setup, tables, &game).unwrap();
}

/// A storm of undos deeper than `core::game::SHORT_RUN` (the log is then worded by a walk of
/// its history) words every entry as that walk does, the hits under the storm included.
#[test]
fn a_deep_storm_of_undos_is_worded_as_the_history_walked() {
    use umpire::core::game::SHORT_RUN;
    let mut commands: Vec<String> = ["si hood 1", "next", "turn"]
        .repeat(2)
        .into_iter()
        .map(String::from)
        .collect();
    commands.extend((0..SHORT_RUN + 4).map(|k| format!("note \"ruling {k}\"")));
    commands.extend(std::iter::repeat_n("undo".to_string(), SHORT_RUN + 10));
    commands.push("note \"after the storm\"".into());
    let (setup, tables, game) = played(&commands);
    let words = game.words(0);
    assert!(
        words[4].iter().any(|l| l.contains("SI hit, 2 of")),
        "the second hit, undone since: {:?}",
        words[4]
    );
    ruleset_common::words_agree_with_a_walk(&setup, tables, &game).unwrap();
}
