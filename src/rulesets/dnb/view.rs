//! Read-only projections of a D&B battle: status JSON (SPEC 8), log wording, fleet cells and
//! the fog-of-war view.
//!
//! Status per ship (`status_json(..)["ships"][i]`; serde_json sorts object keys, so the
//! output is stable):
//! - `id`, `name`, `side`, `status` (`afloat` | `hulk` | `sunk`): the SPEC 8 contract;
//! - `nation` (or null), `counter` (`front` | `back`, the side that is up), `has_back`;
//! - `si` (printed SI of the side up), `si_hits` (hits counted against it), `si_left`
//!   (`si - si_hits`, below 0 when sunk), `si_for_damage` (what a damage throw compares, 6.7);
//! - `gun_rating`, `weight_of_fire`, `torpedo_rating`, `max_range`, `maneuver` (after any
//!   slowing), of the side that is up;
//! - `speed`: `{ flank, max_now, setting, hexes, slowed, diw }` (`hexes`: what it must move
//!   this turn, `"1"`, `"2-3"`, ...; `diw`: null, `"temporary"` or `"permanent"`);
//! - `fires`, `waterline_hits`, `steering_jammed_turns`, `equipment_damaged`,
//!   `torpedo_attacks_used`, `torps_out`, `evasive`, `fired` (null, `guns` or `torpedoes`),
//!   `fired_at_by_guns`, `pending_hits` (waiting for the end of the Combat Phase);
//! - `criticals`: `[{ kind, detail, until }]`, the criticals in force;
//! - `timers`: `[{ what, due, phase }]`, this ship's items of the one schedule;
//! - `sunk_at` (the turn she sank, `"5"` as the clock's `turn`) and `sunk_by` (what sank her,
//!   in the rule's words: `heavily damaged, SI -1: below zero (6.11b)`, `hulk sinking roll 2:
//!   sinks (6.12)`), both null unless sunk (SPEC 10).
//!
//! Top level: `ships`, `smoke_markers`, `pending_hits`, `game_over`, `timers` (the items of
//! the schedule not tied to a ship).
use super::event::{DamageResult, Ev, HitKind};
use super::ship::{DnbShip, Status};
use super::state::DnbState;
use super::timers::schedule;
use super::Phase;
use serde_json::{json, Value};

fn criticals(s: &DnbShip, turn: u32) -> Vec<Value> {
    let mut out = Vec::new();
    let left = s.steering_turns_left(turn);
    if left > 0 {
        out.push(json!({ "kind": "steering_jammed",
            "detail": format!("{left} turn(s) left: cannot turn or take evasive action"),
            "until": s.st.steering_until.map(|u| u.to_string()) }));
    }
    if s.equipment_damaged(turn) {
        out.push(json!({ "kind": "equipment_damaged",
            "detail": "no smoke or evasive action this turn", "until": turn.to_string() }));
    }
    if s.st.waterline_hits > 0 {
        let detail = match (s.st.waterline_hits, s.st.speed_cap) {
            (1, Some(c)) => format!("1 waterline hit: slowed to {c}, maneuver 1"),
            (n, _) => format!("{n} waterline hits: dead in the water for the game"),
        };
        out.push(json!({ "kind": "waterline_hit", "detail": detail, "until": null }));
    }
    if s.st.fires > 0 {
        out.push(json!({ "kind": "fire",
            "detail": format!("{} fire marker(s): may not attack", s.st.fires), "until": null }));
    }
    if let Some(d) = s.st.diw.filter(|d| !d.permanent) {
        out.push(json!({ "kind": "dead_in_water",
            "detail": match d.repair_turn {
                Some(t) => format!("repair roll in turn {t}"),
                None => "repair roll failed: stays dead in the water".to_string(),
            },
            "until": null }));
    }
    if s.st.status == Status::Hulk {
        out.push(json!({ "kind": "catastrophic", "detail": "hulk", "until": null }));
    }
    out
}

