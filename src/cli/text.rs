//! Text meant for a terminal or a spreadsheet, made safe (issue 15, items 7-9).
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
