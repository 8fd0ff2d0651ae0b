//! Aviation criticals (FG&DN 8.3): Aircraft (one aboard destroyed, a D6-2 % fire that cannot
//! restart), Ammo/Fuel (aviation ordnance magazine, D10 9-10 detonates; or the aviation fuel
//! storage: a fire at +2 severity and +2 on its reduction roll), Flight Deck (forward, amidships
//! or aft; parked aircraft and the hangar hit), and the carrier's flight operations stopping for
//! D6/2 turns after a bridge hit.
use crate::core::dice::Die;
use crate::rulesets::fgdn::clock::{label, TACTICAL_MINUTES};
use crate::rulesets::fgdn::command::{RangeBand, Weapon};
use crate::rulesets::fgdn::damage::{massive, Massive};
use crate::rulesets::fgdn::effects::{
    destroyed, effect, ignore, ignored, pick, record, AircraftPlace, DeckPlace, Effect, Rec,
};
use crate::rulesets::fgdn::engine::{find_ship, Ctx, RuleError};
use crate::rulesets::fgdn::event::PendingHit;
use crate::rulesets::fgdn::event::{Casualty, Event};
use crate::rulesets::fgdn::kinds::{Column, CriticalKind};
use crate::rulesets::fgdn::resolve::inflict_critical;
use crate::rulesets::fgdn::resolve::{casualty_critical_x, fuel_fire, Burning, CritContext};
use crate::rulesets::fgdn::state::{GameState, ShipState};
use crate::rulesets::fgdn::status::AircraftView;
use crate::rulesets::fgdn::tables::SeverityDiceRow;

/// Smallest shell whose Long or Extreme range fire may strike a carrier's flight deck (8.1.2).
pub const FLIGHT_DECK_SHELL_MM: f64 = 120.0;

/// The chance per turn that 120 mm+ shell fire at `range` inflicts a flight-deck critical on a
/// carrier: 30 % from Long, 60 % from Extreme range (8.1.2); None at other ranges.
pub fn flight_deck_shell_chance(range: Option<RangeBand>) -> Option<u32> {
    match range {
        Some(RangeBand::Long) => Some(30),
        Some(RangeBand::Extreme) => Some(60),
        _ => None,
    }
}

/// The automatic flight-deck criticals of a carrier (FG&DN 8.1.2), "in addition to any other
/// criticals caused by its damage points", penetration allowing:
/// - each bomb of 100 lb / 50 kg or more (`lb N` / `kg N` on the hit) that penetrated;
/// - once per turn, when 120 mm or larger shells at Long or Extreme range hit and one of them
///   penetrated: D100 <= 30 (Long) or 60 (Extreme, when any such hit was at Extreme range).
///
/// A batch of shells none of which penetrated does not use up the turn's roll.
pub fn automatic_flight_deck(
    ctx: &mut Ctx<'_>,
    i: usize,
    hits: &[PendingHit],
    c: &mut CritContext,
) -> Result<(), RuleError> {
    if !is_carrier(&ctx.state.ships[i]) {
        return Ok(());
    }
    for hit in hits {
        let Some(w) = hit.bomb.filter(|w| hit.weapon.is_bomb() && w.heavy()) else {
            continue;
        };
        if !ctx.state.ships[i].is_afloat() {
            return Ok(());
        }
        if hit.penetrated {
            inflict_critical(
                ctx,
                i,
                CriticalKind::FlightDeck,
                &format!("automatic: a {w} {} on a carrier (8.1.2)", hit.weapon),
                None,
                c,
            )?;
        } else {
            ignored(
                ctx,
                i,
                CriticalKind::FlightDeck,
                None,
                format!(
                    "automatic flight-deck critical of a {w} {}: it did not penetrate (8.1.2, penetration allowing)",
                    hit.weapon
                ),
            );
        }
    }
    let shells: Vec<&PendingHit> = hits
        .iter()
        .filter(|h| {
            h.weapon == Weapon::Shell
                && h.caliber.is_some_and(|mm| mm >= FLIGHT_DECK_SHELL_MM)
                && flight_deck_shell_chance(h.range).is_some()
        })
        .collect();
    let turn = ctx.state.clock.turn;
    let s = &ctx.state.ships[i];
    if shells.is_empty() || !s.is_afloat() || s.equipment.flight_deck_shell_turn == Some(turn) {
        return Ok(());
    }
    let Some(chance) = shells
        .iter()
        .filter(|h| h.penetrated)
        .filter_map(|h| flight_deck_shell_chance(h.range))
        .max()
    else {
        ignored(
            ctx,
            i,
            CriticalKind::FlightDeck,
            None,
            "120 mm or larger shell fire at long or extreme range: no hit penetrated, no flight-deck chance (8.1.2, penetration allowing)".into(),
        );
        return Ok(());
    };
    effect(ctx, i, Effect::FlightDeckShellFire { turn, chance });
    let name = ctx.ship_name(i);
    let band = if chance == 60 { "extreme" } else { "long" };
    let d = ctx.roll(
        i,
        Die::D100,
        format!("flight deck, {name}: 120 mm+ shell fire at {band} range this turn (critical on 1-{chance}, 8.1.2)"),
    )?;
    if d <= chance {
        inflict_critical(
            ctx,
            i,
            CriticalKind::FlightDeck,
            &format!("automatic: D100 {d} <= {chance}: 120 mm+ shell fire at {band} range on a carrier (8.1.2)"),
            None,
            c,
        )?;
    } else {
        ignored(
            ctx,
            i,
            CriticalKind::FlightDeck,
            None,
            format!(
                "D100 {d} > {chance}: no flight-deck critical from this turn's shell fire (8.1.2)"
            ),
        );
    }
    Ok(())
}

