//! Resolving damage at the end of a phase (FG&DN 8.1-8.2, SPEC 3.2-3.4 and the dice order of
//! SPEC 4): armor and underwater protection, damage points, automatic criticals, the critical
//! count and locations, fire and flooding, immediate damage, sinking.
use crate::core::dice::Die;
use crate::rulesets::fgdn::clock::Phase;
use crate::rulesets::fgdn::command::{Aspect, Depth, Side, Weapon};
use crate::rulesets::fgdn::damage::{critical_count, massive_dp_left, Ratio};
use crate::rulesets::fgdn::effects::{self, Rec};
use crate::rulesets::fgdn::engine::{Ctx, RuleError};
use crate::rulesets::fgdn::event::{
    Casualty, Critical, EffectStatus, Event, FireFlood, PendingHit,
};
use crate::rulesets::fgdn::fire_flood::{casualty_damage, severity, severity_dice, SeverityMods};
use crate::rulesets::fgdn::grounding;
use crate::rulesets::fgdn::kinds::{Column, CriticalKind, Location, SizeClass};
use crate::rulesets::fgdn::tables::{CritCell, LightAllowed, LightWeaponRow, SeverityDiceRow};
use crate::rulesets::fgdn::timers::{self, TimerKind};
use crate::rulesets::fgdn::{aviation, cargo};

/// Most rounds of immediate fire/flood damage causing new immediate fires/floods in one phase.
const MAX_CHAIN: usize = 20;

/// What the criticals of one batch of damage need to know.
#[derive(Debug, Clone)]
pub struct CritContext {
    /// A hit of this batch penetrated (fire/flood severity is halved otherwise).
    pub penetrated: bool,
    /// Largest calibre fired, if every hit gave one.
    pub largest_caliber: Option<f64>,
    /// The batch included a torpedo or mine hit (Torp & Mine column; its floods are immediate).
    pub underwater: bool,
    /// The light-weapons line that limits criticals (8.1.3), if any.
    pub light: Option<LightWeaponRow>,
    /// Damage from secondary effects (boiler explosions) to apply at once.
    pub secondary_damage: Vec<(u32, String)>,
    /// A starred main battery or casemate location without penetration: only its fire-control
    /// result (D10 1-2) applies (8.3).
    pub fire_control_only: bool,
    /// Damage points of the batch that caused the criticals (cargo losses count by it, 8.3);
    /// 0 for an umpire's critical.
    pub damage: u32,
}

impl CritContext {
    /// Damage that is not a weapon hit (an umpire's critical, fire, flooding, an explosion):
    /// no calibre, not underwater; `penetrated` says whether to halve fire/flood severity.
    pub fn plain(penetrated: bool) -> CritContext {
        CritContext {
            penetrated,
            largest_caliber: None,
            underwater: false,
            light: None,
            secondary_damage: Vec::new(),
            fire_control_only: false,
            damage: 0,
        }
    }

    /// The same batch seen by a torpedo or mine exploding below the waterline aboard (a
    /// submerged tube, 8.3): its flooding is torpedo flooding, first damage at once (8.2,
    /// SPEC 3.8). Penetration and calibre stay those of the batch.
    pub fn torpedo_explosion(&self) -> CritContext {
        CritContext {
            underwater: true,
            secondary_damage: Vec::new(),
            ..self.clone()
        }
    }
}

