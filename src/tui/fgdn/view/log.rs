//! The battle log: newest at the bottom, scrollable, filterable by ship, searchable; undone
//! entries dimmed and marked.
use super::Ctx;
use crate::tui::fgdn::app::Focus;
use crate::tui::panels::Look;
use ratatui::layout::Rect;
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
    title.push_str(&crate::tui::fgdn::review::log_title(ctx.app));
    if log.scroll > 0 {
        title.push_str(&format!(" (+{} newer)", log.scroll));
    }
    let focused = ctx.app.focus == Focus::Log;
    // In review: the entry that got the battle to the position shown.
    let current = crate::tui::fgdn::review::current_entry(ctx.app);
    log.draw(frame, area, Look::Ruled, &title, focused, current, None, t);
}
