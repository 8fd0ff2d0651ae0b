//! What every rule system with numbered turns shares (D&B, the late-19th-century rules, and the
//! ones to come): the clock, a turn number and a phase of the ruleset's turn sequence; the
//! engine verbs of its command language (`dice`, `next`, `turn`, `until`, `note`, `undo`,
//! `redo`, `expect`) around the ruleset's own commands; and the engine's events in its log.
//! Each ruleset names them with its phases and commands (`DnbClock = TurnClock<Phase>`).
use crate::core::dice::Roll;
use crate::core::ruleset::Verb;
use crate::core::tokens::{quote, tokenize};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A phase of a numbered turn, in the order the turn walks them.
pub trait TurnPhase:
    Copy
    + Eq
    + Ord
    + fmt::Debug
    + fmt::Display
    + FromStr<Err = String>
    + Serialize
    + DeserializeOwned
    + 'static
{
    /// Every phase of a turn, in order.
    const PHASES: &'static [Self];
}

/// Where a numbered-turn battle stands: a turn and its phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TurnClock<P> {
    pub turn: u32,
    pub phase: P,
}

impl<P: TurnPhase> TurnClock<P> {
    /// The position after ending the current phase: the next phase, or the next turn's first.
    /// A hand-made save can put the clock anywhere: the last turn a u32 holds stays.
    pub fn after_phase(self) -> TurnClock<P> {
        let i = P::PHASES.iter().position(|p| *p == self.phase).unwrap_or(0);
        match P::PHASES.get(i + 1) {
            Some(next) => TurnClock {
                phase: *next,
                ..self
            },
            None => TurnClock {
                turn: self.turn.saturating_add(1),
                phase: P::PHASES[0],
            },
        }
    }
}

impl<P: fmt::Display> fmt::Display for TurnClock<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {} {}", self.turn, self.phase)
    }
}

/// A command of a numbered-turn ruleset at the prompt or in a script: an engine verb, or the
/// ruleset's own command `C`. `c.to_string().parse() == Ok(c)`.
#[derive(Debug, Clone, PartialEq)]
pub enum TurnCommand<P, C> {
    Dice(Vec<u32>),
    Next,
    Turn,
    Until {
        turn: u32,
        phase: Option<P>,
    },
    Note(String),
    Undo,
    Redo,
    Expect {
        ship: String,
        field: String,
        value: String,
    },
    ExpectClock {
        turn: u32,
        phase: P,
    },
    Rule(C),
}

impl<P: TurnPhase, C: fmt::Display> fmt::Display for TurnCommand<P, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnCommand::Dice(faces) => {
                let faces: Vec<String> = faces.iter().map(|x| x.to_string()).collect();
                write!(f, "dice {}", faces.join(" "))
            }
            TurnCommand::Next => f.write_str("next"),
            TurnCommand::Turn => f.write_str("turn"),
            TurnCommand::Until { turn, phase: None } => write!(f, "until {turn}"),
            TurnCommand::Until {
                turn,
                phase: Some(p),
            } => write!(f, "until {turn} {p}"),
            TurnCommand::Note(text) => write!(f, "note {}", quote(text)),
            TurnCommand::Undo => f.write_str("undo"),
            TurnCommand::Redo => f.write_str("redo"),
            TurnCommand::Expect { ship, field, value } => {
                write!(f, "expect {ship} {field} {}", quote(value))
            }
            TurnCommand::ExpectClock { turn, phase } => write!(f, "expect clock {turn} {phase}"),
            TurnCommand::Rule(c) => write!(f, "{c}"),
        }
    }
}

fn number(word: &str, what: &str) -> Result<u32, String> {
    word.parse()
        .map_err(|_| format!("\"{word}\" is not {what} (a whole number)"))
}

impl<P: TurnPhase, C: FromStr<Err = String>> FromStr for TurnCommand<P, C> {
    type Err = String;

    fn from_str(line: &str) -> Result<TurnCommand<P, C>, String> {
        let line = line.trim();
        let w = tokenize(line).map_err(|e| e.to_string())?;
        let verb = w
            .first()
            .map(|s| s.to_ascii_lowercase())
            .unwrap_or_default();
        let arity = |n: usize, usage: &str| {
            if w.len() == n {
                Ok(())
            } else {
                Err(format!("usage: {usage}"))
            }
        };
        Ok(match verb.as_str() {
            "dice" => {
                if w.len() < 2 {
                    return Err("usage: dice N [N ...]".into());
                }
                let faces = w[1..]
                    .iter()
                    .map(|x| number(x, "a die face"))
                    .collect::<Result<Vec<_>, _>>()?;
                if let Some(f) = faces.iter().find(|f| **f > 100) {
                    return Err(format!("{f} is a face no die shows (D4 to D100)"));
                }
                TurnCommand::Dice(faces)
            }
            "next" => {
                arity(1, "next")?;
                TurnCommand::Next
            }
            "turn" => {
                arity(1, "turn")?;
                TurnCommand::Turn
            }
            "until" => {
                if !(2..=3).contains(&w.len()) {
                    let phases: Vec<String> = P::PHASES.iter().map(|p| p.to_string()).collect();
                    return Err(format!("usage: until TURN [{}]", phases.join("|")));
                }
                TurnCommand::Until {
                    turn: number(&w[1], "a turn")?,
                    phase: w.get(2).map(|p| p.parse()).transpose()?,
                }
            }
            "note" => {
                arity(2, "note \"text\"")?;
                TurnCommand::Note(w[1].clone())
            }
            "undo" => {
                arity(1, "undo")?;
                TurnCommand::Undo
            }
            "redo" => {
                arity(1, "redo")?;
                TurnCommand::Redo
            }
            "expect" if w.get(1).is_some_and(|x| x.eq_ignore_ascii_case("clock")) => {
                arity(4, "expect clock TURN PHASE")?;
                TurnCommand::ExpectClock {
                    turn: number(&w[2], "a turn")?,
                    phase: w[3].parse()?,
                }
            }
            "expect" => {
                arity(4, "expect SHIP FIELD VALUE")?;
                TurnCommand::Expect {
                    ship: w[1].to_ascii_lowercase(),
                    field: w[2].clone(),
                    value: w[3].clone(),
                }
            }
            // A ruleset command has no quoted text: a `#` starts a comment.
            _ => TurnCommand::Rule(line.split('#').next().unwrap_or("").trim().parse()?),
        })
    }
}

/// The engine's events in a numbered-turn ruleset's log (the same names and shapes as FG&DN's).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "e", bound = "")]
pub enum CoreEvent<P: TurnPhase> {
    DiceQueued { faces: Vec<u32> },
    Rolled { ship: Option<String>, roll: Roll },
    PhaseEnded { clock: TurnClock<P> },
    ClockMoved { to: TurnClock<P> },
    Note { text: String },
}

impl<P, C> TurnCommand<P, C> {
    /// What the journal does with it: undo, redo and `expect` are the history's; the rest the
    /// rules decide.
    pub fn verb(&self) -> Verb {
        match self {
            TurnCommand::Undo => Verb::Undo,
            TurnCommand::Redo => Verb::Redo,
            TurnCommand::Expect { .. } | TurnCommand::ExpectClock { .. } => Verb::Expect,
            _ => Verb::Rule,
        }
    }
}
