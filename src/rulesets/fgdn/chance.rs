//! FG&DN 1.1 Gunfire Hit Chance Modifiers Table, Gunnery Standards 1 & 2 (page 6-4; SPEC 3.9):
//! the chance that a salvo hits.
//!
//! Pure: [`hit_chance`] reads `tables/fgdn-1.1/gunfire_hit_chance.toml` and the umpire's
//! inputs; it rolls nothing. The faces are `umpire chance` (src/cli/fgdn/chance.rs) and the `chance`
//! command ([`ChanceCommand`], [`decide`]), which can roll the salvo's D100 and logs the result.
//!
//! How the table is combined (its last line): every modifier that applies is added into one
//! final modifier; that is multiplied by the range band's per-point % (3 % short and medium,
//! 2 % long and extreme) and added to the base chance of the gunnery standard and band.
//!
//! Readings (docs/rules-notes.md, "Gun hit chance"):
//! - the final chance is kept within 0-100 % (a D100 never rolls 0 or 101);
//! - "no fire possible" (sea state by size) makes the chance 0 and no die is rolled;
//! - the two visibility lines are ignored (shown, value 0) when the target is illuminated or
//!   silhouetted (either sun line's silhouette, starshell, fire, searchlight) and under blind
//!   fire; they exclude each other (one visibility);
//! - steering evasively replaces the course-change line (shown as ignored);
//! - first salvo and third-or-later salvo exclude each other;
//! - overconcentration is a count of ships above the limit the umpire gives; the text does not
//!   give the limit here;
//! - target steering evasively needs 20 kt: refused when a lower target speed is given; a
//!   size A target (and, the umpire's call, a pre-dreadnought) cannot.
use crate::core::dice::Die;
use crate::core::words::words;
use crate::rulesets::fgdn::command::{suggest, ParseError, RangeBand};
use crate::rulesets::fgdn::engine::{find_ship, Ctx, RuleError};
use crate::rulesets::fgdn::event::Event;
use crate::rulesets::fgdn::kinds::SizeClass;
use crate::rulesets::fgdn::state::ShipStatus;
use crate::rulesets::fgdn::tables::{
    BandModifier, GunfireHitChanceTable, HitModifier, ModifierGroup, SeaStateEffect,
};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Where the table is printed, for refusals.
const TABLE: &str = "Gunfire Hit Chance Modifiers Table, p. 6-4";

/// Target aspect columns of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetAspect {
    Broad,
    Quarter,
    Narrow,
}

impl TargetAspect {
    pub fn name(self) -> &'static str {
        match self {
            TargetAspect::Broad => "broad",
            TargetAspect::Quarter => "quarter",
            TargetAspect::Narrow => "narrow",
        }
    }
}

impl fmt::Display for TargetAspect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TargetAspect {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "broad" => Ok(TargetAspect::Broad),
            "quarter" => Ok(TargetAspect::Quarter),
            "narrow" => Ok(TargetAspect::Narrow),
            _ => Err(format!(
                "unknown aspect \"{s}\" (expected broad, quarter or narrow)"
            )),
        }
    }
}

/// The target's speed as the table reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetMotion {
    Knots(u32),
    /// Dead in the water.
    Stationary,
}

/// What the umpire says about one salvo beyond the gunnery standard, band and size.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Salvo {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sea_state: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub barrels: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_motion: Option<TargetMotion>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub target_evasive: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aspect: Option<TargetAspect>,
    /// Yards beyond the range finder's capability.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub beyond_rangefinder: Option<u32>,
    /// Ships firing at the target above the limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overconcentration: Option<u32>,
    /// Ids of the table's simple modifiers (`[[modifier]] id`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mods: Vec<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Everything the table reads for one salvo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChanceInput {
    /// GS1 or GS2.
    pub gunnery_standard: u32,
    pub range: RangeBand,
    pub size: SizeClass,
    #[serde(flatten)]
    pub salvo: Salvo,
}

