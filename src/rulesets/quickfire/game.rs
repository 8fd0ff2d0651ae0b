//! Quickfire on the shared journal ([`crate::core::game::Journal`]) through the numbered-turn
//! binding ([`crate::core::turns`]): numbered turns of the six phases of « 1.4 Turn Sequence
//! (movement, first gunnery, second gunnery & torpedo fire, active fires, repair attempts,
//! check for sinking), the engine's verbs (`dice`, `next`, `turn`, `until`, `note`, `undo`,
//! `redo`, `expect`) beside the ruleset's commands, dice rolled, queued or typed and chart
//! reads asked of the umpire, each recorded with its purpose and provenance.
use super::{end_phase, Command, Cx, Ev, Phase, QfState, Tables};
use crate::core::dice::Provenance;
use crate::core::turns::{self, TurnClock, TurnCommand, TurnPhase, TurnRules};
use serde_json::Value;

/// Quickfire's clock: a numbered turn and its phase.
pub type QfClock = TurnClock<Phase>;

impl TurnPhase for Phase {
    const PHASES: &'static [Phase] = &Phase::ALL;
}

/// A Quickfire game: the engine's part (clock, dice) and the rules' state.
pub type QfGame = turns::TurnGame<Quickfire>;

/// A parsed quickfire-1.1 scenario.
pub type QfSetup = turns::TurnSetup<Quickfire>;

/// A command at the prompt or in a script: an engine verb or a Quickfire command.
pub type QfCommand = TurnCommand<Phase, Command>;

/// One event of the log: the engine's or the rules' (theirs all start with `Qf`).
pub type QfEvent = turns::TurnEvent<Quickfire>;

/// Quickfire 1.1, pre-dreadnought era fast-play rules (`quickfire-1.1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quickfire;

impl TurnRules for Quickfire {
    const ID: &'static str = super::ID;
    const SHIP: &'static str = "a quickfire-1.1 ship";
    type Phase = Phase;
    type Command = Command;
    type Event = Ev;
    type State = QfState;
    type Tables = Tables;

    fn setup(file: &str, text: &str) -> Result<QfSetup, Vec<String>> {
        let (head, state) = QfState::from_scenario(file, text)?;
        Ok(QfSetup {
            name: head.name,
            seed: head.seed.unwrap_or(1),
            start: head.start.parse().unwrap_or(1),
            state,
        })
    }

    fn apply(state: &mut QfState, e: &Ev) {
        super::apply(state, e)
    }

    /// Kept for the phase a ship sinks in (SPEC 10).
    fn clock_moved(state: &mut QfState, turn: u32, phase: Phase) {
        state.now = Some((turn, phase));
    }

    fn decide(cx: &mut Cx<'_>, turn: u32, phase: Phase, c: &Command) -> Result<(), String> {
        super::decide(cx, turn, phase, c)
    }

    fn end_phase(cx: &mut Cx<'_>, turn: u32, phase: Phase) -> Result<(), String> {
        end_phase(cx, turn, phase)
    }

    fn describe(state: &QfState, e: &Ev) -> Option<String> {
        super::view::describe(state, e)
    }

    fn status_fields(state: &QfState, tables: &Tables, turn: u32, phase: Phase) -> Value {
        super::view::status_json(state, tables, turn, phase)
    }

    fn ships(state: &QfState) -> Vec<(&str, &str)> {
        state
            .ships
            .iter()
            .map(|s| (s.spec.id.as_str(), s.spec.name.as_str()))
            .collect()
    }

    fn charted(e: &Ev) -> Option<(String, Provenance)> {
        match e {
            Ev::QfChartRead { read } => Some((read.value.clone(), read.provenance)),
            _ => None,
        }
    }

    fn sheets(g: &QfGame, tables: &Tables, moment: &str) -> crate::core::sheet::Sheets {
        super::sheet::sheets(g, tables, moment)
    }
}

impl crate::rulesets::Registered for Quickfire {
    const DEMO_PATH: &'static str = "saves/demo-quickfire.toml";
    const DEMO: &'static str = include_str!("../../../saves/demo-quickfire.toml");
    // `fire` reads the Gunnery and Blast Damage charts from the printed card: left out.
    const BENCH_COMMANDS: &'static [&'static str] = &[
        "damage {ship} G",
        "damage {ship} S",
        "damage {ship} D",
        "repair {ship} hold",
        "torpedo {ship} at {target} moving",
    ];
    const BENCH_CHANGE: Option<&'static str> = Some("damage {ship} G");

    /// The demo's ships repeated, repairs only as typed (`auto_repair = false`): the automatic
    /// attempts read the Damage table's repair lines from the printed card, and a benchmark
    /// cannot.
    fn bench_scenario(ships: usize) -> Result<String, String> {
        crate::core::bench::repeat_ships(Self::DEMO, ships, &[], &[("auto_repair", Some("false"))])
    }
    const NO_CARRY: &'static str = "Quickfire carries no damage from one battle to the next (its \
         text has no campaign rules): `umpire carry` is for fgdn-1.1 battles";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_verbs_round_trip_and_rule_commands_pass_through() {
        for text in [
            "dice 3 5",
            "next",
            "turn",
            "until 4",
            "until 4 repairs",
            "note \"a \\\"quoted\\\" word\"",
            "undo",
            "redo",
            "expect mikasa rof.heavy \"5\"",
            "expect clock 2 first_gunnery",
        ] {
            let c: QfCommand = text.parse().unwrap();
            let again: QfCommand = c.to_string().parse().unwrap();
            assert_eq!(c, again, "{text}");
        }
        assert!(matches!(
            "fire a at b heavy long".parse::<QfCommand>(),
            Ok(QfCommand::Rule(_))
        ));
    }

    /// « 1.4 Turn Sequence: six phases, then the next turn's movement.
    #[test]
    fn the_clock_walks_the_six_phases_1_4_turn_sequence() {
        let mut c = QfClock {
            turn: 1,
            phase: Phase::Movement,
        };
        let mut seen = Vec::new();
        for _ in 0..6 {
            seen.push(c.phase);
            c = c.after_phase();
        }
        assert_eq!(seen, Phase::ALL.to_vec());
        assert_eq!((c.turn, c.phase), (2, Phase::Movement));
    }
}
