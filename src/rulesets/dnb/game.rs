//! Dreadnoughts & Battlewagons on the shared journal ([`crate::core::game::Journal`]): the
//! numbered clock of three phases (5.1), the engine's verbs (`dice`, `next`, `turn`, `until`,
//! `note`, `undo`, `redo`, `expect`) beside the D&B commands, and dice rolled, queued or typed
//! with their purpose and provenance, recorded in the log like FG&DN's.
use super::{apply, describe, end_phase, status_json, Command, Cx, DnbState, Ev, Phase, Tables};
use crate::core::dice::{next_face, DiceError, DiceSource, Die, DieRequest, Provenance, Roll};
use crate::core::game::Record;
use crate::core::ruleset::RuleError;
use crate::core::ruleset::{field_matches, field_text};
use crate::core::ruleset::{ExpectError, Rules, Ruleset, Verb};
use crate::core::turns::{TurnClock, TurnCommand, TurnPhase};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::VecDeque;

/// Most phases one `until` or `turn` may walk.
const MAX_WALK: usize = 3 * 1000;

/// D&B's clock: a numbered turn and its phase.
pub type DnbClock = TurnClock<Phase>;

impl TurnPhase for Phase {
    const PHASES: &'static [Phase] = &Phase::ALL;
}

/// A D&B game: the engine's part (clock, dice) and the rules' state.
#[derive(Debug, Clone, PartialEq)]
pub struct DnbGame {
    pub name: String,
    pub seed: u64,
    pub clock: DnbClock,
    pub dice_queue: VecDeque<u32>,
    pub dice_rolled: u64,
    pub rules: DnbState,
}

/// A parsed D&B scenario.
#[derive(Debug, Clone)]
pub struct DnbSetup {
    pub name: String,
    pub seed: u64,
    pub start: u32,
    pub state: DnbState,
}

impl DnbSetup {
    /// Parse and check a D&B scenario; every problem names the file and the key.
    pub fn parse(file: &str, text: &str) -> Result<DnbSetup, Vec<String>> {
        let (head, state) = DnbState::from_scenario(file, text)?;
        Ok(DnbSetup {
            name: head.name,
            seed: head.seed.unwrap_or(1),
            start: head.start.parse().unwrap_or(1),
            state,
        })
    }
}

/// A command at the prompt or in a script: an engine verb or a D&B command.
pub type DnbCommand = TurnCommand<Phase, Command>;

/// The engine's events in the log (the same names and shapes as FG&DN's).
pub type CoreEvent = crate::core::turns::CoreEvent<Phase>;

/// One event of a D&B log: the engine's or the rules'. Both are tagged by `"e"` with names
/// that never collide (the rules' all start with `Dnb`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum DnbEvent {
    Core(CoreEvent),
    Rule(Ev),
}

/// Dreadnoughts & Battlewagons, standard rules (`dnb-standard`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dnb;

impl Rules for Dnb {
    const ID: &'static str = super::ID;
    type Setup = DnbSetup;
    type Tables = Tables;
    type State = DnbGame;
    type Command = DnbCommand;
    type Event = DnbEvent;
    type Clock = DnbClock;

    fn initial(setup: &DnbSetup) -> DnbGame {
        DnbGame {
            name: setup.name.clone(),
            seed: setup.seed,
            clock: DnbClock {
                turn: setup.start,
                phase: Phase::Combat,
            },
            dice_queue: VecDeque::new(),
            dice_rolled: 0,
            rules: setup.state.clone(),
        }
    }

    fn apply(g: &mut DnbGame, event: &DnbEvent) {
        match event {
            DnbEvent::Core(CoreEvent::DiceQueued { faces }) => g.dice_queue.extend(faces),
            DnbEvent::Core(CoreEvent::Rolled { roll, .. }) => {
                if roll.provenance == Provenance::Queued {
                    g.dice_queue.pop_front();
                }
                g.dice_rolled += 1;
            }
            DnbEvent::Core(CoreEvent::ClockMoved { to }) => g.clock = *to,
            DnbEvent::Core(CoreEvent::PhaseEnded { .. } | CoreEvent::Note { .. }) => {}
            DnbEvent::Rule(e) => apply(&mut g.rules, e),
        }
    }

    fn clock(g: &DnbGame) -> DnbClock {
        g.clock
    }

    fn verb(command: &DnbCommand) -> Verb {
        command.verb()
    }

    fn parse(text: &str) -> Result<DnbCommand, String> {
        text.parse()
    }

