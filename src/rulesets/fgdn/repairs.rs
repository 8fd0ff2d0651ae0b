//! After the battle (FG&DN 8.4 Repairs, 8.5 Equipment Serviceability; SPEC 3.6): `end-battle`
//! moves the clock to the 6, 12, 24 and 48-hour marks; at each mark every repairable critical
//! gets its repair roll, flooding patches may pop and fires may restart.
use crate::core::dice::Die;
use crate::rulesets::fgdn::clock::{
    label, Clock, Minute, Phase, Scale, MINUTES_PER_DAY, POST_BATTLE_HOURS,
};
use crate::rulesets::fgdn::effects::RudderState;
use crate::rulesets::fgdn::engine::{Ctx, RuleError};
use crate::rulesets::fgdn::event::{Casualty, Critical, EffectStatus, Event};
use crate::rulesets::fgdn::fire_flood::{casualty_damage, severity, severity_dice, SeverityMods};
use crate::rulesets::fgdn::kinds::CriticalKind;
use crate::rulesets::fgdn::scenario::Battery;
use crate::rulesets::fgdn::state::{GameState, ShipState, ShipStatus};
use crate::rulesets::fgdn::tables::{NavyRank, SeverityDiceRow, Tables};
use crate::rulesets::fgdn::timers::{self, TimerKind};
use serde::{Deserialize, Serialize};

fn refused<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::Refused(msg.into()))
}

/// The post-battle timeline (SPEC 3.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostBattle {
    /// Absolute minute the battle ended; the marks are 6, 12, 24 and 48 hours after it.
    pub ended: Minute,
    /// The 48-hour rolls are done.
    pub finished: bool,
}

impl PostBattle {
    /// Hours since the end of the battle at the clock's turn.
    pub fn hours_at(&self, turn: Minute) -> u32 {
        turn.saturating_sub(self.ended) / 60
    }
    pub fn mark_minute(&self, hours: u32) -> Minute {
        self.ended + hours * 60
    }
}

/// The mark after `hours` (6 -> 12, ..., 48 -> None).
pub fn next_hours(hours: u32) -> Option<u32> {
    POST_BATTLE_HOURS.iter().copied().find(|h| *h > hours)
}

