//! The header: scenario, game clock, next intermediate mark, dice mode, saved or not.
use super::{styled, Ctx};
use crate::tui::fgdn::app::DiceMode;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::Frame;

/// The longest phase name as words ("reaction fire").
const PHASE_WIDTH: usize = 13;

pub fn draw(frame: &mut Frame, area: Rect, ctx: &Ctx) {
    let t = ctx.app.theme;
    let c = &ctx.clock;
    let base = t.header();
    let (clock, mark) = match &c.post_battle {
        // FG&DN 8.4: the repair timeline after `end-battle`.
        Some(pb) => (
            format!(
                " after the battle: {} h mark, {} d{} ",
                pb.hours, c.turn, c.day
            ),
            match (pb.finished, pb.next_hours) {
                (true, _) | (_, None) => " repairs done ".to_string(),
                (false, Some(h)) => format!(" next {h} h ({}) ", c.next_mark),
            },
        ),
        // The phase as words, padded to the longest ("reaction fire") so the header does not
        // shift as the phase changes.
        None => (
            format!(
                " {} {:<w$} {} d{} ",
                c.turn,
                c.phase.words(),
                c.scale,
                c.day,
                w = PHASE_WIDTH
            ),
            if c.is_mark {
                format!(" MARK, next {} ", c.next_mark)
            } else {
                format!(" mark {} ", c.next_mark)
            },
        ),
    };
    let mode = match ctx.app.dice_mode {
        DiceMode::Roll => "roll",
        DiceMode::Ask => "ASK",
    };
    let queued = crate::tui::panels::queued(&ctx.app.battle.game.state.dice_queue);
    let dice = format!(" dice {mode}{queued} ");
    let watch = crate::tui::fgdn::watch::header_label(ctx.app);
    let dice = if watch.is_some() { String::new() } else { dice };
    let (saved, saved_style) = if let Some(label) = watch {
        (label, t.warn().add_modifier(Modifier::REVERSED))
    } else if let Some(why) = &ctx.app.unsaved {
        (
            format!(" NOT SAVED: {why} "),
            t.error().add_modifier(Modifier::REVERSED),
        )
    } else if ctx.app.read_only().is_some() {
        (
            " READ-ONLY ".to_string(),
            t.warn().add_modifier(Modifier::REVERSED),
        )
    } else {
        (" saved ✓".to_string(), base)
    };
    // `umpire review`: the position instead of dice and saving (nothing is rolled or saved).
    let (dice, saved, saved_style) = match crate::tui::fgdn::review::header_tag(ctx.app) {
        Some(tag) => (
            String::new(),
            tag,
            t.warn().add_modifier(Modifier::REVERSED),
        ),
        None => (dice, saved, saved_style),
    };
    let name = (
        format!(" {}", ctx.app.battle.scenario.name),
        base.add_modifier(Modifier::BOLD),
    );
    let rest = vec![
        styled("│", base),
        styled(clock, base.add_modifier(Modifier::BOLD)),
        styled("│", base),
        styled(mark, base),
        styled("│", base),
        styled(
            dice,
            if ctx.app.dice_mode == DiceMode::Ask {
                base.add_modifier(Modifier::BOLD)
            } else {
                base
            },
        ),
        styled(saved, saved_style),
    ];
    crate::tui::panels::header(frame, area, name, 4, rest, base);
}