    fn decide(
        g: &DnbGame,
        tables: &Tables,
        command: &DnbCommand,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<DnbEvent>, RuleError> {
        let mut d = Decision {
            g: g.clone(),
            tables,
            dice,
            events: Vec::new(),
        };
        match command {
            DnbCommand::Dice(faces) => d.emit(DnbEvent::Core(CoreEvent::DiceQueued {
                faces: faces.clone(),
            })),
            DnbCommand::Note(text) => {
                d.emit(DnbEvent::Core(CoreEvent::Note { text: text.clone() }))
            }
            DnbCommand::Next => d.end_phase()?,
            DnbCommand::Turn => {
                let turn = d.g.clock.turn;
                while d.g.clock.turn == turn {
                    d.end_phase()?;
                }
            }
            DnbCommand::Until { turn, phase } => {
                let goal = DnbClock {
                    turn: *turn,
                    phase: phase.unwrap_or(Phase::Combat),
                };
                if goal < d.g.clock {
                    return Err(RuleError::Refused(format!(
                        "the clock is already past {goal} (it is {})",
                        d.g.clock
                    )));
                }
                let mut steps = 0;
                while d.g.clock != goal {
                    d.end_phase()?;
                    steps += 1;
                    if steps > MAX_WALK {
                        return Err(RuleError::Refused(format!(
                            "until would walk more than {MAX_WALK} phases"
                        )));
                    }
                }
            }
            DnbCommand::Rule(c) => {
                let clock = d.g.clock;
                d.rules(|cx| super::decide(cx, clock.turn, clock.phase, c))?;
            }
            DnbCommand::Undo
            | DnbCommand::Redo
            | DnbCommand::Expect { .. }
            | DnbCommand::ExpectClock { .. } => {
                return Err(RuleError::Refused(format!(
                    "\"{command}\" is handled by the game history, not the rules"
                )))
            }
        }
        Ok(d.events)
    }

    fn check_expect(
        g: &DnbGame,
        _tables: &Tables,
        command: &DnbCommand,
    ) -> Result<(), ExpectError> {
        let (what, expected, actual) = match command {
            DnbCommand::ExpectClock { turn, phase } => (
                "clock".to_string(),
                format!("{turn} {phase}"),
                Value::String(format!("{} {}", g.clock.turn, g.clock.phase)),
            ),
            DnbCommand::Expect { ship, field, value } => {
                let i = g.rules.index(ship).ok_or_else(|| RuleError::UnknownShip {
                    id: ship.clone(),
                    hint: String::new(),
                    ships: g
                        .rules
                        .ships
                        .iter()
                        .map(|s| s.spec.id.clone())
                        .collect::<Vec<_>>()
                        .join(", "),
                })?;
                let status = status_json(&g.rules, g.clock.turn, g.clock.phase);
                let mut v = &status["ships"][i];
                for key in field.split('.') {
                    v = &v[key];
                }
                if v.is_null() && !field_matches(v, value) {
                    return Err(RuleError::Refused(format!(
                        "\"{field}\" is not a status field of a D&B ship (see `umpire status FILE --json`)"
                    ))
                    .into());
                }
                (format!("{ship} {field}"), value.clone(), v.clone())
            }
            _ => return Ok(()),
        };
        if field_matches(&actual, &expected) {
            Ok(())
        } else {
            Err(ExpectError::Failed {
                what,
                expected,
                actual: field_text(&actual),
            })
        }
    }

    fn rolled(event: &DnbEvent) -> Option<(u32, Provenance)> {
        match event {
            DnbEvent::Core(CoreEvent::Rolled { roll, .. }) => Some((roll.face, roll.provenance)),
            _ => None,
        }
    }

    fn quiet_phase(events: &[DnbEvent]) -> Option<DnbClock> {
        match events {
            [DnbEvent::Core(CoreEvent::PhaseEnded { clock }), DnbEvent::Core(CoreEvent::ClockMoved { to }), ..]
                if *to == clock.after_phase() =>
            {
                Some(*clock)
            }
            _ => None,
        }
    }

    fn quiet_events(clock: DnbClock) -> ([DnbEvent; 2], DnbClock) {
        let to = clock.after_phase();
        (
            [
                DnbEvent::Core(CoreEvent::PhaseEnded { clock }),
                DnbEvent::Core(CoreEvent::ClockMoved { to }),
            ],
            to,
        )
    }
}

impl Ruleset for Dnb {
    fn tables_with(overrides: &[(String, String)]) -> Result<Tables, Vec<String>> {
        // The owner's files are matched by file name, as the built-in ones are named.
        let named: Vec<(String, String)> = overrides
            .iter()
            .map(|(path, text)| {
                let name = std::path::Path::new(path)
                    .file_name()
                    .map_or(path.clone(), |n| n.to_string_lossy().into_owned());
                (name, text.clone())
            })
            .collect();
        Tables::with_overrides(&named)
    }

    fn parse_setup(file: &str, text: &str) -> Result<DnbSetup, Vec<String>> {
        DnbSetup::parse(file, text)
    }

    fn check_classes(file: &str, text: &str) -> Result<Vec<String>, Vec<String>> {
        super::state::check_class_file(file, text)
    }

    fn entry_lines(before: &DnbGame, entry: &Record<Dnb>) -> Vec<String> {
        let mut g = before.clone();
        let mut lines = Vec::new();
        for e in &entry.events {
            lines.extend(log_line(&g, e));
            Dnb::apply(&mut g, e);
        }
        lines
    }

    fn status_json(g: &DnbGame, _tables: &Tables) -> Value {
        status(g)
    }

    fn sheets(g: &DnbGame, tables: &Tables, moment: &str) -> crate::core::sheet::Sheets {
        super::sheet::sheets(g, tables, moment)
    }