/// Hangar D10: aircraft in the hangar are hit on 6-10 (8.3 Flight Deck).
pub const HANGAR_HIT_FROM: u32 = 6;
/// Ammo/Fuel D10: 1-3 the aviation ordnance magazine, 4-10 the fuel storage (8.3).
pub const AMMO_FUEL_MAGAZINE_TO: u32 = 3;
/// Aviation magazine D10: detonates on 9-10 (8.3).
pub const AVIATION_MAGAZINE_FROM: u32 = 9;
/// Aviation fuel fire: +2 on the severity roll and on the reduction roll (8.3).
pub const AVGAS_MOD: i32 = 2;

/// Aircraft left at a place (None: the scenario does not say what is aboard).
pub fn aboard(s: &ShipState, place: AircraftPlace) -> Option<u32> {
    let a = s.spec.aircraft?;
    let n = match place {
        AircraftPlace::Hangar => a.hangar,
        AircraftPlace::Forward => a.forward,
        AircraftPlace::Aft => a.aft,
    };
    Some(n.saturating_sub(s.equipment.aircraft_lost.get(&place).copied().unwrap_or(0)))
}

const PLACES: [AircraftPlace; 3] = [
    AircraftPlace::Hangar,
    AircraftPlace::Forward,
    AircraftPlace::Aft,
];

