//! The dashboard, written once for every ruleset that gives a screen model ([`core::board`]):
//! one [`BoardApp`], keys in, commands out. Everything the umpire does becomes a command of the
//! ruleset's script language, prepared (nothing changes), made durable in the save, and only
//! then shown. The header with the clock, the ruleset's fleet table, the selected ship's
//! detail, the due list, the log, the command prompt with completion, forms behind keys, dice
//! and chart values asked of the umpire, undo and redo, and the questions that catch slips are
//! here; `umpire review` (`review`) and `umpire watch` (`watch`) are the same dashboard over a
//! read-only save. Drawing is `draw` (through [`crate::tui::view`]); this file never draws.
//!
//! What a ruleset adds beyond its screen model is a hook of [`Board`] with a default (its log's
//! wording, kinds and fog of war, its completion words) or a form it draws itself
//! ([`OwnForm`], registered in `tui::dashboard::own_forms`).
//!
//! [`core::board`]: crate::core::board
mod confirm;
mod draw;
pub mod review;
pub mod watch;

pub use confirm::{Confirm, Origin};
pub use review::{open_review, ReviewState};
pub use watch::{open_watch, Watching};

use crate::core::board::{Board, EntryLog, FormSpec, Head};
use crate::core::dice::{Answer, AskDice, DiceError};
use crate::core::game::{history_line, GameError, Journal};
use crate::core::ruleset::{RuleError, Verb};
use crate::session::{names_ship, Session};
use crate::tui::ask::{Asked, Asking};
use crate::tui::command::{self, Answers, Ran};
use crate::tui::edit::LineEdit;
use crate::tui::form::{Form, FormKind};
use crate::tui::keymap::{Action, Face, Keymap};
use crate::tui::theme::Theme;
use crate::tui::Save;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::Frame;
use std::cell::RefCell;
use std::path::PathBuf;

pub use crate::tui::log_panel::{LogPanel, LogRow};

/// The newest entries worded at a time: more than the log panel builds at first
/// (`log_panel::ROWS_AHEAD` rows, an entry giving one or more).
const WORDED_AT_ONCE: usize = 2 * crate::tui::log_panel::ROWS_AHEAD;

