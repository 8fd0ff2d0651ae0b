//! The late-19th views: status JSON (SPEC 8: `ships[] {id, name, side, status}` and the ship
//! log's own fields; a sunk ship's `sunk_at`, the turn as the clock's `"3"`, and `sunk_by`,
//! what brought her to 0 FP, both null unless sunk, SPEC 10), the log's wording of every
//! event, and the fleet table's cells.
use super::event::Ev;
use super::ship::{GunType, HitResult, L19Ship, MINOR_UNDEFINED};
use super::state::L19State;
use super::tables::{Landing, Provenance, Tables};
use super::timers::schedule;
use super::Phase;
use serde_json::{json, Value};

fn name(st: &L19State, id: &str) -> String {
    st.ship(id)
        .map_or_else(|| id.to_string(), |s| s.spec.name.clone())
}

fn by_words(st: &L19State, by: &Option<String>) -> String {
    match by.as_deref() {
        Some("mine") => " (a mine: the equivalent of a torpedo)".into(),
        Some(x) => format!(" from {}", name(st, x)),
        None => String::new(),
    }
}

/// The log line of a rules event (`st`: the state before it), or None.
pub fn describe(st: &L19State, ev: &Ev) -> Option<String> {
    Some(match ev {
        Ev::L19ChartQueued { values } => format!("chart values queued: {}", values.join(" ")),
        Ev::L19ChartRead { read } => format!("  chart read: {read}"),
        Ev::L19GunsFired {
            ship,
            target,
            armament,
            gun,
            dice,
            modifier,
            why,
            ..
        } => {
            let mods = if why.is_empty() {
                "no modifier".to_string()
            } else {
                format!("{modifier:+}: {}", why.join(", "))
            };
            format!(
                "{} fires her {armament} armament ({}) at {}: {dice} D6 ({mods})",
                name(st, ship),
                gun.words(),
                name(st, target)
            )
        }
        Ev::L19Landed {
            face, score, lands, ..
        } => {
            let tail = match lands {
                Landing::Front | Landing::Behind => {
                    ": any ship there is hit (`hit SHIP by GUN from FIRER`)"
                }
                _ => "",
            };
            format!("  die {face}, score {score}: lands {}{tail}", lands.words())
        }
        Ev::L19Hit {
            ship,
            by,
            weapon,
            face,
            result,
            cell,
            lost,
            fp_left,
        } => {
            let what = match result {
                HitResult::Minor => format!("minor damage ({MINOR_UNDEFINED})"),
                _ => format!("loses {lost} FP, {fp_left} left"),
            };
            let cell = match cell {
                Provenance::Text => String::new(),
                p => format!(" [cell {}]", p.as_str()),
            };
            let row = if *weapon == GunType::Torpedo {
                "torpedoes".to_string()
            } else {
                weapon.words().to_string()
            };
            format!(
                "  hit on {} by {row}{}: die {face}, {what}{cell}",
                name(st, ship),
                by_words(st, by)
            )
        }
        Ev::L19BreakOff { ship, fp_left } => format!(
            "  {} is at her critical point ({fp_left} FP): she must break off from battle (rule b)",
            name(st, ship)
        ),
        Ev::L19Sinking { ship } => format!(
            "  {} is reduced to 0 FP and sinks (rule c); a ship sunk in the guns or torpedo step still fires that turn",
            name(st, ship)
        ),
        Ev::L19TorpedoFired {
            ship, target: None, ..
        } => format!(
            "{} fires a torpedo that hits no ship: it sinks and is not recoverable (rule d)",
            name(st, ship)
        ),
        Ev::L19TorpedoFired {
            ship,
            target: Some(t),
            ..
        } => format!("{} fires a torpedo at {}", name(st, ship), name(st, t)),
        Ev::L19TorpedoResult { target, hits, .. } => match hits {
            0 => format!("  the torpedo misses {}", name(st, target)),
            1 => format!("  the torpedo hits {}", name(st, target)),
            n => format!("  the torpedo scores {n} hits on {}", name(st, target)),
        },
        Ev::L19Traded {
            ship,
            kind,
            fp,
            given_up,
        } => {
            let what = match kind {
                super::ship::TradeKind::Move => "hex",
                super::ship::TradeKind::Main => "main gun",
                super::ship::TradeKind::Secondary => "secondary gun",
            };
            format!(
                "{} trades off {fp} FP for {given_up} {what}{} given up for the battle (rule b)",
                name(st, ship),
                if *given_up == 1 { "" } else { "s" }
            )
        }
        Ev::L19TradeClosed { .. } => return None,
        Ev::L19Initiative { throws, first, .. } => {
            let t: Vec<String> = throws.iter().map(|(s, f)| format!("{s} {f}")).collect();
            match first {
                Some(side) => format!("initiative: {}; {side} moves first", t.join(", ")),
                None => format!(
                    "initiative: {}; a tie: the rules do not say who moves first (throw again with `initiative`, or apply your house rule)",
                    t.join(", ")
                ),
            }
        }
        Ev::L19Sank { ship, .. } => format!("{} has sunk", name(st, ship)),
    })
}

/// The fleet table's columns after id, name and side, with widths.
pub const FLEET_COLUMNS: &[(&str, u16)] = &[
    ("Type", 6),
    ("FP", 5),
    ("CP", 2),
    ("Move", 4),
    ("Main", 4),
    ("Sec", 4),
    ("Torp", 4),
    ("Minor", 5),
    ("Orders", 9),
];