fn ship_json(st: &DnbState, i: usize, turn: u32, phase: Phase) -> Value {
    let s = &st.ships[i];
    let c = s.counter();
    let hexes = match s.move_hexes() {
        (lo, hi) if lo == hi => lo.to_string(),
        (lo, hi) => format!("{lo}-{hi}"),
    };
    let timers: Vec<Value> = schedule(st, turn, phase)
        .into_iter()
        .filter(|d| d.ship == Some(i))
        .map(|d| json!({ "what": d.what, "due": d.turn.to_string(), "phase": d.phase.as_str() }))
        .collect();
    // When and why only for a sunk ship (SPEC 10).
    let sunk = s.st.status == Status::Sunk;
    json!({
        "id": s.id(), "name": s.spec.name, "side": s.spec.side, "status": s.st.status.as_str(),
        "nation": s.spec.nation, "counter": s.st.face.as_str(), "has_back": s.spec.back.is_some(),
        "si": c.si, "si_hits": s.st.hits, "si_left": s.si_left(), "si_for_damage": s.si_for_damage(),
        "gun_rating": c.gun_rating, "weight_of_fire": c.weight_of_fire,
        "torpedo_rating": c.torpedo_rating, "max_range": c.max_range, "maneuver": s.maneuver(),
        "speed": { "flank": c.speed, "max_now": s.max_speed(), "setting": s.st.speed_setting.as_str(),
                   "hexes": hexes,
                   "slowed": s.st.speed_cap.is_some(),
                   "diw": s.st.diw.map(|d| if d.permanent { "permanent" } else { "temporary" }) },
        "fires": s.st.fires, "waterline_hits": s.st.waterline_hits,
        "steering_jammed_turns": s.steering_turns_left(turn),
        "equipment_damaged": s.equipment_damaged(turn),
        "torpedo_attacks_used": s.st.torpedo_attacks, "torps_out": s.st.torps_out,
        "evasive": s.st.evasive, "fired": s.st.fired.map(|w| w.as_str()),
        "fired_at_by_guns": s.st.fired_at_by_guns,
        "pending_hits": st.pending.iter().filter(|p| p.ship == s.id()).count(),
        "criticals": criticals(s, turn),
        "timers": timers,
        "sunk_at": s.st.sunk_at.filter(|_| sunk).map(|t| t.to_string()),
        "sunk_by": s.st.sunk_by.as_deref().filter(|_| sunk),
    })
}

/// A sunk ship's when and why, for the detail panel: "sunk in turn 5, combat
/// phase: heavily damaged, SI -1: below zero (6.11b)". None while she is afloat or a hulk.
pub fn sunk_words(s: &DnbShip) -> Option<String> {
    if s.st.status != Status::Sunk {
        return None;
    }
    let when = match (s.st.sunk_at, s.st.sunk_phase) {
        (Some(t), Some(p)) => format!(" in turn {t}, {p} phase"),
        (Some(t), None) => format!(" in turn {t}"),
        _ => String::new(),
    };
    let why =
        s.st.sunk_by
            .as_deref()
            .map_or(String::new(), |w| format!(": {w}"));
    Some(format!("sunk{when}{why}"))
}

/// The ruleset's part of `umpire status --json` (the engine adds `clock`).
pub fn status_json(st: &DnbState, turn: u32, phase: Phase) -> Value {
    let ships: Vec<Value> = (0..st.ships.len())
        .map(|i| ship_json(st, i, turn, phase))
        .collect();
    let timers: Vec<Value> = schedule(st, turn, phase)
        .into_iter()
        .filter(|d| d.ship.is_none())
        .map(|d| json!({ "what": d.what, "due": d.turn.to_string(), "phase": d.phase.as_str() }))
        .collect();
    json!({ "ships": ships, "smoke_markers": st.smoke_markers, "pending_hits": st.pending.len(),
            "game_over": st.game_over, "timers": timers })
}

/// Fleet-table columns (header, width hint).
pub const FLEET_COLUMNS: &[(&str, u16)] = &[
    ("SI", 5),
    ("Counter", 7),
    ("Speed", 5),
    ("Crits", 12),
    ("Markers", 12),
];

