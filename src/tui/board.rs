//! The dashboard written once for any ruleset that gives a screen model ([`core::board`]):
//! the header with the clock, the ruleset's fleet table, the selected ship's detail, the due
//! list, the log, the command prompt with completion, forms behind the ruleset's keys, dice
//! asked of the umpire, undo and redo. Every command goes through [`Session::record`], so it is
//! durable in the save before the screen shows it, as on the FG&DN dashboard.
//!
//! [`core::board`]: crate::core::board
use crate::core::board::{Board, FormSpec, Head};
use crate::core::dice::{Answer, AskDice, DiceError};
use crate::core::game::{history_line, GameError, Journal, Record};
use crate::core::review::{Review, Target};
use crate::core::ruleset::{RuleError, Verb};
use crate::session::{names_ship, Session};
use crate::store::follow::Polled;
use crate::tui::ask::{Asked, Asking};
use crate::tui::command::{self, Answers, Ran};
use crate::tui::edit::LineEdit;
use crate::tui::form::Form;
use crate::tui::help;
use crate::tui::keymap::{Action, Face, Keymap};
use crate::tui::log_panel::{LogPanel, LogRow};
use crate::tui::panels;
use crate::tui::theme::Theme;
use crate::tui::view::{self, Footer, Header, LogView, Message, Overlay, Saved, View};
use crate::tui::Save;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::text::Line;
use ratatui::Frame;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;

/// The newest entries worded as the dashboard opens: more than the log panel builds at first
/// (`log_panel::ROWS_AHEAD` rows, an entry giving one or more).
const WORDED_AT_OPEN: usize = 2 * crate::tui::log_panel::ROWS_AHEAD;

/// The log's lines, entry by entry, each worded on the state it was decided on
/// ([`Journal::words`]): the newest as the dashboard opens, the rest the first time the panel
/// reaches back to them (a search, a scroll, the ship filter), so a long log opens without
/// wording it all.
#[derive(Debug, Default)]
struct Words {
    /// Entries before this one are not worded yet.
    from: usize,
    /// The lines of entries `from..`.
    lines: Vec<Vec<String>>,
}

impl Words {
    /// Entries `from..` of `game` worded.
    fn of<R: Board>(game: &Journal<R>, from: usize) -> Words {
        Words {
            from,
            lines: game.words(from),
        }
    }

    /// The newest entries of `game` worded (all of a short log).
    fn newest<R: Board>(game: &Journal<R>) -> Words {
        Words::of(game, game.entries().len().saturating_sub(WORDED_AT_OPEN))
    }
}

#[derive(Debug, Clone)]
enum Mode {
    Normal,
    /// The prompt, and where ↑↓ stand in the commands typed this session (None: a new line).
    Prompt(LineEdit, Option<usize>),
    /// Typing a search of the log (`/`).
    Search(LineEdit),
    Form(Form),
    Ask(Asking),
    /// The help, scrolled this many lines (`tui::help`).
    Help(u16),
    /// Quit? (everything is already saved; a watcher quits at once).
    ConfirmQuit,
    /// A command that asks first (SPEC 10, slips are caught): the command as typed, the
    /// question and what it would do.
    Confirm {
        text: String,
        title: String,
        lines: Vec<String>,
    },
    /// A full-screen view (the log, or the ship's detail with the due list), wrapped, scrolled
    /// from the end by this many lines: what 80x24 cuts is read here (SPEC 10).
    Full {
        log: bool,
        scroll: usize,
    },
}

/// A review position: the journal after `at` entries, and the review that steps it
/// ([`crate::core::review`]: marks, steps by phase, turn and note, places on the clock).
pub struct Reviewing<R: Board> {
    pub at: usize,
    review: Review<R>,
    shown: Journal<R>,
}

/// A watcher: the side whose view this is, and the follower's problem on the message line.
#[derive(Debug, Clone, Default)]
pub struct Watching {
    pub side: Option<String>,
    pub problem: Option<String>,
}

/// The generic dashboard of one battle.
pub struct BoardApp<R: Board> {
    pub battle: Session<R>,
    pub save: Save,
    pub save_path: Option<PathBuf>,
    pub keymap: Keymap,
    pub theme: Theme,
    pub selected: usize,
    /// Ask the umpire for every die (the table's dice) instead of rolling from the seed.
    pub ask_dice: bool,
    pub quit: bool,
    /// The last message: text and whether it is an error.
    pub message: Option<(String, bool)>,
    /// The wall-clock time stamped on each entry (None in tests: stable output).
    pub wall: fn() -> Option<String>,
    /// `umpire review`: the battle as it stood after this many entries (read-only).
    pub review: Option<Reviewing<R>>,
    /// `umpire watch`: following the save another console writes, as the umpire sees it or,
    /// with a side, as that side's player does.
    pub watch: Option<Watching>,
    /// The last command could not be saved (and was not taken): why, until one is.
    pub unsaved: Option<String>,
    /// The log's lines, worded as the panel needs them (kept as entries come).
    words: RefCell<Words>,
    /// The log panel (`tui::log_panel`): its rows, ship filter (`s`), search and scroll.
    panel: LogPanel,
    /// The log panel's height in rows at the last frame.
    log_height: usize,
    /// The selection keys scroll the log instead of selecting a ship.
    log_focused: bool,
    mode: Mode,
    /// Forms closed with Esc before they ran, by key: the same key on the same ship opens
    /// one as it was left.
    kept: HashMap<char, Form>,
    history: Vec<String>,
}

