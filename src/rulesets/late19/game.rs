//! The late-19th-century naval rules on the shared journal ([`crate::core::game::Journal`]):
//! numbered turns of four steps (Turn Sequence (Naval Combat only): guns, torpedoes,
//! initiative, movement), the engine's verbs (`dice`, `next`, `turn`, `until`, `note`,
//! `undo`, `redo`, `expect`) beside the ruleset's commands, dice rolled, queued or typed and
//! chart reads asked of the umpire, each recorded with its purpose and provenance.
use super::{end_phase, Command, Cx, Ev, L19State, Oracle, Phase, Tables};
use crate::core::dice::{
    next_chart_value, next_face, ChartRequest, DiceError, DiceSource, Die, DieRequest, Provenance,
    Roll,
};
use crate::core::game::Record;
use crate::core::ruleset::RuleError;
use crate::core::ruleset::{field_matches, field_text};
use crate::core::ruleset::{ExpectError, Rules, Ruleset, Verb};
use crate::core::turns::{TurnClock, TurnCommand, TurnPhase};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::VecDeque;

/// Most phases one `until` or `turn` may walk.
const MAX_WALK: usize = 4 * 1000;

/// late-19th's clock: a numbered turn and its phase.
pub type L19Clock = TurnClock<Phase>;

impl TurnPhase for Phase {
    const PHASES: &'static [Phase] = &Phase::ALL;
}

/// A late-19th game: the engine's part (clock, dice) and the rules' state.
#[derive(Debug, Clone, PartialEq)]
pub struct L19Game {
    pub name: String,
    pub seed: u64,
    pub clock: L19Clock,
    pub dice_queue: VecDeque<u32>,
    pub dice_rolled: u64,
    pub rules: L19State,
}

/// A parsed late19-naval scenario.
#[derive(Debug, Clone)]
pub struct L19Setup {
    pub name: String,
    pub seed: u64,
    pub start: u32,
    pub state: L19State,
}

impl L19Setup {
    /// Parse and check a scenario; every problem names the file and the key.
    pub fn parse(file: &str, text: &str) -> Result<L19Setup, Vec<String>> {
        let (head, state) = L19State::from_scenario(file, text)?;
        Ok(L19Setup {
            name: head.name,
            seed: head.seed.unwrap_or(1),
            start: head.start.parse().unwrap_or(1),
            state,
        })
    }
}

/// A command at the prompt or in a script: an engine verb or a late-19th command.
pub type L19Command = TurnCommand<Phase, Command>;

/// The engine's events in the log (the same names and shapes as FG&DN's).
pub type CoreEvent = crate::core::turns::CoreEvent<Phase>;

/// One event of the log: the engine's or the rules'. Both are tagged by `"e"` with names
/// that never collide (the rules' all start with `L19`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum L19Event {
    Core(CoreEvent),
    Rule(Ev),
}

/// Wargame Rules for the Late 19th Century, naval combat (`late19-naval`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Late19;

impl Rules for Late19 {
    const ID: &'static str = super::ID;
    type Setup = L19Setup;
    type Tables = Tables;
    type State = L19Game;
    type Command = L19Command;
    type Event = L19Event;
    type Clock = L19Clock;

    fn initial(setup: &L19Setup) -> L19Game {
        L19Game {
            name: setup.name.clone(),
            seed: setup.seed,
            clock: L19Clock {
                turn: setup.start,
                phase: Phase::Guns,
            },
            dice_queue: VecDeque::new(),
            dice_rolled: 0,
            rules: setup.state.clone(),
        }
    }

    fn apply(g: &mut L19Game, event: &L19Event) {
        match event {
            L19Event::Core(CoreEvent::DiceQueued { faces }) => g.dice_queue.extend(faces),
            L19Event::Core(CoreEvent::Rolled { roll, .. }) => {
                if roll.provenance == Provenance::Queued {
                    g.dice_queue.pop_front();
                }
                g.dice_rolled += 1;
            }
            L19Event::Core(CoreEvent::ClockMoved { to }) => g.clock = *to,
            L19Event::Core(CoreEvent::PhaseEnded { .. } | CoreEvent::Note { .. }) => {}
            L19Event::Rule(e) => super::apply(&mut g.rules, e),
        }
    }

    fn clock(g: &L19Game) -> L19Clock {
        g.clock
    }

    fn verb(command: &L19Command) -> Verb {
        command.verb()
    }

    fn parse(text: &str) -> Result<L19Command, String> {
        text.parse()
    }