/// Aircraft critical (FG&DN 8.3): one aircraft aboard destroyed (at `place`, else a random one of
/// those aboard), and a fire of D6-2 % (below 1: none) that cannot restart after the battle.
pub fn aircraft(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
    place: Option<AircraftPlace>,
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let detail = if s.spec.aircraft.is_none() {
        "an aircraft aboard destroyed (aircraft not in the scenario: the umpire strikes one off)"
            .to_string()
    } else {
        let place = match place {
            Some(p) => p,
            None => {
                // One band per aircraft aboard, hangar first, then forward and aft.
                let planes: Vec<AircraftPlace> = PLACES
                    .iter()
                    .flat_map(|p| std::iter::repeat_n(*p, aboard(s, *p).unwrap_or(0) as usize))
                    .collect();
                if planes.is_empty() {
                    ignore(ctx, i, r, "no aircraft left aboard (8.3)".into());
                    return Ok(());
                }
                let all_one = planes.iter().all(|p| *p == planes[0]);
                if all_one {
                    planes[0]
                } else {
                    planes[pick(ctx, i, planes.len(), "aircraft aboard")?]
                }
            }
        };
        effect(ctx, i, Effect::AircraftLost { place });
        let left: u32 = PLACES
            .iter()
            .map(|p| aboard(&ctx.state.ships[i], *p).unwrap_or(0))
            .sum();
        format!(
            "an aircraft destroyed ({}); {left} left aboard",
            place.name()
        )
    };
    let hit_place = chosen_place(ctx, i, place);
    let armed = hit_place.is_some_and(|p| armed_at(&ctx.state, &ctx.state.ships[i], p));
    let plus = if armed { ARMED_FIRE_MOD } else { -2 };
    let dice = if armed {
        "armed or fueled for launch: fire D6+2 %, ordnance explodes on 6 or more (8.3 optional)"
    } else {
        "fire D6-2 %"
    };
    record(ctx, i, r, format!("{detail}; {dice}"), 0);
    let row = SeverityDiceRow::fixed(1, plus);
    let from = ctx.events.len();
    let fire = casualty_critical_x(
        ctx,
        i,
        Casualty::Fire,
        "aircraft critical (8.3)",
        None,
        Vec::new(),
        c,
        &[],
        Some(row),
        Burning {
            reduction_mod: 0,
            aircraft: true,
        },
    )?;
    let face = ctx.events[from..].iter().rev().find_map(|e| match e {
        Event::Rolled { roll, .. } => Some(roll.face),
        _ => None,
    });
    let exploded = armed && face.is_some_and(|f| f as i32 + ARMED_FIRE_MOD >= ARMED_EXPLODES_AT);
    if let (true, Some(p)) = (exploded, hit_place) {
        effect(ctx, i, Effect::AircraftExploded { place: p });
        ordnance_explosion(ctx, i, c);
    }
    if let Some(p) = hit_place.filter(|_| ctx.state.rules.closely_parked_aircraft) {
        if exploded {
            parked_nearby(ctx, i, c, p, PARKED_EXPLOSION_PCT, "its ordnance exploded")?;
        } else if fire.is_some() {
            parked_nearby(ctx, i, c, p, PARKED_FIRE_PCT, "it burns")?;
        }
    }
    Ok(())
}

/// Armed or fueled aircraft (8.3, optional): +2 instead of -2 on the fire roll.
pub const ARMED_FIRE_MOD: i32 = 2;
/// "If the D6+2% roll is a six or more, the ordnance on the plane explodes" (8.3).
pub const ARMED_EXPLODES_AT: i32 = 6;
/// Closely parked aircraft (8.3, optional): the chance a plane beside one that explodes is
/// hit, and that the fire of one that burns spreads to it; up to four of them.
pub const PARKED_EXPLOSION_PCT: u32 = 50;
pub const PARKED_FIRE_PCT: u32 = 25;
pub const PARKED_NEARBY_MAX: u32 = 4;

/// The place of the aircraft just destroyed: the one given, else the last one struck off.
fn chosen_place(ctx: &Ctx<'_>, i: usize, place: Option<AircraftPlace>) -> Option<AircraftPlace> {
    place.or_else(|| {
        ctx.events.iter().rev().find_map(|e| match e {
            Event::Effect {
                ship,
                effect: Effect::AircraftLost { place },
            } if ship == ctx.state.ships[i].id() => Some(*place),
            _ => None,
        })
    })
}

/// Whether aircraft at `place` are armed or fueled for launch under the optional rule (8.3).
fn armed_at(state: &GameState, s: &ShipState, place: AircraftPlace) -> bool {
    let Some(a) = s
        .spec
        .aircraft
        .filter(|_| state.rules.armed_fueled_aircraft)
    else {
        return false;
    };
    match place {
        AircraftPlace::Hangar => a.armed_hangar,
        AircraftPlace::Forward => a.armed_forward,
        AircraftPlace::Aft => a.armed_aft,
    }
}

