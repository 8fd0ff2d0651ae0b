//! The battle log: newest at the bottom, scrollable, filterable by ship, searchable; undone
//! entries dimmed and marked.
use super::{fit, panel, Ctx};
use crate::tui::app::Focus;
use crate::tui::panels::Look;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::Frame;

pub fn draw(frame: &mut Frame, area: Rect, ctx: &Ctx) {
    let t = ctx.app.theme;
    let log = &ctx.app.log;
    let mut title = String::from("Log");
    if let Some(ship) = &log.ship {
        title.push_str(&format!(" [{ship} only]"));
    }
    if let Some(s) = &log.search {
        title.push_str(&format!(" /{s}"));
    }
    title.push_str(&crate::tui::review::log_title(ctx.app));
    if log.scroll > 0 {
        title.push_str(&format!(" (+{} newer)", log.scroll));
    }
    let focused = ctx.app.focus == Focus::Log;
    let inner = panel(&title, focused, ctx).inner(area);
    let (h, w) = (inner.height as usize, inner.width as usize);
    let (rows, _) = crate::tui::panels::log_window(log.rows.len(), h, log.scroll);
    // In review: the entry that got the battle to the position shown.
    let current = crate::tui::review::current_entry(ctx.app);
    let lines: Vec<Line> = rows
        .map(|i| {
            let r = &log.rows[i];
            let mut style = if r.heading {
                Style::new().add_modifier(Modifier::BOLD)
            } else {
                Style::new()
            };
            if !r.in_effect {
                style = t.dim().add_modifier(Modifier::CROSSED_OUT);
            }
            if current == Some(r.entry) {
                style = t.selected();
            }
            if log.found == Some(i) {
                style = t.selected();
            }
            Line::from(Span::styled(fit(&r.text, w), style))
        })
        .collect();
    crate::tui::panels::log(frame, area, Look::Ruled, &title, focused, lines, t);
}