    fn decide(
        g: &L19Game,
        tables: &Tables,
        command: &L19Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<L19Event>, RuleError> {
        let mut d = Decision {
            g: g.clone(),
            tables,
            dice,
            events: Vec::new(),
        };
        match command {
            L19Command::Dice(faces) => d.emit(L19Event::Core(CoreEvent::DiceQueued {
                faces: faces.clone(),
            })),
            L19Command::Note(text) => {
                d.emit(L19Event::Core(CoreEvent::Note { text: text.clone() }))
            }
            L19Command::Next => d.end_phase()?,
            L19Command::Turn => {
                let turn = d.g.clock.turn;
                while d.g.clock.turn == turn {
                    d.end_phase()?;
                }
            }
            L19Command::Until { turn, phase } => {
                let goal = L19Clock {
                    turn: *turn,
                    phase: phase.unwrap_or(Phase::Guns),
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
            L19Command::Rule(c) => {
                let clock = d.g.clock;
                d.rules(|cx| super::decide(cx, clock.turn, clock.phase, c))?;
            }
            L19Command::Undo
            | L19Command::Redo
            | L19Command::Expect { .. }
            | L19Command::ExpectClock { .. } => {
                return Err(RuleError::Refused(format!(
                    "\"{command}\" is handled by the game history, not the rules"
                )))
            }
        }
        Ok(d.events)
    }

    fn check_expect(g: &L19Game, tables: &Tables, command: &L19Command) -> Result<(), ExpectError> {
        let (what, expected, actual) = match command {
            L19Command::ExpectClock { turn, phase } => (
                "clock".to_string(),
                format!("{turn} {phase}"),
                Value::String(format!("{} {}", g.clock.turn, g.clock.phase)),
            ),
            L19Command::Expect { ship, field, value } => {
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
                let status =
                    super::view::status_json(&g.rules, tables, g.clock.turn, g.clock.phase);
                let mut v = &status["ships"][i];
                for key in field.split('.') {
                    v = &v[key];
                }
                if v.is_null() && !field_matches(v, value) {
                    return Err(RuleError::Refused(format!(
                        "\"{field}\" is not a status field of a late19-naval ship (see `umpire status FILE --json`)"
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

    fn rolled(event: &L19Event) -> Option<(u32, Provenance)> {
        match event {
            L19Event::Core(CoreEvent::Rolled { roll, .. }) => Some((roll.face, roll.provenance)),
            _ => None,
        }
    }

    fn charted(event: &L19Event) -> Option<(String, Provenance)> {
        match event {
            L19Event::Rule(Ev::L19ChartRead { read }) => {
                Some((read.value.clone(), read.provenance))
            }
            _ => None,
        }
    }

    fn quiet_phase(events: &[L19Event]) -> Option<L19Clock> {
        match events {
            [L19Event::Core(CoreEvent::PhaseEnded { clock }), L19Event::Core(CoreEvent::ClockMoved { to }), ..]
                if *to == clock.after_phase() =>
            {
                Some(*clock)
            }
            _ => None,
        }
    }

    fn quiet_events(clock: L19Clock) -> ([L19Event; 2], L19Clock) {
        let to = clock.after_phase();
        (
            [
                L19Event::Core(CoreEvent::PhaseEnded { clock }),
                L19Event::Core(CoreEvent::ClockMoved { to }),
            ],
            to,
        )
    }
}

impl Ruleset for Late19 {
    fn sheets(g: &L19Game, tables: &Tables, moment: &str) -> crate::core::sheet::Sheets {
        super::sheet::sheets(g, tables, moment)
    }

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

    fn parse_setup(file: &str, text: &str) -> Result<L19Setup, Vec<String>> {
        L19Setup::parse(file, text)
    }

    fn entry_lines(before: &L19Game, entry: &Record<Late19>) -> Vec<String> {
        let mut g = before.clone();
        let mut lines = Vec::new();
        for e in &entry.events {
            lines.extend(log_line(&g, e));
            Late19::apply(&mut g, e);
        }
        lines
    }

    fn status_json(g: &L19Game, tables: &Tables) -> Value {
        status(g, tables)
    }

    fn table_notes(tables: &Tables) -> Vec<String> {
        tables
            .non_text_cells()
            .iter()
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
    g: L19Game,
    tables: &'a Tables,
    dice: &'a mut dyn DiceSource,
    events: Vec<L19Event>,
}

impl Decision<'_> {
    fn emit(&mut self, e: L19Event) {
        Late19::apply(&mut self.g, &e);
        self.events.push(e);
    }

    /// Run a step of the rules with this decision's dice and chart reads: the next queued
    /// face if any (it must fit), else the dice source; each roll is recorded before the events
    /// that followed it.
    fn rules(
        &mut self,
        step: impl FnOnce(&mut Cx<'_>) -> Result<(), String>,
    ) -> Result<(), RuleError> {
        let mut oracle = Dice {
            queue: self.g.dice_queue.clone(),
            seed: self.g.seed,
            serial: self.g.dice_rolled,
            source: &mut *self.dice,
            rolls: Vec::new(),
            error: None,
        };
        let mut cx = Cx::new(self.g.rules.clone(), self.tables, &mut oracle);
        let result = step(&mut cx);
        let (events, roll_at) = (cx.events, cx.roll_at);
        if let Some(e) = oracle.error {
            return Err(RuleError::Dice(e));
        }
        result.map_err(RuleError::Refused)?;
        let mut rolls = oracle.rolls.into_iter().zip(roll_at).peekable();
        for (k, e) in events.into_iter().enumerate() {
            while let Some((roll, _)) = rolls.next_if(|(_, at)| *at <= k) {
                self.emit(L19Event::Core(CoreEvent::Rolled { ship: None, roll }));
            }
            self.emit(L19Event::Rule(e));
        }
        for (roll, _) in rolls {
            self.emit(L19Event::Core(CoreEvent::Rolled { ship: None, roll }));
        }
        Ok(())
    }

    /// End the current phase: what the rules resolve and fire then, and the clock moves on.
    fn end_phase(&mut self) -> Result<(), RuleError> {
        let clock = self.g.clock;
        self.emit(L19Event::Core(CoreEvent::PhaseEnded { clock }));
        self.rules(|cx| end_phase(cx, clock.turn, clock.phase))?;
        self.emit(L19Event::Core(CoreEvent::ClockMoved {
            to: clock.after_phase(),
        }));
        Ok(())
    }
}

/// The dice and chart reads of one decision: queued faces first, then the source.
struct Dice<'a> {
    queue: VecDeque<u32>,
    seed: u64,
    serial: u64,
    source: &'a mut dyn DiceSource,
    rolls: Vec<Roll>,
    error: Option<DiceError>,
}

impl Oracle for Dice<'_> {
    fn roll(&mut self, die: Die, purpose: &str) -> Result<u32, String> {
        let req = DieRequest {
            die,
            purpose,
            seed: self.seed,
            serial: self.serial,
        };
        match next_face(self.queue.pop_front(), &req, self.source) {
            Ok((face, provenance)) => {
                self.serial += 1;
                self.rolls.push(Roll {
                    die,
                    face,
                    purpose: purpose.to_string(),
                    provenance,
                });
                Ok(face)
            }
            Err(e) => {
                let text = e.to_string();
                self.error = Some(e);
                Err(text)
            }
        }
    }

    fn chart(
        &mut self,
        queued: Option<&str>,
        request: &ChartRequest<'_>,
    ) -> Result<(String, Provenance), String> {
        next_chart_value(queued, request, self.source).map_err(|e| {
            let text = e.to_string();
            self.error = Some(e);
            text
        })
    }
}

/// The log line of an event of a late-19th game (`g`: the game before it), or None for one the log
/// does not show.
pub fn log_line(g: &L19Game, e: &L19Event) -> Option<String> {
    match e {
        L19Event::Core(CoreEvent::DiceQueued { faces }) => {
            Some(crate::core::dice::queued_text(faces))
        }
        L19Event::Core(CoreEvent::Rolled { roll, .. }) => Some(format!("  roll {roll}")),
        L19Event::Core(CoreEvent::PhaseEnded { clock }) => Some(format!("-- end of {clock} --")),
        L19Event::Core(CoreEvent::ClockMoved { .. }) => None,
        L19Event::Core(CoreEvent::Note { text }) => Some(format!("note: {text}")),
        L19Event::Rule(e) => super::view::describe(&g.rules, e),
    }
}

/// `umpire status --json` (SPEC 8: `clock {turn, phase}`, then the ruleset's fields,
/// `ships[]` with `id, name, side, status` first).
pub fn status(g: &L19Game, tables: &Tables) -> Value {
    let mut v = super::view::status_json(&g.rules, tables, g.clock.turn, g.clock.phase);
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