    fn table_notes(tables: &Tables) -> Vec<String> {
        super::non_text_cells(tables)
            .into_iter()
            .map(|c| {
                format!(
                    "{} {}: {} ({}): {}",
                    c.file,
                    c.key,
                    c.provenance.as_str(),
                    c.rule,
                    c.note
                )
            })
            .collect()
    }
}

/// One decision in progress: a scratch game every event is applied to as it is emitted.
struct Decision<'a> {
    g: DnbGame,
    tables: &'a Tables,
    dice: &'a mut dyn DiceSource,
    events: Vec<DnbEvent>,
}

impl Decision<'_> {
    fn emit(&mut self, e: DnbEvent) {
        Dnb::apply(&mut self.g, &e);
        self.events.push(e);
    }

    /// Run a step of the rules with this decision's dice: the next queued face if any (it must
    /// fit), else the dice source; each roll is recorded before the events that followed it.
    fn rules(
        &mut self,
        step: impl FnOnce(&mut Cx<'_>) -> Result<(), String>,
    ) -> Result<(), RuleError> {
        let mut queue = self.g.dice_queue.clone();
        let (seed, mut serial) = (self.g.seed, self.g.dice_rolled);
        let mut rolls: Vec<Roll> = Vec::new();
        let mut dice_error: Option<DiceError> = None;
        let dice = &mut *self.dice;
        let mut roll = |die: Die, purpose: String| -> Result<u32, String> {
            let req = DieRequest {
                die,
                purpose: &purpose,
                seed,
                serial,
            };
            let (face, provenance) = match next_face(queue.pop_front(), &req, dice) {
                Ok(f) => f,
                Err(e) => {
                    let text = e.to_string();
                    dice_error = Some(e);
                    return Err(text);
                }
            };
            serial += 1;
            rolls.push(Roll {
                die,
                face,
                purpose,
                provenance,
            });
            Ok(face)
        };
        let mut cx = Cx::new(self.g.rules.clone(), self.tables, &mut roll);
        let result = step(&mut cx);
        let (events, roll_at) = (cx.events, cx.roll_at);
        if let Some(e) = dice_error {
            return Err(RuleError::Dice(e));
        }
        result.map_err(RuleError::Refused)?;
        let mut rolls = rolls.into_iter().zip(roll_at).peekable();
        for (k, e) in events.into_iter().enumerate() {
            while let Some((roll, _)) = rolls.next_if(|(_, at)| *at <= k) {
                self.emit(DnbEvent::Core(CoreEvent::Rolled { ship: None, roll }));
            }
            self.emit(DnbEvent::Rule(e));
        }
        for (roll, _) in rolls {
            self.emit(DnbEvent::Core(CoreEvent::Rolled { ship: None, roll }));
        }
        Ok(())
    }

    /// End the current phase: what the rules resolve and fire then, and the clock moves on.
    fn end_phase(&mut self) -> Result<(), RuleError> {
        if self.g.rules.game_over {
            return Err(RuleError::Refused(
                "the game is over (its last turn has ended, 5.4b)".into(),
            ));
        }
        let clock = self.g.clock;
        self.emit(DnbEvent::Core(CoreEvent::PhaseEnded { clock }));
        self.rules(|cx| end_phase(cx, clock.turn, clock.phase))?;
        self.emit(DnbEvent::Core(CoreEvent::ClockMoved {
            to: clock.after_phase(),
        }));
        Ok(())
    }
}

/// The log line of an event of a D&B game (`g`: the game before it), or None for one the log
/// does not show.
pub fn log_line(g: &DnbGame, e: &DnbEvent) -> Option<String> {
    match e {
        DnbEvent::Core(CoreEvent::DiceQueued { faces }) => {
            Some(crate::core::dice::queued_text(faces))
        }
        DnbEvent::Core(CoreEvent::Rolled { roll, .. }) => Some(format!("  roll {roll}")),
        DnbEvent::Core(CoreEvent::PhaseEnded { clock }) => Some(format!("-- end of {clock} --")),
        DnbEvent::Core(CoreEvent::ClockMoved { .. }) => None,
        DnbEvent::Core(CoreEvent::Note { text }) => Some(format!("note: {text}")),
        DnbEvent::Rule(e) => describe(&g.rules, e),
    }
}

/// `umpire status --json` of a D&B game (SPEC 8: `clock {turn, phase}`, then the ruleset's
/// fields, `ships[]` with `id, name, side, status` first).
pub fn status(g: &DnbGame) -> Value {
    let mut v = status_json(&g.rules, g.clock.turn, g.clock.phase);
    let mut out = serde_json::Map::new();
    out.insert(
        "scenario".into(),
        serde_json::json!({ "name": g.name, "ruleset": super::ID }),
    );
    out.insert(
        "clock".into(),
        serde_json::json!({ "turn": g.clock.turn.to_string(), "phase": g.clock.phase.as_str() }),
    );
    if let Value::Object(m) = v.take() {
        out.extend(m);
    }
    Value::Object(out)
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
