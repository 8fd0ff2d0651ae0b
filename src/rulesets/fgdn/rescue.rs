//! Search and rescue (FG&DN 1.1 8.6, optional: `[options] search_and_rescue = true`).
//!
//! When a ship is lost, D6 x 10 % of her crew survive (a magazine explosion or another
//! spectacular destruction: D6 %); a boat lost "with all hands" leaves none. With the ship's
//! `crew` (men) in the scenario the survivors are counted in men, and a ship picks them up with
//! `rescue SHIP FROM` (FROM: the lost ship, or FLIGHT.K for aircraft K of a flight, whose crew
//! (`flight = { crew }` per aircraft) is in the water when it is destroyed; `rescue-stop SHIP`
//! ends it): D6/2 groups of 10 at the end of each tactical turn,
//! one less on the die for every sea state over two, never more than her own crew can hold.
//! When the pick-ups fire is read from the one schedule (`timers.rs`). Rulings in
//! docs/rules-notes.md "Search and rescue".
use crate::core::dice::Die;
use crate::rulesets::fgdn::clock::{label, Minute, Phase};
use crate::rulesets::fgdn::engine::{find_ship, Ctx, RuleError};
use crate::rulesets::fgdn::event::Event;
use crate::rulesets::fgdn::kinds::SizeClass;
use crate::rulesets::fgdn::state::{GameState, ShipStatus};
use crate::rulesets::fgdn::timers::{Timer, TimerKind};
use serde::{Deserialize, Serialize};

/// A group of survivors in the water from a lost ship.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Survivors {
    /// The lost ship's id, or `FLIGHT.K` for aircraft K of a flight.
    pub ship: String,
    /// % of her crew that survived.
    pub pct: u32,
    /// Men in the water at first (None: her crew is not in the scenario).
    pub men: Option<u32>,
    pub at: Minute,
    /// Men picked up so far.
    #[serde(default)]
    pub rescued: u32,
    /// The ship picking them up now.
    #[serde(default)]
    pub rescuer: Option<String>,
}

impl Survivors {
    /// Men still in the water.
    pub fn left(&self) -> Option<u32> {
        self.men.map(|m| m.saturating_sub(self.rescued))
    }
}

/// What happened (`Event::Rescue`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "sar", rename_all = "snake_case")]
pub enum RescueEvent {
    /// A ship is lost: her survivors are in the water.
    InWater {
        group: Survivors,
        roll: Option<u32>,
        explain: String,
    },
    Started {
        rescuer: String,
        from: String,
    },
    Stopped {
        rescuer: String,
        from: String,
    },
    /// A turn's pick-up: the D6, the groups of ten and the men taken aboard.
    PickedUp {
        rescuer: String,
        from: String,
        roll: u32,
        groups: u32,
        men: u32,
        explain: String,
    },
}

impl RescueEvent {
    /// The ships it concerns: the lost ship (or the flight whose aircraft went down) and the
    /// rescuer.
    pub fn ships(&self) -> (&str, Option<&str>) {
        let unit = |g: &'_ str| g.split('.').next().unwrap_or_default().len();
        match self {
            RescueEvent::InWater { group, .. } => (&group.ship[..unit(&group.ship)], None),
            RescueEvent::Started { rescuer, from }
            | RescueEvent::Stopped { rescuer, from }
            | RescueEvent::PickedUp { rescuer, from, .. } => (rescuer, Some(&from[..unit(from)])),
        }
    }
}

/// The size class survivors are sighted as (8.6): under 10 men G, 10-30 E, 30-100 D, 100+ C.
pub fn sighting_size(men: u32) -> SizeClass {
    match men {
        0..=9 => SizeClass::G,
        10..=30 => SizeClass::E,
        31..=99 => SizeClass::D,
        _ => SizeClass::C,
    }
}

/// Apply a rescue event to the battle's survivors.
pub fn apply(state: &mut GameState, e: &RescueEvent) {
    match e {
        RescueEvent::InWater { group, .. } => state.survivors.push(group.clone()),
        RescueEvent::Started { rescuer, from } => {
            if let Some(g) = state.survivors.iter_mut().find(|g| g.ship == *from) {
                g.rescuer = Some(rescuer.clone());
            }
        }
        RescueEvent::Stopped { from, .. } => {
            if let Some(g) = state.survivors.iter_mut().find(|g| g.ship == *from) {
                g.rescuer = None;
            }
        }
        RescueEvent::PickedUp {
            rescuer, from, men, ..
        } => {
            match state.picked_up.iter_mut().find(|(r, _)| r == rescuer) {
                Some((_, n)) => *n = n.saturating_add(*men),
                None => state.picked_up.push((rescuer.clone(), *men)),
            }
            if let Some(g) = state.survivors.iter_mut().find(|g| g.ship == *from) {
                g.rescued = g.rescued.saturating_add(*men);
                if g.left() == Some(0) {
                    g.rescuer = None;
                }
            }
        }
    }
}