impl ChanceInput {
    pub fn new(gunnery_standard: u32, range: RangeBand, size: SizeClass) -> ChanceInput {
        ChanceInput {
            gunnery_standard,
            range,
            size,
            salvo: Salvo::default(),
        }
    }
}

/// One modifier as applied; an ignored one (the table says to ignore it here) shows value 0 and
/// `ignored` says why, so the values always add up to `modifier_total`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModifierLine {
    pub id: String,
    pub label: String,
    pub value: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ignored: Option<String>,
}

/// The answer (SPEC 3.9 `--json`: base, modifiers, modifier_total, per_point, chance, no_fire).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChanceResult {
    /// Base chance of a hit, %.
    pub base: u32,
    pub modifiers: Vec<ModifierLine>,
    /// Sum of the modifiers that count.
    pub modifier_total: i32,
    /// % per point of the final modifier in this range band.
    pub per_point: u32,
    /// Final chance of a hit, % (0-100; 0 when no fire is possible).
    pub chance: u32,
    /// The table says no fire is possible (sea state for this size).
    pub no_fire: bool,
}

/// Modifiers that mean the target is illuminated or silhouetted (the visibility lines say to
/// ignore them then).
const LIT_OR_SILHOUETTED: [&str; 4] = [
    "in_line_with_twilight_sun",
    "silhouetted_by_starshell_or_fire",
    "illuminated_by_starshell_fire_or_own_searchlight",
    "illuminated_by_searchlight",
];
const VISIBILITY_LINES: [&str; 2] = ["visibility_25", "visibility_40"];
const BLIND_FIRE: &str = "blind_fire";
const COURSE_CHANGE: &str = "course_change_45";
const FIRING_EVASIVE: &str = "firing_ship_evasive";
/// Pairs that cannot both describe one salvo.
const EXCLUSIVE: [(&str, &str, &str); 2] = [
    (
        "visibility_25",
        "visibility_40",
        "one visibility applies: 25 % or less, or 40 % or less",
    ),
    (
        "first_salvo",
        "third_or_later_salvo",
        "a salvo is the first on its target or the third or later, not both",
    ),
];

/// Every id the calculator treats specially (checked against the built-in table in a test).
pub const SPECIAL_IDS: [&str; 11] = [
    "in_line_with_twilight_sun",
    "silhouetted_by_starshell_or_fire",
    "illuminated_by_starshell_fire_or_own_searchlight",
    "illuminated_by_searchlight",
    "visibility_25",
    "visibility_40",
    BLIND_FIRE,
    COURSE_CHANGE,
    FIRING_EVASIVE,
    "first_salvo",
    "third_or_later_salvo",
];

fn range_words(ranges: &[RangeBand]) -> String {
    let names: Vec<&str> = ranges.iter().map(|r| r.name()).collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// Whether a table modifier applies in this band and gunnery standard; the refusal says why.
fn applies(m: &HitModifier, range: RangeBand, gs: u32) -> Result<(), String> {
    if !m.ranges.is_empty() && !m.ranges.contains(&range) {
        return Err(format!(
            "{} ({}) applies only at {} range, not {range} ({TABLE})",
            m.id,
            m.label,
            range_words(&m.ranges)
        ));
    }
    if !m.gunnery_standards.is_empty() && !m.gunnery_standards.contains(&gs) {
        let gss: Vec<String> = m
            .gunnery_standards
            .iter()
            .map(|g| format!("GS{g}"))
            .collect();
        return Err(format!(
            "{} ({}) applies to {} guns only, not GS{gs} ({TABLE})",
            m.id,
            m.label,
            gss.join(" and ")
        ));
    }
    Ok(())
}

fn unknown_modifier(t: &GunfireHitChanceTable, id: &str) -> String {
    let ids: Vec<&str> = t
        .modifiers
        .iter()
        .filter(|m| !m.per_ship_above_limit)
        .map(|m| m.id.as_str())
        .collect();
    let hint = suggest(id, &ids)
        .map(|s| format!(" (did you mean \"{s}\"?)"))
        .unwrap_or_default();
    format!(
        "unknown modifier \"{id}\"{hint}; the table's modifiers: {}",
        ids.join(", ")
    )
}

fn band_words(b: &BandModifier, unit: &str) -> String {
    match b.to {
        Some(to) if to == b.from => format!("{} {unit}", b.from),
        Some(to) => format!("{}-{to} {unit}", b.from),
        None => format!("{}+ {unit}", b.from),
    }
}

fn find_band(bands: &[BandModifier], v: u32) -> Option<&BandModifier> {
    bands.iter().find(|b| b.contains(v))
}

fn size_group(size: SizeClass) -> &'static str {
    match size {
        SizeClass::A | SizeClass::B => "A&B",
        SizeClass::C | SizeClass::D => "C&D",
        _ => "E-G",
    }
}

