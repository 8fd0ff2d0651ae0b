//! A ship that starts a battle with damage from an earlier one (the scenario's
//! `[ship.carried]` block, FG&DN 8.4 repairs carried into the next battle): the block's format
//! and validation, and the state the ship starts in. Written by `rulesets::fgdn::carry` (the campaign's
//! carry-over); read here when a battle is set up, so the battle's fold needs nothing from the
//! campaign module.
use crate::rulesets::fgdn::airship::{Control, Engines, Part};
use crate::rulesets::fgdn::clock::{Hhmm, Minute, Phase};
use crate::rulesets::fgdn::effects::{AircraftPlace, DeckPlace, JamDirection, RudderState};
use crate::rulesets::fgdn::event::{Critical, EffectStatus};
use crate::rulesets::fgdn::flight::Plane;
use crate::rulesets::fgdn::grounding::Grounding;
use crate::rulesets::fgdn::kinds::{Column, CriticalKind};
use crate::rulesets::fgdn::repairs::{RepairItem, RepairState, RepairTarget};
use crate::rulesets::fgdn::scenario::{AircraftAboard, Battery, ShipSpec};
use crate::rulesets::fgdn::state::ShipState;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Torpedo protection left per side (FG&DN 8.1.7.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CarriedTds {
    pub port: u32,
    pub starboard: u32,
}

/// A critical still in force, as the next battle starts with it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CarriedCritical {
    pub kind: CriticalKind,
    pub detail: String,
    /// Where it came from: "Dogger Bank, 1209 day 1: damage ratio 0.26, D6 5".
    #[serde(default)]
    pub cause: String,
    /// Speed breakdown levels lost (engineering criticals only).
    #[serde(default)]
    pub speed_levels: u32,
    /// False when its lasting effect is the umpire's to apply (`[EFFECT NOT APPLIED]`).
    #[serde(default = "yes")]
    pub effect_applied: bool,
    /// Where a flight-deck critical struck (flight_deck criticals only, and always): the
    /// unrepaired deck damage the next battle starts with (8.3 Flight Deck, 8.4).
    #[serde(default)]
    pub place: Option<DeckPlace>,
}

pub(crate) fn yes() -> bool {
    true
}

/// A ship's state carried from an earlier battle (scenario `[ship.carried]`). Mounts are named
/// as in the ship's `mounts`; `not_repairable_at_sea` lists systems as `"mount: B turret"`,
/// `"director: main"`, `"fire_control: WHAT"`, `"sensor: WHAT"`, `"comms: WHAT"`,
/// `"engineering"`, `"bridge"`, `"rudder"` or `"flight_deck"`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Carried {
    /// Damage points taken (size A-D: DP are reduced by it; E-G: all damage received).
    pub damage: u32,
    pub tds: Option<CarriedTds>,
    #[serde(default)]
    pub keel_broken: bool,
    /// A flooding patch from the earlier battle: checked again at the next repair marks.
    #[serde(default)]
    pub flooding_patch: bool,
    #[serde(default)]
    pub magazines_flooded: bool,
    /// The aviation ammo/fuel stowage was flooded or purged: "for the rest of the game" (8.3).
    #[serde(default)]
    pub aviation_purged: bool,
    #[serde(default)]
    pub criticals: Vec<CarriedCritical>,
    #[serde(default)]
    pub mounts_out: Vec<String>,
    /// AA and light batteries: thirds of strength lost, by mount name.
    #[serde(default)]
    pub thirds_lost: BTreeMap<String, u32>,
    /// Torpedo mounts whose weapons are gone.
    #[serde(default)]
    pub loads_lost: Vec<String>,
    #[serde(default)]
    pub directors_lost: BTreeMap<Battery, u32>,
    #[serde(default)]
    pub local_control: Vec<Battery>,
    /// Fire-control damage described without directors.
    #[serde(default)]
    pub fire_control: Vec<String>,
    #[serde(default)]
    pub sensors_out: Vec<String>,
    #[serde(default)]
    pub comms_out: Vec<String>,
    /// The bridge was hit and not repaired: two-turn course and speed changes.
    #[serde(default)]
    pub bridge: bool,
    pub rudder: Option<RudderState>,
    #[serde(default)]
    pub crew_factors_lost: u32,
    #[serde(default)]
    pub flotation_hits: u32,
    /// Engineering plant breakdowns (FG&DN 8.5) not repaired: one speed level each.
    #[serde(default)]
    pub engineering_breakdowns: u32,
    /// Mounts and searchlights out since the serviceability roll (FG&DN 8.5) and not repaired
    /// (`"mount: NAME"`, `"sensor: forward_searchlight"`): out, and repaired on the Breakdown
    /// Repair Table after the next battle.
    #[serde(default)]
    pub breakdowns: Vec<String>,
    #[serde(default)]
    pub not_repairable_at_sea: Vec<String>,
    /// Cargo lost, by hold name, in the hold's unit (8.3 Cargo; never repaired, 8.4).
    #[serde(default)]
    pub cargo_lost: BTreeMap<String, u32>,
    /// Aircraft destroyed, by where they were (8.3 Aircraft; not repaired, 8.4).
    pub aircraft_lost: Option<crate::rulesets::fgdn::scenario::AircraftCount>,
    /// A jammed or stuck rudder's direction if she was steering evasively (8.3 Rudder).
    pub rudder_jam: Option<JamDirection>,
    /// Still beached or aground, and refloatable (8.1.5): she starts the next battle so.
    pub grounded: Option<Grounding>,
    /// A flight's aircraft in order, each as it ended (8.1, 8.7; 8.5 repairs made): "flying",
    /// "light: engine", "heavy", "critical", "destroyed", "aborted" ...; empty: all flying.
    #[serde(default)]
    pub planes: Vec<String>,
    /// An airship's damage (8.8): nothing of it is repaired (the text gives no airship repairs).
    pub airship: Option<CarriedAirship>,
}