/// Men a ship has picked up so far (she holds no more than her own crew, 8.6).
pub fn picked_by(state: &GameState, rescuer: &str) -> u32 {
    state
        .picked_up
        .iter()
        .filter(|(r, _)| r == rescuer)
        .map(|(_, n)| *n)
        .sum()
}

/// Log words.
pub fn text(state: &GameState, e: &RescueEvent) -> String {
    let name = |id: &str| match id.rsplit_once('.') {
        Some((flight, k)) => format!(
            "aircraft {k} of {}",
            state
                .ship(flight)
                .map(|s| s.spec.name.clone())
                .unwrap_or_else(|| flight.to_string())
        ),
        None => state
            .ship(id)
            .map(|s| s.spec.name.clone())
            .unwrap_or_else(|| id.to_string()),
    };
    match e {
        RescueEvent::InWater { group, explain, .. } => format!(
            "{}: survivors in the water: {explain} (8.6)",
            name(&group.ship)
        ),
        RescueEvent::Started { rescuer, from } => format!(
            "{} stops upwind of {}'s survivors and picks them up, D6/2 groups of 10 each turn (8.6)",
            name(rescuer),
            name(from)
        ),
        RescueEvent::Stopped { rescuer, from } => format!(
            "{} stops picking up {}'s survivors (8.6)",
            name(rescuer),
            name(from)
        ),
        RescueEvent::PickedUp {
            rescuer,
            from,
            explain,
            ..
        } => format!(
            "{} picks up {}'s survivors: {explain} (8.6)",
            name(rescuer),
            name(from)
        ),
    }
}

fn emit(ctx: &mut Ctx<'_>, e: RescueEvent) {
    ctx.emit(Event::Rescue(Box::new(e)));
}

fn refused<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::Refused(msg.into()))
}

/// After a command: the ships it lost put their survivors in the water (8.6), in scenario order.
pub fn after_losses(ctx: &mut Ctx<'_>, before: &GameState) -> Result<(), RuleError> {
    if !ctx.state.rules.search_and_rescue {
        return Ok(());
    }
    for i in 0..ctx.state.ships.len() {
        let s = &ctx.state.ships[i];
        if s.status != ShipStatus::Sunk || before.ships[i].status == ShipStatus::Sunk {
            continue;
        }
        if ctx.state.survivors.iter().any(|g| g.ship == s.id()) {
            continue;
        }
        let cause = s.sunk_by.clone().or(s.lost.clone()).unwrap_or_default();
        let name = s.spec.name.clone();
        let crew = s.spec.crew;
        let id = s.id().to_string();
        let lower = cause.to_ascii_lowercase();
        let (roll, pct, how) = if lower.contains("all hands") {
            (None, 0, "lost with all hands: none".to_string())
        } else if lower.contains("detonat") || lower.contains("explo") {
            let d = ctx.roll(
                i,
                Die::D6,
                format!("survivors of {name}: D6 % (a spectacular loss)"),
            )?;
            (Some(d), d, format!("D6 {d} % (magazine or explosion)"))
        } else {
            let d = ctx.roll(i, Die::D6, format!("survivors of {name}: D6 x 10 %"))?;
            (Some(d), d * 10, format!("D6 {d} x 10 = {} %", d * 10))
        };
        let men = crew.map(|c| c * pct / 100);
        let explain = match men {
            Some(m) => format!(
                "{how} of {} men: {m}, sighted as size {} (8.6)",
                crew.unwrap_or(0),
                sighting_size(m)
            ),
            None => {
                format!("{how} of her crew (no `crew` in the scenario: the umpire counts them)")
            }
        };
        emit(
            ctx,
            RescueEvent::InWater {
                group: Survivors {
                    ship: id,
                    pct,
                    men,
                    at: ctx.state.clock.turn,
                    rescued: 0,
                    rescuer: None,
                },
                roll,
                explain,
            },
        );
    }
    Ok(())
}

/// The id of the survivors of aircraft `k` of flight `flight`: "pups.2" (ids hold no dot).
pub fn aircraft_group(flight: &str, k: u32) -> String {
    format!("{flight}.{k}")
}

/// 8.6 rounding: "Round numbers of survivors above ten to the nearest tens, e.g., twelve
/// becomes ten, twenty-five becomes thirty."
pub fn round_survivors(men: u32) -> u32 {
    if men > 10 {
        (men + 5) / 10 * 10
    } else {
        men
    }
}

