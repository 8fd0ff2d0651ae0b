//! FG&DN's one schedule (SPEC 3.5): every effect the console fires by itself, with the turn and
//! phase it fires in on the clock as it is now.
//!
//! The due list (dashboard, detail panel, `status --json` `timers`) and the firing at the end of
//! a phase both read [`schedule`]: a step of the end of a phase asks [`is_due`] whether its
//! timer fires now, and nothing else in the rules computes a due moment. A timer is always
//! listed for a turn and phase the clock will visit on its current scale ([`Clock::slot`]: the
//! turn that contains the moment, or the next one when its phase has ended); changing scale
//! re-lists every timer on the new grid because the schedule is computed from the state.
use crate::rulesets::fgdn::clock::{Clock, ClockOptions, Minute, Phase, POST_BATTLE_HOURS};
use crate::rulesets::fgdn::damage_control::category_level;
use crate::rulesets::fgdn::effects::RudderState;
use crate::rulesets::fgdn::event::{Casualty, FireFlood};
use crate::rulesets::fgdn::kinds::SeverityLevel;
use crate::rulesets::fgdn::repairs::RepairState;
use crate::rulesets::fgdn::state::{GameState, ShipState, ShipStatus};
use crate::rulesets::fgdn::tables::Tables;

/// What a timer does when it fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimerKind {
    /// A fire's or flood's damage: first at T+3 (or at once), then at each mark (8.2).
    CasualtyDamage { casualty: Casualty, index: usize },
    /// The first reduction roll of a new fire (flood), Resolution Phase of T+3 (8.2).
    DcFirst(Casualty),
    /// The reduction roll at an intermediate mark, in its Plotting Phase (8.2).
    DcMark(Casualty),
    /// Fires overwhelmed: the conflagration check at a mark (8.2).
    Conflagration,
    /// Fires no longer overwhelmed at a mark: the count of overwhelmed marks ends (8.2).
    ConflagrationEnds,
    /// Flooding overwhelmed: the capsize check at a mark (8.2).
    Capsize,
    /// Burning ammunition cargo: the explosion risk at each mark after it started (8.3 Cargo);
    /// `fire` indexes the ship's cargo fires.
    CargoRisk { fire: usize },
    /// The bridge is re-manned (8.3 Bridge).
    BridgeRemanned,
    /// The next attempt to free a jammed rudder (8.3 Rudder).
    RudderUnjam,
    /// A repair roll for a listed item at a post-battle mark (8.4); `item` indexes the repairs.
    RepairRoll { item: usize, hours: u32 },
    /// The flooding patch check at each post-battle mark (8.4).
    PatchCheck { hours: u32 },
    /// A fire's restart roll at each post-battle mark (8.4); `fire` indexes the ship's fires.
    FireRestart { fire: usize, hours: u32 },
    /// A submarine's Minor Damage critical clears by itself (Critical Hit Table note); `entry`
    /// indexes her clears.
    MinorCleared { entry: usize },
    /// A submarine's switchboard fuses are replaced (8.3 Switchboard: D6/2 turns).
    SwitchboardRestored,
    /// A submarine without depth control may change depth, before the next Plotting Phase
    /// (8.3 Rudder).
    DepthControl,
    /// A broached submarine dives back to periscope depth at the end of the turn (8.3).
    BroachEnds,
    /// A deformed hull below its limit may fail, at the end of each turn (8.3).
    HullCheck,
    /// A ship picking up survivors: this turn's pick-up (8.6).
    Rescue,
    /// An airship's gondola fire: its D10 check in the Plotting Phase of each turn (8.8).
    AirshipFireCheck,
    /// An airship's gondola fire not put out: one more critical in the Resolution Phase (8.8).
    AirshipFireCritical,
    /// A sinking ship disappears (8.1.8).
    Disappears,
}

/// One entry of the schedule: what fires, and the turn and phase it fires in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timer {
    pub kind: TimerKind,
    /// The start of the turn it fires in (a turn of the current scale).
    pub turn: Minute,
    pub phase: Phase,
}

impl Timer {
    /// Whether it fires at the end of the current phase.
    pub fn is_now(&self, clock: Clock) -> bool {
        self.turn == clock.turn && self.phase == clock.phase
    }
}

