//! Damage points, speed breakdown, damage ratio and massive damage (FG&DN 8.1, 8.1.1, 8.1.2,
//! 8.1.10).
use crate::rulesets::fgdn::tables::DamageRatioTable;

/// Round half up of `value * pct / 100` (SPEC 3.2: break points and speeds round half up).
pub fn pct_half_up(value: u32, pct: u32) -> u32 {
    ((value as u64 * pct as u64 + 50) / 100) as u32
}

/// FG&DN 8.1.1: damage break points at 25/50/75/90 % of original DP.
pub const BREAK_PCT: [u32; 4] = [25, 50, 75, 90];
/// FG&DN 8.1.1: speed at each level: 100/75/50/25/0 %.
pub const SPEED_PCT: [u32; 5] = [100, 75, 50, 25, 0];

/// The ship's Damage and Speed Breakdown line: damage points where speed drops, and the speeds.
/// Tiger (501 DP, 28 kt): 0 125 251 376 451 501 / 28 21 14 7 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breakdown {
    /// 0, then the four break points, then DP (sinks).
    pub damage: [u32; 6],
    pub speed: [u32; 5],
}

pub fn breakdown(dp: u32, speed: u32) -> Breakdown {
    let mut damage = [0, 0, 0, 0, 0, dp];
    for (i, p) in BREAK_PCT.iter().enumerate() {
        damage[i + 1] = pct_half_up(dp, *p);
    }
    let speed = SPEED_PCT.map(|p| pct_half_up(speed, p));
    Breakdown { damage, speed }
}

impl Breakdown {
    /// Breakdown level (0-4) for damage taken.
    pub fn level(&self, damage: u32) -> usize {
        self.damage[1..5].iter().filter(|bp| damage >= **bp).count()
    }
}

/// Massive damage (FG&DN 8.1.10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Massive {
    None,
    /// <= 25 % DP left: main, secondary and tertiary batteries out of action.
    BatteriesOut,
    /// <= 10 % DP left: all weapons out of action.
    AllWeaponsOut,
}

pub fn massive(dp: u32, dp_left: u32) -> Massive {
    let (left, dp) = (dp_left as u64 * 100, dp as u64);
    if left <= dp * 10 {
        Massive::AllWeaponsOut
    } else if left <= dp * 25 {
        Massive::BatteriesOut
    } else {
        Massive::None
    }
}

impl Massive {
    pub fn name(self) -> Option<&'static str> {
        match self {
            Massive::None => None,
            Massive::BatteriesOut => Some("main_secondary_tertiary_out"),
            Massive::AllWeaponsOut => Some("all_weapons_out"),
        }
    }
}

/// The damage ratio (FG&DN 8.1.2) as a fraction `taken / base`, where base is DP left after the
/// phase (small craft: original DP).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ratio {
    pub taken: u32,
    pub base: u32,
}

impl Ratio {
    /// In hundredths, rounded down (.26 -> 26).
    pub fn hundredths(&self) -> u32 {
        if self.base == 0 {
            return u32::MAX;
        }
        (self.taken as u64 * 100 / self.base as u64).min(u32::MAX as u64) as u32
    }

    /// The table line: k = floor(ratio x 10) capped at 10 ("always round down").
    pub fn line(&self) -> usize {
        (self.hundredths() / 10).min(10) as usize
    }

    /// Ratio of 3.0 or more (reduces the ship to 10 % DP).
    pub fn is_massive(&self, table: &DamageRatioTable) -> bool {
        self.hundredths() >= table.massive_ratio_hundredths
    }

    pub fn text(&self) -> String {
        let h = self.hundredths();
        if h == u32::MAX {
            "infinite".into()
        } else {
            format!("{}.{:02}", h / 100, h % 100)
        }
    }
}

