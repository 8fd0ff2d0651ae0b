//! Rosters (SPEC 9): a spreadsheet of ships (CSV) to a scenario and back. Pure: the face reads
//! and writes the files, checks the written scenario with the ruleset's parser (classes
//! resolved) and maps its messages back to rows and columns with [`Import::cell_of`].
//!
//! One row per ship, or one row per class with a `count` (names listed with `;` or numbered).
//! Every column but `name` and `side` may be left empty; the figures a ship needs come from its
//! row or its `class`. The columns are [`COLUMNS`], documented in `docs/roster.md`.
use crate::rulesets::fgdn::scenario::{Scenario, ShipSpec, SHIP_TYPES};
use std::fmt;

/// What a column's cells hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    Text,
    Whole,
    YesNo,
    /// A TOML inline table (`{ main = 2 }`), with an example for messages.
    Table(&'static str),
    /// A TOML inline array of tables, with an example for messages.
    List(&'static str),
}

/// Every column a roster may have, in the order `export` writes them: (header, cell kind).
pub const COLUMNS: &[(&str, Cell)] = &[
    ("id", Cell::Text),
    ("name", Cell::Text),
    ("side", Cell::Text),
    ("class", Cell::Text),
    ("count", Cell::Whole),
    ("type", Cell::Text),
    ("depth", Cell::Text),
    ("max_depth", Cell::Text),
    ("size", Cell::Text),
    ("dp", Cell::Whole),
    ("speed", Cell::Whole),
    ("in_service", Cell::Whole),
    ("rebuilt", Cell::Whole),
    ("nation", Cell::Text),
    ("belt", Cell::Whole),
    ("deck", Cell::Whole),
    ("tds", Cell::Whole),
    ("armed", Cell::YesNo),
    ("tug", Cell::YesNo),
    ("crew_factors", Cell::Whole),
    ("crew", Cell::Whole),
    ("fuel", Cell::Text),
    ("directors", Cell::Table("{ main = 2, casemate = 1 }")),
    ("searchlights", Cell::Table("{ forward = 1, aft = 1 }")),
    (
        "wireless",
        Cell::Table("{ main = true, auxiliary = false }"),
    ),
    (
        "aircraft",
        Cell::Table("{ hangar = 4, forward = 0, aft = 0 }"),
    ),
    (
        "mounts",
        Cell::List("[{ battery = \"main\", name = \"A turret\", caliber = 343 }]"),
    ),
    (
        "cargo",
        Cell::List("[{ hold = \"No. 1\", contents = \"ammo\", amount = 400 }]"),
    ),
    (
        "flight",
        Cell::Table("{ aircraft = 6, land_based = false }"),
    ),
    (
        "airship",
        Cell::Table("{ gas = \"hydrogen\", gas_cells = 18, fuel = 36 }"),
    ),
];

/// A bad cell (or row): the spreadsheet's row (the header is row 1) and column, and what was
/// expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellError {
    pub row: usize,
    /// 0-based column index and header.
    pub column: Option<(usize, String)>,
    pub message: String,
}

/// A spreadsheet's column letters: A ... Z, AA ...
pub fn column_letter(mut index: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (index % 26) as u8);
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.column {
            Some((i, name)) => write!(
                f,
                "row {}, column {} ({name}): {}",
                self.row,
                column_letter(*i),
                self.message
            ),
            None => write!(f, "row {}: {}", self.row, self.message),
        }
    }
}

/// The scenario-wide settings a roster does not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub name: String,
    /// "HHMM".
    pub start: String,
    pub date: Option<String>,
    pub seed: Option<u64>,
    pub sea_state: Option<u32>,
    /// Class files for `[scenario] classes` (relative to the scenario written).
    pub classes: Vec<String>,
    /// Written as a comment at the top (where the roster came from).
    pub source: String,
}

/// A scenario written from a roster, with where each of its lines came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Import {
    pub text: String,
    /// For each line of `text` (index 0 is line 1): the row and column index it was written
    /// from, if any.
    lines: Vec<Option<(usize, Option<usize>)>>,
    headers: Vec<String>,
}

impl Import {
    /// The row and column a line of the written scenario came from.
    pub fn cell_of(&self, line: usize) -> Option<(usize, Option<(usize, String)>)> {
        let (row, col) = (*self.lines.get(line.checked_sub(1)?)?)?;
        Some((row, col.map(|c| (c, self.headers[c].clone()))))
    }
}

