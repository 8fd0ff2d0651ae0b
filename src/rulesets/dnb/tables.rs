//! The D&B tables as data (`tables/dnb-standard/*.toml`, compiled in with `include_str!`).
//!
//! Loading is strict: unknown keys (serde `deny_unknown_fields` plus a check of the expected
//! keys of every scalar map), results outside each table's list, and gaps or overlaps in die
//! ranges are errors naming the file and the key. Every cell carries a provenance (SPEC 8):
//! `text`, `derived`, `reconstructed` or `unknown`; [`RuleTables::non_text_cells`] lists the others for
//! `umpire check`. A d6 cell may be `unknown` (no result): using it is refused with a message
//! naming the cell, until the engine's chart reads can ask for it.
use serde::Deserialize;
use std::collections::BTreeMap;

pub const DIR: &str = "tables/dnb-standard";

/// The built-in files, in load order.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "damage_throw.toml",
        include_str!("../../../tables/dnb-standard/damage_throw.toml"),
    ),
    (
        "critical_hit.toml",
        include_str!("../../../tables/dnb-standard/critical_hit.toml"),
    ),
    (
        "gun_firing.toml",
        include_str!("../../../tables/dnb-standard/gun_firing.toml"),
    ),
    (
        "torpedo.toml",
        include_str!("../../../tables/dnb-standard/torpedo.toml"),
    ),
    (
        "admin_rolls.toml",
        include_str!("../../../tables/dnb-standard/admin_rolls.toml"),
    ),
];

pub use crate::core::tables::{with_builtin, CellNote, Provenance, RuleTables};

/// One band of die faces of a d6 table, inclusive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct D6Cell {
    pub lo: u32,
    pub hi: u32,
    /// `None` only for an `unknown` cell.
    pub result: Option<String>,
    pub critical_modifier: i32,
    pub turns: Option<u32>,
    pub provenance: Provenance,
}

/// A d6 table whose bands cover 1-6 exactly once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct D6Table {
    pub file: String,
    pub key: String,
    pub rule: String,
    pub cells: Vec<D6Cell>,
}

impl D6Table {
    /// The cell a face falls in; an `unknown` cell is refused with its name.
    pub fn cell(&self, face: u32) -> Result<&D6Cell, String> {
        let c = self
            .cells
            .iter()
            .find(|c| (c.lo..=c.hi).contains(&face))
            .ok_or_else(|| format!("{} {}: no cell for face {face}", self.file, self.key))?;
        if c.result.is_none() {
            return Err(format!(
                "{}/{} {} faces {}-{} is unknown ({}): fill it from your printed chart",
                DIR, self.file, self.key, c.lo, c.hi, self.rule
            ));
        }
        Ok(c)
    }
    /// The result word of the cell a face falls in.
    pub fn result(&self, face: u32) -> Result<&str, String> {
        Ok(self.cell(face)?.result.as_deref().unwrap_or(""))
    }
}

/// One band of the damage throw: weight of fire minus SI from `lo` to `hi` (open ends `None`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageBand {
    pub lo: Option<i32>,
    pub hi: Option<i32>,
    pub rule: String,
    pub table: D6Table,
}

/// A waterline-hit step of 6.9 (the n-th waterline hit, `hi == None` for "and later").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WaterlineStep {
    pub lo: u32,
    pub hi: Option<u32>,
    pub result: String,
    pub speed: Option<u32>,
    pub speed_if_at_most_2: Option<u32>,
    pub maneuver: Option<u32>,
    pub rule: String,
}

/// Gun Firing Throw Modifications (dice added to the gun rating) and the range brackets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GunChart {
    pub hit_faces_from: u32,
    pub effective_divisor: u32,
    pub close_divisor: u32,
    pub minimum_range: u32,
    pub spotting_max: u32,
    pub close_weight_of_fire: i32,
    pub long_range: i32,
    pub close_range: i32,
    pub target_dead_in_water: i32,
    pub firer_slowed_or_dead_in_water: i32,
    pub firer_flank: i32,
    pub firer_cruise: i32,
    pub broadside: i32,
    pub target_evasive_per_maneuver: i32,
    pub firer_evasive: i32,
    pub smoke_per_hex: i32,
    pub already_fired_at: i32,
}

/// The Torpedoes chart (dice added to the torpedo rating) and the 7.2/7.3 limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TorpedoChart {
    pub max_range: u32,
    pub long_from: u32,
    pub max_range_wwi: u32,
    pub long_from_wwi: u32,
    pub attacks_per_game: u32,
    pub hit_faces_from: u32,
    pub long_range: i32,
    pub smoke_per_hex: i32,
    pub firer_dead_in_water: i32,
    pub target_evasive_per_maneuver: i32,
    pub target_dead_in_water: i32,
}

