//! The Quickfire Combat Chart as data (`tables/quickfire-1.1/*.toml`, compiled in with
//! `include_str!`; an owner's file of the same name replaces one with `--tables DIR`).
//!
//! The Combat Chart is not in our text (« 1.3 Equipment): the built-in files hold only what the
//! text prints (the 150 % and 200 % Gunnery lines, Repair S 8-11, D 5-7, one hit below 150 %)
//! and what its examples imply (the size-7 sinking number and the +1 modifiers of « 4.3),
//! every such cell marked `derived`. Every other cell is absent: the rules ask the umpire for
//! it as a chart read (SPEC 8). An owner fills cells from their printed chart with provenance
//! `chart`. Loading is strict: unknown keys, rolls outside a line's dice, a roll given twice,
//! results that are not codes, are errors naming the file and the cell.
use super::ship::Outcome;
use serde::Deserialize;
use std::collections::BTreeMap;

pub const DIR: &str = "tables/quickfire-1.1";

/// The built-in files, in load order.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "gunnery.toml",
        include_str!("../../../tables/quickfire-1.1/gunnery.toml"),
    ),
    (
        "blast.toml",
        include_str!("../../../tables/quickfire-1.1/blast.toml"),
    ),
    (
        "damage.toml",
        include_str!("../../../tables/quickfire-1.1/damage.toml"),
    ),
    (
        "torpedoes.toml",
        include_str!("../../../tables/quickfire-1.1/torpedoes.toml"),
    ),
    (
        "sinking.toml",
        include_str!("../../../tables/quickfire-1.1/sinking.toml"),
    ),
];

pub use crate::core::tables::{with_builtin, CellNote, Provenance, RuleTables};

/// A cell: a value, where it came from, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell<T> {
    pub value: T,
    pub provenance: Provenance,
    pub note: String,
}

/// A Gunnery table column (« 3.0 Gunnery Table).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// The Gun/Armor percentage the column starts at.
    pub pct: u32,
    /// The text fixes that ratios up to this percentage read this column ("98 % ... counts
    /// as being in the 75 % column").
    pub covers_to: Option<u32>,
    pub die_roll: Option<Cell<u32>>,
    pub hits: Option<Cell<u32>>,
}

/// The Damage table's lines (2D6) and the Blast Damage table's (3D6 total).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum LineKey {
    BlastShort,
    BlastLong,
    Blast,
    Explosion,
    Fire,
    TorpedoCheck,
    RepairG,
    RepairS,
    RepairSp,
    RepairD,
}

impl LineKey {
    pub const ALL: [LineKey; 10] = [
        LineKey::BlastShort,
        LineKey::BlastLong,
        LineKey::Blast,
        LineKey::Explosion,
        LineKey::Fire,
        LineKey::TorpedoCheck,
        LineKey::RepairG,
        LineKey::RepairS,
        LineKey::RepairSp,
        LineKey::RepairD,
    ];
    /// The key in the file.
    pub fn key(self) -> &'static str {
        match self {
            LineKey::BlastShort => "short",
            LineKey::BlastLong => "long",
            LineKey::Blast => "blast",
            LineKey::Explosion => "explosion",
            LineKey::Fire => "fire",
            LineKey::TorpedoCheck => "torpedo_check",
            LineKey::RepairG => "repair_g",
            LineKey::RepairS => "repair_s",
            LineKey::RepairSp => "repair_sp",
            LineKey::RepairD => "repair_d",
        }
    }
    pub fn file(self) -> &'static str {
        match self {
            LineKey::BlastShort | LineKey::BlastLong => "blast.toml",
            _ => "damage.toml",
        }
    }
    /// The chart and line as the umpire finds them on the printed Combat Chart.
    pub fn chart(self) -> &'static str {
        match self {
            LineKey::BlastShort | LineKey::BlastLong => "Blast Damage table",
            _ => "Damage table",
        }
    }
    pub fn line(self) -> &'static str {
        match self {
            LineKey::BlastShort => "Short line",
            LineKey::BlastLong => "Long line",
            LineKey::Blast => "Blast line",
            LineKey::Explosion => "Explosion line",
            LineKey::Fire => "Fire line",
            LineKey::TorpedoCheck => "T-hit check",
            LineKey::RepairG => "Repair G line",
            LineKey::RepairS => "Repair S line",
            LineKey::RepairSp => "S-P line",
            LineKey::RepairD => "D line",
        }
    }
    /// The rolls of the line: the three fire dice (3-18) or 2D6 (2-12).
    pub fn rolls(self) -> std::ops::RangeInclusive<u32> {
        match self {
            LineKey::BlastShort | LineKey::BlastLong => 3..=18,
            _ => 2..=12,
        }
    }
    /// The results the line may give beyond codes and `n/e`.
    pub fn words(self) -> &'static [&'static str] {
        match self {
            LineKey::Fire => &["out"],
            LineKey::RepairG | LineKey::RepairS | LineKey::RepairSp | LineKey::RepairD => &["fix"],
            _ => &[],
        }
    }
    fn from_key(file: &str, s: &str) -> Option<LineKey> {
        LineKey::ALL
            .into_iter()
            .find(|l| l.file() == file && l.key() == s)
    }
}

