//! The panels of every dashboard, drawn from the plain data of the screen model
//! ([`core::board`]): the fleet, a ship's detail and the due list, each under a title on a
//! rule ([`block`]), as the dashboard's screen (`tui::view`) lays them out. What differs
//! between rulesets is data: the ruleset's [`FleetLayout`] (a table, or grouped by side with a
//! marker).
//!
//! [`core::board`]: crate::core::board
use crate::core::board::{self, Column, Detail, DueList, FleetLayout, FleetRow, Tone};
use crate::tui::edit::LineEdit;
use crate::tui::theme::Theme;
use ratatui::layout::{Constraint, Layout, Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Row, Table, Wrap};
use ratatui::Frame;

/// A panel's frame: its title on a rule above it (bold, with a marker when focused) and no
/// side borders, so 80 columns keep their text.
pub fn block(title: &str, focused: bool, t: Theme) -> Block<'_> {
    let mark = if focused { "▶ " } else { "" };
    Block::new()
        .borders(Borders::TOP)
        .border_style(if focused { t.title() } else { t.dim() })
        .title(Line::from(vec![
            Span::styled(mark, t.title()),
            Span::styled(title, t.title()),
        ]))
}

/// The footer's prompt (`:` a command, `/` a search): the line being typed after its prefix,
/// its tail when it is longer than the footer, so the cursor stays on screen.
pub fn prompt(frame: &mut Frame, area: Rect, prefix: &str, edit: &LineEdit, t: Theme) {
    let w = (area.width as usize).saturating_sub(2);
    let chars: Vec<char> = edit.text.chars().collect();
    let skip = edit.cursor.saturating_sub(w);
    let shown: String = chars.iter().skip(skip).take(w).collect();
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(prefix.to_string(), t.key()),
            Span::raw(shown),
        ])),
        area,
    );
    frame.set_cursor_position(Position::new(
        area.x + 1 + (edit.cursor - skip) as u16,
        area.y,
    ));
}

/// The quit question over `body`: where every command is already saved (`saved_in`; None:
/// read-only), and the keys.
pub fn confirm_quit(frame: &mut Frame, body: Rect, saved_in: Option<&std::path::Path>, t: Theme) {
    let saved = match saved_in {
        Some(p) => format!("Every command is saved in {}", p.display()),
        None => "Nothing to save (read-only)".to_string(),
    };
    let lines = vec![
        Line::from(Span::styled("Quit the dashboard?", t.title())),
        Line::from(saved),
        Line::default(),
        Line::from(Span::styled(
            "y or Enter: quit    any other key: stay",
            t.key(),
        )),
    ];
    let area = centered(body, 70, 7);
    frame.render_widget(ratatui::widgets::Clear, area);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::new()
                .borders(Borders::ALL)
                .title("Quit")
                .title_style(t.title()),
        ),
        area,
    );
}

/// Faces queued with `dice`, which the next dice take, for a header: " [5 2]" (the first
/// four, then "…+N"); nothing when none is.
pub fn queued<'a>(faces: impl IntoIterator<Item = &'a u32>) -> String {
    let faces: Vec<u32> = faces.into_iter().copied().collect();
    if faces.is_empty() {
        return String::new();
    }
    let mut shown: Vec<String> = faces.iter().take(4).map(u32::to_string).collect();
    if faces.len() > 4 {
        shown.push(format!("…+{}", faces.len() - 4));
    }
    format!(" [{}]", shown.join(" "))
}

/// The keys of a question that asks before a command runs (its box and the footer).
pub const CONFIRM_KEYS: &str = "y or Enter: do it    n or Esc: back, nothing changes";

