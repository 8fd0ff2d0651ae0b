//! Campaign carry-over (issue 5, item 4): what a ship still has after a battle and its repair
//! day (FG&DN 8.4), written into the next battle's scenario as `[ship.carried]`, and the new
//! scenario itself (`umpire carry FILE --into NEW.toml`). Pure: the caller reads and writes the
//! files. Readings are in docs/rules-notes.md, "Campaign carry-over".
//!
//! - A ship carries its damage (after pumping), its torpedo protection left, keel, flooding
//!   patch and flooded magazines, the criticals still in force, the equipment still out, and
//!   the systems that cannot be repaired at sea. Speed follows from the damage and the carried
//!   engineering criticals (FG&DN 8.1.1), as in any battle.
//! - Sunk ships (and ships lost at once) are left out; every other key of the scenario is kept
//!   as the organiser wrote it, comments included.
use crate::core::dice::SeededDice;
use crate::rulesets::fgdn::carried::*;
use crate::rulesets::fgdn::clock::{day, label};
use crate::rulesets::fgdn::command::Command;
use crate::rulesets::fgdn::effects::{AircraftPlace, RudderState};
use crate::rulesets::fgdn::engine::decide;
use crate::rulesets::fgdn::event::EffectStatus;
use crate::rulesets::fgdn::flight::Plane;
use crate::rulesets::fgdn::kinds::CriticalKind;
use crate::rulesets::fgdn::repairs::{next_hours, RepairItem, RepairState, RepairTarget};
use crate::rulesets::fgdn::scenario::{parse_scenario, Scenario, ShipSpec};
use crate::rulesets::fgdn::state::{ShipState, ShipStatus};
use std::collections::BTreeMap;
use std::fmt;
use toml_edit::{Array, DocumentMut, InlineTable, Item, Table, Value};
// ---------------------------------------------------------------------------------------------
// Carrying: from the end of a battle to the next scenario.

/// Why a battle cannot be carried (the message names the file and what to do).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CarryError(pub String);

impl fmt::Display for CarryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CarryError {}

/// The battle to carry: its save as read, replayed (the face's [`crate::rulesets::CarrySource`]
/// of FG&DN: its scenario, state and tables).
pub type Source<'a> = crate::rulesets::CarrySource<'a, crate::rulesets::fgdn::Fgdn>;

/// What the umpire asked for (`--name`, `--early`: carry before the 48-hour rolls are made).
pub use crate::rulesets::CarryOptions;

/// The new scenario and what to tell the user.
#[derive(Debug, Clone)]
pub struct Carry {
    pub text: String,
    pub scenario: Scenario,
    /// One line per ship of the old battle.
    pub summary: Vec<String>,
    pub warnings: Vec<String>,
}