/// Resolve a ship's pending hits (SPEC 3.2) and everything they cause, in the SPEC 4 dice order.
pub fn resolve_hits(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let hits = ctx.state.ships[i].pending.clone();
    let id = ctx.state.ships[i].id().to_string();
    let small = ctx.state.ships[i].is_small_craft();
    let left_before = ctx.state.ships[i].dp_left();

    // Per-hit damage after the underwater rules (8.1.7), in the order the hits were entered.
    let mut per_hit: Vec<(u32, &PendingHit, bool)> = Vec::new();
    for hit in &hits {
        let (amount, tds_penetrated) = underwater_damage(ctx, i, hit);
        per_hit.push((amount, hit, tds_penetrated));
    }
    let total: u32 = per_hit.iter().map(|(a, _, _)| *a).sum();
    ctx.emit(Event::HitsResolved {
        ship: id.clone(),
        total,
        count: hits.len() as u32,
    });
    ctx.emit(Event::Damage {
        ship: id.clone(),
        amount: total,
        cause: hits
            .iter()
            .map(|h| h.explain.clone())
            .collect::<Vec<_>>()
            .join("; "),
    });
    let applied = if small {
        total
    } else {
        left_before - ctx.state.ships[i].dp_left()
    };

    let mut c = batch_context(ctx, i, &hits);
    c.damage = total;

    // Automatic criticals, each followed by its own dice (8.1.2).
    for (_, hit, tds_penetrated) in &per_hit {
        if hit.weapon == Weapon::Torpedo {
            if *tds_penetrated {
                inflict_critical(
                    ctx,
                    i,
                    CriticalKind::Flooding,
                    "automatic: contact torpedo (8.1.2)",
                    None,
                    &mut c,
                )?;
            } else {
                ctx.emit(Event::CriticalIgnored {
                    ship: id.clone(),
                    kind: CriticalKind::Flooding,
                    roll: None,
                    reason: "the torpedo protection system was not penetrated (8.1.2)".into(),
                });
            }
        }
    }
    // A torpedo or any other contact-fused weapon breaches a submarine's pressure hull (8.1.2).
    if ctx.state.ships[i].sub.is_some()
        && per_hit
            .iter()
            .any(|(_, h, _)| matches!(h.weapon, Weapon::Torpedo | Weapon::Mine))
    {
        crate::rulesets::fgdn::submarine::contact_breach(ctx, i, &mut c)?;
    }
    // A carrier's flight deck: heavy bombs, and 120 mm+ shells at long range (8.1.2).
    aviation::automatic_flight_deck(ctx, i, &hits, &mut c)?;
    for (amount, hit, _) in &per_hit {
        keel_check(ctx, i, *amount, hit)?;
    }

    // The count D6, then each critical's location and its own dice.
    let stern = per_hit
        .iter()
        .any(|(_, h, _)| h.weapon == Weapon::Torpedo && h.aspect == Some(Aspect::Stern));
    let count = critical_roll(ctx, i, applied, &c)?;
    // A submerged submarine: the column of the underwater attack's severity (8.1.4).
    let column = if let Some(col) = crate::rulesets::fgdn::submarine::attack_column(
        &ctx.state.ships[i],
        hits.iter().map(|h| h.attack),
    ) {
        col
    } else if c.underwater {
        Column::TorpMine
    } else {
        ctx.state.ships[i].spec.column
    };
    let forced: &[CriticalKind] = if stern {
        &[CriticalKind::Engineering, CriticalKind::Rudder]
    } else {
        &[]
    };
    for n in 0..count as usize {
        if lost_submarine(ctx, i) {
            break;
        }
        if let Some(kind) = forced.get(n) {
            inflict_critical(
                ctx,
                i,
                *kind,
                "automatic: narrow-aspect stern torpedo (8.1.7)",
                None,
                &mut c,
            )?;
        } else {
            located_critical(ctx, i, column, n as u32 + 1, count, &mut c)?;
        }
    }
    // Immediate fire/flood damage and secondary explosions (SPEC 4 dice order).
    casualty_damage_step(ctx, i, &mut c)?;
    sinking_check(ctx, i)?;
    Ok(())
}

/// Damage of one hit after narrow aspect, shallow-torpedo belt reduction and the torpedo
/// protection system (FG&DN 8.1.7); whether the protection system was penetrated.
fn underwater_damage(ctx: &mut Ctx<'_>, i: usize, hit: &PendingHit) -> (u32, bool) {
    if hit.weapon != Weapon::Torpedo {
        return (hit.damage, true);
    }
    let s = &ctx.state.ships[i];
    let id = s.id().to_string();
    if matches!(hit.aspect, Some(Aspect::Bow) | Some(Aspect::Stern)) {
        // Narrow aspect: outside the belt and the protection system, damage halved.
        return (hit.dp / 2, true);
    }
    let depth = hit.depth.unwrap_or(if s.spec.size <= SizeClass::B {
        Depth::Deep
    } else {
        Depth::Shallow
    });
    match depth {
        Depth::Shallow => {
            let belt = s.spec.armor.belt;
            let pct = ctx
                .tables
                .shallow_torpedo
                .rows
                .iter()
                .find(|r| r.belt.contains(belt))
                .map(|r| r.reduction_pct)
                .unwrap_or(if belt > 40 { 50 } else { 0 });
            (hit.dp - hit.dp * pct / 100, true)
        }
        Depth::Deep => {
            let side = hit.side.unwrap_or(Side::Port);
            let left = s.tds(side);
            if left == 0 {
                return (hit.dp, true);
            }
            // One third of the system's rating per torpedo at most (Kaiser 105 -> 35).
            let cap = s.spec.armor.tds / 3;
            let absorbed = hit.dp.min(cap).min(left);
            ctx.emit(Event::TdsAbsorbed {
                ship: id,
                side,
                amount: absorbed,
            });
            let through = hit.dp - absorbed;
            (through, through > 0)
        }
    }
}

fn batch_context(ctx: &Ctx<'_>, i: usize, hits: &[PendingHit]) -> CritContext {
    let penetrated = hits.iter().any(|h| h.penetrated);
    let underwater = hits
        .iter()
        .any(|h| matches!(h.weapon, Weapon::Torpedo | Weapon::Mine));
    let largest_caliber = if hits.iter().all(|h| h.caliber.is_some()) {
        hits.iter().filter_map(|h| h.caliber).reduce(f64::max)
    } else {
        None
    };
    let lw = &ctx.tables.light_weapons;
    let size = ctx.state.ships[i].spec.size;
    let all_guns = hits.iter().all(|h| h.weapon.is_gunfire());
    let light = match largest_caliber {
        Some(cal) if all_guns && cal <= lw.max_light_mm && size <= lw.applies_from => lw
            .rows
            .iter()
            .find(|r| cal >= r.min_mm && cal <= r.max_mm)
            .or_else(|| lw.rows.iter().rev().find(|r| cal >= r.min_mm))
            .or_else(|| lw.rows.first())
            .cloned(),
        _ => None,
    };
    CritContext {
        penetrated,
        largest_caliber,
        underwater,
        light,
        secondary_damage: Vec::new(),
        fire_control_only: false,
        damage: 0,
    }
}

