//! Cargo critical hits (FG&DN 8.3 Cargo and the Cargo Damage Table): a random hold, then its
//! contents decide: ammunition (lost, burning with an explosion risk at each following mark, or
//! exploding), petroleum (a fire with the product's modifier), troops, general supplies,
//! vehicles, aircraft. Small craft lose a quarter of their cargo. Cargo is never repaired (8.4).
use crate::core::dice::Die;
use crate::rulesets::fgdn::effects::{
    destroyed, effect, ignore, ignored, pick, record, Effect, Rec,
};
use crate::rulesets::fgdn::engine::{find_ship, Ctx, RuleError};
use crate::rulesets::fgdn::event::Event;
use crate::rulesets::fgdn::kinds::CriticalKind;
use crate::rulesets::fgdn::resolve::{fuel_fire, CritContext};
use crate::rulesets::fgdn::scenario::CargoContents;
use crate::rulesets::fgdn::state::ShipState;
use crate::rulesets::fgdn::status::CargoView;
use crate::rulesets::fgdn::tables::AmmoResult;
use crate::rulesets::fgdn::timers::{self, TimerKind};

/// What is left in hold `k`.
pub fn left(s: &ShipState, k: usize) -> u32 {
    let amount = s.spec.cargo.get(k).map(|h| h.amount).unwrap_or(0);
    amount.saturating_sub(s.equipment.cargo_lost.get(&k).copied().unwrap_or(0))
}

pub(crate) fn hold_text(s: &ShipState, k: usize) -> String {
    let h = &s.spec.cargo[k];
    format!(
        "{} ({} {} {})",
        h.hold,
        left(s, k),
        h.contents.unit(),
        h.product
            .as_deref()
            .map(|p| format!("of {p}"))
            .unwrap_or_else(|| h.contents.name().replace('_', " "))
    )
}

/// Cargo lost from hold `k`, when any is.
fn lose(ctx: &mut Ctx<'_>, i: usize, k: usize, amount: u32) {
    if amount > 0 {
        effect(ctx, i, Effect::CargoLost { hold: k, amount });
    }
}

/// The cargo damage die for hold `k` ("cargo damage, SHIP: ABOUT in HOLD (FACES)"): the hold's
/// words and the face.
fn hold_roll(
    ctx: &mut Ctx<'_>,
    i: usize,
    k: usize,
    about: &str,
    faces: &str,
) -> Result<(String, u32), RuleError> {
    let name = ctx.ship_name(i);
    let what = hold_text(&ctx.state.ships[i], k);
    let d10 = ctx.roll(
        i,
        Die::D10,
        format!("cargo damage, {name}: {about} in {what} ({faces})"),
    )?;
    Ok((what, d10))
}

/// The burning ammunition hold's fire is still burning.
pub(crate) fn risk_active(s: &ShipState, f: &crate::rulesets::fgdn::effects::CargoFire) -> bool {
    s.fires
        .get(f.fire)
        .is_some_and(|x| x.next_due.is_some() && x.pct > 0)
        && left(s, f.hold) > 0
}

/// Cargo critical (FG&DN 8.3).
pub fn cargo(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    if s.spec.cargo.is_empty() {
        record(
            ctx,
            i,
            r,
            "cargo hit (no cargo in the scenario: the umpire applies the Cargo Damage Table)"
                .into(),
            0,
        );
        return Ok(());
    }
    if s.is_small_craft() {
        return small_craft(ctx, i, r);
    }
    let holds: Vec<usize> = (0..s.spec.cargo.len())
        .filter(|&k| left(s, k) > 0)
        .collect();
    if holds.is_empty() {
        ignore(ctx, i, r, "no cargo left aboard (8.3)".into());
        return Ok(());
    }
    let k = holds[pick(ctx, i, holds.len(), "hold or tank")?];
    let contents = ctx.state.ships[i].spec.cargo[k].contents;
    match contents {
        CargoContents::Ammo => ammo(ctx, i, r, c, k),
        CargoContents::Petroleum => petroleum(ctx, i, r, c, k),
        CargoContents::Troops => troops(ctx, i, r, c, k),
        CargoContents::GeneralSupplies | CargoContents::Vehicles | CargoContents::Aircraft => {
            by_damage(ctx, i, r, c, k)
        }
    }
}

