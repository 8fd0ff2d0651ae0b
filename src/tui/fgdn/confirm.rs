//! Slips caught before they cost a game (SPEC 10), on FG&DN's dashboard: the question is
//! FG&DN's rule ([`crate::rulesets::fgdn::slips`], its `Board::ask_first`), asked once, in the
//! dashboard's one command path (`App::submit`), so the prompt, the forms and the keys all get
//! it. `y` or Enter runs the command exactly as if it had not been asked; `n` or Esc changes
//! nothing and gives back the prompt (with the typed command) or the form it came from.
use crate::core::board::Board;
use crate::rulesets::fgdn::command::Command;
use crate::rulesets::fgdn::{Fgdn, Game};
use crate::tui::edit::LineEdit;
use crate::tui::fgdn::app::{App, Mode};
use crate::tui::form::Form;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

/// Where the command came from: cancelling goes back there.
#[derive(Debug, Clone)]
pub enum Origin {
    /// The `:` prompt (or a key): the prompt opens again with the command typed.
    Prompt,
    /// A form: it opens again as it was.
    Form(Form),
}

/// A command waiting for the umpire's yes or no.
#[derive(Debug, Clone)]
pub struct Confirm {
    pub command: Command,
    /// The command as typed.
    pub text: String,
    /// The question ("Walk 21 h 30 min of game time?").
    pub title: String,
    /// What will happen, a line each.
    pub lines: Vec<String>,
    pub origin: Origin,
}

/// The question to ask before `command`, or None when it runs at once.
pub fn check(game: &Game, command: &Command, text: &str) -> Option<Confirm> {
    let (title, lines) = Fgdn::ask_first(game, command, text)?;
    Some(Confirm {
        command: command.clone(),
        text: text.trim().to_string(),
        title,
        lines,
        origin: Origin::Prompt,
    })
}

/// Ask before `command` if it needs asking: true when the question is now open (the command
/// waits for the answer).
pub fn ask(app: &mut App, command: &Command, text: &str) -> bool {
    match check(&app.battle.game, command, text) {
        Some(c) => {
            app.mode = Mode::Confirm(Box::new(c));
            true
        }
        None => false,
    }
}

/// A form's command is waiting for the answer: cancelling opens the form again.
pub fn came_from_form(app: &mut App, form: &Form) {
    if let Mode::Confirm(c) = &mut app.mode {
        c.origin = Origin::Form(form.clone());
    }
}

/// A key while asked: y or Enter runs the command, n or Esc goes back (nothing changes);
/// anything else asks again.
pub fn key(app: &mut App, key: KeyEvent, c: Confirm) {
    match key.code {
        KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Enter => {
            let text = c.text.clone();
            if let Err(e) = app.run(c.command.clone(), text.clone(), Vec::new()) {
                back(app, c);
                app.error(format!("{text}: {e}"));
            }
        }
        KeyCode::Char('n') | KeyCode::Char('N') | KeyCode::Esc => {
            let text = c.text.clone();
            back(app, c);
            app.info(format!("not done: {text} (nothing changed)"));
        }
        _ => app.mode = Mode::Confirm(Box::new(c)),
    }
}

/// Back to where the command came from, as it was.
fn back(app: &mut App, c: Confirm) {
    app.mode = match c.origin {
        Origin::Form(form) => Mode::Form(form),
        Origin::Prompt => Mode::Prompt {
            edit: LineEdit::new(&c.text),
            error: None,
            hint: None,
            history: None,
        },
    };
}