/// The state a ship carries into the next battle. `battle` names the battle for the causes of
/// its criticals.
pub fn carried_of(s: &ShipState, battle: &str) -> Result<Carried, String> {
    let e = &s.equipment;
    let spec = &s.spec;
    let repaired = |target: RepairTarget| -> Vec<bool> {
        s.repairs
            .iter()
            .filter(|r| !r.breakdown && r.target == target)
            .map(|r| matches!(r.state, RepairState::Repaired { .. }))
            .collect()
    };
    let (eng, deck) = (
        repaired(RepairTarget::Engineering),
        repaired(RepairTarget::FlightDeck),
    );
    let (mut k_eng, mut k_deck) = (0, 0);
    // The places of the flight-deck hits not repaired, in the order of their criticals.
    let mut deck_places = e.flight_deck.iter().copied();
    let mut criticals = Vec::new();
    // A submarine's minor-damage engineering criticals that cleared by themselves (Critical Hit
    // Table note) cost her nothing any more and had no repair: they are not carried.
    let cleared: Vec<usize> = s.sub.iter().flat_map(|u| u.cleared_criticals()).collect();
    for (k, c) in s.criticals.iter().enumerate() {
        let mut place = None;
        let keep = match c.kind {
            CriticalKind::Engineering if cleared.contains(&k) => false,
            CriticalKind::Engineering if c.speed_levels > 0 => {
                k_eng += 1;
                !eng.get(k_eng - 1).copied().unwrap_or(false)
            }
            CriticalKind::Engineering => false,
            CriticalKind::FlightDeck => {
                k_deck += 1;
                let open = !deck.get(k_deck - 1).copied().unwrap_or(false);
                if open {
                    place = Some(deck_places.next().ok_or_else(|| {
                        format!(
                            "ship \"{}\": a flight-deck critical not repaired has no place on the deck",
                            spec.id
                        )
                    })?);
                }
                open
            }
            // With the holds (aircraft) in the scenario the loss is carried as cargo_lost
            // (aircraft_lost); without, the record is all there is (8.3).
            CriticalKind::Cargo => spec.cargo.is_empty(),
            CriticalKind::Aircraft => spec.aircraft.is_none(),
            k => !NOT_RECORDED.contains(&k),
        };
        if !keep {
            continue;
        }
        let cause = match c.cause.strip_prefix(CARRIED_CAUSE) {
            Some(earlier) => earlier.to_string(),
            None => format!(
                "{battle}, {} day {}: {}",
                label(c.turn),
                day(c.turn),
                c.cause
            ),
        };
        criticals.push(CarriedCritical {
            kind: c.kind,
            detail: c.detail.clone(),
            cause,
            speed_levels: c.speed_levels,
            effect_applied: c.effect == EffectStatus::Applied,
            place,
        });
    }
    let name_of = |k: usize| -> Result<String, String> {
        let name = &spec.mounts[k].name;
        mount_index(spec, name)
            .map(|_| name.clone())
            .map_err(|e| format!("ship \"{}\": {e}", spec.id))
    };
    // Breakdowns (8.5) still out; their mounts and searchlights are not listed again as out.
    let mut breakdowns = Vec::new();
    let mut broken_sensors: Vec<&String> = Vec::new();
    for (t, _) in &e.breakdowns {
        match t {
            RepairTarget::Mount { index } => {
                breakdowns.push(format!("mount: {}", name_of(*index)?));
            }
            RepairTarget::Sensor { what } => {
                breakdowns.push(system_text(spec, t));
                broken_sensors.push(what);
            }
            _ => {}
        }
    }
    let mut sensors_out = Vec::new();
    for w in &e.sensors_out {
        match broken_sensors.iter().position(|b| *b == w) {
            Some(p) => {
                broken_sensors.remove(p);
            }
            None => sensors_out.push(w.clone()),
        }
    }
    let broken = |k: usize| {
        e.breakdowns
            .iter()
            .any(|(t, _)| *t == RepairTarget::Mount { index: k })
    };
    let mut mounts_out = Vec::new();
    let mut thirds_lost = BTreeMap::new();
    let mut loads_lost = Vec::new();
    for k in 0..spec.mounts.len() {
        if e.mounts_out.get(k).copied().unwrap_or(false) && !broken(k) {
            mounts_out.push(name_of(k)?);
        }
        let t = e.thirds_lost.get(k).copied().unwrap_or(0);
        if t > 0 {
            thirds_lost.insert(name_of(k)?, t);
        }
        if e.loads_lost.get(k).copied().unwrap_or(false) {
            loads_lost.push(name_of(k)?);
        }
    }
    let not_repairable_at_sea = s
        .repairs
        .iter()
        .filter(|r| r.state == RepairState::NotAtSea)
        .filter(|r| !(r.breakdown && r.target == RepairTarget::Engineering))
        .map(|r: &RepairItem| system_text(spec, &r.target))
        .collect();
    Ok(Carried {
        damage: s.damage,
        tds: (spec.armor.tds > 0).then_some(CarriedTds {
            port: s.tds_left[0],
            starboard: s.tds_left[1],
        }),
        keel_broken: s.keel_broken,
        flooding_patch: s.flooding_patch,
        magazines_flooded: s.magazines_flooded,
        aviation_purged: s.aviation_purged,
        criticals,
        mounts_out,
        thirds_lost,
        loads_lost,
        directors_lost: e.directors_lost.clone(),
        local_control: e.local_control.clone(),
        fire_control: e.fire_control_notes.clone(),
        sensors_out,
        comms_out: e.comms_out.clone(),
        bridge: e.bridge_hit,
        rudder: e.rudder.filter(|r| *r != RudderState::Freed),
        crew_factors_lost: e.crew_lost,
        flotation_hits: e.flotation_hits,
        engineering_breakdowns: e.plant_breakdowns,
        breakdowns,
        not_repairable_at_sea,
        cargo_lost: e
            .cargo_lost
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(k, n)| {
                let h = spec.cargo.get(*k).ok_or_else(|| {
                    format!(
                        "ship \"{}\": cargo lost from hold {k}, which is not in the scenario",
                        spec.id
                    )
                })?;
                hold_index(spec, &h.hold)
                    .map(|_| (h.hold.clone(), (*n).min(h.amount)))
                    .map_err(|e| format!("ship \"{}\": {e}", spec.id))
            })
            .collect::<Result<_, String>>()?,
        aircraft_lost: (e.aircraft_lost_total() > 0).then(|| {
            crate::rulesets::fgdn::scenario::AircraftCount {
                hangar: e
                    .aircraft_lost
                    .get(&AircraftPlace::Hangar)
                    .copied()
                    .unwrap_or(0),
                forward: e
                    .aircraft_lost
                    .get(&AircraftPlace::Forward)
                    .copied()
                    .unwrap_or(0),
                aft: e
                    .aircraft_lost
                    .get(&AircraftPlace::Aft)
                    .copied()
                    .unwrap_or(0),
            }
        }),
        rudder_jam: match e.rudder {
            Some(RudderState::Jammed | RudderState::Stuck) => e.rudder_jam,
            _ => None,
        },
        grounded: s.grounded,
        planes: carried_planes(s),
        airship: carried_airship(s, battle),
    })
}