/// A command that asks first (SPEC 10, slips are caught), over `body`: the question as its
/// title, the command, what it will do (wrapped, not cut: the one place to read it; what does
/// not fit says how many lines more), the keys. At most 78 columns, so it fits 80x24; words,
/// not colour, carry it.
pub fn confirm(
    frame: &mut Frame,
    body: Rect,
    (title, command): (&str, &str),
    what: &[String],
    t: Theme,
) {
    let width = body.width.min(78);
    let inner = width.saturating_sub(2) as usize;
    let mut lines = vec![Line::from(Span::styled(fit(command, inner), t.title()))];
    let room = (body.height as usize).saturating_sub(5);
    let what: Vec<String> = what.iter().flat_map(|l| wrap(l, inner)).collect();
    let shown = what.len().min(room);
    lines.extend(what[..shown].iter().map(|l| Line::from(l.clone())));
    // What does not fit is counted in place of the last line of it that fits, or, with room
    // for none, of the blank line above the keys (the command and the keys always show).
    let more = |n: usize| {
        let s = if n == 1 { "" } else { "s" };
        Line::from(fit(&format!("… {n} more line{s}"), inner))
    };
    let cut = shown < what.len();
    if cut && shown > 0 {
        lines.pop();
        lines.push(more(what.len() - shown + 1));
    }
    lines.push(if cut && shown == 0 {
        more(what.len())
    } else {
        Line::default()
    });
    lines.push(Line::from(Span::styled(CONFIRM_KEYS, t.key())));
    let area = centered(body, width, lines.len() as u16 + 2);
    frame.render_widget(ratatui::widgets::Clear, area);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::new()
                .borders(Borders::ALL)
                .title(title)
                .title_style(t.title()),
        ),
        area,
    );
}

/// A box of `width` x `height` in the middle of `area` (cut to it).
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// Cut `text` to `width` characters, marking the cut with "…".
pub fn fit(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut s: String = text.chars().take(width.saturating_sub(1)).collect();
    s.push('…');
    s
}

/// `text` in pieces of at most `width` characters, broken at spaces where it can be.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let wl = word.chars().count();
        let ll = line.chars().count();
        if ll > 0 && ll + 1 + wl > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let head: String = line.chars().take(width).collect();
            let rest: String = line.chars().skip(width).collect();
            out.push(head);
            line = rest;
        }
    }
    out.push(line);
    out
}

/// Lines of the screen model as the terminal draws them; with `width`, a line marked `cut` is
/// cut to it (less its margin), else every line whole.
pub fn lines(model: &[board::Line], width: Option<usize>, t: Theme) -> Vec<Line<'static>> {
    model
        .iter()
        .map(|l| match (l.cut, width) {
            (Some(margin), Some(w)) => {
                let text = fit(&l.text(), w.saturating_sub(margin as usize));
                // A cut line is one piece, in the tone of its first.
                let tone = l.cells.first().map_or(Tone::Plain, |c| c.tone);
                Line::from(Span::styled(text, t.tone(tone)))
            }
            _ => Line::from(
                l.cells
                    .iter()
                    .map(|c| Span::styled(c.text.clone(), t.tone(c.tone)))
                    .collect::<Vec<_>>(),
            ),
        })
        .collect()
}

/// The detail panel of a ship.
pub fn detail(frame: &mut Frame, area: Rect, d: &Detail, t: Theme) {
    let block = block(&d.title, false, t);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    if d.lines.is_empty() {
        return;
    }
    let lines = lines(&d.lines, Some(inner.width as usize), t);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

/// The due list's lines: `now` (or `empty`), then `later` when the panel has room (`fit_to`:
/// its width and height; None: the full-screen view, every line whole).
pub fn due_lines(due: &DueList, fit_to: Option<(usize, u16)>, t: Theme) -> Vec<Line<'static>> {
    let mut shown: Vec<board::Line> = if due.now.is_empty() {
        vec![due.empty.clone()]
    } else {
        due.now.clone()
    };
    if !due.later.is_empty() && fit_to.is_none_or(|(_, h)| (shown.len() as u16) < h) {
        shown.extend(due.later.iter().cloned());
    }
    lines(&shown, fit_to.map(|(w, _)| w), t)
}

/// The due list panel.
pub fn due(frame: &mut Frame, area: Rect, due: &DueList, t: Theme) {
    let block = block(&due.title, false, t);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let lines = due_lines(due, Some((inner.width as usize, inner.height)), t);
    // Cut at the panel's edge, not wrapped: the full-screen view reads a line whole.
    frame.render_widget(Paragraph::new(lines), inner);
}