/// Keel check: 75 % or more of DP from a single torpedo, mine or bomb (FG&DN 8.1.2).
fn keel_check(ctx: &mut Ctx<'_>, i: usize, amount: u32, hit: &PendingHit) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let breaks_on = match hit.weapon {
        Weapon::Torpedo | Weapon::Mine => 8,
        Weapon::Bomb | Weapon::SkipBomb => 4,
        Weapon::Shell | Weapon::Rocket | Weapon::Strafing => return Ok(()),
    };
    if (amount as u64) * 100 < (s.spec.dp as u64) * 75 || !s.is_afloat() || s.keel_broken {
        return Ok(());
    }
    if !s.is_small_craft() && s.dp_left() == 0 {
        return Ok(());
    }
    let id = s.id().to_string();
    let name = s.spec.name.clone();
    let d = ctx.roll(
        i,
        Die::D10,
        format!(
            "keel check, {name}: {amount} DP from one {} (broken on 1-{breaks_on})",
            hit.weapon
        ),
    )?;
    if d <= breaks_on {
        ctx.emit(Event::KeelBroken { ship: id });
        start_sinking(ctx, i, "keel broken (8.1.2)")?;
    }
    Ok(())
}

/// The critical roll for `taken` damage points (FG&DN 8.1.2): no roll under 1 % of original DP or
/// at 0 DP; otherwise D6 on the Damage Ratio Table. Applies the 3.0 massive-damage rule.
fn critical_roll(
    ctx: &mut Ctx<'_>,
    i: usize,
    taken: u32,
    _c: &CritContext,
) -> Result<u32, RuleError> {
    let s = &ctx.state.ships[i];
    let id = s.id().to_string();
    let name = s.spec.name.clone();
    let dp = s.spec.dp;
    if taken == 0 {
        return Ok(0);
    }
    if (taken as u64) * 100 < dp as u64 {
        ctx.emit(Event::NoCriticalRoll {
            ship: id,
            reason: format!("{taken} DP is under 1 % of {dp} DP (8.1.2)"),
        });
        return Ok(0);
    }
    let small = s.is_small_craft();
    if !small && s.dp_left() == 0 {
        let reason = if s.grounded.is_some() {
            "the ship is at 0 DP, a wreck where it lies (8.1.2, 8.1.5)"
        } else {
            "the ship is at 0 DP and sinking (8.1.2)"
        };
        ctx.emit(Event::NoCriticalRoll {
            ship: id,
            reason: reason.into(),
        });
        return Ok(0);
    }
    if !s.is_afloat() {
        ctx.emit(Event::NoCriticalRoll {
            ship: id,
            reason: "the ship is sinking".into(),
        });
        return Ok(0);
    }
    let base = if small { dp } else { s.dp_left() };
    let ratio = Ratio { taken, base };
    let d6 = ctx.roll(
        i,
        Die::D6,
        format!(
            "critical count, {name}: ratio {} ({taken}/{base}), the {} line",
            ratio.text(),
            line_name(ratio.line())
        ),
    )?;
    let count = critical_count(&ctx.tables.damage_ratio, ratio, d6);
    ctx.emit(Event::CriticalCount {
        ship: id.clone(),
        ratio: ratio.hundredths(),
        count,
        explain: format!(
            "damage ratio {taken}/{base} = {}, D6 {d6}: {count} critical{}",
            ratio.text(),
            if count == 1 { "" } else { "s" }
        ),
        beyond: crate::rulesets::fgdn::event::Beyond(crate::rulesets::fgdn::damage::beyond_table(
            &ctx.tables.damage_ratio,
            ratio,
            d6,
        )),
    });
    if !small && ratio.is_massive(&ctx.tables.damage_ratio) {
        let left = massive_dp_left(dp);
        if left < ctx.state.ships[i].dp_left() {
            ctx.emit(Event::MassiveDamage {
                ship: id,
                dp_left: left,
            });
        }
    }
    Ok(count)
}

fn line_name(k: usize) -> String {
    if k == 0 {
        "<.10".into()
    } else {
        format!("{}.{}0", k / 10, k % 10)
    }
}

/// Roll a critical's location (D20 on the column) and inflict it (FG&DN 8.1.2, 8.1.3).
fn located_critical(
    ctx: &mut Ctx<'_>,
    i: usize,
    column: Column,
    n: u32,
    of: u32,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let d20 = ctx.roll(
        i,
        Die::D20,
        format!("critical {n} of {of}, {name}, {column} column"),
    )?;
    let Some(cell) = ctx.tables.critical_hit.cell(column, d20).copied() else {
        return Ok(());
    };
    inflict_cell(ctx, i, cell, d20, column, c)
}

