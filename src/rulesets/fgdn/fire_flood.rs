//! Fire and flooding (FG&DN 8.2, SPEC 3.4): severity rolls and severity levels.
use crate::rulesets::fgdn::kinds::{SeverityLevel, SizeClass};
use crate::rulesets::fgdn::tables::{SeverityDiceRow, SeverityDiceTable, SeverityLevelsTable};

fn year_in(from: Option<u32>, to: Option<u32>, year: u32) -> bool {
    from.is_none_or(|f| year >= f) && to.is_none_or(|t| year <= t)
}

/// The severity dice line for a ship's in-service (or rebuild) year.
pub fn severity_dice(table: &SeverityDiceTable, year: u32) -> SeverityDiceRow {
    table
        .rows
        .iter()
        .copied()
        .find(|r| year_in(r.from_year, r.to_year, year))
        .unwrap_or(SeverityDiceRow::fixed(1, 0))
}

/// Why a severity roll is modified (FG&DN 8.2 modifiers, 8.1.3, 8.3).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeverityMods {
    /// Added to the roll: engineering and bridge fires -2, light weapons -2, avgas +2, ...
    pub add: Vec<(i32, String)>,
    /// Halvings: non-penetrating hit, guns of 76 mm or less, "1/2" table cells.
    pub halve: Vec<String>,
}

/// Works out a severity from the dice faces: sum + plus + modifiers, halved per reason, rounded
/// down at the end (SPEC 3.4). Returns the % (0 or less: no fire/flood) and the explanation.
pub fn severity(row: SeverityDiceRow, faces: &[u32], mods: &SeverityMods) -> (i32, String) {
    let sum: i32 = faces.iter().map(|f| *f as i32).sum();
    let mut value = sum + row.plus;
    let dice = if row.dice == 1 {
        "D6".to_string()
    } else {
        format!("{}D6", row.dice)
    };
    let faces_txt: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
    let mut text = if row.plus != 0 {
        format!(
            "{dice}{:+} = {}{:+}",
            row.plus,
            faces_txt.join("+"),
            row.plus
        )
    } else {
        format!("{dice} = {}", faces_txt.join("+"))
    };
    for (m, why) in &mods.add {
        value += m;
        text.push_str(&format!(" {m:+} ({why})"));
    }
    text.push_str(&format!(" = {value}"));
    let divisor = 1i32 << mods.halve.len().min(8);
    for why in &mods.halve {
        text.push_str(&format!(", halved ({why})"));
    }
    let result = if divisor > 1 {
        value.div_euclid(divisor)
    } else {
        value
    };
    if divisor > 1 {
        text.push_str(&format!(" = {result}"));
    }
    text.push('%');
    (result, text)
}

/// Damage points a casualty of `pct` % does: floor(pct x original DP / 100) (298 DP at 4 % -> 11).
pub fn casualty_damage(pct: u32, dp: u32) -> u32 {
    (pct as u64 * dp as u64 / 100) as u32
}

/// The shift of the severity levels for a ship's year (Hood 1920: -1).
pub fn year_shift(table: &SeverityLevelsTable, year: u32) -> i32 {
    table
        .year_shift
        .iter()
        .find(|r| year_in(r.from_year, r.to_year, year))
        .map(|r| r.shift)
        .unwrap_or(0)
}

/// Lower bounds of (minor, major, severe, overwhelmed) for a size and year, with the year shift
/// applied to major, severe and overwhelmed (minor always starts at 1 %).
pub fn level_bounds(table: &SeverityLevelsTable, size: SizeClass, year: u32) -> [u32; 4] {
    let Some(row) = table.rows.iter().find(|r| r.sizes.contains(&size)) else {
        return [1, 11, 16, 18];
    };
    let shift = year_shift(table, year);
    let s = |v: u32| (v as i32 + shift).max(2) as u32;
    [
        row.minor,
        s(row.major),
        s(row.severe).max(s(row.major) + 1),
        s(row.overwhelmed).max(s(row.severe) + 1),
    ]
}

pub fn severity_level(
    table: &SeverityLevelsTable,
    size: SizeClass,
    year: u32,
    pct: i64,
) -> SeverityLevel {
    let b = level_bounds(table, size, year);
    let p = pct.max(0) as u32;
    if p >= b[3] {
        SeverityLevel::Overwhelmed
    } else if p >= b[2] {
        SeverityLevel::Severe
    } else if p >= b[1] {
        SeverityLevel::Major
    } else if p >= b[0] {
        SeverityLevel::Minor
    } else {
        SeverityLevel::None
    }
}

/// The size class's Minor rating before the year shift (A-B 10, C-D 8, E-G 6): the top of the
/// Minor band. Crews sent to damage control lend half of it (SPEC 3.4, 3.8).
pub fn minor_rating(table: &SeverityLevelsTable, size: SizeClass) -> u32 {
    table
        .rows
        .iter()
        .find(|r| r.sizes.contains(&size))
        .map(|r| r.major.saturating_sub(1))
        .unwrap_or(10)
}