/// The header line: `name` first, in what the `rest` leaves of the width (at least `least`
/// characters; cut with "…" and padded), then the rest; the whole line in `base`.
pub fn header(
    frame: &mut Frame,
    area: Rect,
    name: (String, Style),
    least: usize,
    rest: Vec<Span<'static>>,
    base: Style,
) {
    let fixed: usize = rest.iter().map(|s| s.content.chars().count()).sum();
    let name_w = (area.width as usize).saturating_sub(fixed).max(least);
    let text = fit(&name.0, name_w);
    let pad = name_w.saturating_sub(text.chars().count());
    let mut spans = vec![
        Span::styled(text, name.1),
        Span::styled(" ".repeat(pad), base),
    ];
    spans.extend(rest);
    frame.render_widget(Paragraph::new(Line::from(spans)).style(base), area);
}

/// The rows of a log of `len` rows that a panel `height` rows high shows, newest at the
/// bottom, `scroll` rows back from the end (as far back as the log goes), and that scroll.
/// Scrolled to the top, the panel still starts at the oldest row, whatever its height.
pub fn log_window(len: usize, height: usize, scroll: usize) -> (std::ops::Range<usize>, usize) {
    let scroll = scroll.min(len.saturating_sub(height));
    let end = len - scroll;
    (end.saturating_sub(height)..end, scroll)
}

/// The log panel: the face's rows of its log (see [`log_window`]), already styled.
pub fn log(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    focused: bool,
    lines: Vec<Line<'static>>,
    t: Theme,
) {
    let block = block(title, focused, t);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    frame.render_widget(Paragraph::new(lines), inner);
}

/// What the fleet panel draws: the ruleset's layout and columns, each ship's side (scenario
/// order) and her row, built only for the rows drawn (a frame's cost follows the screen, not
/// the fleet).
pub struct FleetPanel<'a> {
    pub layout: FleetLayout,
    pub columns: &'a [Column],
    /// Each ship's id, name and side, in scenario order (what a table measures its first
    /// columns on, and a fleet grouped by side its groups).
    pub heads: Vec<(&'a str, &'a str, &'a str)>,
    pub row: &'a dyn Fn(usize) -> FleetRow,
    pub selected: usize,
    pub focused: bool,
}

/// The fleet panel, as the ruleset lays it out.
pub fn fleet(frame: &mut Frame, area: Rect, fleet: &FleetPanel, t: Theme) {
    let block = block("Fleet", fleet.focused, t);
    match fleet.layout {
        FleetLayout::Table => table(frame, area, block, fleet, t),
        FleetLayout::BySide {
            name_min,
            name_max,
            after_name,
        } => {
            let inner = block.inner(area);
            frame.render_widget(block, area);
            let name_w = (inner.width as usize)
                .saturating_sub(after_name as usize)
                .clamp(name_min as usize, name_max as usize);
            by_side(frame, inner, name_w, fleet, t);
        }
    }
}

