//! A die's face or a chart value asked of the umpire before a command can be decided (the
//! "ask" dice mode, SPEC 8 chart reads), for every dashboard: what is asked, what has been
//! typed and given so far, its keys, and its box on the screen.
use crate::core::dice::Answer;
use crate::tui::command::Question;
use crate::tui::view::AskBox;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

/// A command waiting for the umpire's answer.
#[derive(Debug, Clone)]
pub struct Asking {
    /// The command as typed (run again with the answers).
    pub text: String,
    /// The dice answered so far for it.
    pub answers: Vec<Answer>,
    /// The chart values given so far for it.
    pub charts: Vec<String>,
    pub question: Question,
    pub input: String,
    /// Why the answer typed was not taken.
    pub error: Option<String>,
}

/// What a key did to the question.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asked {
    /// Still asking.
    Waiting,
    /// Esc: the whole command is abandoned, nothing changed.
    Abandoned,
    /// Enter with an answer: run the command again with these.
    Answered {
        answers: Vec<Answer>,
        charts: Vec<String>,
    },
}

impl Asking {
    pub fn new(
        question: Question,
        text: String,
        answers: Vec<Answer>,
        charts: Vec<String>,
    ) -> Self {
        Asking {
            text,
            answers,
            charts,
            question,
            input: String::new(),
            error: None,
        }
    }

    /// A key: digits (a die) or the value (a chart) typed, Enter answers (an empty die is
    /// rolled from the seed; a chart value never is), Esc abandons. A face the die does not
    /// show is refused in place (SPEC 7).
    pub fn key(&mut self, key: KeyEvent) -> Asked {
        match (key.code, &self.question) {
            (KeyCode::Esc, _) => return Asked::Abandoned,
            (KeyCode::Enter, Question::Chart { .. }) => {
                let value = self.input.trim();
                if value.is_empty() {
                    self.error = Some("a chart value cannot be rolled: type it".into());
                } else {
                    let mut charts = self.charts.clone();
                    charts.push(value.to_string());
                    return Asked::Answered {
                        answers: self.answers.clone(),
                        charts,
                    };
                }
            }
            (KeyCode::Enter, Question::Die { die, .. }) => {
                let answer = if self.input.is_empty() {
                    Answer::Roll
                } else {
                    match self.input.parse::<u32>() {
                        Ok(face) if die.fits(face) => Answer::Typed(face),
                        _ => {
                            self.error = Some(format!(
                                "{} is not a face of a {die} (1-{}); type it again or Enter to roll",
                                self.input,
                                die.sides()
                            ));
                            self.input.clear();
                            return Asked::Waiting;
                        }
                    }
                };
                let mut answers = self.answers.clone();
                answers.push(answer);
                return Asked::Answered {
                    answers,
                    charts: self.charts.clone(),
                };
            }
            (KeyCode::Backspace, _) => {
                self.input.pop();
            }
            (KeyCode::Char(c), Question::Die { .. })
                if c.is_ascii_digit() && self.input.len() < 3 =>
            {
                self.input.push(c);
                self.error = None;
            }
            (KeyCode::Char(c), Question::Die { die, .. }) => {
                self.error = Some(format!(
                    "\"{c}\": type the {die}'s face (digits), Enter to roll it, Esc to abandon"
                ));
            }
            (KeyCode::Char(c), Question::Chart { .. })
                if !c.is_control() && self.input.len() < 24 =>
            {
                self.input.push(c);
                self.error = None;
            }
            _ => {}
        }
        Asked::Waiting
    }

    /// The message after Esc.
    pub fn abandoned(&self) -> String {
        let what = match &self.question {
            Question::Die { die, purpose } => format!("{die} for {purpose}"),
            Question::Chart { chart, purpose, .. } => format!("{chart} for {purpose}"),
        };
        format!("abandoned at the {what}: nothing changed")
    }

    /// The footer's keys while asked.
    pub fn keys(&self) -> &'static str {
        match self.question {
            Question::Die { .. } => {
                "digits: the table's face   Enter: roll it for me   Esc: abandon (nothing changes)"
            }
            Question::Chart { .. } => {
                "type the chart's value   Enter: record it   Esc: abandon (nothing changes)"
            }
        }
    }

    /// What was already given for this command, if anything.
    fn given(&self) -> Option<String> {
        match (self.answers.len(), self.charts.len()) {
            (0, 0) => None,
            (d, 0) => Some(format!("{d} dice already given for this command")),
            (0, c) => Some(format!("{c} chart values already given for this command")),
            (d, c) => Some(format!(
                "{d} dice and {c} chart values already given for this command"
            )),
        }
    }

    /// The question's box on the screen (`tui::view`).
    pub fn view(&self) -> AskBox {
        match &self.question {
            Question::Die { die, purpose } => AskBox {
                title: "Roll a die",
                head: format!("{die} — {purpose}"),
                more: None,
                command: self.text.clone(),
                label: format!("{die} face: "),
                input: self.input.clone(),
                keys: "Enter rolls it for you; Esc abandons the whole command",
                error: self.error.clone(),
                given: self.given(),
            },
            Question::Chart {
                chart,
                line,
                allowed,
                purpose,
            } => AskBox {
                title: "Read a chart",
                head: format!("{chart}, {line}"),
                more: Some(format!("one of: {allowed} — for {purpose}")),
                command: self.text.clone(),
                label: "value: ".into(),
                input: self.input.clone(),
                keys: "a chart value is never rolled; Esc abandons the whole command",
                error: self.error.clone(),
                given: self.given(),
            },
        }
    }
}