/// Small craft: a quarter of the cargo destroyed, every hold alike (8.3 Cargo).
fn small_craft(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let pct = ctx.tables.cargo.small_craft_destroyed_pct;
    let s = &ctx.state.ships[i];
    let losses: Vec<(usize, u32, String)> = (0..s.spec.cargo.len())
        .map(|k| {
            let lost = left(s, k) * pct / 100;
            (k, lost, format!("{} -{lost}", s.spec.cargo[k].hold))
        })
        .collect();
    let text: Vec<String> = losses.iter().map(|(_, _, t)| t.clone()).collect();
    for (k, lost, _) in &losses {
        lose(ctx, i, *k, *lost);
    }
    record(
        ctx,
        i,
        r,
        format!(
            "small craft: {pct} % of the cargo destroyed ({})",
            text.join(", ")
        ),
        0,
    );
    Ok(())
}

fn ammo(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
    k: usize,
) -> Result<(), RuleError> {
    let (what, d10) = hold_roll(
        ctx,
        i,
        k,
        "ammunition",
        "1-2 lost, 3-7 lost and fire, 8-10 explodes",
    )?;
    let Some(row) = ctx.tables.cargo.ammo.lookup(d10).copied() else {
        return Ok(());
    };
    if row.result == AmmoResult::Explosion {
        return explode(
            ctx,
            i,
            r,
            k,
            format!("{what}: D10 {d10}: the ammunition EXPLODES"),
        );
    }
    let name = ctx.ship_name(i);
    let d100 = ctx.roll(
        i,
        Die::D100,
        format!("cargo damage, {name}: % of the ammunition in {what} lost (D100 %)"),
    )?;
    let lost = left(&ctx.state.ships[i], k) * d100 / 100;
    lose(ctx, i, k, lost);
    if row.result == AmmoResult::Lost {
        record(
            ctx,
            i,
            r,
            format!("{what}: D10 {d10}: D100 {d100} % of the ammunition lost ({lost} tons)"),
            0,
        );
        return Ok(());
    }
    record(
        ctx,
        i,
        r,
        format!(
            "{what}: D10 {d10}: D100 {d100} % of the ammunition lost ({lost} tons) and a FIRE ({:+} severity and reduction); {} % explosion risk at each following mark while it burns",
            row.fire_mod, row.explosion_risk_pct
        ),
        0,
    );
    let fire = fuel_fire(
        ctx,
        i,
        c,
        "ammunition cargo fire (8.3)",
        row.fire_mod,
        "ammunition cargo (8.3)".into(),
    )?;
    if let Some(fire) = fire {
        if row.explosion_risk_pct > 0 && left(&ctx.state.ships[i], k) > 0 {
            let from = ctx.state.clock.turn;
            effect(
                ctx,
                i,
                Effect::CargoFire {
                    hold: k,
                    fire,
                    risk_pct: row.explosion_risk_pct,
                    from,
                },
            );
        }
    }
    Ok(())
}

/// An ammunition hold explodes: the ship is destroyed; each other ammunition hold explodes too
/// on D100 <= 70; nearby ships take tons / 5, / 25, / 200 DP at 500, 1000, 2000 yards (8.3).
fn explode(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    k: usize,
    what: String,
) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let chain = ctx.tables.cargo.ammo.chain_explosion_pct;
    let s = &ctx.state.ships[i];
    let mut tons = vec![left(s, k)];
    let others: Vec<usize> = (0..s.spec.cargo.len())
        .filter(|&o| o != k && s.spec.cargo[o].contents == CargoContents::Ammo && left(s, o) > 0)
        .collect();
    let mut chained = Vec::new();
    for o in others {
        let h = ctx.state.ships[i].spec.cargo[o].hold.clone();
        let d = ctx.roll(
            i,
            Die::D100,
            format!("cargo explosion, {name}: does the ammunition in {h} explode too (1-{chain})"),
        )?;
        if d <= chain {
            tons.push(left(&ctx.state.ships[i], o));
            chained.push(format!("{h} too (D100 {d})"));
        } else {
            chained.push(format!("{h} holds (D100 {d})"));
        }
    }
    let blast: Vec<String> = ctx
        .tables
        .cargo
        .ammo
        .blast
        .iter()
        .map(|b| {
            let dp: u32 = tons.iter().map(|t| t / b.tons_per_dp.max(1)).sum();
            format!("{} yds {dp} DP", b.yards)
        })
        .collect();
    let total: u32 = tons.iter().sum();
    let detail = format!(
        "{what}{}: the ship is destroyed; {total} tons exploded, nearby ships take {}",
        if chained.is_empty() {
            String::new()
        } else {
            format!("; other ammunition holds: {}", chained.join(", "))
        },
        blast.join(", ")
    );
    record(ctx, i, r, detail.clone(), 0);
    destroyed(
        ctx,
        i,
        format!("ammunition cargo explosion (8.3): {detail}"),
    );
    Ok(())
}