/// A table: id, name and side, then the ruleset's columns (the last takes what is left),
/// scrolled to keep the selected ship in view; only the rows shown are built (a frame's cost
/// follows the screen, not the fleet).
fn table(frame: &mut Frame, area: Rect, block: Block, fleet: &FleetPanel, t: Theme) {
    let (columns, selected) = (fleet.columns, fleet.selected);
    let widest = |column: fn(&(&str, &str, &str)) -> usize, least: usize| {
        fleet.heads.iter().map(column).max().unwrap_or(0).max(least) as u16
    };
    let mut widths = vec![
        Constraint::Length(widest(|h| h.0.chars().count(), 2)),
        Constraint::Length(widest(|h| h.1.chars().count(), 4).min(24)),
        Constraint::Length(widest(|h| h.2.chars().count(), 4)),
    ];
    let last = columns.len().saturating_sub(1);
    widths.extend(columns.iter().enumerate().map(|(k, c)| {
        if k == last {
            Constraint::Min(c.width)
        } else {
            Constraint::Length(c.width)
        }
    }));
    let header = Row::new(
        ["Id", "Ship", "Side"]
            .into_iter()
            .chain(columns.iter().map(|c| c.title))
            .map(|t| Span::styled(t, Style::new().add_modifier(Modifier::BOLD)))
            .collect::<Vec<_>>(),
    );
    // The widths the table will give each column (inside the frame, one space between
    // columns): a cell cut to fit says so with "…".
    let inner = block.inner(area);
    let room: Vec<usize> = Layout::horizontal(widths.clone())
        .spacing(1)
        .split(inner)
        .iter()
        .map(|r| r.width as usize)
        .collect();
    let cut = |k: usize, text: &str| fit(text, room.get(k).copied().unwrap_or(usize::MAX));
    // Rows inside the frame under the heading; the selected ship the last of them when she
    // is further down.
    let height = inner.height.saturating_sub(1) as usize;
    let n = fleet.heads.len();
    let start = (selected + 1)
        .saturating_sub(height)
        .min(n.saturating_sub(height));
    let body: Vec<Row> = (start..n.min(start + height))
        .map(|i| (i, (fleet.row)(i)))
        .map(|(i, r)| {
            let mut cells = vec![
                Span::raw(cut(0, &r.id)),
                Span::raw(cut(1, &r.name)),
                Span::raw(cut(2, &r.side)),
            ];
            cells.extend(
                r.cells
                    .iter()
                    .enumerate()
                    .map(|(k, c)| Span::styled(cut(k + 3, &c.text), t.tone(c.tone))),
            );
            let mut row = Row::new(cells);
            if r.out {
                row = row.style(t.dim());
            }
            if i == selected {
                row = row.style(t.selected());
            }
            row
        })
        .collect();
    frame.render_widget(Table::new(body, widths).header(header).block(block), area);
}

/// Grouped by side: a heading per side, the column headings, a marker on the selected ship,
/// scrolled to keep her in view.
fn by_side(frame: &mut Frame, inner: Rect, name_w: usize, fleet: &FleetPanel, t: Theme) {
    let selected = fleet.selected;
    let mut head = format!("  {:<name_w$} ", "Ship");
    for c in fleet.columns {
        let w = c.width as usize;
        match c.align {
            board::Align::Left => head.push_str(&format!("{:<w$}", c.title)),
            board::Align::Right => head.push_str(&format!("{:>w$}", c.title)),
        }
    }
    let head = Line::from(Span::styled(head, t.dim()));
    enum Item<'a> {
        Side(&'a str),
        Ship(usize),
    }
    let mut items: Vec<Item> = Vec::new();
    let mut side: Option<&str> = None;
    for (i, (_, _, s)) in fleet.heads.iter().enumerate() {
        if side != Some(s) {
            side = Some(s);
            items.push(Item::Side(s));
        }
        items.push(Item::Ship(i));
    }
    let height = inner.height.saturating_sub(1) as usize;
    let at = items
        .iter()
        .position(|r| matches!(r, Item::Ship(i) if *i == selected))
        .unwrap_or(0);
    let start = if at < height {
        0
    } else {
        (at + 1 - height).min(items.len().saturating_sub(height))
    };
    let mut shown = vec![head];
    shown.extend(items.iter().skip(start).take(height).map(|r| match r {
        Item::Side(name) => Line::from(Span::styled(format!("── {name} ──"), t.title())),
        Item::Ship(i) => side_row(&(fleet.row)(*i), *i == selected, name_w, t),
    }));
    frame.render_widget(Paragraph::new(shown), inner);
}