impl<R: Board> BoardApp<R> {
    pub fn new(
        battle: Session<R>,
        save: Save,
        save_path: Option<PathBuf>,
        keymap: Keymap,
    ) -> BoardApp<R> {
        let words = RefCell::new(Words::newest(&battle.game));
        let mut app = BoardApp {
            battle,
            save,
            save_path,
            keymap,
            theme: Theme { color: true },
            selected: 0,
            ask_dice: false,
            quit: false,
            message: None,
            wall: || None,
            unsaved: None,
            words,
            panel: LogPanel::default(),
            log_height: 1,
            log_focused: false,
            review: None,
            watch: None,
            mode: Mode::Normal,
            kept: HashMap::new(),
            history: Vec::new(),
        };
        app.rebuild_log();
        // The dice mode the battle was left in (SPEC 10: kept with the save).
        if app.battle.game.asks_dice() == Some(true) {
            app.ask_dice = true;
            app.message = Some((
                "dice: ask, as this battle was left — every die is asked of you (m: roll)".into(),
                false,
            ));
        }
        app
    }

    /// Entry `i`'s rows in the log panel (`ship`: the panel's filter): the command, in effect
    /// as it stood at the review position, then its lines; a side's watcher sees each command
    /// as announced at the table without its results (the fog-of-war rule hides what the dice
    /// did).
    fn rows_for(&self, i: usize, ship: Option<&str>) -> Vec<LogRow> {
        let game = &self.battle.game;
        let Some(e) = game.entries().get(i) else {
            return Vec::new();
        };
        if ship.is_some_and(|id| !names_ship(e, id)) {
            return Vec::new();
        }
        let in_effect = self.shown().stands(i);
        let undone = if in_effect { "" } else { "  (undone)" };
        let row = |heading, text| LogRow {
            entry: i,
            heading,
            text,
            in_effect,
        };
        let mut rows = vec![row(true, format!("{} {}{undone}", e.clock, e.cmd))];
        if self.side().is_none() {
            let mut words = self.words.borrow_mut();
            if i < words.from {
                *words = Words::of(game, 0);
            }
            if let Some(lines) = words.lines.get(i - words.from) {
                rows.extend(lines.iter().map(|t| row(false, format!("  {}", t.trim()))));
            }
        }
        rows
    }

    /// Build the log panel again (opening, the filter changed, undo and redo, a review
    /// position): the entries up to the position shown.
    fn rebuild_log(&mut self) {
        let upto = self
            .review
            .as_ref()
            .map_or(self.battle.game.entries().len(), |r| r.at);
        let mut panel = std::mem::take(&mut self.panel);
        panel.rebuild(upto, &|i, ship| self.rows_for(i, ship));
        self.panel = panel;
    }

    /// The newest entry of the journal joins the log with its lines (worded on the state it
    /// was decided on). Undo and redo change which earlier entries are in effect: the panel's
    /// rows are built again (the newest part only; the log is not read again).
    fn log_push(&mut self, lines: Vec<String>) {
        let Some(e) = self.battle.game.entries().last() else {
            return;
        };
        let again = e.cmd == "undo" || e.cmd == "redo";
        self.words.get_mut().lines.push(lines);
        let n = self.battle.game.entries().len();
        if again {
            self.rebuild_log();
        } else {
            let mut panel = std::mem::take(&mut self.panel);
            panel.push(n - 1..n, &|i, ship| self.rows_for(i, ship));
            self.panel = panel;
        }
    }

    /// The row of the log panel's lines that the search marks, if any.
    pub fn found_row(&self) -> Option<usize> {
        self.panel.found
    }

    pub fn read_only(&self) -> Option<&str> {
        match &self.save {
            Save::ReadOnly(why) => Some(why),
            Save::Writer(_) => None,
        }
    }

    /// The journal on screen: the review position's, or the battle's.
    fn shown(&self) -> &Journal<R> {
        self.review.as_ref().map_or(&self.battle.game, |r| &r.shown)
    }

    fn side(&self) -> Option<&str> {
        self.watch.as_ref().and_then(|w| w.side.as_deref())
    }

    /// Each ship's id, name and side, detail of ship `i` and due list on screen (a side sees
    /// its share).
    fn heads(&self) -> Vec<Head> {
        let g = self.shown();
        R::fleet_heads(&g.state, &g.tables, self.side())
    }

    fn detail(&self, i: usize) -> crate::core::board::Detail {
        let g = self.shown();
        R::detail_panel(&g.state, &g.tables, i, self.side())
    }

