//! Dreadnoughts & Battlewagons on the shared journal ([`crate::core::game::Journal`]) through
//! the numbered-turn binding ([`crate::core::turns`]): the clock of three phases (5.1), the
//! engine's verbs (`dice`, `next`, `turn`, `until`, `note`, `undo`, `redo`, `expect`) beside
//! the D&B commands, and dice rolled, queued or typed with their purpose and provenance,
//! recorded in the log like FG&DN's.
use super::{apply, describe, end_phase, status_json, Command, Cx, DnbState, Ev, Phase, Tables};
use crate::core::turns::{self, TurnClock, TurnCommand, TurnPhase, TurnRules};
use serde_json::Value;

/// D&B's clock: a numbered turn and its phase.
pub type DnbClock = TurnClock<Phase>;

impl TurnPhase for Phase {
    const PHASES: &'static [Phase] = &Phase::ALL;
}

/// A D&B game: the engine's part (clock, dice) and the rules' state.
pub type DnbGame = turns::TurnGame<Dnb>;

/// A parsed D&B scenario.
pub type DnbSetup = turns::TurnSetup<Dnb>;

/// A command at the prompt or in a script: an engine verb or a D&B command.
pub type DnbCommand = TurnCommand<Phase, Command>;

/// The engine's events in the log (the same names and shapes as FG&DN's).
pub type CoreEvent = turns::CoreEvent<Phase>;

/// One event of a D&B log: the engine's or the rules' (theirs all start with `Dnb`).
pub type DnbEvent = turns::TurnEvent<Dnb>;

/// Dreadnoughts & Battlewagons, standard rules (`dnb-standard`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dnb;

impl TurnRules for Dnb {
    const ID: &'static str = super::ID;
    const SHIP: &'static str = "a D&B ship";
    type Phase = Phase;
    type Command = Command;
    type Event = Ev;
    type State = DnbState;
    type Tables = Tables;

    fn setup(file: &str, text: &str) -> Result<DnbSetup, Vec<String>> {
        let (head, state) = DnbState::from_scenario(file, text)?;
        Ok(DnbSetup {
            name: head.name,
            seed: head.seed.unwrap_or(1),
            start: head.start.parse().unwrap_or(1),
            state,
        })
    }

    fn apply(state: &mut DnbState, e: &Ev) {
        apply(state, e)
    }

    /// Kept for a sinking's turn and phase (SPEC 10).
    fn clock_moved(state: &mut DnbState, turn: u32, phase: Phase) {
        state.now = Some((turn, phase));
    }

    fn decide(cx: &mut Cx<'_>, turn: u32, phase: Phase, c: &Command) -> Result<(), String> {
        super::decide(cx, turn, phase, c)
    }

    fn end_phase(cx: &mut Cx<'_>, turn: u32, phase: Phase) -> Result<(), String> {
        end_phase(cx, turn, phase)
    }

    fn closed(state: &DnbState) -> Option<String> {
        state
            .game_over
            .then(|| "the game is over (its last turn has ended, 5.4b)".to_string())
    }

    fn describe(state: &DnbState, e: &Ev) -> Option<String> {
        describe(state, e)
    }

    fn status_fields(state: &DnbState, _tables: &Tables, turn: u32, phase: Phase) -> Value {
        status_json(state, turn, phase)
    }

    fn ships(state: &DnbState) -> Vec<(&str, &str)> {
        state
            .ships
            .iter()
            .map(|s| (s.spec.id.as_str(), s.spec.name.as_str()))
            .collect()
    }

    fn sheets(g: &DnbGame, tables: &Tables, moment: &str) -> crate::core::sheet::Sheets {
        super::sheet::sheets(g, tables, moment)
    }

    fn check_classes(file: &str, text: &str) -> Result<Vec<String>, Vec<String>> {
        super::state::check_class_file(file, text)
    }
}

impl crate::rulesets::Registered for Dnb {
    const DEMO_PATH: &'static str = "saves/demo-dnb.toml";
    const DEMO: &'static str = include_str!("../../../saves/demo-dnb.toml");
    const BENCH_COMMANDS: &'static [&'static str] = &[
        "gunnery {ship} {target}",
        "gunnery {ship} {target} range long",
        "torpedo {ship} {target} 4",
        "crit {ship} {n}",
        "speed {ship} standard",
        "evasive {ship} on",
        "marker {ship} fire on",
    ];
    const BENCH_CHANGE: Option<&'static str> = Some("si {ship} 1");

    /// The demo's ships repeated; its last turn (an ESTIMATE) dropped: a benchmark battle walks
    /// hundreds of turns.
    fn bench_scenario(ships: usize) -> Result<String, String> {
        crate::core::bench::repeat_ships(Self::DEMO, ships, &[], &[("last_turn", None)])
    }
    const NO_CARRY: &'static str =
        "Dreadnoughts & Battlewagons carries no damage from one battle to the next \
         (its standard rules have no campaign repair rules): `umpire carry` is for fgdn-1.1 \
         battles";
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A hand-made save can set the clock to any turn: ending a phase there never overflows.
    #[test]
    fn the_clock_at_the_last_turn_a_save_can_hold_does_not_overflow() {
        let last = DnbClock {
            turn: u32::MAX,
            phase: Phase::Administrative,
        };
        assert_eq!(last.after_phase().turn, u32::MAX);
    }

    #[test]
    fn engine_verbs_round_trip_and_rule_commands_pass_through() {
        for text in [
            "dice 3 5",
            "next",
            "turn",
            "until 4",
            "until 4 administrative",
            "note \"a \\\"quoted\\\" word\"",
            "undo",
            "redo",
            "expect pow si_left \"3\"",
            "expect clock 2 movement",
            // A ship or field that is not a plain word prints quoted (found by the property
            // test's random text).
            "expect \" \" torpedo 0",
            "expect \"\" \"a#b\" 0",
        ] {
            let c: DnbCommand = text.parse().unwrap();
            let again: DnbCommand = c.to_string().parse().unwrap();
            assert_eq!(c, again, "{text}");
        }
        assert!("dice 101".parse::<DnbCommand>().is_err());
        assert!(matches!(
            "gunnery pow bismarck range long".parse::<DnbCommand>(),
            Ok(DnbCommand::Rule(_))
        ));
    }

    #[test]
    fn the_clock_walks_three_phases_a_turn_5_1() {
        let c = DnbClock {
            turn: 1,
            phase: Phase::Combat,
        };
        let c = c.after_phase();
        assert_eq!(c.phase, Phase::Movement);
        let c = c.after_phase().after_phase();
        assert_eq!((c.turn, c.phase), (2, Phase::Combat));
    }
}
