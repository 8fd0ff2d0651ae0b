//! Text meant for a terminal, a spreadsheet or a page, made safe (issue 15, items 7-9), and the
//! pieces every after-action report and log shares (wall-clock times, CSV rows, the report
//! page's style and tables). Pure string functions, written once: the faces (`cli`) and a
//! ruleset's own report or log wording (`rulesets::*`) both use them.
//!
//! A ship's name, a side, a note or a command typed at the prompt is the umpire's (or a crafted
//! file's) text, and the terminal would obey the control characters in it: an escape sequence
//! can clear the screen, retitle the window or hide text, and a newline in a note could forge a
//! line of `log` or `run` output. Every text output meant for a terminal (status, log and
//! report as text or Markdown, `run`, messages on stderr) shows them escaped instead:
//!
//! - `\n`, `\r`, `\t` for those three, `\xHH` for every other C0 control and DEL (so ESC is
//!   `\x1b`), `\u{HH}` for a C1 control (U+0080-U+009F, which some terminals obey like ESC).
//!   Visible escapes rather than U+FFFD, so the umpire can see (and report) what was there.
//!   A backslash is left as it is: the escapes are for reading, not for parsing back.
//! - JSON outputs are left exact: JSON escapes control characters itself.
//! - CSV cells keep a newline (quoted, as RFC 4180 allows: a spreadsheet shows it inside the
//!   cell, it forges no row) and escape every other control character. A cell a spreadsheet
//!   would run as a formula (it starts with `=`, `+`, `-` or `@`) gets a leading `'`, the usual
//!   guard, which spreadsheets hide. A plain negative number (`-12`, `-0.5`: a minus sign and
//!   digits, with at most one decimal point) is left as it is: it is a number to every
//!   spreadsheet, and a formula needs something besides digits to do harm.
use std::borrow::Cow;
use std::fmt::Write;

/// `s` with every control character escaped, on one line (for a field inside a line).
pub fn printable(s: &str) -> Cow<'_, str> {
    escape(s, false)
}

/// `text` with every control character but the newline escaped (for a whole output whose lines
/// are its own).
pub fn printable_lines(text: &str) -> Cow<'_, str> {
    escape(text, true)
}

fn escape(s: &str, keep_newline: bool) -> Cow<'_, str> {
    let keep = |c: char| !c.is_control() || (keep_newline && c == '\n');
    if s.chars().all(keep) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            c if keep(c) => out.push(c),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x80 => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
        }
    }
    Cow::Owned(out)
}

/// Text for HTML: `&`, `<`, `>`, `"` and `'` as entities (control characters are left to the
/// caller: [`html_text`] escapes them too).
pub fn html_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// The umpire's text in an HTML page: control characters shown escaped (as [`printable`]),
/// then HTML-escaped.
pub fn html_text(s: &str) -> String {
    html_escape(&printable(s))
}

/// Whether a spreadsheet would take `cell` for a formula.
fn is_formula(cell: &str) -> bool {
    cell.starts_with(['=', '+', '-', '@']) && !is_plain_negative_number(cell)
}

/// `-` then digits with at most one `.` among them (`-12`, `-0.5`), nothing else.
fn is_plain_negative_number(cell: &str) -> bool {
    let Some(digits) = cell.strip_prefix('-') else {
        return false;
    };
    let mut parts = digits.splitn(2, '.');
    let int = parts.next().unwrap_or("");
    let frac = parts.next();
    let all_digits = |p: &str| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit());
    all_digits(int) && frac.is_none_or(all_digits)
}

/// One CSV cell: controls escaped (a newline kept), a formula guarded, quoted when needed.
pub fn csv_cell(s: &str) -> String {
    let mut cell = printable_lines(s).into_owned();
    if is_formula(&cell) {
        cell.insert(0, '\'');
    }
    if cell.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell
    }
}

/// `2026-11-21 11:10:05 UTC` from an RFC 3339 time (as stored, if it does not parse).
pub fn wall_text(wall: &str) -> String {
    match chrono::DateTime::parse_from_rfc3339(wall) {
        Ok(t) => t
            .with_timezone(&chrono::Utc)
            .format("%Y-%m-%d %H:%M:%S UTC")
            .to_string(),
        Err(_) => wall.to_string(),
    }
}

/// One CSV row of cells (each made safe by [`csv_cell`]), ended by a newline.
pub fn csv_row(o: &mut String, cells: &[String]) {
    let row: Vec<String> = cells.iter().map(|c| csv_cell(c)).collect();
    o.push_str(&row.join(","));
    o.push('\n');
}

