//! The dashboard's help overlay, written once for every ruleset: the
//! keys of the face from the keymap (so a user's own keys are the ones listed), the review's
//! keys, the keys refused in a read-only face, the ruleset's forms, every command of its
//! language, and what the keys do in a form or when a die is asked. It scrolls (SPEC 10: 80x24
//! hides nothing); Esc, q, ? or Enter close it. And the footer's key hints, from the keymap
//! too.
use crate::tui::keymap::{Action, Face, Keymap};
use crate::tui::panels::centered;
use crate::tui::theme::Theme;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use ratatui::Frame;

/// What a dashboard's help lists.
pub struct Page<'a> {
    pub face: Face,
    pub keymap: &'a Keymap,
    /// The actions this dashboard has; the keys of any other are not listed.
    pub has: Box<dyn Fn(Action) -> bool + 'a>,
    /// What the review's prompt jumps to (`Places::PLACE_HELP`).
    pub places: &'static str,
    /// The ruleset's forms that are not keymap actions: (key, what it opens).
    pub forms: Vec<(String, String)>,
    /// The keys at the `:` prompt.
    pub prompt_keys: &'static str,
    /// Every command's usage, in the language's own order.
    pub commands: Vec<&'static str>,
    /// Sections after the commands: a title and the line under it.
    pub more: Vec<(&'static str, &'static str)>,
}

/// The help's lines, before wrapping.
pub fn lines(page: &Page, t: Theme) -> Vec<Line<'static>> {
    let face = page.face;
    let describe = |a: Action| match (a, face) {
        (Action::Command, Face::Review) => format!("jump: {}; or expect", page.places),
        _ => a
            .describe_in(face)
            .trim_start_matches("review: ")
            .to_string(),
    };
    let key_line = |keys: String, description: String| {
        Line::from(vec![
            Span::styled(format!("{keys:<14}"), t.key()),
            Span::styled(description, Style::new()),
        ])
    };
    let title = |text: &str| Line::styled(text.to_string(), t.title());
    let mut lines = Vec::new();
    if face == Face::Review {
        lines.push(title("Keys in review (read-only)"));
        for (keys, action, _) in page.keymap.review_help() {
            if (page.has)(action) {
                lines.push(key_line(keys, describe(action)));
            }
        }
        lines.push(Line::default());
    }
    lines.push(title(match face {
        Face::Play => "Keys (normal mode)",
        Face::Review => "Other keys",
        Face::Watch => "Keys (watching: read-only)",
    }));
    for (keys, action, _) in page.keymap.help_in(face) {
        if (page.has)(action) {
            lines.push(key_line(keys, describe(action)));
        }
    }
    if face == Face::Play {
        for (key, what) in &page.forms {
            lines.push(Line::from(vec![
                Span::styled(format!("{key:<14}"), t.key()),
                Span::raw(what.clone()),
            ]));
        }
    }
    let refused: Vec<String> = Action::ALL
        .into_iter()
        .filter(|a| (page.has)(*a) && !a.is_review() && !a.works_in(face))
        .flat_map(|a| page.keymap.keys(a).iter().cloned())
        .collect();
    if face != Face::Play && !refused.is_empty() {
        lines.push(Line::styled(
            format!(
                "Refused here (they would change the battle): {}",
                refused.join(" ")
            ),
            t.dim(),
        ));
    }
    if face == Face::Play {
        lines.push(Line::default());
        lines.push(title("At the : prompt"));
        lines.push(Line::from(page.prompt_keys));
        for usage in &page.commands {
            lines.push(Line::from(format!("  {usage}")));
        }
        for (heading, line) in &page.more {
            lines.push(title(heading));
            lines.push(Line::from(*line));
        }
    }
    lines.push(Line::default());
    lines.push(Line::styled(
        "Esc, q or ? closes this help; j/k scroll",
        t.dim(),
    ));
    lines
}

