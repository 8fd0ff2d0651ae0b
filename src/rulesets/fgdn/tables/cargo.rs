//! FG&DN 8.3 Cargo Damage Table.
use super::Range;

/// What happens to a hold of ammunition (FG&DN 8.3, Cargo Damage Table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmmoResult {
    /// D100 % of the ammunition is lost.
    Lost,
    /// D100 % lost, and a fire starts (see `AmmoRow::fire_mod`, `explosion_risk_pct`).
    LostFire,
    /// The hold explodes; nearby ships take blast damage.
    Explosion,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AmmoRow {
    pub range: Range,
    pub result: AmmoResult,
    /// Added to the fire's severity and reduction rolls (0 when there is no fire).
    pub fire_mod: i32,
    /// % chance of an explosion at each following Intermediate Turn (0 = none).
    pub explosion_risk_pct: u32,
}

/// Blast damage of an exploding hold: tons of ammunition / `tons_per_dp` at `yards`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AmmoBlast {
    pub yards: u32,
    pub tons_per_dp: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct AmmoCargo {
    /// D10 rows covering 1..=10.
    pub rows: Vec<AmmoRow>,
    pub blast: Vec<AmmoBlast>,
    /// % chance that each other hold's ammunition explodes when one does.
    pub chain_explosion_pct: u32,
}

impl AmmoCargo {
    pub fn lookup(&self, d10: u32) -> Option<&AmmoRow> {
        self.rows.iter().find(|r| r.range.contains(d10))
    }
}

/// A petroleum product and what it adds to the fire's severity and reduction rolls.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PetroleumRow {
    /// "crude", "refined", "avgas".
    pub product: String,
    pub fire_mod: i32,
}

/// Troop casualties: `dp_multiple` x the hit's DP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TroopsRow {
    pub range: Range,
    pub dp_multiple: u32,
}

/// FG&DN 8.3 Cargo Damage Table.
#[derive(Debug, Clone, PartialEq)]
pub struct CargoTable {
    pub rule: String,
    pub ammo: AmmoCargo,
    pub petroleum: Vec<PetroleumRow>,
    /// D10 rows covering 1..=10.
    pub troops: Vec<TroopsRow>,
    /// Tons destroyed = DP / this.
    pub general_supplies_dp_divisor: u32,
    /// Vehicles destroyed = DP / this.
    pub vehicles_dp_divisor: u32,
    /// Aircraft damaged = DP / this.
    pub aircraft_dp_divisor: u32,
    /// Small craft: a cargo critical destroys this % of the cargo.
    pub small_craft_destroyed_pct: u32,
}

impl CargoTable {
    pub fn petroleum_fire_mod(&self, product: &str) -> Option<i32> {
        self.petroleum
            .iter()
            .find(|p| p.product.eq_ignore_ascii_case(product))
            .map(|p| p.fire_mod)
    }
    pub fn troops(&self, d10: u32) -> Option<&TroopsRow> {
        self.troops.iter().find(|r| r.range.contains(d10))
    }
}
