//! What the battle builder (`umpire new`, SPEC 9) needs of a ruleset, as data: the rows of its
//! Battle panel (the `[scenario]` and `[options]` keys an umpire sets, with their kinds and
//! documented defaults), the forms a ship or a class is typed in (the ruleset's roster columns,
//! [`crate::core::roster`], so a ship's fields are declared once), and how a ship or a class is
//! summed up in a list. The builder (`tui::builder`) is written once over [`Builds`]; each
//! ruleset's rows live in its own folder (`rulesets/<id>/builder.rs`). Pure.
use crate::core::roster::{Cell, Column, Roster, Spec, To};

/// What a setting's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A string; an optional one may be cleared (the key removed).
    Text { optional: bool },
    /// A whole number, 0 or more; cleared, the key is removed (the default applies).
    Whole,
    /// true or false, toggled.
    YesNo,
    /// One of these words, stepped through.
    Choice(&'static [&'static str]),
    /// Shown, never changed (the ruleset).
    Fixed,
}

/// One row of the Battle panel: the key `key` of the table `table` (`scenario` or `options`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Setting {
    pub table: &'static str,
    pub key: &'static str,
    pub label: &'static str,
    pub kind: Kind,
    /// What applies when the file does not give the key, as shown (`"3"`, `"off"`, `"none"`):
    /// the ruleset's documented default.
    pub default: &'static str,
}

impl Setting {
    pub const fn new(
        table: &'static str,
        key: &'static str,
        label: &'static str,
        kind: Kind,
        default: &'static str,
    ) -> Setting {
        Setting {
            table,
            key,
            label,
            kind,
            default,
        }
    }
}

/// A field of a form: a roster column (by its header) and the label the form shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub header: &'static str,
    pub label: &'static str,
}

/// The columns no form types: the count and the class are the form's own, a note is a comment.
fn typed(c: &Column) -> bool {
    !matches!(c.header, "count" | "class") && c.cell != Cell::Note && c.to != To::Nowhere
}

/// What the builder needs of a ruleset beyond its roster.
pub trait Builds: Roster {
    /// What the rules are, as the builder's first question lists them.
    const TITLE: &'static str;
    /// The Battle panel's rows, in order (name, ruleset and start first).
    const SETTINGS: &'static [Setting];
    /// How the Ships panel sums up a ship that has no class: `{key}` is the ship's value of
    /// that key (`{front.si}` a nested one).
    const SHIP_SUMMARY: &'static str;
    /// How the Classes panel sums up a class (the same template over its `[[class]]`).
    const CLASS_SUMMARY: &'static str = "";
    /// A line under the class form (what its words may be).
    const CLASS_NOTE: &'static str = "";

    /// The fields a class is typed with (rulesets with classes): by default every roster
    /// column of a ship's own key but the side.
    fn class_form() -> Vec<Field> {
        if !Self::ROSTER.has_classes() {
            return Vec::new();
        }
        Self::ROSTER
            .columns
            .iter()
            .filter(|c| typed(c) && c.to != To::Ship("side"))
            .map(|c| Field {
                header: c.header,
                label: c.header,
            })
            .collect()
    }

    /// The fields of the new-ships form after its count and names: every roster column but
    /// the id and name (the side, a squadron and the ship's figures).
    fn ship_form() -> Vec<Field> {
        Self::ROSTER
            .columns
            .iter()
            .filter(|c| typed(c) && !matches!(c.header, "id" | "name"))
            .map(|c| Field {
                header: c.header,
                label: c.header,
            })
            .collect()
    }
}

/// The roster column of a form field.
pub fn column(spec: &Spec, header: &str) -> Option<Column> {
    spec.columns.iter().find(|c| c.header == header).copied()
}

/// The key a ship's side is written to: `side`, or (A&A) the key of the group that holds it.
pub fn side_key(spec: &Spec) -> &'static str {
    match (column(spec, "side").map(|c| c.to), spec.group) {
        (Some(To::Group(_)), Some(g)) => g.by,
        _ => "side",
    }
}

