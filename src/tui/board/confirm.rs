//! Slips caught before they cost a game (SPEC 10): the question is the ruleset's rule
//! ([`Board::ask_first`]), asked once, in the dashboard's one command path
//! (`BoardApp::submit`), so the prompt, the forms and the keys all get it. `y` or Enter runs
//! the command exactly as if it had not been asked; `n` or Esc changes nothing and gives back
//! the prompt (with the typed command) or the form it came from.
use super::{BoardApp, Mode};
use crate::core::board::Board;
use crate::tui::edit::LineEdit;
use crate::tui::form::Form;
use ratatui::crossterm::event::{KeyCode, KeyEvent};

/// Where the command came from: cancelling goes back there.
#[derive(Debug, Clone)]
pub enum Origin {
    /// The `:` prompt (or a key): the prompt opens again with the command typed.
    Prompt,
    /// A form: it opens again as it was.
    Form(Box<Form>),
}

/// A command waiting for the umpire's yes or no.
#[derive(Debug, Clone)]
pub struct Confirm {
    /// The command as typed.
    pub text: String,
    /// The question ("Walk 21 h 30 min of game time?").
    pub title: String,
    /// What will happen, a line each.
    pub lines: Vec<String>,
    pub origin: Origin,
}

/// Ask before `command` if it needs asking: true when the question is now open (the command
/// waits for the answer).
pub fn ask<R: Board>(app: &mut BoardApp<R>, command: &R::Command, text: &str) -> bool {
    match R::ask_first(&app.battle.game, command, text) {
        Some((title, lines)) => {
            app.mode = Mode::Confirm(Box::new(Confirm {
                text: text.trim().to_string(),
                title,
                lines,
                origin: Origin::Prompt,
            }));
            true
        }
        None => false,
    }
}

/// A form's command is waiting for the answer: cancelling opens the form again.
pub fn came_from_form<R: Board>(app: &mut BoardApp<R>, form: &Form) {
    if let Mode::Confirm(c) = &mut app.mode {
        c.origin = Origin::Form(Box::new(form.clone()));
    }
}

/// A key while asked: y or Enter runs the command, n or Esc goes back (nothing changes);
/// anything else asks again.
pub fn key<R: Board>(app: &mut BoardApp<R>, key: KeyEvent, c: Confirm) {
    match key.code {
        KeyCode::Char('y') | KeyCode::Char('Y') | KeyCode::Enter => {
            let text = c.text.clone();
            if let Err(e) = app.run(text.clone(), Vec::new(), Vec::new()) {
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
fn back<R: Board>(app: &mut BoardApp<R>, c: Confirm) {
    app.mode = match c.origin {
        Origin::Form(form) => Mode::Form(*form),
        Origin::Prompt => Mode::Prompt {
            edit: LineEdit::new(&c.text),
            error: None,
            hint: None,
            history: None,
        },
    };
}