/// Draw the help over `body`, `scroll` lines from its top.
pub fn draw(frame: &mut Frame, body: Rect, lines: Vec<Line<'static>>, scroll: u16, t: Theme) {
    let area = centered(body, 78, body.height);
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines)
            .scroll((scroll, 0))
            .wrap(Wrap { trim: false })
            .block(
                Block::new()
                    .borders(Borders::ALL)
                    .title("Help — j k ↑↓ PgUp PgDn scroll")
                    .title_style(t.title()),
            ),
        area,
    );
}

/// A footer hint: the key, then what it does.
pub fn hint(key: &str, label: &str, t: Theme) -> [Span<'static>; 2] {
    [
        Span::styled(key.to_string(), t.key()),
        Span::raw(format!(" {label} ")),
    ]
}

/// The footer's hints for these actions, each with its first key in the keymap (an action
/// with no key is left out).
pub fn hints(keymap: &Keymap, pairs: &[(Action, &str)], t: Theme) -> Vec<Span<'static>> {
    pairs
        .iter()
        .filter_map(|&(action, label)| Some(hint(keymap.keys(action).first()?, label, t)))
        .flatten()
        .collect()
}

/// A key while the help is open: the new scroll, or None when the key closes it.
pub fn key(key: KeyEvent, scroll: u16) -> Option<u16> {
    match key.code {
        KeyCode::Esc | KeyCode::Char('q') | KeyCode::Char('?') | KeyCode::Enter => None,
        KeyCode::Down | KeyCode::Char('j') => Some(scroll.saturating_add(1)),
        KeyCode::Up | KeyCode::Char('k') => Some(scroll.saturating_sub(1)),
        KeyCode::PageDown => Some(scroll.saturating_add(10)),
        KeyCode::PageUp => Some(scroll.saturating_sub(10)),
        _ => Some(scroll),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyModifiers;

    fn page(keymap: &Keymap, face: Face) -> Page<'_> {
        Page {
            face,
            keymap,
            has: Box::new(|a| !matches!(a, Action::Hit | Action::KindFilter)),
            places: "a turn, start or end",
            forms: vec![("g".into(), "Gunnery form".into())],
            prompt_keys: "Enter run",
            commands: vec!["next", "hit SHIP N"],
            more: vec![("In a form", "Tab field")],
        }
    }

    fn text(lines: &[Line]) -> String {
        lines
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn only_the_dashboards_actions_are_listed_with_their_forms() {
        let km = Keymap::default();
        let seen = text(&lines(&page(&km, Face::Play), Theme { color: false }));
        assert!(!seen.contains("record a hit"), "{seen}");
        assert!(seen.contains("advance to the next turn (`turn`)"), "{seen}");
        assert!(seen.contains("g             Gunnery form"), "{seen}");
        assert!(seen.contains("  hit SHIP N"), "{seen}");
        assert!(seen.contains("In a form\nTab field"), "{seen}");
    }

    #[test]
    fn review_lists_its_keys_and_what_is_refused_but_no_commands() {
        let km = Keymap::default();
        let seen = text(&lines(&page(&km, Face::Review), Theme { color: false }));
        assert!(seen.starts_with("Keys in review (read-only)"), "{seen}");
        assert!(!seen.contains("log kind"), "{seen}");
        assert!(seen.contains("Refused here"), "{seen}");
        // `d` (hit) is not this dashboard's, so it is not listed as refused either.
        assert!(!seen.contains(" d "), "{seen}");
        assert!(!seen.contains("hit SHIP N"), "{seen}");
        assert!(!seen.contains("Gunnery form"), "{seen}");
    }

    #[test]
    fn the_keys_scroll_and_close() {
        let k = |c| KeyEvent::new(c, KeyModifiers::NONE);
        assert_eq!(key(k(KeyCode::Char('j')), 0), Some(1));
        assert_eq!(key(k(KeyCode::Up), 0), Some(0));
        assert_eq!(key(k(KeyCode::PageDown), 3), Some(13));
        assert_eq!(key(k(KeyCode::Char('x')), 3), Some(3));
        assert_eq!(key(k(KeyCode::Esc), 3), None);
        assert_eq!(key(k(KeyCode::Char('?')), 3), None);
    }
}
