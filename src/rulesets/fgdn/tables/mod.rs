//! FG&DN 1.1 rule tables, parsed strictly from the TOML files in `tables/fgdn-1.1/`.
//!
//! Pure: parsing takes file names and text; reading a user override directory is done
//! by `store::tables`. The built-in files are compiled in with `include_str!`.
//!
//! The engine reads only the typed structures below; every table carries its rule reference.

use crate::rulesets::fgdn::kinds::{Column, CriticalKind, Location, SizeClass};

mod airship;
mod breakdown;
mod cargo;
mod check;
mod error;
mod gunfire;
mod load;
mod magazine;
mod parse_core;
mod parse_more;
mod sequence;
#[cfg(test)]
mod tests;

pub use airship::{AirshipCell, AirshipCriticalTable};
pub use breakdown::{BreakdownRepairTable, NavyRank, NavyRankRow};
pub use cargo::{AmmoBlast, AmmoCargo, AmmoResult, AmmoRow, CargoTable, PetroleumRow, TroopsRow};
pub use error::TableError;
pub use gunfire::{
    AspectRow, BandModifier, BaseChance, GunfireHitChanceTable, HitModifier, ModifierGroup,
    RangeBand, SeaStateEffect, SeaStateRow, SizeModifier,
};
pub use load::{Tables, BUILTIN, BUILTIN_DIR};
pub use magazine::{MagazineModifiersTable, MagazinePeriod, NationMagazine, YearMonth};
pub use sequence::{PhaseStep, ScaleSequence, TurnSequenceTable};

/// An inclusive die range, e.g. 1-3 on a D20 (10 is written as 10, not 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub lo: u32,
    pub hi: u32,
}

impl Range {
    pub fn contains(&self, v: u32) -> bool {
        self.lo <= v && v <= self.hi
    }
}

/// FG&DN 8.1.2 Damage Ratio Table. `rows[k]` is the line for ratio k/10 (k = 0 is "<.10"),
/// k = 0..=10; `counts[d6 - 1]` is the number of criticals (0 where the table is blank).
#[derive(Debug, Clone, PartialEq)]
pub struct DamageRatioTable {
    pub rule: String,
    pub rows: Vec<[u32; 6]>,
    /// Above 1.00: one more critical per this many hundredths over 1.00 (20 = ".2").
    pub extra_step_hundredths: u32,
    /// Ratio (in hundredths) at and above which the ship is reduced to 10 % DP (300 = 3.0).
    pub massive_ratio_hundredths: u32,
}

/// One cell of the Critical Hit Table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CritCell {
    pub range: Range,
    pub location: Location,
    /// Starred (*): needs armor penetration on that ship this turn.
    pub armored: bool,
    /// "2 x Flooding" gives 2; otherwise 1.
    pub count: u32,
    /// "1/2 Flooding", "1/2 Fire": severity halved.
    pub half_severity: bool,
    /// "Weapon†": treated as Cargo if the craft is unarmed.
    pub cargo_if_unarmed: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CritColumn {
    pub column: Column,
    pub title: String,
    /// Cells cover 1..=20 without gaps or overlaps (checked at load).
    pub cells: Vec<CritCell>,
}

/// FG&DN 8.1.2 Critical Hit Table (D20).
#[derive(Debug, Clone, PartialEq)]
pub struct CriticalHitTable {
    pub rule: String,
    pub columns: Vec<CritColumn>,
}

impl CriticalHitTable {
    pub fn cell(&self, column: Column, d20: u32) -> Option<&CritCell> {
        self.columns
            .iter()
            .find(|c| c.column == column)?
            .cells
            .iter()
            .find(|c| c.range.contains(d20))
    }
}

/// What a light weapon may still cause against size D and larger (FG&DN 8.1.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LightAllowed {
    /// A critical kind allowed as such (e.g. bridge, aircraft, cargo, fire_control, other_weapon).
    Kind(CriticalKind),
    /// AA mounts only (an Other Weapon critical limited to AA).
    Aa,
    /// Light battery only (an Other Weapon critical limited to the light battery).
    LightBattery,
    /// Sensor/Comms, but not sonar.
    SensorCommsNotSonar,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LightWeaponRow {
    /// Largest gun fired, in mm, inclusive bounds (7.62-9, 12.7-15, 20-25, 37-45, 57-65).
    pub min_mm: f64,
    pub max_mm: f64,
    pub allowed: Vec<LightAllowed>,
    /// Severity modifiers for fire / flooding where the table gives one (-2), else 0.
    pub fire_severity_mod: i32,
    pub flooding_severity_mod: i32,
}