/// The ordnance of an armed aircraft explodes: 2/3 of its damage points on the ship, which do
/// not penetrate an armored ship (halved) (8.3). Applied at once with the batch's secondary
/// damage.
fn ordnance_explosion(ctx: &mut Ctx<'_>, i: usize, c: &mut CritContext) {
    let s = &ctx.state.ships[i];
    let name = s.spec.name.clone();
    let Some(dp) = s.spec.aircraft.and_then(|a| a.ordnance_dp) else {
        let reason = "the aircraft's ordnance exploded: 2/3 of its damage points on the ship (ordnance_dp not in the scenario: the umpire applies them with adjust, 8.3)".to_string();
        ignored(ctx, i, CriticalKind::Aircraft, None, reason);
        return;
    };
    let two_thirds = dp * 2 / 3;
    let armored = s.spec.armor.belt > 0 || s.spec.armor.deck > 0;
    let damage = if armored { two_thirds / 2 } else { two_thirds };
    let how = if armored {
        format!("2/3 of {dp} = {two_thirds}, not penetrating the armor: half = {damage}")
    } else {
        format!("2/3 of {dp} = {damage}")
    };
    c.secondary_damage.push((
        damage,
        format!("aircraft ordnance explosion on {name}, {how} (8.3)"),
    ));
}

/// Closely parked aircraft (8.3, optional): up to four others parked at `place` are each hit on
/// D100 <= `pct`, each an Aircraft critical of its own.
fn parked_nearby(
    ctx: &mut Ctx<'_>,
    i: usize,
    c: &mut CritContext,
    place: AircraftPlace,
    pct: u32,
    why: &str,
) -> Result<(), RuleError> {
    let near = aboard(&ctx.state.ships[i], place)
        .unwrap_or(0)
        .min(PARKED_NEARBY_MAX);
    let name = ctx.ship_name(i);
    let mut hit = 0;
    for k in 1..=near {
        let d = ctx.roll(
            i,
            Die::D100,
            format!(
                "closely parked aircraft {k} of {near}, {name} ({}): hit on 1-{pct} ({why}, 8.3)",
                place.name()
            ),
        )?;
        if d <= pct {
            hit += 1;
        }
    }
    let cause = format!(
        "closely parked aircraft ({}): {hit} of {near} beside it hit ({why}, 8.3 optional)",
        place.name()
    );
    for _ in 0..hit {
        if aboard(&ctx.state.ships[i], place).unwrap_or(0) == 0 || !ctx.state.ships[i].is_afloat() {
            break;
        }
        let r = Rec {
            kind: CriticalKind::Aircraft,
            cause: &cause,
            roll: None,
        };
        aircraft(ctx, i, &r, c, Some(place))?;
    }
    Ok(())
}

/// Ammo/Fuel critical (FG&DN 8.3).
pub fn ammo_fuel(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let d10 = ctx.roll(
        i,
        Die::D10,
        format!("ammo/fuel critical, {name} (1-3 aviation ordnance magazine, 4-10 fuel storage)"),
    )?;
    if d10 <= AMMO_FUEL_MAGAZINE_TO {
        let d = ctx.roll(
            i,
            Die::D10,
            format!("aviation ordnance magazine, {name}: detonates on 9-10"),
        )?;
        let s = &ctx.state.ships[i];
        let flooded = s.magazines_flooded || s.aviation_purged;
        if d >= AVIATION_MAGAZINE_FROM && !flooded {
            let detail = format!(
                "D10 {d10}: aviation ordnance magazine hit; D10 {d}: it DETONATES, the ship is destroyed"
            );
            record(ctx, i, r, detail, 0);
            destroyed(
                ctx,
                i,
                format!("aviation ordnance magazine detonation (D10 {d}, 8.3)"),
            );
        } else {
            let why = if ctx.state.ships[i].aviation_purged && d >= AVIATION_MAGAZINE_FROM {
                " (aviation stowage flooded/purged)"
            } else if flooded && d >= AVIATION_MAGAZINE_FROM {
                " (magazines flooded)"
            } else {
                ""
            };
            record(
                ctx,
                i,
                r,
                format!("D10 {d10}: aviation ordnance magazine hit; D10 {d}: no detonation{why}"),
                0,
            );
        }
        return Ok(());
    }
    if ctx.state.ships[i].aviation_purged {
        record(
            ctx,
            i,
            r,
            format!("D10 {d10}: aviation fuel storage hit: no fire (the stowage was flooded/purged, 8.3)"),
            0,
        );
        return Ok(());
    }
    record(
        ctx,
        i,
        r,
        format!(
            "D10 {d10}: aviation fuel storage hit: FIRE (+{AVGAS_MOD} severity, +{AVGAS_MOD} on its reduction roll)"
        ),
        0,
    );
    let fire = fuel_fire(
        ctx,
        i,
        c,
        "aviation fuel fire (8.3)",
        AVGAS_MOD,
        "aviation fuel (8.3)".into(),
    )?;
    if let Some(fire) = fire {
        effect(ctx, i, Effect::AvgasFire { fire });
    }
    Ok(())
}

