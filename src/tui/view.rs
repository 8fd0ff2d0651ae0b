//! The dashboard's screen, drawn once for every ruleset: a pure function of a [`View`], the
//! plain description a dashboard gives of what it shows this frame (no side effects, no I/O).
//! The fleet, the selected ship and the due list are the ruleset's screen model
//! ([`crate::core::board`]) drawn by the shared panels (`tui::panels`); around them the header,
//! the log panel, the message line, the footer and the boxes over the body (a form, a die or a
//! chart value asked, a question before a slip, help, quit), and the full-screen views.
//!
//! Layouts: compact from 80x24 (the fleet on top; the ship's detail beside the due list and the
//! log below), full from 120x30 (the fleet beside the ship's detail on top, the due list beside
//! a wide log below). A smaller terminal gets a "terminal too small" message, never a panic.
use crate::core::board::{Detail, DueList, FleetLayout};
use crate::tui::edit::LineEdit;
use crate::tui::help;
use crate::tui::keymap::Action;
use crate::tui::log_panel::LogPanel;
use crate::tui::panels::{self, centered, fit, FleetPanel};
use crate::tui::theme::Theme;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;
pub const FULL_WIDTH: u16 = 120;
pub const FULL_HEIGHT: u16 = 30;

/// The footer's keys in a form.
pub const FORM_KEYS: &str =
    "Tab/↑↓ field  ←→ or letter choose  digits type  Enter record  Esc cancel";

/// The footer's keys in review (key, then label: "← / → cmd < / > phase ...").
pub const REVIEW_HINTS: &[(Action, &str)] = &[
    (Action::StepBack, "/"),
    (Action::StepForward, "cmd"),
    (Action::PhaseBack, "/"),
    (Action::PhaseForward, "phase"),
    (Action::TurnBack, "/"),
    (Action::TurnForward, "turn"),
    (Action::NoteNext, "note"),
    (Action::KindFilter, "kind"),
    (Action::Command, "jump"),
    (Action::Help, "help"),
    (Action::Quit, "quit"),
];

/// The footer's keys for a watcher: the keys that work.
pub const WATCH_HINTS: &[(Action, &str)] = &[
    (Action::Down, "ship"),
    (Action::FocusNext, "fleet/log"),
    (Action::PageUp, "page"),
    (Action::Search, "search"),
    (Action::FilterLog, "ship's log"),
    (Action::Help, "help"),
    (Action::Quit, "quit"),
];

/// What the header says after the clock: the dice mode, and whether the battle is saved.
pub struct Header {
    /// The scenario's name (cut with "…" to what the rest leaves).
    pub name: String,
    /// The clock in segments (the first bold), each after a rule: the ruleset's
    /// ([`crate::core::board::Board::header_clock`]).
    pub clock: Vec<String>,
    /// The dice mode (ask or roll) and the faces queued; None in review and for a watcher
    /// (nothing is rolled there).
    pub dice: Option<(bool, String)>,
    /// The last segment: saved, or why not, or the face (review, watch).
    pub saved: Saved,
}

/// The header's last segment.
pub enum Saved {
    /// Every command is durable in the save.
    Yes,
    /// The last command could not be saved (and was not taken): why.
    Not(String),
    /// A save another console writes, opened to read.
    ReadOnly,
    /// The face's own tag (` REVIEW 42/310 `, ` WATCH German `), drawn as a warning.
    Face(String),
}

impl Saved {
    /// The face's tag when there is one (review, watch), else why the last command was not
    /// saved, else read-only, else saved.
    pub fn of(face: Option<String>, unsaved: Option<&str>, read_only: bool) -> Saved {
        match (face, unsaved) {
            (Some(tag), _) => Saved::Face(tag),
            (None, Some(why)) => Saved::Not(why.to_string()),
            (None, None) if read_only => Saved::ReadOnly,
            (None, None) => Saved::Yes,
        }
    }
}

