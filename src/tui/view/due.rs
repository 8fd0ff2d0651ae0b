//! "Due at end of this phase": everything the next `next` will do, ship by ship, so the umpire
//! sees the delayed effects coming; then what follows at later turns.
use super::{fit, panel, styled, Ctx};
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// Lines the panel would like (for the compact layout's split).
pub fn wanted(ctx: &Ctx) -> usize {
    ctx.due.now.len().max(1) + 2
}

pub fn draw(frame: &mut Frame, area: Rect, ctx: &Ctx) {
    let t = ctx.app.theme;
    let c = &ctx.clock;
    let title = format!("Due at end of {} {}", c.turn, c.phase.name());
    let block = panel(&title, false, ctx);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let w = inner.width as usize;
    let now = &ctx.due.now;
    let mut lines: Vec<Line> = Vec::new();
    if now.is_empty() {
        lines.push(Line::from(styled(
            "nothing: the clock just moves on",
            t.dim(),
        )));
    }
    for d in now {
        lines.push(Line::from(vec![
            styled(format!("{}: ", d.name), t.warn()),
            styled(d.what.clone(), ratatui::style::Style::new()),
        ]));
    }
    // Later: every ship's next timers, soonest first.
    let later = &ctx.due.later;
    if !later.is_empty() && (lines.len() as u16) < inner.height {
        lines.push(Line::from(styled("later:", t.dim())));
        lines.extend(later.iter().map(|u| {
            let tm = &u.timer;
            let text = format!("{} {}: {}: {}", tm.due, tm.phase.name(), u.name, tm.what);
            Line::from(styled(fit(&text, w.saturating_sub(1)), t.dim()))
        }));
    }
    frame.render_widget(Paragraph::new(lines), inner);
}