/// Flight Deck critical (FG&DN 8.3): D6 forward / amidships / aft; aircraft parked where it
/// struck (forward, aft) are hit, D6 of them; then the hangar, D10 6-10, D6 aircraft. Each
/// aircraft hit is an Aircraft critical.
pub fn flight_deck(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let d6 = ctx.roll(
        i,
        Die::D6,
        format!("flight deck critical, {name}: where (1-2 forward, 3-4 amidships, 5-6 aft)"),
    )?;
    let place = DeckPlace::from_d6(d6);
    effect(ctx, i, Effect::FlightDeckHit { place });
    if ctx.state.ships[i].spec.aircraft.is_none() {
        record(
            ctx,
            i,
            r,
            format!(
                "D6 {d6}: flight deck hit {} (aircraft not in the scenario: the umpire applies parked and hangar aircraft hits, 8.3)",
                place.text()
            ),
            0,
        );
        return Ok(());
    }
    record(
        ctx,
        i,
        r,
        format!("D6 {d6}: flight deck hit {}", place.text()),
        0,
    );
    let parked = match place {
        DeckPlace::Forward => Some(AircraftPlace::Forward),
        DeckPlace::Aft => Some(AircraftPlace::Aft),
        DeckPlace::Amidships => None,
    };
    if let Some(p) = parked {
        planes_hit(ctx, i, c, p, None)?;
    }
    let hangar = aboard(&ctx.state.ships[i], AircraftPlace::Hangar).unwrap_or(0);
    if hangar > 0 {
        let d10 = ctx.roll(
            i,
            Die::D10,
            format!("flight deck critical, {name}: hangar damage (aircraft hit on 6-10)"),
        )?;
        if d10 >= HANGAR_HIT_FROM {
            planes_hit(ctx, i, c, AircraftPlace::Hangar, Some(d10))?;
        } else {
            let reason = format!("flight deck hit: hangar D10 {d10}: no hangar damage (8.3)");
            ignored(ctx, i, CriticalKind::Aircraft, None, reason);
        }
    }
    Ok(())
}

/// D6 aircraft at `place` hit (at most those there), each an Aircraft critical.
fn planes_hit(
    ctx: &mut Ctx<'_>,
    i: usize,
    c: &mut CritContext,
    place: AircraftPlace,
    hangar_roll: Option<u32>,
) -> Result<(), RuleError> {
    let there = aboard(&ctx.state.ships[i], place).unwrap_or(0);
    if there == 0 {
        return Ok(());
    }
    let name = ctx.ship_name(i);
    let d6 = ctx.roll(
        i,
        Die::D6,
        format!(
            "flight deck critical, {name}: aircraft hit ({}; D6, {there} there)",
            place.name()
        ),
    )?;
    let n = d6.min(there);
    let cause = match hangar_roll {
        Some(d) => format!("flight deck hit: hangar D10 {d}, D6 {d6}: {n} aircraft hit (8.3)"),
        None => format!(
            "flight deck hit: {n} aircraft parked {} hit, D6 {d6} (8.3)",
            place.name()
        ),
    };
    for _ in 0..n {
        let r = Rec {
            kind: CriticalKind::Aircraft,
            cause: &cause,
            roll: None,
        };
        aircraft(ctx, i, &r, c, Some(place))?;
    }
    Ok(())
}