/// A flight's aircraft as they ended (after the 8.5 repairs); empty when all are flying.
fn carried_planes(s: &ShipState) -> Vec<String> {
    match &s.flight {
        Some(f) if f.planes.iter().any(|p| *p != Plane::Flying) => {
            f.planes.iter().map(|p| p.carried_text()).collect()
        }
        _ => Vec::new(),
    }
}

/// An airship's damage (8.8; none is repaired); None when she has none. The criticals that came
/// from a carried block keep their cause.
fn carried_airship(s: &ShipState, battle: &str) -> Option<CarriedAirship> {
    let a = s.airship.as_ref()?;
    let earlier = s
        .spec
        .carried
        .as_ref()
        .and_then(|c| c.airship.as_ref())
        .map(|c| c.criticals.as_slice())
        .unwrap_or_default();
    let c = CarriedAirship {
        cell_hits: a
            .cell_hits
            .iter()
            .enumerate()
            .flat_map(|(k, n)| std::iter::repeat_n(k as u32 + 1, *n as usize))
            .collect(),
        engines_lost: a.engines_lost,
        controls_lost: a.controls_lost.clone(),
        fuel_lost_quarters: a.fuel_quarters_lost,
        comms_out: a.comms_out,
        weapons_hits: a.weapons_hits,
        criticals: a
            .hits
            .iter()
            .enumerate()
            .map(|(k, (turn, part, roll, what))| CarriedAirshipHit {
                part: *part,
                roll: *roll,
                detail: what.clone(),
                cause: match earlier.get(k) {
                    Some(h) => h.cause.clone(),
                    None => format!("{battle}, {} day {}", label(*turn), day(*turn)),
                },
            })
            .collect(),
    };
    (c != CarriedAirship::default()).then_some(c)
}

/// Whether a carried block would change nothing (an unhurt ship carries none).
fn is_unhurt(c: &Carried, spec: &ShipSpec) -> bool {
    let full = Carried {
        tds: c
            .tds
            .filter(|t| t.port == spec.armor.tds && t.starboard == spec.armor.tds),
        ..Carried::default()
    };
    *c == full
}

fn strings(list: &[String]) -> Value {
    Value::Array(list.iter().map(String::as_str).collect::<Array>())
}

fn inline<'a>(pairs: impl IntoIterator<Item = (&'a str, Value)>) -> Value {
    let mut t = InlineTable::new();
    for (k, v) in pairs {
        t.insert(k, v);
    }
    Value::InlineTable(t)
}

