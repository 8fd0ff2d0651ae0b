//! Raw TOML shapes and validation for the tables the engine reads first
//! (damage ratio, critical hit, light weapons, severity, reduction, shallow torpedo, die tables).
use super::check::{self, Cover, YearBand, S};
use super::error::Ctx;
use super::*;
use crate::rulesets::fgdn::kinds::{Column, Location, SizeClass};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DamageRatioRaw {
    rule: S<String>,
    extra_step_hundredths: S<u32>,
    massive_ratio_hundredths: u32,
    row: S<Vec<S<DamageRatioRowRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DamageRatioRowRaw {
    ratio: S<f64>,
    criticals: S<Vec<u32>>,
}

/// FG&DN 8.1.2: 11 rows, ratio 0.0 ("<.10") to 1.0, six D6 columns each.
pub(crate) fn damage_ratio(ctx: &mut Ctx, raw: DamageRatioRaw) -> Option<DamageRatioTable> {
    let rule = check::rule(ctx, &raw.rule);
    check::count(ctx, &raw.row, "row", 11, "ratio 0.0 to 1.0 in steps of 0.1");
    if *raw.extra_step_hundredths.get_ref() == 0 {
        ctx.err(
            &raw.extra_step_hundredths.span(),
            "extra_step_hundredths",
            "must be more than 0 (the book: 20)",
        );
    }
    let mut rows = Vec::new();
    for (k, row) in raw.row.get_ref().iter().enumerate() {
        let r = row.get_ref();
        let tenths = r.ratio.get_ref() * 10.0;
        if (tenths - k as f64).abs() > 1e-6 {
            ctx.err(
                &r.ratio.span(),
                "ratio",
                format!(
                    "expected {:.1} (rows go 0.0, 0.1, ... 1.0 in order)",
                    k as f64 / 10.0
                ),
            );
        }
        match <[u32; 6]>::try_from(r.criticals.get_ref().as_slice()) {
            Ok(c) => rows.push(c),
            Err(_) => ctx.err(
                &r.criticals.span(),
                "criticals",
                format!(
                    "found {} values, expected 6 (one per D6 face)",
                    r.criticals.get_ref().len()
                ),
            ),
        }
    }
    Some(DamageRatioTable {
        rule,
        rows,
        extra_step_hundredths: raw.extra_step_hundredths.into_inner(),
        massive_ratio_hundredths: raw.massive_ratio_hundredths,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CriticalHitRaw {
    rule: S<String>,
    column: S<Vec<S<CritColumnRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CritColumnRaw {
    column: S<String>,
    title: String,
    cells: S<Vec<S<CritCellRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CritCellRaw {
    roll: S<String>,
    location: S<String>,
    #[serde(default)]
    armored: bool,
    count: Option<S<u32>>,
    #[serde(default)]
    half_severity: bool,
    #[serde(default)]
    cargo_if_unarmed: bool,
}

/// FG&DN 8.1.2 Critical Hit Table: every column once, each covering D20 1..=20.
pub(crate) fn critical_hit(ctx: &mut Ctx, raw: CriticalHitRaw) -> Option<CriticalHitTable> {
    let rule = check::rule(ctx, &raw.rule);
    let mut columns: Vec<CritColumn> = Vec::new();
    for col in raw.column.get_ref() {
        let col = col.get_ref();
        let Some(column) = check::name::<Column>(ctx, &col.column, "column") else {
            continue;
        };
        if columns.iter().any(|c| c.column == column) {
            ctx.err(
                &col.column.span(),
                "column",
                format!("column \"{column}\" is given twice"),
            );
            continue;
        }
        let cells = crit_cells(ctx, &col.cells);
        columns.push(CritColumn {
            column,
            title: col.title.clone(),
            cells,
        });
    }
    let missing: Vec<&str> = Column::ALL
        .iter()
        .filter(|c| !columns.iter().any(|k| k.column == **c))
        .map(|c| c.name())
        .collect();
    if !missing.is_empty() && ctx.errors.is_empty() {
        ctx.err(
            &raw.column.span(),
            "column",
            format!(
                "missing columns: {} (every column must be given)",
                missing.join(", ")
            ),
        );
    }
    columns.sort_by_key(|c| c.column);
    Some(CriticalHitTable { rule, columns })
}

fn crit_cells(ctx: &mut Ctx, raw: &S<Vec<S<CritCellRaw>>>) -> Vec<CritCell> {
    let mut cells = Vec::new();
    let mut spans = Vec::new();
    for cell in raw.get_ref() {
        let c = cell.get_ref();
        let range = check::roll(ctx, &c.roll, "roll");
        let location = check::name::<Location>(ctx, &c.location, "location");
        let count = c.count.as_ref().map_or(1, |n| *n.get_ref());
        if let Some(n) = &c.count {
            if !(1..=2).contains(n.get_ref()) {
                ctx.err(
                    &n.span(),
                    "count",
                    format!("{} criticals in one cell (expected 1 or 2)", n.get_ref()),
                );
            }
        }
        if let Some(range) = range {
            spans.push((range, c.roll.span()));
        }
        if let (Some(range), Some(location)) = (range, location) {
            cells.push(CritCell {
                range,
                location,
                armored: c.armored,
                count,
                half_severity: c.half_severity,
                cargo_if_unarmed: c.cargo_if_unarmed,
            });
        }
    }
    let cover = Cover {
        what: "d20",
        lo: 1,
        hi: Some(20),
        key: "roll",
        list: raw.span(),
        list_key: "cells",
    };
    check::cover(ctx, &cover, &spans);
    cells
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LightWeaponsRaw {
    rule: S<String>,
    max_light_mm: f64,
    applies_from: S<String>,
    row: S<Vec<S<LightRowRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LightRowRaw {
    min_mm: S<f64>,
    max_mm: S<f64>,
    allowed: Vec<S<String>>,
    #[serde(default)]
    fire_severity_mod: i32,
    #[serde(default)]
    flooding_severity_mod: i32,
}

fn light_allowed(ctx: &mut Ctx, s: &S<String>) -> Option<LightAllowed> {
    match s.get_ref().as_str() {
        "aa" => Some(LightAllowed::Aa),
        "light_battery" => Some(LightAllowed::LightBattery),
        "sensor_comms_not_sonar" => Some(LightAllowed::SensorCommsNotSonar),
        other => match other.parse::<CriticalKind>() {
            Ok(k) => Some(LightAllowed::Kind(k)),
            Err(e) => {
                ctx.err(
                    &s.span(),
                    "allowed",
                    format!("{e}, or aa, light_battery, sensor_comms_not_sonar"),
                );
                None
            }
        },
    }
}

/// FG&DN 8.1.3: rows by calibre, ascending and not overlapping, within the light limit.
pub(crate) fn light_weapons(ctx: &mut Ctx, raw: LightWeaponsRaw) -> Option<LightWeaponsTable> {
    let rule = check::rule(ctx, &raw.rule);
    let applies_from = check::name::<SizeClass>(ctx, &raw.applies_from, "applies_from");
    let mut rows = Vec::new();
    let mut prev_max: Option<f64> = None;
    for row in raw.row.get_ref() {
        let r = row.get_ref();
        let (min, max) = (*r.min_mm.get_ref(), *r.max_mm.get_ref());
        if min > max {
            ctx.err(
                &r.max_mm.span(),
                "max_mm",
                format!("{max} is below min_mm {min}"),
            );
        }
        if max > raw.max_light_mm {
            ctx.err(
                &r.max_mm.span(),
                "max_mm",
                format!(
                    "{max} mm is not a light weapon (light weapons are {} mm and less)",
                    raw.max_light_mm
                ),
            );
        }
        if let Some(p) = prev_max.filter(|p| min <= *p) {
            ctx.err(
                &r.min_mm.span(),
                "min_mm",
                format!(
                    "{min} overlaps the row before, which ends at {p} mm (rows go up in calibre)"
                ),
            );
        }
        prev_max = Some(max);
        let mut allowed = Vec::new();
        for a in &r.allowed {
            if let Some(v) = light_allowed(ctx, a) {
                if allowed.contains(&v) {
                    ctx.err(
                        &a.span(),
                        "allowed",
                        format!("\"{}\" is listed twice", a.get_ref()),
                    );
                }
                allowed.push(v);
            }
        }
        rows.push(LightWeaponRow {
            min_mm: min,
            max_mm: max,
            allowed,
            fire_severity_mod: r.fire_severity_mod,
            flooding_severity_mod: r.flooding_severity_mod,
        });
    }
    Some(LightWeaponsTable {
        rule,
        applies_from: applies_from?,
        max_light_mm: raw.max_light_mm,
        rows,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeverityDiceRaw {
    rule: S<String>,
    halve_non_penetrating: bool,
    halve_small_gun_mm: f64,
    row: S<Vec<S<YearDiceRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct YearDiceRaw {
    from_year: Option<S<u32>>,
    to_year: Option<S<u32>>,
    dice: S<u32>,
    plus: i32,
}

/// FG&DN 8.2 severity dice by in-service year.
pub(crate) fn severity_dice(ctx: &mut Ctx, raw: SeverityDiceRaw) -> Option<SeverityDiceTable> {
    let rule = check::rule(ctx, &raw.rule);
    let bands: Vec<YearBand> = raw
        .row
        .get_ref()
        .iter()
        .map(|r| YearBand {
            from: &r.get_ref().from_year,
            to: &r.get_ref().to_year,
            span: r.span(),
        })
        .collect();
    check::year_bands(ctx, &bands);
    let mut rows = Vec::new();
    for r in raw.row.get_ref() {
        let r = r.get_ref();
        if *r.dice.get_ref() == 0 {
            ctx.err(&r.dice.span(), "dice", "must be at least 1 D6");
        }
        rows.push(SeverityDiceRow {
            from_year: r.from_year.as_ref().map(|y| *y.get_ref()),
            to_year: r.to_year.as_ref().map(|y| *y.get_ref()),
            dice: *r.dice.get_ref(),
            plus: r.plus,
        });
    }
    Some(SeverityDiceTable {
        rule,
        rows,
        halve_small_gun_mm: raw.halve_small_gun_mm,
        halve_non_penetrating: raw.halve_non_penetrating,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SeverityLevelsRaw {
    rule: S<String>,
    row: S<Vec<S<SeverityLevelRowRaw>>>,
    year_shift: S<Vec<S<YearShiftRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeverityLevelRowRaw {
    sizes: Vec<S<String>>,
    minor: u32,
    major: u32,
    severe: u32,
    overwhelmed: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct YearShiftRaw {
    from_year: Option<S<u32>>,
    to_year: Option<S<u32>>,
    shift: i32,
}

/// Reads size letters; each may appear once across `seen`.
pub(crate) fn sizes(ctx: &mut Ctx, raw: &[S<String>], seen: &mut Vec<SizeClass>) -> Vec<SizeClass> {
    let mut out = Vec::new();
    for s in raw {
        if let Some(size) = check::name::<SizeClass>(ctx, s, "sizes") {
            if seen.contains(&size) {
                ctx.err(&s.span(), "sizes", format!("size {size} is given twice"));
            }
            seen.push(size);
            out.push(size);
        }
    }
    out
}

/// Requires every size class A-G in `seen`.
pub(crate) fn all_sizes(
    ctx: &mut Ctx,
    seen: &[SizeClass],
    span: &std::ops::Range<usize>,
    key: &str,
) {
    let missing: Vec<String> = SizeClass::ALL
        .iter()
        .filter(|s| !seen.contains(s))
        .map(|s| s.to_string())
        .collect();
    if !missing.is_empty() {
        ctx.err(
            span,
            key,
            format!(
                "no row for size {} (every size A-G needs a row)",
                missing.join(", ")
            ),
        );
    }
}

/// FG&DN 8.2 severity levels (lower bounds) and the in-service year shift.
pub(crate) fn severity_levels(
    ctx: &mut Ctx,
    raw: SeverityLevelsRaw,
) -> Option<SeverityLevelsTable> {
    let rule = check::rule(ctx, &raw.rule);
    let mut seen = Vec::new();
    let mut rows = Vec::new();
    for row in raw.row.get_ref() {
        let r = row.get_ref();
        let sizes = sizes(ctx, &r.sizes, &mut seen);
        let b = [r.minor, r.major, r.severe, r.overwhelmed];
        if r.minor == 0 || b.windows(2).any(|w| w[0] >= w[1]) {
            ctx.err(
                &row.span(),
                "minor",
                format!(
                    "levels {}/{}/{}/{} must rise (minor >= 1 < major < severe < overwhelmed)",
                    b[0], b[1], b[2], b[3]
                ),
            );
        }
        rows.push(SeverityLevelRow {
            sizes,
            minor: r.minor,
            major: r.major,
            severe: r.severe,
            overwhelmed: r.overwhelmed,
        });
    }
    all_sizes(ctx, &seen, &raw.row.span(), "row");
    let bands: Vec<YearBand> = raw
        .year_shift
        .get_ref()
        .iter()
        .map(|r| YearBand {
            from: &r.get_ref().from_year,
            to: &r.get_ref().to_year,
            span: r.span(),
        })
        .collect();
    check::year_bands(ctx, &bands);
    let year_shift = raw
        .year_shift
        .get_ref()
        .iter()
        .map(|r| {
            let r = r.get_ref();
            YearShiftRow {
                from_year: r.from_year.as_ref().map(|y| *y.get_ref()),
                to_year: r.to_year.as_ref().map(|y| *y.get_ref()),
                shift: r.shift,
            }
        })
        .collect();
    Some(SeverityLevelsTable {
        rule,
        rows,
        year_shift,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReductionRaw {
    rule: S<String>,
    row: S<Vec<S<ReductionRowRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReductionRowRaw {
    d10: S<u32>,
    dice: S<Vec<i32>>,
}

/// FG&DN 8.2 Fire and Flooding Reduction Table: D10 rows 1..=10, four columns.
pub(crate) fn reduction(ctx: &mut Ctx, raw: ReductionRaw) -> Option<ReductionTable> {
    let rule = check::rule(ctx, &raw.rule);
    check::count(ctx, &raw.row, "row", 10, "one per D10 face");
    let mut rows = Vec::new();
    for (i, row) in raw.row.get_ref().iter().enumerate() {
        let r = row.get_ref();
        let d = *r.d10.get_ref();
        if !(1..=10).contains(&d) {
            ctx.err(
                &r.d10.span(),
                "d10",
                format!("{d} is outside the d10 (expected 1-10)"),
            );
        } else if d as usize != i + 1 {
            ctx.err(
                &r.d10.span(),
                "d10",
                format!("found {d}, expected {} (rows go 1..10 in order)", i + 1),
            );
        }
        match <[i32; 4]>::try_from(r.dice.get_ref().as_slice()) {
            Ok(v) => rows.push(v),
            Err(_) => ctx.err(
                &r.dice.span(),
                "dice",
                format!(
                    "found {} values, expected 4 (minor, major, severe, overwhelmed)",
                    r.dice.get_ref().len()
                ),
            ),
        }
    }
    Some(ReductionTable { rule, rows })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ShallowTorpedoRaw {
    rule: S<String>,
    row: S<Vec<S<ShallowRowRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ShallowRowRaw {
    belt: S<String>,
    reduction_pct: S<u32>,
}

/// FG&DN 8.1.7.1: belt bands contiguous from 0.
pub(crate) fn shallow_torpedo(
    ctx: &mut Ctx,
    raw: ShallowTorpedoRaw,
) -> Option<ShallowTorpedoTable> {
    let rule = check::rule(ctx, &raw.rule);
    let mut rows = Vec::new();
    let mut spans = Vec::new();
    for row in raw.row.get_ref() {
        let r = row.get_ref();
        if *r.reduction_pct.get_ref() > 100 {
            ctx.err(&r.reduction_pct.span(), "reduction_pct", "more than 100 %");
        }
        if let Some(belt) = check::roll(ctx, &r.belt, "belt") {
            spans.push((belt, r.belt.span()));
            rows.push(ShallowTorpedoRow {
                belt,
                reduction_pct: *r.reduction_pct.get_ref(),
            });
        }
    }
    let cover = Cover {
        what: "belt ratings",
        lo: 0,
        hi: None,
        key: "belt",
        list: raw.row.span(),
        list_key: "row",
    };
    check::cover(ctx, &cover, &spans);
    Some(ShallowTorpedoTable { rule, rows })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct DieTableRaw {
    rule: S<String>,
    die: S<String>,
    row: S<Vec<S<DieRowRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DieRowRaw {
    roll: S<String>,
    outcome: S<String>,
    text: String,
    value: Option<i32>,
}

/// What a die table's outcomes may be, so the engine can rely on the ids.
pub(crate) struct DieSpec {
    pub die: &'static str,
    pub outcomes: &'static [&'static str],
    /// Every row must carry a numeric `value`.
    pub needs_value: bool,
}

/// A simple die table: rows cover the die, outcomes are known ids.
pub(crate) fn die_table(ctx: &mut Ctx, raw: DieTableRaw, spec: &DieSpec) -> Option<DieTable> {
    let rule = check::rule(ctx, &raw.rule);
    let (lo, hi) = check::exact_die(ctx, &raw.die, spec.die)?;
    let mut rows = Vec::new();
    let mut spans = Vec::new();
    for row in raw.row.get_ref() {
        let r = row.get_ref();
        let outcome = r.outcome.get_ref();
        if !spec.outcomes.contains(&outcome.as_str()) {
            ctx.err(
                &r.outcome.span(),
                "outcome",
                format!(
                    "unknown outcome \"{outcome}\" (expected one of: {})",
                    spec.outcomes.join(", ")
                ),
            );
        }
        if spec.needs_value && r.value.is_none() {
            ctx.err(
                &row.span(),
                "value",
                "missing (every row of this table needs a number)",
            );
        }
        if let Some(range) = check::roll(ctx, &r.roll, "roll") {
            spans.push((range, r.roll.span()));
            rows.push(DieRow {
                range,
                outcome: outcome.clone(),
                text: r.text.clone(),
                value: r.value,
            });
        }
    }
    let cover = Cover {
        what: spec.die,
        lo,
        hi: Some(hi),
        key: "roll",
        list: raw.row.span(),
        list_key: "row",
    };
    check::cover(ctx, &cover, &spans);
    Some(DieTable {
        rule,
        die: raw.die.into_inner(),
        rows,
    })
}
