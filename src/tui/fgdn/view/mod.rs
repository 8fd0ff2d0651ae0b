//! Drawing: a pure function of the `App` (no side effects, no I/O). The fleet, the selected
//! ship and the due list are FG&DN's screen model (`rulesets::fgdn::board`) drawn by the
//! shared panels (`tui::panels`); the header, the log, the overlays and the hit-chance form
//! have a file each here.
//!
//! Layouts: compact from 80x24 (fleet on top; detail beside "due" and the log below), full from
//! 120x30 (fleet beside the ship's detail on top, "due" beside a wide log below). Smaller terminals get a
//! "terminal too small" message, never a panic.
mod chance;
mod header;
mod log;
mod overlay;

use crate::core::board::{Board, Detail, DueList};
use crate::rulesets::fgdn::status::ClockView;
use crate::rulesets::fgdn::Fgdn;
use crate::tui::fgdn::app::{App, Focus};
use crate::tui::panels::{self, Look};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use ratatui::Frame;

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;
pub const FULL_WIDTH: u16 = 120;
pub const FULL_HEIGHT: u16 = 30;

/// What every panel reads, computed once per frame.
pub struct Ctx<'a> {
    pub app: &'a App,
    pub clock: ClockView,
    /// What ending the phase will do, and what comes later (SPEC 3.5), as the face's viewer
    /// (the umpire, or a watching side) may see it.
    pub due: DueList,
    /// The selected ship's detail panel, as the viewer may see her.
    pub detail: Detail,
    /// The selected ship is an enemy of the watching side (her detail is what observers see).
    pub enemy: bool,
}

/// The side watching (None: the umpire).
fn side(app: &App) -> Option<&str> {
    app.watch.as_ref().and_then(|w| w.side.as_deref())
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
    let (state, tables) = (&game.state, &game.tables);
    let clock = crate::rulesets::fgdn::status::clock_view(state);
    let log_area = {
        let ctx = Ctx {
            app,
            clock,
            due: Fgdn::due_list(state, tables, side(app)),
            detail: Fgdn::detail_panel(state, tables, app.selected, side(app)),
            enemy: crate::rulesets::fgdn::board::enemy(state, tables, side(app), app.selected)
                .is_some(),
        };
        header::draw(frame, head, &ctx);
        let log_area = if let Some(area) = draw_full_screen(frame, body, &ctx) {
            area
        } else if full {
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

/// The full-screen views (`L` the log, `v` the ship and the due list): what the panels cut
/// with "…", whole (SPEC 10). None when neither is open.
fn draw_full_screen(frame: &mut Frame, area: Rect, ctx: &Ctx) -> Option<Rect> {
    let t = ctx.app.theme;
    match ctx.app.mode {
        crate::tui::fgdn::app::Mode::LogView { scroll } => {
            let block = panel(
                "Log — every line whole (j k PgUp PgDn g G; Esc back)",
                true,
                ctx,
            );
            let inner = block.inner(area);
            frame.render_widget(block, area);
            ctx.app.log.draw_whole(frame, inner, scroll, t);
            Some(inner)
        }
        crate::tui::fgdn::app::Mode::DetailView { scroll } => {
            let ship = ctx.app.battle.game.state.ships.get(ctx.app.selected);
            let title = match ship {
                Some(_) => format!("{} — in full (j k PgUp PgDn; Esc back)", ctx.detail.title),
                None => "Ship".into(),
            };
            let block = panel(&title, true, ctx);
            let inner = block.inner(area);
            frame.render_widget(block, area);
            // An enemy's detail is the panel's: here only the due list.
            let mut lines: Vec<Line> = if ctx.enemy {
                Vec::new()
            } else {
                panels::lines(&ctx.detail.lines, Some(inner.width as usize), t)
            };
            lines.push(Line::default());
            lines.push(Line::from(Span::styled(ctx.due.title.clone(), t.title())));
            lines.extend(panels::due_lines(&ctx.due, None, t));
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

pub use crate::tui::panels::wrap;

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
    draw_fleet(frame, top, ctx);
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(50), Constraint::Percentage(50)]).areas(bottom);
    panels::detail(frame, left, Look::Ruled, &ctx.detail, ctx.app.theme);
    // The due list's lines wanted: what ending the phase does (or "nothing"), and the title.
    let due_h = (ctx.due.now.len().max(1) as u16 + 3).clamp(2, right.height / 2);
    let [due_area, log_area] =
        Layout::vertical([Constraint::Length(due_h), Constraint::Min(3)]).areas(right);
    panels::due(frame, due_area, Look::Ruled, &ctx.due, ctx.app.theme);
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
    draw_fleet(frame, fleet_area, ctx);
    panels::detail(frame, detail_area, Look::Ruled, &ctx.detail, ctx.app.theme);
    let [due_area, log_area] =
        Layout::horizontal([Constraint::Percentage(40), Constraint::Percentage(60)]).areas(bottom);
    panels::due(frame, due_area, Look::Ruled, &ctx.due, ctx.app.theme);
    log::draw(frame, log_area, ctx);
    log_area
}

/// The fleet grouped by side, as FG&DN lays it out, the enemies as the watching side sees them.
fn draw_fleet(frame: &mut Frame, area: Rect, ctx: &Ctx) {
    let g = &ctx.app.battle.game;
    let row = |i| Fgdn::fleet_row(&g.state, &g.tables, i, side(ctx.app)).unwrap_or_default();
    let fleet = panels::FleetPanel {
        layout: Fgdn::fleet_layout(),
        columns: &Fgdn::columns(),
        heads: g
            .state
            .ships
            .iter()
            .map(|s| (s.id(), s.spec.name.as_str(), s.spec.side.as_str()))
            .collect(),
        row: &row,
        selected: ctx.app.selected,
        focused: ctx.app.focus == Focus::Fleet,
    };
    panels::fleet(frame, area, Look::Ruled, &fleet, ctx.app.theme);
}

/// A panel: a title line (bold, with a marker when focused) and no side borders, so 80
/// columns keep their text.
pub fn panel<'a>(title: &'a str, focused: bool, ctx: &Ctx) -> Block<'a> {
    Look::Ruled.block(title, focused, ctx.app.theme)
}

pub use crate::tui::panels::fit;

pub fn styled(text: impl Into<String>, style: Style) -> Span<'static> {
    Span::styled(text.into(), style)
}
