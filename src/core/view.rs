//! Read-only projections used by every face: the status of SPEC 5, ship fields for `expect`,
//! and log lines that explain every number.
use crate::core::clock::{label, Phase};
use crate::core::fgdn::status::{phase_order, ship_view, ShipView, TimerView};
use crate::core::fgdn::tables::Tables;
use crate::core::state::GameState;
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
    /// Sea state (0-9) (FG&DN 8.4 patch checks; `sea-state N`).
    pub sea_state: u32,
    /// After `end-battle` (scale "post_battle"): when the battle ended and which mark the
    /// clock stands on; `turn` is then the time of day of that mark and `next_mark` the next.
    pub post_battle: Option<PostBattleView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PostBattleView {
    /// HHMM and day the battle ended.
    pub ended: String,
    pub ended_day: u32,
    /// Hours since the end of the battle at the current mark (6, 12, 24, 48).
    pub hours: u32,
    /// The next mark's hours, null at 48 h.
    pub next_hours: Option<u32>,
    /// The 48-hour rolls are done.
    pub finished: bool,
}

/// The clock of the status (SPEC 5), alone: cheap, for every frame.
pub fn clock_view(state: &GameState) -> ClockView {
    let c = state.clock;
    let o = state.clock_options;
    ClockView {
        turn: c.label(),
        phase: c.phase,
        scale: c.scale.name().to_string(),
        day: c.day(),
        next_mark: match state.post_battle {
            Some(pb) => label(
                crate::core::fgdn::repairs::next_hours(pb.hours_at(c.turn))
                    .map(|h| pb.mark_minute(h))
                    .unwrap_or(c.turn),
            ),
            None => label(o.next_mark_after(c.turn)),
        },
        is_mark: state.post_battle.is_some() || o.is_mark(c.turn),
        sea_state: state.sea_state,
        post_battle: state.post_battle.map(|pb| {
            let hours = pb.hours_at(c.turn);
            PostBattleView {
                ended: label(pb.ended),
                ended_day: crate::core::clock::day(pb.ended),
                hours,
                next_hours: crate::core::fgdn::repairs::next_hours(hours),
                finished: pb.finished,
            }
        }),
    }
}

pub fn status(state: &GameState, tables: &Tables) -> Status {
    Status {
        clock: clock_view(state),
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

/// A timer that falls due after the current phase, with its ship's name.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Upcoming {
    pub name: String,
    pub timer: TimerView,
}

/// What the console will do by itself (SPEC 3.5): `now` at the end of the current phase, ship
/// by ship in scenario order (pending hits, then the timers due); `later`, soonest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Schedule {
    pub now: Vec<DueItem>,
    pub later: Vec<Upcoming>,
}

/// Every ship's timers, split into what ending this phase fires and what comes later.
pub fn schedule(state: &GameState, tables: &Tables) -> Schedule {
    let clock = state.clock;
    let mut out = Schedule::default();
    for (idx, s) in state.ships.iter().enumerate() {
        let item = |what: String| DueItem {
            ship: s.id().to_string(),
            name: s.spec.name.clone(),
            what,
        };
        if !s.pending.is_empty() {
            let n = s.pending.len();
            let dp: u32 = s.pending.iter().map(|h| h.damage).sum();
            out.now.push(item(format!(
                "{n} hit{} to resolve: {dp} DP, then the critical roll",
                if n == 1 { "" } else { "s" }
            )));
        }
        for t in crate::core::fgdn::status::timer_views(state, tables, idx) {
            if t.at == clock.turn && t.phase == clock.phase {
                out.now.push(item(t.what));
            } else {
                out.later.push(Upcoming {
                    name: s.spec.name.clone(),
                    timer: t,
                });
            }
        }
    }
    out.later.sort_by(|a, b| {
        (
            a.timer.at,
            phase_order(a.timer.phase),
            &a.name,
            &a.timer.what,
        )
            .cmp(&(
                b.timer.at,
                phase_order(b.timer.phase),
                &b.name,
                &b.timer.what,
            ))
    });
    out
}

/// Everything ending the current phase will do (the `now` of [`schedule`]).
pub fn due_at_end_of_phase(state: &GameState, tables: &Tables) -> Vec<DueItem> {
    schedule(state, tables).now
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
