//! The FG&DN status (SPEC 5): each ship's projection (fleet row, detail panel, `status --json`,
//! `expect`, the report), the clock view, and the due panel split from the one schedule. Pure.
use crate::rulesets::fgdn::clock::{label, Clock, Minute, Phase};
use crate::rulesets::fgdn::damage::massive;
use crate::rulesets::fgdn::damage_control::{self, category_level};
use crate::rulesets::fgdn::effects::{self, RudderState};
use crate::rulesets::fgdn::event::{Casualty, FireFlood};
use crate::rulesets::fgdn::fire_flood::severity_level;
use crate::rulesets::fgdn::kinds::{CriticalKind, SeverityLevel};
use crate::rulesets::fgdn::speed::speed_max;
use crate::rulesets::fgdn::state::{GameState, ShipState, ShipStatus};
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::timers;
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RepairView {
    pub what: String,
    /// "open", "repaired" or "not_repairable_at_sea".
    pub state: &'static str,
    /// Hours after the battle it was repaired.
    pub repaired_at: Option<u32>,
    /// An 8.5 breakdown (Breakdown Repair Table).
    pub breakdown: bool,
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
    /// The day of `due` (1 = the battle's first day): a timer after midnight reads `0000`.
    pub day: u32,
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
    /// Critical counts read past the Damage Ratio Table's 1.00 line, each saying how (8.1.2
    /// note; SPEC 10). Screen only: not in the JSON.
    #[serde(skip)]
    pub counts_beyond: Vec<String>,
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
    /// Severity level of the fires alone and of the flooding alone (SPEC 3.4).
    pub fire_level: SeverityLevel,
    pub flood_level: SeverityLevel,
    /// Damage control (FG&DN 8.2): the battery whose crews were sent, and their bonus.
    pub dc_crews: Option<String>,
    pub dc_crew_bonus: u32,
    /// Ships assisting this one, and what each lends now (0 with a reason when it cannot).
    pub assisted_by: Vec<HelperView>,
    /// The ship this one is assisting.
    pub assisting: Option<String>,
    pub magazines_flooded: bool,
    pub fire_orders_ignored: bool,
    /// Consecutive marks with the fires overwhelmed (conflagration chance 25 % each).
    pub conflagration_marks: u32,
    /// How the ship was lost at once (magazine explosion, capsizing).
    pub lost: Option<String>,
    /// A sunk ship: the turn she went down (HHMM) and what sank her (SPEC 10).
    pub sunk_at: Option<String>,
    pub sunk_by: Option<String>,
    /// Mounts from the scenario with their state (FG&DN 8.3).
    pub mounts: Vec<MountView>,
    /// Batteries in local control, directors lost, other fire-control damage.
    pub fire_control: Vec<String>,
    pub sensors_out: Vec<String>,
    pub comms_out: Vec<String>,
    /// "out until HHMM" while the bridge is being re-manned, then "two-turn course changes".
    pub bridge: Option<String>,
    /// null, "jammed", "disabled", "freed" or "stuck".
    pub rudder: Option<RudderState>,
    pub crew_factors_lost: u32,
    pub flotation_hits: u32,
    /// Maximum speed 0 (engineering, damage) while afloat.
    pub dead_in_water: bool,
    /// After the battle: each repairable system and how it stands (FG&DN 8.4, 8.5).
    pub repairs: Vec<RepairView>,
    /// Flooding pumped out with a patch that may pop at each mark (FG&DN 8.4).
    pub flooding_patch: bool,
    /// Items out since the serviceability roll (FG&DN 8.5).
    pub breakdowns: Vec<String>,
    /// What the ship started this battle with from an earlier one (`umpire carry`); null if
    /// nothing.
    pub carried: Option<crate::rulesets::fgdn::carried::CarriedView>,
    /// null, "beached" or "aground" (FG&DN 8.1.5).
    pub grounded: Option<&'static str>,
    /// While grounded: the damage that destroys it (twice what sinks it) and whether it can
    /// still be refloated (not past its DP) (8.1.5).
    pub destroyed_at: Option<u32>,
    pub can_refloat: Option<bool>,
    /// A jammed rudder's D6 direction if the ship was steering evasively (8.3 Rudder).
    pub rudder_jam_if_evasive: Option<&'static str>,
    /// Holds and tanks with what is left (FG&DN 8.3 Cargo).
    pub cargo: Vec<CargoView>,
    /// Aircraft aboard now and destroyed (8.3 Aircraft); null when the scenario gives none.
    pub aircraft: Option<AircraftView>,
    /// Flight-deck criticals not yet repaired (8.3 Flight Deck).
    pub flight_deck: Vec<&'static str>,
    /// "no flight operations until the end of HHMM" after a carrier's bridge hit (8.3 Bridge),
    /// and "cannot launch or land aircraft" at 25 % of DP or less (8.1.10), joined by "; ".
    pub flight_ops: Option<String>,
    /// The aviation ammo/fuel stowage was flooded or gas-purged (`purge`): no fueling or arming
    /// aircraft for the rest of the game (8.3 Ammo/Fuel).
    pub aviation_purged: bool,
    /// A submarine's depth and state (FG&DN 8.1.4, 8.3); absent for a surface ship.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub submarine: Option<crate::rulesets::fgdn::submarine::SubView>,
    /// An airship's gas cells, engines, controls, fuel, fire and criticals (FG&DN 8.8);
    /// absent for a ship.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub airship: Option<crate::rulesets::fgdn::airship::AirshipView>,
    /// A flight's aircraft in play and their damage (FG&DN 8.1, 8.7); absent for a ship.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flight: Option<crate::rulesets::fgdn::flight::FlightView>,
    /// An aviation ship: the flights whose `carrier` she is, by id (8.5); absent when none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub flights: Vec<String>,
    /// The carrier-flight link in words, both ways (detail panel and `status`). Screen only.
    #[serde(skip)]
    pub air_link: Vec<String>,
}

