//! The late-19th-century naval tables as data (`tables/late19-naval/*.toml`, compiled in with
//! `include_str!`; an owner's file of the same name replaces one with `--tables DIR`).
//!
//! Loading is strict: unknown keys, unknown types, results outside the table's words, and die
//! bands that leave a face uncovered or cover it twice are errors naming the file and the
//! cell. Every cell carries a provenance (SPEC 8): `text`, `derived`, `reconstructed` or
//! `unknown`; [`Tables::non_text_cells`] lists the others for `umpire check`. An `unknown`
//! hit cell has no bands: the rules ask the umpire for it as a chart read.
use super::ship::{GunType, HitResult, ShipType};
use serde::Deserialize;
use std::collections::BTreeMap;

pub const DIR: &str = "tables/late19-naval";

/// The built-in files, in load order.
pub const BUILTIN: &[(&str, &str)] = &[
    (
        "ships.toml",
        include_str!("../../../tables/late19-naval/ships.toml"),
    ),
    (
        "fire.toml",
        include_str!("../../../tables/late19-naval/fire.toml"),
    ),
    (
        "hits.toml",
        include_str!("../../../tables/late19-naval/hits.toml"),
    ),
];

pub use crate::core::tables::{with_builtin, CellNote, Provenance, RuleTables};

/// The values of a ship type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeValues {
    pub name: String,
    pub fp: u32,
    pub critical_point: u32,
    pub movement: u32,
    pub main_gun: Option<(GunType, Provenance)>,
    pub secondary_gun: Option<(GunType, Provenance)>,
}

/// Firing Guns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Guns {
    pub range: BTreeMap<GunType, u32>,
    pub max_dice: u32,
    pub target_from: i32,
    pub front: Vec<i32>,
    pub behind: Vec<i32>,
    pub cover: i32,
    pub direct_line_of_sight: i32,
    pub same_target_previous_turn: i32,
    pub not_moved: i32,
}

/// Firing Torpedoes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Torpedoes {
    pub range: u32,
    pub per_turn: u32,
    pub per_battle: u32,
    pub dice: u32,
    pub hit_from: u32,
}

/// Resolving hits on Ships rule b.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TradeOff {
    pub movement_per_fp: u32,
    pub main_per_fp: u32,
    pub secondary_per_fp: u32,
}

/// One cell of Resolving hits on Ships: a result per face 1-6, or unknown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HitCell {
    /// Faces 1..=6 (index 0 is face 1); `None` for an `unknown` cell.
    pub results: Option<[HitResult; 6]>,
    pub provenance: Provenance,
    pub note: String,
}

/// Every late-19th table, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables {
    pub types: BTreeMap<ShipType, TypeValues>,
    pub guns: Guns,
    pub torpedoes: Torpedoes,
    pub trade: TradeOff,
    pub hits: BTreeMap<(GunType, ShipType), HitCell>,
    /// Every cell that is not `text`, in file order.
    pub notes: Vec<CellNote>,
}

