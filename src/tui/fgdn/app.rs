//! The dashboard's model and `update`: one `App`, keys in, commands out. Everything the umpire
//! does becomes a command of the script language, prepared (nothing changes), made durable in
//! the save, and only then shown. Rendering lives in `view/`; this file never draws.
use crate::core::board::Board;
use crate::core::dice::{Answer, AskDice, DiceError};
use crate::core::game::GameError;
use crate::rulesets::fgdn::command::{Command, COMMANDS};
use crate::rulesets::fgdn::engine::RuleError;
use crate::rulesets::fgdn::kinds::CriticalKind;
use crate::rulesets::fgdn::log_view::log_entry;
use crate::rulesets::fgdn::Fgdn;
use crate::session::Battle;
use crate::tui::ask::{Asked, Asking};
use crate::tui::command::{Answers, Question, Ran};
use crate::tui::edit::LineEdit;
use crate::tui::form::{Form, FormKind};
use crate::tui::keymap::{Action, Face, Keymap};
use crate::tui::theme::Theme;
use crate::tui::Save;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiceMode {
    /// The console rolls every die (from the save's seed); the log shows each.
    Roll,
    /// The console stops at every die and asks for the table's face (Enter rolls it).
    Ask,
}

impl DiceMode {
    /// The mode the save's log last recorded (`dice ask` / `dice roll` in effect), if any.
    pub fn from_log(game: &crate::rulesets::fgdn::Game) -> Option<DiceMode> {
        game.asks_dice()
            .map(|ask| if ask { DiceMode::Ask } else { DiceMode::Roll })
    }