/// A system a repair roll can bring back (FG&DN 8.4; 8.5 breakdowns).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "system", rename_all = "snake_case")]
pub enum RepairTarget {
    /// A weapon mount (index into the scenario's mounts).
    Mount {
        index: usize,
    },
    /// One fire-control director of a battery (or the battery's fire control without one).
    Director {
        battery: Battery,
    },
    /// Fire control damage described without directors in the scenario.
    FireControl {
        what: String,
    },
    Sensor {
        what: String,
    },
    Comms {
        what: String,
    },
    /// One speed level lost to an engineering critical or an engineering plant breakdown.
    Engineering,
    Bridge,
    Rudder,
    FlightDeck,
    /// A destroyed aircraft that was only damaged (8.4, with the optional 8.7): repaired on the
    /// Breakdown Repair Table (8.5).
    Aircraft {
        place: crate::rulesets::fgdn::effects::AircraftPlace,
    },
    /// A damaged aircraft of a flight (8.5, with the optional 8.7), 1-based.
    Plane {
        plane: u32,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RepairState {
    Open,
    Repaired {
        hours: u32,
    },
    /// The 48-hour roll failed: it cannot be repaired at sea (FG&DN 8.4).
    NotAtSea,
}

/// One repairable system of a ship after the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RepairItem {
    pub what: String,
    pub target: RepairTarget,
    /// First mark with a roll: 6 h, or 12 h for the bridge and flight deck.
    pub from_hours: u32,
    /// An 8.5 breakdown: repaired on the Breakdown Repair Table, not the Repair Roll.
    pub breakdown: bool,
    pub state: RepairState,
}

/// Fire restart chance at each mark (FG&DN 8.4 Fire: 10, 5, 2, 1 %).
pub fn restart_pct(hours: u32) -> u32 {
    match hours {
        6 => 10,
        12 => 5,
        24 => 2,
        _ => 1,
    }
}

/// The repair chance of an item at a mark, with its explanation (FG&DN 8.4, 8.5).
pub fn repair_chance(
    tables: &Tables,
    state: &GameState,
    s: &ShipState,
    item: &RepairItem,
    hours: u32,
) -> (u32, String) {
    let (chance, explain) = base_chance(tables, s, item, hours);
    match s.equipment.repair_base {
        Some(b) => (
            chance + b.bonus(),
            format!("{explain}, +{} % {} (8.5)", b.bonus(), b.name()),
        ),
        // A flight's aircraft are repaired aboard its carrier: her tender or port (8.5).
        None => match carrier_base(state, s) {
            Some((b, carrier)) => (
                chance + b.bonus(),
                format!(
                    "{explain}, +{} % {} of her carrier {carrier} (8.5)",
                    b.bonus(),
                    b.name()
                ),
            ),
            None => (chance, explain),
        },
    }
}

/// The repair base of a flight's carrier and her name, when the flight has a carrier afloat
/// that is alongside a tender or in port (8.5).
fn carrier_base(
    state: &GameState,
    s: &ShipState,
) -> Option<(crate::rulesets::fgdn::effects::RepairBase, String)> {
    let id = s.spec.flight.as_ref()?.carrier.as_deref()?;
    let c = &state.ships[state.ship_index(id)?];
    if !c.is_afloat() {
        return None;
    }
    Some((c.equipment.repair_base?, c.spec.name.clone()))
}

fn base_chance(tables: &Tables, s: &ShipState, item: &RepairItem, hours: u32) -> (u32, String) {
    if item.breakdown {
        let t = &tables.breakdown_repair;
        let rank = navy_rank(tables, s);
        let i = t.hours.iter().position(|h| *h == hours).unwrap_or(0);
        let pct = t.row(rank).repair_pct.get(i).copied().unwrap_or(0);
        let r = match rank {
            NavyRank::First => "first",
            NavyRank::Second => "second",
        };
        let land = crate::rulesets::fgdn::flight::land_bonus(s);
        let plus = if land > 0 {
            format!(", +{land} % land-based aircraft")
        } else {
            String::new()
        };
        return (
            pct + land,
            format!("Breakdown Repair Table, {r}-rank navy, {hours} h: {pct} %{plus}"),
        );
    }
    let dp = s.spec.dp.max(1);
    let left = s.spec.dp.saturating_sub(s.damage.min(s.spec.dp));
    let full = left * 100 / dp;
    if hours <= 12 {
        (
            full / 2,
            format!(
                "Repair Roll {left}/{dp} = {full} %, halved at {hours} h = {} %",
                full / 2
            ),
        )
    } else {
        (full, format!("Repair Roll {left}/{dp} = {full} %"))
    }
}

/// First-rank navies (FG&DN 8.5): the table's list, read through the one table of navy names
/// (SPEC 3.8: "US", "UK", "German" ...); every other navy, or none given, is second rank.
pub fn navy_rank(tables: &Tables, s: &ShipState) -> NavyRank {
    let navy = crate::rulesets::fgdn::nation::Navy::of(s.spec.nation.as_deref());
    tables.breakdown_repair.rank(navy)
}

/// Chance of a flooding patch popping (FG&DN 8.4): sea state x 5 % - (30 - speed) %.
pub fn patch_chance(sea_state: u32, speed: u32) -> (u32, String) {
    let raw = sea_state as i64 * 5 - (30 - speed as i64);
    let pct = raw.clamp(0, 100) as u32;
    (
        pct,
        format!(
            "sea state {sea_state} x 5 % - (30 - {speed} kt) % = {raw} %{}",
            if raw < 0 { ", no chance" } else { "" }
        ),
    )
}

pub fn mount_text(s: &ShipState, k: usize) -> String {
    s.spec
        .mounts
        .get(k)
        .map(|m| format!("{} ({} battery)", m.name, m.battery))
        .unwrap_or_else(|| format!("mount {k}"))
}

/// The systems a ship can try to repair after the battle (FG&DN 8.4), from its equipment and
/// criticals: breakdowns first, then mounts, directors, fire control, sensors, communications,
/// engineering, bridge, rudder, flight deck. Structure, personnel, fuel tanks, flotation and
/// cargo are not repairable at sea.
pub fn repair_items(s: &ShipState) -> Vec<RepairItem> {
    let e = &s.equipment;
    let mut v = Vec::new();
    let item = |what: String, target: RepairTarget, from: u32, breakdown: bool| RepairItem {
        what,
        target,
        from_hours: from,
        breakdown,
        state: RepairState::Open,
    };
    for (t, what) in &e.breakdowns {
        v.push(item(format!("{what} (breakdown, 8.5)"), t.clone(), 6, true));
    }
    let broken = |t: &RepairTarget| e.breakdowns.iter().filter(|(b, _)| b == t).count();
    for k in 0..s.spec.mounts.len() {
        let t = RepairTarget::Mount { index: k };
        let damaged = e.mounts_out.get(k).copied().unwrap_or(false)
            || e.thirds_lost.get(k).copied().unwrap_or(0) > 0;
        if damaged && broken(&t) == 0 {
            v.push(item(mount_text(s, k), t, 6, false));
        }
    }
    for (b, n) in &e.directors_lost {
        for _ in 0..*n {
            v.push(item(
                format!("{b} fire control director"),
                RepairTarget::Director { battery: *b },
                6,
                false,
            ));
        }
    }
    for what in &e.fire_control_notes {
        v.push(item(
            "fire control".into(),
            RepairTarget::FireControl { what: what.clone() },
            6,
            false,
        ));
    }
    let mut skip: Vec<String> = e
        .breakdowns
        .iter()
        .filter_map(|(t, _)| match t {
            RepairTarget::Sensor { what } => Some(what.clone()),
            _ => None,
        })
        .collect();
    for what in &e.sensors_out {
        if let Some(p) = skip.iter().position(|x| x == what) {
            skip.remove(p);
            continue;
        }
        v.push(item(
            what.replace('_', " "),
            RepairTarget::Sensor { what: what.clone() },
            6,
            false,
        ));
    }
    for what in &e.comms_out {
        v.push(item(
            what.replace('_', " "),
            RepairTarget::Comms { what: what.clone() },
            6,
            false,
        ));
    }
    let cleared: Vec<usize> = s.sub.iter().flat_map(|u| u.cleared_criticals()).collect();
    for (k, c) in s.criticals.iter().enumerate() {
        if c.kind == CriticalKind::Engineering && c.speed_levels > 0 && !cleared.contains(&k) {
            v.push(item(
                format!(
                    "engineering (critical at {}, speed -1 level)",
                    label(c.turn)
                ),
                RepairTarget::Engineering,
                6,
                false,
            ));
        }
    }
    if e.bridge_hit {
        v.push(item("bridge".into(), RepairTarget::Bridge, 12, false));
    }
    if matches!(
        e.rudder,
        Some(RudderState::Jammed | RudderState::Stuck | RudderState::Disabled)
    ) {
        v.push(item("rudder".into(), RepairTarget::Rudder, 6, false));
    } else if s.sub.as_ref().is_some_and(|u| u.depth_control_lost) {
        // A submarine's rudder critical is lost depth control (8.3): repaired as the rudder.
        v.push(item("depth control".into(), RepairTarget::Rudder, 6, false));
    }
    for (place, n) in &e.aircraft_damaged {
        for _ in 0..*n {
            v.push(item(
                format!("aircraft ({}), only damaged (8.4, 8.7)", place.name()),
                RepairTarget::Aircraft { place: *place },
                6,
                true,
            ));
        }
    }
    for plane in crate::rulesets::fgdn::flight::damaged(s) {
        v.push(item(
            format!("aircraft {plane}, damaged (8.5, 8.7)"),
            RepairTarget::Plane { plane },
            6,
            true,
        ));
    }
    for c in &s.criticals {
        if c.kind == CriticalKind::FlightDeck {
            v.push(item(
                format!("flight deck (critical at {})", label(c.turn)),
                RepairTarget::FlightDeck,
                12,
                false,
            ));
        }
    }
    v
}

/// The commands a finished battle refuses (SPEC 3.6).
pub fn refuse_after_battle(state: &GameState, command: &str) -> Result<(), RuleError> {
    if let Some(pb) = state.post_battle {
        return refused(format!(
            "the battle is over (ended at {} day {}): `{command}` is not accepted after `end-battle`; use next, turn or until to move mark to mark, sea-state, adjust, note, dice, undo, redo",
            label(pb.ended),
            crate::rulesets::fgdn::clock::day(pb.ended)
        ));
    }
    Ok(())
}

/// `end-battle` (SPEC 3.6): sinking ships go down, fires and flooding still burning are brought
/// under control, half of the flooding damage is pumped out (a patch on every ship that had
/// flooding), the repairable systems are listed, and the clock moves to the 6-hour mark.
pub fn end_battle(ctx: &mut Ctx<'_>) -> Result<(), RuleError> {
    refuse_after_battle(&ctx.state, "end-battle")?;
    let waiting: Vec<String> = ctx
        .state
        .ships
        .iter()
        .filter(|s| !s.pending.is_empty())
        .map(|s| format!("{} ({})", s.spec.name, s.pending.len()))
        .collect();
    if !waiting.is_empty() {
        return refused(format!(
            "hits are waiting to be resolved on {}: end the phase with `next` first",
            waiting.join(", ")
        ));
    }
    let c = ctx.state.clock;
    let ended = if c.phase == Phase::Plotting {
        c.turn
    } else {
        c.turn_end()
    };
    let sea_state = ctx.state.sea_state;
    ctx.emit(Event::BattleEnded {
        at: ended,
        sea_state,
    });
    for i in 0..ctx.state.ships.len() {
        let s = &ctx.state.ships[i];
        let id = s.id().to_string();
        if matches!(s.status, ShipStatus::Sinking { .. }) {
            ctx.emit(Event::Sunk { ship: id });
            continue;
        }
        if !s.is_afloat() {
            continue;
        }
        let fires = s.casualty_pct(Casualty::Fire);
        let floods = s.casualty_pct(Casualty::Flood);
        let flood_dp: u32 = s.floods.iter().map(|f| f.damage_done).sum();
        let any_flood = !s.floods.is_empty();
        let damage = s.damage;
        if fires > 0 || floods > 0 {
            ctx.emit(Event::CasualtiesSecured {
                ship: id.clone(),
                fires,
                floods,
            });
        }
        if any_flood {
            // Half of the flooding damage pumped out, never more than the damage taken.
            let restored = (flood_dp / 2).min(damage);
            ctx.emit(Event::FloodingPumped {
                ship: id.clone(),
                restored,
                flood_damage: flood_dp,
            });
        }
        damaged_aircraft(ctx, i)?;
        let items = repair_items(&ctx.state.ships[i]);
        if !items.is_empty() {
            ctx.emit(Event::RepairsListed { ship: id, items });
        }
    }
    let pb = PostBattle {
        ended,
        finished: false,
    };
    ctx.emit(Event::ClockMoved {
        to: Clock {
            turn: pb.mark_minute(POST_BATTLE_HOURS[0]),
            phase: Phase::Resolution,
            scale: Scale::PostBattle,
        },
    });
    Ok(())
}

/// `base SHIP tender|port|sea` (FG&DN 8.5): after the battle, the ship is repaired alongside a
/// tender (+20 %) or in port (+30 %) from the next mark's rolls, or at sea again.
pub fn set_base(
    ctx: &mut Ctx<'_>,
    ship: &str,
    base: Option<crate::rulesets::fgdn::effects::RepairBase>,
) -> Result<(), RuleError> {
    if ctx.state.post_battle.is_none() {
        return refused("base is for the repairs after the battle (8.5): `end-battle` first");
    }
    let i = crate::rulesets::fgdn::engine::find_ship(&ctx.state, ship)?;
    let s = &ctx.state.ships[i];
    if !s.is_afloat() {
        return refused(format!(
            "{} ({}) is {}",
            s.spec.name,
            s.id(),
            s.status.name()
        ));
    }
    if s.equipment.repair_base == base {
        return refused(format!(
            "{} is already repaired {}",
            s.spec.name,
            base.map_or("at sea", |b| b.name())
        ));
    }
    let id = s.id().to_string();
    ctx.emit(Event::Effect {
        ship: id,
        effect: crate::rulesets::fgdn::effects::Effect::RepairBase { base },
    });
    Ok(())
}

/// 8.4 Aircraft, with the optional 8.7 (`aircraft_damage_resolution`): each aircraft destroyed
/// aboard has a 50 % chance (D100) of being only damaged, unless its fuel or ordnance exploded;
/// a damaged one is repaired on the Breakdown Repair Table (8.5). Places in order hangar,
/// forward, aft.
fn damaged_aircraft(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    use crate::rulesets::fgdn::effects::{AircraftPlace, Effect};
    if !ctx.state.rules.aircraft_damage_resolution {
        return Ok(());
    }
    let name = ctx.ship_name(i);
    for place in [
        AircraftPlace::Hangar,
        AircraftPlace::Forward,
        AircraftPlace::Aft,
    ] {
        let e = &ctx.state.ships[i].equipment;
        let lost = e.aircraft_lost.get(&place).copied().unwrap_or(0);
        let exploded = e.aircraft_exploded.get(&place).copied().unwrap_or(0);
        for k in 1..=lost.saturating_sub(exploded) {
            let roll = ctx.roll(
                i,
                Die::D100,
                format!(
                    "destroyed aircraft {k} ({}), {name}: only damaged on 1-{AIRCRAFT_DAMAGED_PCT} (8.4)",
                    place.name()
                ),
            )?;
            let id = ctx.state.ships[i].id().to_string();
            ctx.emit(Event::Effect {
                ship: id,
                effect: Effect::AircraftDamagedOnly {
                    place,
                    roll,
                    damaged: roll <= AIRCRAFT_DAMAGED_PCT,
                },
            });
        }
    }
    Ok(())
}

/// 8.4 Aircraft: "Destroyed planes have a 50% chance of being only damaged".
pub const AIRCRAFT_DAMAGED_PCT: u32 = 50;

/// `next` after the battle: every roll of the current mark, ship by ship in scenario order
/// (repair rolls in list order, then the patch check, then fire restarts), then the next mark.
pub fn end_mark(ctx: &mut Ctx<'_>) -> Result<(), RuleError> {
    let Some(pb) = ctx.state.post_battle else {
        return Ok(());
    };
    if pb.finished {
        return refused(
            "the post-battle timeline is over: the 48-hour rolls are done (what is not repaired cannot be repaired at sea)",
        );
    }
    let clock = ctx.state.clock;
    let hours = pb.hours_at(clock.turn);
    ctx.emit(Event::PhaseEnded { clock });
    for i in 0..ctx.state.ships.len() {
        if !ctx.state.ships[i].is_afloat() {
            continue;
        }
        let due = timers::due_now(&ctx.state, ctx.tables, i);
        repair_rolls(ctx, i, hours, &due)?;
        if due.contains(&TimerKind::PatchCheck { hours }) {
            patch_check(ctx, i, hours)?;
        }
        fire_restarts(ctx, i, hours, &due)?;
    }
    match next_hours(hours) {
        Some(h) => ctx.emit(Event::ClockMoved {
            to: Clock {
                turn: pb.mark_minute(h),
                ..clock
            },
        }),
        None => ctx.emit(Event::PostBattleFinished),
    }
    Ok(())
}

/// The repair rolls due at this mark, in list order (8.4).
fn repair_rolls(
    ctx: &mut Ctx<'_>,
    i: usize,
    hours: u32,
    due: &[TimerKind],
) -> Result<(), RuleError> {
    for kind in due {
        let TimerKind::RepairRoll { item: k, .. } = *kind else {
            continue;
        };
        let s = &ctx.state.ships[i];
        let item = s.repairs[k].clone();
        let (chance, explain) = repair_chance(ctx.tables, &ctx.state, s, &item, hours);
        let name = s.spec.name.clone();
        let id = s.id().to_string();
        let roll = ctx.roll(
            i,
            Die::D100,
            format!("repair roll {hours} h, {name}: {} ({explain})", item.what),
        )?;
        ctx.emit(Event::RepairRoll {
            ship: id,
            index: k,
            hours,
            roll,
            chance,
            repaired: roll <= chance,
        });
    }
    Ok(())
}

fn patch_check(ctx: &mut Ctx<'_>, i: usize, hours: u32) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let id = s.id().to_string();
    let name = s.spec.name.clone();
    let speed = crate::rulesets::fgdn::speed::speed_max(ctx.tables, s).0;
    let (chance, explain) = match crate::rulesets::fgdn::submarine::patch_rule(s) {
        // A submerged submarine: no roll, the patch holds or pops by her depth (8.4).
        Some((pops, why)) => (if pops { 100 } else { 0 }, why),
        None => patch_chance(ctx.state.sea_state, speed),
    };
    let roll = if chance == 0 || chance == 100 && s.sub.is_some() {
        None
    } else {
        Some(ctx.roll(
            i,
            Die::D100,
            format!("flooding patch check {hours} h, {name}: pops on 1-{chance} ({explain})"),
        )?)
    };
    let popped = roll.is_some_and(|r| r <= chance) || roll.is_none() && chance == 100;
    ctx.emit(Event::PatchCheck {
        ship: id,
        hours,
        chance,
        roll,
        popped,
        explain,
    });
    if popped {
        let year = ctx.state.ships[i].spec.service_year();
        let row = severity_dice(&ctx.tables.severity_dice, year);
        new_casualty(
            ctx,
            i,
            Casualty::Flood,
            row,
            "flooding patch popped (8.4)",
            hours,
        )?;
    }
    Ok(())
}

/// The restart rolls of the fires listed at this mark (8.4 Fire); a ship that founders from a
/// restarted fire rolls no more.
fn fire_restarts(
    ctx: &mut Ctx<'_>,
    i: usize,
    hours: u32,
    due: &[TimerKind],
) -> Result<(), RuleError> {
    let chance = restart_pct(hours);
    for kind in due {
        let TimerKind::FireRestart { fire: k, .. } = *kind else {
            continue;
        };
        let s = &ctx.state.ships[i];
        if !s.is_afloat() {
            return Ok(());
        }
        let name = s.spec.name.clone();
        let id = s.id().to_string();
        let f = &s.fires[k];
        let what = format!("fire {} % of {}", f.pct.max(1), label(f.inflicted));
        let roll = ctx.roll(
            i,
            Die::D100,
            format!("fire restart {hours} h, {name}: {what}, restarts on 1-{chance}"),
        )?;
        let restarted = roll <= chance;
        ctx.emit(Event::FireRestart {
            ship: id,
            index: k,
            hours,
            chance,
            roll,
            restarted,
        });
        if restarted {
            let row = SeverityDiceRow::fixed(1, -2);
            new_casualty(ctx, i, Casualty::Fire, row, "fire restarted (8.4)", hours)?;
        }
    }
    Ok(())
}

/// A popped patch's flooding critical or a restarted fire after the battle: its severity, and
/// its damage once, at once; it is under control again by the next mark (rules-notes 8.4).
fn new_casualty(
    ctx: &mut Ctx<'_>,
    i: usize,
    casualty: Casualty,
    row: SeverityDiceRow,
    cause: &str,
    hours: u32,
) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let mut faces = Vec::new();
    for _ in 0..row.dice {
        faces.push(ctx.roll(
            i,
            Die::D6,
            format!("{} severity, {name} ({cause})", casualty.name()),
        )?);
    }
    let (pct, explain) = severity(row, &faces, &SeverityMods::default());
    let s = &ctx.state.ships[i];
    let id = s.id().to_string();
    let kind = match casualty {
        Casualty::Fire => CriticalKind::Fire,
        Casualty::Flood => CriticalKind::Flooding,
    };
    if pct < 1 {
        ctx.emit(Event::CriticalIgnored {
            ship: id,
            kind,
            roll: None,
            reason: format!(
                "{cause}: severity {explain}: below 1 %, no {}",
                casualty.name()
            ),
        });
        return Ok(());
    }
    let dmg = casualty_damage(pct as u32, s.spec.dp);
    let clock = ctx.state.clock;
    ctx.emit(Event::Critical {
        ship: id.clone(),
        critical: Critical {
            kind,
            turn: clock.turn,
            phase: clock.phase,
            cause: format!("{cause}, {hours} h after the battle"),
            roll: None,
            column: None,
            detail: format!(
                "{} {pct} %: {explain}: {dmg} DP at once, under control again by the next mark",
                casualty.name()
            ),
            effect: EffectStatus::Applied,
            speed_levels: 0,
        },
    });
    if dmg > 0 {
        ctx.emit(Event::Damage {
            ship: id.clone(),
            amount: dmg,
            cause: format!("{} {pct} % ({cause})", casualty.name()),
        });
    }
    let s = &ctx.state.ships[i];
    if !s.is_small_craft() && s.dp_left() == 0 {
        ctx.emit(Event::SunkAtOnce {
            ship: id,
            cause: format!("foundered {hours} h after the battle ({cause})"),
        });
    }
    Ok(())
}

