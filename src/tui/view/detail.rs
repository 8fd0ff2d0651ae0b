//! The selected ship in detail: damage and the speed breakdown line with the current level
//! marked, armour and protection per side, criticals with their effect, fires and floods with
//! when they were inflicted and when they next do damage, the damage-control level, orders.
use super::fleet::status_text;
use super::{fit, panel, styled, Ctx};
use crate::rulesets::fgdn::damage::breakdown;
use crate::rulesets::fgdn::status::{CasualtyView, ShipView};
use crate::tui::theme::{severity_text, Theme};
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use ratatui::Frame;

/// "fire 9% (55 DP) since 1200, first damage 1209" / "…, next 1230; done 110".
fn casualty_line(what: &str, c: &CasualtyView, dp: u32) -> String {
    let dmg = crate::rulesets::fgdn::fire_flood::casualty_damage(c.pct, dp);
    let next = match &c.next_damage {
        Some(n) if *n == c.first_damage && c.damage_done == 0 => format!("first damage {n}"),
        Some(n) => format!("next {n}"),
        None => "out".into(),
    };
    let done = if c.damage_done > 0 {
        format!("; done {} DP", c.damage_done)
    } else {
        String::new()
    };
    format!(
        "{what} {}% ({dmg} DP) since {}, {next}{done}",
        c.pct, c.inflicted
    )
}

/// FG&DN 8.1.1: "Speed 28 [21] 14 7 0 kt (max 15)", the current breakdown level marked.
fn speed_line(s: &ShipView, dp: u32, speed: u32, t: Theme) -> Line<'static> {
    let b = breakdown(dp, speed);
    let mut spans = vec![styled("Speed", t.dim())];
    for (level, kt) in b.speed.iter().enumerate() {
        if level == s.breakdown_level {
            spans.push(styled(
                format!(" [{kt}]"),
                t.selected().add_modifier(Modifier::BOLD),
            ));
        } else {
            spans.push(styled(format!(" {kt}"), t.dim()));
        }
    }
    spans.push(styled(
        format!(" kt, max now {}", s.speed_max),
        Style::new(),
    ));
    Line::from(spans)
}

/// FG&DN 8.2: crews sent, ships assisting (and why one lends nothing), magazines.
fn damage_control_line(s: &ShipView) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(c) = &s.dc_crews {
        parts.push(format!("{c} crews at DC (-{}%)", s.dc_crew_bonus));
    }
    for h in &s.assisted_by {
        match &h.problem {
            Some(p) => parts.push(format!("{} alongside, lends 0 ({p})", h.id)),
            None => parts.push(format!("{} assisting (-{}%)", h.id, h.bonus)),
        }
    }
    if let Some(a) = &s.assisting {
        parts.push(format!("assisting {a}"));
    }
    if s.magazines_flooded {
        parts.push("magazines flooded".into());
    }
    if s.conflagration_marks > 0 {
        parts.push(format!(
            "fires overwhelmed {} mark(s): conflagration {}%",
            s.conflagration_marks,
            (25 * s.conflagration_marks).min(100)
        ));
    }
    (!parts.is_empty()).then(|| format!("DC: {}", parts.join("; ")))
}

/// FG&DN 8.3 lasting effects other than mounts: bridge, rudder, fire control, sensors,
/// communications, crew and flotation.
fn equipment_lines(s: &ShipView) -> Vec<String> {
    let mut v = Vec::new();
    if let Some(sub) = &s.submarine {
        v.extend(crate::rulesets::fgdn::submarine::detail_lines(sub));
    }
    if let Some(a) = &s.airship {
        v.extend(crate::rulesets::fgdn::airship::detail_lines(a));
    }
    if let Some(f) = &s.flight {
        v.extend(crate::rulesets::fgdn::flight::detail_lines(f));
    }
    if let Some(b) = &s.bridge {
        v.push(format!("Bridge: {b}"));
    }
    if let Some(r) = &s.rudder {
        v.push(format!(
            "Rudder: {}",
            serde_json::to_value(r)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        ));
    }
    if !s.fire_control.is_empty() {
        v.push(format!("Fire control: {}", s.fire_control.join(", ")));
    }
    if !s.sensors_out.is_empty() {
        v.push(format!("Sensors out: {}", s.sensors_out.join(", ")));
    }
    if !s.comms_out.is_empty() {
        v.push(format!("Comms out: {}", s.comms_out.join(", ")));
    }
    if s.crew_factors_lost > 0 {
        v.push(format!("Crew factors lost: {}", s.crew_factors_lost));
    }
    if s.flotation_hits > 0 {
        v.push(format!("Flotation hits: {}", s.flotation_hits));
    }
    if !s.breakdowns.is_empty() {
        v.push(format!("Broken down (8.5): {}", s.breakdowns.join(", ")));
    }
    if s.flooding_patch {
        v.push("Flooding pumped out; patch checked at each mark (8.4)".into());
    }
    v.extend(crate::rulesets::fgdn::status::grounding_cargo_air_lines(s));
    // FG&DN 8.4 repairs after the battle.
    for r in &s.repairs {
        let state = match (r.state, r.repaired_at) {
            ("repaired", Some(h)) => format!("repaired at {h} h"),
            ("not_repairable_at_sea", _) => "cannot be repaired at sea".into(),
            _ => "awaiting repair".into(),
        };
        v.push(format!("Repair: {}: {state}", r.what));
    }
    v
}

