//! Rosters for every ruleset (SPEC 9): a spreadsheet of ships (CSV) to a scenario and back,
//! written once. Pure: the face reads and writes the files, checks the written scenario with the
//! ruleset's parser (classes resolved) and maps its messages back to rows and columns with
//! [`Import::locate`].
//!
//! One row per ship, or one row per class with a `count` (names listed with `;` or numbered).
//! Each ruleset declares its roster as data ([`Spec`]: its columns, each with the scenario key
//! it fills and what its cells may hold) and implements [`Roster`]: its export (what the face
//! warns of in a scenario that parsed is `rulesets::Registered::setup_warnings`, as for
//! `check`). Shared here: reading the CSV, the formula guard, blank rows,
//! headers in any order and any case, count rows with numbered names and ids, the `[scenario]`
//! head, nested keys (a column for `armor.belt` writes `armor = { belt = ... }`), tables a group
//! of rows makes (A&A's `[[squadron]]`), and every bad cell reported with its row and column.
use crate::core::ruleset::Ruleset;
use std::fmt;

/// What a column's cells hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    Text,
    Whole,
    YesNo,
    /// A number that may have a fractional part (written as a TOML float).
    Decimal,
    /// Numbers separated by `;` (written as a TOML array of floats).
    Decimals,
    /// One of these words (any case; written as given here).
    Choice(&'static [&'static str]),
    /// A TOML inline table (`{ main = 2 }`), with an example for messages.
    Table(&'static str),
    /// A TOML inline array of tables, with an example for messages.
    List(&'static str),
    /// Free text written as a comment in the ship's block (where a figure came from); a
    /// battle does not keep it, so `export` leaves it empty.
    Note,
}

/// Where a column's cells go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum To {
    /// A key of the ship's `[[ship]]` table; `a.b` is the key `b` of the inline table `a`.
    Ship(&'static str),
    /// A key of the table of the row's group ([`Group`]): one value per group.
    Group(&'static str),
    /// Nowhere but a comment (a [`Cell::Note`]), or the row count (`count`).
    Nowhere,
}

/// One column of a roster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Column {
    pub header: &'static str,
    pub to: To,
    pub cell: Cell,
}

impl Column {
    /// The `note` column: written as a comment in the ship's block, read back from none.
    pub const NOTE: Column = Column {
        header: "note",
        to: To::Nowhere,
        cell: Cell::Note,
    };

    /// A column filling the `[[ship]]` key of its own name.
    pub const fn ship(header: &'static str, cell: Cell) -> Column {
        Column {
            header,
            to: To::Ship(header),
            cell,
        }
    }
    /// A column filling another `[[ship]]` key (a nested one: `armor.belt`).
    pub const fn key(header: &'static str, key: &'static str, cell: Cell) -> Column {
        Column {
            header,
            to: To::Ship(key),
            cell,
        }
    }
}

/// Rows that make one more table each, by the id in one of their columns (A&A's squadrons:
/// the `squadron` column names the `[[squadron]]` whose `side`, `name` and `crew` the
/// [`To::Group`] columns fill).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Group {
    /// The array of tables written (`squadron` for `[[squadron]]`).
    pub table: &'static str,
    /// The header of the column holding the group's id (also a ship key).
    pub by: &'static str,
}

/// A ruleset's roster, as data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    /// Every column, in the order `export` writes them. `id`, `name` and `count` (and `class`
    /// for a ruleset with classes) are read as the module says.
    pub columns: &'static [Column],
    /// The columns every roster has.
    pub required: &'static [&'static str],
    /// `--start` when none is given.
    pub default_start: &'static str,
    /// The optional `[scenario]` settings beyond name, date, seed and classes it takes
    /// (`sea_state`).
    pub head: &'static [&'static str],
    pub group: Option<Group>,
}