/// `until HHMM` after the battle: the time must be one of the marks still ahead.
pub fn until_mark(ctx: &mut Ctx<'_>, time: u32, phase: Option<Phase>) -> Result<(), RuleError> {
    let Some(pb) = ctx.state.post_battle else {
        return Ok(());
    };
    if phase.is_some_and(|p| p != Phase::Resolution) {
        return refused("post-battle marks have only a resolution phase");
    }
    let c = ctx.state.clock;
    let day_start = c.turn - c.turn % MINUTES_PER_DAY;
    let mut target = day_start + time;
    if target < c.turn {
        target += MINUTES_PER_DAY;
    }
    let marks: Vec<Minute> = POST_BATTLE_HOURS
        .iter()
        .map(|h| pb.mark_minute(*h))
        .filter(|m| *m >= c.turn)
        .collect();
    if !marks.contains(&target) || pb.finished {
        let list: Vec<String> = POST_BATTLE_HOURS
            .iter()
            .filter(|h| pb.mark_minute(**h) >= c.turn)
            .map(|h| format!("{} ({h} h)", label(pb.mark_minute(*h))))
            .collect();
        return refused(format!(
            "{} is not a post-battle mark still ahead (marks: {})",
            crate::rulesets::fgdn::clock::Hhmm(time),
            if list.is_empty() || pb.finished {
                "none: the timeline is over".to_string()
            } else {
                list.join(", ")
            }
        ));
    }
    while ctx.state.clock.turn != target {
        end_mark(ctx)?;
    }
    Ok(())
}