/// The `[ship.carried]` table as TOML, only the keys that say something.
pub fn carried_table(c: &Carried) -> Table {
    let mut t = Table::new();
    t.insert("damage", toml_edit::value(i64::from(c.damage)));
    if let Some(tds) = c.tds {
        t.insert(
            "tds",
            toml_edit::value(inline([
                ("port", Value::from(i64::from(tds.port))),
                ("starboard", Value::from(i64::from(tds.starboard))),
            ])),
        );
    }
    for (key, on) in [
        ("keel_broken", c.keel_broken),
        ("flooding_patch", c.flooding_patch),
        ("magazines_flooded", c.magazines_flooded),
        ("aviation_purged", c.aviation_purged),
    ] {
        if on {
            t.insert(key, toml_edit::value(true));
        }
    }
    if !c.criticals.is_empty() {
        let mut a = Array::new();
        for cr in &c.criticals {
            let mut pairs = vec![
                ("kind", Value::from(cr.kind.name())),
                ("detail", Value::from(cr.detail.as_str())),
                ("cause", Value::from(cr.cause.as_str())),
            ];
            if cr.speed_levels > 0 {
                pairs.push(("speed_levels", Value::from(i64::from(cr.speed_levels))));
            }
            if !cr.effect_applied {
                pairs.push(("effect_applied", Value::from(false)));
            }
            if let Some(p) = cr.place {
                pairs.push(("place", Value::from(deck_name(p))));
            }
            let mut v = inline(pairs);
            v.decor_mut().set_prefix("\n  ");
            a.push_formatted(v);
        }
        a.set_trailing("\n");
        a.set_trailing_comma(true);
        t.insert("criticals", toml_edit::value(a));
    }
    for (key, list) in [
        ("breakdowns", &c.breakdowns),
        ("mounts_out", &c.mounts_out),
        ("loads_lost", &c.loads_lost),
        ("fire_control", &c.fire_control),
        ("sensors_out", &c.sensors_out),
        ("comms_out", &c.comms_out),
    ] {
        if !list.is_empty() {
            t.insert(key, toml_edit::value(strings(list)));
        }
    }
    if !c.thirds_lost.is_empty() {
        let v = inline(
            c.thirds_lost
                .iter()
                .map(|(k, n)| (k.as_str(), Value::from(i64::from(*n)))),
        );
        t.insert("thirds_lost", toml_edit::value(v));
    }
    if !c.directors_lost.is_empty() {
        let v = inline(
            c.directors_lost
                .iter()
                .map(|(b, n)| (b.name(), Value::from(i64::from(*n)))),
        );
        t.insert("directors_lost", toml_edit::value(v));
    }
    if !c.local_control.is_empty() {
        let names: Vec<String> = c.local_control.iter().map(|b| b.to_string()).collect();
        t.insert("local_control", toml_edit::value(strings(&names)));
    }
    if c.bridge {
        t.insert("bridge", toml_edit::value(true));
    }
    if let Some(r) = c.rudder {
        let name = match r {
            RudderState::Jammed => "jammed",
            RudderState::Disabled => "disabled",
            RudderState::Freed => "freed",
            RudderState::Stuck => "stuck",
        };
        t.insert("rudder", toml_edit::value(name));
    }
    if let Some(d) = c.rudder_jam {
        t.insert("rudder_jam", toml_edit::value(d.name()));
    }
    for (key, n) in [
        ("crew_factors_lost", c.crew_factors_lost),
        ("flotation_hits", c.flotation_hits),
        ("engineering_breakdowns", c.engineering_breakdowns),
    ] {
        if n > 0 {
            t.insert(key, toml_edit::value(i64::from(n)));
        }
    }
    if !c.not_repairable_at_sea.is_empty() {
        t.insert(
            "not_repairable_at_sea",
            toml_edit::value(strings(&c.not_repairable_at_sea)),
        );
    }
    if !c.cargo_lost.is_empty() {
        let v = inline(
            c.cargo_lost
                .iter()
                .map(|(k, n)| (k.as_str(), Value::from(i64::from(*n)))),
        );
        t.insert("cargo_lost", toml_edit::value(v));
    }
    if let Some(a) = &c.aircraft_lost {
        let v = inline(
            PLACES
                .iter()
                .map(|p| (place_key(*p), lost_at(a, *p)))
                .filter(|(_, n)| *n > 0)
                .map(|(k, n)| (k, Value::from(i64::from(n)))),
        );
        t.insert("aircraft_lost", toml_edit::value(v));
    }
    if let Some(g) = c.grounded {
        t.insert("grounded", toml_edit::value(g.name()));
    }
    if !c.planes.is_empty() {
        t.insert("planes", toml_edit::value(strings(&c.planes)));
    }
    if let Some(a) = &c.airship {
        t.insert("airship", Item::Table(airship_table(a)));
    }
    t
}