/// Every timer of ship `i`, in the order the end of a phase fires them (SPEC 3.4).
pub fn schedule(state: &GameState, tables: &Tables, i: usize) -> Vec<Timer> {
    let s = &state.ships[i];
    let mut out = Vec::new();
    if let Some(pb) = state.post_battle {
        if pb.finished || !s.is_afloat() {
            return out;
        }
        post_battle(state, s, pb.hours_at(state.clock.turn), &mut out, |h| {
            pb.mark_minute(h)
        });
        return out;
    }
    let c = state.clock;
    let mut push = |kind, turn, phase| out.push(Timer { kind, turn, phase });
    if s.is_afloat() {
        for casualty in [Casualty::Fire, Casualty::Flood] {
            for (index, f) in s.casualties(casualty).iter().enumerate() {
                if let Some(due) = f.next_due {
                    push(
                        TimerKind::CasualtyDamage { casualty, index },
                        c.slot(due, f.due_phase),
                        f.due_phase,
                    );
                }
            }
        }
        for casualty in [Casualty::Fire, Casualty::Flood] {
            let burning: Vec<&FireFlood> = s
                .casualties(casualty)
                .iter()
                .filter(|f| burning(f))
                .collect();
            let o = &state.clock_options;
            // The first roll of a new casualty, in the Resolution Phase of its third turn.
            if let Some(t) = burning
                .iter()
                .map(|f| first_dc_turn(o, f))
                .filter(|t| *t >= c.turn)
                .min()
            {
                push(
                    TimerKind::DcFirst(casualty),
                    c.slot(t, Phase::Resolution),
                    Phase::Resolution,
                );
            }
            // The next mark's roll, for those past their first damage (or that will be by then)
            // whose first roll comes before the mark.
            let m = mark_slot(c, o, Phase::Plotting, None);
            if burning.iter().any(|f| {
                first_dc_turn(o, f) < m
                    && (past_first_damage(f)
                        || f.next_due.is_some_and(|d| c.slot(d, f.due_phase) < m))
            }) {
                push(TimerKind::DcMark(casualty), m, Phase::Plotting);
            }
        }
        let o = &state.clock_options;
        let m = mark_slot(c, o, Phase::Resolution, None);
        if category_level(tables, s, Casualty::Fire) == SeverityLevel::Overwhelmed {
            push(TimerKind::Conflagration, m, Phase::Resolution);
        } else if s.conflagration_marks > 0 {
            push(TimerKind::ConflagrationEnds, m, Phase::Resolution);
        }
        // A beached or grounded ship rests on the bottom: it does not capsize (rules-notes 8.1.5).
        if category_level(tables, s, Casualty::Flood) == SeverityLevel::Overwhelmed
            && s.grounded.is_none()
        {
            push(TimerKind::Capsize, m, Phase::Resolution);
        }
        for (fire, f) in s.equipment.cargo_fires.iter().enumerate() {
            if crate::rulesets::fgdn::cargo::risk_active(s, f) {
                push(
                    TimerKind::CargoRisk { fire },
                    mark_slot(c, o, Phase::Resolution, Some(f.from)),
                    Phase::Resolution,
                );
            }
        }
        if let Some(until) = s.equipment.bridge_out_until {
            push(
                TimerKind::BridgeRemanned,
                c.slot(until, Phase::Resolution),
                Phase::Resolution,
            );
        }
        if s.equipment.rudder == Some(RudderState::Jammed) {
            if let Some(at) = s.equipment.rudder_next_attempt {
                push(
                    TimerKind::RudderUnjam,
                    c.slot(at, Phase::Plotting),
                    Phase::Plotting,
                );
            }
        }
    }
    if s.is_afloat() {
        let mut subs = Vec::new();
        crate::rulesets::fgdn::submarine::schedule(c, s, &mut subs);
        crate::rulesets::fgdn::rescue::schedule(state, i, &mut subs);
        crate::rulesets::fgdn::airship::schedule(c, s, &mut subs);
        for t in subs {
            push(t.kind, t.turn, t.phase);
        }
    }
    // A sinking ship disappears in the Movement Phase of the first turn that starts at or after
    // the time it sinks (8.1.8). A holed submarine's D10 x 2 turns end the same way (8.3).
    if let ShipStatus::Sinking { due } = s.status {
        let t = c.first_turn_at_or_after(due);
        let t = if t == c.turn && !c.phase_ahead(Phase::Movement) {
            c.turn_end()
        } else {
            t
        };
        push(TimerKind::Disappears, t, Phase::Movement);
    }
    out
}