fn gun_cell(n: u32, g: Option<GunType>) -> String {
    match g {
        None => "-".into(),
        Some(g) => {
            let short = match g {
                GunType::SuperHeavy => "SH",
                GunType::Heavy => "H",
                GunType::Medium => "M",
                GunType::Light => "L",
                GunType::VeryLight => "VL",
                GunType::Torpedo => "T",
            };
            format!("{n}{short}")
        }
    }
}

/// The markers of a ship: the order to break off, sinking, sunk.
pub fn markers(s: &L19Ship, tables: &Tables) -> String {
    let tv = tables.of(s.spec.kind);
    match s.status(tv) {
        super::ship::Status::Sunk => format!("SUNK t{}", s.sunk_turn.unwrap_or(0)),
        super::ship::Status::Sinking => "SINKING".into(),
        super::ship::Status::Afloat if s.must_break_off(tv) => "BREAK OFF".into(),
        super::ship::Status::Afloat => String::new(),
    }
}

/// One ship's cells in [`FLEET_COLUMNS`] order.
pub fn fleet_row(s: &L19Ship, tables: &Tables) -> Vec<String> {
    let tv = tables.of(s.spec.kind);
    let torp = if s.spec.torpedoes {
        format!("{}/{}", s.torpedoes_fired, tables.torpedoes.per_battle)
    } else {
        "-".into()
    };
    vec![
        s.spec.kind.short().to_string(),
        format!("{}/{}", s.fp(tv), tv.fp),
        tv.critical_point.to_string(),
        s.movement(tv).to_string(),
        gun_cell(s.main_guns(), tv.main_gun.map(|g| g.0)),
        gun_cell(s.secondary_guns(), tv.secondary_gun.map(|g| g.0)),
        torp,
        s.minor_damage.to_string(),
        markers(s, tables),
    ]
}

/// One ship's status object.
pub fn ship_json(s: &L19Ship, tables: &Tables, turn: u32) -> Value {
    let tv = tables.of(s.spec.kind);
    json!({
        "id": s.id(),
        "name": s.spec.name,
        "side": s.spec.side,
        "status": s.status(tv).as_str(),
        "type": s.spec.kind.key(),
        "fp": s.fp(tv),
        "fp_max": tv.fp,
        "critical_point": tv.critical_point,
        "broke_off": s.must_break_off(tv),
        "orders": if s.must_break_off(tv) && s.sunk_turn.is_none() { "break off from battle (rule b)" } else { "" },
        "movement": s.movement(tv),
        "movement_base": tv.movement,
        "main_guns": s.main_guns(),
        "secondary_guns": s.secondary_guns(),
        "gun_types": {
            "main": tv.main_gun.map(|g| g.0.key()),
            "secondary": tv.secondary_gun.map(|g| g.0.key()),
        },
        "traded": { "move": s.traded_move, "main": s.traded_main, "secondary": s.traded_secondary },
        "fp_tradeable": s.lost_this_phase,
        "torpedoes": s.spec.torpedoes,
        "torpedoes_fired": s.torpedoes_fired,
        "torpedoes_left": if s.spec.torpedoes { tables.torpedoes.per_battle.saturating_sub(s.torpedoes_fired) } else { 0 },
        "minor_damage": s.minor_damage,
        "minor_damage_effect": MINOR_UNDEFINED,
        "fired_this_turn": {
            "main": s.target_in(turn, super::ship::Armament::Main),
            "secondary": s.target_in(turn, super::ship::Armament::Secondary),
        },
        "sunk_turn": s.sunk_turn,
        "sunk_at": s.sunk_turn.map(|t| t.to_string()),
        "sunk_by": s.sunk_turn.and(s.sunk_by.as_deref()),
    })
}

/// A sunk ship's when and why, for the detail panel: "sunk in turn 3, torpedoes step: reduced
/// to 0 FP by torpedoes from Dingyuan (rule c)". None while she is afloat.
pub fn sunk_words(s: &L19Ship) -> Option<String> {
    let turn = s.sunk_turn?;
    let step = s.sunk_step.map_or(String::new(), |p| format!(", {p} step"));
    let why = s
        .sunk_by
        .as_deref()
        .map_or(String::new(), |w| format!(": {w}"));
    Some(format!("sunk in turn {turn}{step}{why}"))
}

/// The rules' part of `umpire status --json` (the game adds `scenario` and `clock`).
pub fn status_json(st: &L19State, tables: &Tables, turn: u32, phase: Phase) -> Value {
    let initiative = st.initiative.as_ref().filter(|x| x.turn == turn).map(|x| {
        json!({
            "throws": x.throws.iter().map(|(s, f)| json!({"side": s, "d6": f})).collect::<Vec<_>>(),
            "first": x.first,
        })
    });
    let due: Vec<Value> = schedule(st, tables, turn, phase)
        .iter()
        .map(|d| json!({"turn": d.turn.to_string(), "phase": d.phase.as_str(), "what": d.what}))
        .collect();
    json!({
        "options": { "torpedo_hits": st.options.torpedo_hits },
        "initiative": initiative,
        "chart_queue": st.chart_queue,
        "due": due,
        "ships": st.ships.iter().map(|s| ship_json(s, tables, turn)).collect::<Vec<_>>(),
    })
}