/// A key in the full-screen log: lines and pages back (up) and forward (down) from its newest
/// line (`page`: the log panel's rows); None when it closes the view (Esc, q, L, Enter).
pub fn log_view_key(key: KeyCode, scroll: usize, page: usize) -> Option<usize> {
    Some(match key {
        KeyCode::Esc | KeyCode::Char('q' | 'L') | KeyCode::Enter => return None,
        KeyCode::Up | KeyCode::Char('k') => scroll.saturating_add(1),
        KeyCode::Down | KeyCode::Char('j') => scroll.saturating_sub(1),
        KeyCode::PageUp => scroll.saturating_add(page.max(1)),
        KeyCode::PageDown => scroll.saturating_sub(page.max(1)),
        KeyCode::Home | KeyCode::Char('g') => usize::MAX / 2,
        KeyCode::End | KeyCode::Char('G') => 0,
        _ => scroll,
    })
}

/// A key in the full-screen ship and due list: lines down and up from the top; None when it
/// closes the view (Esc, q, v, Enter).
pub fn detail_view_key(key: KeyCode, scroll: u16) -> Option<u16> {
    Some(match key {
        KeyCode::Esc | KeyCode::Char('q' | 'v') | KeyCode::Enter => return None,
        KeyCode::Down | KeyCode::Char('j') => scroll.saturating_add(1),
        KeyCode::Up | KeyCode::Char('k') => scroll.saturating_sub(1),
        KeyCode::PageDown => scroll.saturating_add(10),
        KeyCode::PageUp => scroll.saturating_sub(10),
        KeyCode::Home | KeyCode::Char('g') => 0,
        _ => scroll,
    })
}

/// The message line.
pub enum Message {
    None,
    /// What the last command or key did.
    Info(String),
    /// Why it did nothing.
    Error(String),
    /// A hint at the prompt (completion candidates, a command's usage).
    Hint(String),
}

/// The footer when the dashboard is not typing into it.
pub enum Footer<'a> {
    /// `:` a command or `/` a search being typed.
    Prompt(&'a str, &'a LineEdit),
    /// The keys of what is open (a form, a die asked, a question), dim.
    Keys(&'a str),
    /// The keys of the face; the second line when the first does not fit.
    Hints(Line<'static>, Option<Line<'static>>),
}

/// A form's box: its fields, what it stands for so far, why it cannot run.
pub struct FormBox {
    pub title: String,
    pub fields: Vec<FormField>,
    pub focus: usize,
    /// The command the form stands for, or None while incomplete.
    pub command: Option<String>,
    pub error: Option<String>,
}

/// One field of a form: its label and what it holds.
pub struct FormField {
    pub label: String,
    pub value: FormValue,
}

pub enum FormValue {
    /// Digits typed (empty: not given).
    Number { text: String, required: bool },
    /// The option chosen, as words.
    Choice(String),
}

/// A die's face or a chart value asked of the umpire before a command can be decided.
pub struct AskBox {
    /// The box's title ("Roll a die", "Read a chart").
    pub title: &'static str,
    /// What is asked, and for what ("D10 — critical count, HMS Tiger").
    pub head: String,
    /// More about it (the chart's line and the values it allows).
    pub more: Option<String>,
    /// The command it is for.
    pub command: String,
    /// Before the answer typed ("D10 face: ").
    pub label: String,
    pub input: String,
    /// What Enter and Esc do.
    pub keys: &'static str,
    pub error: Option<String>,
    /// What was already given for this command ("2 dice already given for this command").
    pub given: Option<String>,
}

/// What lies over the body (or replaces it).
pub enum Overlay<'a> {
    None,
    Form(FormBox),
    Ask(AskBox),
    Help(help::Page<'a>, u16),
    /// A command that asks first: its title, the command, what it would do.
    Confirm(&'a str, &'a str, &'a [String]),
    Quit(Option<&'a std::path::Path>),
    /// The log full screen, every line whole: lines hidden below the bottom.
    LogView(usize),
    /// The selected ship's detail and the due list full screen: lines from the top.
    DetailView(u16),
    /// Drawn by the dashboard itself over the body after the rest.
    Own,
}

/// The log panel as this frame shows it.
pub struct LogView<'a> {
    pub panel: &'a LogPanel,
    /// What the title adds after the filter and the search (in review: the kind filter, what
    /// is hidden).
    pub title_more: String,
    pub focused: bool,
    /// The entry to mark (review's position).
    pub current: Option<usize>,
    /// What an empty panel says.
    pub empty: Option<Line<'static>>,
}

/// Everything one frame of a dashboard shows.
pub struct View<'a> {
    pub theme: Theme,
    pub header: Header,
    pub fleet: FleetPanel<'a>,
    /// The side headings the fleet draws (its height).
    pub sides: usize,
    pub detail: Detail,
    /// The selected ship is an enemy of the watching side: her panel is what observers see,
    /// and the full-screen view adds nothing to it.
    pub enemy: bool,
    pub due: DueList,
    pub log: LogView<'a>,
    pub message: Message,
    /// Why nothing here changes the battle (the message line when there is no message).
    pub read_only: Option<&'a str>,
    pub footer: Footer<'a>,
    pub overlay: Overlay<'a>,
}

