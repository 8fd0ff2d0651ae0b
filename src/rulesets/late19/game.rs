//! The late-19th-century naval rules on the shared journal ([`crate::core::game::Journal`])
//! through the numbered-turn binding ([`crate::core::turns`]): numbered turns of four steps
//! (Turn Sequence (Naval Combat only): guns, torpedoes, initiative, movement), the engine's
//! verbs (`dice`, `next`, `turn`, `until`, `note`, `undo`, `redo`, `expect`) beside the
//! ruleset's commands, dice rolled, queued or typed and chart reads asked of the umpire, each
//! recorded with its purpose and provenance.
use super::{end_phase, Command, Cx, Ev, L19State, Phase, Tables};
use crate::core::dice::Provenance;
use crate::core::turns::{self, TurnClock, TurnCommand, TurnPhase, TurnRules};
use serde_json::Value;

/// late-19th's clock: a numbered turn and its phase.
pub type L19Clock = TurnClock<Phase>;

impl TurnPhase for Phase {
    const PHASES: &'static [Phase] = &Phase::ALL;
    const ENGINE_VERBS: &'static [(&'static str, &'static str)] = turns::ENGINE_VERBS_STEP;
}

/// A late-19th game: the engine's part (clock, dice) and the rules' state.
pub type L19Game = turns::TurnGame<Late19>;

/// A parsed late19-naval scenario.
pub type L19Setup = turns::TurnSetup<Late19>;

/// A command at the prompt or in a script: an engine verb or a late-19th command.
pub type L19Command = TurnCommand<Phase, Command>;

/// The engine's events in the log (the same names and shapes as FG&DN's).
pub type CoreEvent = turns::CoreEvent<Phase>;

/// One event of the log: the engine's or the rules' (theirs all start with `L19`).
pub type L19Event = turns::TurnEvent<Late19>;

/// Wargame Rules for the Late 19th Century, naval combat (`late19-naval`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Late19;

impl TurnRules for Late19 {
    const ID: &'static str = super::ID;
    const SHIP: &'static str = "a late19-naval ship";
    type Phase = Phase;
    type Command = Command;
    type Event = Ev;
    type State = L19State;
    type Tables = Tables;

    fn setup(file: &str, text: &str) -> Result<L19Setup, Vec<String>> {
        let (head, state) = L19State::from_scenario(file, text)?;
        Ok(L19Setup {
            name: head.name,
            seed: head.seed.unwrap_or(1),
            start: head.start.parse().unwrap_or(1),
            state,
        })
    }

    fn apply(state: &mut L19State, e: &Ev) {
        super::apply(state, e)
    }

    /// Kept for the step a ship sinks in (SPEC 10).
    fn clock_moved(state: &mut L19State, turn: u32, phase: Phase) {
        state.now = Some((turn, phase));
    }

    fn decide(cx: &mut Cx<'_>, turn: u32, phase: Phase, c: &Command) -> Result<(), String> {
        super::decide(cx, turn, phase, c)
    }

    fn end_phase(cx: &mut Cx<'_>, turn: u32, phase: Phase) -> Result<(), String> {
        end_phase(cx, turn, phase)
    }

    fn describe(state: &L19State, e: &Ev) -> Option<String> {
        super::view::describe(state, e)
    }

    fn status_fields(state: &L19State, tables: &Tables, turn: u32, phase: Phase) -> Value {
        super::view::status_json(state, tables, turn, phase)
    }

    fn ships(state: &L19State) -> Vec<(&str, &str)> {
        state
            .ships
            .iter()
            .map(|s| (s.spec.id.as_str(), s.spec.name.as_str()))
            .collect()
    }

    fn charted(e: &Ev) -> Option<(String, Provenance)> {
        match e {
            Ev::L19ChartRead { read } => Some((read.value.clone(), read.provenance)),
            _ => None,
        }
    }

    fn sheets(g: &L19Game, tables: &Tables, moment: &str) -> crate::core::sheet::Sheets {
        super::sheet::sheets(g, tables, moment)
    }
}

impl crate::rulesets::Registered for Late19 {
    const DEMO_PATH: &'static str = "saves/demo-late19.toml";
    const DEMO: &'static str = include_str!("../../../saves/demo-late19.toml");
    const BENCH_COMMANDS: &'static [&'static str] = &[
        "guns {ship} at {target} main",
        "guns {ship} at {target} secondary",
        "hit {ship} by light",
        "torpedo {ship} at {target} range 3",
        "mine {ship}",
        "initiative",
    ];
    const BENCH_CHANGE: Option<&'static str> = Some("hit {ship} by very_light");
    const NO_CARRY: &'static str =
        "the late-19th-century naval rules carry no damage from one battle to the next (the \
         text has no repairs): `umpire carry` is for fgdn-1.1 battles";
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
            "until 4 initiative",
            "note \"a \\\"quoted\\\" word\"",
            "undo",
            "redo",
            "expect majestic fp \"18\"",
            "expect clock 2 movement",
        ] {
            let c: L19Command = text.parse().unwrap();
            let again: L19Command = c.to_string().parse().unwrap();
            assert_eq!(c, again, "{text}");
        }
        assert!(matches!(
            "guns a at b main".parse::<L19Command>(),
            Ok(L19Command::Rule(_))
        ));
    }

    #[test]
    fn the_clock_walks_the_four_steps_of_the_turn_sequence_naval_combat_only() {
        let c = L19Clock {
            turn: 1,
            phase: Phase::Guns,
        };
        let c = c.after_phase();
        assert_eq!(c.phase, Phase::Torpedoes);
        let c = c.after_phase();
        assert_eq!(c.phase, Phase::Initiative);
        let c = c.after_phase().after_phase();
        assert_eq!((c.turn, c.phase), (2, Phase::Guns));
    }
}