    pub fn name(self) -> &'static str {
        match self {
            DiceMode::Roll => "roll",
            DiceMode::Ask => "ask",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Focus {
    Fleet,
    Log,
}

#[derive(Debug, Clone)]
pub enum Mode {
    Normal,
    Prompt {
        edit: LineEdit,
        error: Option<String>,
        /// Completion candidates shown under the prompt.
        hint: Option<String>,
        /// Position in the prompt history while browsing with up/down.
        history: Option<usize>,
    },
    Form(Form),
    Ask(Asking),
    Search(LineEdit),
    Help {
        scroll: u16,
    },
    /// The log full screen, every line whole (wrapped): `scroll` lines hidden below the
    /// bottom, 0 follows the newest (SPEC 10, 80x24 hides nothing).
    LogView {
        scroll: usize,
    },
    /// The selected ship's detail and the due list full screen, nothing cut; `scroll` lines
    /// from the top.
    DetailView {
        scroll: u16,
    },
    ConfirmQuit,
    /// A command that asks first (SPEC 10, slips are caught): see `tui::fgdn::confirm`.
    Confirm(Box<crate::tui::fgdn::confirm::Confirm>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Info,
    Error,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
}

pub use crate::tui::log_panel::{LogPanel, LogRow};

pub struct App {
    pub battle: Battle,
    pub save: Save,
    pub save_path: Option<PathBuf>,
    pub keymap: Keymap,
    pub theme: Theme,
    pub dice_mode: DiceMode,
    pub selected: usize,
    pub focus: Focus,
    pub mode: Mode,
    pub message: Option<Message>,
    pub log: LogPanel,
    /// Commands typed at the prompt this session, oldest first.
    pub history: Vec<String>,
    /// The last append failed: what the header shows instead of "saved".
    pub unsaved: Option<String>,
    pub quit: bool,
    /// The wall clock for log entries (injected so tests are repeatable).
    pub wall: fn() -> Option<String>,
    /// Rows of the log panel at the last frame (for paging).
    pub log_height: usize,
    /// `umpire watch`: following another process's save, perhaps as one side (fog of war).
    pub watch: Option<crate::tui::fgdn::watch::Watching>,
    /// `umpire review`: the log being stepped through (read-only; see `tui::fgdn::review`).
    pub review: Option<crate::tui::fgdn::review::ReviewState>,
    /// A form closed with Esc before it was submitted: the same key on the same ship opens it
    /// as it was left (SPEC 10, forms keep what was typed).
    pub left_form: Option<Form>,
}

fn no_wall() -> Option<String> {
    None
}

impl App {
    pub fn new(battle: Battle, save: Save, save_path: Option<PathBuf>, keymap: Keymap) -> App {
        let mut app = App {
            battle,
            save,
            save_path,
            keymap,
            theme: Theme { color: true },
            dice_mode: DiceMode::Roll,
            selected: 0,
            focus: Focus::Fleet,
            mode: Mode::Normal,
            message: None,
            log: LogPanel::default(),
            history: Vec::new(),
            unsaved: None,
            quit: false,
            wall: no_wall,
            log_height: 10,
            watch: None,
            review: None,
            left_form: None,
        };
        app.rebuild_log();
        if let Some(mode) = DiceMode::from_log(&app.battle.game) {
            app.dice_mode = mode;
            if mode == DiceMode::Ask {
                app.info(
                    "dice: ask, as this battle was left — the console stops at every die (m: roll)",
                );
            }
        }
        app
    }

    pub fn read_only(&self) -> Option<&str> {
        match &self.save {
            Save::ReadOnly(why) => Some(why),
            Save::Writer(_) => None,
        }
    }

    pub(crate) fn info(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            tone: Tone::Info,
        });
    }

    pub(crate) fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            tone: Tone::Error,
        });
    }

    pub fn selected_id(&self) -> Option<String> {
        self.battle
            .game
            .state
            .ships
            .get(self.selected)
            .map(|s| s.id().to_string())
    }

    // ---- the log panel -------------------------------------------------------------------

    /// Entry `i`'s rows in the log panel (`ship`: the panel's filter): as the watching side
    /// may see it, and in review only those of the kind picked.
    fn rows_for(&self, i: usize, ship: Option<&str>) -> Vec<LogRow> {
        if let Some(fog) = self.watch.as_ref().and_then(|w| w.fog.as_ref()) {
            return crate::tui::fgdn::watch::side_rows(&self.battle.game, fog, i, ship);
        }
        let game = &self.battle.game;
        let Some(e) = log_entry(game, i, ship) else {
            return Vec::new();
        };
        let Some(e) = (match self.review.as_ref().and_then(|r| r.kind) {
            Some(kind) => kind.apply(e),
            None => Some(e),
        }) else {
            return Vec::new();
        };
        let undone = if e.in_effect { "" } else { "  (undone)" };
        let mut rows = vec![LogRow {
            entry: i,
            heading: true,
            text: format!(
                "#{} {} {} {}{undone}",
                e.seq,
                e.turn,
                crate::core::words::words(e.phase),
                e.command
            ),
            in_effect: e.in_effect,
        }];
        rows.extend(e.lines.into_iter().map(|l| LogRow {
            entry: i,
            heading: false,
            text: format!("  {}", l.text),
            in_effect: e.in_effect,
        }));
        rows
    }

    /// Rebuild the log rows (opening, filter changes, undo and redo): the newest screenfuls
    /// now, older ones when scrolled to.
    pub fn rebuild_log(&mut self) {
        let mut log = std::mem::take(&mut self.log);
        log.rebuild(self.battle.game.entries().len(), &|i, ship| {
            self.rows_for(i, ship)
        });
        self.log = log;
    }

    /// Build older rows until there are at least `wanted` (or the whole log is built).
    fn ensure_rows(&mut self, wanted: usize) {
        let mut log = std::mem::take(&mut self.log);
        log.ensure(wanted, &|i, ship| self.rows_for(i, ship));
        self.log = log;
    }

    /// Add the newest entry's rows and follow it; after undo/redo an earlier entry changed, so
    /// rebuild.
    fn log_appended(&mut self) {
        let n = self.battle.game.entries().len();
        let last = self.battle.game.entries().last().map(|e| e.cmd.clone());
        if matches!(last.as_deref(), Some("undo") | Some("redo")) {
            self.rebuild_log();
            return;
        }
        self.log.scroll = 0;
        self.entries_added(n.saturating_sub(1));
    }

    /// Entries `from..` were taken into the game from outside (`umpire watch`): add their
    /// rows; a log scrolled up keeps showing the rows it showed.
    pub fn entries_added(&mut self, from: usize) {
        let entries = self.battle.game.entries();
        let n = entries.len();
        if entries[from.min(n)..]
            .iter()
            .any(|e| e.cmd == "undo" || e.cmd == "redo")
        {
            self.rebuild_log();
            return;
        }
        let mut log = std::mem::take(&mut self.log);
        log.push(from.min(n)..n, &|i, ship| self.rows_for(i, ship));
        self.log = log;
    }

    // ---- running commands ----------------------------------------------------------------

    /// Run a command typed (or built by a form or a key). Returns the error to show in place,
    /// if any; on success the message line tells what happened.
    pub fn submit(&mut self, text: &str) -> Result<(), String> {
        if self.review.is_some() {
            return crate::tui::fgdn::review::submit(self, text);
        }
        let ships: Vec<(&str, &str)> = self
            .battle
            .game
            .state
            .ships
            .iter()
            .map(|s| (s.id(), s.spec.name.as_str()))
            .collect();
        let command: Command = crate::rulesets::fgdn::command::parse_naming(text.trim(), &ships)
            .map_err(|e| format!("{e}"))?;
        if self.read_only().is_none() && crate::tui::fgdn::confirm::ask(self, &command, text) {
            return Ok(());
        }
        self.run(command, text.trim().to_string(), Vec::new())
    }

    pub(crate) fn run(
        &mut self,
        command: Command,
        text: String,
        answers: Vec<Answer>,
    ) -> Result<(), String> {
        let given = Answers {
            ask_dice: self.dice_mode == DiceMode::Ask,
            dice: &answers,
            charts: &[],
        };
        let ran = crate::tui::command::run(
            &mut self.battle,
            &mut self.save,
            &mut self.unsaved,
            (self.wall)(),
            &command,
            &text,
            given,
        )?;
        match ran {
            Ran::Asks(q @ Question::Die { .. }) => {
                self.mode = Mode::Ask(Asking::new(q, text, answers, Vec::new()));
            }
            // No FG&DN rule reads a printed chart (its tables are all in `tables/fgdn-1.1/`).
            Ran::Asks(q @ Question::Chart { .. }) => {
                return Err(format!("{}: FG&DN asks no chart values", q.text()))
            }
            Ran::Checked => {
                self.info(format!("ok: {text}"));
                self.mode = Mode::Normal;
            }
            Ran::Recorded { lines, .. } => {
                self.mode = Mode::Normal;
                self.log_appended();
                // Undo and redo name the command they stepped over (SPEC 10), and the dice
                // mode follows the log they leave.
                let history = matches!(command, Command::Undo | Command::Redo);
                if history || matches!(command, Command::DiceMode { .. }) {
                    self.dice_mode =
                        DiceMode::from_log(&self.battle.game).unwrap_or(DiceMode::Roll);
                }
                let named = history
                    .then(|| {
                        let game = &self.battle.game;
                        let last = game.entries().len().checked_sub(1)?;
                        let e = log_entry(game, last, None)?;
                        e.lines.last().map(|l| l.text.clone())
                    })
                    .flatten();
                let summary = named.unwrap_or_else(|| crate::tui::command::summary(&lines, &text));
                self.info(summary);
            }
        }
        Ok(())
    }

    /// A command from a key: errors go to the message line.
    fn run_key_command(&mut self, text: &str) {
        self.mode = Mode::Normal;
        if let Err(e) = self.submit(text) {
            self.error(format!("{text}: {e}"));
        }
    }

    // ---- keys ----------------------------------------------------------------------------

    pub fn on_key(&mut self, key: KeyEvent) {
        let normal = matches!(self.mode, Mode::Normal);
        let quitting = matches!(self.mode, Mode::ConfirmQuit);
        if let Some(keys) = crate::tui::keymap::rewrite(&key, normal, quitting) {
            for key in keys {
                self.on_key(key);
            }
            return;
        }
        match std::mem::replace(&mut self.mode, Mode::Normal) {
            Mode::Normal => self.normal_key(key),
            Mode::Prompt {
                edit,
                error,
                hint,
                history,
            } => self.prompt_key(key, edit, error, hint, history),
            Mode::Form(form) => self.form_key(key, form),
            Mode::Ask(mut ask) => match ask.key(key) {
                Asked::Waiting => self.mode = Mode::Ask(ask),
                Asked::Abandoned => self.info(ask.abandoned()),
                Asked::Answered { answers, .. } => {
                    let ran = ask
                        .text
                        .parse::<Command>()
                        .map_err(|e| e.to_string())
                        .and_then(|command| self.run(command, ask.text.clone(), answers));
                    if let Err(e) = ran {
                        self.error(format!("{}: {e}", ask.text));
                    }
                }
            },
            Mode::Search(edit) => self.search_key(key, edit),
            Mode::Help { scroll } => self.help_key(key, scroll),
            Mode::LogView { scroll } => self.log_view_key(key, scroll),
            Mode::DetailView { scroll } => self.detail_view_key(key, scroll),
            Mode::Confirm(c) => crate::tui::fgdn::confirm::key(self, key, *c),
            Mode::ConfirmQuit if crate::tui::keymap::quits(&key) => self.quit = true,
            Mode::ConfirmQuit => self.info("still here"),
        }
    }

    fn open_form(&mut self, kind: FormKind) {
        let Some(ship) = self.battle.game.state.ships.get(self.selected) else {
            return;
        };
        let mut form = match self.left_form.take() {
            Some(f) if f.kind == kind && f.ship == ship.id() => f,
            other => {
                self.left_form = other;
                let game = &self.battle.game;
                let forms = Fgdn::forms_for(&game.state, &game.tables, self.selected);
                let ships: Vec<String> = game.state.ships.iter().map(|s| s.id().into()).collect();
                Form::of(kind, &forms, ship.id(), &ship.spec.name, &ships)
            }
        };
        self.check_form(&mut form);
        self.mode = Mode::Form(form);
    }

    /// Check a form as it is typed (SPEC 10): the command it stands for so far (an empty
    /// required number read as 1) is parsed and decided on a copy of the battle, with no dice
    /// rolled, so a hit in the plotting phase or a figure out of range is said at once, not at
    /// Enter. An incomplete form is not an error.
    pub(crate) fn check_form(&self, form: &mut Form) {
        form.error = None;
        let text = form.probe();
        let command: Command = match text.parse() {
            Ok(c) => c,
            Err(e) => {
                form.error = Some(e.to_string());
                return;
            }
        };
        let mut no_dice = AskDice::new(Vec::new());
        match self.battle.game.prepare(&command, &mut no_dice) {
            Ok(_) | Err(GameError::Rule(RuleError::Dice(DiceError::Needed { .. }))) => {}
            Err(e) => form.error = Some(e.to_string()),
        }
    }

    pub fn do_action(&mut self, action: Action) {
        if self.watch.is_some() && crate::tui::fgdn::watch::intercept(self, action) {
            return;
        }
        let ships = self.battle.game.state.ships.len();
        match action {
            Action::EndPhase => self.run_key_command("next"),
            Action::NextTurn => self.run_key_command("turn"),
            Action::Undo => self.run_key_command("undo"),
            Action::Redo => self.run_key_command("redo"),
            Action::Hit => self.open_form(FormKind::Hit),
            Action::Fire => self.open_form(FormKind::Fire),
            Action::Flood => self.open_form(FormKind::Flood),
            Action::Critical => self.open_form(FormKind::Critical),
            Action::HitChance => crate::tui::fgdn::chance_form::open(self),
            Action::DiceMode => {
                let ask = self.dice_mode == DiceMode::Roll;
                // Kept in the save's log (`dice ask` / `dice roll`) so a reopened battle keeps
                // it; a read-only view only switches its own screen.
                if self.read_only().is_none() && self.review.is_none() {
                    self.run_key_command(if ask { "dice ask" } else { "dice roll" });
                    if matches!(
                        self.message,
                        Some(Message {
                            tone: Tone::Error,
                            ..
                        })
                    ) {
                        return;
                    }
                }
                self.dice_mode = if ask { DiceMode::Ask } else { DiceMode::Roll };
                self.info(match self.dice_mode {
                    DiceMode::Ask => "dice: ask — the console stops at every die (Enter rolls it)",
                    DiceMode::Roll => "dice: roll — the console rolls every die",
                });
            }
            Action::Command => {
                self.mode = Mode::Prompt {
                    edit: LineEdit::default(),
                    error: None,
                    hint: None,
                    history: None,
                }
            }
            Action::Search => self.mode = Mode::Search(LineEdit::default()),
            Action::SearchNext => self.find(true, false),
            Action::SearchPrev => self.find(false, false),
            Action::FilterLog => {
                self.log.ship = match self.log.ship {
                    Some(_) => None,
                    None => self.selected_id(),
                };
                self.rebuild_log();
                match &self.log.ship {
                    Some(id) => {
                        let id = id.clone();
                        self.info(format!("log: only {id} (s again for everything)"))
                    }
                    None => self.info("log: everything"),
                }
            }
            Action::Help => self.mode = Mode::Help { scroll: 0 },
            Action::LogView => {
                // Every entry's rows, so the view scrolls to the first.
                self.ensure_rows(usize::MAX);
                self.mode = Mode::LogView { scroll: 0 }
            }
            Action::DetailView => self.mode = Mode::DetailView { scroll: 0 },
            Action::Quit => {
                self.mode = Mode::ConfirmQuit;
            }
            Action::Up => match self.focus {
                Focus::Fleet => self.selected = self.selected.saturating_sub(1),
                Focus::Log => self.scroll_log(1),
            },
            Action::Down => match self.focus {
                Focus::Fleet => self.selected = (self.selected + 1).min(ships.saturating_sub(1)),
                Focus::Log => self.scroll_log(-1),
            },
            Action::FocusFleet => self.focus = Focus::Fleet,
            Action::FocusLog => self.focus = Focus::Log,
            Action::FocusNext => {
                self.focus = match self.focus {
                    Focus::Fleet => Focus::Log,
                    Focus::Log => Focus::Fleet,
                }
            }
            Action::PageUp => self.scroll_log(self.log_height.max(1) as isize - 1),
            Action::PageDown => self.scroll_log(-(self.log_height.max(1) as isize - 1)),
            Action::Top => match self.focus {
                Focus::Fleet => self.selected = 0,
                Focus::Log => {
                    self.ensure_rows(usize::MAX);
                    self.log.scroll = self.max_scroll()
                }
            },
            Action::Bottom => match self.focus {
                Focus::Fleet => self.selected = ships.saturating_sub(1),
                Focus::Log => self.log.scroll = 0,
            },
            Action::Cancel => {
                self.message = None;
                self.log.search = None;
                self.log.found = None;
            }
            // The review's own keys (`Action::is_review`): every other action is matched above.
            review => crate::tui::fgdn::review::act(self, review),
        }
    }

    /// Which dashboard this is: its keys and help follow (`Action::works_in`).
    pub fn face(&self) -> Face {
        match (&self.review, &self.watch) {
            (Some(_), _) => Face::Review,
            (None, Some(_)) => Face::Watch,
            (None, None) => Face::Play,
        }
    }

    fn normal_key(&mut self, key: KeyEvent) {
        let action = match self.review {
            Some(_) => self.keymap.review_action(&key),
            None => self.keymap.action(&key),
        };
        match action {
            Some(a) if self.review.is_some() && !a.works_in(Face::Review) => {
                crate::tui::fgdn::review::refuse(self, a)
            }
            Some(action) => self.do_action(action),
            None => {
                if let Some(name) = crate::tui::keymap::key_name(&key) {
                    self.info(format!("{name}: not bound (? shows the keys)"));
                }
            }
        }
    }

    fn max_scroll(&self) -> usize {
        self.log.max_scroll(self.log_height)
    }

    fn scroll_log(&mut self, by: isize) {
        let mut log = std::mem::take(&mut self.log);
        log.scroll_by(by, self.log_height, &|i, ship| self.rows_for(i, ship));
        self.log = log;
    }

    /// Move to the next match of the search, older (`older`) or newer, starting from the
    /// current match (or the bottom of the panel when `fresh`).
    fn find(&mut self, older: bool, fresh: bool) {
        let mut log = std::mem::take(&mut self.log);
        let found = log.find(older, fresh, self.log_height, &|i, ship| {
            self.rows_for(i, ship)
        });
        self.log = log;
        match found {
            Ok(text) => self.info(text),
            Err(text) => self.error(text),
        }
    }

    fn search_key(&mut self, key: KeyEvent, mut edit: LineEdit) {
        match key.code {
            KeyCode::Esc => {}
            KeyCode::Enter => {
                if edit.text.is_empty() {
                    self.log.search = None;
                    self.log.found = None;
                } else {
                    self.log.search = Some(edit.text.clone());
                    self.find(true, true);
                }
            }
            _ => {
                edit.on_key(key);
                self.mode = Mode::Search(edit);
            }
        }
    }

    /// Keys of the full-screen log (`view::log_view_key`).
    fn log_view_key(&mut self, key: KeyEvent, scroll: usize) {
        if let Some(scroll) = crate::tui::view::log_view_key(key.code, scroll, self.log_height) {
            self.mode = Mode::LogView { scroll };
        }
    }

    /// Keys of the full-screen detail (`view::detail_view_key`).
    fn detail_view_key(&mut self, key: KeyEvent, scroll: u16) {
        if let Some(scroll) = crate::tui::view::detail_view_key(key.code, scroll) {
            self.mode = Mode::DetailView { scroll };
        }
    }

    fn help_key(&mut self, key: KeyEvent, scroll: u16) {
        if let Some(scroll) = crate::tui::help::key(key, scroll) {
            self.mode = Mode::Help { scroll };
        }
    }

    /// What the help lists here: every key of the face (FG&DN's forms are keymap actions),
    /// every command of the language (docs/commands.md explains each), and the keys of a
    /// form, a die asked and a command that asks first.
    pub fn help_page(&self) -> crate::tui::help::Page<'_> {
        crate::tui::help::Page {
            face: self.face(),
            keymap: &self.keymap,
            has: |_| true,
            says: |_, _| None,
            forms: Vec::new(),
            prompt_keys: "Enter run   Tab complete   ↑↓ history   Esc close",
            commands: crate::rulesets::fgdn::command::COMMANDS
                .iter()
                .map(|(_, usage)| *usage)
                .collect(),
            more: vec![
                (
                    "In a form",
                    "Tab/↑↓ field  ←→ or a letter: choose  Enter record  Esc cancel",
                ),
                (
                    "When asked for a die",
                    "digits: the face  Enter: roll it  Esc: abandon the command",
                ),
                ("When a command asks first", Fgdn::ASKS_FIRST),
            ],
        }
    }

    fn prompt_key(
        &mut self,
        key: KeyEvent,
        mut edit: LineEdit,
        mut error: Option<String>,
        mut hint: Option<String>,
        mut history: Option<usize>,
    ) {
        match key.code {
            KeyCode::Esc => return,
            KeyCode::Enter => {
                let text = edit.text.trim().to_string();
                if text.is_empty() {
                    return;
                }
                crate::tui::edit::remember(&mut self.history, &text);
                match self.submit(&text) {
                    Ok(()) => return,
                    Err(e) => {
                        error = Some(e);
                        hint = None;
                    }
                }
            }
            KeyCode::Tab => {
                let (h, e) = self.complete(&mut edit);
                hint = h;
                error = e;
            }
            KeyCode::Up | KeyCode::Down if !self.history.is_empty() => {
                (history, edit) =
                    crate::tui::edit::browse(&self.history, history, key.code == KeyCode::Up);
            }
            _ => {
                edit.on_key(key);
                error = None;
                hint = None;
            }
        }
        // Enter may have opened an Ask (a die is needed): leave that in place.
        if matches!(self.mode, Mode::Normal) {
            self.mode = Mode::Prompt {
                edit,
                error,
                hint,
                history,
            };
        }
    }

    /// Words that can follow `words` at the cursor: command names first, then ship ids,
    /// critical kinds and option words.
    pub fn candidates(&self, words: &[String]) -> Vec<String> {
        if words.is_empty() {
            COMMANDS.iter().map(|(c, _)| c.to_string()).collect()
        } else {
            let mut v: Vec<String> = self
                .battle
                .game
                .state
                .ships
                .iter()
                .map(|s| s.id().to_string())
                .collect();
            if words[0] == "crit" {
                v.extend(CriticalKind::ALL.iter().map(|k| k.name().to_string()));
            }
            v.extend(
                OPTION_WORDS
                    .iter()
                    .filter(|w| !v.contains(&w.to_string()))
                    .map(|w| w.to_string())
                    .collect::<Vec<_>>(),
            );
            v
        }
    }

    /// Tab at the prompt: complete the word at the cursor (`edit::complete`). Returns (hint,
    /// error).
    fn complete(&self, edit: &mut LineEdit) -> (Option<String>, Option<String>) {
        crate::tui::edit::complete(edit, COMMANDS, |words| self.candidates(words))
    }

    fn form_key(&mut self, key: KeyEvent, mut form: Form) {
        match key.code {
            KeyCode::Esc => {
                // Kept until submitted: the same key on the same ship opens it again.
                self.left_form = Some(form);
                return;
            }
            KeyCode::Enter => match form.command() {
                Ok(text) => match self.submit(&text) {
                    Ok(()) => {
                        crate::tui::fgdn::confirm::came_from_form(self, &form);
                        self.left_form = None;
                        return;
                    }
                    Err(e) => {
                        form.error = Some(format!("{text}: {e}"));
                        self.mode = Mode::Form(form);
                        return;
                    }
                },
                Err(e) => {
                    form.error = Some(e);
                    self.mode = Mode::Form(form);
                    return;
                }
            },
            code => form.edit_key(code),
        }
        self.check_form(&mut form);
        if matches!(self.mode, Mode::Normal) {
            self.mode = Mode::Form(form);
        }
    }
}

/// Words offered after the command name at the prompt.
const OPTION_WORDS: &[&str] = &[
    "nopen",
    "pen",
    "range",
    "short",
    "medium",
    "long",
    "extreme",
    "weapon",
    "shell",
    "torpedo",
    "mine",
    "bomb",
    "skip_bomb",
    "rocket",
    "strafing",
    "lb",
    "kg",
    "caliber",
    "side",
    "port",
    "starboard",
    "depth",
    "shallow",
    "deep",
    "aspect",
    "broad",
    "bow",
    "stern",
    "tactical",
    "intermediate",
    "clock",
    "damage",
    "plotting",
    "movement",
    "resolution",
];