    /// The due list on screen, worded for a panel at most `rows` high.
    fn due(&self, rows: usize) -> crate::core::board::DueList {
        let g = self.shown();
        R::due_panel(&g.state, &g.tables, self.side(), rows)
    }

    fn ships(&self) -> usize {
        self.heads().len()
    }

    // ---- review and watch ----------------------------------------------------------------

    /// The review of this battle, standing at the end of its log.
    fn reviewing(&self) -> Reviewing<R> {
        let (review, shown) = Review::new(&self.battle.scenario, self.battle.game.clone());
        Reviewing {
            at: shown.entries().len(),
            review,
            shown,
        }
    }

    /// Review the battle (read-only) at `at` entries (clamped to the log).
    pub fn review_at(&mut self, at: usize) {
        let mut r = match self.review.take() {
            Some(r) => r,
            None => self.reviewing(),
        };
        r.review.seek(&mut r.shown, at);
        r.at = r.shown.entries().len();
        self.message = Some((
            format!(
                "reviewing: entry {} of {} (← → step, Home/End, q quits)",
                r.at,
                r.review.len()
            ),
            false,
        ));
        self.review = Some(r);
        self.rebuild_log();
    }

    /// Take what a poll of the followed save found (`tui::follow`). Returns whether to draw
    /// again.
    pub fn follow(&mut self, polled: Polled<Record<R>>) -> bool {
        crate::tui::follow::take(self, polled)
    }

    // ---- commands ------------------------------------------------------------------------

    /// Run a command as typed (or built by a form or a key). On success the message line says
    /// what happened; an error is returned to show in place, and nothing changed.
    pub fn submit(&mut self, text: &str) -> Result<(), String> {
        let text = text.trim().to_string();
        if self.review.is_some() {
            return self.review_submit(&text);
        }
        if self.read_only().is_none() {
            if let Some((title, lines)) = self.ask_first(&text) {
                self.mode = Mode::Confirm { text, title, lines };
                return Ok(());
            }
        }
        self.run(text, Vec::new(), Vec::new())
    }

    /// SPEC 10, slips are caught: the ruleset's question before the command typed
    /// ([`Board::ask_first`]), if it asks one.
    fn ask_first(&self, text: &str) -> Option<(String, Vec<String>)> {
        let game = &self.battle.game;
        let command = R::parse_in(&game.state, text).ok()?;
        R::ask_first(game, &command, text)
    }

    fn run(
        &mut self,
        text: String,
        answers: Vec<Answer>,
        charts: Vec<String>,
    ) -> Result<(), String> {
        let command = R::parse_in(&self.battle.game.state, &text)?;
        let given = Answers {
            ask_dice: self.ask_dice,
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
            Ran::Checked => self.message = Some((format!("ok: {text}"), false)),
            Ran::Asks(question) => {
                self.mode = Mode::Ask(Asking::new(question, text, answers, charts))
            }
            Ran::Recorded { lines, mut worded } => {
                // Undo and redo name the command they stepped over (SPEC 10), in the log as
                // `Journal::words` has it and on the message line.
                let history = matches!(R::verb(&command), Verb::Undo | Verb::Redo);
                let named = history.then(|| self.stepped_over()).flatten();
                worded.extend(named.clone());
                // Every command adds its entry, undo and redo too: which entries are in effect
                // is read from the journal as the panel is drawn.
                self.log_push(worded);
                // Undo and redo leave the dice mode the log is left with.
                if history {
                    self.ask_dice = self.battle.game.asks_dice() == Some(true);
                }
                let summary = named.unwrap_or_else(|| command::summary(&lines, &text));
                self.message = Some((summary, false));
                self.mode = Mode::Normal;
            }
        }
        Ok(())
    }

    /// What the newest entry, an undo or a redo, stepped over ([`history_line`]).
    fn stepped_over(&self) -> Option<String> {
        let entries = self.battle.game.entries();
        let last = entries.len().checked_sub(1)?;
        let over = self.battle.game.stepped_over(last)?;
        Some(history_line(&entries[last], &entries[over]))
    }

