//! The A&A quick reference's tables as data (`tables/aage-qr-2020/*.toml`, compiled in with
//! `include_str!`; an owner's file of the same name replaces one with `--tables DIR`).
//!
//! Loading is strict: unknown keys, codes and results are errors naming the file and the cell;
//! die bands must cover every face once. Every cell carries a provenance (SPEC 8); an
//! `unknown` gun damage cell (5.2, garbled in our copy) is asked as a chart read.
use super::ship::Band;
use super::ship::{
    ByLocation, CritColumn, CritResult, CritTable, DamageDie, GunClass, Location, ShipType,
};
use crate::core::dice::Die;
use serde::Deserialize;
use std::collections::BTreeMap;

pub const DIR: &str = "tables/aage-qr-2020";

/// The built-in files, in load order.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "ships.toml",
        include_str!("../../../tables/aage-qr-2020/ships.toml"),
    ),
    (
        "criticals.toml",
        include_str!("../../../tables/aage-qr-2020/criticals.toml"),
    ),
    (
        "modifiers.toml",
        include_str!("../../../tables/aage-qr-2020/modifiers.toml"),
    ),
    (
        "gun_damage.toml",
        include_str!("../../../tables/aage-qr-2020/gun_damage.toml"),
    ),
];

pub use crate::core::tables::{with_builtin, CellNote, Provenance, RuleTables};

/// A type's row of 5.4, 5.5 and 5.17.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeRow {
    pub name: String,
    /// The location of each d10 face, 1-10.
    pub location: [Location; 10],
    pub armour: ByLocation,
    pub sinking_die: Die,
    pub provenance: Provenance,
}

/// 2.4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InitiativeMods {
    pub provenance: Provenance,
    pub superior_squadron: i32,
    pub standard_squadron: i32,
    pub inferior_squadron: i32,
    pub out_of_command: i32,
    pub large_squadron: i32,
    pub large_from: u32,
    pub no_flagship: i32,
}

/// 5.3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GunneryMods {
    pub provenance: Provenance,
    pub hit_from: i32,
    pub target_slow: i32,
    pub firer_slow: i32,
    pub short_range: i32,
    pub superior_crew: i32,
    pub target_stopped: i32,
    pub target_fast: i32,
    pub inferior_crew: i32,
    pub target_small: i32,
    pub long_range: i32,
    pub splash: i32,
    pub small_fresh_to_strong: i32,
    pub large_gale: i32,
    pub small_gale: i32,
    pub night: i32,
}

/// 5.10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TorpedoMods {
    pub provenance: Provenance,
    pub hit_from: i32,
    pub target_slow: i32,
    pub firer_slow: i32,
    pub superior_crew: i32,
    pub target_stopped: i32,
    pub target_fast: i32,
    pub target_small: i32,
    pub outside_arc: i32,
    pub fresh_to_strong: i32,
    pub inferior_crew: i32,
    pub gale: i32,
    pub night: i32,
}

/// 5.16.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MineMods {
    pub provenance: Provenance,
    pub hit_from: i32,
    pub target_slow: i32,
    pub target_small: i32,
    pub superior_crew: i32,
    pub target_stopped: i32,
    pub inferior_crew: i32,
    pub target_fast: i32,
}

/// 5.3's "slow" and "fast".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Speeds {
    pub provenance: Provenance,
    pub slow_at_most: u32,
    pub fast_above: u32,
}

/// 5.17's modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SinkingMods {
    pub provenance: Provenance,
    pub sinks_at_most: i32,
    pub calm_to_moderate: i32,
    pub gale: i32,
    pub storm: i32,
    pub critical: i32,
}