fn petroleum(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
    k: usize,
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let what = hold_text(s, k);
    let product = s.spec.cargo[k].product.clone().unwrap_or_default();
    let m = ctx.tables.cargo.petroleum_fire_mod(&product).unwrap_or(0);
    record(
        ctx,
        i,
        r,
        format!("{what}: petroleum FIRE ({product} {m:+} to the severity and reduction rolls)"),
        0,
    );
    fuel_fire(
        ctx,
        i,
        c,
        "petroleum cargo fire (8.3)",
        m,
        format!("{product} cargo (8.3)"),
    )?;
    Ok(())
}

fn troops(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
    k: usize,
) -> Result<(), RuleError> {
    let (what, d10) = hold_roll(ctx, i, k, "troops", "casualties 1-4 x the DP")?;
    let mult = ctx
        .tables
        .cargo
        .troops(d10)
        .map(|row| row.dp_multiple)
        .unwrap_or(1);
    if c.damage == 0 {
        record(
            ctx,
            i,
            r,
            format!("{what}: D10 {d10}: {mult} x the hit's DP in casualties (no hit's DP: the umpire counts them)"),
            0,
        );
        return Ok(());
    }
    let lost = (mult * c.damage).min(left(&ctx.state.ships[i], k));
    effect(
        ctx,
        i,
        Effect::CargoLost {
            hold: k,
            amount: lost,
        },
    );
    record(
        ctx,
        i,
        r,
        format!(
            "{what}: D10 {d10}: {mult} x {} DP = {lost} casualties",
            c.damage
        ),
        0,
    );
    Ok(())
}

/// General supplies (DP/2 tons), vehicles (DP/2) and aircraft (DP/5 damaged) (8.3).
fn by_damage(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
    k: usize,
) -> Result<(), RuleError> {
    let t = &ctx.tables.cargo;
    let s = &ctx.state.ships[i];
    let what = hold_text(s, k);
    let (div, verb) = match s.spec.cargo[k].contents {
        CargoContents::GeneralSupplies => (t.general_supplies_dp_divisor, "tons destroyed"),
        CargoContents::Vehicles => (t.vehicles_dp_divisor, "vehicles destroyed"),
        _ => (t.aircraft_dp_divisor, "aircraft damaged"),
    };
    if c.damage == 0 {
        record(
            ctx,
            i,
            r,
            format!("{what}: the hit's DP / {div} {verb} (no hit's DP: the umpire counts them)"),
            0,
        );
        return Ok(());
    }
    let lost = (c.damage / div.max(1)).min(left(s, k));
    lose(ctx, i, k, lost);
    record(
        ctx,
        i,
        r,
        format!("{what}: {} DP / {div} = {lost} {verb}", c.damage),
        0,
    );
    Ok(())
}