/// A TOML value written inline on one line (tables as `{ k = v }`).
pub fn inline(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => quote(s),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(x) => {
            let s = x.to_string();
            if s.contains(['.', 'e', 'E', 'n', 'i']) {
                s
            } else {
                format!("{s}.0")
            }
        }
        toml::Value::Boolean(b) => b.to_string(),
        toml::Value::Datetime(d) => d.to_string(),
        toml::Value::Array(a) => {
            format!("[{}]", a.iter().map(inline).collect::<Vec<_>>().join(", "))
        }
        toml::Value::Table(t) => {
            if t.is_empty() {
                return "{}".into();
            }
            let parts: Vec<String> = t
                .iter()
                .map(|(k, v)| format!("{} = {}", key(k), inline(v)))
                .collect();
            format!("{{ {} }}", parts.join(", "))
        }
    }
}

fn key(k: &str) -> String {
    if !k.is_empty()
        && k.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        k.to_string()
    } else {
        quote(k)
    }
}

/// A TOML basic string.
fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}

/// A cell with the spreadsheet formula guard (a leading `'` before `=`, `+`, `-` or `@`, as
/// `export` and the reports write it) taken off.
fn unguard(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(['=', '+', '-', '@']) => rest,
        _ => cell,
    }
}

/// An id made from a name: lower-case letters and digits, other runs as `-`.
pub fn slug(name: &str) -> String {
    let mut s = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            s.push(c.to_ascii_lowercase());
        } else if !s.ends_with('-') && !s.is_empty() {
            s.push('-');
        }
    }
    let s = s.trim_end_matches('-').to_string();
    if s.is_empty() {
        "ship".into()
    } else {
        s.chars().take(60).collect()
    }
}

/// A cell read as its column says, or what was expected.
fn read_cell(kind: Cell, cell: &str) -> Result<String, String> {
    match kind {
        Cell::Text => Ok(quote(cell)),
        Cell::Whole => cell
            .parse::<u32>()
            .map(|n| n.to_string())
            .map_err(|_| format!("expected a whole number (like 39), found \"{cell}\"")),
        Cell::YesNo => match cell.to_ascii_lowercase().as_str() {
            "yes" | "true" | "y" => Ok("true".into()),
            "no" | "false" | "n" => Ok("false".into()),
            _ => Err(format!("expected yes or no, found \"{cell}\"")),
        },
        Cell::Table(example) | Cell::List(example) => {
            let want_table = matches!(kind, Cell::Table(_));
            let what = if want_table {
                "a TOML inline table"
            } else {
                "a TOML list of inline tables"
            };
            let parsed: Result<toml::Table, _> = toml::from_str(&format!("v = {cell}"));
            match parsed.ok().and_then(|mut t| t.remove("v")) {
                Some(v @ toml::Value::Table(_)) if want_table => Ok(inline(&v)),
                Some(v @ toml::Value::Array(_)) if !want_table => Ok(inline(&v)),
                _ => Err(format!("expected {what} like {example}, found \"{cell}\"")),
            }
        }
    }
}