/// Every D&B table, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables {
    pub damage: Vec<DamageBand>,
    pub critical: D6Table,
    /// 6.7c: a modified critical roll below 1 (always `si_hit` in the text).
    pub critical_below_one: String,
    pub steering_turns: D6Table,
    pub waterline: Vec<WaterlineStep>,
    pub gun: GunChart,
    pub torpedo: TorpedoChart,
    pub fire_marker: D6Table,
    pub hulk_sinking: D6Table,
    pub smoke_marker: D6Table,
    pub dead_in_water_repair: D6Table,
    /// Every cell with its provenance, in file order.
    pub cells: Vec<CellNote>,
}

impl Tables {
    /// The compiled-in tables.
    pub fn builtin() -> Result<Tables, Vec<String>> {
        let files: Vec<(String, String)> = BUILTIN
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect();
        Tables::load(&files)
    }

    /// Load from `(file name, text)` pairs; every built-in file name must be present once.
    pub fn load(files: &[(String, String)]) -> Result<Tables, Vec<String>> {
        let mut errs = Vec::new();
        for (name, _) in files {
            if !BUILTIN.iter().any(|(n, _)| n == name) {
                errs.push(format!("{DIR}/{name}: not a dnb-standard table file"));
            }
        }
        let get = |name: &str| -> Result<&str, String> {
            files
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, t)| t.as_str())
                .ok_or_else(|| format!("{DIR}/{name}: missing"))
        };
        let mut cells = Vec::new();
        let damage = get("damage_throw.toml").and_then(|t| load_damage(t, &mut cells));
        let crit = get("critical_hit.toml").and_then(|t| load_critical(t, &mut cells));
        let gun = get("gun_firing.toml").and_then(|t| load_gun(t, &mut cells));
        let torp = get("torpedo.toml").and_then(|t| load_torpedo(t, &mut cells));
        let admin = get("admin_rolls.toml").and_then(|t| load_admin(t, &mut cells));
        for r in [
            damage.as_ref().err(),
            crit.as_ref().err(),
            gun.as_ref().err(),
            torp.as_ref().err(),
            admin.as_ref().err(),
        ]
        .into_iter()
        .flatten()
        {
            errs.push(r.clone());
        }
        if !errs.is_empty() {
            return Err(errs);
        }
        let (damage, crit, gun, torpedo, admin) = match (damage, crit, gun, torp, admin) {
            (Ok(d), Ok(c), Ok(g), Ok(t), Ok(a)) => (d, c, g, t, a),
            _ => return Err(vec!["tables: load failed".into()]),
        };
        let (critical, critical_below_one, steering_turns, waterline) = crit;
        let [fire_marker, hulk_sinking, smoke_marker, dead_in_water_repair] = admin;
        Ok(Tables {
            damage,
            critical,
            critical_below_one,
            steering_turns,
            waterline,
            gun,
            torpedo,
            fire_marker,
            hulk_sinking,
            smoke_marker,
            dead_in_water_repair,
            cells,
        })
    }

    /// The damage-throw band for a weight of fire minus SI.
    pub fn damage_band(&self, delta: i32) -> Result<&DamageBand, String> {
        self.damage
            .iter()
            .find(|b| b.lo.is_none_or(|lo| delta >= lo) && b.hi.is_none_or(|hi| delta <= hi))
            .ok_or_else(|| format!("{DIR}/damage_throw.toml: no band for {delta}"))
    }

    /// The 6.9 step for the n-th waterline hit (n from 1).
    pub fn waterline_step(&self, n: u32) -> Result<&WaterlineStep, String> {
        self.waterline
            .iter()
            .find(|s| n >= s.lo && s.hi.is_none_or(|hi| n <= hi))
            .ok_or_else(|| format!("{DIR}/critical_hit.toml: no waterline step for hit {n}"))
    }
}

impl RuleTables for Tables {
    fn with_overrides(overrides: &[(String, String)]) -> Result<Tables, Vec<String>> {
        Tables::load(&with_builtin(DIR, super::ID, BUILTIN, overrides)?)
    }

    /// Every cell that is not `text` (for `umpire check`).
    fn non_text_cells(&self) -> Vec<CellNote> {
        self.cells
            .iter()
            .filter(|c| c.provenance != Provenance::Text)
            .cloned()
            .collect()
    }
}