/// `` `cmd` `` spans as `<code>`, everything else escaped.
pub fn esc_code(s: &str) -> String {
    let mut o = String::new();
    for (i, part) in s.split('`').enumerate() {
        if i % 2 == 1 {
            let _ = write!(o, "<code>{}</code>", html_escape(part));
        } else {
            o.push_str(&html_escape(part));
        }
    }
    o
}

/// The style of every after-action report page (inline: one file, nothing fetched).
pub const REPORT_CSS: &str = "
body { font: 14px/1.4 Georgia, 'Times New Roman', serif; color: #111; margin: 2em auto; max-width: 60em; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; }
h2 { font-size: 1.25em; border-bottom: 1px solid #999; margin-top: 1.8em; }
h3 { font-size: 1.05em; margin: 1.2em 0 0.4em; }
p.facts { color: #333; }
table { border-collapse: collapse; margin: 0.4em 0 1em; font-size: 0.9em; }
th, td { border: 1px solid #bbb; padding: 2px 6px; text-align: left; vertical-align: top; }
th { background: #eee; }
td.n { text-align: right; }
code { font-family: 'DejaVu Sans Mono', Menlo, monospace; font-size: 0.92em; }
.lost { color: #a00; font-weight: bold; }
section.ship { page-break-inside: avoid; break-inside: avoid; }
svg.chart { display: block; margin: 0.4em 0 0.8em; }
svg.chart text { font: 11px sans-serif; fill: #333; }
@media print { body { margin: 0; max-width: none; font-size: 11pt; } h2 { page-break-after: avoid; } }
";

/// A table of a report page: a cell of digits (and `+`, `-`, `>`) right-aligned, `` `cmd` ``
/// spans as code, everything escaped.
pub fn html_table(o: &mut String, head: &[&str], rows: &[Vec<String>]) {
    o.push_str("<table><thead><tr>");
    for h in head {
        let _ = write!(o, "<th>{}</th>", html_escape(h));
    }
    o.push_str("</tr></thead><tbody>\n");
    for r in rows {
        o.push_str("<tr>");
        for c in r {
            let numeric = !c.is_empty()
                && c.chars()
                    .all(|ch| ch.is_ascii_digit() || matches!(ch, '+' | '-' | ' ' | '>'));
            if numeric {
                let _ = write!(o, "<td class=\"n\">{}</td>", html_escape(c));
            } else {
                let _ = write!(o, "<td>{}</td>", esc_code(c));
            }
        }
        o.push_str("</tr>\n");
    }
    o.push_str("</tbody></table>\n");
}

/// The keywords of a command's usage line (`guns SHIP at SHIP main|secondary [n N]`: `at`,
/// `main`, `secondary`, `n`), for completing the words after the command.
pub fn usage_keywords(usage: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut words = usage.split(|c: char| c.is_whitespace() || "|[](){},".contains(c));
    let verb = words.next().unwrap_or_default();
    for w in words {
        let keyword = !w.is_empty()
            && w != verb
            && w.chars()
                .all(|c| c.is_ascii_lowercase() || c == '_' || c == '-')
            && w.chars().any(|c| c.is_ascii_lowercase());
        if keyword && !out.iter().any(|o| o == w) {
            out.push(w.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_are_escaped_visibly_and_plain_text_is_untouched() {
        assert!(matches!(printable("HMS Tiger, 30 kn"), Cow::Borrowed(_)));
        assert_eq!(printable("a\u{1b}[2Jb"), "a\\x1b[2Jb");
        assert_eq!(printable("x\u{9b}31m\u{7f}"), "x\\u{9b}31m\\x7f");
        assert_eq!(printable("one\ntwo\r\tend\u{7}"), "one\\ntwo\\r\\tend\\x07");
        assert_eq!(printable_lines("l1 \u{1b}\nl2\n"), "l1 \\x1b\nl2\n");
        assert_eq!(
            printable("Kaiser – Großer Kurfürst"),
            "Kaiser – Großer Kurfürst"
        );
    }

    #[test]
    fn formula_cells_are_guarded_and_negative_numbers_stay_numbers() {
        for (cell, want) in [
            ("=HYPERLINK(\"x\")", "\"'=HYPERLINK(\"\"x\"\")\""),
            ("+1+2", "'+1+2"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("-1+2", "'-1+2"),
            ("-", "'-"),
            ("-1.2.3", "'-1.2.3"),
            ("-12", "-12"),
            ("-0.5", "-0.5"),
            ("12", "12"),
            ("a,b", "\"a,b\""),
            ("two\nlines", "\"two\nlines\""),
            ("esc\u{1b}", "esc\\x1b"),
            ("", ""),
        ] {
            assert_eq!(csv_cell(cell), want, "{cell:?}");
        }
    }
}