impl Spec {
    fn col(&self, header: &str) -> Option<&Column> {
        self.columns.iter().find(|c| c.header == header)
    }
    /// Whether its scenarios have ship classes (a `class` column).
    pub fn has_classes(&self) -> bool {
        self.col("class").is_some()
    }
    fn names(&self) -> String {
        self.columns
            .iter()
            .map(|c| c.header)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A ruleset that reads and writes rosters: its [`Spec`], and its ships as rows.
pub trait Roster: Ruleset {
    const ROSTER: Spec;
    /// One row of cells per ship of the scenario (in the order of `ROSTER.columns`), every
    /// figure written out (classes resolved); a ship a roster cannot hold is refused, naming it.
    /// [`cells`] does the work for a ship given as its `[[ship]]` table.
    fn export_rows(setup: &Self::Setup) -> Result<Vec<Vec<String>>, String>;
}

/// A bad cell (or row): the spreadsheet's row (the header is row 1) and column, and what was
/// expected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellError {
    pub row: usize,
    /// 0-based column index and header (empty for a cell past the columns the header names).
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
            // A cell past the last column the header names has no header to name.
            Some((i, name)) if name.is_empty() => write!(
                f,
                "row {}, column {}: {}",
                self.row,
                column_letter(*i),
                self.message
            ),
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
    /// FG&DN: "HHMM"; a numbered-turn ruleset: the first turn.
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
    /// How many ships it has.
    pub ships: usize,
    /// For each line of `text` (index 0 is line 1): the row and column index it was written
    /// from, if any.
    lines: Vec<Option<(usize, Option<usize>)>>,
    headers: Vec<String>,
    /// Each ship's id and row, then each group's id and first row.
    ship_rows: Vec<(String, usize)>,
    group_rows: Vec<(String, usize)>,
    spec: Spec,
}

impl Import {
    /// The row and column a line of the written scenario came from.
    pub fn cell_of(&self, line: usize) -> Option<(usize, Option<(usize, String)>)> {
        let (row, col) = (*self.lines.get(line.checked_sub(1)?)?)?;
        Some((row, col.map(|c| (c, self.headers[c].clone()))))
    }