/// What the frame laid out: the body (for a box the dashboard draws itself) and the log's
/// rows (for paging).
pub struct Drawn {
    pub body: Rect,
    pub log_rows: usize,
}

/// Draw the frame; None when the terminal is too small for the dashboard (it says so).
pub fn draw(frame: &mut Frame, v: &View) -> Option<Drawn> {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(frame, area);
        return None;
    }
    let full = area.width >= FULL_WIDTH && area.height >= FULL_HEIGHT;
    let [head, body, msg, foot] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    header(frame, head, v);
    let log_area = if let Some(area) = full_screen(frame, body, v) {
        area
    } else if full {
        draw_full(frame, body, v)
    } else {
        draw_compact(frame, body, v)
    };
    message(frame, msg, v);
    footer(frame, foot, v);
    modal(frame, body, v);
    Some(Drawn {
        body,
        log_rows: log_area.height.saturating_sub(1) as usize,
    })
}

fn too_small(frame: &mut Frame, area: Rect) {
    let text = format!(
        "terminal too small: {}x{}\nthe dashboard needs at least {MIN_WIDTH}x{MIN_HEIGHT}\n\nenlarge the window (q quits)",
        area.width, area.height
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

fn styled(text: impl Into<String>, style: Style) -> Span<'static> {
    Span::styled(text.into(), style)
}

/// The header: the scenario, the clock's segments, the dice mode, saved or not.
fn header(frame: &mut Frame, area: Rect, v: &View) {
    let t = v.theme;
    let base = t.header();
    let h = &v.header;
    let warn = t.warn().add_modifier(Modifier::REVERSED);
    let (saved, saved_style) = match &h.saved {
        Saved::Yes => (" saved ✓".to_string(), base),
        Saved::Not(why) => (
            format!(" NOT SAVED: {why} "),
            t.error().add_modifier(Modifier::REVERSED),
        ),
        Saved::ReadOnly => (" READ-ONLY ".to_string(), warn),
        Saved::Face(tag) => (tag.clone(), warn),
    };
    let mut rest = Vec::new();
    for (k, segment) in h.clock.iter().enumerate() {
        rest.push(styled("│", base));
        let style = if k == 0 {
            base.add_modifier(Modifier::BOLD)
        } else {
            base
        };
        rest.push(styled(segment.clone(), style));
    }
    rest.push(styled("│", base));
    let (dice, ask) = match &h.dice {
        Some((ask, queued)) => {
            let mode = if *ask { "ASK" } else { "roll" };
            (format!(" dice {mode}{queued} "), *ask)
        }
        None => (String::new(), false),
    };
    rest.push(styled(
        dice,
        if ask {
            base.add_modifier(Modifier::BOLD)
        } else {
            base
        },
    ));
    rest.push(styled(saved, saved_style));
    let name = (format!(" {}", h.name), base.add_modifier(Modifier::BOLD));
    panels::header(frame, area, name, 4, rest, base);
}

/// The full-screen views (the log, the ship and the due list): what the panels cut with "…",
/// whole (SPEC 10). None when neither is open.
fn full_screen(frame: &mut Frame, area: Rect, v: &View) -> Option<Rect> {
    let t = v.theme;
    match v.overlay {
        Overlay::LogView(scroll) => {
            let block = panels::block(
                "Log — every line whole (j k PgUp PgDn g G; Esc back)",
                true,
                t,
            );
            let inner = block.inner(area);
            frame.render_widget(block, area);
            v.log.panel.draw_whole(frame, inner, scroll, t);
            Some(inner)
        }
        Overlay::DetailView(scroll) => {
            let title = if v.fleet.heads.is_empty() {
                "Ship".to_string()
            } else {
                format!("{} — in full (j k PgUp PgDn; Esc back)", v.detail.title)
            };
            let block = panels::block(&title, true, t);
            let inner = block.inner(area);
            frame.render_widget(block, area);
            // An enemy's detail is the panel's: here only the due list.
            let mut lines: Vec<Line> = if v.enemy {
                Vec::new()
            } else {
                panels::lines(&v.detail.lines, Some(inner.width as usize), t)
            };
            lines.push(Line::default());
            lines.push(Line::from(Span::styled(v.due.title.clone(), t.title())));
            lines.extend(panels::due_lines(&v.due, None, t));
            frame.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .scroll((scroll, 0)),
                inner,
            );
            Some(inner)
        }
        _ => None,
    }
}