/// `[ship.carried.airship]`: only the keys that say something.
fn airship_table(a: &CarriedAirship) -> Table {
    let mut t = Table::new();
    if !a.cell_hits.is_empty() {
        let cells: Array = a.cell_hits.iter().map(|c| i64::from(*c)).collect();
        t.insert("cell_hits", toml_edit::value(cells));
    }
    let e = a.engines_lost;
    if e.total() > 0 {
        let v = inline(
            [
                ("port", e.port),
                ("starboard", e.starboard),
                ("centre", e.centre),
            ]
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .map(|(k, n)| (k, Value::from(i64::from(n)))),
        );
        t.insert("engines_lost", toml_edit::value(v));
    }
    if !a.controls_lost.is_empty() {
        let names: Vec<String> = a.controls_lost.iter().map(|c| c.name().into()).collect();
        t.insert("controls_lost", toml_edit::value(strings(&names)));
    }
    if a.fuel_lost_quarters > 0 {
        t.insert(
            "fuel_lost_quarters",
            toml_edit::value(i64::from(a.fuel_lost_quarters)),
        );
    }
    if a.comms_out {
        t.insert("comms_out", toml_edit::value(true));
    }
    if a.weapons_hits > 0 {
        t.insert("weapons_hits", toml_edit::value(i64::from(a.weapons_hits)));
    }
    if !a.criticals.is_empty() {
        let mut arr = Array::new();
        for h in &a.criticals {
            let mut pairs = vec![("part", Value::from(h.part.name()))];
            if let Some(r) = h.roll {
                pairs.push(("roll", Value::from(i64::from(r))));
            }
            pairs.push(("detail", Value::from(h.detail.as_str())));
            pairs.push(("cause", Value::from(h.cause.as_str())));
            let mut v = inline(pairs);
            v.decor_mut().set_prefix("\n  ");
            arr.push_formatted(v);
        }
        arr.set_trailing("\n");
        arr.set_trailing_comma(true);
        t.insert("criticals", toml_edit::value(arr));
    }
    t
}

fn origin_value(o: &Origin) -> Value {
    let mut v = inline([
        ("file", Value::from(o.file.as_str())),
        ("scenario", Value::from(o.scenario.as_str())),
        ("ended", Value::from(o.ended.as_str())),
        ("ended_day", Value::from(i64::from(o.ended_day))),
        (
            "repairs_to_hours",
            Value::from(i64::from(o.repairs_to_hours)),
        ),
        ("last_seq", Value::from(o.last_seq as i64)),
        ("crc32", Value::from(o.crc32.as_str())),
    ]);
    if !o.wrecks.is_empty() {
        if let Some(t) = v.as_inline_table_mut() {
            t.insert("wrecks", strings(&o.wrecks));
        }
    }
    v
}

/// The default name of a carried scenario: "NAME (carried)", "NAME (carried 2)", ...
fn default_name(old: &str, carries: usize) -> String {
    let base = match old.rfind(" (carried") {
        Some(i) if old.ends_with(')') => &old[..i],
        _ => old,
    };
    if carries <= 1 {
        format!("{base} (carried)")
    } else {
        format!("{base} (carried {carries})")
    }
}

/// `date` moved on to the day the carried state was taken (YYYY-MM-DD), or None if it is not
/// a calendar date.
fn date_after(date: &str, days: u32) -> Option<String> {
    let d = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?;
    let d = d.checked_add_days(chrono::Days::new(u64::from(days)))?;
    Some(d.format("%Y-%m-%d").to_string())
}

fn not_ended(src: &Source<'_>) -> CarryError {
    let c = src.state.clock;
    CarryError(format!(
        "{}: the battle has not ended (the clock stands at {} {}, day {}): `umpire carry` takes a battle after `end-battle` and its repair marks; type `end-battle`, walk the 6, 12, 24 and 48-hour marks with `next`, then carry it",
        src.file,
        c.label(),
        c.phase.words(),
        c.day()
    ))
}