    /// A message of the ruleset's parser about the written scenario (`file` is the name it was
    /// given) as a bad cell, when it names a line written from a row (`file:LINE: ...`, or a
    /// TOML error at a line), or a ship or group and a key (`file: ship "ID": KEY: ...`).
    pub fn locate(&self, file: &str, message: &str) -> Option<CellError> {
        let rest = message.strip_prefix(file)?;
        if let Some(after) = rest
            .strip_prefix(':')
            .filter(|a| a.starts_with(|c: char| c.is_ascii_digit()))
        {
            let (num, tail) = after.split_once(':')?;
            let line = num.parse::<usize>().ok()?;
            let (row, column) = self.cell_of(line)?;
            return Some(CellError {
                row,
                column,
                message: tail.strip_prefix(' ').unwrap_or(tail).to_string(),
            });
        }
        let rest = rest.strip_prefix(": ")?;
        if let Some(toml) = rest.strip_prefix("TOML parse error at line ") {
            let line = toml
                .split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse::<usize>()
                .ok()?;
            let (row, column) = self.cell_of(line)?;
            // The message is the last line of the report (after the quoted source line).
            let what = toml
                .lines()
                .skip(1)
                .filter(|l| !l.trim().is_empty() && !l.contains('|'))
                .collect::<Vec<_>>()
                .join(" ");
            let mut message = if what.is_empty() {
                rest.lines().next().unwrap_or(rest).to_string()
            } else {
                what
            };
            let mut column = column;
            // A key the ship lacks: its column, or the columns to add.
            let missing = message
                .strip_prefix("missing field `")
                .and_then(|r| r.split_once('`'))
                .map(|(f, _)| f.to_string());
            if let (None, Some(field)) = (&column, missing) {
                let cols: Vec<&str> = self
                    .spec
                    .columns
                    .iter()
                    .filter(|c| {
                        matches!(c.to, To::Ship(k) | To::Group(k) if k == field
                            || k.strip_prefix(field.as_str()).is_some_and(|r| r.starts_with('.')))
                    })
                    .map(|c| c.header)
                    .collect();
                match self.headers.iter().position(|h| cols.contains(&h.as_str())) {
                    Some(i) => column = Some((i, self.headers[i].clone())),
                    None if !cols.is_empty() => {
                        message = format!(
                            "{message}: fill the column{} {}",
                            if cols.len() == 1 { "" } else { "s" },
                            cols.join(", ")
                        )
                    }
                    None => {}
                }
            }
            return Some(CellError {
                row,
                column,
                message,
            });
        }
        // `ship "ID": KEY: ...` or `<group> "ID": KEY: ...`.
        let (what, after) = rest.split_once(" \"")?;
        let (id, after) = after.split_once("\": ")?;
        let key = after
            .split([':', ' '])
            .next()
            .unwrap_or("")
            .trim_end_matches(',');
        let (rows, group) = if what == "ship" {
            (&self.ship_rows, false)
        } else if self.spec.group.is_some_and(|g| g.table == what) {
            (&self.group_rows, true)
        } else {
            return None;
        };
        let row = rows
            .iter()
            .find(|(i, _)| i.eq_ignore_ascii_case(id))
            .map(|(_, r)| *r)?;
        let by = self.spec.group.map(|g| g.by);
        // An id made from the name is the name's cell's.
        let key = if key == "id" && !group && !self.headers.iter().any(|h| h == "id") {
            "name"
        } else {
            key
        };
        let column = self.headers.iter().position(|h| {
            self.spec.col(h).is_some_and(|c| match c.to {
                To::Ship(k) if !group => k == key,
                To::Group(k) if group => k == key,
                To::Ship(_) if group => key == "id" && Some(c.header) == by,
                _ => false,
            })
        });
        Some(CellError {
            row,
            column: column.map(|c| (c, self.headers[c].clone())),
            message: rest.to_string(),
        })
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

fn decimal(cell: &str) -> Option<f64> {
    cell.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// A cell read as its column says, or what was expected.
pub fn read_cell(kind: Cell, cell: &str) -> Result<String, String> {
    match kind {
        Cell::Text => Ok(quote(cell)),
        Cell::Note => Ok(cell.replace(['\n', '\r'], " ")),
        Cell::Whole => cell
            .parse::<u32>()
            .map(|n| n.to_string())
            .map_err(|_| format!("expected a whole number (like 39), found \"{cell}\"")),
        Cell::Decimal => decimal(cell)
            .map(|x| inline(&toml::Value::Float(x)))
            .ok_or_else(|| format!("expected a number (like 5.75), found \"{cell}\"")),
        Cell::Decimals => {
            let parts: Option<Vec<String>> = cell
                .split(';')
                .map(|p| decimal(p.trim()).map(|x| inline(&toml::Value::Float(x))))
                .collect();
            parts.map(|p| format!("[{}]", p.join(", "))).ok_or_else(|| {
                format!("expected numbers separated by ; (like 0.75;1.5;2.25), found \"{cell}\"")
            })
        }
        Cell::Choice(words) => words
            .iter()
            .find(|w| w.eq_ignore_ascii_case(cell))
            .map(|w| quote(w))
            .ok_or_else(|| format!("expected one of {}, found \"{cell}\"", words.join(", "))),
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

/// What is wrong with the settings given for a ruleset whose roster is `spec` (a setting its
/// scenarios do not have), each naming the command-line argument.
pub fn setting_problems(spec: &Spec, ruleset: &str, settings: &Settings) -> Vec<String> {
    let mut out = Vec::new();
    if settings.sea_state.is_some() && !spec.head.contains(&"sea_state") {
        out.push(format!(
            "--sea-state: {ruleset} scenarios have no sea state"
        ));
    }
    if !settings.classes.is_empty() && !spec.has_classes() {
        out.push(format!(
            "--classes: {ruleset} scenarios have no ship classes: give each row its figures"
        ));
    }
    out
}

/// What is wrong with how a row of a roster (or the builder's form) counts and names its
/// ships; each face words it for its own cells or fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Naming {
    /// The count (as given, trimmed) is not a number 1-500.
    Count(String),
    /// No name, and no class whose id to number.
    NoName,
    /// `given` names separated by `;`, but the count is `count`.
    Names { given: usize, count: usize },
}

/// The most ships one row (or one Add) makes.
pub const MAX_COUNT: usize = 500;

/// A row's count: how many ships, 1-500; `None` when it is empty (one ship per name).
pub fn ship_count(cell: &str) -> Result<Option<usize>, Naming> {
    let cell = cell.trim();
    if cell.is_empty() {
        return Ok(None);
    }
    cell.parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_COUNT).contains(n))
        .map(Some)
        .ok_or_else(|| Naming::Count(cell.to_string()))
}

/// The names of a row's `count` ships (`None`: one per name given): names separated by `;`,
/// one per ship; one name numbered when the count is more (`HMS W 1`, `HMS W 2`); none: the
/// id `numbered` (a class's) numbered, when the face numbers one.
pub fn ship_names(
    count: Option<usize>,
    names: &str,
    numbered: Option<&str>,
) -> Result<Vec<String>, Naming> {
    let given: Vec<String> = names
        .split(';')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let n = count.unwrap_or(given.len().max(1));
    match (given.len(), numbered) {
        (0, Some(class)) => Ok((1..=n).map(|k| format!("{class} {k}")).collect()),
        (0, None) => Err(Naming::NoName),
        (1, _) if n > 1 => Ok((1..=n).map(|k| format!("{} {k}", given[0])).collect()),
        (k, _) if k == n => Ok(given),
        (k, _) => Err(Naming::Names { given: k, count: n }),
    }
}

/// A group's table as the rows give it.
struct GroupOut {
    id: String,
    row: usize,
    /// (column index, row given on, value) per group column, in column order.
    values: Vec<(usize, usize, String)>,
}

/// The scenario a roster gives (CSV text, header row first) for the ruleset `ruleset` with
/// the roster `spec`, or every bad cell. The scenario is not yet checked against the rules:
/// the face parses it and maps its messages back with [`Import::locate`].
pub fn import(
    spec: &Spec,
    ruleset: &str,
    csv_text: &str,
    settings: &Settings,
) -> Result<Import, Vec<CellError>> {
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
                spec.names()
            ),
        }]);
    };
    let headers: Vec<String> = header
        .iter()
        .map(|h| h.trim().to_ascii_lowercase())
        .collect();
    let mut kinds = Vec::new();
    for (i, h) in headers.iter().enumerate() {
        match spec.col(h) {
            Some(c) if !headers[..i].contains(h) => kinds.push(Some(c.cell)),
            Some(_) => {
                errors.push(CellError {
                    row: 1,
                    column: Some((i, h.clone())),
                    message: format!("column \"{h}\" is given twice"),
                });
                kinds.push(None);
            }
            None if h.is_empty() => kinds.push(None),
            None if h == "class" => {
                errors.push(CellError {
                    row: 1,
                    column: Some((i, h.clone())),
                    message: format!(
                        "{ruleset} scenarios have no ship classes: give each row its figures (columns: {})",
                        spec.names()
                    ),
                });
                kinds.push(None);
            }
            None => {
                errors.push(CellError {
                    row: 1,
                    column: Some((i, h.clone())),
                    message: format!("unknown column \"{h}\" (expected one of: {})", spec.names()),
                });
                kinds.push(None);
            }
        }
    }
    for need in spec.required {
        if !headers.iter().any(|h| h == need) {
            let every = if spec.required == ["name", "side"] {
                "every roster has name and side".to_string()
            } else {
                format!("every {ruleset} roster has {}", spec.required.join(", "))
            };
            errors.push(CellError {
                row: 1,
                column: None,
                message: format!("no \"{need}\" column ({every})"),
            });
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let col = |name: &str| headers.iter().position(|h| h == name);
    let mut head = format!(
        "# Written by `umpire import` from {}.\n[scenario]\nname = {}\nruleset = {}\nstart = {}\n",
        settings.source.replace('\n', " "),
        quote(&settings.name),
        quote(ruleset),
        quote(&settings.start)
    );
    if let Some(d) = &settings.date {
        head.push_str(&format!("date = {}\n", quote(d)));
    }
    if let Some(s) = settings.seed {
        head.push_str(&format!("seed = {s}\n"));
    }
    if let Some(s) = settings.sea_state {
        head.push_str(&format!("sea_state = {s}\n"));
    }
    if !settings.classes.is_empty() {
        let files: Vec<String> = settings.classes.iter().map(|c| quote(c)).collect();
        head.push_str(&format!("classes = [{}]\n", files.join(", ")));
    }
    let head_lines = head.lines().count();
    let mut text = String::new();
    let mut lines: Vec<Option<(usize, Option<usize>)>> = Vec::new();
    let mut used_ids: Vec<String> = Vec::new();
    let mut ship_rows: Vec<(String, usize)> = Vec::new();
    let mut groups: Vec<GroupOut> = Vec::new();
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
        let count = match ship_count(count_cell) {
            Ok(count) => count,
            Err(_) => {
                bad(
                    count_col.unwrap_or(0),
                    format!("expected how many ships of this row, 1-500, found \"{count_cell}\""),
                );
                None
            }
        };
        let name_i = col("name").unwrap_or(0);
        // With a class and a count, no name: the class id numbered.
        let numbered = (!class.is_empty() && count.is_some()).then_some(class);
        let names: Vec<String> = match ship_names(count, get("name"), numbered) {
            Ok(names) => names,
            Err(Naming::Names { given, count }) => {
                bad(
                    name_i,
                    format!("{given} names separated by ; but the count is {count}: give one name per ship, or one to number"),
                );
                Vec::new()
            }
            Err(_) => {
                bad(
                    name_i,
                    if spec.has_classes() {
                        "expected the ship's name (or, with a class and a count, nothing: the names are numbered)".into()
                    } else {
                        "expected the ship's name".into()
                    },
                );
                Vec::new()
            }
        };
        let n = count.unwrap_or(names.len().max(1));
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
        // The row's group, and what it says of it.
        if let Some(g) = spec.group {
            let by = col(g.by);
            let gid = get(g.by);
            if gid.is_empty() {
                if let Some(b) = by {
                    bad(
                        b,
                        format!(
                            "expected the id of the ship's {} (rows with the same id make one)",
                            g.table
                        ),
                    );
                }
            } else {
                let k = match groups.iter().position(|x| x.id.eq_ignore_ascii_case(gid)) {
                    Some(k) => k,
                    None => {
                        groups.push(GroupOut {
                            id: gid.to_string(),
                            row,
                            values: Vec::new(),
                        });
                        groups.len() - 1
                    }
                };
                for (i, h) in headers.iter().enumerate() {
                    let Some(To::Group(_)) = spec.col(h).map(|c| c.to) else {
                        continue;
                    };
                    let Some(v) = &values[i] else { continue };
                    let group = &mut groups[k];
                    match group.values.iter().find(|(c, _, _)| *c == i) {
                        Some((_, at, had)) if had != v => bad(
                            i,
                            format!(
                                "{} \"{}\" has {h} {had} (row {at}): one value for all its rows",
                                g.table, group.id
                            ),
                        ),
                        Some(_) => {}
                        None => group.values.push((i, row, v.clone())),
                    }
                }
            }
        }
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
            ship_rows.push((id.clone(), row));
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
            // Plain keys in column order, then each nested table at its first column.
            let mut nested: Vec<(&str, usize, Vec<String>)> = Vec::new();
            for c in spec.columns {
                let Some(i) = col(c.header) else { continue };
                let Some(v) = &values[i] else { continue };
                match (c.to, c.cell) {
                    (_, Cell::Note) => push(format!("# {v}"), Some(i)),
                    (To::Ship(key), _) if !matches!(key, "id" | "name") => {
                        match key.split_once('.') {
                            Some((table, inner)) => {
                                let part = format!("{inner} = {v}");
                                match nested.iter_mut().find(|(t, _, _)| *t == table) {
                                    Some((_, _, parts)) => parts.push(part),
                                    None => nested.push((table, i, vec![part])),
                                }
                            }
                            None => push(format!("{key} = {v}"), Some(i)),
                        }
                    }
                    _ => {}
                }
            }
            for (table, first, parts) in nested {
                push(format!("{table} = {{ {} }}", parts.join(", ")), Some(first));
            }
        }
    }
    if ship_rows.is_empty() && errors.is_empty() {
        errors.push(CellError {
            row: 2,
            column: None,
            message: if spec.has_classes() {
                "no ships: add a row for each ship (or class with a count)".into()
            } else {
                "no ships: add a row for each ship (or one with a count)".into()
            },
        });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // The head, the groups' tables, the ships.
    let mut all = head;
    let mut all_lines: Vec<Option<(usize, Option<usize>)>> = vec![None; head_lines];
    if let Some(g) = spec.group {
        for group in &groups {
            let mut push = |line: String, at: Option<(usize, Option<usize>)>| {
                all.push_str(&line);
                all.push('\n');
                all_lines.push(at);
            };
            push(String::new(), None);
            push(format!("[[{}]]", g.table), Some((group.row, None)));
            push(
                format!("id = {}", quote(&group.id)),
                Some((group.row, col(g.by))),
            );
            for (i, row, v) in &group.values {
                if let Some(To::Group(key)) = spec.col(&headers[*i]).map(|c| c.to) {
                    push(format!("{key} = {v}"), Some((*row, Some(*i))));
                }
            }
        }
    }
    all.push_str(&text);
    all_lines.extend(lines);
    Ok(Import {
        text: all,
        ships: ship_rows.len(),
        lines: all_lines,
        headers,
        ship_rows,
        group_rows: groups.into_iter().map(|g| (g.id, g.row)).collect(),
        spec: *spec,
    })
}

