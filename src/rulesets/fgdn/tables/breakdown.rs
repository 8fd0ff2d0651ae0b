//! FG&DN 8.5 Equipment Serviceability: Breakdown Repair Table.
use crate::rulesets::fgdn::nation::Navy;

/// One navy rank's line of the Breakdown Repair Table.
#[derive(Debug, Clone, PartialEq)]
pub struct NavyRankRow {
    /// D100 chance of a breakdown per item.
    pub failure_pct: u32,
    /// Repair chance at each of `BreakdownRepairTable::hours`.
    pub repair_pct: Vec<u32>,
    /// Navies named for this rank in the rule text.
    pub navies: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NavyRank {
    First,
    Second,
}

/// FG&DN 8.5 Breakdown Repair Table.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakdownRepairTable {
    pub rule: String,
    /// Hours since the breakdown: 6, 12, 24, 48.
    pub hours: Vec<u32>,
    pub first_rank: NavyRankRow,
    /// Second rank: the navies named and all others.
    pub second_rank: NavyRankRow,
    pub tender_bonus_pct: u32,
    pub port_bonus_pct: u32,
    pub land_aircraft_bonus_pct: u32,
}

impl BreakdownRepairTable {
    /// First rank if the rule text names the navy so; every other navy (and a ship whose
    /// nation is not given) is second rank. Names are read like a scenario's (SPEC 3.8).
    pub fn rank(&self, navy: Option<Navy>) -> NavyRank {
        if navy.is_some_and(|navy| self.first_rank.navies.iter().any(|n| navy.is(n))) {
            NavyRank::First
        } else {
            NavyRank::Second
        }
    }
    pub fn row(&self, rank: NavyRank) -> &NavyRankRow {
        match rank {
            NavyRank::First => &self.first_rank,
            NavyRank::Second => &self.second_rank,
        }
    }
    /// Repair chance for `nation` at `hours` after the breakdown (one of `self.hours`).
    pub fn repair_pct(&self, navy: Option<Navy>, hours: u32) -> Option<u32> {
        let i = self.hours.iter().position(|&h| h == hours)?;
        self.row(self.rank(navy)).repair_pct.get(i).copied()
    }
}