fn line(id: &str, label: String, value: i32) -> ModifierLine {
    ModifierLine {
        id: id.to_string(),
        label,
        value,
        ignored: None,
    }
}

/// The salvo's chance to hit (FG&DN 1.1 p. 6-4), or why an input does not apply.
pub fn hit_chance(t: &GunfireHitChanceTable, input: &ChanceInput) -> Result<ChanceResult, String> {
    let gs = input.gunnery_standard;
    let range = input.range;
    let base = t
        .base_chance(range, gs)
        .ok_or_else(|| format!("gunnery standard {gs}: the table gives GS1 and GS2 ({TABLE})"))?;
    let per_point = t
        .multiplier_pct(range)
        .ok_or_else(|| format!("the table gives no per-point % for {range} range"))?;
    let simple = simple_modifiers(t, input)?;
    let mut lines = Vec::new();
    let mut no_fire = false;
    push_group(&mut lines, &simple, ModifierGroup::Visibility);
    if let Some(ss) = input.salvo.sea_state {
        let (l, nfp) = sea_state_line(t, ss, input.size)?;
        no_fire = nfp;
        lines.push(l);
    }
    push_group(&mut lines, &simple, ModifierGroup::FireControl);
    if let Some(n) = input.salvo.overconcentration.filter(|n| *n > 0) {
        lines.push(overconcentration_line(t, n, range, gs)?);
    }
    if let Some(y) = input.salvo.beyond_rangefinder.filter(|y| *y > 0) {
        let b = find_band(&t.beyond_rangefinder, y);
        let label = match b {
            Some(b) => format!(
                "Firing {y} yd beyond range finder capability ({})",
                band_words(b, "yd")
            ),
            None => format!("Firing {y} yd beyond range finder capability"),
        };
        lines.push(line("beyond_rangefinder", label, b.map_or(0, |b| b.value)));
    }
    if let Some(n) = input.salvo.barrels {
        lines.push(barrels_line(t, n)?);
    }
    push_group(&mut lines, &simple, ModifierGroup::Target);
    if let Some(m) = input.salvo.target_motion {
        lines.push(target_speed_line(t, m));
    }
    if input.salvo.target_evasive {
        lines.push(target_evasive_line(t, input)?);
    }
    if let Some(a) = input.salvo.aspect {
        let row = t
            .target_aspect(input.size)
            .ok_or_else(|| format!("the table gives no aspect for size {}", input.size))?;
        let value = match a {
            TargetAspect::Broad => row.broad,
            TargetAspect::Quarter => row.quarter,
            TargetAspect::Narrow => row.narrow,
        };
        lines.push(line(
            "target_aspect",
            format!("Target aspect {a}, size {}", input.size),
            value,
        ));
    }
    mark_ignored(&mut lines);
    let modifier_total: i32 = lines.iter().map(|l| l.value).sum();
    let chance = if no_fire {
        0
    } else {
        (i64::from(base) + i64::from(modifier_total) * i64::from(per_point)).clamp(0, 100) as u32
    };
    Ok(ChanceResult {
        base,
        modifiers: lines,
        modifier_total,
        per_point,
        chance,
        no_fire,
    })
}

