//! Drawing: a pure function of the `App` (no side effects, no I/O). One file per panel.
//!
//! Layouts: compact from 80x24 (fleet on top; detail beside "due" and the log below), full from
//! 120x30 (fleet beside the ship's detail on top, "due" beside a wide log below). Smaller terminals get a
//! "terminal too small" message, never a panic.
mod detail;
mod due;
mod fleet;
mod header;
mod log;
mod overlay;

use crate::core::fgdn::status::ShipView;
use crate::core::view::{self as core_view, ClockView, Schedule};
use crate::tui::app::App;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use ratatui::Frame;

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;
pub const FULL_WIDTH: u16 = 120;
pub const FULL_HEIGHT: u16 = 30;

/// What every panel reads, computed once per frame. Full ship views are built only for the
/// ships on screen (the fleet rows shown and the selected ship), so a frame's cost follows the
/// screen, not the fleet or the log.
pub struct Ctx<'a> {
    pub app: &'a App,
    pub clock: ClockView,
    /// What ending the phase will do, and what comes later (SPEC 3.5).
    pub due: Schedule,
    /// The selected ship.
    pub selected: Option<ShipView>,
}

impl Ctx<'_> {
    pub fn ship(&self) -> Option<&ShipView> {
        self.selected.as_ref()
    }

    /// The full view of ship `i`.
    /// Ship `i` as an enemy of the watching side sees her (None: shown in full).
    pub fn enemy(&self, i: usize) -> Option<crate::core::fog::EnemyView> {
        crate::tui::watch::enemy(self.app, i)
    }

    pub fn ship_view(&self, i: usize) -> ShipView {
        let g = &self.app.battle.game;
        crate::core::fgdn::status::ship_view(&g.state, &g.tables, &g.state.ships[i])
    }
}

pub fn draw(frame: &mut Frame, app: &mut App) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(frame, area);
        return;
    }
    let full = area.width >= FULL_WIDTH && area.height >= FULL_HEIGHT;
    let [head, body, msg, foot] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let game = &app.battle.game;
    let due = core_view::schedule(&game.state, &game.tables);
    let due = crate::tui::watch::visible_schedule(app, due);
    let selected = game
        .state
        .ships
        .get(app.selected)
        .map(|s| crate::core::fgdn::status::ship_view(&game.state, &game.tables, s));
    let clock = core_view::clock_view(&game.state);
    let log_area = {
        let ctx = Ctx {
            app,
            clock,
            due,
            selected,
        };
        header::draw(frame, head, &ctx);
        let log_area = if full {
            draw_full(frame, body, &ctx)
        } else {
            draw_compact(frame, body, &ctx)
        };
        overlay::message(frame, msg, &ctx);
        overlay::footer(frame, foot, &ctx);
        overlay::modal(frame, body, &ctx);
        log_area
    };
    app.log_height = log_area.height.saturating_sub(1) as usize;
}

fn too_small(frame: &mut Frame, area: Rect) {
    let text = format!(
        "terminal too small: {}x{}\nthe dashboard needs at least {MIN_WIDTH}x{MIN_HEIGHT}\n\nenlarge the window (q quits)",
        area.width, area.height
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

/// Fleet rows wanted: every ship, a heading per side, the panel title.
fn fleet_height(ctx: &Ctx) -> u16 {
    let ships = &ctx.app.battle.game.state.ships;
    let mut sides: Vec<&str> = ships.iter().map(|s| s.spec.side.as_str()).collect();
    sides.dedup();
    (ships.len() + sides.len() + 2) as u16
}

/// Returns the log panel's area (for paging).
fn draw_compact(frame: &mut Frame, area: Rect, ctx: &Ctx) -> Rect {
    let fleet_h = fleet_height(ctx).min(area.height.saturating_sub(9).max(area.height / 2));
    let [top, bottom] =
        Layout::vertical([Constraint::Length(fleet_h), Constraint::Min(6)]).areas(area);
    fleet::draw(frame, top, ctx);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(bottom);
    detail::draw(frame, left, ctx);
    let due_h = (due::wanted(ctx) as u16 + 1).clamp(2, right.height / 2);
    let [due_area, log_area] =
        Layout::vertical([Constraint::Length(due_h), Constraint::Min(3)]).areas(right);
    due::draw(frame, due_area, ctx);
    log::draw(frame, log_area, ctx);
    log_area
}

/// Full layout: fleet and the selected ship side by side on top; "due" and a wide log below.
fn draw_full(frame: &mut Frame, area: Rect, ctx: &Ctx) -> Rect {
    let top_h = fleet_height(ctx)
        .max(14)
        .min(area.height.saturating_sub(8).max(area.height / 2));
    let [top, bottom] =
        Layout::vertical([Constraint::Length(top_h), Constraint::Min(6)]).areas(area);
    let fleet_w = (area.width * 55 / 100).max(78);
    let [fleet_area, detail_area] =
        Layout::horizontal([Constraint::Length(fleet_w), Constraint::Min(30)]).areas(top);
    fleet::draw(frame, fleet_area, ctx);
    detail::draw(frame, detail_area, ctx);
    let [due_area, log_area] =
        Layout::horizontal([Constraint::Percentage(40), Constraint::Percentage(60)]).areas(bottom);
    due::draw(frame, due_area, ctx);
    log::draw(frame, log_area, ctx);
    log_area
}

/// A panel: a title line (bold, with a marker when focused) and no side borders, so 80
/// columns keep their text.
pub fn panel<'a>(title: &'a str, focused: bool, ctx: &Ctx) -> Block<'a> {
    let t = ctx.app.theme;
    let mark = if focused { "▶ " } else { "" };
    Block::new()
        .borders(Borders::TOP)
        .border_style(if focused { t.title() } else { t.dim() })
        .title(Line::from(vec![
            Span::styled(mark, t.title()),
            Span::styled(title, t.title()),
        ]))
}

/// Cut `text` to `width` characters, marking the cut with "…".
pub fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut s: String = text.chars().take(width.saturating_sub(1)).collect();
    s.push('…');
    s
}

pub fn styled(text: impl Into<String>, style: Style) -> Span<'static> {
    Span::styled(text.into(), style)
}