/// Build the next battle's scenario from a battle that has ended (SPEC 3.6, issue 5).
pub fn carry(src: &Source<'_>, opts: &CarryOptions) -> Result<Carry, CarryError> {
    let state = src.state;
    let Some(pb) = state.post_battle else {
        return Err(not_ended(src));
    };
    let mut warnings = Vec::new();
    let hours = pb.hours_at(state.clock.turn);
    let repairs_to_hours = if pb.finished {
        48
    } else {
        let still: Vec<String> = std::iter::successors(Some(hours), |h| next_hours(*h))
            .map(|h| format!("{h} h"))
            .collect();
        if !opts.early {
            return Err(CarryError(format!(
                "{}: the repair day is not over: the clock stands on the {hours}-hour mark ({} day {}) and the rolls of {} are still to come; walk them with `next`, or carry now with --early (what is not repaired yet stays damaged and gets its repair rolls after the next battle)",
                src.file,
                state.clock.label(),
                state.clock.day(),
                still.join(", ")
            )));
        }
        let open: usize = state
            .ships
            .iter()
            .filter(|s| s.is_afloat())
            .map(|s| {
                s.repairs
                    .iter()
                    .filter(|r| r.state == RepairState::Open)
                    .count()
            })
            .sum();
        warnings.push(format!(
            "carried before the repair day is over (the rolls of {} were not made): {open} system{} still to repair stay{} damaged",
            still.join(", "),
            if open == 1 { "" } else { "s" },
            if open == 1 { "s" } else { "" }
        ));
        crate::rulesets::fgdn::clock::POST_BATTLE_HOURS
            .iter()
            .copied()
            .filter(|h| *h < hours)
            .max()
            .unwrap_or(0)
    };
    let mut doc: DocumentMut = src
        .scenario_text
        .parse()
        .map_err(|e| CarryError(format!("{}: the scenario does not parse: {e}", src.file)))?;
    let battle = src.scenario.name.clone();
    // The ships, in scenario order.
    let mut carried: Vec<Option<Carried>> = Vec::new();
    let mut kept: Vec<bool> = Vec::new();
    let mut wrecks: Vec<String> = Vec::new();
    let mut summary = Vec::new();
    for s in &state.ships {
        if !s.is_afloat() {
            let how = match (&s.lost, s.status) {
                (Some(cause), _) => format!("lost ({cause})"),
                (None, ShipStatus::Sunk) => "sunk".to_string(),
                _ => "not afloat".to_string(),
            };
            summary.push(format!("{}: {how}, left out", s.id()));
            carried.push(None);
            kept.push(false);
            continue;
        }
        if let (Some(g), Some(why)) = (s.grounded, wreck_reason(src, s)) {
            summary.push(format!("{}: {}, a wreck, left out", s.id(), g.name()));
            warnings.push(format!("{} is left out as a wreck: {why}", s.id()));
            wrecks.push(s.id().to_string());
            carried.push(None);
            kept.push(false);
            continue;
        }
        if let Some(g) = s.grounded {
            warnings.push(format!(
                "{} ({}) is still {how}: she starts the next battle {how} (8.1.5); if she was got off, record it with `refloat {id}` in {} and carry again",
                s.spec.name,
                s.id(),
                src.file,
                how = g.name(),
                id = s.id(),
            ));
        }
        kept.push(true);
        let c = carried_of(s, &battle).map_err(|e| CarryError(format!("{}: {e}", src.file)))?;
        let (speed, _, _) = crate::rulesets::fgdn::speed::speed_max(src.tables, s);
        if let Some(line) = air_summary(s, speed, &mut warnings) {
            summary.push(line);
            carried.push((!is_unhurt(&c, &s.spec)).then_some(c));
            continue;
        }
        summary.push(format!(
            "{}: {} DP taken ({} of {} left), {speed} of {} kt, {} critical{} in force{}",
            s.id(),
            c.damage,
            s.dp_left(),
            s.spec.dp,
            s.spec.speed,
            c.criticals.len(),
            if c.criticals.len() == 1 { "" } else { "s" },
            if c.not_repairable_at_sea.is_empty() {
                String::new()
            } else {
                format!(
                    ", not repairable at sea: {}",
                    c.not_repairable_at_sea.join(", ")
                )
            }
        ));
        carried.push((!is_unhurt(&c, &s.spec)).then_some(c));
    }
    if !kept.contains(&true) {
        return Err(CarryError(format!(
            "{}: no ship is afloat{}: there is nothing to carry into another battle",
            src.file,
            if wrecks.is_empty() {
                ""
            } else {
                " but a wreck"
            }
        )));
    }
    unlink_lost_carriers(&mut doc, src, &kept, &mut warnings)?;
    edit_ships(&mut doc, src, &carried, &kept)?;
    // [scenario]: name, seed, date, origin.
    let origin = Origin {
        file: src.file.to_string(),
        scenario: battle.clone(),
        ended: label(pb.ended),
        ended_day: day(pb.ended),
        repairs_to_hours,
        last_seq: src.last_seq,
        crc32: format!("{:08x}", src.crc32),
        wrecks,
    };
    let chain = src.scenario.carried_from.len() + 1;
    let name = opts
        .name
        .clone()
        .unwrap_or_else(|| default_name(&battle, chain));
    let Some(sc) = doc.get_mut("scenario").and_then(Item::as_table_like_mut) else {
        return Err(CarryError(format!(
            "{}: the scenario has no [scenario] table",
            src.file
        )));
    };
    sc.insert("name", toml_edit::value(name.as_str()));
    sc.insert(
        "seed",
        toml_edit::value(src.scenario.seed.wrapping_add(1) as i64),
    );
    if let Some(d) = &src.scenario.date {
        let days = state.clock.day().saturating_sub(1);
        match date_after(d, days) {
            Some(nd) => {
                sc.insert("date", toml_edit::value(nd.as_str()));
            }
            None => warnings.push(format!(
                "date \"{d}\" is not YYYY-MM-DD: kept as it was; set the next battle's date by hand"
            )),
        }
    }
    let mut origins = Array::new();
    for o in src.scenario.carried_from.iter().chain([&origin]) {
        let mut v = origin_value(o);
        v.decor_mut().set_prefix("\n  ");
        origins.push_formatted(v);
    }
    origins.set_trailing("\n");
    origins.set_trailing_comma(true);
    sc.insert("carried_from", toml_edit::value(origins));
    let text = doc.to_string();
    let scenario = parse_scenario(src.file, &text).map_err(|errors| {
        CarryError(format!(
            "{}: the carried scenario does not load (a bug in umpire carry): {}",
            src.file,
            errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("; ")
        ))
    })?;
    Ok(Carry {
        text,
        scenario,
        summary,
        warnings,
    })
}