/// A ship's fleet cells, in [`FLEET_COLUMNS`] order: SI left of SI, side of the counter,
/// speed now of flank, criticals in force, markers.
pub fn fleet_row(s: &DnbShip, turn: u32) -> Vec<String> {
    let mut crits = Vec::new();
    let left = s.steering_turns_left(turn);
    if left > 0 {
        crits.push(format!("steer{left}"));
    }
    if s.equipment_damaged(turn) {
        crits.push("equip".into());
    }
    if s.st.waterline_hits > 0 {
        crits.push(format!("wl{}", s.st.waterline_hits));
    }
    if s.is_diw() {
        crits.push("DIW".into());
    }
    let mut marks = Vec::new();
    if s.st.fires > 0 {
        marks.push(format!("fire{}", s.st.fires));
    }
    if s.st.status == Status::Hulk {
        marks.push("hulk".into());
    }
    if s.st.evasive {
        marks.push("evasive".into());
    }
    if s.st.torps_out {
        marks.push("torps-out".into());
    } else if s.st.torpedo_attacks > 0 {
        marks.push("torps-fired".into());
    }
    if s.st.speed_cap.is_some() {
        marks.push("slowed".into());
    }
    if s.st.status == Status::Sunk {
        // Removed from the map with her markers (6.12a): the row says when she sank.
        marks = vec![match s.st.sunk_at {
            Some(t) => format!("sunk turn {t}"),
            None => "sunk".into(),
        }];
    }
    vec![
        format!("{}/{}", s.si_left(), s.counter().si),
        s.st.face.as_str().to_string(),
        format!("{}/{}", s.max_speed(), s.counter().speed),
        crits.join(" "),
        marks.join(" "),
    ]
}

fn nm(st: &DnbState, id: &str) -> String {
    st.ship(id)
        .map_or_else(|| id.to_string(), |s| s.spec.name.clone())
}