/// Number of criticals for a D6 on the Damage Ratio Table, extrapolated above 1.00 by one per
/// full .2 over (FG&DN 8.1.2 note).
pub fn critical_count(table: &DamageRatioTable, ratio: Ratio, d6: u32) -> u32 {
    let (on_line, added) = count_parts(table, ratio, d6);
    on_line.saturating_add(added)
}

/// The two parts of a critical count: what the table's line gives for the D6, and the
/// criticals the 8.1.2 note adds for each full step (.2) the ratio exceeds 1.00.
pub fn count_parts(table: &DamageRatioTable, ratio: Ratio, d6: u32) -> (u32, u32) {
    let row = &table.rows[ratio.line().min(table.rows.len() - 1)];
    let on_line = row[(d6.clamp(1, 6) - 1) as usize];
    let h = ratio.hundredths();
    let added = if h > 100 {
        (h - 100) / table.extra_step_hundredths.max(1)
    } else {
        0
    };
    (on_line, added)
}

/// How a count past the table's last printed line was read (FG&DN 8.1.2 note), or None when
/// the printed table gives it.
pub fn beyond_table(table: &DamageRatioTable, ratio: Ratio, d6: u32) -> Option<BeyondTable> {
    let (on_line, added) = count_parts(table, ratio, d6);
    (added > 0).then_some(BeyondTable {
        on_line,
        added,
        step: table.extra_step_hundredths,
    })
}

pub use crate::rulesets::fgdn::event::BeyondTable;

/// DP left after a ratio of 3.0 or more: 10 % of original DP, rounded half up.
pub fn massive_dp_left(dp: u32) -> u32 {
    pct_half_up(dp, 10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fgdn::tables::Tables;

    /// FG&DN 8.1.1 example: Tiger, 501 DP and 28 knots.
    #[test]
    fn tiger_breakdown_8_1_1() {
        let b = breakdown(501, 28);
        assert_eq!(b.damage, [0, 125, 251, 376, 451, 501]);
        assert_eq!(b.speed, [28, 21, 14, 7, 0]);
        assert_eq!(b.level(124), 0);
        assert_eq!(b.level(125), 1);
        assert_eq!(b.level(250), 1);
        assert_eq!(b.level(251), 2);
        assert_eq!(b.level(451), 4);
    }

    /// FG&DN 8.1.2 example: W-class destroyer, 39 DP, takes 8: 8/31 = .26, the .20 line.
    #[test]
    fn w_class_ratio_uses_the_20_line_8_1_2() {
        let r = Ratio {
            taken: 8,
            base: 39 - 8,
        };
        assert_eq!(r.hundredths(), 25); // 8/31 = 0.258..., shown .26 in the rulebook
        assert_eq!(r.line(), 2);
        let t = Tables::builtin();
        // The .20 line: D6 1-3 none, 4 -> 1, 5 -> 2, 6 -> 3.
        let counts: Vec<u32> = (1..=6)
            .map(|d| critical_count(&t.damage_ratio, r, d))
            .collect();
        assert_eq!(counts, vec![0, 0, 0, 1, 2, 3]);
    }

    /// FG&DN 8.1.2 note: +1 per full .2 over 1.00; 3.0 or more is massive.
    #[test]
    fn ratio_above_one_extrapolates() {
        let t = Tables::builtin();
        let r = Ratio {
            taken: 150,
            base: 100,
        };
        assert_eq!(critical_count(&t.damage_ratio, r, 1), 6 + 2);
        let r = Ratio {
            taken: 300,
            base: 100,
        };
        assert!(r.is_massive(&t.damage_ratio));
        assert!(!Ratio {
            taken: 299,
            base: 100
        }
        .is_massive(&t.damage_ratio));
    }

    #[test]
    fn massive_damage_thresholds_8_1_10() {
        assert_eq!(massive(100, 26), Massive::None);
        assert_eq!(massive(100, 25), Massive::BatteriesOut);
        assert_eq!(massive(100, 10), Massive::AllWeaponsOut);
        assert_eq!(massive_dp_left(39), 4);
    }
}