/// What a unit without damage points has left, for the fleet table's DP column: a flight its
/// aircraft in play of those it started with (8.1, 8.7), an airship the gas left (the share of
/// her cells not ruptured, 8.8). None for a ship (her DP are shown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Strength {
    /// "3/4 aircraft", "gas 85%".
    pub text: String,
    /// Left and out of, for the bar and its colour.
    pub left: u32,
    pub of: u32,
}

impl ShipView {
    pub fn strength(&self) -> Option<Strength> {
        if let Some(f) = &self.flight {
            return Some(Strength {
                text: format!("{}/{} aircraft", f.in_play, f.aircraft),
                left: f.in_play,
                of: f.aircraft,
            });
        }
        let a = self.airship.as_ref()?;
        let left = 100u32.saturating_sub(a.cells_lost_pct);
        Some(Strength {
            text: format!("gas {left}%"),
            left,
            of: 100,
        })
    }
}

/// Detail-panel lines for 8.1.5 and the 8.3 rudder direction, cargo, aircraft, flight deck.
pub fn grounding_cargo_air_lines(s: &ShipView) -> Vec<String> {
    let mut v = Vec::new();
    if let Some(g) = s.grounded {
        v.push(format!(
            "{}: destroyed at {} DP taken; {} (8.1.5)",
            g.to_uppercase(),
            s.destroyed_at.unwrap_or(0),
            if s.can_refloat == Some(true) {
                "can be refloated"
            } else {
                "cannot be refloated"
            }
        ));
    }
    if let Some(d) = s.rudder_jam_if_evasive {
        v.push(format!("Rudder jam if she was steering evasively: {d}"));
    }
    if let Some(a) = &s.aircraft {
        v.push(format!(
            "Aircraft: hangar {}, forward {}, aft {}; {} lost",
            a.hangar, a.forward, a.aft, a.lost
        ));
    }
    if !s.flight_deck.is_empty() {
        v.push(format!("Flight deck hit: {}", s.flight_deck.join("; ")));
    }
    if let Some(f) = &s.flight_ops {
        v.push(format!("Flight ops: {f}"));
    }
    v.extend(s.air_link.iter().cloned());
    if s.aviation_purged {
        v.push("Aviation ammo/fuel stowage purged: no fueling or arming aircraft (8.3)".into());
    }
    let hit: Vec<String> = s
        .cargo
        .iter()
        .filter(|h| h.left < h.amount || h.explosion_risk_pct.is_some())
        .map(|h| {
            format!(
                "{} {}/{} {}{}",
                h.hold,
                h.left,
                h.amount,
                h.unit,
                h.explosion_risk_pct
                    .map(|p| format!(" BURNING ({p} % explosion risk)"))
                    .unwrap_or_default()
            )
        })
        .collect();
    if !hit.is_empty() {
        v.push(format!("Cargo: {}", hit.join(", ")));
    }
    v
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CargoView {
    pub hold: String,
    pub contents: &'static str,
    pub unit: &'static str,
    pub amount: u32,
    pub left: u32,
    /// An ammunition fire with its explosion chance at each mark, while it burns.
    pub explosion_risk_pct: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AircraftView {
    pub hangar: u32,
    pub forward: u32,
    pub aft: u32,
    pub lost: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MountView {
    pub name: String,
    pub battery: String,
    pub caliber: Option<f64>,
    pub side: Option<String>,
    /// "ok", "out", "local control", "crews at damage control", "no ammunition (magazines
    /// flooded)", "out (massive damage)".
    pub status: String,
    /// AA and light batteries: thirds of strength lost.
    pub thirds_lost: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HelperView {
    pub id: String,
    pub bonus: u32,
    pub problem: Option<String>,
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

pub fn phase_order(p: Phase) -> usize {
    Phase::ALL.iter().position(|x| *x == p).unwrap_or(0)
}

/// A fire or flood; its damage to come is named by the turn it will happen in on the current
/// clock (SPEC 3.8: in intermediate scale, the intermediate turn that contains the moment).
fn casualty_view(clock: Clock, f: &FireFlood) -> CasualtyView {
    let first = if timers::past_first_damage(f) || f.next_due.is_none() {
        f.first_damage
    } else {
        clock.slot(f.first_damage, f.due_phase)
    };
    CasualtyView {
        pct: f.pct,
        inflicted: label(f.inflicted),
        first_damage: label(first),
        next_damage: f.next_due.map(|d| label(clock.slot(d, f.due_phase))),
        damage_done: f.damage_done,
        cause: f.cause.clone(),
    }
}

/// Every effect the console will fire by itself for ship `idx`, soonest first (SPEC 3.5): the
/// FG&DN schedule, the same one the end of a phase fires from.
pub fn timer_views(state: &GameState, tables: &Tables, idx: usize) -> Vec<TimerView> {
    let mut raw = timers::schedule(state, tables, idx);
    raw.sort_by_key(|t| (t.turn, phase_order(t.phase)));
    raw.into_iter()
        .map(|t| TimerView {
            what: timers::describe(state, tables, idx, t.kind),
            due: label(t.turn),
            day: crate::rulesets::fgdn::clock::day(t.turn),
            phase: t.phase,
            at: t.turn,
        })
        .collect()
}

pub fn ship_view(state: &GameState, tables: &Tables, s: &ShipState) -> ShipView {
    let (fire, flood, total, level) = severity_of(tables, s);
    let idx = state.ship_index(s.id()).unwrap_or(0);
    let eff = damage_control::effective(state, tables, idx);
    let (speed_max, breakdown_level, orders) = speed_max(tables, s);
    let timers = timer_views(state, tables, idx);
    let sinks_at = match s.status {
        ShipStatus::Sinking { due } => Some(label(state.clock.first_turn_at_or_after(due))),
        _ => None,
    };
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
        dc_pct: eff.pct.max(0) as u32,
        dc_level: eff.level,
        tds: TdsView {
            port: s.tds_left[0],
            starboard: s.tds_left[1],
        },
        fires: s
            .fires
            .iter()
            .filter(|f| f.next_due.is_some())
            .map(|f| casualty_view(state.clock, f))
            .collect(),
        floods: s
            .floods
            .iter()
            .filter(|f| f.next_due.is_some())
            .map(|f| casualty_view(state.clock, f))
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
                effect_applied: c.effect == crate::rulesets::fgdn::event::EffectStatus::Applied,
            })
            .collect(),
        counts_beyond: s
            .counts_beyond
            .iter()
            .map(|(turn, ratio, count, b)| {
                format!(
                    "{} count {count} at ratio {}.{:02}: {}",
                    label(*turn),
                    ratio / 100,
                    ratio % 100,
                    b.text()
                )
            })
            .collect(),
        timers,
        size: s.spec.size.to_string(),
        kind: s.spec.type_name(),
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
        fire_level: category_level(tables, s, Casualty::Fire),
        flood_level: category_level(tables, s, Casualty::Flood),
        dc_crews: s.dc_crews.map(|b| b.to_string()),
        dc_crew_bonus: eff.crew,
        assisted_by: eff
            .helpers
            .iter()
            .map(|h| HelperView {
                id: h.id.clone(),
                bonus: if h.problem.is_none() { h.bonus } else { 0 },
                problem: h.problem.clone(),
            })
            .collect(),
        assisting: s.assisting.clone(),
        magazines_flooded: s.magazines_flooded,
        fire_orders_ignored: s.fire_orders_ignored,
        conflagration_marks: s.conflagration_marks,
        lost: s.lost.clone(),
        sunk_at: (s.status == ShipStatus::Sunk)
            .then_some(s.sunk_at)
            .flatten()
            .map(label),
        sunk_by: (s.status == ShipStatus::Sunk)
            .then(|| s.sunk_by.clone())
            .flatten(),
        mounts: s
            .spec
            .mounts
            .iter()
            .enumerate()
            .map(|(k, m)| MountView {
                name: m.name.clone(),
                battery: m.battery.to_string(),
                caliber: m.caliber,
                side: m.side.clone(),
                status: effects::mount_status(s, k).to_string(),
                thirds_lost: s.equipment.thirds_lost[k],
            })
            .collect(),
        fire_control: {
            let e = &s.equipment;
            let mut v: Vec<String> = e
                .directors_lost
                .iter()
                .map(|(b, n)| format!("{b}: {n} director(s) lost"))
                .collect();
            v.extend(
                e.local_control
                    .iter()
                    .map(|b| format!("{b}: local control")),
            );
            v.extend(e.fire_control_notes.iter().cloned());
            v
        },
        sensors_out: s.equipment.sensors_out.clone(),
        comms_out: s.equipment.comms_out.clone(),
        bridge: match (s.equipment.bridge_out_until, s.equipment.bridge_hit) {
            (Some(u), _) => Some(format!("out until the end of {} resolution", label(u))),
            // 8.4 Bridge: degraded operations; on a carrier the aircraft launch and landing
            // rate is halved as well.
            (None, true) if crate::rulesets::fgdn::aviation::is_carrier(s) => Some(
                "two-turn course and speed changes; aircraft launch and landing rate halved (8.4)"
                    .into(),
            ),
            (None, true) => Some("two-turn course and speed changes".into()),
            _ => None,
        },
        rudder: s.equipment.rudder,
        crew_factors_lost: s.equipment.crew_lost,
        flotation_hits: s.equipment.flotation_hits,
        dead_in_water: s.is_afloat() && speed_max == 0,
        repairs: s
            .repairs
            .iter()
            .map(|r| {
                use crate::rulesets::fgdn::repairs::RepairState;
                let (st, at) = match r.state {
                    RepairState::Open => ("open", None),
                    RepairState::Repaired { hours } => ("repaired", Some(hours)),
                    RepairState::NotAtSea => ("not_repairable_at_sea", None),
                };
                RepairView {
                    what: r.what.clone(),
                    state: st,
                    repaired_at: at,
                    breakdown: r.breakdown,
                }
            })
            .collect(),
        flooding_patch: s.flooding_patch,
        breakdowns: s
            .equipment
            .breakdowns
            .iter()
            .map(|(_, w)| w.clone())
            .collect(),
        carried: crate::rulesets::fgdn::carried::carried_view(s),
        grounded: s.grounded.map(|g| g.name()),
        destroyed_at: s
            .grounded
            .map(|_| crate::rulesets::fgdn::grounding::destroyed_at(s)),
        can_refloat: s
            .grounded
            .map(|_| crate::rulesets::fgdn::grounding::can_refloat(s)),
        rudder_jam_if_evasive: match s.equipment.rudder {
            Some(RudderState::Jammed | RudderState::Stuck) => {
                s.equipment.rudder_jam.map(|d| d.name())
            }
            _ => None,
        },
        cargo: crate::rulesets::fgdn::cargo::views(s),
        aircraft: crate::rulesets::fgdn::aviation::aircraft_view(s),
        flight_deck: s.equipment.flight_deck.iter().map(|p| p.text()).collect(),
        flight_ops: crate::rulesets::fgdn::aviation::flight_ops_text(state, s),
        aviation_purged: s.aviation_purged,
        submarine: crate::rulesets::fgdn::submarine::view(s),
        airship: crate::rulesets::fgdn::airship::view(s),
        flight: crate::rulesets::fgdn::flight::view(s),
        flights: crate::rulesets::fgdn::flight::flights_of(state, s)
            .map(|f| f.id().to_string())
            .collect(),
        air_link: crate::rulesets::fgdn::flight::link_lines(state, s),
    }
}

// ---- the whole status (SPEC 5) and the due panel

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Status {
    /// What battle this is (SPEC 10: first in the status).
    pub scenario: ScenarioView,
    pub clock: ClockView,
    pub ships: Vec<ShipView>,
    /// Survivors of lost ships (FG&DN 8.6, optional); absent when there are none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub survivors: Vec<crate::rulesets::fgdn::rescue::SurvivorView>,
}

/// The battle's name, rule system, date and start.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScenarioView {
    pub name: String,
    pub ruleset: &'static str,
    pub date: Option<String>,
    pub start: String,
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
                crate::rulesets::fgdn::repairs::next_hours(pb.hours_at(c.turn))
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
                ended_day: crate::rulesets::fgdn::clock::day(pb.ended),
                hours,
                next_hours: crate::rulesets::fgdn::repairs::next_hours(hours),
                finished: pb.finished,
            }
        }),
    }
}

pub fn status(state: &GameState, tables: &Tables) -> Status {
    Status {
        scenario: ScenarioView {
            name: state.name.clone(),
            ruleset: <crate::rulesets::fgdn::Fgdn as crate::core::ruleset::Rules>::ID,
            date: state.date.clone(),
            start: label(state.start),
        },
        clock: clock_view(state),
        ships: state
            .ships
            .iter()
            .map(|s| ship_view(state, tables, s))
            .collect(),
        survivors: crate::rulesets::fgdn::rescue::views(state),
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
        for t in crate::rulesets::fgdn::status::timer_views(state, tables, idx) {
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
