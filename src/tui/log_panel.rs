//! The dashboard's log panel, written once: the rows of the newest part of the log (or
//! of one ship's part of it), built backwards on demand (scrolling up, searching) and kept up to
//! date as entries come, so neither opening a long battle nor a frame walks the whole log; the
//! search and its match; the scroll; the panel and the full-screen log drawn from the rows.
//!
//! What an entry's rows say is the face's: it passes `rows_for(entry, ship)`, the entry's rows
//! (none when it does not concern `ship`, the filter). Undone entries are dimmed and struck
//! through; words, not colour, say so too ("(undone)" in the face's heading).
use crate::tui::panels::{self, fit};
use crate::tui::theme::Theme;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use ratatui::Frame;

/// One line of the log panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogRow {
    pub entry: usize,
    /// The entry's heading line (`#12 1209 resolution  hit tiger 30`) or one of its lines.
    pub heading: bool,
    pub text: String,
    pub in_effect: bool,
}

/// Rows kept built above the panel when it is rebuilt or scrolled.
pub const ROWS_AHEAD: usize = 300;
/// Entries built at a time, going back.
const CHUNK: usize = 100;

/// The log panel's model.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LogPanel {
    pub rows: Vec<LogRow>,
    /// Entries before this index have no rows yet.
    pub built_from: usize,
    /// Only this ship's lines (its id).
    pub ship: Option<String>,
    /// Rows hidden below the bottom of the panel (0 follows the newest line).
    pub scroll: usize,
    pub search: Option<String>,
    /// The row of the current search match.
    pub found: Option<usize>,
}

/// The rows of entry `i` as the face shows them, for the ship filter given.
pub type RowsFor<'a> = &'a dyn Fn(usize, Option<&str>) -> Vec<LogRow>;

impl LogPanel {
    /// Rebuild the rows of the log's first `entries` entries (opening, a filter changed, undo
    /// and redo): the newest screenfuls now, older ones when scrolled to.
    pub fn rebuild(&mut self, entries: usize, rows_for: RowsFor) {
        self.rows.clear();
        self.built_from = entries;
        self.found = None;
        self.scroll = 0;
        self.ensure(ROWS_AHEAD, rows_for);
    }

    /// Build older rows until there are at least `wanted` (or the whole log is built).
    pub fn ensure(&mut self, wanted: usize, rows_for: RowsFor) {
        while self.rows.len() < wanted && self.built_from > 0 {
            let end = self.built_from;
            let start = end.saturating_sub(CHUNK);
            let ship = self.ship.as_deref();
            let mut older: Vec<LogRow> = (start..end).flat_map(|i| rows_for(i, ship)).collect();
            let added = older.len();
            older.append(&mut self.rows);
            self.rows = older;
            self.built_from = start;
            self.found = self.found.map(|f| f + added);
        }
    }

    /// Entries `from..to` joined the log: add their rows. A panel scrolled up keeps showing
    /// the rows it showed.
    pub fn push(&mut self, entries: std::ops::Range<usize>, rows_for: RowsFor) {
        let ship = self.ship.as_deref();
        let rows: Vec<LogRow> = entries.flat_map(|i| rows_for(i, ship)).collect();
        if self.scroll > 0 {
            self.scroll += rows.len();
        }
        self.rows.extend(rows);
    }

    /// The most the panel scrolls, `height` rows tall, over the rows built.
    pub fn max_scroll(&self, height: usize) -> usize {
        self.rows.len().saturating_sub(height.max(1))
    }

    /// Scroll by `by` rows (up is positive), building older rows as they come into view.
    pub fn scroll_by(&mut self, by: isize, height: usize, rows_for: RowsFor) {
        let s = (self.scroll as isize + by).max(0) as usize;
        self.ensure(s + height.max(1) + ROWS_AHEAD, rows_for);
        self.scroll = s.min(self.max_scroll(height));
    }