/// The log line of an event, citing the rule; `st` is the state before the event.
pub fn describe(st: &DnbState, ev: &Ev) -> Option<String> {
    let n = |id: &str| nm(st, id);
    Some(match ev {
        Ev::DnbAttacked {
            ship,
            target,
            weapon,
            reaction,
            dice,
            modifiers,
            faces,
            hits,
            torps_out,
        } => {
            let mods: Vec<String> = modifiers
                .iter()
                .map(|m| format!("{} {:+}", m.what, m.dice))
                .collect();
            let how = if faces.is_empty() {
                "counted at the table".to_string()
            } else {
                format!("faces {faces:?}")
            };
            format!(
                "{}{} {} at {}: {dice} dice{}; {how}: {hits} possible hit(s) (6.6){}",
                n(ship),
                if *reaction { " (reaction fire, 8.4)" } else { "" },
                if *weapon == super::ship::Weapon::Guns { "fires guns" } else { "launches torpedoes" },
                n(target),
                if mods.is_empty() { String::new() } else { format!(" ({})", mods.join(", ")) },
                if *torps_out { "; Torps Out! (7.3)" } else { "" }
            )
        }
        Ev::DnbDamageThrown {
            ship,
            by,
            delta,
            face,
            result,
        } => {
            let band = delta.map_or("torpedo, never nullified by SI (7.1)".to_string(), |d| {
                format!("weight of fire - SI = {d} (6.7)")
            });
            let r = match result {
                DamageResult::None => "no effect",
                DamageResult::SiHit => "one SI hit",
                DamageResult::Critical => "a critical hit roll",
            };
            format!("{} on {}: damage throw {face}, {band}: {r}", n(by), n(ship))
        }
        Ev::DnbCriticalRolled {
            ship,
            face,
            modifier,
            critical,
        } => match critical {
            Some(k) => format!(
                "{}: Critical Hit Table {face}{}: {} ({})",
                n(ship),
                if *modifier != 0 { format!(" {modifier:+}") } else { String::new() },
                k.title(),
                k.row()
            ),
            None => format!(
                "{}: Critical Hit Table {face} {modifier:+} is below 1: an SI hit instead (6.7c)",
                n(ship)
            ),
        },
        Ev::DnbHitPending { ship, hit, .. } => match hit {
            HitKind::Si => format!("{}: an SI hit, in effect at the end of the Combat Phase (5.2a)", n(ship)),
            HitKind::Critical { critical } => format!(
                "{}: critical {}, in effect at the end of the Combat Phase (5.2a)",
                n(ship),
                critical.title()
            ),
        },
        Ev::DnbSiHit { ship, .. } => {
            let s = st.ship(ship)?;
            format!(
                "{}: SI hit, {} of SI {} on the {} (2.11, 6.11)",
                s.spec.name,
                s.st.hits + 1,
                s.counter().si,
                s.st.face.as_str()
            )
        }
        Ev::DnbSiHitDiscarded { ship, .. } => format!(
            "{}: SI hit discarded, beyond those that flipped or sank it (6.11)",
            n(ship)
        ),
        Ev::DnbFlipped { ship } => format!(
            "{}: flipped to its heavily damaged side (6.11)",
            n(ship)
        ),
        Ev::DnbSteeringJammed {
            ship, face, turns, ..
        } => {
            if *turns == 0 {
                format!("{}: steering jammed for {face}/2 = 0 turns: no effect (Critical Hit Table 1)", n(ship))
            } else {
                format!(
                    "{}: steering jammed for {turns} turn(s) ({face}/2 rounded down): no turning or evasive action (Critical Hit Table 1)",
                    n(ship)
                )
            }
        }
        Ev::DnbEquipmentDamaged {
            ship, torps_out, ..
        } => format!(
            "{}: on board equipment damaged: evasive marker removed, no smoke or evasive action this turn{} (Critical Hit Table 2)",
            n(ship),
            if *torps_out { "; Torps Out! for the game" } else { "" }
        ),
        Ev::DnbWaterlineHit {
            ship,
            count,
            speed_cap,
            dead_in_water,
            ..
        } => {
            if *dead_in_water {
                format!("{}: waterline hit {count}: dead in the water for the rest of the game, may still fire (6.9b)", n(ship))
            } else if let Some(c) = speed_cap {
                format!("{}: waterline hit {count}: slowed to {c}, maneuver 1 (6.9a, Critical Hit Table 3)", n(ship))
            } else {
                format!("{}: waterline hit {count}: counts as an SI hit (6.9b)", n(ship))
            }
        }
        Ev::DnbFireStarted { ship } => format!(
            "{}: fire marker: may not attack until the fire is out; its hex is smoke (6.10, Critical Hit Table 4)",
            n(ship)
        ),
        Ev::DnbDeadInWater { ship, repair_turn } => format!(
            "{}: dead in the water, may still fire; repair roll in turn {repair_turn} (Critical Hit Table 5)",
            n(ship)
        ),
        Ev::DnbCatastrophic { ship } => format!(
            "{}: catastrophic damage: a hulk, no movement or attack for the game (Critical Hit Table 6)",
            n(ship)
        ),
        Ev::DnbCriticalRedundant { ship, critical } => format!(
            "{}: {} is already in effect: an SI hit instead (6.8)",
            n(ship),
            critical.title()
        ),
        Ev::DnbHulked { ship } => format!(
            "{}: heavily damaged at SI exactly 0: a hulk (6.11a)",
            n(ship)
        ),
        Ev::DnbSank { ship, why } => format!("{}: sunk, {why}", n(ship)),
        Ev::DnbPendingResolved => return None,
        Ev::DnbHulkRolled { ship, face, sank } => format!(
            "{}: hulk sinking roll {face}: {} (6.12)",
            n(ship),
            if *sank { "sinks" } else { "stays another turn" }
        ),
        Ev::DnbFireRolled {
            ship,
            face,
            removed,
        } => format!(
            "{}: fire marker roll {face}: {} (6.10b)",
            n(ship),
            if *removed { "removed" } else { "still burning" }
        ),
        Ev::DnbSmokeRolled { face, removed } => format!(
            "smoke marker roll {face}: {} (8.7)",
            if *removed { "removed" } else { "stays" }
        ),
        Ev::DnbDiwRepairRolled {
            ship,
            face,
            repaired,
            next,
        } => match (repaired, next) {
            (true, _) => format!("{}: repair roll {face}: repaired, moves at speed 1 this turn (Critical Hit Table 5)", n(ship)),
            (false, Some(t)) => format!("{}: repair roll {face}: still dead in the water, next roll in turn {t}", n(ship)),
            (false, None) => format!("{}: repair roll {face}: stays dead in the water (no further roll, Critical Hit Table 5)", n(ship)),
        },
        Ev::DnbSteeringFreed { ship } => format!("{}: steering free again (Critical Hit Table 1)", n(ship)),
        Ev::DnbEquipmentRestored { ship } => format!("{}: equipment damage over with the turn (Critical Hit Table 2)", n(ship)),
        Ev::DnbTurnEnded { turn } => format!("turn {turn} ends (5.4b)"),
        Ev::DnbSpeedSet { ship, setting } => format!("{}: {} speed (8.1)", n(ship), setting.as_str()),
        Ev::DnbEvasiveSet { ship, on } => format!(
            "{}: evasive action marker {} (8.5)",
            n(ship),
            if *on { "placed" } else { "removed" }
        ),
        Ev::DnbSmokeLaid { markers } => format!("{markers} smoke marker(s) laid (8.6)"),
        Ev::DnbMarkerSet { ship, marker, on } => format!(
            "{}: {} marker {} by the umpire",
            n(ship),
            marker.as_str(),
            if *on { "placed" } else { "removed" }
        ),
        Ev::DnbGameOver { turn } => format!("turn {turn} was the last: determine the victor (5.4b)"),
    })
}

