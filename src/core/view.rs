//! Read-only projections used by every face: the status of SPEC 5, ship fields for `expect`,
//! and log lines that explain every number.
use crate::core::clock::{label, Minute, Phase};
use crate::core::event::{Casualty, Event, FireFlood};
use crate::core::fgdn::damage::{breakdown, massive};
use crate::core::fgdn::fire_flood::{casualty_damage, severity_level};
use crate::core::fgdn::kinds::{CriticalKind, SeverityLevel};
use crate::core::fgdn::tables::Tables;
use crate::core::state::{GameState, ShipState, ShipStatus};
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Status {
    pub clock: ClockView,
    pub ships: Vec<ShipView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClockView {
    pub turn: String,
    pub phase: Phase,
    pub scale: String,
    pub day: u32,
    pub next_mark: String,
    pub is_mark: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TdsView {
    pub port: u32,
    pub starboard: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CasualtyView {
    pub pct: u32,
    pub inflicted: String,
    pub first_damage: String,
    pub next_damage: Option<String>,
    pub damage_done: u32,
    pub cause: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CriticalView {
    pub kind: CriticalKind,
    pub turn: String,
    pub phase: Phase,
    pub detail: String,
    pub cause: String,
    pub roll: Option<u32>,
    pub effect_applied: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TimerView {
    pub what: String,
    pub due: String,
    pub phase: Phase,
    /// The absolute minute of `due`: the effect fires at the end of `phase` in the turn that
    /// contains it (not in the JSON, whose `due` is the HHMM label).
    #[serde(skip)]
    pub at: Minute,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ShipView {
    pub id: String,
    pub name: String,
    pub side: String,
    pub dp: u32,
    pub damage: u32,
    pub dp_left: u32,
    pub speed: u32,
    pub speed_max: u32,
    pub status: &'static str,
    pub sinks_at: Option<String>,
    pub fire_pct: u32,
    pub flood_pct: u32,
    pub severity_pct: u32,
    pub severity: SeverityLevel,
    pub dc_pct: u32,
    pub dc_level: SeverityLevel,
    pub tds: TdsView,
    pub fires: Vec<CasualtyView>,
    pub floods: Vec<CasualtyView>,
    pub criticals: Vec<CriticalView>,
    pub timers: Vec<TimerView>,
    pub size: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub in_service: u32,
    pub breakdown_level: usize,
    pub massive_damage: Option<&'static str>,
    pub turn_damage: u32,
    pub pending_hits: usize,
    pub orders: Vec<String>,
}

/// Fire and flood severity of a ship: (fire %, flood %, total %, level).
pub fn severity_of(tables: &Tables, s: &ShipState) -> (u32, u32, u32, SeverityLevel) {
    let fire = s.casualty_pct(Casualty::Fire);
    let flood = s.casualty_pct(Casualty::Flood);
    let total = fire + flood;
    let level = severity_level(
        &tables.severity_levels,
        s.spec.size,
        s.spec.service_year(),
        total as i64,
    );
    (fire, flood, total, level)
}

fn category_level(tables: &Tables, s: &ShipState, c: Casualty) -> SeverityLevel {
    severity_level(
        &tables.severity_levels,
        s.spec.size,
        s.spec.service_year(),
        s.casualty_pct(c) as i64,
    )
}

/// Maximum speed now (SPEC 3.2): breakdown level for the damage, one level lower per
/// engineering critical; 15 kt while fire or flooding is Major or worse.
pub fn speed_max(tables: &Tables, s: &ShipState) -> (u32, usize, Vec<String>) {
    let b = breakdown(s.spec.dp, s.spec.speed);
    let damage_level = if s.is_small_craft() {
        0
    } else {
        b.level(s.damage)
    };
    let engineering: u32 = s.criticals.iter().map(|c| c.speed_levels).sum();
    let level = (damage_level + engineering as usize).min(4);
    let mut speed = b.speed[level];
    let mut orders = Vec::new();
    if s.status == ShipStatus::Sunk {
        return (0, level, orders);
    }
    if category_level(tables, s, Casualty::Fire) >= SeverityLevel::Major {
        orders.push(
            "Major fire: wind 30° on the bow, 15 kt or less, no flight operations (8.2)".into(),
        );
        speed = speed.min(15);
    }
    if category_level(tables, s, Casualty::Flood) >= SeverityLevel::Major {
        orders.push("Major flooding: 15 kt or less (8.2)".into());
        speed = speed.min(15);
    }
    (speed, level, orders)
}

fn casualty_view(f: &FireFlood) -> CasualtyView {
    CasualtyView {
        pct: f.pct,
        inflicted: label(f.inflicted),
        first_damage: label(f.first_damage),
        next_damage: f.next_due.map(label),
        damage_done: f.damage_done,
        cause: f.cause.clone(),
    }
}

pub fn ship_view(state: &GameState, tables: &Tables, s: &ShipState) -> ShipView {
    let (fire, flood, total, level) = severity_of(tables, s);
    let (speed_max, breakdown_level, orders) = speed_max(tables, s);
    let mut timers = Vec::new();
    if s.is_afloat() {
        for c in [Casualty::Fire, Casualty::Flood] {
            for f in s.casualties(c) {
                if let Some(due) = f.next_due {
                    let dmg = casualty_damage(f.pct, s.spec.dp);
                    timers.push(TimerView {
                        what: format!("{} {} %: {dmg} DP", c.name(), f.pct),
                        due: label(due),
                        phase: f.due_phase,
                        at: due,
                    });
                }
            }
        }
    }
    let sinks_at = match s.status {
        ShipStatus::Sinking { due } => {
            let at = state.clock.first_turn_at_or_after(due);
            timers.push(TimerView {
                what: "sinks (disappears)".into(),
                due: label(at),
                phase: Phase::Movement,
                at,
            });
            Some(label(at))
        }
        _ => None,
    };
    timers.sort_by_key(|t| (t.at, t.phase));
    let dp_left = s.dp_left();
    ShipView {
        id: s.id().to_string(),
        name: s.spec.name.clone(),
        side: s.spec.side.clone(),
        dp: s.spec.dp,
        damage: s.damage,
        dp_left,
        speed: s.spec.speed,
        speed_max,
        status: s.status.name(),
        sinks_at,
        fire_pct: fire,
        flood_pct: flood,
        severity_pct: total,
        severity: level,
        dc_pct: total,
        dc_level: level,
        tds: TdsView {
            port: s.tds_left[0],
            starboard: s.tds_left[1],
        },
        fires: s
            .fires
            .iter()
            .filter(|f| f.next_due.is_some())
            .map(casualty_view)
            .collect(),
        floods: s
            .floods
            .iter()
            .filter(|f| f.next_due.is_some())
            .map(casualty_view)
            .collect(),
        criticals: s
            .criticals
            .iter()
            .map(|c| CriticalView {
                kind: c.kind,
                turn: label(c.turn),
                phase: c.phase,
                detail: c.detail.clone(),
                cause: c.cause.clone(),
                roll: c.roll,
                effect_applied: c.effect == crate::core::event::EffectStatus::Applied,
            })
            .collect(),
        timers,
        size: s.spec.size.to_string(),
        kind: s.spec.column.to_string(),
        in_service: s.spec.in_service,
        breakdown_level,
        massive_damage: if s.is_small_craft() {
            None
        } else {
            massive(s.spec.dp, dp_left).name()
        },
        turn_damage: s.turn_damage,
        pending_hits: s.pending.len(),
        orders,
    }
}

pub fn status(state: &GameState, tables: &Tables) -> Status {
    let c = state.clock;
    let o = state.clock_options;
    Status {
        clock: ClockView {
            turn: c.label(),
            phase: c.phase,
            scale: c.scale.name().to_string(),
            day: c.day(),
            next_mark: label(o.next_mark_after(c.turn)),
            is_mark: o.is_mark(c.turn),
        },
        ships: state
            .ships
            .iter()
            .map(|s| ship_view(state, tables, s))
            .collect(),
    }
}

/// One thing the next `next` will do to a ship.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DueItem {
    pub ship: String,
    pub name: String,
    pub what: String,
}

/// Everything ending the current phase will do, ship by ship in scenario order (SPEC 3.5): the
/// hits waiting to be resolved, then every timer that falls due at the end of this phase.
pub fn due_at_end_of_phase(state: &GameState, tables: &Tables) -> Vec<DueItem> {
    let clock = state.clock;
    let mut items = Vec::new();
    for s in &state.ships {
        let item = |what: String| DueItem {
            ship: s.id().to_string(),
            name: s.spec.name.clone(),
            what,
        };
        if !s.pending.is_empty() {
            let n = s.pending.len();
            let dp: u32 = s.pending.iter().map(|h| h.damage).sum();
            items.push(item(format!(
                "{n} hit{} to resolve: {dp} DP, then the critical roll",
                if n == 1 { "" } else { "s" }
            )));
        }
        for t in ship_view(state, tables, s).timers {
            if clock.reached(t.at) && clock.phase == t.phase {
                items.push(item(t.what));
            }
        }
    }
    items
}

/// A ship's status field by name (dots for nested keys, e.g. `tds.port`). Lists give their
/// length when compared with a number.
pub fn ship_field(
    state: &GameState,
    tables: &Tables,
    i: usize,
    field: &str,
) -> Result<Value, String> {
    let v = serde_json::to_value(ship_view(state, tables, &state.ships[i]))
        .map_err(|e| e.to_string())?;
    let mut cur = &v;
    for part in field.split('.') {
        cur = cur.get(part).ok_or_else(|| {
            let keys: Vec<String> = v
                .as_object()
                .map(|o| o.keys().cloned().collect())
                .unwrap_or_default();
            format!("unknown field \"{field}\" (fields: {})", keys.join(", "))
        })?;
    }
    Ok(cur.clone())
}

pub fn field_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "null".into(),
        Value::Array(a) => format!("{} item{}", a.len(), if a.len() == 1 { "" } else { "s" }),
        other => other.to_string(),
    }
}

pub fn field_matches(actual: &Value, expected: &str) -> bool {
    match actual {
        Value::Array(a) => expected.parse::<usize>().is_ok_and(|n| n == a.len()),
        Value::Number(n) => expected
            .parse::<f64>()
            .is_ok_and(|e| n.as_f64().is_some_and(|a| (a - e).abs() < 1e-9)),
        Value::Null => expected == "null",
        Value::Bool(b) => expected.parse::<bool>().is_ok_and(|e| e == *b),
        Value::String(s) => s.eq_ignore_ascii_case(expected),
        Value::Object(_) => false,
    }
}

/// One human line for an event, or None for events that only move the clock quietly.
pub fn describe(state: &GameState, event: &Event) -> Option<String> {
    let name = |id: &str| {
        state
            .ship(id)
            .map(|s| s.spec.name.clone())
            .unwrap_or_else(|| id.to_string())
    };
    Some(match event {
        Event::DiceQueued { faces } => format!(
            "dice queued: {}",
            faces
                .iter()
                .map(|f| f.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        ),
        Event::Rolled { roll, .. } => format!("  roll {roll}"),
        Event::HitEntered { ship, hit } => {
            format!("{}: hit pending, {}", name(ship), hit.explain)
        }
        Event::PhaseEnded { clock } => format!("-- end of {} {} --", clock.label(), clock.phase),
        Event::ClockMoved { .. } => return None,
        Event::ScaleChanged { scale } => format!("clock scale: {scale}"),
        Event::HitsResolved { ship, total, count } => format!(
            "{}: {count} hit{} resolved, {total} DP",
            name(ship),
            if *count == 1 { "" } else { "s" }
        ),
        Event::TdsAbsorbed { ship, side, amount } => format!(
            "{}: {side} torpedo protection absorbs {amount} DP (8.1.7.2)",
            name(ship)
        ),
        Event::Damage {
            ship,
            amount,
            cause,
        } => format!("{}: {amount} DP damage ({cause})", name(ship)),
        Event::NoCriticalRoll { ship, reason } => {
            format!("{}: no critical roll: {reason}", name(ship))
        }
        Event::CriticalCount { ship, explain, .. } => format!("{}: {explain}", name(ship)),
        Event::Critical { ship, critical } => {
            let mark = match critical.effect {
                crate::core::event::EffectStatus::Applied => "",
                crate::core::event::EffectStatus::NotImplemented => " [EFFECT NOT APPLIED]",
            };
            format!(
                "{}: CRITICAL {} ({}): {}{mark}",
                name(ship),
                critical.kind,
                critical.cause,
                critical.detail
            )
        }
        Event::CriticalIgnored {
            ship, kind, reason, ..
        } => {
            format!("{}: critical {kind} ignored: {reason}", name(ship))
        }
        Event::CasualtyStarted { ship, casualty } => {
            let when = if casualty.immediate {
                "damage at once".to_string()
            } else {
                format!("first damage {} resolution", label(casualty.first_damage))
            };
            format!(
                "{}: {} {} % starts, {when}",
                name(ship),
                casualty.casualty.name(),
                casualty.pct
            )
        }
        Event::CasualtyDamage {
            ship,
            casualty,
            amount,
            next_due,
            ..
        } => format!(
            "{}: {} does {amount} DP; next at {}",
            name(ship),
            casualty.name(),
            next_due.map(label).unwrap_or_else(|| "-".into())
        ),
        Event::MassiveDamage { ship, dp_left } => format!(
            "{}: damage ratio 3.0 or more: reduced to {dp_left} DP left (8.1.2)",
            name(ship)
        ),
        Event::KeelBroken { ship } => format!("{}: KEEL BROKEN", name(ship)),
        Event::SinkingStarted {
            ship,
            minutes,
            due,
            cause,
        } => format!(
            "{}: SINKING ({cause}) in {minutes} minutes: disappears in the movement phase of {}",
            name(ship),
            label(state.clock.first_turn_at_or_after(*due))
        ),
        Event::Sunk { ship } => format!("{}: SUNK", name(ship)),
        Event::Adjusted {
            ship,
            field,
            old,
            new,
            reason,
        } => format!(
            "{}: umpire sets {field} {old} -> {new} (\"{reason}\")",
            name(ship)
        ),
        Event::Note { text } => format!("note: {text}"),
    })
}