/// 8.6: "If an aircraft is destroyed, place a group of survivors near the spot where it goes
/// down": its crew (the flight's `crew` per aircraft, rounded above ten to the nearest ten),
/// with the optional rule. Without `crew` the group is logged and the umpire counts it.
pub fn aircraft_down(ctx: &mut Ctx<'_>, i: usize, k: u32) -> Result<(), RuleError> {
    if !ctx.state.rules.search_and_rescue {
        return Ok(());
    }
    let s = &ctx.state.ships[i];
    let crew = s.spec.flight.as_ref().and_then(|f| f.crew);
    let men = crew.map(round_survivors);
    let explain = match (crew, men) {
        (Some(c), Some(m)) => format!(
            "aircraft {k} went down: its crew of {c}{}, sighted as size {}",
            if m == c {
                String::new()
            } else {
                format!(", rounded to {m}")
            },
            sighting_size(m)
        ),
        _ => format!(
            "aircraft {k} went down: its crew (no `crew` in the flight: the umpire counts them)"
        ),
    };
    let group = Survivors {
        ship: aircraft_group(s.id(), k),
        pct: 100,
        men,
        at: ctx.state.clock.turn,
        rescued: 0,
        rescuer: None,
    };
    emit(
        ctx,
        RescueEvent::InWater {
            group,
            roll: None,
            explain,
        },
    );
    Ok(())
}

/// The survivors' group named by `rescue SHIP FROM`: a lost ship's id or name, or an aircraft
/// of a flight as `FLIGHT.K` (8.6); its id and how to name it.
fn group_of(state: &GameState, from: &str) -> Result<(String, String), RuleError> {
    if let Some((flight, k)) = from.rsplit_once('.') {
        let f = find_ship(state, flight)?;
        let s = &state.ships[f];
        let Ok(k) = k.parse::<u32>() else {
            return refused(format!(
                "\"{from}\": name an aircraft of {} by its number, e.g. {}.1",
                s.spec.name,
                s.id()
            ));
        };
        return Ok((
            aircraft_group(s.id(), k),
            format!("aircraft {k} of {}", s.spec.name),
        ));
    }
    let f = find_ship(state, from)?;
    let s = &state.ships[f];
    Ok((s.id().to_string(), s.spec.name.clone()))
}

/// `rescue SHIP FROM` / `rescue-stop SHIP`.
pub fn rescue(ctx: &mut Ctx<'_>, ship: &str, from: Option<&str>) -> Result<(), RuleError> {
    if !ctx.state.rules.search_and_rescue {
        return refused(
            "search and rescue is an optional rule: set search_and_rescue = true in the scenario [options] (8.6)",
        );
    }
    let r = find_ship(&ctx.state, ship)?;
    let rs = &ctx.state.ships[r];
    let rid = rs.id().to_string();
    let Some(from) = from else {
        let Some(g) = ctx
            .state
            .survivors
            .iter()
            .find(|g| g.rescuer.as_deref() == Some(rid.as_str()))
        else {
            return refused(format!("{} is picking up no survivors", rs.spec.name));
        };
        let from = g.ship.clone();
        emit(ctx, RescueEvent::Stopped { rescuer: rid, from });
        return Ok(());
    };
    if !rs.is_afloat() {
        return refused(format!(
            "{} ({}) is {}",
            rs.spec.name,
            rid,
            rs.status.name()
        ));
    }
    let (fid, fname) = group_of(&ctx.state, from)?;
    let Some(g) = ctx.state.survivors.iter().find(|g| g.ship == fid) else {
        return refused(format!(
            "{fname} has left no survivors in the water (a lost ship's survivors are rolled when she goes down, an aircraft's placed when it is destroyed, 8.6)"
        ));
    };
    if g.men.is_none() {
        return refused(format!(
            "{fname}: the crew is not in the scenario (`crew = N` men): the survivors cannot be counted in groups of 10"
        ));
    }
    if g.left() == Some(0) {
        return refused(format!("no survivors of {fname} are left in the water"));
    }
    if let Some(other) = &g.rescuer {
        return refused(format!("{other} is already picking them up"));
    }
    if ctx
        .state
        .survivors
        .iter()
        .any(|g| g.rescuer.as_deref() == Some(rid.as_str()))
    {
        return refused(format!(
            "{} is already picking up survivors: `rescue-stop {rid}` first",
            ctx.state.ships[r].spec.name
        ));
    }
    emit(
        ctx,
        RescueEvent::Started {
            rescuer: rid,
            from: fid,
        },
    );
    Ok(())
}

