//! Aircraft in flight (FG&DN 1.1 8.1 "Weapons hitting aircraft", 8.7 Aircraft Damage
//! Resolution (optional), 8.5 damaged aircraft repairs; SPEC 3.9).
//!
//! A `[[ship]]` of `type = "flight"` with `flight = { aircraft = N, land_based = BOOL }` is a
//! flight of aircraft in the air. `plane FLIGHT [K]` is a hit on its aircraft K. Without the
//! optional rule the aircraft "aborts its mission. It is removed from play" (8.1); with
//! `aircraft_damage_resolution = true` the hit is rolled at once on the 8.7 table (destroyed,
//! critical, heavy or light damage, light damage's D6 kind) and later hits add to it. After the
//! battle, with the option, damaged aircraft are repaired on the Breakdown Repair Table (8.5),
//! land-based ones at +10 %. Rulings are in docs/rules-notes.md "Aircraft in flight".
use crate::core::dice::Die;
use crate::rulesets::fgdn::engine::{Ctx, RuleError};
use crate::rulesets::fgdn::event::Event;
use crate::rulesets::fgdn::state::ShipState;
use serde::{Deserialize, Serialize};

/// `type = "flight"`.
pub const FLIGHT: &str = "flight";

/// A flight as the scenario gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlightSpec {
    /// Aircraft in the flight (1-100).
    pub aircraft: u32,
    /// Land-based aircraft: +10 % to their repair roll (8.5).
    #[serde(default)]
    pub land_based: bool,
    /// The aviation ship the flight flies from, by id: her repair base (tender, port) is its
    /// aircraft's after the battle (8.5), and each detail panel names the other.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carrier: Option<String>,
    /// Men in each aircraft (1-100; 8.6: small aircraft one to three, medium and large up to
    /// ten or twelve, passenger aircraft thirty or more): with the optional search and rescue,
    /// an aircraft destroyed leaves them in the water as a group of survivors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crew: Option<u32>,
}

/// Light damage's D6 (8.7): 1 pilot wounded, 2-3 engine, 4-5 structure, 6 offensive weapons.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Light {
    Pilot,
    Engine,
    Structure,
    /// Offensive weapons damaged; `no_jettison`: it cannot jettison its ordnance either (50 %).
    Weapons {
        no_jettison: bool,
    },
}

impl Light {
    fn from_d6(d6: u32, no_jettison: bool) -> Light {
        match d6 {
            1 => Light::Pilot,
            2 | 3 => Light::Engine,
            4 | 5 => Light::Structure,
            _ => Light::Weapons { no_jettison },
        }
    }
    fn same_kind(self, other: Light) -> bool {
        std::mem::discriminant(&self) == std::mem::discriminant(&other)
    }
    fn text(self) -> &'static str {
        match self {
            Light::Pilot => "pilot wounded: cannot attack, maneuver rating reduced by 1/3",
            Light::Engine => "engine damaged: no speed over cruise, maneuver rating halved",
            Light::Structure => "structure damaged: no speed over cruise, maneuver rating 0.5/0.5",
            Light::Weapons { no_jettison: false } => {
                "offensive weapons damaged: cannot release ordnance offensively (it can jettison it)"
            }
            Light::Weapons { no_jettison: true } => {
                "offensive weapons damaged: cannot release ordnance offensively, nor jettison it"
            }
        }
    }
}

/// An aircraft of a flight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Plane {
    Flying,
    Light {
        kind: Light,
    },
    Heavy,
    Critical,
    Destroyed,
    /// Hit without the optional 8.7: aborts its mission, removed from play (8.1).
    Aborted,
}

impl Plane {
    pub fn in_play(self) -> bool {
        !matches!(self, Plane::Destroyed | Plane::Aborted)
    }
    pub fn damaged(self) -> bool {
        matches!(self, Plane::Light { .. } | Plane::Heavy | Plane::Critical)
    }
    pub fn text(self) -> String {
        match self {
            Plane::Flying => "flying".into(),
            Plane::Light { kind } => format!("light damage, {}", kind.text()),
            Plane::Heavy => "heavy damage: no speed over cruise, weapons and sensors down, maneuver rating halved (at least 0.5/0.5)".into(),
            Plane::Critical => "critical damage: no speed over cruise, weapons, sensors and countermeasures down, maneuver rating 0.5/0.0 (lightly/fully loaded)".into(),
            Plane::Destroyed => "destroyed".into(),
            Plane::Aborted => "aborted its mission: removed from play (8.1)".into(),
        }
    }
    /// The word for `status --json`.
    pub fn word(self) -> &'static str {
        match self {
            Plane::Flying => "flying",
            Plane::Light { .. } => "light",
            Plane::Heavy => "heavy",
            Plane::Critical => "critical",
            Plane::Destroyed => "destroyed",
            Plane::Aborted => "aborted",
        }
    }
}

