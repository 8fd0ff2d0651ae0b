//! The A&A views: status JSON (SPEC 8: `ships[] {id, name, side, status}` and the ship
//! record's own fields; a sunk ship's `sunk_at`, the turn as the clock's `"3"`, and `sunk_by`,
//! the sinking test that sank her, both null unless sunk, SPEC 10), the log's wording of every
//! event, and the fleet table's cells.
use super::event::{Changed, Ev};
use super::ship::{Crew, CritResult, Location, Ship, UNDEFINED};
use super::state::AaState;
use super::tables::Tables;
use super::timers::schedule;
use super::Phase;
use serde_json::{json, Value};

fn name(st: &AaState, id: &str) -> String {
    st.ship(id)
        .map_or_else(|| id.to_string(), |s| s.name.clone())
}

fn mods(modifier: i32, why: &[String]) -> String {
    if why.is_empty() {
        "no modifier".to_string()
    } else {
        format!("{modifier:+}: {}", why.join(", "))
    }
}

/// A 5.17 sinking test's die and modifiers as the log words them: "d8 2 (-2: testing due to a
/// critical hit result), 0".
pub fn sinking_test_words(face: u32, sides: u32, modifier: i32, why: &[String]) -> String {
    format!(
        "d{sides} {face} ({}), {}",
        mods(modifier, why),
        (face as i32).saturating_add(modifier)
    )
}

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