/// The summary line of a flight or an airship (no damage points: 8.1, 8.7, 8.8), and the
/// warnings of what is not carried as it stands; None for a ship.
fn air_summary(s: &ShipState, speed: u32, warnings: &mut Vec<String>) -> Option<String> {
    if let Some(f) = &s.flight {
        let count = |want: fn(&Plane) -> bool| f.planes.iter().filter(|p| want(p)).count();
        let (destroyed, aborted) = (
            count(|p| *p == Plane::Destroyed),
            count(|p| *p == Plane::Aborted),
        );
        let damaged = count(|p| p.damaged());
        if aborted > 0 {
            warnings.push(format!(
                "{} ({}): {aborted} aircraft aborted (8.1) carried as aborted, out of play: whether each was killed or only damaged is the after-battle roll of 7.0.4, not in this text; change its word in the carried `planes` once the umpire has rolled",
                s.spec.name,
                s.id()
            ));
        }
        return Some(format!(
            "{}: {} of {} aircraft in play ({destroyed} destroyed, {damaged} damaged, {aborted} aborted)",
            s.id(),
            f.planes.iter().filter(|p| p.in_play()).count(),
            f.planes.len()
        ));
    }
    let a = s.airship.as_ref()?;
    let cells = s.spec.airship.map_or(0, |sp| sp.gas_cells);
    if a.fire.is_some() {
        warnings.push(format!(
            "{} ({}): the gondola fire still burning when the battle ended is not carried (8.8 gives its checks turn by turn in battle)",
            s.spec.name,
            s.id()
        ));
    }
    Some(format!(
        "{}: gas cells {} of {cells} lost, {speed} of {} kt, {} airship critical{}",
        s.id(),
        a.cells_lost(),
        s.spec.speed,
        a.hits.len(),
        if a.hits.len() == 1 { "" } else { "s" }
    ))
}

/// Why a ship still beached or aground cannot be refloated, asked of the engine's own `refloat`
/// (FG&DN 8.1.5: past her DP; also at exactly her DP or with a broken keel): None when she can.
fn wreck_reason(src: &Source<'_>, s: &ShipState) -> Option<String> {
    s.grounded?;
    let refloat = Command::Refloat {
        ship: s.id().to_string(),
    };
    decide(src.state, src.tables, &refloat, &mut SeededDice)
        .err()
        .map(|e| e.to_string())
}

/// A flight kept whose carrier is left out (sunk, lost, a wreck) loses its `carrier` key, with
/// a warning: the new scenario names no ship that is not in it (8.5).
fn unlink_lost_carriers(
    doc: &mut DocumentMut,
    src: &Source<'_>,
    kept: &[bool],
    warnings: &mut Vec<String>,
) -> Result<(), CarryError> {
    let state = src.state;
    for (k, s) in state.ships.iter().enumerate() {
        let Some(carrier) = s.spec.flight.as_ref().and_then(|f| f.carrier.as_deref()) else {
            continue;
        };
        let gone = state
            .ship_index(carrier)
            .is_none_or(|c| !kept.get(c).copied().unwrap_or(false));
        if !kept.get(k).copied().unwrap_or(false) || !gone {
            continue;
        }
        let flight = doc
            .get_mut("ship")
            .and_then(Item::as_array_of_tables_mut)
            .and_then(|ships| ships.get_mut(k))
            .and_then(|t| t.get_mut("flight"))
            .and_then(Item::as_table_like_mut);
        match flight {
            Some(f) => {
                f.remove("carrier");
                f.fmt();
                warnings.push(format!(
                    "{} ({}): her carrier {carrier} is not in the next battle: the flight is written without `carrier`",
                    s.spec.name,
                    s.id()
                ));
            }
            None => {
                return Err(CarryError(format!(
                    "{}: ship \"{}\" flies from {carrier}, which is not carried, and its `flight` is not in the ship's own table (a class gives it?) where umpire carry can edit it: remove `carrier` by hand and carry again",
                    src.file,
                    s.id()
                )))
            }
        }
    }
    Ok(())
}