/// Crew bonus to damage control: half the unshifted Minor rating (A-B 5, C-D 4, E-G 3).
pub fn crew_bonus(table: &SeverityLevelsTable, size: SizeClass) -> u32 {
    minor_rating(table, size) / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fgdn::tables::Tables;

    /// FG&DN 8.2 example: Deutschland (1906) rolls 5 and 2 on 2D6+2 = 9 %; non-penetrating -> 4 %;
    /// 298 DP -> 11 damage points.
    #[test]
    fn deutschland_fire_8_2() {
        let t = Tables::builtin();
        let row = severity_dice(&t.severity_dice, 1906);
        assert_eq!((row.dice, row.plus), (2, 2));
        let mods = SeverityMods {
            add: vec![],
            halve: vec!["non-penetrating".into()],
        };
        let (pct, text) = severity(row, &[5, 2], &mods);
        assert_eq!(pct, 4, "{text}");
        assert_eq!(casualty_damage(4, 298), 11);
    }

    #[test]
    fn severity_dice_by_service_date_8_2() {
        let t = Tables::builtin();
        let d = |y| {
            let r = severity_dice(&t.severity_dice, y);
            (r.dice, r.plus)
        };
        assert_eq!(d(1907), (2, 2));
        assert_eq!(d(1908), (1, 2));
        assert_eq!(d(1924), (1, 2));
        assert_eq!(d(1925), (1, 0));
    }

    #[test]
    fn double_halving_rounds_down_at_the_end() {
        let row = SeverityDiceRow::fixed(1, 2);
        let mods = SeverityMods {
            add: vec![(-2, "light weapon".into())],
            halve: vec!["non-penetrating".into(), "gun of 76 mm or less".into()],
        };
        // 6 + 2 - 2 = 6, /4 = 1.5 -> 1
        assert_eq!(severity(row, &[6], &mods).0, 1);
        assert_eq!(severity(row, &[1], &mods).0, 0);
    }

    /// FG&DN 8.2 example: Devonshire (1905, size B) with 5 % fire and 4 % flooding: 9 % is Major.
    #[test]
    fn devonshire_severity_level_8_2() {
        let t = Tables::builtin();
        let l = &t.severity_levels;
        assert_eq!(level_bounds(l, SizeClass::B, 1905), [1, 9, 14, 16]);
        assert_eq!(
            severity_level(l, SizeClass::B, 1905, 9),
            SeverityLevel::Major
        );
        assert_eq!(
            severity_level(l, SizeClass::B, 1905, 8),
            SeverityLevel::Minor
        );
    }

    /// FG&DN 8.2 example: Hood (1920) levels 9 %/14 %/16 %/17 % (tops of minor, major, severe;
    /// overwhelmed from 17).
    #[test]
    fn hood_shifted_levels_8_2() {
        let t = Tables::builtin();
        let l = &t.severity_levels;
        assert_eq!(year_shift(l, 1920), -1);
        assert_eq!(level_bounds(l, SizeClass::A, 1920), [1, 10, 15, 17]);
        assert_eq!(
            severity_level(l, SizeClass::A, 1920, 9),
            SeverityLevel::Minor
        );
        assert_eq!(
            severity_level(l, SizeClass::A, 1920, 14),
            SeverityLevel::Major
        );
        assert_eq!(
            severity_level(l, SizeClass::A, 1920, 16),
            SeverityLevel::Severe
        );
        assert_eq!(
            severity_level(l, SizeClass::A, 1920, 17),
            SeverityLevel::Overwhelmed
        );
    }

    /// FG&DN 8.2 example with SPEC 3.8: Queen Elizabeth (1915, A) at 16 % fire + 8 % flooding = 24 %:
    /// overwhelmed; light battery crews lend 5 % (half the unshifted A-B Minor rating of 10) -> 19 %,
    /// still overwhelmed; two destroyers (C) lend half of 8 = 4 % each under SPEC 3.8 -> 11 %, Major.
    /// (The rulebook's own figures, 3 % per destroyer -> 13 %, also give Major.)
    #[test]
    fn queen_elizabeth_severity_spec_3_8() {
        let t = Tables::builtin();
        let l = &t.severity_levels;
        assert_eq!(crew_bonus(l, SizeClass::A), 5);
        assert_eq!(crew_bonus(l, SizeClass::C), 4);
        assert_eq!(crew_bonus(l, SizeClass::E), 3);
        let lvl = |p| severity_level(l, SizeClass::A, 1915, p);
        assert_eq!(lvl(24), SeverityLevel::Overwhelmed);
        assert_eq!(lvl(24 - 5), SeverityLevel::Overwhelmed);
        assert_eq!(lvl(24 - 5 - 2 * 4), SeverityLevel::Major);
        assert_eq!(lvl(24 - 5 - 2 * 3), SeverityLevel::Major);
    }
}