/// The log line of a rules event (`st`: the state before it), or None.
pub fn describe(st: &AaState, ev: &Ev) -> Option<String> {
    Some(match ev {
        Ev::AAChartQueued { values } => format!("chart values queued: {}", values.join(" ")),
        Ev::AAChartRead { read } => format!("  chart read: {read}"),
        Ev::AAWeather { weather } => format!(
            "the weather is now {} (how the weather changes is not in the rules: the umpire's ruling)",
            weather.words()
        ),
        Ev::AANight { on } => format!("night {}", on_off(*on)),
        Ev::AASet { ship, changed } => {
            let n = name(st, ship);
            match changed {
                Changed::Speed(k) => format!("{n}: current maximum speed {k} kts"),
                Changed::Stopped(b) => format!("{n}: stopped {}", on_off(*b)),
                Changed::Evasive(b) => format!("{n}: moving evasively {}", on_off(*b)),
                Changed::Flagship(b) => format!("{n}: flagship {}", on_off(*b)),
                Changed::OutOfCommand(true) => format!("{n} is out of command"),
                Changed::OutOfCommand(false) => format!("{n} is back in command"),
            }
        }
        Ev::AASplash { ship, n } => format!(
            "{}: {n} splash marker{} placed",
            name(st, ship),
            if *n == 1 { "" } else { "s" }
        ),
        Ev::AASplashCleared { .. } => "all splash markers removed (2.2 Initiative)".into(),
        Ev::AAGunFire {
            ship,
            target,
            dice,
            class,
            band,
            cell,
            cell_from,
            modifier,
            why,
            need,
        } => {
            let head = format!(
                "{} fires class {class} guns at {} at {}",
                name(st, ship),
                name(st, target),
                band.words()
            );
            if cell.dice().is_none() {
                format!("{head}: 5.2 reads n/a ({cell_from}): no fire")
            } else {
                format!(
                    "{head}: {dice} d10, {need}+ to hit ({}); damage {cell} per hit (5.2, {cell_from})",
                    mods(*modifier, why)
                )
            }
        }
        Ev::AATorpedoFire {
            ship,
            target,
            dice,
            modifier,
            why,
            need,
        } => format!(
            "{} fires torpedoes at {}: {dice} d10, {need}+ to hit ({})",
            name(st, ship),
            name(st, target),
            mods(*modifier, why)
        ),
        Ev::AAToHit {
            k,
            of,
            faces,
            modifier,
            hit,
            ..
        } => {
            let f: Vec<String> = faces
                .iter()
                .map(|x| format!("{x} ({})", (*x as i32).saturating_add(*modifier)))
                .collect();
            let re = if faces.len() > 1 { " (evasive re-roll)" } else { "" };
            format!(
                "  die {k} of {of}: {}{re}: {}",
                f.join(" then "),
                if *hit { "hit" } else { "miss" }
            )
        }
        Ev::AAHit {
            ship,
            face,
            location,
            armour,
            die,
            roll,
            damage,
            ..
        } => format!(
            "  hit on {}: location {face}, {location} (armour {armour}); damage {die} {roll}: {damage} point{} to the {location}",
            name(st, ship),
            if *damage == 1 { "" } else { "s" }
        ),
        Ev::AADamaged {
            ship,
            location,
            points,
            cause,
        } => format!(
            "  {}: {points} damage to the {location} ({cause})",
            name(st, ship)
        ),
        Ev::AACapacity {
            ship,
            location,
            capacity,
        } => format!(
            "  {}: {location} damage has reached its capacity ({capacity}): {UNDEFINED}",
            name(st, ship)
        ),
        Ev::AACritical {
            ship,
            table,
            column,
            face,
            result,
        } => {
            let tail = match result {
                CritResult::NoEffect => String::new(),
                CritResult::Fire | CritResult::Flood => {
                    ": d4 a turn in the ongoing damage phase".into()
                }
                CritResult::Explosion | CritResult::CatFlooding => {
                    ": a sinking test in each ongoing damage phase".into()
                }
                CritResult::Rudder | CritResult::EngineRoom | CritResult::Bridge => {
                    format!(": {UNDEFINED}")
                }
            };
            format!(
                "  {table} critical on {} ({} column): {face}, {}{tail}",
                name(st, ship),
                column.words(),
                result.words()
            )
        }
        Ev::AAMineTest {
            ship,
            face,
            modifier,
            why,
            need,
            hit,
        } => format!(
            "{} crosses mines: d10 {face} ({}), {need}+: {}",
            name(st, ship),
            mods(*modifier, why),
            if *hit { "struck" } else { "clear" }
        ),
        Ev::AASinkingTest {
            ship,
            face,
            sides,
            modifier,
            why,
            sinks,
        } => format!(
            "  sinking test for {}: {}: {}",
            name(st, ship),
            sinking_test_words(*face, *sides, *modifier, why),
            if *sinks { "1-3, she sinks" } else { "she stays afloat" }
        ),
        Ev::AASank { ship, .. } => format!("{} has sunk", name(st, ship)),
        Ev::AARepair { ship, item, ok } => format!(
            "{}: repair of the {} {} (the repair procedure is not in the rules: the umpire's result)",
            name(st, ship),
            item.key().replace('_', " "),
            if *ok { "succeeds" } else { "fails" }
        ),
        Ev::AAMorale { squadron, pass, .. } => {
            let n = st
                .squadron(squadron)
                .map_or(squadron.clone(), |q| q.spec.name.clone());
            if *pass {
                format!("{n} passes its morale test (the test is not in the rules: the umpire's result)")
            } else {
                format!("{n} fails its morale test: {UNDEFINED}")
            }
        }
        Ev::AARevealed { squadron } => {
            let n = st
                .squadron(squadron)
                .map_or(squadron.clone(), |q| q.spec.name.clone());
            format!("{n}: contact marker revealed, deployed as models (the spotting test is not in the rules: the umpire's result)")
        }
        Ev::AAInitiative { throws, first, .. } => {
            let t: Vec<String> = throws
                .iter()
                .map(|x| {
                    format!(
                        "{} d10 {} {} = {}",
                        x.side,
                        x.face,
                        mods(x.modifier, &x.why),
                        x.total()
                    )
                })
                .collect();
            match first {
                Some(side) => format!(
                    "initiative: {}; {side} wins: decides who moves first and shoots first",
                    t.join("; ")
                ),
                None => format!(
                    "initiative: {}; a tie: the rules do not say (roll again with `initiative`, or apply your house rule)",
                    t.join("; ")
                ),
            }
        }
    })
}