/// At each mark after an ammunition hold caught fire, while the fire burns: D100 <= 25 the hold
/// explodes (8.3 Cargo Damage Table). In the Resolution Phase, after the conflagration and
/// capsize checks.
pub fn timed(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let fires = ctx.state.ships[i].equipment.cargo_fires.clone();
    for (k, f) in fires.into_iter().enumerate() {
        if !timers::is_due(&ctx.state, ctx.tables, i, TimerKind::CargoRisk { fire: k }) {
            continue;
        }
        let s = &ctx.state.ships[i];
        let name = s.spec.name.clone();
        let what = hold_text(s, f.hold);
        let d = ctx.roll(
            i,
            Die::D100,
            format!(
                "cargo explosion risk, {name}: burning ammunition in {what} explodes on 1-{}",
                f.risk_pct
            ),
        )?;
        if d <= f.risk_pct {
            let r = Rec {
                kind: CriticalKind::Cargo,
                cause: "burning ammunition cargo (8.3)",
                roll: None,
            };
            explode(
                ctx,
                i,
                &r,
                f.hold,
                format!(
                    "{what}: D100 {d} <= {}: the burning ammunition EXPLODES",
                    f.risk_pct
                ),
            )?;
            return Ok(());
        }
        let reason = format!(
            "cargo explosion risk: D100 {d} > {}: the ammunition in {what} holds",
            f.risk_pct
        );
        ignored(ctx, i, CriticalKind::Cargo, None, reason);
    }
    Ok(())
}

/// Holds with what is left, for the status.
pub fn views(s: &ShipState) -> Vec<CargoView> {
    (0..s.spec.cargo.len())
        .map(|k| {
            let h = &s.spec.cargo[k];
            CargoView {
                hold: h.hold.clone(),
                contents: h.contents.name(),
                unit: h.contents.unit(),
                amount: h.amount,
                left: left(s, k),
                explosion_risk_pct: s
                    .equipment
                    .cargo_fires
                    .iter()
                    .find(|f| f.hold == k && risk_active(s, f))
                    .map(|f| f.risk_pct),
            }
        })
        .collect()
}

/// The ship's hold named `hold` (case-insensitive), or a refusal naming the holds it has.
fn find_hold(s: &ShipState, hold: &str) -> Result<usize, RuleError> {
    let wanted = hold.trim().to_lowercase();
    if let Some(k) = s
        .spec
        .cargo
        .iter()
        .position(|h| h.hold.trim().to_lowercase() == wanted)
    {
        return Ok(k);
    }
    let holds: Vec<String> = s
        .spec
        .cargo
        .iter()
        .map(|h| format!("\"{}\"", h.hold))
        .collect();
    Err(RuleError::Refused(if holds.is_empty() {
        format!(
            "{} ({}) has no cargo holds in the scenario: there is no hold \"{hold}\" to flood",
            s.spec.name,
            s.id()
        )
    } else {
        format!(
            "{} ({}) has no hold \"{hold}\"; its holds: {}",
            s.spec.name,
            s.id(),
            holds.join(", ")
        )
    }))
}

/// `flood-hold SHIP HOLD`: flooding a burning ammunition hold stops its fire and its explosion
/// risk, and all the cargo in it is lost (8.3 Cargo Damage Table). Any phase of the battle; only
/// an ammunition hold whose fire still burns (anything else has nothing to stop).
pub fn flood_hold(ctx: &mut Ctx<'_>, ship: &str, hold: &str) -> Result<(), RuleError> {
    let refused = |m: String| Err(RuleError::Refused(m));
    let i = find_ship(&ctx.state, ship)?;
    let s = &ctx.state.ships[i];
    if !s.is_afloat() {
        return refused(format!(
            "{} ({}) is {}",
            s.spec.name,
            s.id(),
            s.status.name()
        ));
    }
    let k = find_hold(s, hold)?;
    let h = &s.spec.cargo[k];
    if h.contents != CargoContents::Ammo {
        return refused(format!(
            "{}'s {} carries {}: only an ammunition hold's fire or explosion risk is stopped by flooding it (8.3 Cargo Damage Table); other fires are fought by damage control",
            s.spec.name,
            h.hold,
            h.contents.name().replace('_', " ")
        ));
    }
    let burning = s
        .equipment
        .cargo_fires
        .iter()
        .find(|f| f.hold == k && risk_active(s, f));
    let Some(f) = burning.copied() else {
        return refused(format!(
            "the ammunition in {}'s {} is not burning ({} tons left): flooding it would only lose the cargo, there is no fire or explosion risk to stop (8.3)",
            s.spec.name,
            h.hold,
            left(s, k)
        ));
    };
    ctx.emit(Event::HoldFlooded {
        ship: s.id().to_string(),
        hold: k,
        lost: left(s, k),
        fire: Some(f.fire),
    });
    Ok(())
}