/// The Torpedoes table's lines (« 3.2): the target's movement type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Movement {
    Moving,
    Static,
}

impl Movement {
    pub fn as_str(self) -> &'static str {
        match self {
            Movement::Moving => "moving",
            Movement::Static => "static",
        }
    }
}

/// The Sinking table's modifiers, as the « 4.3 example implies them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SinkModifiers {
    pub per_fire: u32,
    pub per_speed_hit_beyond: u32,
    pub provenance: Provenance,
    pub note: String,
}

/// Every Quickfire table, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables {
    /// Columns by percentage, ascending.
    pub columns: Vec<Column>,
    /// The owner says the columns are all the chart's (no column is missing).
    pub columns_complete: bool,
    pub lines: BTreeMap<LineKey, BTreeMap<u32, Cell<Outcome>>>,
    pub torpedoes: BTreeMap<(Movement, u32), Cell<u32>>,
    pub sinking: BTreeMap<u32, Cell<u32>>,
    pub sink_modifiers: SinkModifiers,
    /// Every cell that is not `text`, in file order.
    pub notes: Vec<CellNote>,
}

// ---- the files' shapes

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GunneryFile {
    rule: String,
    complete: bool,
    column: Vec<ColumnRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ColumnRow {
    pct: u32,
    #[serde(default)]
    covers_to: Option<u32>,
    #[serde(default)]
    die_roll: Option<u32>,
    #[serde(default)]
    hits: Option<u32>,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LinesFile {
    rule: String,
    line: Vec<LineRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LineRow {
    name: String,
    #[serde(default)]
    note: String,
    cells: Vec<CellRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CellRow {
    roll: String,
    result: String,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TorpedoFile {
    rule: String,
    #[serde(default)]
    cell: Vec<TorpedoRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TorpedoRow {
    movement: String,
    rating: u32,
    hit: u32,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SinkingFile {
    rule: String,
    #[serde(default)]
    size: Vec<SizeRow>,
    modifiers: ModRow,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SizeRow {
    size: u32,
    number: u32,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModRow {
    per_fire: u32,
    per_speed_hit_beyond: u32,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

/// "4-6" or "6": an inclusive band of rolls within `range`.
fn band(s: &str, range: &std::ops::RangeInclusive<u32>) -> Option<(u32, u32)> {
    let (lo, hi) = match s.split_once('-') {
        Some((a, b)) => (a.trim().parse().ok()?, b.trim().parse().ok()?),
        None => {
            let f = s.trim().parse().ok()?;
            (f, f)
        }
    };
    (range.contains(&lo) && lo <= hi && range.contains(&hi)).then_some((lo, hi))
}

struct Notes(Vec<CellNote>);

impl Notes {
    fn add(&mut self, file: &str, key: String, p: Provenance, rule: &str, why: &str) {
        if p != Provenance::Text {
            self.0.push(CellNote {
                file: format!("{DIR}/{file}"),
                key,
                provenance: p,
                rule: rule.to_string(),
                note: why.to_string(),
            });
        }
    }
}

impl Tables {
    /// The compiled-in tables.
    pub fn builtin() -> Result<Tables, Vec<String>> {
        Tables::with_overrides(&[])
    }

    /// Load from the five `(file name, text)` pairs.
    pub fn load(files: &[(String, String)]) -> Result<Tables, Vec<String>> {
        let get = |name: &str| {
            files
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, t)| t.as_str())
                .unwrap_or("")
        };
        let mut errs = Vec::new();
        let mut notes = Notes(Vec::new());
        let parse_err =
            |file: &str, e: toml::de::Error| format!("{DIR}/{file}: {}", e.to_string().trim_end());

        // gunnery.toml
        let mut columns = Vec::new();
        let mut columns_complete = false;
        match toml::from_str::<GunneryFile>(get("gunnery.toml")) {
            Err(e) => errs.push(parse_err("gunnery.toml", e)),
            Ok(f) => {
                columns_complete = f.complete;
                for row in f.column {
                    let at = format!("{DIR}/gunnery.toml: column {}", row.pct);
                    if row.pct == 0 || row.pct > 10_000 {
                        errs.push(format!("{at}: pct is not 1-10000"));
                    }
                    if let Some(d) = row.die_roll {
                        if !(2..=12).contains(&d) {
                            errs.push(format!("{at}: die_roll {d} is not a 2D6 total (2-12)"));
                        }
                    }
                    if let Some(h) = row.hits {
                        if !(1..=6).contains(&h) {
                            errs.push(format!("{at}: hits {h} is not 1-6"));
                        }
                    }
                    if row.covers_to.is_some_and(|c| c < row.pct) {
                        errs.push(format!("{at}: covers_to is below pct"));
                    }
                    if row.provenance == Provenance::Unknown && row.die_roll.is_some() {
                        errs.push(format!("{at}: an unknown column has no die_roll"));
                    }
                    if row.provenance != Provenance::Unknown && row.die_roll.is_none() {
                        errs.push(format!("{at}: give die_roll, or provenance = \"unknown\""));
                    }
                    notes.add(
                        "gunnery.toml",
                        format!("column {}%", row.pct),
                        row.provenance,
                        &f.rule,
                        &row.note,
                    );
                    let cell = |v: u32| Cell {
                        value: v,
                        provenance: row.provenance,
                        note: row.note.clone(),
                    };
                    if columns.iter().any(|c: &Column| c.pct == row.pct) {
                        errs.push(format!("{at}: given twice"));
                    }
                    columns.push(Column {
                        pct: row.pct,
                        covers_to: row.covers_to,
                        die_roll: row.die_roll.map(cell),
                        hits: row.hits.map(cell),
                    });
                }
                columns.sort_by_key(|c| c.pct);
            }
        }

        // blast.toml and damage.toml
        let mut lines: BTreeMap<LineKey, BTreeMap<u32, Cell<Outcome>>> = BTreeMap::new();
        for file in ["blast.toml", "damage.toml"] {
            match toml::from_str::<LinesFile>(get(file)) {
                Err(e) => errs.push(parse_err(file, e)),
                Ok(f) => {
                    for row in f.line {
                        let at = format!("{DIR}/{file}: line \"{}\"", row.name);
                        let Some(key) = LineKey::from_key(file, &row.name) else {
                            let names: Vec<&str> = LineKey::ALL
                                .iter()
                                .filter(|l| l.file() == file)
                                .map(|l| l.key())
                                .collect();
                            errs.push(format!("{at}: not a line of {file} ({})", names.join(", ")));
                            continue;
                        };
                        if lines.contains_key(&key) {
                            errs.push(format!("{at}: given twice"));
                            continue;
                        }
                        let range = key.rolls();
                        let mut cells = BTreeMap::new();
                        for c in row.cells {
                            let Some((lo, hi)) = band(&c.roll, &range) else {
                                errs.push(format!(
                                    "{at}: roll \"{}\" is not a band of {}-{}",
                                    c.roll,
                                    range.start(),
                                    range.end()
                                ));
                                continue;
                            };
                            let outcome = match Outcome::parse(&c.result) {
                                Ok(o) => o,
                                Err(e) => {
                                    errs.push(format!("{at}: roll {}: {e}", c.roll));
                                    continue;
                                }
                            };
                            let fits = match &outcome {
                                Outcome::Fix => key.words().contains(&"fix"),
                                Outcome::Out => key.words().contains(&"out"),
                                _ => true,
                            };
                            if !fits {
                                errs.push(format!(
                                    "{at}: roll {}: \"{}\" is not a result of this line",
                                    c.roll, c.result
                                ));
                            }
                            if c.provenance == Provenance::Unknown {
                                errs.push(format!(
                                    "{at}: roll {}: leave an unknown cell out (it is asked as a chart read)",
                                    c.roll
                                ));
                            }
                            let note = if c.note.is_empty() {
                                row.note.clone()
                            } else {
                                c.note.clone()
                            };
                            notes.add(
                                file,
                                format!("{} {}", row.name, c.roll),
                                c.provenance,
                                &f.rule,
                                &note,
                            );
                            for r in lo..=hi {
                                let cell = Cell {
                                    value: outcome.clone(),
                                    provenance: c.provenance,
                                    note: note.clone(),
                                };
                                if cells.insert(r, cell).is_some() {
                                    errs.push(format!("{at}: roll {r} given twice"));
                                }
                            }
                        }
                        let missing = range.clone().filter(|r| !cells.contains_key(r)).count();
                        if missing > 0 {
                            notes.add(
                                file,
                                format!(
                                    "{} ({missing} of {} rolls)",
                                    row.name,
                                    range.clone().count()
                                ),
                                Provenance::Unknown,
                                &f.rule,
                                "not in the text: asked as a chart read",
                            );
                        }
                        lines.insert(key, cells);
                    }
                }
            }
        }
        for key in LineKey::ALL {
            if !lines.contains_key(&key) && !errs.iter().any(|e| e.contains(key.file())) {
                errs.push(format!(
                    "{DIR}/{}: line \"{}\" missing (give it with cells = [] if it is unknown)",
                    key.file(),
                    key.key()
                ));
            }
        }

        // torpedoes.toml
        let mut torpedoes = BTreeMap::new();
        match toml::from_str::<TorpedoFile>(get("torpedoes.toml")) {
            Err(e) => errs.push(parse_err("torpedoes.toml", e)),
            Ok(f) => {
                for row in f.cell {
                    let at = format!(
                        "{DIR}/torpedoes.toml: {} rating {}",
                        row.movement, row.rating
                    );
                    let m = match row.movement.as_str() {
                        "moving" => Movement::Moving,
                        "static" => Movement::Static,
                        other => {
                            errs.push(format!("{at}: \"{other}\" is not moving or static"));
                            continue;
                        }
                    };
                    if row.hit > 12 {
                        errs.push(format!("{at}: hit {} is not a 2D6 total (0-12)", row.hit));
                    }
                    if row.provenance == Provenance::Unknown {
                        errs.push(format!(
                            "{at}: leave an unknown cell out (it is asked as a chart read)"
                        ));
                    }
                    notes.add(
                        "torpedoes.toml",
                        format!("{} rating {}", row.movement, row.rating),
                        row.provenance,
                        &f.rule,
                        &row.note,
                    );
                    let cell = Cell {
                        value: row.hit,
                        provenance: row.provenance,
                        note: row.note,
                    };
                    if torpedoes.insert((m, row.rating), cell).is_some() {
                        errs.push(format!("{at}: given twice"));
                    }
                }
                if torpedoes.is_empty() {
                    notes.add(
                        "torpedoes.toml",
                        "every cell".into(),
                        Provenance::Unknown,
                        &f.rule,
                        "not in the text: asked as a chart read",
                    );
                }
            }
        }

        // sinking.toml
        let mut sinking = BTreeMap::new();
        let mut sink_modifiers = None;
        match toml::from_str::<SinkingFile>(get("sinking.toml")) {
            Err(e) => errs.push(parse_err("sinking.toml", e)),
            Ok(f) => {
                for row in f.size {
                    let at = format!("{DIR}/sinking.toml: size {}", row.size);
                    if row.number > 12 {
                        errs.push(format!(
                            "{at}: number {} is not a 2D6 total (0-12)",
                            row.number
                        ));
                    }
                    if row.provenance == Provenance::Unknown {
                        errs.push(format!(
                            "{at}: leave an unknown size out (it is asked as a chart read)"
                        ));
                    }
                    notes.add(
                        "sinking.toml",
                        format!("size {}", row.size),
                        row.provenance,
                        &f.rule,
                        &row.note,
                    );
                    let cell = Cell {
                        value: row.number,
                        provenance: row.provenance,
                        note: row.note,
                    };
                    if sinking.insert(row.size, cell).is_some() {
                        errs.push(format!("{at}: given twice"));
                    }
                }
                notes.add(
                    "sinking.toml",
                    "modifiers".into(),
                    f.modifiers.provenance,
                    &f.rule,
                    &f.modifiers.note,
                );
                notes.add(
                    "sinking.toml",
                    "other sizes".into(),
                    Provenance::Unknown,
                    &f.rule,
                    "not in the text: asked as a chart read",
                );
                sink_modifiers = Some(SinkModifiers {
                    per_fire: f.modifiers.per_fire,
                    per_speed_hit_beyond: f.modifiers.per_speed_hit_beyond,
                    provenance: f.modifiers.provenance,
                    note: f.modifiers.note,
                });
            }
        }
        match sink_modifiers {
            Some(sink_modifiers) if errs.is_empty() => Ok(Tables {
                columns,
                columns_complete,
                lines,
                torpedoes,
                sinking,
                sink_modifiers,
                notes: notes.0,
            }),
            _ => Err(errs),
        }
    }

    /// A cell of a Damage or Blast Damage line, if the tables have it.
    pub fn line(&self, key: LineKey, roll: u32) -> Option<&Cell<Outcome>> {
        self.lines.get(&key).and_then(|l| l.get(&roll))
    }

    /// The column a Gun/Armor ratio reads (« 3.0 Gunnery Table: "the columns are for
    /// percentages which are equal to or greater than the gun/armor differentials"), if the
    /// tables know it for certain: the highest column at or below the ratio when the owner's
    /// columns are complete, else only a column whose text range covers the ratio.
    pub fn column(&self, gun: u32, armor: u32) -> Option<&Column> {
        // ratio >= pct  <=>  gun * 100 >= pct * armor (armor 0: every column).
        let at_least = |pct: u32| u64::from(gun) * 100 >= u64::from(pct) * u64::from(armor);
        let at_most = |pct: u32| u64::from(gun) * 100 <= u64::from(pct) * u64::from(armor);
        if self.columns_complete {
            return self.columns.iter().rev().find(|c| at_least(c.pct));
        }
        self.columns
            .iter()
            .find(|c| at_least(c.pct) && at_most(c.covers_to.unwrap_or(c.pct)))
    }
}

impl RuleTables for Tables {
    fn with_overrides(overrides: &[(String, String)]) -> Result<Tables, Vec<String>> {
        Tables::load(&with_builtin(DIR, super::ID, BUILTIN, overrides)?)
    }

    /// Every cell that is not printed in the rule text.
    fn non_text_cells(&self) -> Vec<CellNote> {
        self.notes.clone()
    }
}

/// The Gun/Armor percentage, rounded down (armor 0 counts as 9999 %).
pub fn ratio_pct(gun: u32, armor: u32) -> u32 {
    if armor == 0 {
        9999
    } else {
        ((u64::from(gun) * 100) / u64::from(armor)).min(9999) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// « 3.0 Gunnery Table and its examples: 18 against 12 reads the 150 line (8 or less, two
    /// hits); Mikasa's 20 against 10 the 200 % column (9 or less); 98 % counts as 75 %.
    #[test]
    fn the_text_columns_3_0_gunnery_table() {
        let t = Tables::builtin().unwrap();
        let c = t.column(18, 12).unwrap();
        assert_eq!(c.pct, 150);
        assert_eq!(c.die_roll.as_ref().unwrap().value, 8);
        assert_eq!(c.hits.as_ref().unwrap().value, 2);
        let c = t.column(20, 10).unwrap();
        assert_eq!((c.pct, c.die_roll.as_ref().unwrap().value), (200, 9));
        let c = t.column(49, 50).unwrap();
        assert_eq!(c.pct, 75);
        assert!(c.die_roll.is_none());
        // 170 %: no column the text fixes (a 175 % column may exist): asked.
        assert!(t.column(17, 10).is_none());
        assert_eq!(ratio_pct(49, 50), 98);
    }

    /// « 4.2: Repair S 8-11 and D 5-7 are text; the rest of those lines read as no repair.
    #[test]
    fn repair_lines_4_1_and_4_2() {
        let t = Tables::builtin().unwrap();
        for r in 8..=11 {
            let c = t.line(LineKey::RepairS, r).unwrap();
            assert_eq!(
                (c.value.clone(), c.provenance),
                (Outcome::Fix, Provenance::Text)
            );
        }
        assert_eq!(
            t.line(LineKey::RepairS, 12).unwrap().provenance,
            Provenance::Derived
        );
        for r in 5..=7 {
            assert_eq!(t.line(LineKey::RepairD, r).unwrap().value, Outcome::Fix);
        }
        assert_eq!(
            t.line(LineKey::RepairD, 8).unwrap().value,
            Outcome::NoEffect
        );
        assert!(t.line(LineKey::RepairG, 8).is_none());
        assert!(t.line(LineKey::BlastShort, 13).is_none());
        assert_eq!(t.sinking[&7].value, 6);
        assert_eq!(t.sinking[&7].provenance, Provenance::Derived);
    }

    #[test]
    fn bad_files_name_the_file_and_cell() {
        let bad = "rule = \"x\"\n[[line]]\nname = \"blast\"\ncells = [{ roll = \"13\", result = \"S\", provenance = \"chart\" }]\n";
        let e = Tables::with_overrides(&[("damage.toml".into(), bad.into())]).unwrap_err();
        assert!(
            e.iter()
                .any(|e| e.contains("damage.toml") && e.contains("13")),
            "{e:?}"
        );
        let e = Tables::with_overrides(&[("nope.toml".into(), String::new())]).unwrap_err();
        assert!(e[0].contains("nope.toml"), "{e:?}");
    }
}
