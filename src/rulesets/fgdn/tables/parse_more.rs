//! Raw TOML shapes and validation for cargo, magazine modifiers, breakdown repair,
//! gunfire hit chance and turn sequence.
use super::breakdown::*;
use super::cargo::*;
use super::check::{self, Cover, S};
use super::error::Ctx;
use super::gunfire::*;
use super::magazine::*;
use super::parse_core::{all_sizes, sizes};
use super::sequence::*;
use super::Range;
use crate::rulesets::fgdn::clock::{Phase, Scale};
use crate::rulesets::fgdn::nation::Navy;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CargoRaw {
    rule: S<String>,
    small_craft_destroyed_pct: u32,
    ammo: AmmoRaw,
    petroleum: PetroleumRaw,
    troops: TroopsRaw,
    general_supplies: DivisorRaw,
    vehicles: DivisorRaw,
    aircraft: DivisorRaw,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AmmoRaw {
    die: S<String>,
    chain_explosion_pct: u32,
    rows: S<Vec<S<AmmoRowRaw>>>,
    blast: Vec<S<BlastRaw>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AmmoRowRaw {
    roll: S<String>,
    result: S<String>,
    #[serde(default)]
    fire_mod: i32,
    #[serde(default)]
    explosion_risk_pct: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BlastRaw {
    yards: u32,
    tons_per_dp: S<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PetroleumRaw {
    products: Vec<S<PetroleumRowRaw>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PetroleumRowRaw {
    product: S<String>,
    fire_mod: i32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TroopsRaw {
    die: S<String>,
    rows: S<Vec<S<TroopsRowRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TroopsRowRaw {
    roll: S<String>,
    dp_multiple: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DivisorRaw {
    dp_divisor: S<u32>,
}

fn divisor(ctx: &mut Ctx, d: &DivisorRaw) -> u32 {
    if *d.dp_divisor.get_ref() == 0 {
        ctx.err(&d.dp_divisor.span(), "dp_divisor", "cannot be 0");
    }
    *d.dp_divisor.get_ref()
}

fn ammo_result(ctx: &mut Ctx, s: &S<String>) -> Option<AmmoResult> {
    match s.get_ref().as_str() {
        "lost" => Some(AmmoResult::Lost),
        "lost_fire" => Some(AmmoResult::LostFire),
        "explosion" => Some(AmmoResult::Explosion),
        other => {
            ctx.err(
                &s.span(),
                "result",
                format!(
                    "unknown ammo result \"{other}\" (expected one of: lost, lost_fire, explosion)"
                ),
            );
            None
        }
    }
}

fn d10_cover(
    ctx: &mut Ctx,
    spans: &[(Range, std::ops::Range<usize>)],
    list: std::ops::Range<usize>,
) {
    let cover = Cover {
        what: "d10",
        lo: 1,
        hi: Some(10),
        key: "roll",
        list,
        list_key: "rows",
    };
    check::cover(ctx, &cover, spans);
}

/// FG&DN 8.3 Cargo Damage Table.
pub(crate) fn cargo(ctx: &mut Ctx, raw: CargoRaw) -> Option<CargoTable> {
    let rule = check::rule(ctx, &raw.rule);
    check::exact_die(ctx, &raw.ammo.die, "d10");
    check::exact_die(ctx, &raw.troops.die, "d10");
    let mut ammo_rows = Vec::new();
    let mut spans = Vec::new();
    for row in raw.ammo.rows.get_ref() {
        let r = row.get_ref();
        let range = check::roll(ctx, &r.roll, "roll");
        if let (Some(range), Some(result)) = (range, ammo_result(ctx, &r.result)) {
            spans.push((range, r.roll.span()));
            ammo_rows.push(AmmoRow {
                range,
                result,
                fire_mod: r.fire_mod,
                explosion_risk_pct: r.explosion_risk_pct,
            });
        }
    }
    d10_cover(ctx, &spans, raw.ammo.rows.span());
    let mut blast = Vec::new();
    for b in &raw.ammo.blast {
        let b = b.get_ref();
        if *b.tons_per_dp.get_ref() == 0 {
            ctx.err(&b.tons_per_dp.span(), "tons_per_dp", "cannot be 0");
        }
        blast.push(AmmoBlast {
            yards: b.yards,
            tons_per_dp: *b.tons_per_dp.get_ref(),
        });
    }
    let mut troops = Vec::new();
    let mut spans = Vec::new();
    for row in raw.troops.rows.get_ref() {
        let r = row.get_ref();
        if let Some(range) = check::roll(ctx, &r.roll, "roll") {
            spans.push((range, r.roll.span()));
            troops.push(TroopsRow {
                range,
                dp_multiple: r.dp_multiple,
            });
        }
    }
    d10_cover(ctx, &spans, raw.troops.rows.span());
    let mut petroleum: Vec<PetroleumRow> = Vec::new();
    for p in &raw.petroleum.products {
        let p = p.get_ref();
        let name = p.product.get_ref();
        if petroleum.iter().any(|q| q.product == *name) {
            ctx.err(
                &p.product.span(),
                "product",
                format!("\"{name}\" is given twice"),
            );
        }
        petroleum.push(PetroleumRow {
            product: name.clone(),
            fire_mod: p.fire_mod,
        });
    }
    Some(CargoTable {
        rule,
        ammo: AmmoCargo {
            rows: ammo_rows,
            blast,
            chain_explosion_pct: raw.ammo.chain_explosion_pct,
        },
        petroleum,
        troops,
        general_supplies_dp_divisor: divisor(ctx, &raw.general_supplies),
        vehicles_dp_divisor: divisor(ctx, &raw.vehicles),
        aircraft_dp_divisor: divisor(ctx, &raw.aircraft),
        small_craft_destroyed_pct: raw.small_craft_destroyed_pct,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct MagazineRaw {
    rule: S<String>,
    sizes: Vec<S<String>>,
    nation: Vec<S<NationRaw>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NationRaw {
    nation: S<String>,
    periods: Vec<S<PeriodRaw>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PeriodRaw {
    from: S<String>,
    to: S<String>,
    modifier: i32,
}

fn year_month(ctx: &mut Ctx, s: &S<String>, key: &str) -> Option<YearMonth> {
    let parsed = s
        .get_ref()
        .split_once('-')
        .and_then(|(y, m)| Some((y.parse::<u32>().ok()?, m.parse::<u32>().ok()?)))
        .filter(|(y, m)| (1800..=2100).contains(y) && (1..=12).contains(m));
    if parsed.is_none() {
        ctx.err(
            &s.span(),
            key,
            format!(
                "\"{}\" is not a month (expected \"YYYY-MM\", e.g. \"1915-07\")",
                s.get_ref()
            ),
        );
    }
    parsed.map(|(year, month)| YearMonth { year, month })
}

/// A navy name in a table must be one the scenario check knows (SPEC 3.8), else no ship could
/// ever match it.
fn known_navy(ctx: &mut Ctx, name: &S<String>, key: &str) {
    if Navy::parse(name.get_ref()).is_none() {
        ctx.err(
            &name.span(),
            key,
            crate::rulesets::fgdn::nation::unknown_nation(name.get_ref()),
        );
    }
}

/// FG&DN 8.3 optional magazine modifiers: per nation, contiguous month periods.
pub(crate) fn magazine_modifiers(
    ctx: &mut Ctx,
    raw: MagazineRaw,
) -> Option<MagazineModifiersTable> {
    let rule = check::rule(ctx, &raw.rule);
    let sizes = sizes(ctx, &raw.sizes, &mut Vec::new());
    let mut nations: Vec<NationMagazine> = Vec::new();
    for n in &raw.nation {
        let n = n.get_ref();
        let name = n.nation.get_ref();
        known_navy(ctx, &n.nation, "nation");
        if nations.iter().any(|m| {
            m.nation.eq_ignore_ascii_case(name)
                || Navy::parse(name).is_some_and(|navy| navy.is(&m.nation))
        }) {
            ctx.err(
                &n.nation.span(),
                "nation",
                format!("\"{name}\" is given twice"),
            );
        }
        let mut periods: Vec<MagazinePeriod> = Vec::new();
        for p in &n.periods {
            let p = p.get_ref();
            let (Some(from), Some(to)) = (
                year_month(ctx, &p.from, "from"),
                year_month(ctx, &p.to, "to"),
            ) else {
                continue;
            };
            if from > to {
                ctx.err(&p.to.span(), "to", format!("{to} is before from {from}"));
            }
            if let Some(prev) = periods.last() {
                let want = prev.to.next();
                if from != want {
                    let what = if from > want { "gap" } else { "overlap" };
                    ctx.err(
                        &p.from.span(),
                        "from",
                        format!("{what} between periods (this period should start at {want})"),
                    );
                }
            }
            periods.push(MagazinePeriod {
                from,
                to,
                modifier: p.modifier,
            });
        }
        nations.push(NationMagazine {
            nation: name.clone(),
            periods,
        });
    }
    Some(MagazineModifiersTable {
        rule,
        sizes,
        nations,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct BreakdownRaw {
    rule: S<String>,
    hours: S<Vec<u32>>,
    tender_bonus_pct: u32,
    port_bonus_pct: u32,
    land_aircraft_bonus_pct: u32,
    first_rank: RankRaw,
    second_rank: RankRaw,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RankRaw {
    failure_pct: S<u32>,
    repair_pct: S<Vec<u32>>,
    navies: Vec<S<String>>,
}

fn rank(ctx: &mut Ctx, r: &RankRaw, hours: usize) -> NavyRankRow {
    if *r.failure_pct.get_ref() > 100 {
        ctx.err(&r.failure_pct.span(), "failure_pct", "more than 100 %");
    }
    let n = r.repair_pct.get_ref().len();
    if n != hours {
        ctx.err(
            &r.repair_pct.span(),
            "repair_pct",
            format!("found {n} values, expected {hours} (one per entry of hours)"),
        );
    }
    for n in &r.navies {
        known_navy(ctx, n, "navies");
    }
    NavyRankRow {
        failure_pct: *r.failure_pct.get_ref(),
        repair_pct: r.repair_pct.get_ref().clone(),
        navies: r.navies.iter().map(|n| n.get_ref().clone()).collect(),
    }
}

/// FG&DN 8.5 Breakdown Repair Table.
pub(crate) fn breakdown_repair(ctx: &mut Ctx, raw: BreakdownRaw) -> Option<BreakdownRepairTable> {
    let rule = check::rule(ctx, &raw.rule);
    let hours = raw.hours.get_ref().clone();
    if hours.is_empty() || hours.windows(2).any(|w| w[0] >= w[1]) {
        ctx.err(
            &raw.hours.span(),
            "hours",
            "must be rising, e.g. [6, 12, 24, 48]",
        );
    }
    let first_rank = rank(ctx, &raw.first_rank, hours.len());
    let second_rank = rank(ctx, &raw.second_rank, hours.len());
    for n in &raw.second_rank.navies {
        if first_rank.navies.iter().any(|f| {
            f.eq_ignore_ascii_case(n.get_ref())
                || Navy::parse(f).is_some_and(|navy| navy.is(n.get_ref()))
        }) {
            ctx.err(
                &n.span(),
                "navies",
                format!("\"{}\" is also a first rank navy", n.get_ref()),
            );
        }
    }
    Some(BreakdownRepairTable {
        rule,
        hours,
        first_rank,
        second_rank,
        tender_bonus_pct: raw.tender_bonus_pct,
        port_bonus_pct: raw.port_bonus_pct,
        land_aircraft_bonus_pct: raw.land_aircraft_bonus_pct,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct GunfireRaw {
    rule: S<String>,
    base: S<Vec<S<BaseRaw>>>,
    multiplier: S<Vec<S<MultiplierRaw>>>,
    modifier: Vec<S<ModifierRaw>>,
    no_fire_above_sea_state: u32,
    sea_state: Vec<S<SeaStateRaw>>,
    beyond_rangefinder: S<Vec<S<BandRaw>>>,
    barrels: S<Vec<S<BandRaw>>>,
    target_stationary: i32,
    target_speed: S<Vec<S<BandRaw>>>,
    target_evasive_min_kts: u32,
    target_evasive: Vec<S<SizeModifierRaw>>,
    target_aspect: S<Vec<S<AspectRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BaseRaw {
    range: S<String>,
    gs1: u32,
    gs2: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MultiplierRaw {
    range: S<String>,
    pct: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ModifierRaw {
    id: S<String>,
    group: S<String>,
    label: String,
    value: i32,
    #[serde(default)]
    ranges: Vec<S<String>>,
    #[serde(default)]
    gunnery_standards: Vec<S<u32>>,
    #[serde(default)]
    per_ship_above_limit: bool,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum SeaCell {
    Number(i32),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeaStateRaw {
    sea_state: S<u32>,
    a_b: S<SeaCell>,
    c_d: S<SeaCell>,
    e_g: S<SeaCell>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BandRaw {
    from: S<u32>,
    to: Option<u32>,
    value: i32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SizeModifierRaw {
    sizes: Vec<S<String>>,
    value: i32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AspectRaw {
    sizes: Vec<S<String>>,
    broad: i32,
    quarter: i32,
    narrow: i32,
}

fn sea_cell(ctx: &mut Ctx, c: &S<SeaCell>, key: &str) -> SeaStateEffect {
    match c.get_ref() {
        SeaCell::Number(n) => SeaStateEffect::Modifier(*n),
        SeaCell::Text(t) if t == "NA" => SeaStateEffect::NotApplicable,
        SeaCell::Text(t) if t == "NFP" => SeaStateEffect::NoFirePossible,
        SeaCell::Text(t) => {
            ctx.err(
                &c.span(),
                key,
                format!("\"{t}\" is not a sea state effect (expected a number, \"NA\" or \"NFP\")"),
            );
            SeaStateEffect::NotApplicable
        }
    }
}

/// Bands in rising order, not overlapping; `contiguous_from` also forbids gaps.
fn bands(
    ctx: &mut Ctx,
    raw: &S<Vec<S<BandRaw>>>,
    contiguous_from: Option<u32>,
) -> Vec<BandModifier> {
    let last = raw.get_ref().len().saturating_sub(1);
    let mut out: Vec<BandModifier> = Vec::new();
    for (i, b) in raw.get_ref().iter().enumerate() {
        let r = b.get_ref();
        let from = *r.from.get_ref();
        if r.to.is_some_and(|t| t < from) {
            ctx.err(
                &b.span(),
                "to",
                format!("{} is below from {from}", r.to.unwrap_or_default()),
            );
        }
        if r.to.is_none() && i != last {
            ctx.err(&b.span(), "to", "missing (only the last band is open)");
        }
        let want = match out.last() {
            // Checked: a band ending at the largest number has no successor (found by fuzzing).
            Some(p) => match p.to.map(|t| t.checked_add(1)) {
                Some(None) => {
                    ctx.err(
                        &r.from.span(),
                        "from",
                        "no band can follow one that ends at the largest number",
                    );
                    None
                }
                Some(w) => w,
                None => None,
            },
            None => contiguous_from,
        };
        if let Some(w) = want {
            if from < w {
                ctx.err(
                    &r.from.span(),
                    "from",
                    format!("{from} overlaps the band before (this band should start at {w})"),
                );
            } else if from > w && contiguous_from.is_some() {
                ctx.err(
                    &r.from.span(),
                    "from",
                    format!(
                        "gap: {w}-{} is not covered (this band should start at {w})",
                        from - 1
                    ),
                );
            }
        }
        out.push(BandModifier {
            from,
            to: r.to,
            value: r.value,
        });
    }
    out
}

fn range_bands<T>(
    ctx: &mut Ctx,
    raw: &S<Vec<S<T>>>,
    range: impl Fn(&T) -> &S<String>,
) -> Vec<RangeBand> {
    let mut seen = Vec::new();
    for r in raw.get_ref() {
        if let Some(b) = check::name::<RangeBand>(ctx, range(r.get_ref()), "range") {
            if seen.contains(&b) {
                ctx.err(
                    &range(r.get_ref()).span(),
                    "range",
                    format!("range band \"{b}\" is given twice"),
                );
            }
            seen.push(b);
        }
    }
    if seen.len() == raw.get_ref().len() && seen.len() != RangeBand::ALL.len() {
        ctx.err(
            &raw.span(),
            "range",
            "every range band needs a row (short, medium, long, extreme)",
        );
    }
    seen
}

fn modifiers(ctx: &mut Ctx, raw: &[S<ModifierRaw>]) -> Vec<HitModifier> {
    let mut out: Vec<HitModifier> = Vec::new();
    for m in raw {
        let m = m.get_ref();
        if out.iter().any(|o| o.id == *m.id.get_ref()) {
            ctx.err(
                &m.id.span(),
                "id",
                format!("modifier \"{}\" is given twice", m.id.get_ref()),
            );
        }
        let group = check::name::<ModifierGroup>(ctx, &m.group, "group");
        let ranges = m
            .ranges
            .iter()
            .filter_map(|r| check::name::<RangeBand>(ctx, r, "ranges"))
            .collect();
        for gs in &m.gunnery_standards {
            if !(1..=2).contains(gs.get_ref()) {
                ctx.err(
                    &gs.span(),
                    "gunnery_standards",
                    format!(
                        "{} is not a gunnery standard (expected 1 or 2)",
                        gs.get_ref()
                    ),
                );
            }
        }
        out.push(HitModifier {
            id: m.id.get_ref().clone(),
            group: group.unwrap_or(ModifierGroup::FireControl),
            label: m.label.clone(),
            value: m.value,
            ranges,
            gunnery_standards: m.gunnery_standards.iter().map(|g| *g.get_ref()).collect(),
            per_ship_above_limit: m.per_ship_above_limit,
        });
    }
    out
}

/// Gunfire Hit Chance Modifiers Table (GS 1 & 2).
pub(crate) fn gunfire_hit_chance(ctx: &mut Ctx, raw: GunfireRaw) -> Option<GunfireHitChanceTable> {
    let rule = check::rule(ctx, &raw.rule);
    let base_bands = range_bands(ctx, &raw.base, |b: &BaseRaw| &b.range);
    let base = raw
        .base
        .get_ref()
        .iter()
        .zip(base_bands)
        .map(|(b, range)| BaseChance {
            range,
            gs1: b.get_ref().gs1,
            gs2: b.get_ref().gs2,
        })
        .collect();
    let mult_bands = range_bands(ctx, &raw.multiplier, |m: &MultiplierRaw| &m.range);
    let multiplier = raw
        .multiplier
        .get_ref()
        .iter()
        .zip(mult_bands)
        .map(|(m, range)| (range, m.get_ref().pct))
        .collect();
    let mut sea_state: Vec<SeaStateRow> = Vec::new();
    for s in &raw.sea_state {
        let s = s.get_ref();
        let n = *s.sea_state.get_ref();
        if sea_state.last().is_some_and(|p| p.sea_state >= n) {
            ctx.err(
                &s.sea_state.span(),
                "sea_state",
                format!("{n} is out of order (rows go up in sea state)"),
            );
        }
        sea_state.push(SeaStateRow {
            sea_state: n,
            a_b: sea_cell(ctx, &s.a_b, "a_b"),
            c_d: sea_cell(ctx, &s.c_d, "c_d"),
            e_g: sea_cell(ctx, &s.e_g, "e_g"),
        });
    }
    let mut evasive_seen = Vec::new();
    let target_evasive = raw
        .target_evasive
        .iter()
        .map(|r| SizeModifier {
            sizes: sizes(ctx, &r.get_ref().sizes, &mut evasive_seen),
            value: r.get_ref().value,
        })
        .collect();
    let mut aspect_seen = Vec::new();
    let target_aspect = raw
        .target_aspect
        .get_ref()
        .iter()
        .map(|r| {
            let r = r.get_ref();
            AspectRow {
                sizes: sizes(ctx, &r.sizes, &mut aspect_seen),
                broad: r.broad,
                quarter: r.quarter,
                narrow: r.narrow,
            }
        })
        .collect();
    all_sizes(
        ctx,
        &aspect_seen,
        &raw.target_aspect.span(),
        "target_aspect",
    );
    Some(GunfireHitChanceTable {
        rule,
        base,
        multiplier,
        modifiers: modifiers(ctx, &raw.modifier),
        sea_state,
        no_fire_above_sea_state: raw.no_fire_above_sea_state,
        beyond_rangefinder: bands(ctx, &raw.beyond_rangefinder, Some(1)),
        barrels: bands(ctx, &raw.barrels, Some(1)),
        target_stationary: raw.target_stationary,
        target_speed: bands(ctx, &raw.target_speed, None),
        target_evasive_min_kts: raw.target_evasive_min_kts,
        target_evasive,
        target_aspect,
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TurnSequenceRaw {
    rule: S<String>,
    tactical: ScaleRaw,
    intermediate: ScaleRaw,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScaleRaw {
    minutes: S<u32>,
    phases: S<Vec<S<PhaseRaw>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PhaseRaw {
    phase: S<String>,
    resolves: Vec<String>,
}

/// Phases in rulebook order, each once, from plotting to resolution: the sequence the clock
/// walks for `want` (SPEC 3.1). The file states it and notes what each phase resolves; the
/// clock, the timers and the rules are built on it, so a file that says otherwise is refused
/// rather than silently ignored.
fn scale(ctx: &mut Ctx, raw: &ScaleRaw, want: Scale) -> ScaleSequence {
    let minutes = *raw.minutes.get_ref();
    if minutes == 0 {
        ctx.err(
            &raw.minutes.span(),
            "minutes",
            "a turn cannot last 0 minutes",
        );
    } else if minutes != want.turn_minutes() {
        ctx.err(
            &raw.minutes.span(),
            "minutes",
            format!(
                "{want} turns last {} minutes (SPEC 3.1); the clock and the timers are built on it, \
                 so this file cannot change it",
                want.turn_minutes()
            ),
        );
    }
    let mut phases: Vec<PhaseStep> = Vec::new();
    for p in raw.phases.get_ref() {
        let p = p.get_ref();
        let Some(phase) = check::name::<Phase>(ctx, &p.phase, "phase") else {
            continue;
        };
        if phases.last().is_some_and(|q| q.phase >= phase) {
            ctx.err(
                &p.phase.span(),
                "phase",
                format!(
                    "\"{phase}\" is out of order or repeated (order: {})",
                    Phase::ALL.map(|p| p.name()).join(", ")
                ),
            );
        }
        phases.push(PhaseStep {
            phase,
            resolves: p.resolves.clone(),
        });
    }
    let first = phases.first().map(|p| p.phase);
    let last = phases.last().map(|p| p.phase);
    if first != Some(Phase::Plotting) || last != Some(Phase::Resolution) {
        ctx.err(
            &raw.phases.span(),
            "phases",
            "a turn must begin with plotting and end with resolution",
        );
    }
    let named: Vec<Phase> = phases.iter().map(|p| p.phase).collect();
    let in_order = named.windows(2).all(|w| w[0] < w[1])
        && first == Some(Phase::Plotting)
        && last == Some(Phase::Resolution);
    if in_order && named != want.phases() {
        ctx.err(
            &raw.phases.span(),
            "phases",
            format!(
                "a {want} turn has the phases {} (SPEC 3.1); the rules resolve in them by name, \
                 so this file can note what each resolves but not add, drop or move one",
                want.phases()
                    .iter()
                    .map(|p| p.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
    ScaleSequence {
        minutes: *raw.minutes.get_ref(),
        phases,
    }
}

/// SPEC 3.1 turn sequence.
pub(crate) fn turn_sequence(ctx: &mut Ctx, raw: TurnSequenceRaw) -> Option<TurnSequenceTable> {
    let rule = check::rule(ctx, &raw.rule);
    Some(TurnSequenceTable {
        rule,
        tactical: scale(ctx, &raw.tactical, Scale::Tactical),
        intermediate: scale(ctx, &raw.intermediate, Scale::Intermediate),
    })
}