/// The scenario a roster gives (CSV text, header row first), or every bad cell. The scenario is
/// not yet checked against the rules: the face parses it and maps its messages back with
/// [`Import::cell_of`].
pub fn import(csv_text: &str, settings: &Settings) -> Result<Import, Vec<CellError>> {
    let csv_text = csv_text.strip_prefix('\u{feff}').unwrap_or(csv_text);
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(csv_text.as_bytes());
    let mut records = Vec::new();
    for (i, r) in reader.records().enumerate() {
        match r {
            Ok(r) => records.push(r),
            Err(e) => {
                return Err(vec![CellError {
                    row: i + 1,
                    column: None,
                    message: format!("not CSV: {e}"),
                }])
            }
        }
    }
    let mut errors = Vec::new();
    let Some(header) = records.first() else {
        return Err(vec![CellError {
            row: 1,
            column: None,
            message: format!(
                "the roster is empty: its first row names the columns ({})",
                names()
            ),
        }]);
    };
    let headers: Vec<String> = header
        .iter()
        .map(|h| h.trim().to_ascii_lowercase())
        .collect();
    let mut kinds = Vec::new();
    for (i, h) in headers.iter().enumerate() {
        match COLUMNS.iter().find(|(n, _)| n == h) {
            Some((_, k)) if !headers[..i].contains(h) => kinds.push(Some(*k)),
            Some(_) => {
                errors.push(CellError {
                    row: 1,
                    column: Some((i, h.clone())),
                    message: format!("column \"{h}\" is given twice"),
                });
                kinds.push(None);
            }
            None if h.is_empty() => kinds.push(None),
            None => {
                errors.push(CellError {
                    row: 1,
                    column: Some((i, h.clone())),
                    message: format!("unknown column \"{h}\" (expected one of: {})", names()),
                });
                kinds.push(None);
            }
        }
    }
    for need in ["name", "side"] {
        if !headers.iter().any(|h| h == need) {
            errors.push(CellError {
                row: 1,
                column: None,
                message: format!("no \"{need}\" column (every roster has name and side)"),
            });
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let col = |name: &str| headers.iter().position(|h| h == name);
    let mut text = format!(
        "# Written by `umpire import` from {}.\n[scenario]\nname = {}\nruleset = \"fgdn-1.1\"\nstart = {}\n",
        settings.source.replace('\n', " "),
        quote(&settings.name),
        quote(&settings.start)
    );
    if let Some(d) = &settings.date {
        text.push_str(&format!("date = {}\n", quote(d)));
    }
    if let Some(s) = settings.seed {
        text.push_str(&format!("seed = {s}\n"));
    }
    if let Some(s) = settings.sea_state {
        text.push_str(&format!("sea_state = {s}\n"));
    }
    if !settings.classes.is_empty() {
        let files: Vec<String> = settings.classes.iter().map(|c| quote(c)).collect();
        text.push_str(&format!("classes = [{}]\n", files.join(", ")));
    }
    let mut lines: Vec<Option<(usize, Option<usize>)>> = vec![None; text.lines().count()];
    let mut used_ids: Vec<String> = Vec::new();
    let mut ships = 0;
    for (r, record) in records.iter().enumerate().skip(1) {
        let row = r + 1;
        let cells: Vec<&str> = (0..headers.len())
            .map(|i| unguard(record.get(i).unwrap_or("").trim()))
            .collect();
        if cells.iter().all(|c| c.is_empty()) {
            continue;
        }
        if record.len() > headers.len() {
            let i = headers.len();
            errors.push(CellError {
                row,
                column: Some((i, String::new())),
                message: format!(
                    "{} cells, but the header names {} columns",
                    record.len(),
                    headers.len()
                ),
            });
        }
        let before = errors.len();
        let mut bad = |i: usize, message: String| {
            errors.push(CellError {
                row,
                column: Some((i, headers[i].clone())),
                message,
            })
        };
        // Every cell read by its column.
        let mut values: Vec<Option<String>> = vec![None; headers.len()];
        for (i, cell) in cells.iter().enumerate() {
            let Some(kind) = kinds[i] else { continue };
            if cell.is_empty() || matches!(headers[i].as_str(), "id" | "name" | "count") {
                continue;
            }
            match read_cell(kind, cell) {
                Ok(v) => values[i] = Some(v),
                Err(m) => bad(i, m),
            }
        }
        let get = |name: &str| col(name).map(|i| cells[i]).unwrap_or("");
        let class = get("class");
        let count_col = col("count");
        let count_cell = get("count");
        let count = if count_cell.is_empty() {
            None
        } else {
            match count_cell.parse::<usize>() {
                Ok(n) if (1..=500).contains(&n) => Some(n),
                _ => {
                    bad(
                        count_col.unwrap_or(0),
                        format!(
                            "expected how many ships of this row, 1-500, found \"{count_cell}\""
                        ),
                    );
                    None
                }
            }
        };
        let name_i = col("name").unwrap_or(0);
        let names: Vec<String> = get("name")
            .split(';')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        let n = count.unwrap_or(names.len().max(1));
        let names: Vec<String> = match (names.len(), n) {
            (0, _) if !class.is_empty() && count.is_some() => {
                (1..=n).map(|k| format!("{class} {k}")).collect()
            }
            (0, _) => {
                bad(
                    name_i,
                    "expected the ship's name (or, with a class and a count, nothing: the names are numbered)".into(),
                );
                Vec::new()
            }
            (1, n) if n > 1 => (1..=n).map(|k| format!("{} {k}", names[0])).collect(),
            (k, n) if k == n => names,
            (k, n) => {
                bad(
                    name_i,
                    format!("{k} names separated by ; but the count is {n}: give one name per ship, or one to number"),
                );
                Vec::new()
            }
        };
        let ids: Vec<String> = get("id")
            .split(';')
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        let id_i = col("id").unwrap_or(0);
        let ids: Vec<String> = match ids.len() {
            0 => names.iter().map(|nm| slug(nm)).collect(),
            1 if n > 1 => (1..=n).map(|k| format!("{}-{k}", ids[0])).collect(),
            k if k == n => ids,
            k => {
                bad(
                    id_i,
                    format!("{k} ids separated by ; but {n} ships: give one id per ship, one to number, or none"),
                );
                Vec::new()
            }
        };
        if errors.len() != before {
            continue;
        }
        for (k, name) in names.iter().enumerate() {
            let generated = get("id").is_empty();
            let mut id = ids[k].clone();
            if generated {
                // A generated id never takes one already used.
                let base = id.clone();
                let mut m = 2;
                while used_ids.iter().any(|u| u.eq_ignore_ascii_case(&id)) {
                    id = format!("{base}-{m}");
                    m += 1;
                }
            }
            used_ids.push(id.clone());
            ships += 1;
            text.push('\n');
            lines.push(None);
            let mut push = |line: String, c: Option<usize>| {
                text.push_str(&line);
                text.push('\n');
                lines.push(Some((row, c)));
            };
            push("[[ship]]".into(), None);
            push(format!("id = {}", quote(&id)), col("id"));
            push(format!("name = {}", quote(name)), Some(name_i));
            for (h, _) in COLUMNS {
                let Some(i) = col(h) else { continue };
                let Some(v) = &values[i] else { continue };
                match *h {
                    "id" | "name" | "count" | "belt" | "deck" | "tds" => {}
                    _ => push(format!("{h} = {v}"), Some(i)),
                }
            }
            let armor: Vec<(usize, String)> = ["belt", "deck", "tds"]
                .iter()
                .filter_map(|h| {
                    let i = col(h)?;
                    values[i].as_ref().map(|v| (i, format!("{h} = {v}")))
                })
                .collect();
            if let Some((first, _)) = armor.first() {
                let parts: Vec<&str> = armor.iter().map(|(_, s)| s.as_str()).collect();
                push(format!("armor = {{ {} }}", parts.join(", ")), Some(*first));
            }
        }
    }
    if ships == 0 && errors.is_empty() {
        errors.push(CellError {
            row: 2,
            column: None,
            message: "no ships: add a row for each ship (or class with a count)".into(),
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Import {
        text,
        lines,
        headers,
    })
}

fn names() -> String {
    COLUMNS
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The roster of a scenario: the header row, then one row per ship with every figure (classes
/// are written out, so the roster needs no class file). A ship with state carried from an earlier
/// battle has no roster form: refused, naming it.
pub fn export(scenario: &Scenario) -> Result<Vec<Vec<String>>, String> {
    let mut rows = vec![COLUMNS.iter().map(|(n, _)| n.to_string()).collect()];
    for s in &scenario.ships {
        if s.carried.is_some() {
            return Err(format!(
                "ship \"{}\" carries damage from an earlier battle, which a roster cannot hold: export the scenario before `umpire carry`, or keep it as TOML",
                s.id
            ));
        }
        rows.push(COLUMNS.iter().map(|(h, _)| field(s, h)).collect());
    }
    Ok(rows)
}

fn value<T: serde::Serialize>(v: &T) -> String {
    toml::Value::try_from(v)
        .map(|v| inline(&v))
        .unwrap_or_default()
}

fn field(s: &ShipSpec, h: &str) -> String {
    let opt = |v: Option<String>| v.unwrap_or_default();
    let armor = s.armor != Default::default();
    match h {
        "id" => s.id.clone(),
        "name" => s.name.clone(),
        "side" => s.side.clone(),
        "type" if s.submarine.is_some() => crate::rulesets::fgdn::scenario::SUBMARINE.into(),
        "type" if s.airship.is_some() => crate::rulesets::fgdn::airship::AIRSHIP.into(),
        "type" if s.flight.is_some() => crate::rulesets::fgdn::flight::FLIGHT.into(),
        "type" => SHIP_TYPES
            .iter()
            .find(|(_, c)| *c == s.column)
            .map(|(n, _)| n.to_string())
            .unwrap_or_default(),
        "size" => s.size.to_string(),
        "dp" => s.dp.to_string(),
        "speed" => s.speed.to_string(),
        "in_service" => s.in_service.to_string(),
        "rebuilt" => opt(s.rebuilt.map(|y| y.to_string())),
        "nation" => opt(s.nation.clone()),
        "belt" if armor => s.armor.belt.to_string(),
        "deck" if armor => s.armor.deck.to_string(),
        "tds" if armor => s.armor.tds.to_string(),
        "armed" => if s.armed { "yes" } else { "no" }.into(),
        "tug" => if s.tug { "yes" } else { "no" }.into(),
        "crew_factors" => s.crew_factors.to_string(),
        "crew" => opt(s.crew.map(|n| n.to_string())),
        "depth" => opt(s.submarine.as_ref().map(|m| m.depth.name())),
        "max_depth" => opt(s
            .submarine
            .as_ref()
            .and_then(|m| m.max_depth)
            .map(|d| d.name())),
        "fuel" => opt(s.fuel.clone()),
        "directors" if !s.directors.is_empty() => value(&s.directors),
        "searchlights" => opt(s.searchlights.map(|v| value(&v))),
        "wireless" => opt(s.wireless.map(|v| value(&v))),
        "aircraft" => opt(s.aircraft.map(|v| value(&v))),
        "mounts" if !s.mounts.is_empty() => value(&s.mounts),
        "cargo" if !s.cargo.is_empty() => value(&s.cargo),
        "flight" => opt(s.flight.as_ref().map(value)),
        "airship" => opt(s.airship.map(|v| value(&v))),
        _ => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings() -> Settings {
        Settings {
            name: "T".into(),
            start: "1200".into(),
            date: None,
            seed: None,
            sea_state: None,
            classes: Vec::new(),
            source: "r.csv".into(),
        }
    }

    #[test]
    fn column_letters_count_like_a_spreadsheet() {
        assert_eq!(column_letter(0), "A");
        assert_eq!(column_letter(25), "Z");
        assert_eq!(column_letter(26), "AA");
        assert_eq!(column_letter(27), "AB");
    }

    #[test]
    fn a_row_per_class_with_a_count_numbers_its_ships() {
        let csv =
            "name,side,class,count\nHMS Wakeful;HMS Whitley,British,w-class,\nTB,German,s53,3\n";
        let i = import(csv, &settings()).unwrap();
        for want in [
            "id = \"hms-wakeful\"\nname = \"HMS Wakeful\"",
            "id = \"hms-whitley\"",
            "id = \"tb-3\"\nname = \"TB 3\"\nside = \"German\"\nclass = \"s53\"",
        ] {
            assert!(i.text.contains(want), "{want}\n{}", i.text);
        }
        let line = i.text.lines().position(|l| l == "name = \"TB 2\"").unwrap() + 1;
        assert_eq!(i.cell_of(line), Some((3, Some((0, "name".into())))));
    }

    #[test]
    fn every_bad_cell_is_reported_with_row_and_column() {
        let csv = "name,side,dp,armed,mounts,colour\nA,Blue,3x,maybe,[1,red\n";
        let e = import(csv, &settings()).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "row 1, column F (colour): unknown column \"colour\" (expected one of: id, name, side, class, count, type, depth, max_depth, size, dp, speed, in_service, rebuilt, nation, belt, deck, tds, armed, tug, crew_factors, crew, fuel, directors, searchlights, wireless, aircraft, mounts, cargo, flight, airship)"
        );
        let csv = "name,side,dp,armed,mounts\nA,Blue,3x,maybe,[1\n,Red,4,yes,\n";
        let e: Vec<String> = import(csv, &settings())
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            e,
            [
                "row 2, column C (dp): expected a whole number (like 39), found \"3x\"",
                "row 2, column D (armed): expected yes or no, found \"maybe\"",
                "row 2, column E (mounts): expected a TOML list of inline tables like [{ battery = \"main\", name = \"A turret\", caliber = 343 }], found \"[1\"",
                "row 3, column A (name): expected the ship's name (or, with a class and a count, nothing: the names are numbered)",
            ]
        );
    }

    #[test]
    fn the_formula_guard_is_taken_off() {
        let i = import("name,side\n'=x,Blue\n", &settings()).unwrap();
        assert!(i.text.contains("name = \"=x\""), "{}", i.text);
    }
}