/// One cell of 5.2: a damage die, or unknown (a chart read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DamageCell {
    pub die: Option<DamageDie>,
    pub provenance: Provenance,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Tables {
    pub types: BTreeMap<ShipType, TypeRow>,
    /// 5.7 and 5.12: the result of each d20 face, by column.
    pub crits: BTreeMap<(CritTable, CritColumn), [CritResult; 20]>,
    pub initiative: InitiativeMods,
    pub gunnery: GunneryMods,
    pub torpedo: TorpedoMods,
    pub mine: MineMods,
    pub speeds: Speeds,
    pub sinking: SinkingMods,
    pub calibres: BTreeMap<GunClass, String>,
    pub damage: BTreeMap<(GunClass, Band), DamageCell>,
    notes: Vec<CellNote>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShipsFile {
    rule: String,
    #[serde(rename = "type")]
    types: Vec<TypeFileRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TypeFileRow {
    code: String,
    name: String,
    provenance: Provenance,
    #[serde(default)]
    note: String,
    location: BTreeMap<String, String>,
    armour: ByLocation,
    sinking_die: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CritsFile {
    rule: String,
    gunnery: Vec<CritFileRow>,
    underwater: Vec<CritFileRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CritFileRow {
    result: String,
    provenance: Provenance,
    #[serde(default)]
    note: String,
    b_cb: String,
    other: String,
    dd_tb: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModsFile {
    rule: String,
    initiative: InitiativeMods,
    gunnery: GunneryMods,
    torpedo: TorpedoMods,
    mine: MineMods,
    speed: Speeds,
    sinking: SinkingMods,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DamageFile {
    rule: String,
    class: Vec<ClassRow>,
    cell: Vec<CellRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClassRow {
    class: String,
    calibre: String,
    provenance: Provenance,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CellRow {
    class: String,
    band: String,
    provenance: Provenance,
    #[serde(default)]
    note: String,
    damage: String,
}

/// "8-10" or "7": an inclusive band of faces within 1-`top`.
pub fn faces(s: &str, top: usize) -> Option<(usize, usize)> {
    let (lo, hi) = match s.split_once('-') {
        Some((a, b)) => (a.trim().parse().ok()?, b.trim().parse().ok()?),
        None => {
            let f = s.trim().parse().ok()?;
            (f, f)
        }
    };
    (1 <= lo && lo <= hi && hi <= top).then_some((lo, hi))
}

fn note(notes: &mut Vec<CellNote>, file: &str, key: String, p: Provenance, rule: &str, why: &str) {
    if p != Provenance::Text {
        notes.push(CellNote {
            file: format!("{DIR}/{file}"),
            key,
            provenance: p,
            rule: rule.to_string(),
            note: why.to_string(),
        });
    }
}

/// Fill `slots` from a band; errors name the cell.
fn fill<T: Copy, const N: usize>(
    slots: &mut [Option<T>; N],
    band: &str,
    value: T,
    at: &str,
    errs: &mut Vec<String>,
) {
    match faces(band, N) {
        None => errs.push(format!("{at}: \"{band}\" is not a band of faces 1-{N}")),
        Some((lo, hi)) => {
            for slot in &mut slots[lo - 1..hi] {
                if slot.is_some() {
                    errs.push(format!("{at}: face covered twice ({band})"));
                }
                *slot = Some(value);
            }
        }
    }
}

impl Tables {
    pub fn builtin() -> Result<Tables, Vec<String>> {
        Tables::with_overrides(&[])
    }

    pub fn load(files: &[(String, String)]) -> Result<Tables, Vec<String>> {
        let get = |name: &str| {
            files
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, t)| t.as_str())
                .unwrap_or("")
        };
        let mut errs = Vec::new();
        let mut notes = Vec::new();
        let parse_err =
            |file: &str, e: toml::de::Error| format!("{DIR}/{file}: {}", e.to_string().trim_end());

        // ships.toml
        let mut types = BTreeMap::new();
        match toml::from_str::<ShipsFile>(get("ships.toml")) {
            Err(e) => errs.push(parse_err("ships.toml", e)),
            Ok(f) => {
                for row in f.types {
                    let at = format!("{DIR}/ships.toml: type \"{}\"", row.code);
                    let kind = match row.code.parse::<ShipType>() {
                        Ok(k) => k,
                        Err(e) => {
                            errs.push(format!("{at}: {e}"));
                            continue;
                        }
                    };
                    let mut slots: [Option<Location>; 10] = [None; 10];
                    for (k, band) in &row.location {
                        match k.parse::<Location>() {
                            Ok(l) => {
                                fill(&mut slots, band, l, &format!("{at}: location"), &mut errs)
                            }
                            Err(e) => errs.push(format!("{at}: location: {e}")),
                        }
                    }
                    if slots.iter().any(Option::is_none) {
                        errs.push(format!("{at}: location: the bands do not cover faces 1-10"));
                        continue;
                    }
                    let sinking_die = match row.sinking_die.to_ascii_lowercase().as_str() {
                        "d6" => Die::D6,
                        "d8" => Die::D8,
                        "d10" => Die::D10,
                        other => {
                            errs.push(format!(
                                "{at}: sinking_die: \"{other}\" is not d6, d8 or d10"
                            ));
                            continue;
                        }
                    };
                    note(
                        &mut notes,
                        "ships.toml",
                        kind.code().into(),
                        row.provenance,
                        &f.rule,
                        &row.note,
                    );
                    let location = slots.map(|s| s.unwrap_or(Location::Hull));
                    if types
                        .insert(
                            kind,
                            TypeRow {
                                name: row.name,
                                location,
                                armour: row.armour,
                                sinking_die,
                                provenance: row.provenance,
                            },
                        )
                        .is_some()
                    {
                        errs.push(format!("{at}: given twice"));
                    }
                }
                for t in ShipType::ALL {
                    if !types.contains_key(&t) {
                        errs.push(format!("{DIR}/ships.toml: type \"{t}\" missing"));
                    }
                }
            }
        }

        // criticals.toml
        let mut crits = BTreeMap::new();
        match toml::from_str::<CritsFile>(get("criticals.toml")) {
            Err(e) => errs.push(parse_err("criticals.toml", e)),
            Ok(f) => {
                for (table, rows) in [
                    (CritTable::Gunnery, &f.gunnery),
                    (CritTable::Underwater, &f.underwater),
                ] {
                    let allowed: &[CritResult] = match table {
                        CritTable::Gunnery => &[
                            CritResult::NoEffect,
                            CritResult::Rudder,
                            CritResult::EngineRoom,
                            CritResult::Bridge,
                            CritResult::Fire,
                            CritResult::Explosion,
                        ],
                        CritTable::Underwater => &[
                            CritResult::NoEffect,
                            CritResult::Rudder,
                            CritResult::EngineRoom,
                            CritResult::Flood,
                            CritResult::CatFlooding,
                        ],
                    };
                    for col in CritColumn::ALL {
                        let mut slots: [Option<CritResult>; 20] = [None; 20];
                        for row in rows {
                            let at =
                                format!("{DIR}/criticals.toml: {table} {} ({col})", row.result);
                            let r = match row.result.parse::<CritResult>() {
                                Ok(r) if allowed.contains(&r) => r,
                                Ok(_) => {
                                    errs.push(format!("{at}: not a result of the {table} table"));
                                    continue;
                                }
                                Err(e) => {
                                    errs.push(format!("{at}: {e}"));
                                    continue;
                                }
                            };
                            let band = match col {
                                CritColumn::BCb => &row.b_cb,
                                CritColumn::Other => &row.other,
                                CritColumn::DdTb => &row.dd_tb,
                            };
                            fill(&mut slots, band, r, &at, &mut errs);
                        }
                        if slots.iter().any(Option::is_none) {
                            errs.push(format!(
                                "{DIR}/criticals.toml: {table} ({col}): the bands do not cover faces 1-20"
                            ));
                            continue;
                        }
                        crits.insert(
                            (table, *col),
                            slots.map(|s| s.unwrap_or(CritResult::NoEffect)),
                        );
                    }
                    for row in rows {
                        note(
                            &mut notes,
                            "criticals.toml",
                            format!("{table} {}", row.result),
                            row.provenance,
                            &f.rule,
                            &row.note,
                        );
                    }
                }
            }
        }

        // modifiers.toml
        let mods = match toml::from_str::<ModsFile>(get("modifiers.toml")) {
            Err(e) => {
                errs.push(parse_err("modifiers.toml", e));
                None
            }
            Ok(f) => {
                for (key, p) in [
                    ("initiative", f.initiative.provenance),
                    ("gunnery", f.gunnery.provenance),
                    ("torpedo", f.torpedo.provenance),
                    ("mine", f.mine.provenance),
                    ("speed", f.speed.provenance),
                    ("sinking", f.sinking.provenance),
                ] {
                    note(&mut notes, "modifiers.toml", key.into(), p, &f.rule, "");
                }
                for (key, v) in [
                    ("gunnery.hit_from", f.gunnery.hit_from),
                    ("torpedo.hit_from", f.torpedo.hit_from),
                    ("mine.hit_from", f.mine.hit_from),
                ] {
                    if !(1..=10).contains(&v) {
                        errs.push(format!("{DIR}/modifiers.toml: {key}: a d10 face 1-10"));
                    }
                }
                if f.initiative.large_from == 0 {
                    errs.push(format!(
                        "{DIR}/modifiers.toml: initiative.large_from: 1 or more"
                    ));
                }
                Some((
                    f.initiative,
                    f.gunnery,
                    f.torpedo,
                    f.mine,
                    f.speed,
                    f.sinking,
                ))
            }
        };

        // gun_damage.toml
        let mut calibres = BTreeMap::new();
        let mut damage = BTreeMap::new();
        match toml::from_str::<DamageFile>(get("gun_damage.toml")) {
            Err(e) => errs.push(parse_err("gun_damage.toml", e)),
            Ok(f) => {
                for c in f.class {
                    match c.class.parse::<GunClass>() {
                        Ok(g) => {
                            note(
                                &mut notes,
                                "gun_damage.toml",
                                format!("class {g} calibre"),
                                c.provenance,
                                &f.rule,
                                "",
                            );
                            calibres.insert(g, c.calibre);
                        }
                        Err(e) => errs.push(format!("{DIR}/gun_damage.toml: class: {e}")),
                    }
                }
                for c in f.cell {
                    let at = format!("{DIR}/gun_damage.toml: class {} {}", c.class, c.band);
                    let (g, b) = match (c.class.parse::<GunClass>(), c.band.parse::<Band>()) {
                        (Ok(g), Ok(b)) => (g, b),
                        (g, b) => {
                            for e in [g.err(), b.err()].into_iter().flatten() {
                                errs.push(format!("{at}: {e}"));
                            }
                            continue;
                        }
                    };
                    let die = if c.provenance == Provenance::Unknown {
                        if !c.damage.trim().is_empty() {
                            errs.push(format!(
                                "{at}: an unknown cell has no damage (damage = \"\")"
                            ));
                        }
                        None
                    } else {
                        match c.damage.parse::<DamageDie>() {
                            Ok(d) => Some(d),
                            Err(e) => {
                                errs.push(format!("{at}: damage: {e}"));
                                continue;
                            }
                        }
                    };
                    note(
                        &mut notes,
                        "gun_damage.toml",
                        format!("class {g} {b}"),
                        c.provenance,
                        &f.rule,
                        if c.note.is_empty() && c.provenance == Provenance::Unknown {
                            "garbled in our copy: asked as a chart read"
                        } else {
                            &c.note
                        },
                    );
                    if damage
                        .insert(
                            (g, b),
                            DamageCell {
                                die,
                                provenance: c.provenance,
                            },
                        )
                        .is_some()
                    {
                        errs.push(format!("{at}: given twice"));
                    }
                }
                for g in GunClass::ALL {
                    if !calibres.contains_key(&g) {
                        errs.push(format!("{DIR}/gun_damage.toml: class {g} missing"));
                    }
                    for b in Band::ALL {
                        if !damage.contains_key(&(g, *b)) {
                            errs.push(format!("{DIR}/gun_damage.toml: class {g} {b} missing"));
                        }
                    }
                }
            }
        }
        match mods {
            Some((initiative, gunnery, torpedo, mine, speeds, sinking)) if errs.is_empty() => {
                Ok(Tables {
                    types,
                    crits,
                    initiative,
                    gunnery,
                    torpedo,
                    mine,
                    speeds,
                    sinking,
                    calibres,
                    damage,
                    notes,
                })
            }
            _ => Err(errs),
        }
    }

    pub fn of(&self, kind: ShipType) -> &TypeRow {
        &self.types[&kind]
    }

    pub fn crit(&self, table: CritTable, col: CritColumn, face: u32) -> CritResult {
        self.crits[&(table, col)][(face.clamp(1, 20) - 1) as usize]
    }

    pub fn damage_cell(&self, class: GunClass, band: Band) -> &DamageCell {
        &self.damage[&(class, band)]
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

#[cfg(test)]
mod tests {
    use super::*;

    /// 5.4, 5.5, 5.7, 5.12, 5.17: the built-in tables load and read as printed.
    #[test]
    fn the_builtin_tables_read_as_the_cards_print_them() {
        let t = Tables::builtin().unwrap();
        let b = t.of(ShipType::B);
        assert_eq!(
            b.armour,
            ByLocation {
                hull: 8,
                main: 9,
                secondary: 5
            }
        );
        assert_eq!(b.location[5], Location::Hull);
        assert_eq!(b.location[6], Location::Main);
        assert_eq!(b.location[7], Location::Secondary);
        assert_eq!(t.of(ShipType::TB).location[6], Location::Hull);
        assert_eq!(t.of(ShipType::GB).location[7], Location::Main);
        assert_eq!(
            t.of(ShipType::TB).armour,
            ByLocation {
                hull: 0,
                main: 1,
                secondary: 0
            }
        );
        assert_eq!(t.of(ShipType::CB).sinking_die, Die::D10);
        assert_eq!(t.of(ShipType::DD).sinking_die, Die::D6);
        assert_eq!(t.of(ShipType::CL).sinking_die, Die::D8);
        assert_eq!(
            t.crit(CritTable::Gunnery, CritColumn::BCb, 13),
            CritResult::NoEffect
        );
        assert_eq!(
            t.crit(CritTable::Gunnery, CritColumn::BCb, 14),
            CritResult::Rudder
        );
        assert_eq!(
            t.crit(CritTable::Gunnery, CritColumn::Other, 17),
            CritResult::Fire
        );
        assert_eq!(
            t.crit(CritTable::Gunnery, CritColumn::DdTb, 17),
            CritResult::Explosion
        );
        assert_eq!(
            t.crit(CritTable::Underwater, CritColumn::BCb, 18),
            CritResult::Flood
        );
        assert_eq!(
            t.crit(CritTable::Underwater, CritColumn::Other, 18),
            CritResult::CatFlooding
        );
        assert_eq!(
            t.crit(CritTable::Underwater, CritColumn::DdTb, 12),
            CritResult::EngineRoom
        );
        // 5.2: garbled, every damage cell unknown; the calibres are text.
        assert!(t.damage.values().all(|c| c.die.is_none()));
        assert_eq!(t.non_text_cells().len(), 36);
    }

    #[test]
    fn a_face_covered_twice_or_a_foreign_code_is_refused() {
        let bad = include_str!("../../../tables/aage-qr-2020/criticals.toml")
            .replace("b_cb = \"14\"", "b_cb = \"13\"");
        let errs = Tables::with_overrides(&[("criticals.toml".into(), bad)]).unwrap_err();
        assert!(errs.iter().any(|e| e.contains("covered twice")), "{errs:?}");
        let errs = Tables::with_overrides(&[("guns.toml".into(), String::new())]).unwrap_err();
        assert!(
            errs[0].contains("not a aage-qr-2020 table file"),
            "{errs:?}"
        );
    }
}