    fn key_command(&mut self, text: &str) {
        if let Err(e) = self.submit(text) {
            self.message = Some((format!("{text}: {e}"), true));
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
            Mode::Confirm { text, .. }
                if matches!(key.code, KeyCode::Esc | KeyCode::Char('n' | 'N')) =>
            {
                self.message = Some((format!("not done: {text}"), false));
                self.mode = Mode::Prompt(LineEdit::new(&text), None);
            }
            Mode::Confirm { text, .. }
                if matches!(key.code, KeyCode::Enter | KeyCode::Char('y' | 'Y')) =>
            {
                if let Err(e) = self.run(text.clone(), Vec::new(), Vec::new()) {
                    self.message = Some((format!("{text}: {e}"), true));
                }
            }
            Mode::Confirm { text, title, lines } => {
                self.mode = Mode::Confirm { text, title, lines }
            }
            Mode::ConfirmQuit if crate::tui::keymap::quits(&key) => self.quit = true,
            Mode::ConfirmQuit => self.message = Some(("still here".into(), false)),
            Mode::Help(scroll) => {
                if let Some(scroll) = help::key(key, scroll) {
                    self.mode = Mode::Help(scroll);
                }
            }
            Mode::Full { log, scroll } => {
                let scroll = if log {
                    view::log_view_key(key.code, scroll, self.log_height)
                } else {
                    view::detail_view_key(key.code, scroll.min(u16::MAX as usize) as u16)
                        .map(usize::from)
                };
                if let Some(scroll) = scroll {
                    self.mode = Mode::Full { log, scroll };
                }
            }
            Mode::Search(mut edit) => match key.code {
                KeyCode::Esc => {}
                KeyCode::Enter if edit.text.trim().is_empty() => {
                    self.panel.search = None;
                    self.panel.found = None;
                }
                KeyCode::Enter => {
                    self.panel.search = Some(edit.text.trim().to_string());
                    self.find(true, true);
                }
                _ => {
                    edit.on_key(key);
                    self.mode = Mode::Search(edit);
                }
            },
            Mode::Prompt(mut edit, mut at) => {
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
                            Err(e) => self.message = Some((e, true)),
                        }
                    }
                    KeyCode::Tab => self.complete(&mut edit),
                    KeyCode::Up | KeyCode::Down if !self.history.is_empty() => {
                        (at, edit) =
                            crate::tui::edit::browse(&self.history, at, key.code == KeyCode::Up);
                    }
                    _ => edit.on_key(key),
                }
                self.mode = Mode::Prompt(edit, at);
            }
            Mode::Form(form) => self.form_key(form, key),
            Mode::Ask(mut asking) => match asking.key(key) {
                Asked::Waiting => self.mode = Mode::Ask(asking),
                Asked::Abandoned => self.message = Some((asking.abandoned(), false)),
                Asked::Answered { answers, charts } => {
                    if let Err(e) = self.run(asking.text.clone(), answers, charts) {
                        asking.error = Some(e);
                        asking.input.clear();
                        self.mode = Mode::Ask(asking);
                    }
                }
            },
        }
    }

    fn normal_key(&mut self, key: KeyEvent) {
        let plain = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        if let (KeyCode::Char(c), true) = (key.code, plain) {
            if let Some(spec) = self.forms().into_iter().find(|f| f.key == c) {
                self.open_form(spec);
                return;
            }
        }
        // In review the `[review]` keys come first; every other key works as on the dashboard
        // (help, the views, selecting a ship), and those that would change the battle are
        // refused by the read-only save.
        let action = match &self.review {
            Some(_) => self.keymap.review_action(&key),
            None => self.keymap.action(&key),
        };
        let Some(action) = action else {
            return;
        };
        if action.is_review() {
            if self.review.is_some() {
                self.review_key(action);
            }
            return;
        }
        let n = self.ships();
        match action {
            Action::Quit if self.watch.is_some() => self.quit = true,
            Action::Quit => self.mode = Mode::ConfirmQuit,
            // With the log focused (`l`, Tab), the selection keys scroll it, as on FG&DN's.
            Action::Up if self.log_focused => self.scroll_log(1),
            Action::Down if self.log_focused => self.scroll_log(-1),
            Action::Top if self.log_focused => self.scroll_log(isize::MAX / 2),
            Action::Bottom if self.log_focused => self.panel.scroll = 0,
            Action::Up => self.selected = self.selected.saturating_sub(1),
            Action::Down => self.selected = (self.selected + 1).min(n.saturating_sub(1)),
            Action::Top => self.selected = 0,
            Action::Bottom => self.selected = n.saturating_sub(1),
            Action::FocusFleet => self.log_focused = false,
            Action::FocusLog => self.log_focused = true,
            Action::FocusNext => self.log_focused = !self.log_focused,
            Action::Command => self.mode = Mode::Prompt(LineEdit::new(""), None),
            Action::Search => self.mode = Mode::Search(LineEdit::new("")),
            Action::SearchNext => self.find(true, false),
            Action::SearchPrev => self.find(false, false),
            Action::FilterLog => {
                self.panel.ship = match self.panel.ship {
                    Some(_) => None,
                    None => self.heads().get(self.selected).map(|h| h.id.clone()),
                };
                self.rebuild_log();
                let text = match &self.panel.ship {
                    Some(id) => format!("log: only {id} (s again for everything)"),
                    None => "log: everything".to_string(),
                };
                self.message = Some((text, false));
            }
            Action::PageUp => self.scroll_log(self.log_height.max(1) as isize),
            Action::PageDown => self.scroll_log(-(self.log_height.max(1) as isize)),
            Action::Cancel => {
                self.message = None;
                (self.panel.search, self.panel.found, self.panel.scroll) = (None, None, 0);
            }
            Action::Help => self.mode = Mode::Help(0),
            Action::LogView => {
                // Every entry's rows, so the view scrolls to the first.
                let mut panel = std::mem::take(&mut self.panel);
                panel.ensure(usize::MAX, &|i, ship| self.rows_for(i, ship));
                self.panel = panel;
                self.mode = Mode::Full {
                    log: true,
                    scroll: 0,
                }
            }
            // The detail opens at its top.
            Action::DetailView => {
                self.mode = Mode::Full {
                    log: false,
                    scroll: 0,
                }
            }
            Action::EndPhase => self.key_command("next"),
            Action::NextTurn => self.key_command("turn"),
            Action::Undo => self.key_command("undo"),
            Action::Redo => self.key_command("redo"),
            Action::DiceMode => {
                // Kept in the save's log (`dice ask` / `dice roll`) so a reopened battle keeps
                // it; a read-only view only switches its own screen.
                let ask = !self.ask_dice;
                if self.read_only().is_none() && self.review.is_none() {
                    let text = if ask { "dice ask" } else { "dice roll" };
                    if let Err(e) = self.submit(text) {
                        self.message = Some((format!("{text}: {e}"), true));
                        return;
                    }
                }
                self.ask_dice = ask;
                self.message = Some((
                    if self.ask_dice {
                        "dice: ask — every die is asked of you (Enter rolls it)".to_string()
                    } else {
                        "dice: roll — dice are rolled from the save's seed".to_string()
                    },
                    false,
                ));
            }
            _ => {}
        }
    }

    /// The prompt in review: an `expect`, checked against the battle as it stood at the
    /// position shown, or a place to go to (`start`, `end`, `#N`, a place on the clock); any
    /// other command is refused, as it would change the battle. Nothing moves on an error.
    fn review_submit(&mut self, text: &str) -> Result<(), String> {
        let Some(r) = &self.review else {
            return Err("not reviewing".into());
        };
        if let Ok(command) = R::parse_in(&r.shown.state, text) {
            if !matches!(R::verb(&command), Verb::Expect) {
                return Err(format!(
                    "read-only: review: `{text}` would change the battle; here type a place \
                     (start, end, #N, a clock) or an expect"
                ));
            }
            r.shown.check_expect(&command).map_err(|e| e.to_string())?;
            self.message = Some((format!("ok: {text}"), false));
            return Ok(());
        }
        let to = text
            .parse::<Target<R::Place>>()
            .and_then(|t| r.review.jump(&t).map_err(|e| e.to_string()))?;
        self.review_at(to);
        Ok(())
    }

    /// A review key: step through the log (an entry, a phase, a turn, to a note, or to
    /// either end), as [`Review::step`] says.
    fn review_key(&mut self, action: Action) {
        let Some(r) = &self.review else {
            return;
        };
        use crate::core::review::{Direction, Step, Target};
        let step = |step, dir| r.review.step(r.at, step, dir);
        let moved = match action {
            Action::StepBack => step(Step::Command, Direction::Back),
            Action::StepForward => step(Step::Command, Direction::Forward),
            Action::PhaseBack => step(Step::Phase, Direction::Back),
            Action::PhaseForward => step(Step::Phase, Direction::Forward),
            Action::TurnBack => step(Step::Turn, Direction::Back),
            Action::TurnForward => step(Step::Turn, Direction::Forward),
            Action::NoteNext => step(Step::Bookmark, Direction::Forward),
            Action::NotePrev => step(Step::Bookmark, Direction::Back),
            Action::ReviewStart => r.review.jump(&Target::Start),
            Action::ReviewEnd => r.review.jump(&Target::End),
            _ => return,
        };
        match moved {
            Ok(to) => self.review_at(to),
            Err(e) => self.message = Some((e.to_string(), true)),
        }
    }

    /// Move to the next match of the search in the log panel, older (`older`) or newer,
    /// from the current match (or from the end when `fresh`), and scroll it into view.
    fn find(&mut self, older: bool, fresh: bool) {
        let mut panel = std::mem::take(&mut self.panel);
        let found = panel.find(older, fresh, self.log_height, &|i, ship| {
            self.rows_for(i, ship)
        });
        self.panel = panel;
        self.message = Some(match found {
            Ok(text) => (text, false),
            Err(text) => (text, true),
        });
    }

    /// Scroll the log panel by `by` rows (up is positive).
    fn scroll_log(&mut self, by: isize) {
        let mut panel = std::mem::take(&mut self.panel);
        panel.scroll_by(by, self.log_height, &|i, ship| self.rows_for(i, ship));
        self.panel = panel;
    }

    /// Tab at the prompt (`edit::complete`): a command first, then the ships' ids and the
    /// keywords of that command's usage. The usage, the candidates or "nothing completes" go to
    /// the message line.
    fn complete(&mut self, edit: &mut LineEdit) {
        let commands = R::commands();
        let ships = self.ship_ids();
        let (hint, error) = crate::tui::edit::complete(edit, &commands, |words| {
            if words.is_empty() {
                return commands.iter().map(|(w, _)| w.to_string()).collect();
            }
            let mut v = ships;
            if let Some((_, usage)) = commands.iter().find(|(w, _)| *w == words[0]) {
                v.extend(crate::tui::edit::usage_keywords(usage));
            }
            v
        });
        self.message = match (hint, error) {
            (_, Some(e)) => Some((e, true)),
            (Some(h), None) => Some((h, false)),
            (None, None) => None,
        };
    }

    fn open_form(&mut self, spec: FormSpec) {
        if let Some(why) = self.read_only() {
            self.message = Some((format!("read-only: {why}"), true));
            return;
        }
        let heads = self.heads();
        let Some(ship) = heads.get(self.selected) else {
            return;
        };
        let mut form = match self.kept.remove(&spec.key) {
            Some(kept) if kept.ship == ship.id => kept,
            _ => Form::of_spec(spec, &ship.id, &ship.name, &self.ship_ids()),
        };
        self.check_form(&mut form);
        self.mode = Mode::Form(form);
    }

    /// SPEC 10, forms check each field as it is typed: the command the form stands for so far
    /// (an empty required number read as 1, [`Form::probe`]) is decided on the battle as it is
    /// with no dice (nothing changes), so a wrong phase or a figure out of range is said at
    /// once, not at Enter. A form not yet whole is not an error, nor is a die or a chart value
    /// the command will ask for.
    fn check_form(&self, form: &mut Form) {
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

    fn ship_ids(&self) -> Vec<String> {
        self.heads().into_iter().map(|h| h.id).collect()
    }

    /// The forms behind keys for the selected ship (`Board::forms_for`).
    fn forms(&self) -> Vec<FormSpec> {
        let g = self.shown();
        R::forms_for(&g.state, &g.tables, self.selected)
    }

    fn form_key(&mut self, mut form: Form, key: KeyEvent) {
        match key.code {
            KeyCode::Esc => {
                if let Some(k) = form.key() {
                    self.kept.insert(k, form);
                }
                return;
            }
            KeyCode::Enter => {
                match form.command() {
                    Err(e) => form.error = Some(e),
                    Ok(text) => match self.submit(&text) {
                        Ok(()) => return,
                        Err(e) => form.error = Some(e),
                    },
                }
                self.mode = Mode::Form(form);
                return;
            }
            code => form.edit_key(code),
        }
        self.check_form(&mut form);
        self.mode = Mode::Form(form);
    }

    // ---- drawing -------------------------------------------------------------------------

    pub fn draw(&mut self, frame: &mut Frame) {
        let heads = self.heads();
        self.selected = self.selected.min(heads.len().saturating_sub(1));
        let drawn = {
            // Only the rows drawn are built; a side's view is worked out once for the frame.
            let g = self.shown();
            let side = self.side();
            let seen = side.map(|side| R::fleet_seen(&g.state, &g.tables, Some(side)));
            let row = |i: usize| {
                match &seen {
                    Some(rows) => rows.get(i).cloned(),
                    None => R::fleet_row(&g.state, &g.tables, i, None),
                }
                .unwrap_or_default()
            };
            let columns = R::columns();
            let mut sides: Vec<&str> = heads.iter().map(|h| h.side.as_str()).collect();
            sides.dedup();
            let enemy = match (side, heads.get(self.selected)) {
                (Some(side), Some(h)) => !h.side.eq_ignore_ascii_case(side),
                _ => false,
            };
            let v = View {
                theme: self.theme,
                header: self.header(),
                fleet: panels::FleetPanel {
                    layout: R::fleet_layout(),
                    columns: &columns,
                    heads: heads
                        .iter()
                        .map(|h| (h.id.as_str(), h.name.as_str(), h.side.as_str()))
                        .collect(),
                    row: &row,
                    selected: self.selected,
                    focused: !self.log_focused,
                },
                sides: sides.len(),
                detail: self.detail(self.selected),
                enemy,
                // The due list worded for the most the body gives it.
                due: self.due(frame.area().height as usize / 2),
                log: LogView {
                    panel: &self.panel,
                    title_more: match &self.review {
                        Some(r) if r.review.len() > r.at => {
                            format!(" ({} later hidden)", r.review.len() - r.at)
                        }
                        _ => String::new(),
                    },
                    focused: self.log_focused,
                    // In review: the entry that got the battle to the position shown.
                    current: self.review.as_ref().and_then(|r| r.at.checked_sub(1)),
                    empty: Some(Line::styled(
                        match &self.panel.ship {
                            Some(id) => format!("nothing about {id} yet: s shows every entry"),
                            None => {
                                "no commands yet: : types one, ? shows the keys and commands".into()
                            }
                        },
                        self.theme.dim(),
                    )),
                },
                message: match &self.message {
                    Some((text, true)) => Message::Error(text.clone()),
                    Some((text, false)) => Message::Info(text.clone()),
                    None => Message::None,
                },
                read_only: self.read_only(),
                footer: self.footer(),
                overlay: self.overlay(),
            };
            view::draw(frame, &v)
        };
        if let Some(d) = drawn {
            self.log_height = d.log_rows.max(1);
        }
    }

    /// The header: the ruleset's clock, the dice, saved or the face's tag.
    fn header(&self) -> Header {
        let face = match (&self.review, &self.watch) {
            (Some(r), _) => Some(format!(" REVIEW {}/{} ", r.at, r.review.len())),
            (None, Some(w)) => Some(match &w.side {
                Some(side) => format!(" WATCH {side} "),
                None => " WATCH umpire's view ".into(),
            }),
            (None, None) => None,
        };
        let saved = Saved::of(face, self.unsaved.as_deref(), self.read_only().is_some());
        let nothing_rolled = self.review.is_some() || self.watch.is_some();
        Header {
            name: R::title(&self.battle.game.state),
            clock: R::header_clock(&self.shown().state),
            dice: (!nothing_rolled).then(|| {
                (
                    self.ask_dice,
                    panels::queued(&R::queued_dice(&self.battle.game.state)),
                )
            }),
            saved,
        }
    }

    /// The footer: the prompt being typed, the keys of what is open, or the keys of the face
    /// from the keymap (a user's own keys), the ruleset's form keys among them.
    fn footer(&self) -> Footer<'_> {
        let t = self.theme;
        match &self.mode {
            Mode::Prompt(edit, _) => Footer::Prompt(":", edit),
            Mode::Search(edit) => Footer::Prompt("/", edit),
            Mode::Form(_) => Footer::Keys(view::FORM_KEYS),
            Mode::Ask(a) => Footer::Keys(a.keys()),
            Mode::Confirm { .. } => Footer::Keys(panels::CONFIRM_KEYS),
            _ if self.review.is_some() => {
                // Its log has no kinds to filter (`K`).
                let pairs: Vec<(Action, &str)> = view::REVIEW_HINTS
                    .iter()
                    .copied()
                    .filter(|(a, _)| *a != Action::KindFilter)
                    .collect();
                Footer::Hints(Line::from(help::hints(&self.keymap, &pairs, t)), None)
            }
            _ if self.watch.is_some() => Footer::Hints(
                Line::from(help::hints(&self.keymap, view::WATCH_HINTS, t)),
                None,
            ),
            // On a narrow screen `turn` and `dice` give way, so help and quit stay in view.
            _ => {
                let line = |all: bool| {
                    let keep = |pairs: &[(Action, &'static str)]| -> Vec<(Action, &'static str)> {
                        pairs
                            .iter()
                            .copied()
                            .filter(|(a, _)| {
                                all || !matches!(a, Action::NextTurn | Action::DiceMode)
                            })
                            .collect()
                    };
                    let mut spans = help::hints(
                        &self.keymap,
                        &keep(&[(Action::EndPhase, "next"), (Action::NextTurn, "turn")]),
                        t,
                    );
                    for f in R::forms() {
                        spans.extend(help::hint(&f.key.to_string(), f.verb, t));
                    }
                    spans.extend(help::hints(
                        &self.keymap,
                        &keep(&[
                            (Action::Undo, "undo"),
                            (Action::DiceMode, "dice"),
                            (Action::Command, "cmd"),
                            (Action::Help, "help"),
                            (Action::Quit, "quit"),
                        ]),
                        t,
                    ));
                    Line::from(spans)
                };
                Footer::Hints(line(true), Some(line(false)))
            }
        }
    }

    /// What lies over the body: a form, a die or a chart value asked, a question, help, quit,
    /// or a full-screen view.
    fn overlay(&self) -> Overlay<'_> {
        match &self.mode {
            Mode::Form(form) => Overlay::Form(form.view()),
            Mode::Ask(a) => Overlay::Ask(a.view()),
            Mode::Help(scroll) => Overlay::Help(self.help_page(), *scroll),
            Mode::ConfirmQuit => Overlay::Quit(self.save_path.as_deref()),
            Mode::Confirm { text, title, lines } => Overlay::Confirm(title, text, lines),
            Mode::Full { log: true, scroll } => Overlay::LogView(*scroll),
            Mode::Full { log: false, scroll } => {
                Overlay::DetailView((*scroll).min(u16::MAX as usize) as u16)
            }
            Mode::Normal | Mode::Prompt(..) | Mode::Search(_) => Overlay::None,
        }
    }

    /// What the help lists: the keys this dashboard has (in the face: play, review or
    /// watch), the ruleset's forms and commands, and the keys of a form and of a die asked.
    fn help_page(&self) -> help::Page<'_> {
        let face = match (&self.review, &self.watch) {
            (Some(_), _) => Face::Review,
            (None, Some(_)) => Face::Watch,
            (None, None) => Face::Play,
        };
        help::Page {
            face,
            keymap: &self.keymap,
            // Its forms are the ruleset's (below), not keymap actions; its log has no kinds.
            has: |a| {
                !matches!(
                    a,
                    Action::Hit
                        | Action::Fire
                        | Action::Flood
                        | Action::Critical
                        | Action::HitChance
                        | Action::KindFilter
                )
            },
            says: |a, face| match (a, face) {
                (Action::NextTurn, _) => Some("advance to the next turn (`turn`)"),
                (Action::Command, Face::Review) => {
                    Some("jump: start, end, #N, a clock as the log writes it; or expect")
                }
                _ => None,
            },
            forms: R::forms()
                .iter()
                .map(|f| (f.key.to_string(), format!("{} form", f.title)))
                .collect(),
            prompt_keys: "Enter run   Tab complete   ↑↓ history   Esc close",
            commands: R::commands().into_iter().map(|(_, usage)| usage).collect(),
            more: vec![
                (
                    "In a form",
                    "Tab/↑↓ field  ←→ or a letter: choose  digits type  Enter run  Esc keep it for later",
                ),
                (
                    "When asked for a die or a chart value",
                    "type it  Enter: run (an empty die is rolled)  Esc: abandon the command",
                ),
                ("When a command asks first", R::ASKS_FIRST),
            ],
        }
    }
}