    /// Move to the next match of the search, older (`older`) or newer, starting from the
    /// current match (or the bottom of the panel when `fresh`), and show it in the middle of
    /// the panel. The message to show: found (Ok) or not (Err).
    pub fn find(
        &mut self,
        older: bool,
        fresh: bool,
        height: usize,
        rows_for: RowsFor,
    ) -> Result<String, String> {
        // Matched without case; the message says it as typed.
        let Some(needle) = self.search.clone() else {
            return Ok("no search: / to search the log".into());
        };
        self.ensure(usize::MAX, rows_for);
        let n = self.rows.len();
        let start = match (self.found, fresh) {
            (Some(f), false) => f,
            _ => n,
        };
        let texts: Vec<&str> = self.rows.iter().map(|r| r.text.as_str()).collect();
        match crate::tui::search::find(&texts, &needle, start, older || fresh) {
            Some(i) => {
                self.found = Some(i);
                let below = n - 1 - i;
                self.scroll = below
                    .saturating_sub(height / 2)
                    .min(self.max_scroll(height));
                Ok(format!("found \"{needle}\" (] older, [ newer)"))
            }
            None => Err(format!(
                "\"{needle}\": no {} match",
                if older || fresh { "older" } else { "newer" }
            )),
        }
    }

    /// The style of a row: a heading bold, an undone entry dimmed and struck through.
    fn style(row: &LogRow, t: Theme) -> Style {
        if !row.in_effect {
            t.dim().add_modifier(Modifier::CROSSED_OUT)
        } else if row.heading {
            Style::new().add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        }
    }

    /// Draw the panel: its rows in the window (each cut to the width), the search's match and
    /// the `current` entry (review's position) selected; `empty` when there are no rows.
    #[allow(clippy::too_many_arguments)]
    pub fn draw(
        &self,
        frame: &mut Frame,
        area: Rect,
        title: &str,
        focused: bool,
        current: Option<usize>,
        empty: Option<Line<'static>>,
        t: Theme,
    ) {
        let inner = panels::block(title, focused, t).inner(area);
        let (h, w) = (inner.height as usize, inner.width as usize);
        let (rows, _) = panels::log_window(self.rows.len(), h, self.scroll);
        let mut lines: Vec<Line> = rows
            .map(|i| {
                let r = &self.rows[i];
                let style = if current == Some(r.entry) || self.found == Some(i) {
                    t.selected()
                } else {
                    Self::style(r, t)
                };
                Line::from(Span::styled(fit(&r.text, w), style))
            })
            .collect();
        if lines.is_empty() {
            lines.extend(empty);
        }
        panels::log(frame, area, title, focused, lines, t);
    }

    /// The rows wrapped to `w` columns, newest at the bottom, `scroll` wrapped lines hidden
    /// below, `h` lines at most: the full-screen log. Scrolled past the oldest line, the
    /// oldest page. With the lines, the most it scrolls when the walk back reached the oldest
    /// row (None: there is more above).
    pub fn whole(
        &self,
        w: usize,
        h: usize,
        scroll: usize,
        t: Theme,
    ) -> (Vec<Line<'static>>, Option<usize>) {
        let mut wrapped: Vec<Line> = Vec::new();
        let mut skip = scroll;
        let mut walked: usize = 0;
        let mut top = true;
        for (k, r) in self.rows.iter().rev().enumerate() {
            let style = Self::style(r, t);
            for piece in panels::wrap(&r.text, w).into_iter().rev() {
                walked += 1;
                if skip > 0 {
                    skip -= 1;
                    continue;
                }
                wrapped.push(Line::from(Span::styled(piece, style)));
            }
            if wrapped.len() >= h {
                top = k + 1 == self.rows.len();
                break;
            }
        }
        let most = top.then(|| walked.saturating_sub(h));
        wrapped.truncate(h);
        wrapped.reverse();
        if wrapped.len() < h && scroll > 0 {
            wrapped = self
                .rows
                .iter()
                .flat_map(|r| panels::wrap(&r.text, w))
                .take(h)
                .map(Line::from)
                .collect();
        }
        (wrapped, most)
    }