/// The log's lines as the journal words them ([`Journal::words`], each entry on the state it
/// was decided on), for a ruleset whose log is worded so ([`EntryLog::Journal`]): entries
/// `from..`, worded the first time the panel reaches them, so a long log opens without wording
/// it all.
#[derive(Debug, Default)]
struct Words {
    /// Entries before this one are not worded yet.
    from: usize,
    /// The lines of entries `from..`.
    lines: Vec<Vec<String>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiceMode {
    /// The console rolls every die (from the save's seed); the log shows each.
    Roll,
    /// The console stops at every die and asks for the table's face (Enter rolls it).
    Ask,
}

impl DiceMode {
    /// The mode the save's log last recorded (`dice ask` / `dice roll` in effect), if any.
    pub fn from_log<R: Board>(game: &Journal<R>) -> Option<DiceMode> {
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
    /// A command that asks first (SPEC 10, slips are caught): see `confirm`.
    Confirm(Box<Confirm>),
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

/// The keymap's actions that open a ruleset's form of their verb ([`FormKind::verb`]), for a
/// ruleset whose forms are on the keymap ([`Board::FORMS_ON_KEYMAP`]); any other form is
/// behind its own key ([`FormSpec::key`]).
const FORM_ACTIONS: [Action; 4] = [Action::Hit, Action::Fire, Action::Flood, Action::Critical];

/// The kind of form a keymap form action opens.
fn action_kind(action: Action) -> Option<FormKind> {
    match action {
        Action::Hit => Some(FormKind::Hit),
        Action::Fire => Some(FormKind::Fire),
        Action::Flood => Some(FormKind::Flood),
        Action::Critical => Some(FormKind::Critical),
        _ => None,
    }
}

/// The keymap's action that opens ruleset `R`'s form of `verb`, if its forms are on the
/// keymap; None: the form is behind its own key.
fn keymap_action<R: Board>(verb: &str) -> Option<Action> {
    if !R::FORMS_ON_KEYMAP {
        return None;
    }
    FORM_ACTIONS
        .into_iter()
        .find(|a| action_kind(*a).and_then(FormKind::verb) == Some(verb))
}

/// A form a ruleset draws itself, behind a keymap action (FG&DN's hit-chance calculator): it
/// is an ordinary [`Form`] that builds its own command (`Form::own`), run as if typed.
pub struct OwnForm<R: Board> {
    pub action: Action,
    /// The kind of its forms (`Form::kind`).
    pub kind: FormKind,
    /// The form for ship `i` firing, acting..., or None.
    pub open: fn(&Journal<R>, usize) -> Option<Form>,
    /// Draw the form over the body.
    pub draw: fn(&mut Frame, Rect, Theme, &Journal<R>, &Form),
}

/// The dashboard of one battle.
pub struct BoardApp<R: Board> {
    pub battle: Session<R>,
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
    pub watch: Option<Watching>,
    /// `umpire review`: the log being stepped through (read-only; see `review`).
    pub review: Option<ReviewState<R>>,
    /// Forms closed with Esc before they were submitted: the same key on the same ship opens
    /// one as it was left (SPEC 10, forms keep what was typed).
    pub left_forms: Vec<Form>,
    /// The forms the ruleset draws itself (`tui::dashboard::own_forms`).
    pub own_forms: Vec<OwnForm<R>>,
    /// The journal's wording of the log, as far as the panel has needed it.
    words: RefCell<Option<Words>>,
}

fn no_wall() -> Option<String> {
    None
}

impl<R: Board> BoardApp<R> {
    pub fn new(
        battle: Session<R>,
        save: Save,
        save_path: Option<PathBuf>,
        keymap: Keymap,
    ) -> BoardApp<R> {
        let mut app = BoardApp {
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
            left_forms: Vec::new(),
            own_forms: crate::tui::dashboard::own_forms::<R>(),
            words: RefCell::new(None),
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

    /// The side watching (None: the umpire).
    pub fn side(&self) -> Option<&str> {
        self.watch.as_ref().and_then(|w| w.side.as_deref())
    }

    /// Each ship's id, name and side as this face sees the fleet.
    pub fn heads(&self) -> Vec<Head> {
        let g = &self.battle.game;
        R::fleet_heads(&g.state, &g.tables, self.side())
    }

    pub fn selected_id(&self) -> Option<String> {
        self.heads().into_iter().nth(self.selected).map(|h| h.id)
    }

    fn ship_ids(&self) -> Vec<String> {
        self.heads().into_iter().map(|h| h.id).collect()
    }

    /// The row of the log panel's lines that the search marks, if any.
    pub fn found_row(&self) -> Option<usize> {
        self.log.found
    }

    // ---- the log panel -------------------------------------------------------------------

    /// Entry `i`'s lines as the journal words them ([`Words`]), worded now if the panel had
    /// not reached it.
    fn journal_words(&self, i: usize) -> Vec<String> {
        let game = &self.battle.game;
        let mut words = self.words.borrow_mut();
        let reach = |w: &Words| i >= w.from && i < w.from + w.lines.len();
        if !words.as_ref().is_some_and(reach) {
            let newest = game.entries().len().saturating_sub(WORDED_AT_ONCE);
            let from = words.as_ref().map_or(newest, |w| w.from.min(newest)).min(i);
            *words = Some(Words {
                from,
                lines: game.words(from),
            });
        }
        let w = words.as_ref().expect("worded above");
        w.lines.get(i - w.from).cloned().unwrap_or_default()
    }

    /// Entry `i`'s rows in the log panel (`ship`: the panel's filter): its heading, then its
    /// lines as the ruleset words them, as the watching side saw it, and in review only those
    /// of the kind picked.
    fn rows_for(&self, i: usize, ship: Option<&str>) -> Vec<LogRow> {
        let game = &self.battle.game;
        let Some(e) = game.entries().get(i) else {
            return Vec::new();
        };
        let in_effect = game.stands(i);
        let row = |heading, text| LogRow {
            entry: i,
            heading,
            text,
            in_effect,
        };
        let heading = |command: &str| {
            let undone = if in_effect { "" } else { "  (undone)" };
            row(true, format!("{}{undone}", R::log_heading(e, command)))
        };
        if let Some(fog) = self.watch.as_ref().and_then(|w| w.fog.as_ref()) {
            return watch::side_rows(fog, i, ship, heading, |text| {
                row(false, format!("  {text}"))
            });
        }
        let kind = self.review.as_ref().and_then(|r| r.kind);
        let lines = match R::log_lines(game, i, ship, kind) {
            EntryLog::Hidden => return Vec::new(),
            EntryLog::Lines(lines) => lines,
            EntryLog::Journal if ship.is_some_and(|id| !names_ship(e, id)) => return Vec::new(),
            EntryLog::Journal => self
                .journal_words(i)
                .iter()
                .map(|t| t.trim().to_string())
                .collect(),
        };
        let mut rows = vec![heading(&e.cmd)];
        rows.extend(lines.into_iter().map(|l| row(false, format!("  {l}"))));
        rows
    }

    /// Rebuild the log rows (opening, filter changes, undo and redo, a review position): the
    /// newest screenfuls now, older ones when scrolled to.
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

    /// Entries `from..` joined the game (a command, or `umpire watch` taking what the umpire
    /// appended): add their rows; a log scrolled up keeps showing the rows it showed. Undo and
    /// redo change which earlier entries are in effect: the rows are built again.
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

    /// Entry `i` joined the journal worded as `lines` (on the state it was decided on): kept
    /// if the journal's wording reaches it.
    fn worded(&mut self, i: usize, lines: Vec<String>) {
        if let Some(w) = self.words.get_mut() {
            if i == w.from + w.lines.len() {
                w.lines.push(lines);
            }
        }
    }

    /// The journal was read again (a watcher's reload): its wording is worked out again when
    /// needed.
    fn forget_words(&mut self) {
        *self.words.get_mut() = None;
    }

    // ---- running commands ----------------------------------------------------------------

    /// Run a command typed (or built by a form or a key). Returns the error to show in place,
    /// if any; on success the message line tells what happened.
    pub fn submit(&mut self, text: &str) -> Result<(), String> {
        if self.review.is_some() {
            return review::submit(self, text);
        }
        let command = R::parse_in(&self.battle.game.state, text.trim())?;
        if self.read_only().is_none() && confirm::ask(self, &command, text) {
            return Ok(());
        }
        self.run(text.trim().to_string(), Vec::new(), Vec::new())
    }

    pub(crate) fn run(
        &mut self,
        text: String,
        answers: Vec<Answer>,
        charts: Vec<String>,
    ) -> Result<(), String> {
        let command = R::parse_in(&self.battle.game.state, &text)?;
        let given = Answers {
            ask_dice: self.dice_mode == DiceMode::Ask,
            dice: &answers,
            charts: &charts,
        };
        let ran = command::run(
            &mut self.battle,
            &mut self.save,
            &mut self.unsaved,
            (self.wall)(),
            &command,
            &text,
            given,
        )?;
        match ran {
            Ran::Asks(q) => {
                self.mode = Mode::Ask(Asking::new(q, text, answers, charts));
            }
            Ran::Checked => {
                self.info(format!("ok: {text}"));
                self.mode = Mode::Normal;
            }
            Ran::Recorded { lines, mut worded } => {
                self.mode = Mode::Normal;
                // Undo and redo name the command they stepped over (SPEC 10), and the dice
                // mode follows the log they leave.
                let history = matches!(R::verb(&command), Verb::Undo | Verb::Redo);
                let last = self.battle.game.entries().len() - 1;
                let named = history.then(|| self.stepped_over(last)).flatten();
                worded.extend(named.clone());
                self.worded(last, worded);
                self.entries_added(last);
                self.log.scroll = 0;
                if history || text.split_whitespace().next() == Some("dice") {
                    self.dice_mode =
                        DiceMode::from_log(&self.battle.game).unwrap_or(DiceMode::Roll);
                }
                let summary = named.unwrap_or_else(|| command::summary(&lines, &text));
                self.info(summary);
            }
        }
        Ok(())
    }

    /// What entry `i`, an undo or a redo, stepped over, as the log says it.
    fn stepped_over(&self, i: usize) -> Option<String> {
        let game = &self.battle.game;
        match R::log_lines(game, i, None, None) {
            EntryLog::Lines(lines) => lines.last().cloned(),
            _ => {
                let entries = game.entries();
                let over = game.stepped_over(i)?;
                Some(history_line(&entries[i], &entries[over]))
            }
        }
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
                Asked::Answered { answers, charts } => {
                    if let Err(e) = self.run(ask.text.clone(), answers, charts) {
                        self.error(format!("{}: {e}", ask.text));
                    }
                }
            },
            Mode::Search(edit) => self.search_key(key, edit),
            Mode::Help { scroll } => {
                if let Some(scroll) = crate::tui::help::key(key, scroll) {
                    self.mode = Mode::Help { scroll };
                }
            }
            Mode::LogView { scroll } => {
                if let Some(scroll) =
                    crate::tui::view::log_view_key(key.code, scroll, self.log_height)
                {
                    self.mode = Mode::LogView { scroll };
                }
            }
            Mode::DetailView { scroll } => {
                if let Some(scroll) = crate::tui::view::detail_view_key(key.code, scroll) {
                    self.mode = Mode::DetailView { scroll };
                }
            }
            Mode::Confirm(c) => confirm::key(self, key, *c),
            Mode::ConfirmQuit if crate::tui::keymap::quits(&key) => self.quit = true,
            Mode::ConfirmQuit => self.info("still here"),
        }
    }

    /// The forms behind keys for the selected ship (`Board::forms_for`).
    fn forms(&self) -> Vec<FormSpec> {
        let g = &self.battle.game;
        R::forms_for(&g.state, &g.tables, self.selected)
    }

    /// Open a form for the selected ship: as it was left after Esc, if it was, else new (a
    /// ruleset's form of `kind`, of `spec`, or the ruleset's own form `own`).
    fn open_form(&mut self, kind: FormKind, spec: Option<FormSpec>, own: Option<usize>) {
        let heads = self.heads();
        let Some(ship) = heads.get(self.selected) else {
            return;
        };
        // A ruleset's form behind its own key is told by the key; the others by their kind.
        let key = spec
            .as_ref()
            .map(|s| s.key)
            .filter(|_| kind == FormKind::Spec);
        let left = self
            .left_forms
            .iter()
            .position(|f| f.kind == kind && (key.is_none() || f.key() == key) && f.ship == ship.id);
        let mut form = match (left, own) {
            (Some(k), _) => self.left_forms.remove(k),
            (None, Some(k)) => match (self.own_forms[k].open)(&self.battle.game, self.selected) {
                Some(form) => form,
                None => return,
            },
            (None, None) => match spec {
                Some(spec) if kind == FormKind::Spec => {
                    Form::of_spec(spec, &ship.id, &ship.name, &self.ship_ids())
                }
                _ => Form::of(kind, &self.forms(), &ship.id, &ship.name, &self.ship_ids()),
            },
        };
        self.check_form(&mut form);
        self.mode = Mode::Form(form);
    }

    /// SPEC 10, forms check each field as it is typed: the command the form stands for so far
    /// (an empty required number read as 1, [`Form::probe`]) is decided on the battle as it is
    /// with no dice (nothing changes), so a wrong phase or a figure out of range is said at
    /// once, not at Enter. A form not yet whole is not an error, nor is a die or a chart value
    /// the command will ask for.
    pub(crate) fn check_form(&self, form: &mut Form) {
        form.error = None;
        let text = form.probe();
        if text.is_empty() {
            return;
        }
        let game = &self.battle.game;
        let checked = R::parse_in(&game.state, &text).and_then(|command| {
            match game.prepare(&command, &mut AskDice::new(Vec::new())) {
                Ok(_)
                | Err(GameError::Rule(RuleError::Dice(
                    DiceError::Needed { .. } | DiceError::ChartNeeded { .. },
                ))) => Ok(()),
                Err(e) => Err(e.to_string()),
            }
        });
        form.error = checked.err();
    }

    /// The form a keymap action opens for the selected ship, if the ruleset has one there.
    fn action_form(&self, action: Action) -> Option<FormKind> {
        let mut forms = self.forms().into_iter();
        forms
            .any(|f| keymap_action::<R>(f.verb) == Some(action))
            .then(|| action_kind(action))
            .flatten()
    }

    pub fn do_action(&mut self, action: Action) {
        if self.watch.is_some() && watch::intercept(self, action) {
            return;
        }
        if let Some(kind) = self.action_form(action) {
            self.open_form(kind, None, None);
            return;
        }
        if let Some(k) = self.own_forms.iter().position(|f| f.action == action) {
            self.open_form(self.own_forms[k].kind, None, Some(k));
            return;
        }
        let ships = self.heads().len();
        match action {
            Action::EndPhase => self.run_key_command("next"),
            Action::NextTurn => self.run_key_command("turn"),
            Action::Undo => self.run_key_command("undo"),
            Action::Redo => self.run_key_command("redo"),
            Action::Hit | Action::Fire | Action::Flood | Action::Critical | Action::HitChance => {
                let key = self.first_key(action);
                self.error(format!("{key}: this rule system has no such form"));
            }
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
                    self.log.scroll = self.log.max_scroll(self.log_height)
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
            review => review::act(self, review),
        }
    }

    /// The first key bound to `action`, as the help writes it.
    pub(crate) fn first_key(&self, action: Action) -> String {
        self.keymap
            .keys(action)
            .first()
            .cloned()
            .unwrap_or_else(|| action.name())
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
        // A ruleset's form behind its own key (not one of the keymap's form actions).
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        if let (KeyCode::Char(c), true, None) = (key.code, plain, &self.review) {
            let spec = self
                .forms()
                .into_iter()
                .find(|f| f.key == c && keymap_action::<R>(f.verb).is_none());
            if let Some(spec) = spec {
                if self.watch.is_some() {
                    self.error(format!("{c}: read-only: {}", watch::READ_ONLY));
                } else {
                    self.open_form(FormKind::Spec, Some(spec), None);
                }
                return;
            }
        }
        let action = match self.review {
            Some(_) => self.keymap.review_action(&key),
            None => self.keymap.action(&key),
        };
        match action {
            Some(a) if self.review.is_some() && !a.works_in(Face::Review) => {
                review::refuse(self, a)
            }
            Some(action) => self.do_action(action),
            None => {
                if let Some(name) = crate::tui::keymap::key_name(&key) {
                    self.info(format!("{name}: not bound (? shows the keys)"));
                }
            }
        }
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

    /// Words that can follow `words` at the cursor: command names first, then the ships' ids
    /// and the ruleset's words after that command ([`Board::option_words`]).
    pub fn candidates(&self, words: &[String]) -> Vec<String> {
        let Some(first) = words.first() else {
            return R::commands().iter().map(|(c, _)| c.to_string()).collect();
        };
        let mut v = self.ship_ids();
        for w in R::option_words(first) {
            if !v.contains(&w) {
                v.push(w);
            }
        }
        v
    }

    /// Tab at the prompt: complete the word at the cursor (`edit::complete`). Returns (hint,
    /// error).
    fn complete(&self, edit: &mut LineEdit) -> (Option<String>, Option<String>) {
        crate::tui::edit::complete(edit, &R::commands(), |words| self.candidates(words))
    }

    fn form_key(&mut self, key: KeyEvent, mut form: Form) {
        match key.code {
            KeyCode::Esc => {
                // Kept until submitted: the same key on the same ship opens it again.
                self.left_forms.push(form);
                return;
            }
            KeyCode::Enter => match form.command() {
                Ok(text) => match self.submit(&text) {
                    Ok(()) => {
                        confirm::came_from_form(self, &form);
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

    /// What the help lists here: every key of the face (the keymap's form actions where the
    /// ruleset has such a form), the ruleset's forms behind their own keys, every command of
    /// its language, and the keys of a form, a die asked and a command that asks first.
    pub fn help_page(&self) -> crate::tui::help::Page<'_> {
        let forms = R::forms();
        let own: Vec<Action> = self.own_forms.iter().map(|f| f.action).collect();
        crate::tui::help::Page {
            face: self.face(),
            keymap: &self.keymap,
            has: Box::new(move |a| match a {
                Action::KindFilter => !R::log_kinds().is_empty(),
                a if own.contains(&a) => true,
                a if FORM_ACTIONS.contains(&a) => {
                    forms.iter().any(|f| keymap_action::<R>(f.verb) == Some(a))
                }
                a => a != Action::HitChance,
            }),
            places: R::PLACE_HELP,
            forms: R::forms()
                .iter()
                .filter(|f| keymap_action::<R>(f.verb).is_none())
                .map(|f| (f.key.to_string(), format!("{} form", f.title)))
                .collect(),
            prompt_keys: "Enter run   Tab complete   ↑↓ history   Esc close",
            commands: R::commands().into_iter().map(|(_, usage)| usage).collect(),
            more: vec![
                (
                    "In a form",
                    "Tab/↑↓ field  ←→ or a letter: choose  Enter record  Esc cancel",
                ),
                (
                    "When asked for a die or a chart value",
                    "type the face or the value  Enter: run (an empty die is rolled)  Esc: abandon the command",
                ),
                ("When a command asks first", R::ASKS_FIRST),
            ],
        }
    }
}

impl<R: Board> crate::tui::Screen for BoardApp<R> {
    fn draw(&mut self, frame: &mut Frame) {
        BoardApp::draw(self, frame);
    }
    fn on_key(&mut self, key: KeyEvent) {
        BoardApp::on_key(self, key);
    }
    fn done(&self) -> bool {
        self.quit
    }
}
