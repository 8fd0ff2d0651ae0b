//! FG&DN's dashboard as the shared screen ([`crate::tui::view`]) draws it: what `App` shows
//! this frame, as a [`View`], and the hit-chance form (`chance`), the one box of its own.
mod chance;

use crate::core::board::Board;
use crate::rulesets::fgdn::Fgdn;
use crate::tui::fgdn::app::{App, Focus, Mode, Tone};
use crate::tui::form::FormKind;
use crate::tui::keymap::Action;
use crate::tui::panels::FleetPanel;
use crate::tui::view::{self, Footer, Header, LogView, Message, Overlay, Saved, View};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::Frame;

pub use crate::tui::panels::{fit, wrap};

/// The side watching (None: the umpire).
fn side(app: &App) -> Option<&str> {
    app.watch.as_ref().and_then(|w| w.side.as_deref())
}

pub fn draw(frame: &mut Frame, app: &mut App) {
    let drawn = {
        let g = &app.battle.game;
        let (state, tables) = (&g.state, &g.tables);
        let side = side(app);
        let row = |i| Fgdn::fleet_row(state, tables, i, side).unwrap_or_default();
        let columns = Fgdn::columns();
        let mut sides: Vec<&str> = state.ships.iter().map(|s| s.spec.side.as_str()).collect();
        sides.dedup();
        let v = View {
            theme: app.theme,
            header: header(app),
            fleet: FleetPanel {
                layout: Fgdn::fleet_layout(),
                columns: &columns,
                heads: state
                    .ships
                    .iter()
                    .map(|s| (s.id(), s.spec.name.as_str(), s.spec.side.as_str()))
                    .collect(),
                row: &row,
                selected: app.selected,
                focused: app.focus == Focus::Fleet,
            },
            sides: sides.len(),
            detail: Fgdn::detail_panel(state, tables, app.selected, side),
            enemy: crate::rulesets::fgdn::board::enemy(state, tables, side, app.selected).is_some(),
            due: Fgdn::due_list(state, tables, side),
            log: LogView {
                panel: &app.log,
                title_more: crate::tui::fgdn::review::log_title(app),
                focused: app.focus == Focus::Log,
                // In review: the entry that got the battle to the position shown.
                current: crate::tui::fgdn::review::current_entry(app),
                empty: None,
            },
            message: message(app),
            read_only: app.read_only(),
            footer: footer(app),
            overlay: overlay(app),
        };
        let drawn = view::draw(frame, &v);
        if let (Some(d), Mode::Form(form)) = (&drawn, &app.mode) {
            if form.kind == FormKind::Chance {
                chance::draw(frame, d.body, app, form);
            }
        }
        drawn
    };
    if let Some(d) = drawn {
        app.log_height = d.log_rows;
    }
}

/// The header: the clock (FG&DN's turn, scale and day, and the next intermediate mark), the
/// dice, saved or the face's tag.
fn header(app: &App) -> Header {
    let state = &app.battle.game.state;
    let watch = crate::tui::fgdn::watch::header_label(app);
    let review = crate::tui::fgdn::review::header_tag(app);
    let saved = Saved::of(
        review.or(watch),
        app.unsaved.as_deref(),
        app.read_only().is_some(),
    );
    let nothing_rolled = app.review.is_some() || app.watch.is_some();
    Header {
        name: app.battle.scenario.name.clone(),
        clock: Fgdn::header_clock(state),
        dice: (!nothing_rolled).then(|| {
            (
                app.dice_mode == crate::tui::fgdn::app::DiceMode::Ask,
                crate::tui::panels::queued(&state.dice_queue),
            )
        }),
        saved,
    }
}

fn message(app: &App) -> Message {
    match &app.mode {
        Mode::Prompt { error: Some(e), .. } => Message::Error(e.clone()),
        Mode::Prompt { hint: Some(h), .. } => Message::Hint(h.clone()),
        _ => match &app.message {
            Some(m) if m.tone == Tone::Error => Message::Error(m.text.clone()),
            Some(m) => Message::Info(m.text.clone()),
            None => Message::None,
        },
    }
}

fn hints(app: &App) -> Line<'static> {
    if app.watch.is_some() {
        return Line::from(crate::tui::help::hints(
            &app.keymap,
            view::WATCH_HINTS,
            app.theme,
        ));
    }
    let normal = [
        (Action::EndPhase, "next"),
        (Action::NextTurn, "turn"),
        (Action::Hit, "hit"),
        (Action::Fire, "fire"),
        (Action::Flood, "flood"),
        (Action::Critical, "crit"),
        (Action::Undo, "undo"),
        (Action::DiceMode, "dice"),
        (Action::Command, "cmd"),
        (Action::Help, "help"),
        (Action::Quit, "quit"),
    ];
    let pairs: &[(Action, &str)] = match app.review {
        Some(_) => view::REVIEW_HINTS,
        None => &normal,
    };
    Line::from(crate::tui::help::hints(&app.keymap, pairs, app.theme))
}

fn footer(app: &App) -> Footer<'_> {
    match &app.mode {
        Mode::Prompt { edit, .. } => Footer::Prompt(":", edit),
        Mode::Search(edit) => Footer::Prompt("/", edit),
        Mode::Form(_) => Footer::Keys(view::FORM_KEYS),
        Mode::Ask(ask) => Footer::Keys(ask.keys()),
        Mode::Confirm(_) => Footer::Keys(crate::tui::panels::CONFIRM_KEYS),
        _ => Footer::Hints(hints(app), None),
    }
}

fn overlay(app: &App) -> Overlay<'_> {
    match &app.mode {
        Mode::Form(form) if form.kind == FormKind::Chance => Overlay::Own,
        Mode::Form(form) => Overlay::Form(form.view()),
        Mode::Ask(ask) => Overlay::Ask(ask.view()),
        Mode::Help { scroll } => Overlay::Help(app.help_page(), *scroll),
        Mode::Confirm(c) => Overlay::Confirm(&c.title, &c.text, &c.lines),
        Mode::ConfirmQuit => Overlay::Quit(app.save_path.as_deref()),
        Mode::LogView { scroll } => Overlay::LogView(*scroll),
        Mode::DetailView { scroll } => Overlay::DetailView(*scroll),
        _ => Overlay::None,
    }
}

pub fn styled(text: impl Into<String>, style: Style) -> Span<'static> {
    Span::styled(text.into(), style)
}