/// The table's simple modifiers named by id, checked: known, once, not a count, applying in
/// this band and standard, not two that exclude each other. In table order.
fn simple_modifiers<'t>(
    t: &'t GunfireHitChanceTable,
    input: &ChanceInput,
) -> Result<Vec<&'t HitModifier>, String> {
    let mut seen: Vec<&str> = Vec::new();
    for id in &input.salvo.mods {
        let m = t.modifier(id).ok_or_else(|| unknown_modifier(t, id))?;
        if seen.contains(&id.as_str()) {
            return Err(format!("modifier \"{id}\" given twice"));
        }
        if m.per_ship_above_limit {
            return Err(format!(
                "{id} counts ships above the limit: give their number (--overconcentration N, or overconcentration N in a command)"
            ));
        }
        applies(m, input.range, input.gunnery_standard)?;
        seen.push(id);
    }
    for (a, b, why) in EXCLUSIVE {
        if seen.contains(&a) && seen.contains(&b) {
            return Err(format!("{a} and {b} together: {why} ({TABLE})"));
        }
    }
    Ok(t.modifiers
        .iter()
        .filter(|m| seen.contains(&m.id.as_str()))
        .collect())
}

fn push_group(lines: &mut Vec<ModifierLine>, simple: &[&HitModifier], g: ModifierGroup) {
    for m in simple.iter().filter(|m| m.group == g) {
        lines.push(line(&m.id, m.label.clone(), m.value));
    }
}

/// The visibility lines under blind fire or with the target lit or silhouetted, and the
/// course change when the firing ship steers evasively, are shown with value 0.
fn mark_ignored(lines: &mut [ModifierLine]) {
    let has = |id: &str, lines: &[ModifierLine]| lines.iter().any(|l| l.id == id);
    let blind = has(BLIND_FIRE, lines);
    let lit = LIT_OR_SILHOUETTED.iter().any(|id| has(id, lines));
    let evasive = has(FIRING_EVASIVE, lines);
    for l in lines.iter_mut() {
        if VISIBILITY_LINES.contains(&l.id.as_str()) {
            if blind {
                l.ignored = Some("blind fire ignores the visibility modifiers".into());
            } else if lit {
                l.ignored = Some("the target is illuminated or silhouetted".into());
            }
        } else if l.id == COURSE_CHANGE && evasive {
            l.ignored = Some("steering evasively takes precedence over the course change".into());
        }
        if l.ignored.is_some() {
            l.value = 0;
        }
    }
}

fn sea_state_line(
    t: &GunfireHitChanceTable,
    ss: u32,
    size: SizeClass,
) -> Result<(ModifierLine, bool), String> {
    if ss > 9 {
        return Err(format!("{ss} is not a sea state (0-9)"));
    }
    let label = format!("Sea state {ss}, target size {}", size_group(size));
    Ok(match t.sea_state_effect(ss, size) {
        SeaStateEffect::NotApplicable => (line("sea_state", format!("{label}: none"), 0), false),
        SeaStateEffect::NoFirePossible => (
            line("sea_state", format!("{label}: no fire possible"), 0),
            true,
        ),
        SeaStateEffect::Modifier(v) => (line("sea_state", label, v), false),
    })
}

fn overconcentration_line(
    t: &GunfireHitChanceTable,
    n: u32,
    range: RangeBand,
    gs: u32,
) -> Result<ModifierLine, String> {
    let m = t
        .modifiers
        .iter()
        .find(|m| m.per_ship_above_limit)
        .ok_or_else(|| "the table has no overconcentration line".to_string())?;
    applies(m, range, gs)?;
    let n = n.min(999);
    Ok(line(
        &m.id,
        format!("{} ({n} ship{})", m.label, if n == 1 { "" } else { "s" }),
        m.value * n as i32,
    ))
}