/// The fleet table's columns after id, name and side, with widths.
pub const FLEET_COLUMNS: &[(&str, u16)] = &[
    ("Type", 4),
    ("Crew", 4),
    ("Kts", 4),
    ("Hull", 5),
    ("Main", 4),
    ("Sec", 4),
    ("F/Fl", 4),
    ("Crits", 6),
    ("Spl", 3),
    ("State", 7),
];

fn crew_short(c: Crew) -> &'static str {
    match c {
        Crew::Superior => "Sup",
        Crew::Standard => "Std",
        Crew::Inferior => "Inf",
    }
}

fn dmg_cell(s: &Ship, l: Location) -> String {
    match s.capacity.map(|c| c.get(l)).filter(|c| *c > 0) {
        Some(c) => format!("{}/{c}", s.damage.get(l)),
        None => s.damage.get(l).to_string(),
    }
}

/// The speed cell: the current maximum, E when evasive, STOP when stopped.
pub fn speed_cell(s: &Ship) -> String {
    if s.stopped || s.speed == 0 {
        "STOP".into()
    } else if s.evasive {
        format!("{}E", s.speed)
    } else {
        s.speed.to_string()
    }
}

/// Rudder (R), engine room (E) and bridge (B) hits: named, effect not defined.
pub fn crits_cell(s: &Ship) -> String {
    let mut out = Vec::new();
    if s.rudder_disabled {
        out.push("R".to_string());
    }
    if s.engine_room_hits > 0 {
        out.push(format!("E{}", s.engine_room_hits));
    }
    if s.bridge_hits > 0 {
        out.push(format!("B{}", s.bridge_hits));
    }
    out.join(" ")
}

/// The state cell: sunk, catastrophic (tests for sinking), out of command.
pub fn state_cell(s: &Ship) -> String {
    if let Some(t) = s.sunk_turn {
        format!("SUNK t{t}")
    } else if s.catastrophic() {
        "CATAST".into()
    } else if s.out_of_command {
        "OOC".into()
    } else {
        String::new()
    }
}

/// One ship's cells in [`FLEET_COLUMNS`] order.
pub fn fleet_row(s: &Ship) -> Vec<String> {
    vec![
        s.kind.code().to_string(),
        crew_short(s.crew).to_string(),
        speed_cell(s),
        dmg_cell(s, Location::Hull),
        dmg_cell(s, Location::Main),
        dmg_cell(s, Location::Secondary),
        format!("{}/{}", s.fires, s.floods),
        crits_cell(s),
        if s.splash > 0 {
            s.splash.to_string()
        } else {
            String::new()
        },
        state_cell(s),
    ]
}

/// One line of what the ship has taken, for the report: damage by location (of its capacity),
/// fires, floods, catastrophic results and the effects the text does not define.
pub fn summary(s: &Ship) -> String {
    let loc: Vec<String> = Location::ALL
        .iter()
        .map(|l| format!("{l} {}", dmg_cell(s, *l)))
        .collect();
    let mut out = format!("damage {}", loc.join(", "));
    if s.fires + s.floods > 0 {
        out.push_str(&format!("; fires {}, floods {}", s.fires, s.floods));
    }
    if s.catastrophic_explosion {
        out.push_str("; catastrophic explosion");
    }
    if s.catastrophic_flooding {
        out.push_str("; catastrophic flooding");
    }
    let undefined = s.undefined_effects();
    if !undefined.is_empty() {
        out.push_str(&format!("; {}: {UNDEFINED}", undefined.join(", ")));
    }
    out
}

