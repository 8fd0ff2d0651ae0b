//! The message line, the footer (key hints or the prompt) and the modal boxes: forms, the
//! dice question, help, quit confirmation.
use super::{fit, styled, Ctx};
use crate::tui::fgdn::app::{Mode, Tone};
use crate::tui::fgdn::form::Value;
use crate::tui::keymap::Action;
use crate::tui::panels::centered;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

pub fn message(frame: &mut Frame, area: Rect, ctx: &Ctx) {
    let t = ctx.app.theme;
    let w = area.width as usize;
    let line = match &ctx.app.mode {
        Mode::Prompt { error: Some(e), .. } => {
            Line::from(styled(fit(&format!("✗ {e}"), w), t.error()))
        }
        Mode::Prompt { hint: Some(h), .. } => Line::from(styled(fit(h, w), t.dim())),
        _ => match &ctx.app.message {
            Some(m) if m.tone == Tone::Error => {
                Line::from(styled(fit(&format!("✗ {}", m.text), w), t.error()))
            }
            Some(m) => Line::from(styled(fit(&m.text, w), t.ok())),
            None => match ctx.app.read_only() {
                Some(why) => Line::from(styled(fit(&format!("read-only: {why}"), w), t.warn())),
                None => Line::default(),
            },
        },
    };
    frame.render_widget(Paragraph::new(line), area);
}

fn hints(ctx: &Ctx) -> Line<'static> {
    if ctx.app.watch.is_some() {
        return crate::tui::fgdn::watch::hints(ctx.app);
    }
    let normal = [
        (Action::EndPhase, "next"),
        (Action::NextTurn, "turn"),
        (Action::Hit, "hit"),
        (Action::Fire, "fire"),
        (Action::Flood, "flood"),
        (Action::Critical, "crit"),
        (Action::Undo, "undo"),
        (Action::DiceMode, "dice"),
        (Action::Command, "cmd"),
        (Action::Help, "help"),
        (Action::Quit, "quit"),
    ];
    let pairs: &[(Action, &str)] = match ctx.app.review {
        Some(_) => crate::tui::fgdn::review::HINTS,
        None => &normal,
    };
    Line::from(crate::tui::help::hints(
        &ctx.app.keymap,
        pairs,
        ctx.app.theme,
    ))
}

pub fn footer(frame: &mut Frame, area: Rect, ctx: &Ctx) {
    let t = ctx.app.theme;
    let (prefix, edit) = match &ctx.app.mode {
        Mode::Prompt { edit, .. } => (":", Some(edit)),
        Mode::Search(edit) => ("/", Some(edit)),
        _ => ("", None),
    };
    let Some(edit) = edit else {
        let line = match &ctx.app.mode {
            Mode::Form(_) => Line::from(styled(
                "Tab/↑↓ field  ←→ or letter choose  digits type  Enter record  Esc cancel",
                t.dim(),
            )),
            Mode::Ask(_) => Line::from(styled(
                "digits: the table's face   Enter: roll it for me   Esc: abandon (nothing changes)",
                t.dim(),
            )),
            Mode::Confirm(_) => Line::from(styled(crate::tui::panels::CONFIRM_KEYS, t.dim())),
            _ => hints(ctx),
        };
        frame.render_widget(Paragraph::new(line), area);
        return;
    };
    crate::tui::panels::prompt(frame, area, prefix, edit, t);
}

fn boxed<'a>(title: &'a str, ctx: &Ctx) -> Block<'a> {
    Block::new()
        .borders(Borders::ALL)
        .title(title)
        .title_style(ctx.app.theme.title())
}

pub fn modal(frame: &mut Frame, body: Rect, ctx: &Ctx) {
    let t = ctx.app.theme;
    match &ctx.app.mode {
        Mode::Form(form) if form.kind == crate::tui::fgdn::form::FormKind::Chance => {
            super::chance::draw(frame, body, ctx, form)
        }
        Mode::Form(form) => {
            let mut lines: Vec<Line> = Vec::new();
            for (i, f) in form.fields.iter().enumerate() {
                let focused = i == form.focus;
                let value = match &f.value {
                    Value::Number { text, required } => {
                        if text.is_empty() && focused {
                            "_".to_string()
                        } else if text.is_empty() {
                            if *required {
                                "(required)".into()
                            } else {
                                "-".into()
                            }
                        } else {
                            text.clone()
                        }
                    }
                    // Words, not ids (`main battery`); the command keeps the id.
                    Value::Choice { options, index } => {
                        let name = options.get(*index).map_or("", String::as_str);
                        format!("◂ {} ▸", crate::core::words::words(name))
                    }
                };
                let style = if focused { t.selected() } else { Style::new() };
                lines.push(Line::from(vec![
                    styled(
                        format!("{}{:<14}", if focused { "▶ " } else { "  " }, f.label),
                        style,
                    ),
                    styled(value, style.add_modifier(Modifier::BOLD)),
                ]));
            }
            lines.push(Line::default());
            match form.command() {
                Ok(c) => lines.push(Line::from(styled(format!("= {c}"), t.dim()))),
                Err(_) => lines.push(Line::from(styled("= (incomplete)", t.dim()))),
            }
            if let Some(e) = &form.error {
                lines.push(Line::from(styled(format!("✗ {e}"), t.error())));
            }
            let title = form.title();
            let area = centered(body, 64, lines.len() as u16 + 4);
            frame.render_widget(Clear, area);
            frame.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .block(boxed(&title, ctx)),
                area,
            );
        }
        Mode::Ask(ask) => {
            let mut lines = vec![
                Line::from(styled(format!("{} — {}", ask.die, ask.purpose), t.title())),
                Line::from(styled(format!("for: {}", ask.text), t.dim())),
                Line::default(),
                Line::from(vec![
                    styled(format!("{} face: ", ask.die), Style::new()),
                    styled(
                        if ask.input.is_empty() {
                            "_".to_string()
                        } else {
                            ask.input.clone()
                        },
                        Style::new().add_modifier(Modifier::BOLD),
                    ),
                ]),
                Line::from(styled(
                    "Enter rolls it for you; Esc abandons the whole command",
                    t.dim(),
                )),
            ];
            if let Some(e) = &ask.error {
                lines.push(Line::from(styled(format!("✗ {e}"), t.error())));
            }
            if !ask.answers.is_empty() {
                lines.push(Line::from(styled(
                    format!("{} dice already given for this command", ask.answers.len()),
                    t.dim(),
                )));
            }
            let area = centered(body, 70, lines.len() as u16 + 2);
            frame.render_widget(Clear, area);
            frame.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: false })
                    .block(boxed("Roll a die", ctx)),
                area,
            );
        }
        Mode::Help { scroll } => {
            let lines = crate::tui::help::lines(&ctx.app.help_page(), t);
            crate::tui::help::draw(frame, body, lines, *scroll, t);
        }
        Mode::Confirm(c) => confirm(frame, body, ctx, c),
        Mode::ConfirmQuit => {
            crate::tui::panels::confirm_quit(frame, body, ctx.app.save_path.as_deref(), t)
        }
        _ => {}
    }
}

/// A command that asks first (`tui::fgdn::confirm`): drawn by [`crate::tui::panels::confirm`].
fn confirm(frame: &mut Frame, body: Rect, ctx: &Ctx, c: &crate::tui::fgdn::confirm::Confirm) {
    crate::tui::panels::confirm(frame, body, (&c.title, &c.text), &c.lines, ctx.app.theme);
}