fn barrels_line(t: &GunfireHitChanceTable, n: u32) -> Result<ModifierLine, String> {
    if n == 0 {
        return Err("barrels: at least 1 barrel fires a salvo".into());
    }
    let b = find_band(&t.barrels, n)
        .ok_or_else(|| format!("the table gives no line for {n} barrels"))?;
    Ok(line(
        "barrels",
        format!(
            "{n} barrel{} firing ({})",
            plural(n),
            band_words(b, "barrels")
        ),
        b.value,
    ))
}

fn plural(n: u32) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn target_speed_line(t: &GunfireHitChanceTable, m: TargetMotion) -> ModifierLine {
    match m {
        TargetMotion::Stationary | TargetMotion::Knots(0) => line(
            "target_speed",
            "Target stationary (dead in the water)".into(),
            t.target_stationary,
        ),
        TargetMotion::Knots(k) => match find_band(&t.target_speed, k) {
            Some(b) => line(
                "target_speed",
                format!("Target speed {k} kt ({})", band_words(b, "kt")),
                b.value,
            ),
            None => line(
                "target_speed",
                format!("Target speed {k} kt: none (between the table's bands)"),
                0,
            ),
        },
    }
}

fn target_evasive_line(
    t: &GunfireHitChanceTable,
    input: &ChanceInput,
) -> Result<ModifierLine, String> {
    let size = input.size;
    let value = t.target_evasive_modifier(size).ok_or_else(|| {
        format!("target_evasive: a size {size} target cannot steer evasively ({TABLE})")
    })?;
    let min = t.target_evasive_min_kts;
    match input.salvo.target_motion {
        Some(TargetMotion::Stationary) | Some(TargetMotion::Knots(0)) => {
            return Err(format!(
                "target_evasive: a stationary target cannot steer evasively (it needs {min} kt, {TABLE})"
            ))
        }
        Some(TargetMotion::Knots(k)) if k < min => {
            return Err(format!(
                "target_evasive: steering evasively needs at least {min} kt, the target makes {k} kt ({TABLE})"
            ))
        }
        _ => {}
    }
    Ok(line(
        "target_evasive",
        format!("Target steering evasively, size {size}"),
        value,
    ))
}

/// The answer in words, one line each, for the CLI and the log's detail.
pub fn text(input: &ChanceInput, r: &ChanceResult) -> String {
    let mut out = format!(
        "Gunfire hit chance (FG&DN 1.1 p. 6-4): GS{}, {} range, target size {}\n",
        input.gunnery_standard, input.range, input.size
    );
    let w = r.modifiers.iter().map(|l| l.id.len()).max().unwrap_or(0);
    out.push_str(&format!("  {:>4} %  base chance\n", r.base));
    for l in &r.modifiers {
        let value = match &l.ignored {
            Some(_) => "   -".to_string(),
            None => format!("{:>+4}", l.value),
        };
        out.push_str(&format!("  {value}    {:<w$}  {}", l.id, l.label));
        if let Some(why) = &l.ignored {
            out.push_str(&format!(" [ignored: {why}]"));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "  modifier total {:+} x {} % = {:+} %\n",
        r.modifier_total,
        r.per_point,
        r.modifier_total * r.per_point as i32
    ));
    if r.no_fire {
        out.push_str("  NO FIRE POSSIBLE\n");
    } else {
        out.push_str(&format!("  {:>4} %  chance to hit\n", r.chance));
    }
    out
}

/// One line for the log: "GS1 long, size B: base 10 %, modifiers -1 x 2 %: 8 %".
pub fn summary(input: &ChanceInput, r: &ChanceResult) -> String {
    let mods: Vec<String> = r
        .modifiers
        .iter()
        .map(|l| match &l.ignored {
            // Words, not ids (SPEC 10); `--json` keeps the ids.
            Some(_) => format!("{} ignored", words(&l.id)),
            None if r.no_fire && l.id == "sea_state" => "sea state NFP".to_string(),
            None => format!("{} {:+}", words(&l.id), l.value),
        })
        .collect();
    let mods = if mods.is_empty() {
        String::new()
    } else {
        format!(" ({})", mods.join(", "))
    };
    let end = if r.no_fire {
        "no fire possible".to_string()
    } else {
        format!("{} %", r.chance)
    };
    format!(
        "GS{} {}, size {}: base {} %, modifiers {:+}{mods} x {} %: {end}",
        input.gunnery_standard, input.range, input.size, r.base, r.modifier_total, r.per_point
    )
}