pub fn draw(frame: &mut Frame, area: Rect, ctx: &Ctx) {
    if let Some(e) = ctx.enemy(ctx.app.selected) {
        return crate::tui::watch::draw_enemy(frame, area, ctx, &e);
    }
    let Some(s) = ctx.ship() else {
        frame.render_widget(panel("Ship", false, ctx), area);
        return;
    };
    let title = format!("{} ({})", s.name, s.id);
    let block = panel(&title, false, ctx);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines = lines(ctx, s, inner.width as usize);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

/// The detail panel's lines, most important first (the compact layout shows only the top;
/// the full-screen view, `v`, all of them).
pub fn lines(ctx: &Ctx, s: &ShipView, w: usize) -> Vec<Line<'static>> {
    let t = ctx.app.theme;
    let state = &ctx.app.battle.game.state.ships[ctx.app.selected];
    let spec = &state.spec;
    // Most important first: the compact layout shows only the top of this list.
    let mut lines: Vec<Line> = Vec::new();
    lines.push(Line::from(fit(
        &format!(
            "{} {} {} {}{} — {}",
            s.side,
            s.kind,
            s.size,
            s.in_service,
            spec.rebuilt
                .map(|r| format!(" (rebuilt {r})"))
                .unwrap_or_default(),
            status_text(s)
        ),
        w,
    )));
    let pct = (s.damage as u64 * 100)
        .checked_div(s.dp as u64)
        .unwrap_or(0);
    lines.push(Line::from(vec![
        styled(
            format!("DP {} damage {} ({pct}%) ", s.dp, s.damage),
            Style::new(),
        ),
        styled(
            format!("left {}", s.dp_left),
            t.dp_bar(s.dp_left, s.dp).add_modifier(Modifier::BOLD),
        ),
        styled(
            if s.turn_damage > 0 {
                format!(" turn {}", s.turn_damage)
            } else {
                String::new()
            },
            t.dim(),
        ),
    ]));
    lines.push(speed_line(s, spec.dp, spec.speed, t));
    if let Some(c) = &s.carried {
        lines.push(Line::from(styled(c.note.clone(), t.dim())));
    }
    let sev = if s.fire_pct + s.flood_pct == 0 {
        "-"
    } else {
        severity_text(s.severity)
    };
    lines.push(Line::from(vec![
        styled(
            format!("Fire {}% Flood {}% ", s.fire_pct, s.flood_pct),
            Style::new(),
        ),
        styled(sev.to_string(), t.severity(s.severity)),
        styled(
            format!(
                " · DC effective {}% {}",
                s.dc_pct,
                severity_text(s.dc_level)
            ),
            t.dim(),
        ),
    ]));
    if let Some(dc) = damage_control_line(s) {
        lines.push(Line::from(styled(dc, Style::new())));
    }
    for f in &s.fires {
        lines.push(Line::from(styled(
            casualty_line("fire", f, s.dp),
            t.severity(s.severity),
        )));
    }
    for f in &s.floods {
        lines.push(Line::from(styled(
            casualty_line("flood", f, s.dp),
            t.severity(s.severity),
        )));
    }
    for o in &s.orders {
        lines.push(Line::from(styled(format!("ORDER: {o}"), t.warn())));
    }
    // A sunk ship's weapons went down with her: one line instead of each mount and the
    // massive-damage switch-off.
    let sunk = s.status == "sunk";
    if sunk && !s.mounts.is_empty() {
        lines.push(Line::from(styled(
            "Mounts: all lost with the ship".to_string(),
            t.warn(),
        )));
    }
    if let Some(m) = s.massive_damage.filter(|_| !sunk) {
        lines.push(Line::from(styled(
            format!("massive damage: {} (8.1.10)", m.replace('_', " ")),
            t.warn(),
        )));
    }
    for e in equipment_lines(s) {
        lines.push(Line::from(styled(e, t.warn())));
    }
    let out: Vec<String> = s
        .mounts
        .iter()
        .filter(|m| !sunk && (m.status != "ok" || m.thirds_lost > 0))
        .map(|m| {
            if m.thirds_lost > 0 {
                format!("{} -{}/3", m.name, m.thirds_lost)
            } else {
                format!("{} {}", m.name, m.status)
            }
        })
        .collect();
    if !out.is_empty() {
        lines.push(Line::from(styled(
            format!("Mounts: {}", out.join(", ")),
            t.warn(),
        )));
    }
    if !s.criticals.is_empty() {
        lines.push(Line::from(styled(
            format!("Criticals ({})", s.criticals.len()),
            t.title(),
        )));
    }
    for note in &s.counts_beyond {
        lines.push(Line::from(styled(note.clone(), t.dim())));
    }
    for c in &s.criticals {
        let mark = if c.effect_applied {
            ""
        } else {
            " [effect not applied]"
        };
        lines.push(Line::from(vec![
            Span::styled(
                format!("{} {} ", c.turn, crate::core::words::words(c.kind.name())),
                t.warn(),
            ),
            Span::raw(format!("{}{mark}", c.detail)),
        ]));
    }
    lines.push(Line::from(format!(
        "Belt {} Deck {} TDS port {}/{} stbd {}/{}",
        spec.armor.belt,
        spec.armor.deck,
        s.tds.port,
        spec.armor.tds,
        s.tds.starboard,
        spec.armor.tds
    )));
    let b = breakdown(spec.dp, spec.speed);
    let breaks: Vec<String> = b.damage[1..5].iter().map(|d| d.to_string()).collect();
    lines.push(Line::from(styled(
        format!("Speed breaks at {} DP (8.1.1)", breaks.join(" ")),
        t.dim(),
    )));
    if !s.timers.is_empty() {
        lines.push(Line::from(styled("Timers", t.title())));
        for tm in &s.timers {
            lines.push(Line::from(format!(
                "{} {}: {}",
                tm.due,
                tm.phase.words(),
                tm.what
            )));
        }
    }
    lines
}