/// The words of `[ship.carried] planes` (`umpire carry`), each aircraft as it ended.
pub const CARRIED_PLANES: &str = "flying, light: pilot, light: engine, light: structure, light: weapons, light: weapons, no jettison, heavy, critical, destroyed or aborted";

impl Plane {
    /// An aircraft as `[ship.carried] planes` writes it: "flying", "light: engine", "heavy" ...
    pub fn carried_text(self) -> String {
        match self {
            Plane::Light { kind } => format!(
                "light: {}",
                match kind {
                    Light::Pilot => "pilot",
                    Light::Engine => "engine",
                    Light::Structure => "structure",
                    Light::Weapons { no_jettison: false } => "weapons",
                    Light::Weapons { no_jettison: true } => "weapons, no jettison",
                }
            ),
            p => p.word().to_string(),
        }
    }

    /// Reads `carried_text`.
    pub fn from_carried(text: &str) -> Result<Plane, String> {
        let light = |k: &str| match k {
            "pilot" => Some(Light::Pilot),
            "engine" => Some(Light::Engine),
            "structure" => Some(Light::Structure),
            "weapons" => Some(Light::Weapons { no_jettison: false }),
            "weapons, no jettison" => Some(Light::Weapons { no_jettison: true }),
            _ => None,
        };
        let plane = match text.trim() {
            "flying" => Some(Plane::Flying),
            "heavy" => Some(Plane::Heavy),
            "critical" => Some(Plane::Critical),
            "destroyed" => Some(Plane::Destroyed),
            "aborted" => Some(Plane::Aborted),
            t => t
                .strip_prefix("light:")
                .and_then(|k| light(k.trim()))
                .map(|kind| Plane::Light { kind }),
        };
        plane.ok_or_else(|| {
            format!("\"{text}\" is not an aircraft's state (expected {CARRIED_PLANES})")
        })
    }
}

/// What the 8.7 table gave for one hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Damage {
    Destroyed,
    Critical,
    Heavy,
    Light(Light),
}

/// The 8.7 table: D10 1-5 destroyed, 6 critical, 7-8 heavy, 9-0 light.
pub fn table(d10: u32) -> Option<Damage> {
    match d10 {
        1..=5 => Some(Damage::Destroyed),
        6 => Some(Damage::Critical),
        7 | 8 => Some(Damage::Heavy),
        _ => None,
    }
}

/// A new hit on an aircraft in its state (8.7): "The first hit imposes the listed casualty.
/// Later hits add to the severity of the damage." Readings (rules-notes): a critical-damage
/// result on an aircraft already damaged kills it (it is worse than the heavy damage that makes
/// a lightly damaged one critical).
pub fn combine(now: Plane, hit: Damage) -> Plane {
    match (now, hit) {
        (_, Damage::Destroyed) | (Plane::Critical, _) => Plane::Destroyed,
        (Plane::Flying, Damage::Critical) => Plane::Critical,
        (Plane::Flying, Damage::Heavy) => Plane::Heavy,
        (Plane::Flying, Damage::Light(kind)) => Plane::Light { kind },
        (Plane::Heavy, Damage::Heavy | Damage::Critical) => Plane::Destroyed,
        (Plane::Heavy, Damage::Light(_)) => Plane::Critical,
        (Plane::Light { .. }, Damage::Critical) => Plane::Destroyed,
        (Plane::Light { .. }, Damage::Heavy) => Plane::Critical,
        (Plane::Light { kind }, Damage::Light(k)) if kind.same_kind(k) => now,
        (Plane::Light { .. }, Damage::Light(_)) => Plane::Heavy,
        (Plane::Destroyed | Plane::Aborted, _) => now,
    }
}

/// One change to a flight (recorded in the log; `apply` folds it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum FlightChange {
    /// Aircraft `plane` (1-based) hit: its new state and how it was found.
    Hit {
        plane: u32,
        state: Plane,
        what: String,
    },
    /// Repaired after the battle (8.5).
    Repaired { plane: u32 },
}