// ------------------------------------------------------------------ the `chance` command

/// `chance gs 1|2 range BAND (size A-G | target SHIP) [firer SHIP] [...] [roll]`: the calculator
/// at the prompt and in scripts (SPEC 3.9). The sea state, when not given, is the battle's; the
/// size, when a target ship is named, is hers. With `roll` the salvo's D100 is rolled (queued,
/// typed or seeded like every die) and the log says hit or miss (D100 <= chance hits).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChanceCommand {
    pub gunnery_standard: u32,
    pub range: RangeBand,
    /// Target size; None: the target ship's.
    pub size: Option<SizeClass>,
    pub firer: Option<String>,
    pub target: Option<String>,
    pub salvo: Salvo,
    pub roll: bool,
}

/// The argument summary (for `COMMANDS`, errors and help).
pub const USAGE: &str = "chance gs 1|2 range short|medium|long|extreme size A-G|target SHIP [firer SHIP] [sea-state N] [barrels N] [target-speed KT|target-stationary] [target-evasive] [aspect broad|quarter|narrow] [beyond-rangefinder YARDS] [overconcentration N] [mod ID]... [roll]";

/// Largest count the command accepts for barrels, ships, knots (a typo above).
const MAX_COUNT: u32 = 999;
const MAX_YARDS: u32 = 100_000;

fn perr(message: String) -> ParseError {
    ParseError { message }
}