// ---- the files' shapes

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShipsFile {
    rule: String,
    #[serde(rename = "type")]
    types: Vec<TypeRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TypeRow {
    key: String,
    name: String,
    fp: u32,
    critical_point: u32,
    movement: u32,
    #[serde(default)]
    main_gun: Option<GunCell>,
    #[serde(default)]
    secondary_gun: Option<GunCell>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GunCell {
    gun: String,
    provenance: Provenance,
    #[serde(default)]
    note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FireFile {
    rule: String,
    guns: GunsRow,
    torpedoes: TorpedoRow,
    trade_off: TradeRow,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GunsRow {
    provenance: Provenance,
    range: BTreeMap<String, u32>,
    max_dice: u32,
    target_from: i32,
    front: Vec<i32>,
    behind: Vec<i32>,
    cover: i32,
    direct_line_of_sight: i32,
    same_target_previous_turn: i32,
    not_moved: i32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TorpedoRow {
    provenance: Provenance,
    range: u32,
    per_turn: u32,
    per_battle: u32,
    dice: u32,
    hit_from: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TradeRow {
    provenance: Provenance,
    movement_per_fp: u32,
    main_per_fp: u32,
    secondary_per_fp: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HitsFile {
    rule: String,
    hit: Vec<HitRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HitRow {
    weapon: String,
    target: String,
    provenance: Provenance,
    #[serde(default)]
    note: String,
    cells: Vec<Band>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Band {
    faces: String,
    result: String,
}

/// "4-6" or "6": an inclusive band of faces within 1-6.
fn faces(s: &str) -> Option<(usize, usize)> {
    let (lo, hi) = match s.split_once('-') {
        Some((a, b)) => (a.trim().parse().ok()?, b.trim().parse().ok()?),
        None => {
            let f = s.trim().parse().ok()?;
            (f, f)
        }
    };
    (1 <= lo && lo <= hi && hi <= 6).then_some((lo, hi))
}

fn note(
    notes: &mut Vec<CellNote>,
    file: &str,
    key: String,
    provenance: Provenance,
    rule: &str,
    why: &str,
) {
    if provenance != Provenance::Text {
        notes.push(CellNote {
            file: format!("{DIR}/{file}"),
            key,
            provenance,
            rule: rule.to_string(),
            note: why.to_string(),
        });
    }
}

impl Tables {
    /// The compiled-in tables.
    pub fn builtin() -> Result<Tables, Vec<String>> {
        Tables::with_overrides(&[])
    }

    /// Load from the three `(file name, text)` pairs.
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
                    let at = format!("{DIR}/ships.toml: type \"{}\"", row.key);
                    let kind = match row.key.parse::<ShipType>() {
                        Ok(k) => k,
                        Err(e) => {
                            errs.push(format!("{at}: {e}"));
                            continue;
                        }
                    };
                    if row.critical_point >= row.fp || row.fp == 0 {
                        errs.push(format!(
                            "{at}: critical_point {} must be below fp {}",
                            row.critical_point, row.fp
                        ));
                    }
                    let mut gun =
                        |which: &str, cell: Option<GunCell>| -> Option<(GunType, Provenance)> {
                            let c = cell?;
                            match c.gun.parse::<GunType>() {
                                Ok(GunType::Torpedo) | Err(_) => {
                                    errs.push(format!(
                                        "{at}: {which}: \"{}\" is not a gun type",
                                        c.gun
                                    ));
                                    None
                                }
                                Ok(g) => {
                                    note(
                                        &mut notes,
                                        "ships.toml",
                                        format!("{} {which}", row.key),
                                        c.provenance,
                                        &f.rule,
                                        &c.note,
                                    );
                                    Some((g, c.provenance))
                                }
                            }
                        };
                    let main_gun = gun("main_gun", row.main_gun);
                    let secondary_gun = gun("secondary_gun", row.secondary_gun);
                    if types
                        .insert(
                            kind,
                            TypeValues {
                                name: row.name,
                                fp: row.fp,
                                critical_point: row.critical_point,
                                movement: row.movement,
                                main_gun,
                                secondary_gun,
                            },
                        )
                        .is_some()
                    {
                        errs.push(format!("{at}: given twice"));
                    }
                }
                for t in ShipType::ALL {
                    if !types.contains_key(&t) {
                        errs.push(format!("{DIR}/ships.toml: type \"{}\" missing", t.key()));
                    }
                }
            }
        }

        // fire.toml
        let mut fire = None;
        match toml::from_str::<FireFile>(get("fire.toml")) {
            Err(e) => errs.push(parse_err("fire.toml", e)),
            Ok(f) => {
                let mut range = BTreeMap::new();
                for (k, v) in &f.guns.range {
                    match k.parse::<GunType>() {
                        Ok(GunType::Torpedo) | Err(_) => errs.push(format!(
                            "{DIR}/fire.toml: guns.range: \"{k}\" is not a gun type"
                        )),
                        Ok(g) => {
                            range.insert(g, *v);
                        }
                    }
                }
                for g in &GunType::ALL[..5] {
                    if !range.contains_key(g) {
                        errs.push(format!("{DIR}/fire.toml: guns.range: {} missing", g.key()));
                    }
                }
                if f.guns.max_dice == 0 || f.torpedoes.dice == 0 || f.torpedoes.dice > 10 {
                    errs.push(format!(
                        "{DIR}/fire.toml: dice counts must be 1 or more (torpedoes at most 10)"
                    ));
                }
                if !(1..=6).contains(&f.torpedoes.hit_from) {
                    errs.push(format!("{DIR}/fire.toml: torpedoes.hit_from: a face 1-6"));
                }
                if f.trade_off.movement_per_fp == 0
                    || f.trade_off.main_per_fp == 0
                    || f.trade_off.secondary_per_fp == 0
                {
                    errs.push(format!(
                        "{DIR}/fire.toml: trade_off: each rate is 1 or more"
                    ));
                }
                note(
                    &mut notes,
                    "fire.toml",
                    "guns".into(),
                    f.guns.provenance,
                    &f.rule,
                    "",
                );
                note(
                    &mut notes,
                    "fire.toml",
                    "torpedoes".into(),
                    f.torpedoes.provenance,
                    &f.rule,
                    "",
                );
                note(
                    &mut notes,
                    "fire.toml",
                    "trade_off".into(),
                    f.trade_off.provenance,
                    &f.rule,
                    "",
                );
                fire = Some((
                    Guns {
                        range,
                        max_dice: f.guns.max_dice,
                        target_from: f.guns.target_from,
                        front: f.guns.front,
                        behind: f.guns.behind,
                        cover: f.guns.cover,
                        direct_line_of_sight: f.guns.direct_line_of_sight,
                        same_target_previous_turn: f.guns.same_target_previous_turn,
                        not_moved: f.guns.not_moved,
                    },
                    Torpedoes {
                        range: f.torpedoes.range,
                        per_turn: f.torpedoes.per_turn,
                        per_battle: f.torpedoes.per_battle,
                        dice: f.torpedoes.dice,
                        hit_from: f.torpedoes.hit_from,
                    },
                    TradeOff {
                        movement_per_fp: f.trade_off.movement_per_fp,
                        main_per_fp: f.trade_off.main_per_fp,
                        secondary_per_fp: f.trade_off.secondary_per_fp,
                    },
                ));
            }
        }

        // hits.toml
        let mut hits = BTreeMap::new();
        match toml::from_str::<HitsFile>(get("hits.toml")) {
            Err(e) => errs.push(parse_err("hits.toml", e)),
            Ok(f) => {
                for row in f.hit {
                    let key = format!("{} on {}", row.weapon, row.target);
                    let at = format!("{DIR}/hits.toml: {key}");
                    let (gun, target) = match (
                        row.weapon.parse::<GunType>(),
                        row.target.parse::<ShipType>(),
                    ) {
                        (Ok(g), Ok(t)) => (g, t),
                        (g, t) => {
                            for e in [g.err(), t.err()].into_iter().flatten() {
                                errs.push(format!("{at}: {e}"));
                            }
                            continue;
                        }
                    };
                    let results = if row.provenance == Provenance::Unknown {
                        if !row.cells.is_empty() {
                            errs.push(format!("{at}: an unknown cell has no bands (cells = [])"));
                        }
                        None
                    } else {
                        let mut by_face: [Option<HitResult>; 6] = [None; 6];
                        for b in &row.cells {
                            let Some((lo, hi)) = faces(&b.faces) else {
                                errs.push(format!(
                                    "{at}: faces \"{}\" is not a band of 1-6",
                                    b.faces
                                ));
                                continue;
                            };
                            let Some(r) = HitResult::parse(&b.result) else {
                                errs.push(format!(
                                    "{at}: result \"{}\" is not lose_2, lose_1 or minor",
                                    b.result
                                ));
                                continue;
                            };
                            for slot in &mut by_face[lo - 1..hi] {
                                if slot.is_some() {
                                    errs.push(format!("{at}: face covered twice ({})", b.faces));
                                }
                                *slot = Some(r);
                            }
                        }
                        if by_face.iter().any(Option::is_none) {
                            errs.push(format!("{at}: the bands do not cover faces 1-6"));
                            continue;
                        }
                        Some(by_face.map(|r| r.unwrap_or(HitResult::Minor)))
                    };
                    note(
                        &mut notes,
                        "hits.toml",
                        key.clone(),
                        row.provenance,
                        &f.rule,
                        &row.note,
                    );
                    if hits
                        .insert(
                            (gun, target),
                            HitCell {
                                results,
                                provenance: row.provenance,
                                note: row.note,
                            },
                        )
                        .is_some()
                    {
                        errs.push(format!("{at}: given twice"));
                    }
                }
                for g in GunType::ALL {
                    for t in ShipType::ALL {
                        if !hits.contains_key(&(g, t)) {
                            errs.push(format!(
                                "{DIR}/hits.toml: {} on {} missing",
                                g.key(),
                                t.key()
                            ));
                        }
                    }
                }
            }
        }
        match fire {
            Some((guns, torpedoes, trade)) if errs.is_empty() => Ok(Tables {
                types,
                guns,
                torpedoes,
                trade,
                hits,
                notes,
            }),
            _ => Err(errs),
        }
    }

    pub fn of(&self, kind: ShipType) -> &TypeValues {
        &self.types[&kind]
    }

    pub fn hit(&self, weapon: GunType, target: ShipType) -> &HitCell {
        &self.hits[&(weapon, target)]
    }

    /// Where a die of modified score `score` lands (Firing Guns).
    pub fn lands(&self, score: i32) -> Landing {
        let g = &self.guns;
        if score >= g.target_from {
            Landing::Target
        } else if g.front.contains(&score) {
            Landing::Front
        } else if g.behind.contains(&score) {
            Landing::Behind
        } else {
            Landing::Ineffective
        }
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

/// Where a gun's die lands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Landing {
    Target,
    Front,
    Behind,
    Ineffective,
}

impl Landing {
    pub fn words(self) -> &'static str {
        match self {
            Landing::Target => "on the target hex",
            Landing::Front => "in the hex in front of the target",
            Landing::Behind => "in the hex behind the target",
            Landing::Ineffective => "totally ineffective",
        }
    }
}