/// A value of a `[[ship]]` (or group) table as a cell of its column.
fn cell_text(kind: Cell, v: &toml::Value) -> String {
    match (kind, v) {
        (_, toml::Value::String(s)) => s.clone(),
        (_, toml::Value::Boolean(b)) => if *b { "yes" } else { "no" }.into(),
        (Cell::Decimals, toml::Value::Array(a)) => a
            .iter()
            .map(|x| match x {
                toml::Value::Float(f) => f.to_string(),
                other => inline(other),
            })
            .collect::<Vec<_>>()
            .join(";"),
        (_, toml::Value::Float(f)) => f.to_string(),
        (_, other) => inline(other),
    }
}

fn lookup<'a>(table: &'a toml::Table, key: &str) -> Option<&'a toml::Value> {
    match key.split_once('.') {
        Some((outer, inner)) => table.get(outer)?.as_table()?.get(inner),
        None => table.get(key),
    }
}

/// The export rows of ships whose `[[ship]]` tables are their specs as serialised (`id`, spec):
/// [`cells`] of each, a spec that does not serialise refused naming its ship.
pub fn ship_rows<'a, S: serde::Serialize + 'a>(
    spec: &Spec,
    ships: impl IntoIterator<Item = (&'a str, &'a S)>,
) -> Result<Vec<Vec<String>>, String> {
    ships
        .into_iter()
        .map(|(id, ship)| {
            toml::Table::try_from(ship)
                .map(|t| cells(spec, &t, None))
                .map_err(|e| format!("ship \"{id}\": {e}"))
        })
        .collect()
}