fn word_id(w: &str) -> bool {
    !w.is_empty()
        && w.len() <= 64
        && w.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

fn num(v: Option<&String>, key: &str, max: u32) -> Result<u32, ParseError> {
    let v = v.ok_or_else(|| perr(format!("\"{key}\" needs a number; usage: {USAGE}")))?;
    match v.parse::<u32>() {
        Ok(n) if n <= max => Ok(n),
        _ => Err(perr(format!(
            "\"{v}\" is not a valid {key} (0-{max}); usage: {USAGE}"
        ))),
    }
}

impl ChanceCommand {
    /// Parse the words after `chance` (`words[0]` is `chance`).
    pub fn parse(words: &[String]) -> Result<ChanceCommand, ParseError> {
        let mut gs = None;
        let mut range = None;
        let mut c = ChanceCommand {
            gunnery_standard: 0,
            range: RangeBand::Short,
            size: None,
            firer: None,
            target: None,
            salvo: Salvo::default(),
            roll: false,
        };
        let mut seen: Vec<String> = Vec::new();
        let mut i = 1;
        while i < words.len() {
            let key = words[i].to_ascii_lowercase();
            let val = words.get(i + 1);
            if key != "mod" && seen.contains(&key) {
                return Err(perr(format!("\"{key}\" given twice; usage: {USAGE}")));
            }
            let need = |what: &str| {
                val.ok_or_else(|| perr(format!("\"{key}\" needs {what}; usage: {USAGE}")))
            };
            let ship = |what: &str| -> Result<String, ParseError> {
                let w = need(what)?;
                if word_id(w) {
                    Ok(w.to_ascii_lowercase())
                } else {
                    Err(perr(format!("\"{w}\" is not a ship id; usage: {USAGE}")))
                }
            };
            let step = match key.as_str() {
                "gs" => {
                    gs = match need("1 or 2")?.as_str() {
                        "1" => Some(1),
                        "2" => Some(2),
                        w => {
                            return Err(perr(format!(
                            "gunnery standard \"{w}\": the table gives GS1 and GS2 (gs 1 or gs 2)"
                        )))
                        }
                    };
                    2
                }
                "range" => {
                    range = Some(need("a range band")?.parse::<RangeBand>().map_err(perr)?);
                    2
                }
                "size" => {
                    c.size = Some(need("a size class")?.parse::<SizeClass>().map_err(perr)?);
                    2
                }
                "firer" => {
                    c.firer = Some(ship("the firing SHIP")?);
                    2
                }
                "target" => {
                    c.target = Some(ship("the target SHIP")?);
                    2
                }
                "sea-state" => {
                    c.salvo.sea_state = Some(num(val, "sea-state", 9)?);
                    2
                }
                "barrels" => {
                    let n = num(val, "barrels", MAX_COUNT)?;
                    if n == 0 {
                        return Err(perr("barrels: at least 1 barrel fires a salvo".into()));
                    }
                    c.salvo.barrels = Some(n);
                    2
                }
                "target-speed" | "target-stationary" => {
                    if c.salvo.target_motion.is_some() {
                        return Err(perr(format!(
                            "target-speed and target-stationary together: give one; usage: {USAGE}"
                        )));
                    }
                    if key == "target-stationary" {
                        c.salvo.target_motion = Some(TargetMotion::Stationary);
                        1
                    } else {
                        let k = num(val, "target-speed (knots)", 80)?;
                        c.salvo.target_motion = Some(TargetMotion::Knots(k));
                        2
                    }
                }
                "target-evasive" => {
                    c.salvo.target_evasive = true;
                    1
                }
                "aspect" => {
                    c.salvo.aspect = Some(need("an aspect")?.parse().map_err(perr)?);
                    2
                }
                "beyond-rangefinder" => {
                    c.salvo.beyond_rangefinder =
                        Some(num(val, "beyond-rangefinder (yards)", MAX_YARDS)?);
                    2
                }
                "overconcentration" => {
                    c.salvo.overconcentration = Some(num(val, "overconcentration", MAX_COUNT)?);
                    2
                }
                "mod" => {
                    let id = need("a modifier id")?.to_ascii_lowercase();
                    if !word_id(&id) {
                        return Err(perr(format!(
                            "\"{id}\" is not a modifier id (see tables/fgdn-1.1/gunfire_hit_chance.toml); usage: {USAGE}"
                        )));
                    }
                    if c.salvo.mods.contains(&id) {
                        return Err(perr(format!("modifier \"{id}\" given twice")));
                    }
                    c.salvo.mods.push(id);
                    2
                }
                "roll" => {
                    c.roll = true;
                    1
                }
                other => {
                    return Err(perr(format!(
                        "unknown chance option \"{other}\"; usage: {USAGE}"
                    )))
                }
            };
            seen.push(key);
            i += step;
        }
        c.gunnery_standard = gs.ok_or_else(|| perr(format!("missing gs 1|2; usage: {USAGE}")))?;
        c.range = range.ok_or_else(|| perr(format!("missing range BAND; usage: {USAGE}")))?;
        match (c.size, &c.target) {
            (None, None) => {
                return Err(perr(format!(
                    "give the target's size (size A-G) or the target ship (target SHIP); usage: {USAGE}"
                )))
            }
            (Some(_), Some(t)) => {
                return Err(perr(format!(
                    "size and target together: the size is the target ship's ({t}); give one"
                )))
            }
            _ => {}
        }
        Ok(c)
    }
}

impl fmt::Display for ChanceCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "chance gs {} range {}",
            self.gunnery_standard, self.range
        )?;
        if let Some(s) = self.size {
            write!(f, " size {s}")?;
        }
        if let Some(t) = &self.target {
            write!(f, " target {t}")?;
        }
        if let Some(s) = &self.firer {
            write!(f, " firer {s}")?;
        }
        let o = &self.salvo;
        if let Some(n) = o.sea_state {
            write!(f, " sea-state {n}")?;
        }
        if let Some(n) = o.barrels {
            write!(f, " barrels {n}")?;
        }
        match o.target_motion {
            Some(TargetMotion::Knots(k)) => write!(f, " target-speed {k}")?,
            Some(TargetMotion::Stationary) => write!(f, " target-stationary")?,
            None => {}
        }
        if o.target_evasive {
            write!(f, " target-evasive")?;
        }
        if let Some(a) = o.aspect {
            write!(f, " aspect {a}")?;
        }
        if let Some(y) = o.beyond_rangefinder {
            write!(f, " beyond-rangefinder {y}")?;
        }
        if let Some(n) = o.overconcentration {
            write!(f, " overconcentration {n}")?;
        }
        for m in &o.mods {
            write!(f, " mod {m}")?;
        }
        if self.roll {
            write!(f, " roll")?;
        }
        Ok(())
    }
}