impl<R: Board> crate::tui::follow::Watcher for BoardApp<R> {
    type Entry = Record<R>;

    fn appended(&mut self, entries: Vec<Record<R>>) {
        for e in entries {
            let lines = R::entry_lines(&self.battle.game.state, &e);
            self.battle.game.commit(e);
            self.log_push(lines);
        }
    }

    fn has_log(&self) -> bool {
        !self.battle.game.entries().is_empty()
    }

    fn reloaded(&mut self, loaded: crate::store::Loaded<Record<R>>) -> Result<(), String> {
        let tables = self.battle.game.tables.clone();
        let name = self.battle.name.clone();
        self.battle = Session::<R>::from_loaded(self.battle.path.clone(), &name, loaded, tables)
            .map_err(|e| e.message)?;
        self.selected = self.selected.min(self.ships().saturating_sub(1));
        self.words = RefCell::new(Words::newest(&self.battle.game));
        self.rebuild_log();
        Ok(())
    }

    fn problem(&mut self) -> Option<&mut Option<String>> {
        self.watch.as_mut().map(|w| &mut w.problem)
    }

    fn say(&mut self, text: String, error: bool) {
        self.message = Some((text, error));
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

/// `umpire review FILE` for a ruleset on the generic dashboard: read-only, at `at` (`start`,
/// `end`, `#N` for after entry N, or a place on the ruleset's clock: for a numbered ruleset
/// the start of a clock as the log writes it, e.g. `turn 3` or `turn 3 movement`), else at
/// the end.
pub fn open_review<R: Board>(
    path: &std::path::Path,
    tables: R::Tables,
    keymap: Keymap,
    at: Option<&str>,
) -> Result<BoardApp<R>, crate::session::Error> {
    let battle = Session::<R>::open(path, tables)?;
    let mut app = BoardApp::new(
        battle,
        Save::ReadOnly("review".into()),
        Some(path.to_path_buf()),
        keymap,
    );
    let reviewing = app.reviewing();
    let to = match at {
        None => reviewing.at,
        Some(place) => place
            .parse::<Target<R::Place>>()
            .and_then(|t| reviewing.review.jump(&t).map_err(|e| e.to_string()))
            .map_err(|e| crate::session::Error::input(format!("--at {}: {e}", place.trim())))?,
    };
    app.review = Some(reviewing);
    app.review_at(to);
    Ok(app)
}

/// `umpire watch FILE [--side NAME]` for a ruleset on the generic dashboard: the save as
/// another console writes it, never written or locked; with a side, that side's view.
pub fn open_watch<R: Board>(
    path: &std::path::Path,
    side: Option<&str>,
    tables: R::Tables,
    keymap: Keymap,
) -> Result<(BoardApp<R>, crate::store::follow::Follower), crate::session::Error> {
    let (follower, loaded) = crate::store::follow::Follower::open::<Record<R>>(path)
        .map_err(crate::session::Error::input)?;
    let name = path.display().to_string();
    let battle = Session::<R>::from_loaded(Some(path.to_path_buf()), &name, loaded, tables)?;
    let side = match side {
        None => None,
        Some(s) => {
            let sides = R::sides(&battle.game.state);
            Some(
                sides
                    .iter()
                    .find(|x| x.eq_ignore_ascii_case(s.trim()))
                    .cloned()
                    .ok_or_else(|| {
                        crate::session::Error::input(format!(
                            "--side: \"{s}\" is not a side of {name} (sides: {})",
                            sides.join(", ")
                        ))
                    })?,
            )
        }
    };
    let mut app = BoardApp::new(
        battle,
        Save::ReadOnly("watching".into()),
        Some(path.to_path_buf()),
        keymap,
    );
    app.watch = Some(Watching {
        side,
        problem: None,
    });
    // A side's watcher sees each command without its results.
    app.rebuild_log();
    Ok((app, follower))
}