/// `Event::Flight`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FlightEvent {
    pub ship: String,
    pub change: FlightChange,
}

/// A flight's aircraft.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct FlightState {
    pub planes: Vec<Plane>,
}

impl FlightState {
    pub fn new(spec: &FlightSpec) -> FlightState {
        FlightState {
            planes: vec![Plane::Flying; spec.aircraft as usize],
        }
    }
}

pub fn apply(state: &mut crate::rulesets::fgdn::state::GameState, e: &FlightEvent) {
    let Some(i) = state.ship_index(&e.ship) else {
        return;
    };
    let Some(f) = &mut state.ships[i].flight else {
        return;
    };
    let (k, new) = match &e.change {
        FlightChange::Hit { plane, state, .. } => (*plane, *state),
        FlightChange::Repaired { plane } => (*plane, Plane::Flying),
    };
    if let Some(p) = f.planes.get_mut((k as usize).wrapping_sub(1)) {
        *p = new;
    }
}

/// Why a ship command does not apply to a flight.
pub fn refuse(s: &ShipState, what: &str) -> Result<(), RuleError> {
    if s.flight.is_some() {
        return Err(RuleError::Refused(format!(
            "{} ({}) is a flight of aircraft: {what} does not apply; a hit on one of its aircraft is `plane {} [K]` (8.1, 8.7)",
            s.spec.name,
            s.id(),
            s.id()
        )));
    }
    Ok(())
}

/// `plane FLIGHT [K]`: a hit on aircraft K of the flight (the first in play when not given).
pub fn hit(ctx: &mut Ctx<'_>, i: usize, k: Option<u32>) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let refused = |m: String| Err(RuleError::Refused(m));
    let Some(f) = &s.flight else {
        return refused(format!(
            "{} ({}) is not a flight of aircraft (type = \"flight\" in the scenario)",
            s.spec.name,
            s.id()
        ));
    };
    let n = f.planes.len() as u32;
    let k = match k {
        Some(k) if k == 0 || k > n => {
            return refused(format!("{} has aircraft 1-{n}, not {k}", s.spec.name))
        }
        Some(k) => k,
        None => match f.planes.iter().position(|p| p.in_play()) {
            Some(p) => p as u32 + 1,
            None => return refused(format!("{} has no aircraft left in play", s.spec.name)),
        },
    };
    let now = f.planes[k as usize - 1];
    if !now.in_play() {
        return refused(format!(
            "aircraft {k} of {} is out of play ({})",
            s.spec.name,
            now.word()
        ));
    }
    let name = s.spec.name.clone();
    let id = s.id().to_string();
    let (state, what) = if !ctx.state.rules.aircraft_damage_resolution {
        (
            Plane::Aborted,
            "hit: it aborts its mission and is removed from play (8.1); killed or damaged is decided after the battle (7.0.4, not in this text)".to_string(),
        )
    } else {
        let d10 = ctx.roll(
            i,
            Die::D10,
            format!("aircraft {k} of {name} hit: 1-5 destroyed, 6 critical, 7-8 heavy, 9-0 light damage (8.7)"),
        )?;
        let (damage, words) = match table(d10) {
            Some(d) => (
                d,
                match d {
                    Damage::Destroyed => "destroyed",
                    Damage::Critical => "critical damage",
                    _ => "heavy damage",
                }
                .to_string(),
            ),
            None => {
                let d6 = ctx.roll(
                    i,
                    Die::D6,
                    format!("light damage, aircraft {k} of {name}: 1 pilot, 2-3 engine, 4-5 structure, 6 offensive weapons (8.7)"),
                )?;
                let no_jettison = if d6 == 6 {
                    let d = ctx.roll(
                        i,
                        Die::D100,
                        format!("offensive weapons damaged, aircraft {k} of {name}: cannot jettison on 1-50 (8.7)"),
                    )?;
                    d <= 50
                } else {
                    false
                };
                (
                    Damage::Light(Light::from_d6(d6, no_jettison)),
                    format!("light damage (D6 {d6})"),
                )
            }
        };
        let new = combine(now, damage);
        let change = if now == Plane::Flying {
            String::new()
        } else if new == now {
            "; the same light damage again: ignored (8.7)".to_string()
        } else {
            format!("; it was {}: now {}", now.word(), new.word())
        };
        let what = if new == Plane::Destroyed {
            format!("D10 {d10}: {words}{change}")
        } else {
            format!("D10 {d10}: {words}{change}: {}", new.text())
        };
        (new, what)
    };
    ctx.emit(Event::Flight(Box::new(FlightEvent {
        ship: id.clone(),
        change: FlightChange::Hit {
            plane: k,
            state,
            what,
        },
    })));
    if state == Plane::Destroyed {
        crate::rulesets::fgdn::rescue::aircraft_down(ctx, i, k)?;
    }
    Ok(())
}