fn afloat(ctx: &Ctx<'_>, id: &str, role: &str) -> Result<usize, RuleError> {
    let i = find_ship(&ctx.state, id)?;
    let s = &ctx.state.ships[i];
    if s.status == ShipStatus::Sunk {
        return Err(RuleError::Refused(format!(
            "{} ({}) has sunk: no {role}",
            s.spec.name,
            s.id()
        )));
    }
    Ok(i)
}

/// `chance ...`: work the chance out, roll its D100 if asked, log it (SPEC 3.9).
pub fn decide(ctx: &mut Ctx<'_>, c: &ChanceCommand) -> Result<(), RuleError> {
    let firer = match &c.firer {
        Some(id) => Some(afloat(ctx, id, "firing ship")?),
        None => None,
    };
    let target = match &c.target {
        Some(id) => Some(afloat(ctx, id, "target")?),
        None => None,
    };
    let size = match (c.size, target) {
        (Some(s), _) => s,
        (None, Some(t)) => ctx.state.ships[t].spec.size,
        (None, None) => {
            return Err(RuleError::Refused(
                "give the target's size (size A-G) or the target ship (target SHIP)".into(),
            ))
        }
    };
    let mut input = ChanceInput {
        gunnery_standard: c.gunnery_standard,
        range: c.range,
        size,
        salvo: c.salvo.clone(),
    };
    if input.salvo.sea_state.is_none() {
        input.salvo.sea_state = Some(ctx.state.sea_state);
    }
    let result = hit_chance(&ctx.tables.gunfire_hit_chance, &input).map_err(RuleError::Refused)?;
    let id = |i: Option<usize>| i.map(|i| ctx.state.ships[i].id().to_string());
    let (firer_id, target_id) = (id(firer), id(target));
    let roll = if c.roll && !result.no_fire {
        let who = match (&firer_id, &target_id) {
            (Some(f), Some(t)) => format!(", {f} at {t}"),
            (Some(f), None) => format!(", {f}"),
            (None, Some(t)) => format!(", at {t}"),
            (None, None) => String::new(),
        };
        Some(ctx.roll_for(
            firer,
            Die::D100,
            format!(
                "salvo to hit{who}: hits on {} or less (p. 6-4)",
                result.chance
            ),
        )?)
    } else {
        None
    };
    ctx.emit(Event::GunChance(Box::new(
        crate::rulesets::fgdn::event::GunChance {
            firer: firer_id,
            target: target_id,
            input,
            result,
            roll,
        },
    )));
    Ok(())
}

/// The log line of a `chance` (FG&DN p. 6-4).
pub fn log_line(
    name: &dyn Fn(&str) -> String,
    firer: Option<&str>,
    target: Option<&str>,
    input: &ChanceInput,
    r: &ChanceResult,
    roll: Option<u32>,
) -> String {
    let who = match (firer, target) {
        (Some(f), Some(t)) => format!("{} fires at {}: ", name(f), name(t)),
        (Some(f), None) => format!("{} fires: ", name(f)),
        (None, Some(t)) => format!("salvo at {}: ", name(t)),
        (None, None) => String::new(),
    };
    let outcome = match roll {
        Some(d) if d <= r.chance => format!("; D100 {d}: HIT"),
        Some(d) => format!("; D100 {d}: miss"),
        None => String::new(),
    };
    format!("{who}hit chance {}{outcome} (p. 6-4)", summary(input, r))
}
