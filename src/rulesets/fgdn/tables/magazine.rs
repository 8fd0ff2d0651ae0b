//! FG&DN 8.3 optional main-magazine detonation modifiers by nation and period.
use crate::rulesets::fgdn::kinds::SizeClass;
use crate::rulesets::fgdn::nation::Navy;
use std::fmt;

/// A calendar month, ordered; written "YYYY-MM" in the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct YearMonth {
    pub year: u32,
    /// 1..=12
    pub month: u32,
}

impl YearMonth {
    /// The month after this one.
    pub fn next(self) -> YearMonth {
        if self.month >= 12 {
            YearMonth {
                year: self.year.saturating_add(1),
                month: 1,
            }
        } else {
            YearMonth {
                year: self.year,
                month: self.month.saturating_add(1),
            }
        }
    }
}

impl fmt::Display for YearMonth {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

/// Inclusive months `from..=to` with a die-roll modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MagazinePeriod {
    pub from: YearMonth,
    pub to: YearMonth,
    pub modifier: i32,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NationMagazine {
    /// As the rule text names it: "Great Britain", "Austria-Hungary", ...
    pub nation: String,
    /// Contiguous, in order.
    pub periods: Vec<MagazinePeriod>,
}

/// FG&DN 8.3 (optional) main magazine detonation die-roll modifiers.
#[derive(Debug, Clone, PartialEq)]
pub struct MagazineModifiersTable {
    pub rule: String,
    /// Only ships of these size classes (A, B, C) use the modifier.
    pub sizes: Vec<SizeClass>,
    pub nations: Vec<NationMagazine>,
}

impl MagazineModifiersTable {
    /// The modifier for a ship of `navy` and `size` at `date`; None when the table
    /// does not cover it (a navy it does not list, size D or smaller, outside 1914-1918).
    /// The table's nation names are read like a scenario's (SPEC 3.8).
    pub fn modifier(&self, navy: Navy, size: SizeClass, date: YearMonth) -> Option<i32> {
        if !self.sizes.contains(&size) {
            return None;
        }
        self.nations
            .iter()
            .find(|n| navy.is(&n.nation))?
            .periods
            .iter()
            .find(|p| p.from <= date && date <= p.to)
            .map(|p| p.modifier)
    }
}
