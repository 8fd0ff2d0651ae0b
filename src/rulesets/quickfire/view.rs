//! The Quickfire views: status JSON (SPEC 8: `ships[] {id, name, side, status}` and the ship
//! log's own fields; a sunk ship's `sunk_at`, the turn as the clock's `"4"`, and `sunk_by`,
//! the sinking roll that sank her, both null unless sunk, SPEC 10), the log's wording of every
//! event, and the fleet table's cells.
use super::event::Ev;
use super::rules::TURN_ANGLE;
use super::ship::{direction_words, distance, Effect, Outcome, QfShip, Rating, Status};
use super::state::QfState;
use super::tables::{Provenance, Tables};
use super::timers::schedule;
use super::Phase;
use serde_json::{json, Value};

fn name(st: &QfState, id: &str) -> String {
    st.ship(id)
        .map_or_else(|| id.to_string(), |s| s.spec.name.clone())
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn effect_words(e: Effect) -> String {
    match e {
        Effect::Rof { rating } => format!("{rating} ROF -1"),
        Effect::Speed { repairable: true } => "a speed box crossed".into(),
        Effect::Speed { repairable: false } => "a speed box crossed (unrepairable)".into(),
        Effect::Torpedo => "torpedo rating -1".into(),
        Effect::Repair => "repair points -1".into(),
        Effect::Fire => "a fire starts (F in the Blast Hits box)".into(),
        Effect::Direction { degrees } => format!(
            "turns {} uncontrollably until repaired",
            direction_words(degrees)
        ),
        Effect::NoEffect => "no effect".into(),
    }
}

/// The log line of a rules event (`st`: the state before it), or None.
pub fn describe(st: &QfState, ev: &Ev) -> Option<String> {
    Some(match ev {
        Ev::QfChartQueued { values } => format!("chart values queued: {}", values.join(" ")),
        Ev::QfChartRead { read } => format!("  chart read: {read}"),
        Ev::QfCell {
            chart,
            line,
            value,
            provenance,
        } => {
            let p = match provenance {
                Provenance::Text => "table, text".to_string(),
                Provenance::Derived => "table, derived from the text's example".to_string(),
                Provenance::Chart => "table, from the owner's chart".to_string(),
                p => format!("table, {}", p.as_str()),
            };
            format!("  {chart}, {line}: {value} ({p})")
        }
        Ev::QfRecalled { chart, line, value } => {
            format!("  {chart}, {line}: {value} (as the umpire read it earlier)")
        }
        Ev::QfSalvo {
            ship,
            target,
            rating,
            range,
            rof,
            why,
            modifier,
            black,
            whites,
            shared,
            fired,
            ..
        } => {
            let mods = if why.is_empty() {
                String::new()
            } else {
                format!(" ({})", why.join(", "))
            };
            let shared = if *shared {
                " (the point blank ROF roll shared)"
            } else {
                ""
            };
            let verdict = if *fired {
                format!("fired (ROF {rof})")
            } else {
                format!("did not fire (ROF {rof}): the white dice count for nothing")
            };
            format!(
                "{} {rating} fire at {} at {}: dice {black},{},{}{shared}; ROF die {black}{}{mods}: {verdict}",
                name(st, ship),
                name(st, target),
                range.words(),
                whites[0],
                whites[1],
                if *modifier != 0 {
                    format!(" {modifier:+} = {}", *black as i32 + modifier)
                } else {
                    String::new()
                },
            )
        }
        Ev::QfGunnery {
            target,
            pct,
            die_roll,
            total,
            hits,
            ..
        } => {
            let code = if total % 2 == 0 { "S" } else { "G" };
            if *hits == 0 {
                format!("  Gun/Armor {pct}%: needs {die_roll} or less, white total {total}: a miss")
            } else {
                format!(
                    "  Gun/Armor {pct}%: needs {die_roll} or less, white total {total} ({}): {} on {}",
                    if total % 2 == 0 { "even" } else { "odd" },
                    plural(*hits, &format!("{code} hit"), &format!("{code} hits")),
                    name(st, target)
                )
            }
        }
        Ev::QfMarked { ship, hit } => format!(
            "  {hit} marked on {} (takes effect at the end of the phase)",
            name(st, ship)
        ),
        Ev::QfApplied {
            ship,
            hit,
            effect,
            via,
            ..
        } => {
            let via = if via.is_empty() {
                String::new()
            } else {
                format!(" ({via})")
            };
            format!(
                "  {hit} on {}{via}: {}",
                name(st, ship),
                effect_words(*effect)
            )
        }
        Ev::QfCrossed { .. } => return None,
        Ev::QfTorpedo {
            ship,
            target,
            moving,
            total,
            why,
            modifier,
            hit_number,
            hit,
            ..
        } => {
            let mods = if why.is_empty() {
                String::new()
            } else {
                format!(" {modifier:+} ({}) = {}", why.join(", "), *total as i32 + modifier)
            };
            format!(
                "{} torpedo attack on {} ({}): 2D6 {total}{mods}, hits on {hit_number} or less: {}",
                name(st, ship),
                name(st, target),
                if *moving { "moving" } else { "static" },
                if *hit {
                    "a hit (torpedo rating -1)"
                } else {
                    "a miss"
                }
            )
        }
        Ev::QfFireCheck {
            ship,
            fire,
            roll,
            outcome,
            ..
        } => {
            let what = match outcome {
                Outcome::Out => "out".to_string(),
                Outcome::NoEffect => "burns on (n/e)".to_string(),
                o => o.to_string(),
            };
            format!(
                "{} fire {}: 2D6 {roll}: {what}",
                name(st, ship),
                fire + 1
            )
        }
        Ev::QfRepair {
            ship,
            item,
            roll,
            fixed,
        } => format!(
            "{} repair of {}: 2D6 {roll}: {}",
            name(st, ship),
            item.words(),
            if *fixed {
                "repaired (one repair point used)"
            } else {
                "not repaired (the attempt costs nothing)"
            }
        ),
        Ev::QfRepairsDeclared { .. } => return None,
        Ev::QfSinkCheck {
            ship,
            roll,
            base,
            fires,
            beyond,
            number,
            sank,
        } => format!(
            "{} at zero speed: sinks on {number} or less (size {base}, +{fires} fire{}, +{beyond} S past the boxes); 2D6 {roll}: {}",
            name(st, ship),
            if *fires == 1 { "" } else { "s" },
            if *sank { "she sinks" } else { "afloat" }
        ),
        Ev::QfSank { ship, .. } => format!("{} has sunk and is removed from play", name(st, ship)),
    })
}

/// The fleet table's columns after id, name and side, with widths: what changes in battle (the
/// constant ratings are in the detail panel), so that 80 columns show every cell whole.
pub const FLEET_COLUMNS: &[(&str, u16)] = &[
    ("Sz", 2),
    ("ROF", 3),
    ("1st", 3),
    ("Speed", 6),
    ("Turn", 4),
    ("Tp", 2),
    ("Rp", 2),
    ("Blast hits", 10),
    ("Status", 7),
];

fn pair(a: u32, b: u32) -> String {
    format!("{a}-{b}")
}

/// The Blast Hits box: each fire (burning F, out f) and the direction hit.
pub fn blast_box(s: &QfShip) -> String {
    let mut out: Vec<String> = s
        .fires
        .iter()
        .map(|f| if f.out_turn.is_none() { "F" } else { "f" }.to_string())
        .collect();
    if let Some(d) = s.direction {
        out.push(format!(
            "D{}{}",
            d.degrees.abs(),
            if d.degrees < 0 { "L" } else { "R" }
        ));
    }
    out.join(" ")
}

/// The markers of a ship: marks pending, zero speed, sunk.
pub fn markers(s: &QfShip) -> String {
    match s.status() {
        Status::Sunk => format!("SUNK t{}", s.sunk_turn.unwrap_or(0)),
        Status::AtRisk => "0 SPEED".into(),
        Status::Afloat if !s.pending.is_empty() => format!("{} mark", s.pending.len()),
        Status::Afloat => String::new(),
    }
}

/// The maximum pivot at full available speed (« 2.1).
pub fn turn_limit(s: &QfShip) -> Option<u32> {
    match s.top_box() {
        0 => None,
        k => Some(TURN_ANGLE[k as usize - 1]),
    }
}

/// One ship's cells in [`FLEET_COLUMNS`] order.
pub fn fleet_row(s: &QfShip) -> Vec<String> {
    let spec = &s.spec;
    vec![
        spec.size.to_string(),
        pair(s.rof(Rating::Heavy), s.rof(Rating::Light)),
        if s.first_fired { "X" } else { "1st" }.into(),
        distance(s.available_speed()),
        turn_limit(s).map_or("-".into(), |a| format!("{a}°")),
        if spec.torpedo == 0 {
            "-".into()
        } else {
            s.torpedo().to_string()
        },
        s.repair_points().to_string(),
        blast_box(s),
        markers(s),
    ]
}

/// The Sinking table's number for a ship at zero speed, if the tables know her size.
pub fn sink_number(s: &QfShip, tables: &Tables) -> Option<u32> {
    let base = tables.sinking.get(&s.spec.size)?.value;
    let m = &tables.sink_modifiers;
    Some(
        base.saturating_add((s.fires_burning() as u32).saturating_mul(m.per_fire))
            .saturating_add(s.speed_hits_beyond().saturating_mul(m.per_speed_hit_beyond)),
    )
}

/// One ship's status object.
pub fn ship_json(s: &QfShip, tables: &Tables, turn: u32) -> Value {
    let spec = &s.spec;
    let boxes: Vec<String> = spec.boxes().iter().map(|b| distance(*b)).collect();
    json!({
        "id": s.id(),
        "name": spec.name,
        "side": spec.side,
        "status": s.status().as_str(),
        "size": spec.size,
        "gunnery": { "heavy": spec.gunnery.heavy, "light": spec.gunnery.light },
        "armor": { "heavy": spec.armor.heavy, "light": spec.armor.light },
        "rof": {
            "heavy": s.rof(Rating::Heavy),
            "light": s.rof(Rating::Light),
            "heavy_max": spec.rof.heavy,
            "light_max": spec.rof.light,
        },
        "first_fire_done": s.first_fired,
        "last_rof_failed": s.last_rof.is_some_and(|(at, ok)| !ok && at.saturating_add(1) >= turn),
        "fired_first_gunnery": s.fired_first_gunnery(turn),
        "speed": {
            "boxes": boxes,
            "crossed": s.boxes_crossed(),
            "repairable": s.speed_hits,
            "unrepairable": s.speed_hits_unrepairable,
            "beyond": s.speed_hits_beyond(),
            "available": distance(s.available_speed()),
            "box": s.top_box(),
            "turn_limit": turn_limit(s),
        },
        "speed_p": spec.speed_p,
        "torpedo": { "rating": s.torpedo(), "max": spec.torpedo },
        "repair_points": { "left": s.repair_points(), "max": spec.repair },
        "fires": s.fires.iter().filter(|f| f.out_turn.is_none()).map(|f| json!({"since_turn": f.since_turn})).collect::<Vec<_>>(),
        "fires_out": s.fires.iter().filter(|f| f.out_turn.is_some()).count(),
        "direction": s.direction.map(|d| json!({"degrees": d.degrees, "words": direction_words(d.degrees), "since_turn": d.since_turn})),
        "pending": s.pending.iter().map(|h| h.to_string()).collect::<Vec<_>>(),
        "blast_hits": blast_box(s),
        // The log at a glance (the report's end state): ROF now, speed now, boxes crossed,
        // torpedo and repair points left, fires burning.
        "rof_now": pair(s.rof(Rating::Heavy), s.rof(Rating::Light)),
        "speed_now": distance(s.available_speed()),
        "boxes_crossed": s.boxes_crossed(),
        "torpedo_now": s.torpedo(),
        "repair_now": s.repair_points(),
        "fires_burning": s.fires_burning(),
        "sink_number": if s.status() == Status::AtRisk { sink_number(s, tables).map(Value::from).unwrap_or(Value::Null) } else { Value::Null },
        "sunk_turn": s.sunk_turn,
        "sunk_at": s.sunk_turn.map(|t| t.to_string()),
        "sunk_by": s.sunk_turn.and(s.sunk_by.as_deref()),
    })
}

/// A sunk ship's when and why, for the detail panel: "sunk in turn 4, Check for
/// Sinking: at zero speed, sinking roll 2D6 5: sinks on 6 or less (« 4.3)". None while she is
/// afloat.
pub fn sunk_words(s: &QfShip) -> Option<String> {
    let turn = s.sunk_turn?;
    let phase = s
        .sunk_phase
        .map_or(String::new(), |p| format!(", {}", p.words()));
    let why = s
        .sunk_by
        .as_deref()
        .map_or(String::new(), |w| format!(": {w}"));
    Some(format!("sunk in turn {turn}{phase}{why}"))
}

/// The rules' part of `umpire status --json` (the game adds `scenario` and `clock`).
pub fn status_json(st: &QfState, tables: &Tables, turn: u32, phase: Phase) -> Value {
    let due: Vec<Value> = schedule(st, turn, phase)
        .iter()
        .map(|d| json!({"turn": d.turn.to_string(), "phase": d.phase.as_str(), "what": d.what(st)}))
        .collect();
    json!({
        "options": {
            "pb_rof": st.options.pb_rof,
            "second_gunnery": st.options.second_gunnery,
            "first_fire_stacks": st.options.first_fire_stacks,
            "auto_repair": st.options.auto_repair,
            "remember_chart_reads": st.options.remember_chart_reads,
        },
        "chart_cells": st.chart_cells,
        "scale": st.scale,
        "chart_queue": st.chart_queue,
        "due": due,
        "ships": st.ships.iter().map(|s| ship_json(s, tables, turn)).collect::<Vec<_>>(),
    })
}