/// Drop the ships not afloat and set (or remove) each survivor's `carried` table.
fn edit_ships(
    doc: &mut DocumentMut,
    src: &Source<'_>,
    carried: &[Option<Carried>],
    kept: &[bool],
) -> Result<(), CarryError> {
    let shape = || {
        CarryError(format!(
            "{}: the ships are not written as [[ship]] tables; umpire carry edits only that form",
            src.file
        ))
    };
    let ships = doc
        .get_mut("ship")
        .and_then(Item::as_array_of_tables_mut)
        .ok_or_else(shape)?;
    if ships.len() != src.state.ships.len() {
        return Err(shape());
    }
    for (k, c) in carried.iter().enumerate() {
        let Some(t) = ships.get_mut(k) else {
            return Err(shape());
        };
        let id = t.get("id").and_then(Item::as_str).unwrap_or("");
        if id.to_ascii_lowercase() != src.state.ships[k].id() {
            return Err(shape());
        }
        match c {
            Some(c) => {
                let mut table = carried_table(c);
                if !t.contains_key("carried") {
                    table.decor_mut().set_prefix(
                        "\n# What the ship still has from the battle before (umpire carry).\n",
                    );
                }
                match t.get_mut("carried") {
                    Some(Item::Table(old)) => {
                        let decor = old.decor().clone();
                        *old = table;
                        *old.decor_mut() = decor;
                    }
                    _ => {
                        t.remove("carried");
                        t.insert("carried", Item::Table(table));
                    }
                }
            }
            None => {
                t.remove("carried");
            }
        }
    }
    let mut k = 0;
    ships.retain(|_| {
        k += 1;
        kept.get(k - 1).copied().unwrap_or(false)
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::fgdn::scenario::Battery;

    #[test]
    fn default_names_count_the_carries() {
        assert_eq!(default_name("Jutland", 1), "Jutland (carried)");
        assert_eq!(default_name("Jutland (carried)", 2), "Jutland (carried 2)");
        assert_eq!(
            default_name("Jutland (carried 2)", 3),
            "Jutland (carried 3)"
        );
        assert_eq!(default_name("Raid (night)", 1), "Raid (night) (carried)");
    }

    #[test]
    fn dates_move_on_by_whole_days_and_other_text_is_not_a_date() {
        assert_eq!(date_after("1916-05-31", 2).as_deref(), Some("1916-06-02"));
        assert_eq!(date_after("1916-05-31", 0).as_deref(), Some("1916-05-31"));
        assert_eq!(date_after("May 1916", 2), None);
    }

    #[test]
    fn systems_read_back_as_written() {
        let text = "[scenario]\nname = \"t\"\nruleset = \"fgdn-1.1\"\nstart = \"1200\"\n\n[[ship]]\nid = \"a\"\nname = \"A\"\nside = \"X\"\nsize = \"B\"\ndp = 100\nspeed = 24\nin_service = 1912\ndirectors = { main = 1 }\nmounts = [{ battery = \"main\", name = \"A turret\" }]\n";
        let s = parse_scenario("t.toml", text).unwrap();
        let spec = &s.ships[0];
        for t in [
            RepairTarget::Mount { index: 0 },
            RepairTarget::Director {
                battery: Battery::Main,
            },
            RepairTarget::Sensor {
                what: "forward_searchlight".into(),
            },
            RepairTarget::Engineering,
            RepairTarget::FlightDeck,
        ] {
            assert_eq!(parse_system(spec, &system_text(spec, &t)), Ok(t));
        }
        assert_eq!(
            parse_system(spec, "director: aa"),
            Ok(RepairTarget::Director {
                battery: Battery::Aa
            })
        );
        assert_eq!(
            parse_system(spec, "director: boilers"),
            Err("\"director: boilers\": boilers is not a battery (expected main, casemate, secondary, tertiary, light, aa, torpedo)".into())
        );
        assert_eq!(
            parse_system(spec, "bridge: forward"),
            Err("\"bridge: forward\": write just \"bridge\"".into())
        );
    }
}
