//! Shared checks for the loader: die ranges, coverage, year bands, names.
use super::error::Ctx;
use super::Range;
use std::ops::Range as Span;
use std::str::FromStr;
use toml::Spanned;

pub(crate) type S<T> = Spanned<T>;

/// Bounds of a die named in a table: "d6", "d10", "2d6", "d20", "d100".
pub(crate) fn die_bounds(die: &str) -> Option<(u32, u32)> {
    match die {
        "d6" => Some((1, 6)),
        "d10" => Some((1, 10)),
        "2d6" => Some((2, 12)),
        "d20" => Some((1, 20)),
        "d100" => Some((1, 100)),
        _ => None,
    }
}

/// Requires a specific die.
pub(crate) fn exact_die(ctx: &mut Ctx, die: &S<String>, want: &str) -> Option<(u32, u32)> {
    if die.get_ref() != want {
        ctx.err(
            &die.span(),
            "die",
            format!(
                "this table is rolled on a {want}, not \"{}\" (expected \"{want}\")",
                die.get_ref()
            ),
        );
        return None;
    }
    die_bounds(want)
}

pub(crate) fn fmt_range(r: Range) -> String {
    if r.lo == r.hi {
        r.lo.to_string()
    } else {
        format!("{}-{}", r.lo, r.hi)
    }
}

/// Parses "3", "1-3" (inclusive) into a Range, or records an error.
pub(crate) fn roll(ctx: &mut Ctx, s: &S<String>, key: &str) -> Option<Range> {
    let text = s.get_ref().trim();
    let parsed = match text.split_once('-') {
        Some((a, b)) => a
            .trim()
            .parse::<u32>()
            .ok()
            .zip(b.trim().parse::<u32>().ok()),
        None => text.parse::<u32>().ok().map(|v| (v, v)),
    };
    match parsed {
        Some((lo, hi)) if lo <= hi => Some(Range { lo, hi }),
        Some(_) => {
            ctx.err(
                &s.span(),
                key,
                format!("range \"{text}\" runs backwards (write the low number first)"),
            );
            None
        }
        None => {
            ctx.err(
                &s.span(),
                key,
                format!("\"{text}\" is not a die range (expected a number like \"18\" or a range like \"1-3\")"),
            );
            None
        }
    }
}

/// Checks that `rows` (in file order) cover `lo..=hi` with no gaps or overlaps.
/// `hi` None: open-ended (only gaps and overlaps are checked).
pub(crate) struct Cover<'a> {
    /// What is being covered, for messages: "d20", "belt rating".
    pub what: &'a str,
    pub lo: u32,
    pub hi: Option<u32>,
    /// Key of each row's range.
    pub key: &'a str,
    /// Span and key of the whole list, for "not covered up to the end".
    pub list: Span<usize>,
    pub list_key: &'a str,
}

pub(crate) fn cover(ctx: &mut Ctx, c: &Cover, rows: &[(Range, Span<usize>)]) {
    let mut next = c.lo;
    let before = ctx.errors.len();
    for (r, span) in rows {
        if r.lo < c.lo || c.hi.is_some_and(|h| r.hi > h) {
            let bounds = match c.hi {
                Some(h) => format!("{}-{h}", c.lo),
                None => format!("{} or more", c.lo),
            };
            ctx.err(
                span,
                c.key,
                format!(
                    "{} is outside the {} (expected {bounds})",
                    fmt_range(*r),
                    c.what
                ),
            );
        } else if r.lo > next {
            let gap = Range {
                lo: next,
                hi: r.lo - 1,
            };
            ctx.err(
                span,
                c.key,
                format!(
                    "gap in the {}: {} is not covered (this row should start at {next})",
                    c.what,
                    fmt_range(gap)
                ),
            );
        } else if r.lo < next {
            ctx.err(
                span,
                c.key,
                format!(
                    "\"{}\" overlaps the row before, which ends at {} (this row should start at {next})",
                    fmt_range(*r),
                    next - 1
                ),
            );
        }
        next = next.max(r.hi.saturating_add(1));
    }
    if let Some(h) = c.hi {
        if next <= h && ctx.errors.len() == before {
            ctx.err(
                &c.list,
                c.list_key,
                format!(
                    "{} of the {} is not covered (the rows must reach {h})",
                    fmt_range(Range { lo: next, hi: h }),
                    c.what
                ),
            );
        }
    }
}