// ---- raw files ----

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCell {
    faces: String,
    result: Option<String>,
    critical_modifier: Option<i32>,
    turns: Option<u32>,
    #[serde(default)]
    rule: Option<String>,
    provenance: Provenance,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBand {
    delta: String,
    rule: String,
    cells: Vec<RawCell>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDamage {
    #[allow(dead_code)]
    rule: String,
    band: Vec<RawBand>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBelow {
    result: String,
    rule: String,
    provenance: Provenance,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCritRow {
    faces: String,
    result: Option<String>,
    duration: Option<String>,
    rule: String,
    provenance: Provenance,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWaterline {
    hits: String,
    result: String,
    speed: Option<u32>,
    speed_if_at_most_2: Option<u32>,
    maneuver: Option<u32>,
    rule: String,
    provenance: Provenance,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCritical {
    #[allow(dead_code)]
    rule: String,
    below_one: RawBelow,
    row: Vec<RawCritRow>,
    steering_turns: Vec<RawCell>,
    waterline: Vec<RawWaterline>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScalar {
    value: i64,
    rule: String,
    provenance: Provenance,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChart {
    #[allow(dead_code)]
    rule: String,
    scalar: BTreeMap<String, RawScalar>,
    modifier: BTreeMap<String, RawScalar>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCheck {
    key: String,
    rule: String,
    cells: Vec<RawCell>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAdmin {
    #[allow(dead_code)]
    rule: String,
    check: Vec<RawCheck>,
}

fn parse<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, String> {
    toml::from_str(text).map_err(|e| format!("{DIR}/{file}: {}", e.to_string().trim_end()))
}

/// "1-3" -> (1, Some(3)); "5" -> (5, Some(5)); "3-" -> (3, None).
fn parse_faces(s: &str) -> Result<(u32, Option<u32>), String> {
    let num = |x: &str| {
        x.trim()
            .parse::<u32>()
            .map_err(|_| format!("\"{s}\" is not a face range like \"1-3\", \"5\" or \"3-\""))
    };
    match s.split_once('-') {
        None => Ok((num(s)?, Some(num(s)?))),
        Some((a, "")) => Ok((num(a)?, None)),
        Some((a, b)) => {
            let (a, b) = (num(a)?, num(b)?);
            if b < a {
                return Err(format!("\"{s}\" runs backwards"));
            }
            Ok((a, Some(b)))
        }
    }
}

/// "..-2" -> (None, Some(-2)); "-1" -> (Some(-1), Some(-1)); "0..1"; "2.." -> (Some(2), None).
fn parse_delta(s: &str) -> Result<(Option<i32>, Option<i32>), String> {
    let num = |x: &str| {
        x.trim()
            .parse::<i32>()
            .map_err(|_| format!("\"{s}\" is not a range like \"..-2\", \"-1\", \"0..1\", \"2..\""))
    };
    match s.split_once("..") {
        None => Ok((Some(num(s)?), Some(num(s)?))),
        Some((a, b)) => {
            let lo = if a.is_empty() { None } else { Some(num(a)?) };
            let hi = if b.is_empty() { None } else { Some(num(b)?) };
            if let (Some(l), Some(h)) = (lo, hi) {
                if h < l {
                    return Err(format!("\"{s}\" runs backwards"));
                }
            }
            Ok((lo, hi))
        }
    }
}

fn note(
    cells: &mut Vec<CellNote>,
    file: &str,
    key: String,
    p: Provenance,
    rule: &str,
    n: &Option<String>,
) {
    cells.push(CellNote {
        file: format!("{DIR}/{file}"),
        key,
        provenance: p,
        rule: rule.to_string(),
        note: n.clone().unwrap_or_default(),
    });
}

/// Build a d6 table from raw cells: faces must cover 1-6 exactly once, results from `allowed`.
fn d6_table(
    file: &str,
    key: &str,
    rule: &str,
    raw: &[RawCell],
    allowed: &[&str],
    cells: &mut Vec<CellNote>,
) -> Result<D6Table, String> {
    let mut out = Vec::new();
    for c in raw {
        let (lo, hi) = parse_faces(&c.faces).map_err(|e| format!("{DIR}/{file}: {key}: {e}"))?;
        let hi =
            hi.ok_or_else(|| format!("{DIR}/{file}: {key}: faces \"{}\" must be closed", c.faces))?;
        if lo < 1 || hi > 6 {
            return Err(format!(
                "{DIR}/{file}: {key}: faces \"{}\" are not on a d6 (1-6)",
                c.faces
            ));
        }
        match (&c.result, c.provenance) {
            (None, Provenance::Unknown) => {}
            (None, _) => {
                return Err(format!(
                    "{DIR}/{file}: {key} faces {}: result missing (only an unknown cell has none)",
                    c.faces
                ))
            }
            (Some(r), _) if !allowed.contains(&r.as_str()) => {
                return Err(format!(
                    "{DIR}/{file}: {key} faces {}: result \"{r}\" is not one of {}",
                    c.faces,
                    allowed.join(", ")
                ))
            }
            _ => {}
        }
        let ckey = format!("{key} faces {}", c.faces);
        note(
            cells,
            file,
            ckey,
            c.provenance,
            c.rule.as_deref().unwrap_or(rule),
            &c.note,
        );
        out.push(D6Cell {
            lo,
            hi,
            result: c.result.clone(),
            critical_modifier: c.critical_modifier.unwrap_or(0),
            turns: c.turns,
            provenance: c.provenance,
        });
    }
    check_cover(
        file,
        key,
        out.iter().map(|c| (c.lo, Some(c.hi))).collect(),
        Some(6),
    )?;
    Ok(D6Table {
        file: file.to_string(),
        key: key.to_string(),
        rule: rule.to_string(),
        cells: out,
    })
}

/// Bands from 1 must follow each other without gap or overlap up to `top` (None: open end).
fn check_cover(
    file: &str,
    key: &str,
    mut bands: Vec<(u32, Option<u32>)>,
    top: Option<u32>,
) -> Result<(), String> {
    bands.sort_by_key(|b| b.0);
    let mut next = 1u32;
    for (i, (lo, hi)) in bands.iter().enumerate() {
        if *lo < next {
            return Err(format!(
                "{DIR}/{file}: {key}: {lo} overlaps an earlier range"
            ));
        }
        if *lo > next {
            return Err(format!("{DIR}/{file}: {key}: gap, {next} is in no range"));
        }
        match hi {
            Some(h) => {
                next = h
                    .checked_add(1)
                    .ok_or_else(|| format!("{DIR}/{file}: {key}: {h} is too large a number"))?
            }
            None if i + 1 == bands.len() && top.is_none() => return Ok(()),
            None => {
                return Err(format!(
                    "{DIR}/{file}: {key}: only the last range may be open"
                ))
            }
        }
    }
    match top {
        Some(t) if next == t + 1 => Ok(()),
        Some(t) => Err(format!(
            "{DIR}/{file}: {key}: gap, {next}-{t} is in no range"
        )),
        None => Err(format!(
            "{DIR}/{file}: {key}: the last range must be open (\"3-\")"
        )),
    }
}

fn load_damage(text: &str, cells: &mut Vec<CellNote>) -> Result<Vec<DamageBand>, String> {
    const F: &str = "damage_throw.toml";
    let raw: RawDamage = parse(F, text)?;
    let mut out = Vec::new();
    for b in &raw.band {
        let (lo, hi) = parse_delta(&b.delta).map_err(|e| format!("{DIR}/{F}: band: {e}"))?;
        let key = format!("band {}", b.delta);
        let table = d6_table(
            F,
            &key,
            &b.rule,
            &b.cells,
            &["none", "si_hit", "critical"],
            cells,
        )?;
        for c in &table.cells {
            let crit = c.result.as_deref() == Some("critical");
            if !crit && c.critical_modifier != 0 {
                return Err(format!(
                    "{DIR}/{F}: {key} faces {}-{}: critical_modifier only on a critical",
                    c.lo, c.hi
                ));
            }
        }
        out.push(DamageBand {
            lo,
            hi,
            rule: b.rule.clone(),
            table,
        });
    }
    // Bands sorted by their lower end must cover every integer once: first open below, last
    // open above, each the next integer after the previous.
    out.sort_by_key(|b| b.lo.unwrap_or(i32::MIN));
    for (i, b) in out.iter().enumerate() {
        let first = i == 0;
        let last = i + 1 == out.len();
        if first != b.lo.is_none() {
            return Err(format!(
                "{DIR}/{F}: band {:?}..{:?}: only the lowest band is open below",
                b.lo, b.hi
            ));
        }
        if last != b.hi.is_none() {
            return Err(format!(
                "{DIR}/{F}: band {:?}..{:?}: only the highest band is open above",
                b.lo, b.hi
            ));
        }
        if let (Some(prev_hi), Some(lo)) = (i.checked_sub(1).and_then(|p| out[p].hi), b.lo) {
            if lo <= prev_hi {
                return Err(format!("{DIR}/{F}: band from {lo} overlaps the band below"));
            }
            if lo > prev_hi + 1 {
                return Err(format!("{DIR}/{F}: gap, {} is in no band", prev_hi + 1));
            }
        }
    }
    Ok(out)
}

type CritParts = (D6Table, String, D6Table, Vec<WaterlineStep>);

fn load_critical(text: &str, cells: &mut Vec<CellNote>) -> Result<CritParts, String> {
    const F: &str = "critical_hit.toml";
    const KINDS: [&str; 6] = [
        "steering_jammed",
        "equipment_damaged",
        "waterline_hit",
        "fire",
        "dead_in_water",
        "catastrophic",
    ];
    const DURATIONS: [&str; 5] = [
        "half_d6_turns",
        "rest_of_turn",
        "rest_of_game",
        "until_removed",
        "until_repaired",
    ];
    let raw: RawCritical = parse(F, text)?;
    if raw.below_one.result != "si_hit" && raw.below_one.result != "none" {
        return Err(format!(
            "{DIR}/{F}: below_one.result \"{}\" is not si_hit or none",
            raw.below_one.result
        ));
    }
    note(
        cells,
        F,
        "below_one".into(),
        raw.below_one.provenance,
        &raw.below_one.rule,
        &raw.below_one.note,
    );
    let mut rows = Vec::new();
    // The effects themselves are code (rules.rs); a row's duration documents it and must be
    // the one the console implements for that kind.
    const IMPLEMENTED: [(&str, &str); 6] = [
        ("steering_jammed", "half_d6_turns"),
        ("equipment_damaged", "rest_of_turn"),
        ("waterline_hit", "rest_of_game"),
        ("fire", "until_removed"),
        ("dead_in_water", "until_repaired"),
        ("catastrophic", "rest_of_game"),
    ];
    for r in &raw.row {
        if let (Some(k), Some(d)) = (&r.result, &r.duration) {
            if let Some((_, want)) = IMPLEMENTED.iter().find(|(kk, _)| kk == k) {
                if want != d {
                    return Err(format!(
                        "{DIR}/{F}: row {}: {k} lasts \"{want}\" in the console, not \"{d}\"",
                        r.faces
                    ));
                }
            }
        }
        if let Some(d) = &r.duration {
            if !DURATIONS.contains(&d.as_str()) {
                return Err(format!(
                    "{DIR}/{F}: row {}: duration \"{d}\" is not one of {}",
                    r.faces,
                    DURATIONS.join(", ")
                ));
            }
        }
        rows.push(RawCell {
            faces: r.faces.clone(),
            result: r.result.clone(),
            critical_modifier: None,
            turns: None,
            rule: Some(r.rule.clone()),
            provenance: r.provenance,
            note: r.note.clone(),
        });
    }
    let critical = d6_table(F, "row", "Critical Hit Table", &rows, &KINDS, cells)?;
    let mut seen = Vec::new();
    for c in &critical.cells {
        if let Some(r) = &c.result {
            if seen.contains(r) {
                return Err(format!("{DIR}/{F}: row: \"{r}\" appears twice"));
            }
            seen.push(r.clone());
        }
    }
    let steering = d6_table(
        F,
        "steering_turns",
        "Critical Hit Table 1",
        &raw.steering_turns
            .iter()
            .map(|c| RawCell {
                faces: c.faces.clone(),
                result: c.turns.map(|_| "turns".to_string()),
                critical_modifier: None,
                turns: c.turns,
                rule: c.rule.clone(),
                provenance: c.provenance,
                note: c.note.clone(),
            })
            .collect::<Vec<_>>(),
        &["turns"],
        cells,
    )?;
    let mut steps = Vec::new();
    for w in &raw.waterline {
        let (lo, hi) =
            parse_faces(&w.hits).map_err(|e| format!("{DIR}/{F}: waterline hits: {e}"))?;
        if !["slowed", "dead_in_water", "si_hit"].contains(&w.result.as_str()) {
            return Err(format!(
                "{DIR}/{F}: waterline {}: result \"{}\" is not slowed, dead_in_water or si_hit",
                w.hits, w.result
            ));
        }
        if w.result == "slowed" && (w.speed.is_none() || w.maneuver.is_none()) {
            return Err(format!(
                "{DIR}/{F}: waterline {}: slowed needs speed and maneuver",
                w.hits
            ));
        }
        if w.provenance == Provenance::Unknown {
            return Err(format!(
                "{DIR}/{F}: waterline {}: an unknown step cannot be used",
                w.hits
            ));
        }
        note(
            cells,
            F,
            format!("waterline hits {}", w.hits),
            w.provenance,
            &w.rule,
            &w.note,
        );
        steps.push(WaterlineStep {
            lo,
            hi,
            result: w.result.clone(),
            speed: w.speed,
            speed_if_at_most_2: w.speed_if_at_most_2,
            maneuver: w.maneuver,
            rule: w.rule.clone(),
        });
    }
    check_cover(
        F,
        "waterline",
        steps.iter().map(|s| (s.lo, s.hi)).collect(),
        None,
    )?;
    steps.sort_by_key(|s| s.lo);
    Ok((critical, raw.below_one.result.clone(), steering, steps))
}

/// Take the expected keys out of a scalar map; what is left over is an unknown key.
struct Taker<'a> {
    file: &'static str,
    section: &'static str,
    map: BTreeMap<String, RawScalar>,
    cells: &'a mut Vec<CellNote>,
    errs: Vec<String>,
}

impl Taker<'_> {
    fn take(&mut self, key: &str) -> i64 {
        match self.map.remove(key) {
            Some(s) => {
                if s.provenance == Provenance::Unknown {
                    self.errs.push(format!(
                        "{DIR}/{}: {}.{key}: an unknown value cannot be used here",
                        self.file, self.section
                    ));
                }
                note(
                    self.cells,
                    self.file,
                    format!("{}.{key}", self.section),
                    s.provenance,
                    &s.rule,
                    &s.note,
                );
                s.value
            }
            None => {
                self.errs.push(format!(
                    "{DIR}/{}: {}.{key}: missing",
                    self.file, self.section
                ));
                0
            }
        }
    }
    fn u(&mut self, key: &str) -> u32 {
        let v = self.take(key);
        u32::try_from(v).unwrap_or_else(|_| {
            self.errs.push(format!(
                "{DIR}/{}: {}.{key}: {v} must be 0 or more",
                self.file, self.section
            ));
            0
        })
    }
    fn i(&mut self, key: &str) -> i32 {
        let v = self.take(key);
        i32::try_from(v).unwrap_or(0)
    }
    fn finish(self) -> Result<(), String> {
        let mut errs = self.errs;
        for k in self.map.keys() {
            errs.push(format!(
                "{DIR}/{}: {}.{k}: unknown key",
                self.file, self.section
            ));
        }
        if errs.is_empty() {
            Ok(())
        } else {
            Err(errs.join("; "))
        }
    }
}

fn load_gun(text: &str, cells: &mut Vec<CellNote>) -> Result<GunChart, String> {
    const F: &str = "gun_firing.toml";
    let raw: RawChart = parse(F, text)?;
    let mut s = Taker {
        file: F,
        section: "scalar",
        map: raw.scalar,
        cells,
        errs: vec![],
    };
    let hit_faces_from = s.u("hit_faces_from");
    let effective_divisor = s.u("effective_divisor");
    let close_divisor = s.u("close_divisor");
    let minimum_range = s.u("minimum_range");
    let spotting_max = s.u("spotting_max");
    let close_weight_of_fire = s.i("close_weight_of_fire");
    s.finish()?;
    let mut m = Taker {
        file: F,
        section: "modifier",
        map: raw.modifier,
        cells,
        errs: vec![],
    };
    let g = GunChart {
        hit_faces_from,
        effective_divisor,
        close_divisor,
        minimum_range,
        spotting_max,
        close_weight_of_fire,
        long_range: m.i("long_range"),
        close_range: m.i("close_range"),
        target_dead_in_water: m.i("target_dead_in_water"),
        firer_slowed_or_dead_in_water: m.i("firer_slowed_or_dead_in_water"),
        firer_flank: m.i("firer_flank"),
        firer_cruise: m.i("firer_cruise"),
        broadside: m.i("broadside"),
        target_evasive_per_maneuver: m.i("target_evasive_per_maneuver"),
        firer_evasive: m.i("firer_evasive"),
        smoke_per_hex: m.i("smoke_per_hex"),
        already_fired_at: m.i("already_fired_at"),
    };
    m.finish()?;
    if !(1..=6).contains(&g.hit_faces_from) || g.effective_divisor == 0 || g.close_divisor == 0 {
        return Err(format!(
            "{DIR}/{F}: scalar: hit_faces_from must be 1-6 and the divisors more than 0"
        ));
    }
    Ok(g)
}

fn load_torpedo(text: &str, cells: &mut Vec<CellNote>) -> Result<TorpedoChart, String> {
    const F: &str = "torpedo.toml";
    let raw: RawChart = parse(F, text)?;
    let mut s = Taker {
        file: F,
        section: "scalar",
        map: raw.scalar,
        cells,
        errs: vec![],
    };
    let max_range = s.u("max_range");
    let long_from = s.u("long_from");
    let max_range_wwi = s.u("max_range_wwi");
    let long_from_wwi = s.u("long_from_wwi");
    let attacks_per_game = s.u("attacks_per_game");
    let hit_faces_from = s.u("hit_faces_from");
    s.finish()?;
    let mut m = Taker {
        file: F,
        section: "modifier",
        map: raw.modifier,
        cells,
        errs: vec![],
    };
    let t = TorpedoChart {
        max_range,
        long_from,
        max_range_wwi,
        long_from_wwi,
        attacks_per_game,
        hit_faces_from,
        long_range: m.i("long_range"),
        smoke_per_hex: m.i("smoke_per_hex"),
        firer_dead_in_water: m.i("firer_dead_in_water"),
        target_evasive_per_maneuver: m.i("target_evasive_per_maneuver"),
        target_dead_in_water: m.i("target_dead_in_water"),
    };
    m.finish()?;
    if !(1..=6).contains(&t.hit_faces_from) {
        return Err(format!("{DIR}/{F}: scalar.hit_faces_from must be 1-6"));
    }
    Ok(t)
}

fn load_admin(text: &str, cells: &mut Vec<CellNote>) -> Result<[D6Table; 4], String> {
    const F: &str = "admin_rolls.toml";
    let raw: RawAdmin = parse(F, text)?;
    let spec: [(&str, &[&str]); 4] = [
        ("fire_marker", &["removed", "stays"]),
        ("hulk_sinking", &["sinks", "stays"]),
        ("smoke_marker", &["removed", "stays"]),
        ("dead_in_water_repair", &["repaired", "stays"]),
    ];
    for c in &raw.check {
        if !spec.iter().any(|(k, _)| *k == c.key) {
            return Err(format!("{DIR}/{F}: check \"{}\": unknown key", c.key));
        }
        if raw.check.iter().filter(|d| d.key == c.key).count() > 1 {
            return Err(format!("{DIR}/{F}: check \"{}\" appears twice", c.key));
        }
    }
    let mut out = Vec::new();
    for (key, allowed) in spec {
        let c = raw
            .check
            .iter()
            .find(|c| c.key == key)
            .ok_or_else(|| format!("{DIR}/{F}: check \"{key}\": missing"))?;
        out.push(d6_table(F, key, &c.rule, &c.cells, allowed, cells)?);
    }
    out.try_into()
        .map_err(|_| format!("{DIR}/{F}: expected four checks"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files_with(name: &str, text: &str) -> Vec<(String, String)> {
        BUILTIN
            .iter()
            .map(|(n, t)| {
                let t = if *n == name { text } else { t };
                (n.to_string(), t.to_string())
            })
            .collect()
    }

    /// An owner's table with a range ending at the largest number is refused with a message,
    /// not an overflow (the band after it would start past every number).
    #[test]
    fn a_range_ending_at_the_largest_number_is_refused_not_overflowed() {
        // The waterline steps (6.9) count hits with an open last range: "1", "2", "3-".
        let text =
            builtin("critical_hit.toml").replacen("hits = \"2\"", "hits = \"2-4294967295\"", 1);
        assert_ne!(text, builtin("critical_hit.toml"));
        let e = Tables::load(&files_with("critical_hit.toml", &text)).unwrap_err();
        assert!(
            e.iter()
                .any(|m| m.contains("waterline") && m.contains("4294967295")),
            "{e:?}"
        );
    }

    fn builtin(name: &str) -> &'static str {
        BUILTIN
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, t)| *t)
            .unwrap()
    }

    #[test]
    fn builtin_tables_load_and_are_all_text() {
        let t = Tables::builtin().unwrap();
        assert!(t.non_text_cells().is_empty(), "{:?}", t.non_text_cells());
        assert_eq!(t.damage.len(), 4);
        assert_eq!(t.gun.hit_faces_from, 5);
        assert_eq!(t.torpedo.attacks_per_game, 2);
    }

    /// 6.7: the bands by weight of fire minus SI.
    #[test]
    fn damage_bands_6_7() {
        let t = Tables::builtin().unwrap();
        assert_eq!(t.damage_band(-5).unwrap().rule, "6.7a");
        assert_eq!(t.damage_band(-2).unwrap().rule, "6.7a");
        assert_eq!(t.damage_band(-1).unwrap().rule, "6.7b");
        assert_eq!(t.damage_band(0).unwrap().rule, "6.7c");
        assert_eq!(t.damage_band(1).unwrap().rule, "6.7c");
        assert_eq!(t.damage_band(2).unwrap().rule, "6.7d");
        assert_eq!(t.damage_band(9).unwrap().rule, "6.7d");
        let c = t.damage_band(0).unwrap().table.cell(6).unwrap();
        assert_eq!(c.critical_modifier, -2);
    }

    #[test]
    fn unknown_key_names_file_and_key() {
        let text = builtin("gun_firing.toml").replace(
            "[modifier.broadside]",
            "[modifier.night]\nvalue = 1\nrule = \"x\"\nprovenance = \"text\"\n\n[modifier.broadside]",
        );
        let e = Tables::load(&files_with("gun_firing.toml", &text)).unwrap_err();
        assert!(
            e[0].contains("gun_firing.toml") && e[0].contains("modifier.night"),
            "{e:?}"
        );
        let text = builtin("admin_rolls.toml")
            .replace("key = \"fire_marker\"", "key = \"fire_marker\"\ncolour = 1");
        let e = Tables::load(&files_with("admin_rolls.toml", &text)).unwrap_err();
        assert!(
            e[0].contains("admin_rolls.toml") && e[0].contains("colour"),
            "{e:?}"
        );
    }

    #[test]
    fn gaps_and_overlaps_are_errors() {
        let gap = builtin("admin_rolls.toml").replace(
            "faces = \"1-3\", result = \"removed\"",
            "faces = \"1-2\", result = \"removed\"",
        );
        let e = Tables::load(&files_with("admin_rolls.toml", &gap)).unwrap_err();
        assert!(
            e[0].contains("fire_marker") && e[0].contains("gap"),
            "{e:?}"
        );
        let over = builtin("admin_rolls.toml").replace(
            "faces = \"1-2\", result = \"sinks\"",
            "faces = \"1-3\", result = \"sinks\"",
        );
        let e = Tables::load(&files_with("admin_rolls.toml", &over)).unwrap_err();
        assert!(
            e[0].contains("hulk_sinking") && e[0].contains("overlaps"),
            "{e:?}"
        );
        let band = builtin("damage_throw.toml").replace("delta = \"-1\"", "delta = \"-1..0\"");
        let e = Tables::load(&files_with("damage_throw.toml", &band)).unwrap_err();
        assert!(
            e[0].contains("damage_throw.toml") && e[0].contains("overlaps"),
            "{e:?}"
        );
        let wl = builtin("critical_hit.toml").replace("hits = \"3-\"", "hits = \"4-\"");
        let e = Tables::load(&files_with("critical_hit.toml", &wl)).unwrap_err();
        assert!(e[0].contains("waterline") && e[0].contains("gap"), "{e:?}");
    }

    #[test]
    fn overrides_replace_builtin_files_with_the_same_checks() {
        let text = builtin("admin_rolls.toml").replace(
            "faces = \"1-3\", result = \"removed\"",
            "faces = \"1-2\", result = \"removed\"",
        );
        let e = Tables::with_overrides(&[("admin_rolls.toml".into(), text)]).unwrap_err();
        assert!(e[0].contains("fire_marker"), "{e:?}");
        let e = Tables::with_overrides(&[("extra.toml".into(), String::new())]).unwrap_err();
        assert!(e[0].contains("extra.toml"), "{e:?}");
        assert!(Tables::with_overrides(&[]).is_ok());
    }

    #[test]
    fn non_text_cells_are_listed_and_unknown_cells_refused() {
        let text = builtin("admin_rolls.toml").replace(
            "{ faces = \"1-2\", result = \"sinks\", provenance = \"text\" }",
            "{ faces = \"1-2\", provenance = \"unknown\", note = \"smudged\" }",
        );
        let t = Tables::load(&files_with("admin_rolls.toml", &text)).unwrap();
        let n = t.non_text_cells();
        assert_eq!(n.len(), 1);
        assert_eq!(n[0].key, "hulk_sinking faces 1-2");
        assert_eq!(n[0].provenance, Provenance::Unknown);
        let e = t.hulk_sinking.result(1).unwrap_err();
        assert!(e.contains("hulk_sinking") && e.contains("unknown"), "{e}");
    }
}