/// Fleet rows wanted: every ship, the column headings, a heading per side (a fleet grouped by
/// side), the title.
fn fleet_height(v: &View) -> u16 {
    let headings = match v.fleet.layout {
        FleetLayout::Table => 0,
        FleetLayout::BySide { .. } => v.sides,
    };
    (v.fleet.heads.len() + headings + 2) as u16
}

/// Returns the log panel's area (for paging).
fn draw_compact(frame: &mut Frame, area: Rect, v: &View) -> Rect {
    let fleet_h = fleet_height(v).min(area.height.saturating_sub(9).max(area.height / 2));
    let [top, bottom] =
        Layout::vertical([Constraint::Length(fleet_h), Constraint::Min(6)]).areas(area);
    panels::fleet(frame, top, &v.fleet, v.theme);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(bottom);
    panels::detail(frame, left, &v.detail, v.theme);
    // The due list's lines wanted: what ending the phase does (or "nothing"), and the title.
    let due_h = (v.due.now.len().max(1) as u16 + 3).clamp(2, right.height / 2);
    let [due_area, log_area] =
        Layout::vertical([Constraint::Length(due_h), Constraint::Min(3)]).areas(right);
    panels::due(frame, due_area, &v.due, v.theme);
    log(frame, log_area, v);
    log_area
}

/// Full layout: fleet and the selected ship side by side on top; "due" and a wide log below.
fn draw_full(frame: &mut Frame, area: Rect, v: &View) -> Rect {
    let top_h = fleet_height(v)
        .max(14)
        .min(area.height.saturating_sub(8).max(area.height / 2));
    let [top, bottom] =
        Layout::vertical([Constraint::Length(top_h), Constraint::Min(6)]).areas(area);
    let fleet_w = (area.width * 55 / 100).max(78);
    let [fleet_area, detail_area] =
        Layout::horizontal([Constraint::Length(fleet_w), Constraint::Min(30)]).areas(top);
    panels::fleet(frame, fleet_area, &v.fleet, v.theme);
    panels::detail(frame, detail_area, &v.detail, v.theme);
    let [due_area, log_area] =
        Layout::horizontal([Constraint::Percentage(40), Constraint::Percentage(60)]).areas(bottom);
    panels::due(frame, due_area, &v.due, v.theme);
    log(frame, log_area, v);
    log_area
}

/// The battle log: newest at the bottom, scrollable, filtered by ship, searchable; undone
/// entries dimmed and marked.
fn log(frame: &mut Frame, area: Rect, v: &View) {
    let p = v.log.panel;
    let mut title = String::from("Log");
    if let Some(ship) = &p.ship {
        title.push_str(&format!(" [{ship} only]"));
    }
    if let Some(s) = &p.search {
        title.push_str(&format!(" /{s}"));
    }
    title.push_str(&v.log.title_more);
    if p.scroll > 0 {
        title.push_str(&format!(" (+{} newer)", p.scroll));
    }
    p.draw(
        frame,
        area,
        &title,
        v.log.focused,
        v.log.current,
        v.log.empty.clone(),
        v.theme,
    );
}

fn message(frame: &mut Frame, area: Rect, v: &View) {
    let t = v.theme;
    let w = area.width as usize;
    let line = match &v.message {
        Message::Error(e) => Line::from(styled(fit(&format!("✗ {e}"), w), t.error())),
        Message::Hint(h) => Line::from(styled(fit(h, w), t.dim())),
        Message::Info(text) => Line::from(styled(fit(text, w), t.ok())),
        Message::None => match v.read_only {
            Some(why) => Line::from(styled(fit(&format!("read-only: {why}"), w), t.warn())),
            None => Line::default(),
        },
    };
    frame.render_widget(Paragraph::new(line), area);
}