/// An airship's damage carried into the next battle (8.8).
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CarriedAirship {
    /// Each hit on a gas cell, by cell number (a cell hit twice is listed twice).
    #[serde(default)]
    pub cell_hits: Vec<u32>,
    /// Engines destroyed, by side.
    #[serde(default)]
    pub engines_lost: Engines,
    #[serde(default)]
    pub controls_lost: Vec<Control>,
    /// Quarters of her maximum fuel lost (0-4).
    #[serde(default)]
    pub fuel_lost_quarters: u32,
    /// The wireless destroyed.
    #[serde(default)]
    pub comms_out: bool,
    /// Weapons results (no effect in the rules: the umpire's house rule).
    #[serde(default)]
    pub weapons_hits: u32,
    /// The criticals' record, oldest first.
    #[serde(default)]
    pub criticals: Vec<CarriedAirshipHit>,
}

/// One airship critical of an earlier battle, as recorded.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct CarriedAirshipHit {
    pub part: Part,
    /// Its D10 on the Airship Critical Hit Table.
    pub roll: Option<u32>,
    pub detail: String,
    /// Where it came from: "The Tondern raid, 0412 day 1".
    #[serde(default)]
    pub cause: String,
}

/// Where a carried scenario came from (`[scenario] carried_from`, oldest first).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Origin {
    /// The save file as named to `umpire carry`.
    pub file: String,
    /// Its scenario name.
    pub scenario: String,
    /// When the battle ended (HHMM) and on which day.
    pub ended: String,
    pub ended_day: u32,
    /// The last post-battle mark whose rolls were made (48: the repair day is over; 0: none).
    pub repairs_to_hours: u32,
    /// Sequence number of the save's last log entry.
    pub last_seq: u64,
    /// CRC-32 (IEEE) of the whole save file as it was read, 8 hex digits.
    pub crc32: String,
    /// Ships left out as wrecks: beached or aground and past refloating (8.1.5), by id.
    #[serde(default)]
    pub wrecks: Vec<String>,
}

/// Kinds whose lasting effect is carried as equipment state (or is over), not as a record.
pub(crate) const NOT_RECORDED: [CriticalKind; 14] = [
    CriticalKind::Fire,
    CriticalKind::Flooding,
    CriticalKind::FuelTank,
    CriticalKind::MainBattery,
    CriticalKind::Casemate,
    CriticalKind::OtherWeapon,
    CriticalKind::Weapon,
    CriticalKind::TorpedoMount,
    CriticalKind::FireControl,
    CriticalKind::Sensor,
    CriticalKind::Communications,
    CriticalKind::Bridge,
    CriticalKind::Rudder,
    CriticalKind::Personnel,
];