/// One ship's status object.
pub fn ship_json(s: &Ship, tables: &Tables) -> Value {
    let row = tables.of(s.kind);
    let by = |b: super::ship::ByLocation| json!({"hull": b.hull, "main": b.main, "secondary": b.secondary});
    let undefined = s.undefined_effects();
    json!({
        "id": s.id,
        "name": s.name,
        "side": s.side,
        "status": s.status().as_str(),
        "type": s.kind.code(),
        "type_name": row.name,
        "squadron": s.squadron,
        "crew": s.crew.key(),
        "speed_max_kts": s.max_speed,
        "speed_kts": s.speed,
        "stopped": s.stopped,
        "evasive": s.evasive,
        "flagship": s.flagship,
        "out_of_command": s.out_of_command,
        "guns": {"main": s.main.map(|c| c.code()), "secondary": s.secondary.map(|c| c.code())},
        "armour": by(row.armour),
        "damage": by(s.damage),
        "capacity": s.capacity.map(by),
        "fires": s.fires,
        "floods": s.floods,
        "rudder_disabled": s.rudder_disabled,
        "engine_room_hits": s.engine_room_hits,
        "bridge_hits": s.bridge_hits,
        "catastrophic_explosion": s.catastrophic_explosion,
        "catastrophic_flooding": s.catastrophic_flooding,
        "sinking_test_each_turn": s.afloat() && s.catastrophic(),
        "splash": s.splash,
        "undefined_effects": undefined,
        "undefined_effect": if undefined.is_empty() { "" } else { UNDEFINED },
        "sunk_turn": s.sunk_turn,
        "sunk_at": s.sunk_turn.map(|t| t.to_string()),
        "sunk_by": s.sunk_turn.and(s.sunk_by.as_deref()),
        "summary": summary(s),
    })
}

/// A sunk ship's when and why, for the detail panel: "sunk in turn 3, ongoing
/// damage phase: sinking test d8 2 (-2: testing due to a critical hit result), 0: she sinks
/// (5.17)". None while she is afloat.
pub fn sunk_words(s: &Ship) -> Option<String> {
    let turn = s.sunk_turn?;
    let phase = s.sunk_phase.map_or(String::new(), |p| {
        format!(", {} phase", crate::core::words::words(p.as_str()))
    });
    let why = s
        .sunk_by
        .as_deref()
        .map_or(String::new(), |w| format!(": {w}"));
    Some(format!("sunk in turn {turn}{phase}{why}"))
}

/// The rules' part of `umpire status --json` (the game adds `scenario` and `clock`).
pub fn status_json(st: &AaState, tables: &Tables, turn: u32, phase: Phase) -> Value {
    let initiative = st.initiative.as_ref().filter(|x| x.turn == turn).map(|x| {
        json!({
            "throws": x.throws.iter().map(|t| json!({
                "side": t.side, "d10": t.face, "modifier": t.modifier, "total": t.total(), "why": t.why
            })).collect::<Vec<_>>(),
            "first": x.first,
        })
    });
    let due: Vec<Value> = schedule(st, tables, turn, phase)
        .iter()
        .map(|d| json!({"turn": d.turn.to_string(), "phase": d.phase.as_str(), "what": d.what}))
        .collect();
    let squadrons: Vec<Value> = st
        .squadrons
        .iter()
        .map(|q| {
            let (ships, afloat) = st.strength(&q.spec.id);
            let of = st.ships.iter().filter(|s| s.squadron == q.spec.id && s.afloat());
            let flagship = of.clone().find(|s| s.flagship).map(|s| s.id.clone());
            json!({
                "id": q.spec.id,
                "name": q.spec.name,
                "side": q.spec.side,
                "crew": q.spec.crew.key(),
                "models": q.spec.models,
                "ships": ships,
                "afloat": afloat,
                "half_strength": st.half_strength(&q.spec.id),
                "flagship": flagship,
                "out_of_command": of.filter(|s| s.out_of_command).count(),
                "morale": q.morale.map(|(t, pass)| json!({"turn": t, "result": if pass { "pass" } else { "fail" }})),
            })
        })
        .collect();
    json!({
        "options": {
            "armour": st.options.armour,
            "criticals": st.options.criticals,
            "gunboat_criticals": st.options.gunboat_criticals,
            "gunboat_small": st.options.gunboat_small,
        },
        "weather": st.weather.key(),
        "night": st.night,
        "initiative": initiative,
        "squadrons": squadrons,
        "chart_queue": st.chart_queue,
        "charted": st.charted,
        "due": due,
        "ships": st.ships.iter().map(|s| ship_json(s, tables)).collect::<Vec<_>>(),
    })
}