/// A template with each `{key}` replaced by what `get` gives for that key (a nested key is
/// dotted; a key it lacks gives nothing).
pub fn summary(template: &str, get: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        out.push_str(&get(&after[..close]).unwrap_or_default());
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The text a new scenario starts from: its `[scenario]` head with the roster's default start.
pub fn new_head(ruleset: &str, spec: &Spec) -> String {
    format!(
        "[scenario]\nname = \"New battle\"\nruleset = \"{ruleset}\"\nstart = \"{}\"\n",
        spec.default_start
    )
}

/// A typed value read as its column says (the TOML it is written as), a choice completed from
/// a unique beginning, or the column's message (as a roster's cell gets).
pub fn read(cell: Cell, text: &str) -> Result<String, String> {
    let text = text.trim();
    if let Cell::Choice(words) = cell {
        let lower = text.to_ascii_lowercase();
        let starting: Vec<&&str> = words
            .iter()
            .filter(|w| w.to_ascii_lowercase().starts_with(&lower))
            .collect();
        if !text.is_empty()
            && starting.len() == 1
            && !words.iter().any(|w| w.eq_ignore_ascii_case(text))
        {
            return crate::core::roster::read_cell(cell, starting[0]);
        }
    }
    crate::core::roster::read_cell(cell, text)
}

/// What a form says about a column's cells (shown under the form at that field).
pub fn hint(cell: Cell) -> String {
    match cell {
        Cell::Text | Cell::Note => "text".into(),
        Cell::Whole => "a whole number".into(),
        Cell::YesNo => "yes or no".into(),
        Cell::Decimal => "a number (like 5.75)".into(),
        Cell::Decimals => "numbers separated by ; (like 0.75;1.5)".into(),
        Cell::Choice(words) => format!("one of {}", words.join(", ")),
        Cell::Table(example) | Cell::List(example) => format!("TOML like {example}"),
    }
}

/// What is wrong with a ruleset's rows against its own parser: each row's key set (each word of
/// a choice, a yes-no both ways, a number) in `base` (a scenario of the ruleset that parses)
/// must still parse. Empty when every row is a key the ruleset reads. For the rulesets' tests.
pub fn row_problems<R: Builds>(base: &str) -> Vec<String> {
    let mut out = Vec::new();
    for s in R::SETTINGS {
        let values: Vec<toml_edit::Value> = match s.kind {
            Kind::Fixed | Kind::Text { .. } => continue,
            // A number the ruleset takes: its default where it has one.
            Kind::Whole => vec![s.default.parse::<i64>().unwrap_or(5).into()],
            Kind::YesNo => vec![true.into(), false.into()],
            Kind::Choice(words) => words.iter().map(|w| (*w).into()).collect(),
        };
        for v in values {
            let Ok(mut doc) = base.parse::<toml_edit::DocumentMut>() else {
                return vec!["the base is not TOML".into()];
            };
            if doc.get(s.table).is_none() {
                doc.insert(s.table, toml_edit::Item::Table(toml_edit::Table::new()));
            }
            doc[s.table][s.key] = toml_edit::value(v.clone());
            if let Err(e) = R::parse_setup("t", &doc.to_string()) {
                out.push(format!("{}.{} = {v}: {}", s.table, s.key, e.join("; ")));
            }
        }
        if let Kind::Choice(words) = s.kind {
            if !words.contains(&s.default) {
                out.push(format!("{}: default {} is not a choice", s.key, s.default));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_reads_plain_and_nested_keys() {
        let get = |k: &str| match k {
            "size" => Some("A".to_string()),
            "dp" => Some("501".to_string()),
            "front.si" => Some("6".to_string()),
            _ => None,
        };
        assert_eq!(summary("own: {size} {dp}dp", get), "own: A 501dp");
        assert_eq!(summary("SI {front.si}/{back.si}", get), "SI 6/");
    }

    #[test]
    fn a_choice_is_completed_from_a_unique_beginning() {
        let c = Cell::Choice(&["damage_throw", "si_hit", "superior"]);
        assert_eq!(read(c, "dam"), Ok("\"damage_throw\"".into()));
        assert_eq!(read(c, "SI_HIT"), Ok("\"si_hit\"".into()));
        assert!(read(c, "s").unwrap_err().contains("expected one of"));
        assert_eq!(
            read(Cell::Whole, "3x"),
            Err("expected a whole number (like 39), found \"3x\"".into())
        );
    }
}