/// `sea-state N` (0-9): the sea state for patch checks (FG&DN 8.4).
pub fn set_sea_state(ctx: &mut Ctx<'_>, n: u32) -> Result<(), RuleError> {
    if n > 9 {
        return refused(format!("{n} is not a sea state (0-9)"));
    }
    if ctx.state.sea_state == n {
        return refused(format!("the sea state is already {n}"));
    }
    ctx.emit(Event::SeaStateSet { sea_state: n });
    Ok(())
}

/// `serviceability` (FG&DN 8.5, optional): before the battle, D100 for each ship's engineering
/// plant, each searchlight platform and each mount; failures at 5 % (first-rank navies) or
/// 10 % (second rank) cannot be repaired during the battle.
pub fn serviceability(ctx: &mut Ctx<'_>) -> Result<(), RuleError> {
    refuse_after_battle(&ctx.state, "serviceability")?;
    if !ctx.state.rules.equipment_serviceability {
        return refused(
            "equipment serviceability is an optional rule: set equipment_serviceability = true in the scenario [options]",
        );
    }
    if ctx.state.serviceability_checked {
        return refused("equipment serviceability has already been rolled for this battle");
    }
    let c = ctx.state.clock;
    if c.turn != ctx.state.start || c.phase != Phase::Plotting {
        return refused(format!(
            "equipment serviceability is rolled just before the game begins, in the first plotting phase (it is {c})"
        ));
    }
    ctx.emit(Event::ServiceabilityChecked);
    for i in 0..ctx.state.ships.len() {
        let s = &ctx.state.ships[i];
        if !s.is_afloat() {
            continue;
        }
        let rank = navy_rank(ctx.tables, s);
        let chance = ctx.tables.breakdown_repair.row(rank).failure_pct;
        let mut items: Vec<(RepairTarget, String)> =
            vec![(RepairTarget::Engineering, "engineering plant".into())];
        if let Some(l) = s.spec.searchlights {
            for (n, what) in [
                (l.forward, "forward_searchlight"),
                (l.aft, "after_searchlight"),
            ] {
                for _ in 0..n {
                    items.push((
                        RepairTarget::Sensor { what: what.into() },
                        what.replace('_', " "),
                    ));
                }
            }
        }
        for k in 0..s.spec.mounts.len() {
            items.push((RepairTarget::Mount { index: k }, mount_text(s, k)));
        }
        let name = s.spec.name.clone();
        let id = s.id().to_string();
        for (target, what) in items {
            let d = ctx.roll(
                i,
                Die::D100,
                format!("serviceability, {name}: {what} fails on 1-{chance}"),
            )?;
            if d <= chance {
                ctx.emit(Event::Breakdown {
                    ship: id.clone(),
                    target,
                    what,
                    roll: d,
                    chance,
                });
            }
        }
    }
    Ok(())
}