/// What the player of `side` sees. Every ship: what is on the map, `id, name, side, status`, `counter` (a flipped counter shows its back, 2.15),
/// and the markers placed on top of it: `fires` (6.10), `slowed` (6.9a), `diw` (6.9b, crit 5),
/// `evasive` (8.5), `torps_fired`/`torps_out` (7.3); plus the printed values of the side that
/// is up (a counter's face is public). Hidden: hit markers, which go beneath the counter
/// (2.17), so `si_hits`/`si_left`; the speed marker, placed secretly (8.1); steering jammed and
/// equipment damaged (no marker); pending hits. Its own ships add `si_hits`, `si_left` and
/// `speed_setting` (the owner knows them). Sunk ships are removed from the map (6.11b)
/// and shown only as sunk.
pub fn observe(st: &DnbState, side: &str) -> Value {
    let ships: Vec<Value> = st
        .ships
        .iter()
        .map(|s| {
            if s.st.status == Status::Sunk {
                return json!({ "id": s.id(), "name": s.spec.name, "side": s.spec.side, "status": "sunk" });
            }
            let c = s.counter();
            let mut v = json!({
                "id": s.id(), "name": s.spec.name, "side": s.spec.side, "status": s.st.status.as_str(),
                "counter": s.st.face.as_str(),
                "gun_rating": c.gun_rating, "weight_of_fire": c.weight_of_fire, "si": c.si,
                "torpedo_rating": c.torpedo_rating, "max_range": c.max_range, "maneuver": c.maneuver,
                "fires": s.st.fires, "slowed": s.st.speed_cap.is_some(), "diw": s.is_diw(),
                "evasive": s.st.evasive,
                "torps_fired": s.st.torpedo_attacks > 0, "torps_out": s.st.torps_out,
            });
            if s.spec.side.eq_ignore_ascii_case(side) {
                // The owner knows its hit markers and its secret speed marker.
                v["si_hits"] = json!(s.st.hits);
                v["si_left"] = json!(s.si_left());
                v["speed_setting"] = json!(s.st.speed_setting.as_str());
            }
            v
        })
        .collect();
    json!({ "side": side, "ships": ships, "smoke_markers": st.smoke_markers })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dnb::ship::{CounterSide, DnbShipSpec};

    fn state() -> DnbState {
        let side = CounterSide {
            gun_rating: 3,
            weight_of_fire: 4,
            si: 3,
            torpedo_rating: 2,
            max_range: 12,
            speed: 5,
            maneuver: 2,
        };
        let ship = |id: &str, s: &str| DnbShipSpec {
            id: id.into(),
            name: id.to_uppercase(),
            side: s.into(),
            nation: None,
            front: side.clone(),
            back: None,
        };
        DnbState::new(
            vec![ship("a", "Blue"), ship("b", "Red")],
            Default::default(),
        )
    }

    /// Every event has a log line citing a rule (or, for the pending marker, none).
    #[test]
    fn every_event_is_described() {
        let st = state();
        for e in crate::rulesets::dnb::event::samples() {
            match describe(&st, &e) {
                Some(line) => assert!(!line.is_empty(), "{e:?}"),
                None => assert!(matches!(e, Ev::DnbPendingResolved), "{e:?}"),
            }
        }
    }

    /// SPEC 8: id, name, side, status first, for every ship.
    #[test]
    fn status_has_the_contract_keys() {
        let v = status_json(&state(), 1, Phase::Combat);
        for s in v["ships"].as_array().unwrap() {
            for k in ["id", "name", "side", "status"] {
                assert!(s.get(k).is_some(), "{k}");
            }
            assert_eq!(s["status"], "afloat");
        }
        assert_eq!(FLEET_COLUMNS.len(), fleet_row(&state().ships[0], 1).len());
    }
}