/// FG&DN 8.1.3 Light Weapons Critical Hit Table.
#[derive(Debug, Clone, PartialEq)]
pub struct LightWeaponsTable {
    pub rule: String,
    /// Applies against this size class and larger (D).
    pub applies_from: SizeClass,
    /// Guns of this calibre and less are light weapons (65).
    pub max_light_mm: f64,
    pub rows: Vec<LightWeaponRow>,
}

/// A line of the fire and flooding severity dice (FG&DN 8.2): `dice`D6 + `plus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeverityDiceRow {
    /// Inclusive in-service (or rebuild) year bounds; None = open.
    pub from_year: Option<u32>,
    pub to_year: Option<u32>,
    pub dice: u32,
    pub plus: i32,
}

impl SeverityDiceRow {
    /// `dice`D6 + `plus` whatever the ship's year: a critical's own severity dice (FG&DN 8.3
    /// fuel tank D6+2, aircraft D6-2; 8.4 a restarted fire D6-2; 8.2 the default D6).
    pub fn fixed(dice: u32, plus: i32) -> SeverityDiceRow {
        SeverityDiceRow {
            from_year: None,
            to_year: None,
            dice,
            plus,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SeverityDiceTable {
    pub rule: String,
    pub rows: Vec<SeverityDiceRow>,
    /// Halving rules: non-penetrating hit; guns of this many mm or less (76).
    pub halve_small_gun_mm: f64,
    /// Halve the result for a non-penetrating hit (true in the book).
    pub halve_non_penetrating: bool,
}

/// Lower bounds (in %) of Minor, Major, Severe and Overwhelmed for some size classes.
#[derive(Debug, Clone, PartialEq)]
pub struct SeverityLevelRow {
    pub sizes: Vec<SizeClass>,
    pub minor: u32,
    pub major: u32,
    pub severe: u32,
    pub overwhelmed: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct YearShiftRow {
    pub from_year: Option<u32>,
    pub to_year: Option<u32>,
    pub shift: i32,
}

/// FG&DN 8.2 Fire & Flooding Severity Levels and the in-service date shift.
#[derive(Debug, Clone, PartialEq)]
pub struct SeverityLevelsTable {
    pub rule: String,
    pub rows: Vec<SeverityLevelRow>,
    pub year_shift: Vec<YearShiftRow>,
}

/// One result of the Fire and Flooding Reduction Table: signed number of D6 (e.g. -2 = "-2D6%",
/// 0 = "NC").
pub type ReductionDice = i32;

/// FG&DN 8.2 Fire and Flooding Reduction Table: `rows[d10 - 1]` = [minor, major, severe, overwhelmed].
#[derive(Debug, Clone, PartialEq)]
pub struct ReductionTable {
    pub rule: String,
    pub rows: Vec<[ReductionDice; 4]>,
}

/// FG&DN 8.1.7.1 shallow-running torpedo: belt rating range -> % damage reduction.
#[derive(Debug, Clone, PartialEq)]
pub struct ShallowTorpedoRow {
    pub belt: Range,
    pub reduction_pct: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ShallowTorpedoTable {
    pub rule: String,
    pub rows: Vec<ShallowTorpedoRow>,
}

/// A simple die table: each range names an outcome id (e.g. communications D10 -> "port_signal_lights").
#[derive(Debug, Clone, PartialEq)]
pub struct DieTable {
    pub rule: String,
    /// "d6", "d10", "2d6", "d20", "d100"
    pub die: String,
    pub rows: Vec<DieRow>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct DieRow {
    pub range: Range,
    pub outcome: String,
    pub text: String,
    /// A number the outcome carries, where the table has one (casemate chain: guns damaged).
    pub value: Option<i32>,
}

impl DieTable {
    pub fn lookup(&self, roll: u32) -> Option<&DieRow> {
        self.rows.iter().find(|r| r.range.contains(roll))
    }
}