fn inflict_cell(
    ctx: &mut Ctx<'_>,
    i: usize,
    cell: CritCell,
    d20: u32,
    column: Column,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let id = s.id().to_string();
    let location_kind = match cell.location {
        Location::Kind(k) => k,
        Location::SensorComms => CriticalKind::Sensor,
    };
    // The casemates are armored at two thirds of the belt (8.3 Casemate): their location reads
    // the casemate armor; every other starred location the armor struck.
    let through = if cell.location == Location::Kind(CriticalKind::Casemate) {
        ctx.state.casemate_penetrated_this_turn(s)
    } else {
        ctx.state.penetrated_this_turn(s)
    };
    let unpenetrated = cell.armored && !through;
    // 8.3: the main battery and casemate fire-control results (D10 1-2) need no penetration:
    // the D10 is rolled and only a mount result is ignored.
    let fire_control_only = unpenetrated
        && matches!(
            cell.location,
            Location::Kind(CriticalKind::MainBattery | CriticalKind::Casemate)
        );
    if unpenetrated && !fire_control_only {
        ctx.emit(Event::CriticalIgnored {
            ship: id,
            kind: location_kind,
            roll: Some(d20),
            reason: format!(
                "D20 {d20}: {} needs armor penetration and no hit penetrated this turn (8.1.2)",
                location_text(cell.location)
            ),
        });
        return Ok(());
    }
    if let Some(light) = &c.light {
        if !light_allows(light, cell.location) {
            ctx.emit(Event::CriticalIgnored {
                ship: id,
                kind: location_kind,
                roll: Some(d20),
                reason: format!(
                    "D20 {d20}: {} is not possible from a light weapon of {} mm against size {} (8.1.3)",
                    location_text(cell.location),
                    c.largest_caliber.unwrap_or(0.0),
                    s.spec.size
                ),
            });
            return Ok(());
        }
    }
    for _ in 0..cell.count.max(1) {
        let mut kind = match cell.location {
            Location::Kind(k) => k,
            Location::SensorComms => {
                let name = ctx.ship_name(i);
                let d6 = ctx.roll(i, Die::D6, format!("sensor or communications, {name}"))?;
                let outcome = ctx
                    .tables
                    .sensor_comms
                    .lookup(d6)
                    .map(|r| r.outcome.clone())
                    .unwrap_or_default();
                if outcome == "communications" {
                    CriticalKind::Communications
                } else {
                    CriticalKind::Sensor
                }
            }
        };
        if cell.cargo_if_unarmed && !ctx.state.ships[i].spec.armed {
            kind = CriticalKind::Cargo;
        }
        let cause = format!("D20 {d20} on the {column} column");
        let half = cell.half_severity;
        c.fire_control_only = fire_control_only;
        let r = inflict_critical_with(ctx, i, kind, &cause, Some((d20, column)), c, half);
        c.fire_control_only = false;
        r?;
    }
    Ok(())
}

fn location_text(l: Location) -> String {
    match l {
        Location::Kind(k) => k.to_string(),
        Location::SensorComms => "sensor/comms".into(),
    }
}

fn light_allows(row: &LightWeaponRow, loc: Location) -> bool {
    row.allowed.iter().any(|a| match (a, loc) {
        (LightAllowed::Kind(k), Location::Kind(l)) => {
            *k == l || (*k == CriticalKind::OtherWeapon && l == CriticalKind::Weapon)
        }
        // "AA" and "Light Battery" allow a weapon critical limited to those mounts; a Weapon
        // location (Merchant column) is read as Other Weapon (rules-notes 8.1.3).
        (LightAllowed::Aa | LightAllowed::LightBattery, Location::Kind(k)) => {
            matches!(k, CriticalKind::OtherWeapon | CriticalKind::Weapon)
        }
        (LightAllowed::SensorCommsNotSonar, Location::SensorComms) => true,
        (
            LightAllowed::SensorCommsNotSonar,
            Location::Kind(CriticalKind::Sensor | CriticalKind::Communications),
        ) => true,
        _ => false,
    })
}

/// Inflict a critical of a known kind with its own dice (FG&DN 8.3 as far as implemented).
pub fn inflict_critical(
    ctx: &mut Ctx<'_>,
    i: usize,
    kind: CriticalKind,
    cause: &str,
    roll: Option<(u32, Column)>,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    inflict_critical_with(ctx, i, kind, cause, roll, c, false)
}