/// Prefix of the cause of a critical that came from a carried block.
pub(crate) const CARRIED_CAUSE: &str = "carried: ";

// ---------------------------------------------------------------------------------------------
// Loading: validation against the ship, and the starting state.

pub(crate) fn mount_index(spec: &ShipSpec, name: &str) -> Result<usize, String> {
    let found: Vec<usize> = (0..spec.mounts.len())
        .filter(|k| spec.mounts[*k].name == name)
        .collect();
    match found.as_slice() {
        [k] => Ok(*k),
        [] => Err(format!(
            "no mount is called \"{name}\" (mounts: {})",
            if spec.mounts.is_empty() {
                "none given".to_string()
            } else {
                spec.mounts
                    .iter()
                    .map(|m| format!("\"{}\"", m.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        )),
        _ => Err(format!(
            "{} mounts are called \"{name}\": give them different names",
            found.len()
        )),
    }
}

pub(crate) fn hold_index(spec: &ShipSpec, name: &str) -> Result<usize, String> {
    let found: Vec<usize> = (0..spec.cargo.len())
        .filter(|k| spec.cargo[*k].hold == name)
        .collect();
    match found.as_slice() {
        [k] => Ok(*k),
        [] => Err(format!(
            "no hold is called \"{name}\" (holds: {})",
            if spec.cargo.is_empty() {
                "none: the ship has no cargo".to_string()
            } else {
                spec.cargo
                    .iter()
                    .map(|h| format!("\"{}\"", h.hold))
                    .collect::<Vec<_>>()
                    .join(", ")
            }
        )),
        _ => Err(format!(
            "{} holds are called \"{name}\": give them different names",
            found.len()
        )),
    }
}

pub(crate) const PLACES: [AircraftPlace; 3] = [
    AircraftPlace::Hangar,
    AircraftPlace::Forward,
    AircraftPlace::Aft,
];

pub(crate) fn at_place(a: &AircraftAboard, p: AircraftPlace) -> u32 {
    lost_at(
        &crate::rulesets::fgdn::scenario::AircraftCount {
            hangar: a.hangar,
            forward: a.forward,
            aft: a.aft,
        },
        p,
    )
}

/// The aircraft counted at a place.
pub(crate) fn lost_at(a: &crate::rulesets::fgdn::scenario::AircraftCount, p: AircraftPlace) -> u32 {
    match p {
        AircraftPlace::Hangar => a.hangar,
        AircraftPlace::Forward => a.forward,
        AircraftPlace::Aft => a.aft,
    }
}

pub(crate) fn place_key(p: AircraftPlace) -> &'static str {
    match p {
        AircraftPlace::Hangar => "hangar",
        AircraftPlace::Forward => "forward",
        AircraftPlace::Aft => "aft",
    }
}

pub(crate) fn deck_name(p: DeckPlace) -> &'static str {
    match p {
        DeckPlace::Forward => "forward",
        DeckPlace::Amidships => "amidships",
        DeckPlace::Aft => "aft",
    }
}

pub(crate) fn word_ok(w: &str) -> bool {
    !w.is_empty()
        && w.len() <= 64
        && w.chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

pub(crate) const BATTERIES: [Battery; 7] = [
    Battery::Main,
    Battery::Casemate,
    Battery::Secondary,
    Battery::Tertiary,
    Battery::Light,
    Battery::Aa,
    Battery::Torpedo,
];

/// A system of `not_repairable_at_sea` as text.
pub fn system_text(spec: &ShipSpec, t: &RepairTarget) -> String {
    match t {
        RepairTarget::Mount { index } => format!(
            "mount: {}",
            spec.mounts
                .get(*index)
                .map(|m| m.name.as_str())
                .unwrap_or("?")
        ),
        RepairTarget::Director { battery } => format!("director: {battery}"),
        RepairTarget::FireControl { what } => format!("fire_control: {what}"),
        RepairTarget::Sensor { what } => format!("sensor: {what}"),
        RepairTarget::Comms { what } => format!("comms: {what}"),
        RepairTarget::Engineering => "engineering".into(),
        RepairTarget::Bridge => "bridge".into(),
        RepairTarget::Rudder => "rudder".into(),
        RepairTarget::FlightDeck => "flight_deck".into(),
        RepairTarget::Plane { plane } => format!("aircraft: {plane}"),
        RepairTarget::Aircraft { place } => format!(
            "aircraft: {}",
            serde_json::to_value(place)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default()
        ),
    }
}

/// Reads a system of `not_repairable_at_sea`.
pub fn parse_system(spec: &ShipSpec, text: &str) -> Result<RepairTarget, String> {
    let (system, what) = match text.split_once(':') {
        Some((s, w)) => (s.trim(), Some(w.trim())),
        None => (text.trim(), None),
    };
    let need = |w: Option<&str>| match w {
        Some(w) if !w.is_empty() => Ok(w.to_string()),
        _ => Err(format!(
            "\"{text}\": say which {system} (\"{system}: WHAT\")"
        )),
    };
    let target = match system {
        "mount" => RepairTarget::Mount {
            index: mount_index(spec, &need(what)?)?,
        },
        "director" => {
            // A battery without directors in the scenario is put in local control by a fire
            // control hit all the same, and repairs it like a director (8.3, 8.4).
            let b = need(what)?;
            let battery = BATTERIES
                .iter()
                .find(|k| k.name() == b)
                .copied()
                .ok_or_else(|| {
                    format!(
                        "\"{text}\": {b} is not a battery (expected {})",
                        BATTERIES.map(|b| b.name()).join(", ")
                    )
                })?;
            RepairTarget::Director { battery }
        }
        "fire_control" => RepairTarget::FireControl { what: need(what)? },
        "sensor" => RepairTarget::Sensor { what: need(what)? },
        "comms" => RepairTarget::Comms { what: need(what)? },
        "engineering" | "bridge" | "rudder" | "flight_deck" if what.is_some() => {
            return Err(format!("\"{text}\": write just \"{system}\""))
        }
        "engineering" => RepairTarget::Engineering,
        "bridge" => RepairTarget::Bridge,
        "rudder" => RepairTarget::Rudder,
        "flight_deck" => RepairTarget::FlightDeck,
        // A flight's damaged aircraft by its number (8.5, 8.7); a carrier's by its place.
        "aircraft" if spec.flight.is_some() => {
            let w = need(what)?;
            let n = spec.flight.as_ref().map_or(0, |f| f.aircraft);
            let plane = w
                .parse::<u32>()
                .ok()
                .filter(|k| (1..=n).contains(k))
                .ok_or_else(|| format!("\"{text}\": {w} is not an aircraft of the flight (1-{n})"))?;
            RepairTarget::Plane { plane }
        }
        "aircraft" => {
            let w = need(what)?;
            let place = serde_json::from_value(serde_json::Value::String(w.clone()))
                .map_err(|_| format!("\"{text}\": {w} is not a place (hangar, forward or aft)"))?;
            RepairTarget::Aircraft { place }
        }
        _ => {
            return Err(format!(
                "\"{text}\" is not a system (expected mount: NAME, director: BATTERY, fire_control: WHAT, sensor: WHAT, comms: WHAT, engineering, bridge, rudder or flight_deck)"
            ))
        }
    };
    Ok(target)
}

/// Problems of a carried block against its ship, as (key under `carried`, message).
pub fn validate(c: &Carried, spec: &ShipSpec) -> Vec<(String, String)> {
    let mut bad: Vec<(String, String)> = Vec::new();
    let mut push = |key: &str, m: String| bad.push((format!("carried.{key}"), m));
    if !spec.size.is_small_craft() && c.damage >= spec.dp {
        push(
            "damage",
            format!(
                "{} DP taken leaves no DP of {}: a carried ship must be afloat (at most {})",
                c.damage,
                spec.dp,
                spec.dp - 1
            ),
        );
    }
    if let Some(t) = c.tds {
        for (side, v) in [("port", t.port), ("starboard", t.starboard)] {
            if v > spec.armor.tds {
                push(
                    "tds",
                    format!(
                        "{side} {v} is more than the ship's torpedo protection ({})",
                        spec.armor.tds
                    ),
                );
            }
        }
    }
    for (k, cr) in c.criticals.iter().enumerate() {
        let which = format!("critical {} ({})", k + 1, cr.kind.name());
        if cr.speed_levels > 0
            && !matches!(cr.kind, CriticalKind::Engineering | CriticalKind::Flotation)
        {
            push(
                "criticals",
                format!("{which}: speed_levels is only for engineering and flotation criticals"),
            );
        }
        if cr.speed_levels > 4 {
            push(
                "criticals",
                format!("{which}: speed_levels {} (0-4)", cr.speed_levels),
            );
        }
        if cr.detail.trim().is_empty() {
            push("criticals", format!("{which}: detail is empty"));
        }
        match (cr.kind == CriticalKind::FlightDeck, cr.place) {
            (true, None) => push(
                "criticals",
                format!(
                    "{which}: say where the deck was hit: place = \"forward\", \"amidships\" or \"aft\" (8.3)"
                ),
            ),
            (false, Some(_)) => push(
                "criticals",
                format!("{which}: place is only for flight_deck criticals"),
            ),
            _ => {}
        }
    }
    let mut mounts = |key: &str, names: &mut dyn Iterator<Item = &String>| {
        for n in names {
            if let Err(e) = mount_index(spec, n) {
                push(key, e);
            }
        }
    };
    mounts("mounts_out", &mut c.mounts_out.iter());
    mounts("thirds_lost", &mut c.thirds_lost.keys());
    mounts("loads_lost", &mut c.loads_lost.iter());
    for (name, n) in &c.thirds_lost {
        if !(1..=3).contains(n) {
            push("thirds_lost", format!("\"{name}\": {n} thirds (1-3)"));
        }
    }
    for (b, n) in &c.directors_lost {
        match spec.directors.get(b).copied() {
            _ if *n == 0 => push("directors_lost", format!("{b}: 0 lost (leave it out)")),
            // No directors given: each fire-control hit put the battery in local control and
            // is repaired like a director (8.3, 8.4).
            None => {}
            Some(fitted) if *n > fitted => push(
                "directors_lost",
                format!("{b}: {n} lost, but the ship has {fitted} {b} director(s)"),
            ),
            Some(_) => {}
        }
    }
    for b in &c.local_control {
        let fitted = spec.directors.get(b).copied().unwrap_or(0);
        if c.directors_lost.get(b).copied().unwrap_or(0) < fitted {
            push(
                "local_control",
                format!("{b}: local control needs all {fitted} {b} director(s) in directors_lost"),
            );
        }
    }
    for (key, list) in [("sensors_out", &c.sensors_out), ("comms_out", &c.comms_out)] {
        for w in list {
            if !word_ok(w) {
                push(
                    key,
                    format!("\"{w}\" (expected a snake_case name, e.g. \"forward_searchlight\")"),
                );
            }
        }
    }
    if c.crew_factors_lost > spec.crew_factors {
        push(
            "crew_factors_lost",
            format!(
                "{} lost of {} crew factors",
                c.crew_factors_lost, spec.crew_factors
            ),
        );
    }
    if c.flotation_hits > 100 {
        push("flotation_hits", format!("{} (0-100)", c.flotation_hits));
    }
    if c.engineering_breakdowns > 4 {
        push(
            "engineering_breakdowns",
            format!("{} (0-4 speed levels)", c.engineering_breakdowns),
        );
    }
    for t in &c.not_repairable_at_sea {
        if let Err(e) = parse_system(spec, t) {
            push("not_repairable_at_sea", e);
        }
    }
    for t in &c.breakdowns {
        match parse_system(spec, t) {
            Err(e) => push("breakdowns", e),
            Ok(RepairTarget::Mount { .. }) => {}
            Ok(RepairTarget::Sensor { what }) if word_ok(&what) => {}
            Ok(RepairTarget::Engineering) => push(
                "breakdowns",
                "\"engineering\": an engineering plant breakdown is counted in engineering_breakdowns".into(),
            ),
            Ok(_) => push(
                "breakdowns",
                format!("\"{t}\": only mounts (mount: NAME) and searchlights (sensor: WHAT) break down (8.5)"),
            ),
        }
    }
    for (name, n) in &c.cargo_lost {
        match hold_index(spec, name) {
            Err(e) => push("cargo_lost", e),
            Ok(k) => {
                let h = &spec.cargo[k];
                if *n == 0 || *n > h.amount {
                    push(
                        "cargo_lost",
                        format!(
                            "\"{name}\": {n} {unit} lost, but the hold has {} {unit} (1-{})",
                            h.amount,
                            h.amount,
                            unit = h.contents.unit()
                        ),
                    );
                }
            }
        }
    }
    if c.aviation_purged && spec.column != Column::Aviation && spec.aircraft.is_none() {
        push(
            "aviation_purged",
            "the ship is not an aircraft carrier (neither the aviation column nor `aircraft`): it has no aviation stowage".into(),
        );
    }
    if let Some(lost) = &c.aircraft_lost {
        match &spec.aircraft {
            None => push(
                "aircraft_lost",
                "the ship has no aircraft (give `aircraft = { hangar, forward, aft }`)".into(),
            ),
            Some(a) => {
                for p in PLACES {
                    let (n, there) = (lost_at(lost, p), at_place(a, p));
                    if n > there {
                        push(
                            "aircraft_lost",
                            format!(
                                "{}: {n} lost, but the ship has {there} aircraft there",
                                place_key(p)
                            ),
                        );
                    }
                }
            }
        }
    }
    if c.rudder_jam.is_some() && !matches!(c.rudder, Some(RudderState::Jammed | RudderState::Stuck))
    {
        push(
            "rudder_jam",
            "a jam direction needs rudder = \"jammed\" or \"stuck\"".into(),
        );
    }
    if let Some(g) = c.grounded {
        let wreck = if c.keel_broken {
            Some("her keel is broken".to_string())
        } else if spec.size.is_small_craft() && c.damage > spec.dp {
            Some(format!(
                "{} DP taken is more than her {} DP",
                c.damage, spec.dp
            ))
        } else {
            None
        };
        if let Some(why) = wreck {
            push(
                "grounded",
                format!(
                    "{}: {why}, she cannot be refloated (8.1.5): a wreck is left out of the scenario, not carried",
                    g.name()
                ),
            );
        }
    }
    validate_air(c, spec, &mut push);
    bad
}

/// A flight's `planes` and an airship's `airship` against the ship (8.1, 8.7, 8.8).
fn validate_air(c: &Carried, spec: &ShipSpec, push: &mut dyn FnMut(&str, String)) {
    if !c.planes.is_empty() {
        match &spec.flight {
            None => push(
                "planes",
                "the ship is not a flight of aircraft (type = \"flight\"): it has no aircraft in the air".into(),
            ),
            Some(f) if c.planes.len() != f.aircraft as usize => push(
                "planes",
                format!(
                    "{} aircraft listed, but the flight has {} (one state per aircraft, in order)",
                    c.planes.len(),
                    f.aircraft
                ),
            ),
            Some(_) => {}
        }
        for (k, p) in c.planes.iter().enumerate() {
            if let Err(e) = Plane::from_carried(p) {
                push("planes", format!("aircraft {}: {e}", k + 1));
            }
        }
    }
    let Some(a) = &c.airship else {
        return;
    };
    let Some(sp) = spec.airship else {
        push(
            "airship",
            "the ship is not an airship (type = \"airship\" with its `airship` figures)".into(),
        );
        return;
    };
    for cell in &a.cell_hits {
        if *cell == 0 || *cell > sp.gas_cells {
            push(
                "airship",
                format!(
                    "cell_hits: cell {cell}, but she has cells 1-{} (8.8)",
                    sp.gas_cells
                ),
            );
        }
    }
    let fitted = sp.engines.unwrap_or_default();
    for (side, lost, there) in [
        ("port", a.engines_lost.port, fitted.port),
        ("starboard", a.engines_lost.starboard, fitted.starboard),
        ("centre", a.engines_lost.centre, fitted.centre),
    ] {
        if lost > there {
            push(
                "airship",
                format!("engines_lost: {side} {lost}, but she has {there} engine(s) there"),
            );
        }
    }
    if a.fuel_lost_quarters > 4 {
        push(
            "airship",
            format!("fuel_lost_quarters: {} (0-4)", a.fuel_lost_quarters),
        );
    }
    if a.weapons_hits > 100 {
        push(
            "airship",
            format!("weapons_hits: {} (0-100)", a.weapons_hits),
        );
    }
    for (k, h) in a.criticals.iter().enumerate() {
        if h.detail.trim().is_empty() {
            push(
                "airship",
                format!(
                    "criticals: critical {} ({}): detail is empty",
                    k + 1,
                    h.part
                ),
            );
        }
    }
}

/// Problems of `[scenario] carried_from`, as messages.
pub fn validate_origins(origins: &[Origin]) -> Vec<String> {
    let mut bad = Vec::new();
    for (k, o) in origins.iter().enumerate() {
        if o.crc32.len() != 8 || !o.crc32.chars().all(|c| c.is_ascii_hexdigit()) {
            bad.push(format!(
                "origin {}: crc32 \"{}\" (expected 8 hex digits)",
                k + 1,
                o.crc32
            ));
        }
        if let Err(e) = o.ended.parse::<Hhmm>() {
            bad.push(format!("origin {}: ended: {e}", k + 1));
        }
    }
    bad
}

/// Start a ship of a new battle from its carried state (validated by the scenario loader).
/// Carried criticals are dated at the start of the new battle, their cause says where they
/// came from.
pub fn start_from(s: &mut ShipState, start: Minute) {
    let Some(c) = s.spec.carried.clone() else {
        return;
    };
    s.damage = c.damage;
    if let Some(t) = c.tds {
        s.tds_left = [t.port, t.starboard];
    }
    s.keel_broken = c.keel_broken;
    s.flooding_patch = c.flooding_patch;
    s.magazines_flooded = c.magazines_flooded;
    s.aviation_purged = c.aviation_purged;
    s.criticals = c
        .criticals
        .iter()
        .map(|cr| Critical {
            kind: cr.kind,
            turn: start,
            phase: Phase::Plotting,
            cause: format!("{CARRIED_CAUSE}{}", cr.cause),
            roll: None,
            column: None,
            detail: cr.detail.clone(),
            effect: if cr.effect_applied {
                EffectStatus::Applied
            } else {
                EffectStatus::NotImplemented
            },
            speed_levels: cr.speed_levels,
        })
        .collect();
    let spec = s.spec.clone();
    // Breakdowns first, as the serviceability roll came before any critical (8.5), in its
    // order: the engineering plant (carried as a count, a speed level each: each a breakdown
    // of the plant again, listed as the battle that carried it listed it), then the rest.
    for _ in 0..c.engineering_breakdowns {
        s.equipment
            .breakdown(&RepairTarget::Engineering, "engineering plant");
    }
    for t in &c.breakdowns {
        match parse_system(&spec, t) {
            Ok(RepairTarget::Mount { index }) if index < spec.mounts.len() => {
                let what = crate::rulesets::fgdn::repairs::mount_text(s, index);
                s.equipment.breakdown(&RepairTarget::Mount { index }, &what);
            }
            Ok(RepairTarget::Sensor { what }) => {
                let text = what.replace('_', " ");
                s.equipment.breakdown(&RepairTarget::Sensor { what }, &text);
            }
            _ => {}
        }
    }
    let e = &mut s.equipment;
    for n in &c.mounts_out {
        if let Ok(k) = mount_index(&spec, n) {
            e.mounts_out[k] = true;
        }
    }
    for (n, t) in &c.thirds_lost {
        if let Ok(k) = mount_index(&spec, n) {
            e.thirds_lost[k] = (*t).min(3);
            if *t >= 3 {
                e.mounts_out[k] = true;
            }
        }
    }
    for n in &c.loads_lost {
        if let Ok(k) = mount_index(&spec, n) {
            e.loads_lost[k] = true;
        }
    }
    e.directors_lost = c.directors_lost.clone();
    e.local_control = c.local_control.clone();
    e.fire_control_notes = c.fire_control.clone();
    e.sensors_out.extend(c.sensors_out.iter().cloned());
    e.comms_out = c.comms_out.clone();
    e.bridge_hit = c.bridge;
    e.rudder = c.rudder;
    e.crew_lost = c.crew_factors_lost;
    e.flotation_hits = c.flotation_hits;
    e.rudder_jam = c.rudder_jam;
    for (name, n) in &c.cargo_lost {
        if let Ok(k) = hold_index(&spec, name) {
            e.cargo_lost.insert(k, *n);
        }
    }
    if let Some(lost) = &c.aircraft_lost {
        for p in PLACES {
            let n = lost_at(lost, p);
            if n > 0 {
                e.aircraft_lost.insert(p, n);
            }
        }
    }
    // One place per carried flight-deck critical, in their order, as the repair list pairs
    // them (8.4).
    e.flight_deck = c.criticals.iter().filter_map(|cr| cr.place).collect();
    s.grounded = c.grounded;
    if let Some(f) = &mut s.flight {
        for (p, text) in f.planes.iter_mut().zip(&c.planes) {
            if let Ok(plane) = Plane::from_carried(text) {
                *p = plane;
            }
        }
    }
    if let (Some(a), Some(ca)) = (&mut s.airship, &c.airship) {
        for cell in &ca.cell_hits {
            if let Some(n) = a.cell_hits.get_mut((*cell as usize).wrapping_sub(1)) {
                *n += 1;
            }
        }
        a.engines_lost = ca.engines_lost;
        a.controls_lost = ca.controls_lost.clone();
        a.controls_lost.sort();
        a.controls_lost.dedup();
        a.fuel_quarters_lost = ca.fuel_lost_quarters.min(4);
        a.comms_out = ca.comms_out;
        a.weapons_hits = ca.weapons_hits;
        a.hits = ca
            .criticals
            .iter()
            .map(|h| (start, h.part, h.roll, h.detail.clone()))
            .collect();
    }
}

/// After the next battle's `end-battle` lists the repairable systems: the carried systems that
/// could not be repaired at sea stay so (no roll; FG&DN 8.4). Each entry marks one open item.
pub fn mark_not_at_sea(s: &mut ShipState) {
    let Some(c) = &s.spec.carried else {
        return;
    };
    for text in &c.not_repairable_at_sea {
        let Ok(t) = parse_system(&s.spec, text) else {
            continue;
        };
        // A system that broke down (8.5) has only its breakdown item; any other has its
        // ordinary one (a new breakdown of the next battle comes second).
        let open = |i: &RepairItem| i.target == t && i.state == RepairState::Open;
        let k = s
            .repairs
            .iter()
            .position(|i| !i.breakdown && open(i))
            .or_else(|| {
                s.repairs
                    .iter()
                    .position(|i| i.breakdown && open(i) && !matches!(t, RepairTarget::Engineering))
            });
        if let Some(item) = k.and_then(|k| s.repairs.get_mut(k)) {
            item.state = RepairState::NotAtSea;
        }
    }
}

/// The `carried` note of a ship in the status (extra key of SPEC 5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CarriedView {
    /// Damage points the ship started this battle with.
    pub damage: u32,
    /// Criticals in force at the start (the first ones of `criticals`).
    pub criticals: usize,
    pub not_repairable_at_sea: Vec<String>,
    /// One line for the faces.
    pub note: String,
}

pub fn carried_view(s: &ShipState) -> Option<CarriedView> {
    let c = s.spec.carried.as_ref()?;
    let n = c.criticals.len();
    // A flight and an airship have no damage points: what they carry is their own (8.7, 8.8).
    let mut note = if let Some(a) = &c.airship {
        let k = a.criticals.len();
        format!(
            "Carried from an earlier battle: {k} airship critical{}",
            if k == 1 { "" } else { "s" }
        )
    } else if !c.planes.is_empty() {
        format!(
            "Carried from an earlier battle: aircraft {}",
            c.planes.join(", ")
        )
    } else {
        format!(
            "Carried from an earlier battle: {} DP taken, {n} critical{}",
            c.damage,
            if n == 1 { "" } else { "s" }
        )
    };
    if !c.not_repairable_at_sea.is_empty() {
        note.push_str(&format!(
            ", not repairable at sea: {}",
            c.not_repairable_at_sea.join(", ")
        ));
    }
    Some(CarriedView {
        damage: c.damage,
        criticals: n,
        not_repairable_at_sea: c.not_repairable_at_sea.clone(),
        note,
    })
}
