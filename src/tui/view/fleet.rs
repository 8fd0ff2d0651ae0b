//! The fleet, grouped by side: name, DP left as a bar and number (a flight's aircraft, an
//! airship's gas left), speed now / undamaged, fire and flood %, severity (coloured and
//! spelled), criticals, status.
use super::{fit, panel, styled, Ctx};
use crate::rulesets::fgdn::status::ShipView;
use crate::tui::app::Focus;
use crate::tui::theme::{severity_text, Theme};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

const BAR: usize = 8;

/// The status column: afloat, SINKS 1221, SUNK (and how, when lost at once), dead in the
/// water, magazines flooded, hits pending.
pub fn status_text(s: &ShipView) -> String {
    match s.status {
        "sunk" => {
            let when = s
                .sunk_at
                .as_deref()
                .map(|t| format!(" {t}"))
                .unwrap_or_default();
            match &s.lost {
                Some(how) => format!("SUNK{when}: {how}"),
                None => format!("SUNK{when}"),
            }
        }
        "sinking" => format!("SINKS {}", s.sinks_at.as_deref().unwrap_or("?")),
        _ if s.grounded.is_some() => s.grounded.unwrap_or_default().to_uppercase(),
        _ if s.dead_in_water || s.speed_max == 0 => "dead in water".into(),
        _ if s.magazines_flooded => "mags flooded".into(),
        _ if s.pending_hits == 1 => "1 hit pending".into(),
        _ if s.pending_hits > 1 => format!("{} hits pending", s.pending_hits),
        // Flights and airships in the air (FG&DN 8.1, 8.8).
        _ if s.flight.is_some() || s.airship.is_some() => "aloft".into(),
        // A submarine afloat reads her depth (FG&DN 8.1.4).
        _ => match &s.submarine {
            Some(v) if v.broached => "BROACHED".into(),
            Some(v) => v.depth_words.clone(),
            None => "afloat".into(),
        },
    }
}

fn bar(left: u32, of: u32) -> String {
    let filled = if of == 0 {
        0
    } else {
        (left as u64 * BAR as u64).div_ceil(of as u64) as usize
    };
    format!(
        "{}{}",
        "█".repeat(filled.min(BAR)),
        "░".repeat(BAR - filled.min(BAR))
    )
}

fn row(s: &ShipView, selected: bool, name_w: usize, t: Theme) -> Line<'static> {
    let base = if selected { t.selected() } else { Style::new() };
    let sunk = s.status == "sunk";
    let dim = if sunk {
        base.add_modifier(Modifier::DIM)
    } else {
        base
    };
    // A sunk ship's fires and floods went down with her: her row says when, not percentages.
    let pct = |p: u32| {
        if p == 0 || sunk {
            "  - ".to_string()
        } else {
            format!("{p:>3}%")
        }
    };
    let sev = if s.fire_pct + s.flood_pct == 0 || sunk {
        "-"
    } else {
        severity_text(s.severity)
    };
    let status = status_text(s);
    // A flight shows its aircraft and an airship her gas left, not damage points (8.1, 8.8):
    // the words in the bar's colour, over the bar and DP columns.
    let bar_style = |left: u32, of: u32| {
        if sunk {
            dim
        } else {
            t.dp_bar(left, of).patch(base)
        }
    };
    let amount = match s.strength() {
        Some(k) => vec![Span::styled(
            format!("{:<18}", fit(&k.text, 18)),
            bar_style(k.left, k.of),
        )],
        None => vec![
            Span::styled(bar(s.dp_left, s.dp), bar_style(s.dp_left, s.dp)),
            Span::styled(format!(" {:>4}/{:<4}", s.dp_left, s.dp), dim),
        ],
    };
    let mut spans = vec![
        Span::styled(if selected { "▶ " } else { "  " }, base),
        Span::styled(format!("{:<w$} ", fit(&s.name, name_w), w = name_w), dim),
    ];
    spans.extend(amount);
    spans.extend([
        Span::styled(format!("{:>3}/{:<3}", s.speed_max, s.speed), dim),
        Span::styled(pct(s.fire_pct), dim),
        Span::styled(pct(s.flood_pct), dim),
        Span::styled(" ", base),
        Span::styled(format!("{sev:<6}"), t.severity(s.severity).patch(base)),
        Span::styled(format!("{:>3} ", s.criticals.len()), dim),
        Span::styled(status.clone(), t.status(s.status).patch(base)),
        Span::styled(" ".repeat(20), base),
    ]);
    Line::from(spans)
}

pub fn draw(frame: &mut Frame, area: Rect, ctx: &Ctx) {
    let t = ctx.app.theme;
    let focused = ctx.app.focus == Focus::Fleet;
    let block = panel("Fleet", focused, ctx);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let name_w = (inner.width as usize).saturating_sub(62).clamp(8, 24);
    // Column widths as in `row`: marker 2, name+1, bar 8 + DP 10, speed 7, fire 4, flood 4,
    // space, severity 6, criticals 4, status.
    let head = Line::from(vec![styled(
        format!(
            "  {:<w$} {:<18}{:<7}{:>4}{:>4} {:<6}{:>3} {}",
            "Ship",
            "DP left",
            "kt/max",
            "F%",
            "W%",
            "Sev",
            "Cr",
            "Status",
            w = name_w
        ),
        t.dim(),
    )]);
    // Rows first as (side heading | ship index), cheap; full views only for the rows shown.
    enum Row<'a> {
        Side(&'a str),
        Ship(usize),
    }
    let ships = &ctx.app.battle.game.state.ships;
    let mut rows: Vec<Row> = Vec::new();
    let mut side: Option<&str> = None;
    for (i, s) in ships.iter().enumerate() {
        if side != Some(s.spec.side.as_str()) {
            side = Some(&s.spec.side);
            rows.push(Row::Side(&s.spec.side));
        }
        rows.push(Row::Ship(i));
    }
    let height = inner.height.saturating_sub(1) as usize;
    let at = rows
        .iter()
        .position(|r| matches!(r, Row::Ship(i) if *i == ctx.app.selected))
        .unwrap_or(0);
    let start = if at < height {
        0
    } else {
        (at + 1 - height).min(rows.len().saturating_sub(height))
    };
    let lines: Vec<Line> = rows
        .iter()
        .skip(start)
        .take(height)
        .map(|r| match r {
            Row::Side(name) => Line::from(styled(format!("── {name} ──"), t.title())),
            Row::Ship(i) => {
                let selected = *i == ctx.app.selected;
                if let Some(e) = ctx.enemy(*i) {
                    return crate::tui::watch::enemy_row(&e, selected, name_w, t);
                }
                match (selected, ctx.ship()) {
                    (true, Some(v)) => row(v, true, name_w, t),
                    _ => row(&ctx.ship_view(*i), selected, name_w, t),
                }
            }
        })
        .collect();
    let mut shown = vec![head];
    shown.extend(lines);
    frame.render_widget(Paragraph::new(shown), inner);
}