/// Log words for a flight change.
pub fn text(name: &str, e: &FlightEvent) -> String {
    match &e.change {
        FlightChange::Hit { plane, what, .. } => {
            format!("{name}: AIRCRAFT {plane} HIT: {what}")
        }
        FlightChange::Repaired { plane } => format!("{name}: aircraft {plane} repaired (8.5)"),
    }
}

/// The repair items of a flight after the battle (8.5, with the optional 8.7): each damaged
/// aircraft, on the Breakdown Repair Table.
pub fn damaged(s: &ShipState) -> Vec<u32> {
    s.flight
        .iter()
        .flat_map(|f| f.planes.iter().enumerate())
        .filter(|(_, p)| p.damaged())
        .map(|(k, _)| k as u32 + 1)
        .collect()
}

/// Land-based aircraft: +10 % to the repair roll (8.5).
pub fn land_bonus(s: &ShipState) -> u32 {
    if s.spec.flight.as_ref().is_some_and(|f| f.land_based) {
        10
    } else {
        0
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FlightView {
    pub aircraft: u32,
    pub land_based: bool,
    /// The aviation ship it flies from, by id (8.5); absent when the scenario gives none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub carrier: Option<String>,
    pub in_play: u32,
    /// Each aircraft: flying, light, heavy, critical, destroyed, aborted.
    pub planes: Vec<&'static str>,
    /// Each aircraft's condition in words.
    pub conditions: Vec<String>,
}

pub fn view(s: &ShipState) -> Option<FlightView> {
    let f = s.flight.as_ref()?;
    let sp = s.spec.flight.as_ref()?;
    Some(FlightView {
        aircraft: sp.aircraft,
        land_based: sp.land_based,
        carrier: sp.carrier.clone(),
        in_play: f.planes.iter().filter(|p| p.in_play()).count() as u32,
        planes: f.planes.iter().map(|p| p.word()).collect(),
        conditions: f.planes.iter().map(|p| p.text()).collect(),
    })
}

/// The flights whose `carrier` ship `s` is (8.5), in scenario order.
pub fn flights_of<'a>(
    state: &'a crate::rulesets::fgdn::state::GameState,
    s: &'a ShipState,
) -> impl Iterator<Item = &'a ShipState> + 'a {
    state.ships.iter().map(|f| &**f).filter(move |f| {
        f.spec
            .flight
            .as_ref()
            .and_then(|x| x.carrier.as_deref())
            .is_some_and(|c| c.eq_ignore_ascii_case(s.id()))
    })
}

/// The carrier-flight link in words (detail panel, `status`): on a flight, its carrier and
/// what of her deck and flight operations bears on launching and landing (8.1.10, 8.3 Bridge,
/// Flight Deck, 8.4); on a carrier, the flights from her and their aircraft in play.
pub fn link_lines(state: &crate::rulesets::fgdn::state::GameState, s: &ShipState) -> Vec<String> {
    let mut out = Vec::new();
    let carrier = s.spec.flight.as_ref().and_then(|f| f.carrier.as_deref());
    if let Some(c) = carrier
        .and_then(|id| state.ship_index(id))
        .map(|i| &state.ships[i])
    {
        let mut line = format!("Carrier: {} ({})", c.spec.name, c.id());
        if !c.is_afloat() {
            line.push_str(&format!(
                " is {}: where its aircraft come down is the umpire's (the text gives no rule)",
                c.status.name()
            ));
        } else {
            let mut state_of = Vec::new();
            if !c.equipment.flight_deck.is_empty() {
                let deck: Vec<&str> = c.equipment.flight_deck.iter().map(|p| p.text()).collect();
                state_of.push(format!("flight deck hit: {}", deck.join("; ")));
            }
            if let Some(ops) = crate::rulesets::fgdn::aviation::flight_ops_text(state, c) {
                state_of.push(format!("flight ops: {ops}"));
            }
            if state_of.is_empty() {
                line.push_str(": deck and flight operations as usual");
            } else {
                line.push_str(&format!(": {}", state_of.join("; ")));
            }
        }
        out.push(line);
    }
    let flights: Vec<String> = flights_of(state, s)
        .map(|f| {
            let n = f.flight.as_ref().map_or(0, |x| x.planes.len());
            let up = f
                .flight
                .as_ref()
                .map_or(0, |x| x.planes.iter().filter(|p| p.in_play()).count());
            format!("{} ({}) {up}/{n} aircraft in play", f.spec.name, f.id())
        })
        .collect();
    if !flights.is_empty() {
        out.push(format!("Flights from her: {}", flights.join(", ")));
    }
    out
}

/// Detail-panel lines.
pub fn detail_lines(v: &FlightView) -> Vec<String> {
    let mut out = vec![format!(
        "Flight: {} of {} aircraft in play{}",
        v.in_play,
        v.aircraft,
        if v.land_based { " (land-based)" } else { "" }
    )];
    for (k, c) in v.conditions.iter().enumerate() {
        if v.planes[k] != "flying" {
            out.push(format!("Aircraft {}: {c}", k + 1));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 8.7: "Any hit on a Critically damaged aircraft kills it. Heavy Damage to a Heavily
    /// damaged aircraft kills it. Heavy Damage to a Lightly damaged aircraft makes it Critically
    /// Damaged. Light Damage to a Heavily damaged aircraft makes it Critically Damaged. Light
    /// Damage to a Lightly Damaged aircraft, if it is not the same type, makes it Heavily
    /// Damaged. If it is the same result, ignore it."
    #[test]
    fn later_hits_add_to_the_damage_8_7() {
        let eng = Light::Engine;
        let pilot = Light::Pilot;
        let light = |kind| Plane::Light { kind };
        assert_eq!(
            combine(Plane::Critical, Damage::Light(eng)),
            Plane::Destroyed
        );
        assert_eq!(combine(Plane::Heavy, Damage::Heavy), Plane::Destroyed);
        assert_eq!(combine(light(eng), Damage::Heavy), Plane::Critical);
        assert_eq!(combine(Plane::Heavy, Damage::Light(eng)), Plane::Critical);
        assert_eq!(combine(light(eng), Damage::Light(pilot)), Plane::Heavy);
        assert_eq!(combine(light(eng), Damage::Light(eng)), light(eng));
        assert_eq!(combine(Plane::Flying, Damage::Heavy), Plane::Heavy);
        assert_eq!(combine(Plane::Flying, Damage::Destroyed), Plane::Destroyed);
        assert_eq!(combine(light(eng), Damage::Critical), Plane::Destroyed);
    }

    /// 8.7 table: 1-5 destroyed, 6 critical, 7-8 heavy, 9-0 light.
    #[test]
    fn the_table_8_7() {
        assert_eq!(table(1), Some(Damage::Destroyed));
        assert_eq!(table(5), Some(Damage::Destroyed));
        assert_eq!(table(6), Some(Damage::Critical));
        assert_eq!(table(8), Some(Damage::Heavy));
        assert_eq!(table(9), None);
        assert_eq!(table(10), None);
        assert_eq!(Light::from_d6(1, false), Light::Pilot);
        assert_eq!(Light::from_d6(3, false), Light::Engine);
        assert_eq!(Light::from_d6(4, false), Light::Structure);
    }

    /// `umpire carry` writes each aircraft's state as a word and reads it back (8.7).
    #[test]
    fn carried_words_round_trip_8_7() {
        let all = [
            Plane::Flying,
            Plane::Light { kind: Light::Pilot },
            Plane::Light {
                kind: Light::Engine,
            },
            Plane::Light {
                kind: Light::Structure,
            },
            Plane::Light {
                kind: Light::Weapons { no_jettison: false },
            },
            Plane::Light {
                kind: Light::Weapons { no_jettison: true },
            },
            Plane::Heavy,
            Plane::Critical,
            Plane::Destroyed,
            Plane::Aborted,
        ];
        for p in all {
            assert_eq!(Plane::from_carried(&p.carried_text()), Ok(p), "{p:?}");
        }
        assert_eq!(
            Plane::Light {
                kind: Light::Weapons { no_jettison: true }
            }
            .carried_text(),
            "light: weapons, no jettison"
        );
        assert!(Plane::from_carried("light").is_err());
    }
}