/// The post-battle rolls of a ship (8.4): each open repair at the first mark it may be rolled,
/// the patch check and the fire restarts at the current mark.
fn post_battle(
    state: &GameState,
    s: &ShipState,
    now: u32,
    out: &mut Vec<Timer>,
    mark_minute: impl Fn(u32) -> Minute,
) {
    let turn = state.clock.turn;
    for (item, r) in s.repairs.iter().enumerate() {
        if r.state != RepairState::Open {
            continue;
        }
        if let Some(hours) = POST_BATTLE_HOURS
            .iter()
            .copied()
            .find(|h| *h >= now.max(r.from_hours))
        {
            out.push(Timer {
                kind: TimerKind::RepairRoll { item, hours },
                turn: mark_minute(hours),
                phase: Phase::Resolution,
            });
        }
    }
    if s.flooding_patch {
        out.push(Timer {
            kind: TimerKind::PatchCheck { hours: now },
            turn,
            phase: Phase::Resolution,
        });
    }
    for (fire, f) in s.fires.iter().enumerate() {
        // Aircraft fires cannot restart (8.4 Fire).
        if !f.aircraft {
            out.push(Timer {
                kind: TimerKind::FireRestart { fire, hours: now },
                turn,
                phase: Phase::Resolution,
            });
        }
    }
}

/// Whether `kind` fires for ship `i` at the end of the current phase.
pub fn is_due(state: &GameState, tables: &Tables, i: usize, kind: TimerKind) -> bool {
    schedule(state, tables, i)
        .iter()
        .any(|t| t.kind == kind && t.is_now(state.clock))
}

/// The timers of ship `i` that fire at the end of the current phase, in firing order.
pub fn due_now(state: &GameState, tables: &Tables, i: usize) -> Vec<TimerKind> {
    schedule(state, tables, i)
        .into_iter()
        .filter(|t| t.is_now(state.clock))
        .map(|t| t.kind)
        .collect()
}

/// Whether an intermediate mark falls in the turn of `c` (its start, or inside an intermediate
/// turn).
pub fn mark_in_turn(o: &ClockOptions, c: Clock) -> bool {
    o.is_mark(c.turn) || o.next_mark_after(c.turn) < c.turn_end()
}

/// The first turn from now that contains an intermediate mark and in which `phase` is still to
/// end; with `after`, the first such turn that starts after it (8.2 "each Intermediate Turn").
pub fn mark_slot(c: Clock, o: &ClockOptions, phase: Phase, after: Option<Minute>) -> Minute {
    let mut t = if c.phase_ahead(phase) {
        c.turn
    } else {
        c.turn_end()
    };
    if let Some(after) = after {
        if t <= after {
            t = c.turn_containing(after) + c.scale.turn_minutes();
        }
    }
    let at = Clock { turn: t, ..c };
    if mark_in_turn(o, at) {
        t
    } else {
        at.turn_containing(o.next_mark_after(at.turn_end() - 1))
    }
}

/// The minute a casualty that does damage now does its next damage: the next mark after this
/// turn (8.2).
pub fn next_casualty_damage(state: &GameState) -> Minute {
    state
        .clock_options
        .next_mark_after(state.clock.turn_end() - 1)
}

/// The turn of a casualty's first damage-control roll: the third turn after it was inflicted
/// (or the scenario's delay), in its Resolution Phase.
pub fn first_dc_turn(o: &ClockOptions, f: &FireFlood) -> Minute {
    o.first_damage_turn(f.inflicted)
}

/// Still burning (flooding): it has damage to come.
pub fn burning(f: &FireFlood) -> bool {
    f.next_due.is_some() && f.pct > 0
}

/// Past its first damage: it has done damage, so its next damage is later than the first.
pub fn past_first_damage(f: &FireFlood) -> bool {
    matches!(f.next_due, Some(d) if d > f.first_damage)
}

