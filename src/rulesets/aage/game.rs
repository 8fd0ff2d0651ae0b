//! The A&A fast-play rules on the shared journal ([`crate::core::game::Journal`]) through the
//! numbered-turn binding ([`crate::core::turns`]): numbered turns of the six phases of 2.2 Game
//! Sequence (ongoing_damage, initiative, movement, repairs, spotting, firing), the engine's
//! verbs (`dice`, `next`, `turn`, `until`, `note`, `undo`, `redo`, `expect`) beside the
//! ruleset's commands, dice rolled, queued or typed and chart reads asked of the umpire, each
//! recorded with its purpose and provenance.
use super::{end_phase, AaState, Command, Cx, Ev, Phase, Tables};
use crate::core::dice::Provenance;
use crate::core::turns::{self, TurnClock, TurnCommand, TurnPhase, TurnRules};
use serde_json::Value;

/// A&A's clock: a numbered turn and its phase.
pub type AaClock = TurnClock<Phase>;

impl TurnPhase for Phase {
    const PHASES: &'static [Phase] = &Phase::ALL;
}

/// An A&A game: the engine's part (clock, dice) and the rules' state.
pub type AaGame = turns::TurnGame<Aage>;

/// A parsed aage-qr-2020 scenario.
pub type AaSetup = turns::TurnSetup<Aage>;

/// A command at the prompt or in a script: an engine verb or an A&A command.
pub type AaCommand = TurnCommand<Phase, Command>;

/// The engine's events in the log (the same names and shapes as FG&DN's).
pub type CoreEvent = turns::CoreEvent<Phase>;

/// One event of the log: the engine's or the rules' (theirs all start with `AA`).
pub type AaEvent = turns::TurnEvent<Aage>;

/// The A&A Game Engineering fast-play quick reference, 2020 (`aage-qr-2020`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aage;

impl TurnRules for Aage {
    const ID: &'static str = super::ID;
    const SHIP: &'static str = "an aage-qr-2020 ship";
    type Phase = Phase;
    type Command = Command;
    type Event = Ev;
    type State = AaState;
    type Tables = Tables;

    fn setup(file: &str, text: &str) -> Result<AaSetup, Vec<String>> {
        let (head, state) = AaState::from_scenario(file, text)?;
        Ok(AaSetup {
            name: head.name,
            seed: head.seed.unwrap_or(1),
            start: head.start.parse().unwrap_or(1),
            state,
        })
    }

    fn apply(state: &mut AaState, e: &Ev) {
        super::apply(state, e)
    }

    /// Kept for the phase a ship sinks in (SPEC 10).
    fn clock_moved(state: &mut AaState, turn: u32, phase: Phase) {
        state.now = Some((turn, phase));
    }

    fn decide(cx: &mut Cx<'_>, turn: u32, phase: Phase, c: &Command) -> Result<(), String> {
        super::decide(cx, turn, phase, c)
    }

    fn end_phase(cx: &mut Cx<'_>, turn: u32, phase: Phase) -> Result<(), String> {
        end_phase(cx, turn, phase)
    }

    fn describe(state: &AaState, e: &Ev) -> Option<String> {
        super::view::describe(state, e)
    }

    fn status_fields(state: &AaState, tables: &Tables, turn: u32, phase: Phase) -> Value {
        super::view::status_json(state, tables, turn, phase)
    }

    fn ships(state: &AaState) -> Vec<(&str, &str)> {
        state
            .ships
            .iter()
            .map(|s| (s.id.as_str(), s.name.as_str()))
            .collect()
    }

    fn charted(e: &Ev) -> Option<(String, Provenance)> {
        match e {
            Ev::AAChartRead { read } => Some((read.value.clone(), read.provenance)),
            _ => None,
        }
    }

    fn sheets(g: &AaGame, tables: &Tables, moment: &str) -> crate::core::sheet::Sheets {
        super::sheet::sheets(g, tables, moment)
    }
}

impl crate::rulesets::Registered for Aage {
    const DEMO_PATH: &'static str = "saves/demo-aage.toml";
    const DEMO: &'static str = include_str!("../../../saves/demo-aage.toml");
    // `gun` reads the 5.2 gun damage die from the printed card (a chart read): left out.
    const BENCH_COMMANDS: &'static [&'static str] = &[
        "damage {ship} hull {n}",
        "crit {ship} gunnery",
        "set {ship} speed 10",
        "set {ship} evasive on",
        "splash {ship} {n}",
        "torpedo {ship} at {target} dice 1",
        "mine {ship}",
        "sinking {ship}",
        "initiative",
    ];
    const BENCH_CHANGE: Option<&'static str> = Some("damage {ship} hull 1");

    /// The demo's ships repeated; a squadron has one flagship (the first copy's).
    fn bench_scenario(ships: usize) -> Result<String, String> {
        crate::core::bench::repeat_ships(Self::DEMO, ships, &["flagship"], &[])
    }
    const NO_CARRY: &'static str = "the A&A fast-play rules carry no damage from one battle to \
         the next (the quick reference has no campaign rules): `umpire carry` is for fgdn-1.1 \
         battles";
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
            "until 4 firing",
            "note \"a ruling\"",
            "undo",
            "redo",
            "expect warspite damage.hull \"3\"",
            "expect clock 2 spotting",
        ] {
            let c: AaCommand = text.parse().unwrap();
            let again: AaCommand = c.to_string().parse().unwrap();
            assert_eq!(c, again, "{text}");
        }
        assert!(matches!(
            "gun a at b dice 2 range short".parse::<AaCommand>(),
            Ok(AaCommand::Rule(_))
        ));
    }

    /// 2.2 Game Sequence: six phases, in order, then the next turn.
    #[test]
    fn the_clock_walks_the_six_steps_of_the_game_sequence_2_2() {
        let mut c = AaClock {
            turn: 1,
            phase: Phase::OngoingDamage,
        };
        let mut seen = vec![c.phase];
        for _ in 0..5 {
            c = c.after_phase();
            seen.push(c.phase);
        }
        assert_eq!(seen, Phase::ALL.to_vec());
        let c = c.after_phase();
        assert_eq!((c.turn, c.phase), (2, Phase::OngoingDamage));
    }
}