/// A carrier's bridge hit: flight operations stop for D6/2 turns (round up), counting the
/// current turn (8.3 Bridge). Aviation-column ships only.
pub fn bridge_flight_ops(ctx: &mut Ctx<'_>, i: usize) -> Result<Option<String>, RuleError> {
    if ctx.state.ships[i].spec.column != Column::Aviation {
        return Ok(None);
    }
    let name = ctx.ship_name(i);
    let d6 = ctx.roll(
        i,
        Die::D6,
        format!("bridge critical, {name}: turns without flight operations (D6/2, round up)"),
    )?;
    let turns = d6.div_ceil(2);
    let until = ctx.state.clock.turn + (turns - 1) * TACTICAL_MINUTES;
    effect(ctx, i, Effect::FlightOpsStopped { until });
    Ok(Some(format!(
        "flight operations stop (D6 {d6}/2 = {turns} turns): none until after {}",
        label(until)
    )))
}

/// "no flight operations until the end of HHMM" while a bridge hit stops them (8.3 Bridge).
/// With 25 % of the original DP or less left, a carrier cannot launch or land aircraft on its
/// flight deck (8.1.10); the two are joined with "; ".
pub fn flight_ops_text(state: &GameState, s: &ShipState) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(until) = s.equipment.flight_ops_until {
        if state.post_battle.is_none() && until >= state.clock.turn {
            parts.push(format!(
                "no flight operations until the end of {}",
                label(until)
            ));
        }
    }
    if is_carrier(s) && !s.is_small_craft() && massive(s.spec.dp, s.dp_left()) != Massive::None {
        parts.push(format!(
            "cannot launch or land aircraft: {} of {} DP left, 25 % or less (8.1.10)",
            s.dp_left(),
            s.spec.dp
        ));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// Aircraft aboard now and destroyed, for the status.
pub fn aircraft_view(s: &ShipState) -> Option<AircraftView> {
    s.spec.aircraft?;
    Some(AircraftView {
        hangar: aboard(s, AircraftPlace::Hangar).unwrap_or(0),
        forward: aboard(s, AircraftPlace::Forward).unwrap_or(0),
        aft: aboard(s, AircraftPlace::Aft).unwrap_or(0),
        lost: s.equipment.aircraft_lost_total(),
    })
}

/// A carrier: the aviation column, or aircraft aboard in the scenario.
pub fn is_carrier(s: &ShipState) -> bool {
    s.spec.column == Column::Aviation || s.spec.aircraft.is_some()
}

/// `purge SHIP`: flood or gas-purge the aviation ammo/fuel stowage (8.3 Ammo/Fuel): the
/// aviation fuel fires are out at once; no fueling or arming aircraft for the rest of the game.
/// Any phase of the battle, once.
pub fn purge(ctx: &mut Ctx<'_>, ship: &str) -> Result<(), RuleError> {
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
    if !is_carrier(s) {
        return refused(format!(
            "{} ({}) is not an aircraft carrier (neither the aviation column nor aircraft aboard in the scenario): it has no aviation ammo/fuel stowage to purge (8.3 Ammo/Fuel)",
            s.spec.name,
            s.id()
        ));
    }
    if s.aviation_purged {
        return refused(format!(
            "{}'s aviation ammo/fuel stowage is already flooded/purged",
            s.spec.name
        ));
    }
    let fires: Vec<usize> = s
        .equipment
        .avgas_fires
        .iter()
        .copied()
        .filter(|&k| s.fires.get(k).is_some_and(|f| f.next_due.is_some()))
        .collect();
    ctx.emit(Event::StowagePurged {
        ship: s.id().to_string(),
        fires,
    });
    Ok(())
}