/// A ship's row of cells (export): each column's key read from the ship's `[[ship]]` table
/// (a nested key from its inline table) or, for a group column, from its group's table; a
/// note, the count and the class are empty (the figures are written out).
pub fn cells(spec: &Spec, ship: &toml::Table, group: Option<&toml::Table>) -> Vec<String> {
    spec.columns
        .iter()
        .map(|c| {
            let v = match c.to {
                To::Ship("class") => None,
                To::Ship(key) => lookup(ship, key),
                To::Group(key) => group.and_then(|g| lookup(g, key)),
                To::Nowhere => None,
            };
            v.map(|v| cell_text(c.cell, v)).unwrap_or_default()
        })
        .collect()
}

/// The header row of a roster.
pub fn header(spec: &Spec) -> Vec<String> {
    spec.columns.iter().map(|c| c.header.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const COLUMNS: &[Column] = &[
        Column::ship("id", Cell::Text),
        Column::ship("name", Cell::Text),
        Column::ship("side", Cell::Text),
        Column {
            header: "count",
            to: To::Nowhere,
            cell: Cell::Whole,
        },
        Column::ship("speed", Cell::Decimal),
        Column::ship("boxes", Cell::Decimals),
        Column::ship("kind", Cell::Choice(&["big", "small"])),
        Column::key("front.si", "front.si", Cell::Whole),
        Column::key("front.gun", "front.gun", Cell::Whole),
        Column {
            header: "note",
            to: To::Nowhere,
            cell: Cell::Note,
        },
    ];

    fn spec() -> Spec {
        Spec {
            columns: COLUMNS,
            required: &["name", "side"],
            default_start: "1",
            head: &[],
            group: None,
        }
    }

    fn settings() -> Settings {
        Settings {
            name: "T".into(),
            start: "1".into(),
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
    fn nested_keys_make_one_inline_table_and_notes_a_comment() {
        let csv = "Name,SIDE,front.gun,front.si,speed,boxes,kind,note\nA,Blue,2,5,5.5,1;2,BIG,from 6.11\n";
        let i = import(&spec(), "x-1", csv, &settings()).unwrap();
        assert!(
            i.text.contains(
                "name = \"A\"\nside = \"Blue\"\nspeed = 5.5\nboxes = [1.0, 2.0]\nkind = \"big\"\n# from 6.11\nfront = { si = 5, gun = 2 }\n"
            ),
            "{}",
            i.text
        );
        assert!(i.text.contains("ruleset = \"x-1\"\nstart = \"1\""));
        let line = i.text.lines().position(|l| l.starts_with("front")).unwrap() + 1;
        assert_eq!(i.cell_of(line), Some((2, Some((3, "front.si".into())))));
    }

    #[test]
    fn bad_cells_of_every_kind_name_row_and_column() {
        let csv = "name,side,class\nA,Blue,k\n";
        let e: Vec<String> = import(&spec(), "x-1", csv, &settings())
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            e,
            ["row 1, column C (class): x-1 scenarios have no ship classes: give each row its figures (columns: id, name, side, count, speed, boxes, kind, front.si, front.gun, note)"]
        );
        let csv = "name,side,speed,boxes,kind\nA,Blue,fast,1;x,huge\n";
        let e: Vec<String> = import(&spec(), "x-1", csv, &settings())
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            e,
            [
                "row 2, column C (speed): expected a number (like 5.75), found \"fast\"",
                "row 2, column D (boxes): expected numbers separated by ; (like 0.75;1.5;2.25), found \"1;x\"",
                "row 2, column E (kind): expected one of big, small, found \"huge\"",
            ]
        );
    }

    /// The one count-and-names rule of a row (and of the builder's forms).
    #[test]
    fn a_count_numbers_one_name_or_a_class_and_names_must_match_it() {
        assert_eq!(ship_count(" "), Ok(None));
        assert_eq!(ship_count(" 3 "), Ok(Some(3)));
        for bad in ["0", "501", "x", "-1"] {
            assert_eq!(ship_count(bad), Err(Naming::Count(bad.into())));
        }
        assert_eq!(
            ship_names(None, "A; B", None),
            Ok(vec!["A".into(), "B".into()])
        );
        assert_eq!(
            ship_names(Some(2), "W ;", None),
            Ok(vec!["W 1".into(), "W 2".into()])
        );
        assert_eq!(
            ship_names(Some(2), "", Some("s53")),
            Ok(vec!["s53 1".into(), "s53 2".into()])
        );
        assert_eq!(ship_names(None, "", Some("s53")), Ok(vec!["s53 1".into()]));
        assert_eq!(ship_names(Some(2), " ; ", None), Err(Naming::NoName));
        assert_eq!(
            ship_names(Some(2), "A;B;C", Some("k")),
            Err(Naming::Names { given: 3, count: 2 })
        );
        // As import words them, at the row's cells.
        let csv = "name,side,count\nA;B;C,Blue,2\n,Red,\nD,Red,600\n";
        let e: Vec<String> = import(&spec(), "x-1", csv, &settings())
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            e,
            [
                "row 2, column A (name): 3 names separated by ; but the count is 2: give one name per ship, or one to number",
                "row 3, column A (name): expected the ship's name",
                "row 4, column C (count): expected how many ships of this row, 1-500, found \"600\"",
            ]
        );
    }

    #[test]
    fn a_row_longer_than_the_header_names_only_the_column_letter() {
        let csv = "name,side,speed,boxes,kind\nA,Blue,5,1,big,extra\n";
        let e: Vec<String> = import(&spec(), "x-1", csv, &settings())
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            e,
            ["row 2, column F: 6 cells, but the header names 5 columns"]
        );
    }

    #[test]
    fn a_rule_message_naming_a_ship_and_key_finds_its_cell() {
        let csv = "name,side,front.si\nA,Blue,1\nB,Red,2\n";
        let i = import(&spec(), "x-1", csv, &settings()).unwrap();
        let e = i
            .locate("s.toml", "s.toml: ship \"b\": front.si: 2 is too many")
            .unwrap();
        assert_eq!(
            e.to_string(),
            "row 3, column C (front.si): ship \"b\": front.si: 2 is too many"
        );
        let line = i.text.lines().position(|l| l == "name = \"B\"").unwrap() + 1;
        let toml = format!("s.toml: TOML parse error at line {line}, column 1\n  |\n{line} | name = \"B\"\n  | ^\ninvalid type\n");
        assert_eq!(
            i.locate("s.toml", &toml).unwrap().to_string(),
            "row 3, column A (name): invalid type"
        );
        assert_eq!(i.locate("s.toml", "s.toml: no [[ship]]"), None);
    }

    #[test]
    fn rows_of_a_group_make_its_table_once_and_must_agree() {
        const GROUPED: &[Column] = &[
            Column::ship("name", Cell::Text),
            Column {
                header: "side",
                to: To::Group("side"),
                cell: Cell::Text,
            },
            Column::ship("squadron", Cell::Text),
        ];
        let spec = Spec {
            columns: GROUPED,
            required: &["name", "side", "squadron"],
            default_start: "1",
            head: &[],
            group: Some(Group {
                table: "squadron",
                by: "squadron",
            }),
        };
        let csv = "name,side,squadron\nA,Blue,1bs\nB,,1BS\nC,Red,x\n";
        let i = import(&spec, "x-1", csv, &settings()).unwrap();
        assert!(
            i.text.contains("\n[[squadron]]\nid = \"1bs\"\nside = \"Blue\"\n\n[[squadron]]\nid = \"x\"\nside = \"Red\"\n\n[[ship]]"),
            "{}",
            i.text
        );
        assert_eq!(
            i.locate("s.toml", "s.toml: squadron \"X\": side: empty")
                .unwrap()
                .to_string(),
            "row 4, column B (side): squadron \"X\": side: empty"
        );
        let csv = "name,side,squadron\nA,Blue,1bs\nB,Red,1bs\nC,Red,\n";
        let e: Vec<String> = import(&spec, "x-1", csv, &settings())
            .unwrap_err()
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            e,
            [
                "row 3, column B (side): squadron \"1bs\" has side \"Blue\" (row 2): one value for all its rows",
                "row 4, column C (squadron): expected the id of the ship's squadron (rows with the same id make one)",
            ]
        );
        let e = import(&spec, "x-1", "name,side\nA,B\n", &settings()).unwrap_err();
        assert_eq!(
            e[0].to_string(),
            "row 1: no \"squadron\" column (every x-1 roster has name, side, squadron)"
        );
    }

    #[test]
    fn export_cells_read_each_key_by_its_column() {
        let ship: toml::Table = toml::from_str(
            "id = \"a\"\nname = \"A\"\nspeed = 6.0\nboxes = [0.75, 1.5]\nkind = \"big\"\nfront = { si = 5 }\nside = \"Blue\"\n",
        )
        .unwrap();
        assert_eq!(
            cells(&spec(), &ship, None),
            ["a", "A", "Blue", "", "6", "0.75;1.5", "big", "5", "", ""]
        );
    }
}
