//! A command as every dashboard runs it, written once (SPEC 7: nothing typed is ever lost):
//! refused at once on a read-only save unless it only checks (`expect`); prepared with the
//! face's dice mode, which changes nothing; a die face or a chart value asked of the umpire when
//! the command needs one (the dashboard asks, then runs it again with the longer list of
//! answers); else appended to the save and synced before the battle and the screen take it. A
//! save that cannot be written leaves the battle as it was and says so until one is.
use crate::core::dice::{Answer, AskDice, DiceError, Die};
use crate::core::game::GameError;
use crate::core::ruleset::{RuleError, Ruleset, Verb};
use crate::session::Session;
use crate::tui::Save;

/// What the umpire is asked before a command can be decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Question {
    /// A die's face (Enter rolls it from the seed).
    Die { die: Die, purpose: String },
    /// A value read off a printed chart (SPEC 8: chart reads; never rolled).
    Chart {
        chart: String,
        line: String,
        allowed: String,
        purpose: String,
    },
}

impl Question {
    /// The question in a line: "D10 for critical count, HMS Tiger".
    pub fn text(&self) -> String {
        match self {
            Question::Die { die, purpose } => format!("{} for {purpose}", die.name()),
            Question::Chart {
                chart,
                line,
                allowed,
                purpose,
            } => format!("{chart}, {line} (one of: {allowed}) for {purpose}"),
        }
    }
}

/// The dice mode and what the umpire has answered so far for this command.
#[derive(Debug, Clone, Copy)]
pub struct Answers<'a> {
    /// Ask every die (the "ask" dice mode); else dice are rolled from the save's seed.
    pub ask_dice: bool,
    pub dice: &'a [Answer],
    pub charts: &'a [String],
}

/// What running a command came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ran {
    /// It records nothing (an `expect` that held).
    Checked,
    /// The umpire must answer first; nothing changed.
    Asks(Question),
    /// Durable in the save and taken into the battle: the lines saying what it did
    /// ([`Session::record`]) and the entry's own lines, as the log panel shows them.
    Recorded {
        lines: Vec<String>,
        worded: Vec<String>,
    },
}

/// Run `command` (typed as `text`) on `battle`, writing through `save`. `unsaved` says why the
/// last append failed, until one succeeds; `wall` is the time stamped on the entry. An error
/// is said in place, and nothing changed.
pub fn run<R: Ruleset>(
    battle: &mut Session<R>,
    save: &mut Save,
    unsaved: &mut Option<String>,
    wall: Option<String>,
    command: &R::Command,
    text: &str,
    answers: Answers<'_>,
) -> Result<Ran, String> {
    if let Save::ReadOnly(why) = save {
        if R::verb(command) != Verb::Expect {
            return Err(format!("read-only: {why}"));
        }
    }
    let mut dice = if answers.ask_dice {
        let mut ask = AskDice::new(answers.dice.to_vec());
        ask.charts.answers = answers.charts.to_vec();
        ask
    } else {
        AskDice::rolling(answers.charts.to_vec())
    };
    let mut entry = match battle.game.prepare(command, &mut dice) {
        Err(GameError::Rule(RuleError::Dice(DiceError::Needed { die, purpose }))) => {
            return Ok(Ran::Asks(Question::Die { die, purpose }))
        }
        Err(GameError::Rule(RuleError::Dice(DiceError::ChartNeeded {
            chart,
            line,
            allowed,
            purpose,
        }))) => {
            return Ok(Ran::Asks(Question::Chart {
                chart,
                line,
                allowed,
                purpose,
            }))
        }
        Err(e) => return Err(e.to_string()),
        Ok(None) => return Ok(Ran::Checked),
        Ok(Some(entry)) => entry,
    };
    entry.set_typed(text);
    let Save::Writer(writer) = save else {
        return Err("read-only".into());
    };
    match battle.record_worded(writer, entry, wall) {
        Ok((lines, worded)) => {
            *unsaved = None;
            Ok(Ran::Recorded { lines, worded })
        }
        Err(e) => {
            // Said in the header until a command is saved again.
            *unsaved = Some(e.to_string());
            Err(format!("NOT SAVED, nothing changed: {e}"))
        }
    }
}

/// The message line after a command was recorded: the last line of what it did that is not a
/// die roll or the end of a phase (the clock it left, a ship's new state), else "done".
pub fn summary(lines: &[String], text: &str) -> String {
    lines
        .iter()
        .skip(1)
        .map(|l| l.trim())
        .rfind(|l| !l.starts_with("roll ") && !l.starts_with("rolled ") && !l.starts_with("-- end"))
        .map_or_else(|| format!("done: {text}"), str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_skips_rolls_and_phase_ends() {
        let lines: Vec<String> = [
            "> 1200 movement hit tiger 10",
            "  roll D10 4 for critical count",
            "  HMS Tiger takes 10 DP",
            "  -- end of 1200 movement --",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(summary(&lines, "hit tiger 10"), "HMS Tiger takes 10 DP");
        assert_eq!(summary(&lines[..2], "x"), "done: x");
    }

    #[test]
    fn a_question_says_what_is_asked() {
        let die = Question::Die {
            die: Die::D10,
            purpose: "critical count".into(),
        };
        assert_eq!(die.text(), "D10 for critical count");
        let chart = Question::Chart {
            chart: "Combat Chart".into(),
            line: "12-inch".into(),
            allowed: "S, G".into(),
            purpose: "a hit".into(),
        };
        assert_eq!(
            chart.text(),
            "Combat Chart, 12-inch (one of: S, G) for a hit"
        );
    }
}