/// What a timer will do, in the due list's words (SPEC 3.5).
pub fn describe(state: &GameState, tables: &Tables, i: usize, kind: TimerKind) -> String {
    use crate::rulesets::fgdn::clock::label;
    use crate::rulesets::fgdn::damage_control::{
        column_level, effective, roll_modifiers, CAPSIZE_PCT, CONFLAGRATION_STEP_PCT,
    };
    use crate::rulesets::fgdn::repairs::{patch_chance, repair_chance, restart_pct};
    let s = &state.ships[i];
    match kind {
        TimerKind::CasualtyDamage { casualty, index } => {
            let f = &s.casualties(casualty)[index];
            let dmg = crate::rulesets::fgdn::fire_flood::casualty_damage(f.pct, s.spec.dp);
            format!("{} {} %: {dmg} DP damage", casualty.name(), f.pct)
        }
        TimerKind::DcFirst(cat) | TimerKind::DcMark(cat) => {
            let eff = effective(state, tables, i);
            let level = column_level(eff.level);
            let mods: String = roll_modifiers(state, tables, s, cat)
                .iter()
                .map(|(m, w)| format!(", {m:+} {w}"))
                .collect();
            format!(
                "{} DC roll D10 (effective {} %, {level} column{mods})",
                cat.name(),
                eff.pct
            )
        }
        TimerKind::Conflagration => {
            let marks = s.conflagration_marks + 1;
            if s.magazines_flooded {
                format!(
                    "conflagration check: fires overwhelmed, mark {marks}; the magazines are flooded, no explosion"
                )
            } else {
                format!(
                    "conflagration check D100: magazine explosion on 1-{} (fires overwhelmed, mark {marks}; `magazines {}` in a plotting phase prevents it)",
                    (CONFLAGRATION_STEP_PCT * marks).min(100),
                    s.id()
                )
            }
        }
        TimerKind::ConflagrationEnds => {
            "fires no longer overwhelmed: the count of overwhelmed marks ends".to_string()
        }
        TimerKind::Capsize => {
            format!("capsize check D100: capsizes on 1-{CAPSIZE_PCT} (flooding overwhelmed)")
        }
        TimerKind::CargoRisk { fire } => {
            let f = &s.equipment.cargo_fires[fire];
            format!(
                "cargo explosion risk D100: burning ammunition in {} explodes on 1-{} (from {})",
                crate::rulesets::fgdn::cargo::hold_text(s, f.hold),
                f.risk_pct,
                label(f.from)
            )
        }
        TimerKind::BridgeRemanned => {
            "bridge re-manned (then course and speed changes take two turns)".to_string()
        }
        TimerKind::RudderUnjam => {
            let k = s.equipment.rudder_attempts as usize;
            let on = crate::rulesets::fgdn::effects::UNJAM_ON[k.min(2)];
            format!(
                "rudder unjam attempt {} of 3: D10 frees on 1-{on} ({} %)",
                k + 1,
                on * 10
            )
        }
        TimerKind::RepairRoll { item, hours } => {
            let item = &s.repairs[item];
            let (chance, explain) = repair_chance(tables, state, s, item, hours);
            format!(
                "repair roll {hours} h: {}: D100 <= {chance} ({explain}){}",
                item.what,
                if hours == 48 {
                    "; failure: not repairable at sea"
                } else {
                    ""
                }
            )
        }
        TimerKind::PatchCheck { hours } => {
            if let Some((pops, why)) = crate::rulesets::fgdn::submarine::patch_rule(s) {
                return format!(
                    "flooding patch check {hours} h: {} ({why})",
                    if pops { "pops" } else { "holds" }
                );
            }
            let speed = crate::rulesets::fgdn::speed::speed_max(tables, s).0;
            let (chance, explain) = patch_chance(state.sea_state, speed);
            format!("flooding patch check {hours} h: pops on D100 <= {chance} ({explain})")
        }
        TimerKind::FireRestart { fire, hours } => format!(
            "fire restart {hours} h: fire of {}: D100 <= {} %, then D6-2 %",
            label(s.fires[fire].inflicted),
            restart_pct(hours)
        ),
        TimerKind::MinorCleared { .. }
        | TimerKind::SwitchboardRestored
        | TimerKind::DepthControl
        | TimerKind::BroachEnds
        | TimerKind::HullCheck => crate::rulesets::fgdn::submarine::describe(s, kind),
        TimerKind::Rescue => format!(
            "survivors picked up: (D6{})/2 groups of 10 (8.6)",
            match state.sea_state.saturating_sub(2) {
                0 => String::new(),
                n => format!(" - {n}"),
            }
        ),
        TimerKind::AirshipFireCheck | TimerKind::AirshipFireCritical => {
            crate::rulesets::fgdn::airship::describe(s, kind)
        }
        TimerKind::Disappears => "sinks (disappears)".to_string(),
    }
}