    /// Draw [`LogPanel::whole`] in `inner`; returns the most it scrolls, when known.
    pub fn draw_whole(
        &self,
        frame: &mut Frame,
        inner: Rect,
        scroll: usize,
        t: Theme,
    ) -> Option<usize> {
        let (w, h) = (inner.width.max(1) as usize, inner.height as usize);
        let (lines, most) = self.whole(w, h, scroll, t);
        frame.render_widget(Paragraph::new(lines), inner);
        most
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entry i has a heading and i % 3 lines; entries naming "b" are the odd ones.
    fn rows_for(i: usize, ship: Option<&str>) -> Vec<LogRow> {
        if ship == Some("b") && i.is_multiple_of(2) {
            return Vec::new();
        }
        let row = |heading, text: String| LogRow {
            entry: i,
            heading,
            text,
            in_effect: true,
        };
        std::iter::once(row(true, format!("#{i}")))
            .chain((0..i % 3).map(|k| row(false, format!("  line {k} of {i}"))))
            .collect()
    }

    fn all(entries: usize, ship: Option<&str>) -> Vec<LogRow> {
        (0..entries).flat_map(|i| rows_for(i, ship)).collect()
    }

    #[test]
    fn rows_are_built_from_the_newest_back_as_far_as_needed_and_are_the_logs_rows() {
        let mut p = LogPanel::default();
        p.rebuild(1000, &rows_for);
        let every = all(1000, None);
        assert!(p.rows.len() >= ROWS_AHEAD && p.rows.len() < every.len());
        assert!(p.built_from > 0);
        assert!(p.rows[..] == every[every.len() - p.rows.len()..]);
        p.ensure(usize::MAX, &rows_for);
        assert!(p.rows == every && p.built_from == 0);
        // The ship filter is the panel's, passed to the face's rows.
        p.ship = Some("b".into());
        p.rebuild(1000, &rows_for);
        p.ensure(usize::MAX, &rows_for);
        assert!(p.rows == all(1000, Some("b")));
    }

    #[test]
    fn new_entries_keep_a_scrolled_panel_where_it_was() {
        let mut p = LogPanel::default();
        p.rebuild(10, &rows_for);
        p.scroll_by(3, 5, &rows_for);
        assert_eq!(p.scroll, 3);
        p.push(10..12, &rows_for);
        // Entries 10 and 11 add 2 + 3 rows: the rows shown stay the same.
        assert_eq!(p.scroll, 8);
        assert_eq!(p.rows, all(12, None));
        p.scroll = 0;
        p.push(12..13, &rows_for);
        assert_eq!(p.scroll, 0);
    }

    #[test]
    fn the_search_finds_older_then_newer_matches_and_says_when_none_is_left() {
        let mut p = LogPanel::default();
        p.rebuild(600, &rows_for);
        assert_eq!(
            p.find(true, true, 10, &rows_for),
            Ok("no search: / to search the log".into())
        );
        p.search = Some("LINE 1 OF".into());
        assert!(p.find(true, true, 10, &rows_for).is_ok());
        let newest = p.found.unwrap();
        assert_eq!(p.rows[newest].text, "  line 1 of 599");
        assert!(p.find(true, false, 10, &rows_for).is_ok());
        assert_eq!(p.rows[p.found.unwrap()].text, "  line 1 of 596");
        assert!(p.find(false, false, 10, &rows_for).is_ok());
        assert_eq!(p.found, Some(newest));
        assert_eq!(
            p.find(false, false, 10, &rows_for),
            Err("\"LINE 1 OF\": no newer match".into())
        );
    }

    #[test]
    fn the_whole_log_wraps_from_the_newest_line_and_stops_at_the_oldest_page() {
        let mut p = LogPanel::default();
        p.rebuild(4, &rows_for);
        let t = Theme { color: false };
        let text =
            |(lines, _): (Vec<Line>, _)| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        // Rows: #0, #1, line 0 of 1, #2, line 0 of 2, line 1 of 2, #3 (wrapped lines start
        // at their first word).
        assert_eq!(text(p.whole(40, 2, 0, t)), ["line 1 of 2", "#3"]);
        assert_eq!(text(p.whole(40, 2, 1, t)), ["line 0 of 2", "line 1 of 2"]);
        assert_eq!(text(p.whole(40, 3, 99, t)), ["#0", "#1", "line 0 of 1"]);
        // The most it scrolls is known once the walk back reaches the oldest row.
        assert_eq!(p.whole(40, 2, 0, t).1, None);
        assert_eq!(p.whole(40, 2, 4, t).1, None);
        assert_eq!(p.whole(40, 2, 5, t).1, Some(5));
        assert_eq!(p.whole(40, 2, 9, t).1, Some(5));
        // Wrapped to the width.
        assert_eq!(text(p.whole(6, 2, 0, t)), ["of 2", "#3"]);
    }
}