fn inflict_critical_with(
    ctx: &mut Ctx<'_>,
    i: usize,
    kind: CriticalKind,
    cause: &str,
    roll: Option<(u32, Column)>,
    c: &mut CritContext,
    half_severity: bool,
) -> Result<(), RuleError> {
    use crate::rulesets::fgdn::submarine;
    let from = ctx.events.len();
    let is_sub = ctx.state.ships[i].sub.is_some();
    let minor = roll.is_some_and(|r| r.1 == Column::SubMinor);
    if is_sub && kind == CriticalKind::MainBattery {
        // Surfaced, a submarine's torpedo tubes take the main battery result (8.1.4).
        let cause = format!("{cause}; main battery result: her torpedo tubes (8.1.4)");
        return inflict_critical_with(
            ctx,
            i,
            CriticalKind::TorpedoMount,
            &cause,
            roll,
            c,
            half_severity,
        );
    }
    inflict_kind(ctx, i, kind, cause, roll, c, half_severity)?;
    if is_sub && minor && submarine::clears_by_itself(kind) {
        submarine::schedule_clear(ctx, i, kind, from)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn inflict_kind(
    ctx: &mut Ctx<'_>,
    i: usize,
    kind: CriticalKind,
    cause: &str,
    roll: Option<(u32, Column)>,
    c: &mut CritContext,
    half_severity: bool,
) -> Result<(), RuleError> {
    use crate::rulesets::fgdn::submarine;
    let id = ctx.state.ships[i].id().to_string();
    let turn = ctx.state.clock.turn;
    let phase = ctx.state.clock.phase;
    let rec = |kind: CriticalKind| Rec { kind, cause, roll };
    let record = |detail: String, effect: EffectStatus, speed_levels: u32| Critical {
        kind,
        turn,
        phase,
        cause: cause.to_string(),
        roll: roll.map(|r| r.0),
        column: roll.map(|r| r.1),
        detail,
        effect,
        speed_levels,
    };
    match kind {
        CriticalKind::Fire | CriticalKind::Flooding => {
            let casualty = if kind == CriticalKind::Fire {
                Casualty::Fire
            } else {
                Casualty::Flood
            };
            let mut add = Vec::new();
            if let Some(light) = &c.light {
                let m = if casualty == Casualty::Fire {
                    light.fire_severity_mod
                } else {
                    light.flooding_severity_mod
                };
                if m != 0 {
                    add.push((m, "light weapon (8.1.3)".to_string()));
                }
            }
            let halve: &[&str] = if half_severity {
                &["1/2 on the table"]
            } else {
                &[]
            };
            casualty_critical(ctx, i, casualty, cause, roll, add, c, halve, None)?;
        }
        CriticalKind::Engineering if roll.is_some_and(|r| r.1 == Column::SubMinor) => {
            // Submarine Minor Damage: no fire with the engineering critical (table note).
            ctx.emit(Event::Critical {
                ship: id.clone(),
                critical: record(
                    "engineering damaged, speed -1 level; no fire (Submarine Minor Damage)".into(),
                    EffectStatus::Applied,
                    1,
                ),
            });
        }
        CriticalKind::Engineering => {
            let name = ctx.ship_name(i);
            let d10 = ctx.roll(
                i,
                Die::D10,
                format!("engineering critical, {name} (10: boiler explosion)"),
            )?;
            if d10 <= 9 {
                ctx.emit(Event::Critical {
                    ship: id.clone(),
                    critical: record(
                        format!("D10 {d10}: engineering damaged, speed -1 level, fire in the engineering spaces"),
                        EffectStatus::Applied,
                        1,
                    ),
                });
                let mods = vec![(-2, "engineering fire (8.3)".to_string())];
                casualty_critical(
                    ctx,
                    i,
                    Casualty::Fire,
                    "engineering critical (8.3)",
                    None,
                    mods,
                    c,
                    &[],
                    None,
                )?;
            } else {
                let dp = ctx.state.ships[i].spec.dp;
                let boom = dp / 4;
                ctx.emit(Event::Critical {
                    ship: id.clone(),
                    critical: record(
                        format!("D10 {d10}: boiler explosion, {boom} DP (25 % of {dp}), speed -1 level, fire"),
                        EffectStatus::Applied,
                        1,
                    ),
                });
                c.secondary_damage
                    .push((boom, format!("boiler explosion on {name} (8.3)")));
                casualty_critical(
                    ctx,
                    i,
                    Casualty::Fire,
                    "boiler explosion (8.3)",
                    None,
                    Vec::new(),
                    c,
                    &[],
                    None,
                )?;
            }
        }
        CriticalKind::MainBattery => effects::main_battery(ctx, i, &rec(kind), c)?,
        CriticalKind::Casemate => effects::casemate(ctx, i, &rec(kind), c)?,
        CriticalKind::OtherWeapon => effects::other_weapon(ctx, i, &rec(kind), c)?,
        CriticalKind::Weapon => effects::weapon(ctx, i, &rec(kind), c)?,
        CriticalKind::TorpedoMount => effects::torpedo_mount(ctx, i, &rec(kind), c)?,
        CriticalKind::FireControl => effects::fire_control(ctx, i, &rec(kind))?,
        CriticalKind::Sensor => effects::sensor(ctx, i, &rec(kind))?,
        CriticalKind::Communications => effects::communications(ctx, i, &rec(kind))?,
        CriticalKind::Bridge => {
            effects::bridge(ctx, i, &rec(kind), c)?;
            if ctx.state.ships[i].sub.is_some() {
                submarine::bridge(ctx, i, &rec(kind))?;
            }
        }
        // A submerged submarine loses depth control (8.3 Rudder); surfaced she is a surface ship.
        CriticalKind::Rudder if submarine::submerged(&ctx.state.ships[i]) => {
            submarine::depth_control(ctx, i, &rec(kind))?
        }
        CriticalKind::Rudder => effects::rudder(ctx, i, &rec(kind))?,
        CriticalKind::Personnel => effects::personnel(ctx, i, &rec(kind))?,
        CriticalKind::FuelTank => effects::fuel_tank(ctx, i, &rec(kind), c)?,
        CriticalKind::Flotation => effects::flotation(ctx, i, &rec(kind))?,
        CriticalKind::Cargo => cargo::cargo(ctx, i, &rec(kind), c)?,
        CriticalKind::Aircraft => aviation::aircraft(ctx, i, &rec(kind), c, None)?,
        CriticalKind::AmmoFuel => aviation::ammo_fuel(ctx, i, &rec(kind), c)?,
        CriticalKind::FlightDeck => aviation::flight_deck(ctx, i, &rec(kind), c)?,
        CriticalKind::HullPenetration if ctx.state.ships[i].sub.is_some() => {
            submarine::hull_penetration(ctx, i, &rec(kind))?
        }
        CriticalKind::HullDeformation if ctx.state.ships[i].sub.is_some() => {
            submarine::hull_deformation(ctx, i, &rec(kind))?
        }
        CriticalKind::Battery if ctx.state.ships[i].sub.is_some() => {
            submarine::battery(ctx, i, &rec(kind))?
        }
        CriticalKind::Switchboard if ctx.state.ships[i].sub.is_some() => {
            submarine::switchboard(ctx, i, &rec(kind))?
        }
        CriticalKind::HullPenetration
        | CriticalKind::HullDeformation
        | CriticalKind::Battery
        | CriticalKind::Switchboard => {
            // Only the submarine columns give these; a table overridden to put one in a
            // surface column gets it ignored, with the reason.
            ctx.emit(Event::CriticalIgnored {
                ship: id,
                kind,
                roll: roll.map(|r| r.0),
                reason: format!(
                    "{kind} is a submarine critical (8.1.4, 8.3): no effect on a surface ship"
                ),
            });
        }
    }
    Ok(())
}

/// A fire or flooding critical: roll its severity (FG&DN 8.2), record the critical and start the
/// casualty; a severity below 1 % means no fire or flood (the critical is logged as ignored).
#[allow(clippy::too_many_arguments)]
pub(crate) fn casualty_critical(
    ctx: &mut Ctx<'_>,
    i: usize,
    casualty: Casualty,
    cause: &str,
    roll: Option<(u32, Column)>,
    add: Vec<(i32, String)>,
    c: &CritContext,
    extra_halve: &[&str],
    dice_row: Option<SeverityDiceRow>,
) -> Result<(), RuleError> {
    casualty_critical_x(
        ctx,
        i,
        casualty,
        cause,
        roll,
        add,
        c,
        extra_halve,
        dice_row,
        Burning::default(),
    )
    .map(|_| ())
}

/// What a fuel, ammunition or aircraft fire carries beyond its severity (FG&DN 8.3, 8.4).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Burning {
    /// Added to the reduction D10 while it burns (avgas +2, cargo +1/+2/+3).
    pub reduction_mod: i32,
    /// An aircraft fire: no restart after the battle.
    pub aircraft: bool,
}

/// A fire that a burning cargo or fuel starts (FG&DN 8.3: ammunition and petroleum cargo,
/// aviation fuel): the same modifier `m` on its severity roll and on its reduction roll.
pub(crate) fn fuel_fire(
    ctx: &mut Ctx<'_>,
    i: usize,
    c: &CritContext,
    cause: &str,
    m: i32,
    why: String,
) -> Result<Option<usize>, RuleError> {
    casualty_critical_x(
        ctx,
        i,
        Casualty::Fire,
        cause,
        None,
        vec![(m, why)],
        c,
        &[],
        None,
        Burning {
            reduction_mod: m,
            aircraft: false,
        },
    )
}

/// `casualty_critical` with a reduction modifier and the aircraft mark; returns the index of
/// the new fire or flood in the ship's list, if one started.
#[allow(clippy::too_many_arguments)]
pub(crate) fn casualty_critical_x(
    ctx: &mut Ctx<'_>,
    i: usize,
    casualty: Casualty,
    cause: &str,
    roll: Option<(u32, Column)>,
    mut add: Vec<(i32, String)>,
    c: &CritContext,
    extra_halve: &[&str],
    dice_row: Option<SeverityDiceRow>,
    burning: Burning,
) -> Result<Option<usize>, RuleError> {
    let s = &ctx.state.ships[i];
    if casualty == Casualty::Flood && s.grounded.is_some() {
        add.push((-2, "beached or aground (8.1.5)".to_string()));
    }
    let id = s.id().to_string();
    let name = s.spec.name.clone();
    let year = s.spec.service_year();
    let small = s.is_small_craft();
    let row = dice_row.unwrap_or_else(|| severity_dice(&ctx.tables.severity_dice, year));
    if casualty == Casualty::Fire && s.equipment.crew_lost >= 3 {
        add.push((
            2,
            format!("{} crew factors lost (8.3)", s.equipment.crew_lost),
        ));
    }
    let mut faces = Vec::new();
    for k in 0..row.dice {
        let purpose = if row.dice > 1 {
            format!(
                "{} severity die {} of {}, {name}",
                casualty.name(),
                k + 1,
                row.dice
            )
        } else {
            format!("{} severity, {name}", casualty.name())
        };
        faces.push(ctx.roll(i, Die::D6, purpose)?);
    }
    let mut mods = SeverityMods {
        add,
        halve: Vec::new(),
    };
    if !c.penetrated {
        mods.halve.push("non-penetrating hit".into());
    }
    if let Some(cal) = c.largest_caliber {
        if cal <= ctx.tables.severity_dice.halve_small_gun_mm {
            mods.halve.push(format!("gun of {cal} mm, 76 mm or less"));
        }
    }
    for h in extra_halve {
        mods.halve.push(h.to_string());
    }
    let (pct, explain) = severity(row, &faces, &mods);
    let kind = match casualty {
        Casualty::Fire => CriticalKind::Fire,
        Casualty::Flood => CriticalKind::Flooding,
    };
    if pct < 1 {
        ctx.emit(Event::CriticalIgnored {
            ship: id,
            kind,
            roll: roll.map(|r| r.0),
            reason: format!(
                "{cause}: severity {explain}: below 1 %, no {} (8.2)",
                casualty.name()
            ),
        });
        return Ok(None);
    }
    let immediate = small || (casualty == Casualty::Flood && c.underwater);
    let clock = ctx.state.clock;
    ctx.emit(Event::Critical {
        ship: id,
        critical: Critical {
            kind,
            turn: clock.turn,
            phase: clock.phase,
            cause: cause.to_string(),
            roll: roll.map(|r| r.0),
            column: roll.map(|r| r.1),
            detail: format!("{} {pct} %: {explain}", casualty.name()),
            effect: EffectStatus::Applied,
            speed_levels: 0,
        },
    });
    let index = ctx.state.ships[i].casualties(casualty).len();
    start_casualty_x(ctx, i, casualty, pct as u32, immediate, explain, burning);
    Ok(Some(index))
}

/// Record a new fire or flood with its timing (SPEC 3.4): first damage at T+3 in the Resolution
/// Phase, or at once (in the phase being resolved) for torpedo/mine flooding and small craft.
pub fn start_casualty(
    ctx: &mut Ctx<'_>,
    i: usize,
    casualty: Casualty,
    pct: u32,
    immediate: bool,
    cause: String,
) {
    start_casualty_x(ctx, i, casualty, pct, immediate, cause, Burning::default())
}

fn start_casualty_x(
    ctx: &mut Ctx<'_>,
    i: usize,
    casualty: Casualty,
    pct: u32,
    immediate: bool,
    cause: String,
    burning: Burning,
) {
    let clock = ctx.state.clock;
    let (first, phase) = if immediate {
        (clock.turn, clock.phase)
    } else {
        (
            ctx.state.clock_options.first_damage_turn(clock.turn),
            Phase::Resolution,
        )
    };
    let id = ctx.state.ships[i].id().to_string();
    ctx.emit(Event::CasualtyStarted {
        ship: id,
        casualty: FireFlood {
            casualty,
            pct,
            inflicted: clock.turn,
            phase: clock.phase,
            first_damage: first,
            next_due: Some(first),
            due_phase: phase,
            immediate,
            cause,
            damage_done: 0,
            reduction_mod: burning.reduction_mod,
            aircraft: burning.aircraft,
        },
    });
}

/// Damage from the casualties of ship `i` due now and any secondary explosions, each round with
/// its critical check (SPEC 3.4 steps 1-2); repeated while new immediate casualties (small craft)
/// or explosions come due.
fn casualty_damage_step(ctx: &mut Ctx<'_>, i: usize, c: &mut CritContext) -> Result<(), RuleError> {
    for _ in 0..MAX_CHAIN {
        let s = &ctx.state.ships[i];
        let id = s.id().to_string();
        let dp = s.spec.dp;
        let next_mark = timers::next_casualty_damage(&ctx.state);
        let ticks: Vec<_> = timers::due_now(&ctx.state, ctx.tables, i)
            .into_iter()
            .filter_map(|kind| match kind {
                TimerKind::CasualtyDamage { casualty, index } => {
                    let pct = s.casualties(casualty)[index].pct;
                    Some((casualty, index, casualty_damage(pct, dp), pct))
                }
                _ => None,
            })
            .collect();
        let mut parts = std::mem::take(&mut c.secondary_damage);
        if ticks.is_empty() && parts.is_empty() {
            return Ok(());
        }
        for (casualty, index, amount, pct) in ticks.into_iter().rev() {
            ctx.emit(Event::CasualtyDamage {
                ship: id.clone(),
                casualty,
                index,
                amount,
                next_due: Some(next_mark),
                due_phase: Phase::Resolution,
            });
            parts.insert(0, (amount, format!("{} {pct} %", casualty.name())));
        }
        let more = damage_with_criticals(ctx, i, &parts)?;
        c.secondary_damage.extend(more);
    }
    Ok(())
}

/// Damage that is not a hit (fire, flooding, explosions): applied at once, then its critical
/// roll on the ship's own column and the sinking check. Returns the damage of any new
/// explosions it causes.
fn damage_with_criticals(
    ctx: &mut Ctx<'_>,
    i: usize,
    parts: &[(u32, String)],
) -> Result<Vec<(u32, String)>, RuleError> {
    let id = ctx.state.ships[i].id().to_string();
    let total: u32 = parts.iter().map(|(a, _)| a).sum();
    let left_before = ctx.state.ships[i].dp_left();
    ctx.emit(Event::Damage {
        ship: id,
        amount: total,
        cause: parts
            .iter()
            .map(|(a, why)| format!("{why} = {a} DP"))
            .collect::<Vec<_>>()
            .join("; "),
    });
    let taken = if ctx.state.ships[i].is_small_craft() {
        total
    } else {
        left_before - ctx.state.ships[i].dp_left()
    };
    // Fire, flooding and explosions are not hits: the new casualties they cause are not halved
    // as "non-penetrating" (8.2 halves for a hit that did not penetrate).
    let mut cc = CritContext::plain(true);
    cc.damage = total;
    let count = critical_roll(ctx, i, taken, &cc)?;
    let column = own_column(&ctx.state.ships[i]);
    for n in 0..count {
        if lost_submarine(ctx, i) {
            break;
        }
        located_critical(ctx, i, column, n + 1, count, &mut cc)?;
    }
    sinking_check(ctx, i)?;
    Ok(cc.secondary_damage)
}

/// A submarine already lost with all hands (8.3 Hull Penetration, 8.1.8) rolls no more
/// criticals for the batch: there is nothing left for them to strike.
fn lost_submarine(ctx: &Ctx<'_>, i: usize) -> bool {
    let s = &ctx.state.ships[i];
    s.sub.is_some() && s.status == crate::rulesets::fgdn::state::ShipStatus::Sunk
}

/// The column for damage that is not a hit (fire, flooding, explosions): the ship's own; a
/// submerged submarine's is the Minor Damage column (rules-notes, Submarines).
fn own_column(s: &crate::rulesets::fgdn::state::ShipState) -> Column {
    if crate::rulesets::fgdn::submarine::submerged(s) {
        Column::SubMinor
    } else {
        s.spec.column
    }
}

/// After an umpire's `crit`: a secondary explosion's damage happens at once (casualties due in
/// this phase still wait for its end).
pub fn after_command_damage(ctx: &mut Ctx<'_>, i: usize, c: &CritContext) -> Result<(), RuleError> {
    let mut pending = c.secondary_damage.clone();
    for _ in 0..MAX_CHAIN {
        if pending.is_empty() {
            break;
        }
        pending = damage_with_criticals(ctx, i, &pending)?;
    }
    Ok(())
}

/// A ship at 0 DP (or a small craft with 2 x DP in one turn) starts to sink (FG&DN 8.1, 8.1.8).
fn sinking_check(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    if !s.is_afloat() {
        return Ok(());
    }
    if s.grounded.is_some() {
        return grounded_check(ctx, i);
    }
    if s.is_small_craft() {
        if s.turn_damage >= s.spec.dp.saturating_mul(2) {
            let why = format!(
                "{} DP this turn, twice its {} DP (8.1)",
                s.turn_damage, s.spec.dp
            );
            start_sinking(ctx, i, &why)?;
        }
    } else if s.dp_left() == 0 {
        start_sinking(ctx, i, "reduced to 0 DP (8.1)")?;
    }
    Ok(())
}

/// A beached or grounded ship is destroyed at twice the damage that would sink it; below that
/// it stays where it is (FG&DN 8.1.5).
fn grounded_check(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let taken = if s.is_small_craft() {
        s.turn_damage
    } else {
        s.damage
    };
    let limit = grounding::destroyed_at(s);
    if taken >= limit {
        let id = s.id().to_string();
        let how = s.grounded.map(|g| g.name()).unwrap_or("beached");
        let what = if s.is_small_craft() {
            "this turn"
        } else {
            "in all"
        };
        ctx.emit(Event::SunkAtOnce {
            ship: id,
            cause: format!(
                "destroyed {how}: {taken} DP {what}, twice what would sink it ({limit}) (8.1.5)"
            ),
        });
    }
    Ok(())
}

/// Roll D10 x 10 minutes to sink (FG&DN 8.1.8); a beached or grounded ship does not sink
/// (8.1.5).
fn start_sinking(ctx: &mut Ctx<'_>, i: usize, cause: &str) -> Result<(), RuleError> {
    if ctx.state.ships[i].grounded.is_some() {
        let id = ctx.state.ships[i].id().to_string();
        ctx.emit(Event::StaysGrounded {
            ship: id,
            cause: cause.to_string(),
        });
        return grounded_check(ctx, i);
    }
    let id = ctx.state.ships[i].id().to_string();
    // Submerged submarines sink at once (8.1.8).
    if let Some(u) = ctx.state.ships[i]
        .sub
        .as_ref()
        .filter(|u| u.depth().submerged())
    {
        let at = u.depth().words();
        ctx.emit(Event::SunkAtOnce {
            ship: id,
            cause: format!("{cause}: submerged at {at}, she sinks at once (8.1.8)"),
        });
        return Ok(());
    }
    let name = ctx.ship_name(i);
    let d10 = ctx.roll(
        i,
        Die::D10,
        format!("time to sink, {name} (D10 x 10 minutes)"),
    )?;
    let minutes = d10 * 10;
    ctx.emit(Event::SinkingStarted {
        ship: id,
        minutes,
        due: ctx.state.clock.turn + minutes,
        cause: cause.to_string(),
    });
    Ok(())
}

/// Everything due for ship `i` at the end of the current phase, in the order of SPEC 3.4.
pub fn timed_effects(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let mut c = CritContext::plain(true);
    casualty_damage_step(ctx, i, &mut c)?;
    crate::rulesets::fgdn::damage_control::dc_step(ctx, i)?;
    crate::rulesets::fgdn::damage_control::checks_step(ctx, i)?;
    effects::timed(ctx, i)?;
    cargo::timed(ctx, i)?;
    crate::rulesets::fgdn::submarine::timed(ctx, i)?;
    crate::rulesets::fgdn::rescue::timed(ctx, i)?;
    crate::rulesets::fgdn::airship::timed(ctx, i)?;
    // Sinking ships disappear in the Movement Phase (8.1.8).
    if timers::is_due(&ctx.state, ctx.tables, i, TimerKind::Disappears) {
        let id = ctx.state.ships[i].id().to_string();
        ctx.emit(Event::Sunk { ship: id });
    }
    Ok(())
}
