//! The hit-chance form (`tui::fgdn::chance_form`) as FG&DN draws it over the dashboard (its
//! `OwnForm::draw`): the fields on the left (or above, at 80 columns),
//! scrolled to keep the focused one in view, where the focused modifier applies, and the
//! calculator's answer: base chance, each modifier with its label and value, the total, the
//! final chance or "no fire possible" (FG&DN p. 6-4). Words carry the meaning, not colour.
use crate::rulesets::fgdn::Game;
use crate::tui::fgdn::chance_form;
use crate::tui::form::{Form, Value};
use crate::tui::panels::{fit, wrap};
use crate::tui::theme::Theme;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use ratatui::Frame;

/// Two columns from this inner width; stacked below it.
const SIDE_BY_SIDE: u16 = 100;

fn styled(text: impl Into<String>, style: Style) -> Span<'static> {
    Span::styled(text.into(), style)
}

pub fn draw(frame: &mut Frame, body: Rect, t: Theme, game: &Game, form: &Form) {
    let area = Rect {
        width: body.width.min(140),
        x: body.x + body.width.saturating_sub(body.width.min(140)) / 2,
        ..body
    };
    let title = form.title();
    let block = Block::new()
        .borders(Borders::ALL)
        .title(title.as_str())
        .title_style(t.title());
    let inner = block.inner(area);
    frame.render_widget(Clear, area);
    frame.render_widget(block, area);
    let answer = chance_form::result(game, form);
    let (fields_area, answer_area) = if inner.width >= SIDE_BY_SIDE {
        let [l, r] =
            Layout::horizontal([Constraint::Percentage(55), Constraint::Min(30)]).areas(inner);
        (l, r)
    } else {
        let want = answer_lines(t, form, &answer, inner.width as usize).len() as u16;
        let answer_h = want.clamp(4, inner.height / 2);
        let [f, a] =
            Layout::vertical([Constraint::Min(4), Constraint::Length(answer_h)]).areas(inner);
        (f, a)
    };
    frame.render_widget(
        Paragraph::new(field_lines(t, game, form, fields_area)),
        fields_area,
    );
    let w = answer_area.width as usize;
    let lines: Vec<Line> = answer_lines(t, form, &answer, w)
        .into_iter()
        .take(answer_area.height as usize)
        .collect();
    frame.render_widget(Paragraph::new(lines), answer_area);
}

/// The target line, the fields around the focused one, and what the focused one is.
fn field_lines(t: Theme, game: &Game, form: &Form, area: Rect) -> Vec<Line<'static>> {
    let w = area.width as usize;
    let mut lines = Vec::new();
    // The target as the table reads it: her name, size and the sea state (filled in).
    let target = form.fields.iter().find(|f| f.keyword == "target");
    let head = match target.map(|f| &f.value) {
        Some(Value::Choice { options, index }) => match game.state.ship(&options[*index]) {
            Some(s) => format!(
                "{} at {} (size {}); battle sea state {}",
                form.ship_name, s.spec.name, s.spec.size, game.state.sea_state
            ),
            None => form.ship_name.clone(),
        },
        _ => form.ship_name.clone(),
    };
    lines.push(Line::from(styled(fit(&head, w), t.title())));
    // What the focused field is, in full: reserved at the bottom.
    let focused = form.fields.get(form.focus);
    let about = focused
        .map(|f| match chance_form::modifier(game, f) {
            Some(m) => format!("{}: {}", m.label, chance_form::applies_text(m)),
            None => f.label.clone(),
        })
        .unwrap_or_default();
    let about = wrap(&about, w.max(1));
    let rows = (area.height as usize)
        .saturating_sub(1 + about.len().min(2))
        .max(1);
    let n = form.fields.len();
    let start = form
        .focus
        .saturating_sub(rows / 2)
        .min(n.saturating_sub(rows));
    let label_w = w.saturating_sub(14).clamp(8, 72);
    for (i, f) in form.fields.iter().enumerate().skip(start).take(rows) {
        let focused = i == form.focus;
        let value = match &f.value {
            Value::Number { text, .. } if text.is_empty() && focused => "_".to_string(),
            Value::Number { text, .. } if text.is_empty() => "-".to_string(),
            Value::Number { text, .. } => text.clone(),
            Value::Choice { options, index } if f.keyword == "target" => game
                .state
                .ship(&options[*index])
                .map(|s| format!("◂ {} ▸", s.spec.name))
                .unwrap_or_default(),
            Value::Choice { options, index } => {
                format!("◂ {} ▸", crate::core::words::words(&options[*index]))
            }
        };
        let style = if focused { t.selected() } else { Style::new() };
        let mark = if focused { "▶ " } else { "  " };
        lines.push(Line::from(vec![
            styled(
                format!("{mark}{:<label_w$} ", fit(&f.label, label_w)),
                style,
            ),
            styled(value, style.add_modifier(Modifier::BOLD)),
        ]));
    }
    let more = n.saturating_sub(start + rows);
    if more > 0 {
        if let Some(last) = lines.last_mut() {
            *last = Line::from(styled(format!("  … {} more fields (↓)", more + 1), t.dim()));
        }
    }
    for a in about.into_iter().take(2) {
        lines.push(Line::from(styled(a, t.dim())));
    }
    lines
}

/// The calculator's answer (or why it refuses), then the command it stands for.
fn answer_lines(
    t: Theme,
    form: &Form,
    answer: &Result<crate::rulesets::fgdn::event::GunChance, String>,
    w: usize,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    match answer {
        Ok(g) => {
            let r = &g.result;
            lines.push(Line::from(styled(
                fit(
                    &format!(
                        "GS{} {} range, size {} (p. 6-4)",
                        g.input.gunnery_standard, g.input.range, g.input.size
                    ),
                    w,
                ),
                t.title(),
            )));
            lines.push(Line::from(format!("{:>4} %  base chance", r.base)));
            for l in &r.modifiers {
                let text = match &l.ignored {
                    Some(why) => format!("   -  {} [ignored: {why}]", l.label),
                    None => format!("{:>+4}  {}", l.value, l.label),
                };
                lines.push(Line::from(fit(&text, w)));
            }
            lines.push(Line::from(fit(
                &format!(
                    "total {:+} x {} % = {:+} %",
                    r.modifier_total,
                    r.per_point,
                    r.modifier_total * r.per_point as i32
                ),
                w,
            )));
            lines.push(if r.no_fire {
                Line::from(styled("NO FIRE POSSIBLE (sea state, p. 6-4)", t.error()))
            } else {
                Line::from(styled(
                    format!("{:>4} %  chance to hit", r.chance),
                    t.ok().add_modifier(Modifier::BOLD),
                ))
            });
        }
        Err(e) => {
            for l in wrap(&format!("✗ {e}"), w.max(1)) {
                lines.push(Line::from(styled(l, t.error())));
            }
        }
    }
    let cmd = chance_form::command(form);
    for l in wrap(&format!("= {cmd}"), w.max(1)) {
        lines.push(Line::from(styled(l, t.dim())));
    }
    // The most important lines last-cut: keep the final chance on screen when room is short.
    lines
}
