//! Gunfire Hit Chance Modifiers Table, Gunnery Standards 1 & 2 (FG&DN 1.1 page 6-4).
pub use crate::rulesets::fgdn::command::RangeBand;
use crate::rulesets::fgdn::kinds::SizeClass;
use std::str::FromStr;

/// Which part of the table a simple modifier comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModifierGroup {
    Visibility,
    FireControl,
    Target,
}

impl FromStr for ModifierGroup {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "visibility" => Ok(ModifierGroup::Visibility),
            "fire_control" => Ok(ModifierGroup::FireControl),
            "target" => Ok(ModifierGroup::Target),
            _ => Err(format!(
                "unknown modifier group \"{s}\" (expected one of: visibility, fire_control, target)"
            )),
        }
    }
}

/// A simple modifier line of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct HitModifier {
    pub id: String,
    pub group: ModifierGroup,
    pub label: String,
    pub value: i32,
    /// Range bands it applies in; empty = all.
    pub ranges: Vec<RangeBand>,
    /// Gunnery standards (1, 2) it applies to; empty = both.
    pub gunnery_standards: Vec<u32>,
    /// The value counts once per ship above the limit (overconcentration).
    pub per_ship_above_limit: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BaseChance {
    pub range: RangeBand,
    pub gs1: u32,
    pub gs2: u32,
}

/// A cell of the sea-state grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeaStateEffect {
    /// "NA": not applicable, no modifier.
    NotApplicable,
    /// "NFP": no fire possible.
    NoFirePossible,
    Modifier(i32),
}

/// Sea-state line: effects for target size A&B, C&D, E-G.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SeaStateRow {
    pub sea_state: u32,
    pub a_b: SeaStateEffect,
    pub c_d: SeaStateEffect,
    pub e_g: SeaStateEffect,
}

impl SeaStateRow {
    pub fn for_size(&self, size: SizeClass) -> SeaStateEffect {
        match size {
            SizeClass::A | SizeClass::B => self.a_b,
            SizeClass::C | SizeClass::D => self.c_d,
            _ => self.e_g,
        }
    }
}

/// An inclusive band of a count (barrels, yards, knots); `to` None = and more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BandModifier {
    pub from: u32,
    pub to: Option<u32>,
    pub value: i32,
}

impl BandModifier {
    pub fn contains(&self, v: u32) -> bool {
        v >= self.from && self.to.is_none_or(|t| v <= t)
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SizeModifier {
    pub sizes: Vec<SizeClass>,
    pub value: i32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AspectRow {
    pub sizes: Vec<SizeClass>,
    pub broad: i32,
    pub quarter: i32,
    pub narrow: i32,
}

/// Gunfire Hit Chance Modifiers Table (Gunnery Standards 1 & 2).
#[derive(Debug, Clone, PartialEq)]
pub struct GunfireHitChanceTable {
    pub rule: String,
    pub base: Vec<BaseChance>,
    /// % per point of final modifier, by range band.
    pub multiplier: Vec<(RangeBand, u32)>,
    pub modifiers: Vec<HitModifier>,
    pub sea_state: Vec<SeaStateRow>,
    /// No fire is possible above this sea state.
    pub no_fire_above_sea_state: u32,
    /// By yards beyond the range finder's capability.
    pub beyond_rangefinder: Vec<BandModifier>,
    pub barrels: Vec<BandModifier>,
    /// Target dead in the water.
    pub target_stationary: i32,
    /// By target speed in knots; speeds in no band have no modifier.
    pub target_speed: Vec<BandModifier>,
    pub target_evasive_min_kts: u32,
    /// Sizes not listed cannot steer evasively.
    pub target_evasive: Vec<SizeModifier>,
    pub target_aspect: Vec<AspectRow>,
}

impl GunfireHitChanceTable {
    pub fn base_chance(&self, range: RangeBand, gunnery_standard: u32) -> Option<u32> {
        let b = self.base.iter().find(|b| b.range == range)?;
        match gunnery_standard {
            1 => Some(b.gs1),
            2 => Some(b.gs2),
            _ => None,
        }
    }
    pub fn multiplier_pct(&self, range: RangeBand) -> Option<u32> {
        self.multiplier.iter().find(|m| m.0 == range).map(|m| m.1)
    }
    pub fn modifier(&self, id: &str) -> Option<&HitModifier> {
        self.modifiers.iter().find(|m| m.id == id)
    }
    pub fn sea_state_effect(&self, sea_state: u32, size: SizeClass) -> SeaStateEffect {
        if sea_state > self.no_fire_above_sea_state {
            return SeaStateEffect::NoFirePossible;
        }
        self.sea_state
            .iter()
            .find(|r| r.sea_state == sea_state)
            .map_or(SeaStateEffect::NotApplicable, |r| r.for_size(size))
    }
    pub fn barrels_modifier(&self, barrels: u32) -> Option<i32> {
        band(&self.barrels, barrels)
    }
    pub fn beyond_rangefinder_modifier(&self, yards: u32) -> i32 {
        band(&self.beyond_rangefinder, yards).unwrap_or(0)
    }
    pub fn target_speed_modifier(&self, knots: u32) -> i32 {
        if knots == 0 {
            return self.target_stationary;
        }
        band(&self.target_speed, knots).unwrap_or(0)
    }
    /// None: a ship of this size cannot steer evasively.
    pub fn target_evasive_modifier(&self, size: SizeClass) -> Option<i32> {
        self.target_evasive
            .iter()
            .find(|r| r.sizes.contains(&size))
            .map(|r| r.value)
    }
    pub fn target_aspect(&self, size: SizeClass) -> Option<&AspectRow> {
        self.target_aspect.iter().find(|r| r.sizes.contains(&size))
    }
}

fn band(bands: &[BandModifier], v: u32) -> Option<i32> {
    bands.iter().find(|b| b.contains(v)).map(|b| b.value)
}