fn footer(frame: &mut Frame, area: Rect, v: &View) {
    let line = match &v.footer {
        Footer::Prompt(prefix, edit) => {
            return panels::prompt(frame, area, prefix, edit, v.theme);
        }
        Footer::Keys(keys) => Line::from(styled(*keys, v.theme.dim())),
        Footer::Hints(all, narrow) => match narrow {
            Some(narrow) if all.width() > area.width as usize => narrow.clone(),
            _ => all.clone(),
        },
    };
    frame.render_widget(Paragraph::new(line), area);
}

fn boxed(title: &str, t: Theme) -> Block<'_> {
    Block::new()
        .borders(Borders::ALL)
        .title(title)
        .title_style(t.title())
}

fn modal(frame: &mut Frame, body: Rect, v: &View) {
    let t = v.theme;
    match &v.overlay {
        Overlay::Form(form) => form_box(frame, body, form, t),
        Overlay::Ask(ask) => ask_box(frame, body, ask, t),
        Overlay::Help(page, scroll) => {
            let lines = help::lines(page, t);
            help::draw(frame, body, lines, *scroll, t);
        }
        Overlay::Confirm(title, text, lines) => {
            panels::confirm(frame, body, (title, text), lines, t)
        }
        Overlay::Quit(saved_in) => panels::confirm_quit(frame, body, *saved_in, t),
        Overlay::None | Overlay::LogView(_) | Overlay::DetailView(_) | Overlay::Own => {}
    }
}

fn form_box(frame: &mut Frame, body: Rect, form: &FormBox, t: Theme) {
    let mut lines: Vec<Line> = Vec::new();
    for (i, f) in form.fields.iter().enumerate() {
        let focused = i == form.focus;
        let value = match &f.value {
            FormValue::Number { text, required } => {
                if text.is_empty() && focused {
                    "_".to_string()
                } else if text.is_empty() {
                    if *required {
                        "(required)".into()
                    } else {
                        "-".into()
                    }
                } else {
                    text.clone()
                }
            }
            FormValue::Choice(words) => format!("◂ {words} ▸"),
        };
        let style = if focused { t.selected() } else { Style::new() };
        lines.push(Line::from(vec![
            styled(
                format!("{}{:<14}", if focused { "▶ " } else { "  " }, f.label),
                style,
            ),
            styled(value, style.add_modifier(Modifier::BOLD)),
        ]));
    }
    lines.push(Line::default());
    match &form.command {
        Some(c) => lines.push(Line::from(styled(format!("= {c}"), t.dim()))),
        None => lines.push(Line::from(styled("= (incomplete)", t.dim()))),
    }
    if let Some(e) = &form.error {
        lines.push(Line::from(styled(format!("✗ {e}"), t.error())));
    }
    let area = centered(body, 64, lines.len() as u16 + 4);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(boxed(&form.title, t)),
        area,
    );
}

fn ask_box(frame: &mut Frame, body: Rect, ask: &AskBox, t: Theme) {
    let mut lines = vec![
        Line::from(styled(ask.head.clone(), t.title())),
        Line::from(styled(format!("for: {}", ask.command), t.dim())),
    ];
    if let Some(more) = &ask.more {
        lines.push(Line::from(styled(more.clone(), t.dim())));
    }
    lines.extend([
        Line::default(),
        Line::from(vec![
            styled(ask.label.clone(), Style::new()),
            styled(
                if ask.input.is_empty() {
                    "_".to_string()
                } else {
                    ask.input.clone()
                },
                Style::new().add_modifier(Modifier::BOLD),
            ),
        ]),
        Line::from(styled(ask.keys, t.dim())),
    ]);
    if let Some(e) = &ask.error {
        lines.push(Line::from(styled(format!("✗ {e}"), t.error())));
    }
    if let Some(given) = &ask.given {
        lines.push(Line::from(styled(given.clone(), t.dim())));
    }
    let area = centered(body, 70, lines.len() as u16 + 2);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(boxed(ask.title, t)),
        area,
    );
}