/// Parses a name with its FromStr (whose error says what would be right).
pub(crate) fn name<T: FromStr<Err = String>>(ctx: &mut Ctx, s: &S<String>, key: &str) -> Option<T> {
    match s.get_ref().parse::<T>() {
        Ok(v) => Some(v),
        Err(e) => {
            ctx.err(&s.span(), key, e);
            None
        }
    }
}

/// The table's rule reference: must name the ruleset.
pub(crate) fn rule(ctx: &mut Ctx, r: &S<String>) -> String {
    if !r.get_ref().starts_with("FG&DN 1.1") {
        ctx.err(
            &r.span(),
            "rule",
            format!(
                "\"{}\" does not cite the rule (expected \"FG&DN 1.1 <section>, <table name>\")",
                r.get_ref()
            ),
        );
    }
    r.get_ref().clone()
}

/// Requires exactly `want` rows.
pub(crate) fn count<T>(
    ctx: &mut Ctx,
    rows: &S<Vec<T>>,
    key: &str,
    want: usize,
    what: &str,
) -> bool {
    let n = rows.get_ref().len();
    if n != want {
        ctx.err(
            &rows.span(),
            key,
            format!("wrong number of rows: found {n}, expected {want} ({what})"),
        );
    }
    n == want
}

/// A year band of a row: inclusive, open ends as None.
pub(crate) struct YearBand<'a> {
    pub from: &'a Option<S<u32>>,
    pub to: &'a Option<S<u32>>,
    pub span: Span<usize>,
}

/// Checks year bands are contiguous: the first open below, the last open above.
pub(crate) fn year_bands(ctx: &mut Ctx, bands: &[YearBand]) {
    let last = bands.len().saturating_sub(1);
    let mut prev_to: Option<u32> = None;
    for (i, b) in bands.iter().enumerate() {
        let from = b.from.as_ref().map(|f| *f.get_ref());
        let to = b.to.as_ref().map(|t| *t.get_ref());
        match (i, b.from) {
            (0, Some(f)) => ctx.err(
                &f.span(),
                "from_year",
                "the first band must be open below (remove from_year)",
            ),
            (0, None) => {}
            (_, None) => ctx.err(
                &b.span,
                "from_year",
                format!(
                    "missing (expected {})",
                    prev_to.map_or(0, |p| p.saturating_add(1))
                ),
            ),
            (_, Some(f)) => {
                // Saturating, and a band after one ending at the largest year never fits.
                let want = prev_to.map(|p| p.saturating_add(1));
                let after_max = prev_to.is_some_and(|p| p.checked_add(1).is_none());
                if after_max || want.is_some_and(|w| w != *f.get_ref()) {
                    let w = want.unwrap_or_default();
                    let what = if *f.get_ref() > w { "gap" } else { "overlap" };
                    ctx.err(
                        &f.span(),
                        "from_year",
                        format!("{what} between year bands (this band should start at {w})"),
                    );
                }
            }
        }
        if let (Some(f), Some(t)) = (from, to) {
            if f > t {
                ctx.err(&b.span, "to_year", format!("{t} is before from_year {f}"));
            }
        }
        match (i == last, b.to) {
            (true, Some(t)) => ctx.err(
                &t.span(),
                "to_year",
                "the last band must be open above (remove to_year)",
            ),
            (false, None) => ctx.err(&b.span, "to_year", "missing (only the last band is open)"),
            _ => {}
        }
        prev_to = to;
    }
}