/// A ship's row in a fleet grouped by side: the marker, her name (dim when she is out), the
/// cells in their tones, all reversed when she is selected.
fn side_row(r: &FleetRow, selected: bool, name_w: usize, t: Theme) -> Line<'static> {
    let base = if selected { t.selected() } else { Style::new() };
    let name = if r.out {
        base.add_modifier(Modifier::DIM)
    } else {
        base
    };
    let mut spans = vec![
        Span::styled(if selected { "▶ " } else { "  " }, base),
        Span::styled(format!("{:<w$} ", fit(&r.name, name_w), w = name_w), name),
    ];
    spans.extend(
        r.cells
            .iter()
            .map(|c| Span::styled(c.text.clone(), t.tone(c.tone).patch(base))),
    );
    spans.push(Span::styled(" ".repeat(20), base));
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::board::Cell;
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;

    /// The confirm box over a body of `height` rows, as text (one string per row, trimmed).
    fn confirm_rows(height: u16, what: &[&str]) -> Vec<String> {
        let what: Vec<String> = what.iter().map(|s| s.to_string()).collect();
        let mut term = Terminal::new(TestBackend::new(60, height)).unwrap();
        term.draw(|f| {
            let area = f.area();
            confirm(f, area, ("Sure?", "until 3"), &what, Theme { color: false })
        })
        .unwrap();
        let buf = term.backend().buffer();
        (0..height)
            .map(|y| {
                let row: String = (0..60).map(|x| buf[(x, y)].symbol()).collect();
                row.trim_end().to_string()
            })
            .collect()
    }

    #[test]
    fn a_confirm_box_counts_what_does_not_fit_and_keeps_the_command() {
        let what = ["one", "two", "three", "four"];
        // Room for two lines: the first, then the three not shown.
        let rows = confirm_rows(7, &what);
        assert!(rows[1].contains("until 3"), "{rows:#?}");
        assert!(rows[2].contains("one"), "{rows:#?}");
        assert!(rows[3].contains("… 3 more lines"), "{rows:#?}");
        assert!(rows[5].contains(CONFIRM_KEYS), "{rows:#?}");
        // Room for none (5 rows): the command and the keys stay, the count is of all four.
        let rows = confirm_rows(5, &what);
        assert!(rows[1].contains("until 3"), "{rows:#?}");
        assert!(rows[2].contains("… 4 more lines"), "{rows:#?}");
        assert!(rows[3].contains(CONFIRM_KEYS), "{rows:#?}");
        let rows = confirm_rows(5, &what[..1]);
        assert!(rows[2].contains("… 1 more line"), "{rows:#?}");
        assert!(!rows[2].contains("lines"), "{rows:#?}");
        // Everything fits: no count.
        let rows = confirm_rows(9, &what);
        assert!(rows[5].contains("four"), "{rows:#?}");
        assert!(!rows.iter().any(|r| r.contains("more line")), "{rows:#?}");
    }

    #[test]
    fn the_log_window_keeps_the_newest_at_the_bottom_and_stops_at_the_oldest() {
        // 10 rows in a panel of 4: the last 4, then back as far as the oldest page.
        assert_eq!(log_window(10, 4, 0), (6..10, 0));
        assert_eq!(log_window(10, 4, 3), (3..7, 3));
        assert_eq!(log_window(10, 4, 6), (0..4, 6));
        assert_eq!(log_window(10, 4, 99), (0..4, 6));
        // Fewer rows than the panel: all of them, however far scrolled.
        assert_eq!(log_window(3, 4, 2), (0..3, 0));
        assert_eq!(log_window(0, 4, 0), (0..0, 0));
    }

    #[test]
    fn a_cut_line_is_cut_to_the_width_less_its_margin_and_others_stay_whole() {
        let t = Theme { color: true };
        let model = vec![
            board::Line {
                cells: vec![Cell::toned("abcdefghij", Tone::Dim)],
                cut: Some(1),
            },
            board::Line::of(vec![Cell::plain("abc"), Cell::toned("defghij", Tone::Warn)]),
        ];
        let drawn = lines(&model, Some(6), t);
        assert_eq!(drawn[0].to_string(), "abcd…");
        assert_eq!(drawn[0].spans[0].style, t.dim());
        assert_eq!(drawn[1].to_string(), "abcdefghij");
        assert_eq!(drawn[1].spans[1].style, t.warn());
        // Without a width (the full-screen views) nothing is cut.
        assert_eq!(lines(&model, None, t)[0].to_string(), "abcdefghij");
    }
}