/// The schedule's pick-ups for ship `i`: at the end of the Resolution Phase of each turn while
/// she is picking up survivors.
pub fn schedule(state: &GameState, i: usize, out: &mut Vec<Timer>) {
    let s = &state.ships[i];
    if !s.is_afloat() {
        return;
    }
    for g in &state.survivors {
        if g.rescuer.as_deref() == Some(s.id()) {
            out.push(Timer {
                kind: TimerKind::Rescue,
                turn: state.clock.turn,
                phase: Phase::Resolution,
            });
        }
    }
}

/// A turn's pick-up (8.6): D6, one less for every sea state over two, halved (round down):
/// groups of 10, no more than are left or than her crew can hold.
pub fn timed(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    if !crate::rulesets::fgdn::timers::is_due(&ctx.state, ctx.tables, i, TimerKind::Rescue) {
        return Ok(());
    }
    // One pick-up per tactical turn: ten in a 30-minute intermediate turn.
    let turns = (ctx.state.clock.scale.turn_minutes()
        / crate::rulesets::fgdn::clock::TACTICAL_MINUTES)
        .max(1);
    for _ in 0..turns {
        pick_up(ctx, i)?;
    }
    Ok(())
}

fn pick_up(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let rid = s.id().to_string();
    let name = s.spec.name.clone();
    let capacity = s.spec.crew;
    let Some(g) = ctx
        .state
        .survivors
        .iter()
        .find(|g| g.rescuer.as_deref() == Some(rid.as_str()))
        .cloned()
    else {
        return Ok(());
    };
    let sea = ctx.state.sea_state;
    let less = sea.saturating_sub(2);
    let d = ctx.roll(
        i,
        Die::D6,
        format!(
            "survivors picked up by {name}: (D6{})/2 groups of 10",
            if less > 0 {
                format!(" - {less} for sea state {sea}")
            } else {
                String::new()
            }
        ),
    )?;
    let groups = d.saturating_sub(less) / 2;
    let left = g.left().unwrap_or(0);
    let room = capacity.map(|c| c.saturating_sub(picked_by(&ctx.state, &rid)));
    let mut men = (groups * 10).min(left);
    if let Some(room) = room {
        men = men.min(room);
    }
    let explain = format!(
        "D6 {d}{} -> {groups} group{} of 10: {men} men aboard, {} left in the water{}",
        if less > 0 {
            format!(" - {less} (sea state {sea})")
        } else {
            String::new()
        },
        if groups == 1 { "" } else { "s" },
        left - men,
        if room == Some(men) && men < groups * 10 && men < left {
            " (she holds no more than her own crew)"
        } else {
            ""
        }
    );
    emit(
        ctx,
        RescueEvent::PickedUp {
            rescuer: rid,
            from: g.ship.clone(),
            roll: d,
            groups,
            men,
            explain,
        },
    );
    Ok(())
}

/// The survivors for the status (`survivors` in `status --json`, absent when none).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SurvivorView {
    pub ship: String,
    pub pct: u32,
    pub men: Option<u32>,
    pub in_water: Option<u32>,
    pub rescued: u32,
    pub rescuer: Option<String>,
    pub since: String,
    /// The size class they are sighted as (8.6), while any are in the water.
    pub sighted_as: Option<String>,
}

pub fn views(state: &GameState) -> Vec<SurvivorView> {
    state
        .survivors
        .iter()
        .map(|g| SurvivorView {
            ship: g.ship.clone(),
            pct: g.pct,
            men: g.men,
            in_water: g.left(),
            rescued: g.rescued,
            rescuer: g.rescuer.clone(),
            since: label(g.at),
            sighted_as: g
                .left()
                .filter(|n| *n > 0)
                .map(|n| sighting_size(n).to_string()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    /// FG&DN 8.6: "Round numbers of survivors above ten to the nearest tens, e.g., twelve
    /// becomes ten, twenty-five becomes thirty." Ten and under are kept.
    #[test]
    fn aircraft_survivors_round_to_tens_8_6() {
        use super::round_survivors;
        assert_eq!(round_survivors(12), 10);
        assert_eq!(round_survivors(25), 30);
        assert_eq!(round_survivors(3), 3);
        assert_eq!(round_survivors(10), 10);
        assert_eq!(round_survivors(34), 30);
        assert_eq!(round_survivors(35), 40);
    }

    /// FG&DN 8.6: under 10 men size G, 10-30 E, 30-100 D, 100 or more C.
    #[test]
    fn sighting_sizes_8_6() {
        use super::sighting_size;
        use crate::rulesets::fgdn::kinds::SizeClass;
        assert_eq!(sighting_size(9), SizeClass::G);
        assert_eq!(sighting_size(10), SizeClass::E);
        assert_eq!(sighting_size(30), SizeClass::E);
        assert_eq!(sighting_size(31), SizeClass::D);
        assert_eq!(sighting_size(100), SizeClass::C);
    }
}
