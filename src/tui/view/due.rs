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
    let title = title(ctx);
    let block = panel(&title, false, ctx);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines = lines(ctx, Some((inner.width as usize, inner.height)));
    frame.render_widget(Paragraph::new(lines), inner);
}

pub fn title(ctx: &Ctx) -> String {
    let c = &ctx.clock;
    format!("Due at end of {} {}", c.turn, c.phase.words())
}

/// The panel's lines; with `fit` (width, height) the "later" lines are cut to the panel, else
/// (the full-screen view) every line whole.
pub fn lines(ctx: &Ctx, fit_to: Option<(usize, u16)>) -> Vec<Line<'static>> {
    let t = ctx.app.theme;
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
    if !later.is_empty() && fit_to.is_none_or(|(_, h)| (lines.len() as u16) < h) {
        lines.push(Line::from(styled("later:", t.dim())));
        lines.extend(later.iter().map(|u| {
            let tm = &u.timer;
            let text = format!("{} {}: {}: {}", tm.due, tm.phase.words(), u.name, tm.what);
            let text = match fit_to {
                Some((w, _)) => fit(&text, w.saturating_sub(1)),
                None => text,
            };
            Line::from(styled(text, t.dim()))
        }));
    }
    lines
}
