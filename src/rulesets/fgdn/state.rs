//! The game state and `apply(&Event)`: total, no dice, no tables.
use crate::core::shared::Shared;
use crate::rulesets::fgdn::clock::{Clock, ClockOptions, Minute};
use crate::rulesets::fgdn::command::{CrewBattery, Side};
use crate::rulesets::fgdn::event::{Casualty, Critical, Event, FireFlood, PendingHit};
use crate::rulesets::fgdn::repairs::{PostBattle, RepairItem, RepairState, RepairTarget};
use crate::rulesets::fgdn::scenario::{RuleOptions, Scenario, ShipSpec};
use serde::Serialize;
use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipStatus {
    Afloat,
    /// Disappears in the Movement Phase of the first turn starting at or after `due`.
    Sinking {
        due: Minute,
    },
    Sunk,
}

impl ShipStatus {
    pub fn name(self) -> &'static str {
        match self {
            ShipStatus::Afloat => "afloat",
            ShipStatus::Sinking { .. } => "sinking",
            ShipStatus::Sunk => "sunk",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ShipState {
    pub spec: ShipSpec,
    /// Size A-D: damage points taken (0..=dp). Size E-G: all damage received (DP is not reduced).
    pub damage: u32,
    /// Damage received in the current turn (small craft sink at 2 x DP in one turn).
    pub turn_damage: u32,
    /// Underwater protection left, port and starboard (FG&DN 8.1.7.2).
    pub tds_left: [u32; 2],
    pub pending: Vec<PendingHit>,
    /// Start of the last turn in which a hit on this ship penetrated its armor.
    pub penetrated_turn: Option<Minute>,
    /// Start of the last turn in which a hit got through its casemate armor (FG&DN 8.3).
    pub casemate_penetrated_turn: Option<Minute>,
    pub criticals: Vec<Critical>,
    /// Critical counts read past the Damage Ratio Table's 1.00 line (8.1.2 note), for the
    /// detail panel: the turn, the ratio in hundredths, the count and how it was extended.
    pub counts_beyond: Vec<(Minute, u32, u32, crate::rulesets::fgdn::event::BeyondTable)>,
    pub fires: Vec<FireFlood>,
    pub floods: Vec<FireFlood>,
    pub status: ShipStatus,
    pub keel_broken: bool,
    /// The battery whose crews were sent to damage control (once per battle, FG&DN 8.2).
    pub dc_crews: Option<CrewBattery>,
    /// The ship this one is assisting with damage control, if any.
    pub assisting: Option<String>,
    pub magazines_flooded: bool,
    /// The aviation ammo/fuel stowage was flooded or gas-purged: no fueling or arming aircraft
    /// for the rest of the game (FG&DN 8.3 Ammo/Fuel).
    pub aviation_purged: bool,
    /// The umpire marked the Major-fire order as ignored (+2 to the fire reduction roll).
    pub fire_orders_ignored: bool,
    /// Consecutive marks at which the fires were Overwhelmed (conflagration chance 25 % each).
    pub conflagration_marks: u32,
    /// How the ship was lost at once (magazine explosion, capsizing), if it was.
    pub lost: Option<String>,
    /// When she sank (the turn she disappeared or was lost at once) and why (SPEC 10).
    pub sunk_at: Option<Minute>,
    pub sunk_by: Option<String>,
    /// Lasting effects of critical hits on equipment (FG&DN 8.3).
    pub equipment: crate::rulesets::fgdn::effects::Equipment,
    /// After the battle: the systems it may repair and how each stands (FG&DN 8.4).
    pub repairs: Vec<RepairItem>,
    /// Flooding pumped out after the battle with a patch that may pop (FG&DN 8.4).
    pub flooding_patch: bool,
    /// Beached or run aground (FG&DN 8.1.5): destroyed only at twice its DP.
    pub grounded: Option<crate::rulesets::fgdn::grounding::Grounding>,
    /// A submarine's depth and state (FG&DN 8.1.4, 8.3); None for a surface ship.
    pub sub: Option<crate::rulesets::fgdn::submarine::SubState>,
    /// An airship's state (FG&DN 8.8); None for a ship.
    pub airship: Option<crate::rulesets::fgdn::airship::AirshipState>,
    /// A flight of aircraft's planes (FG&DN 8.1, 8.7); None for a ship.
    pub flight: Option<crate::rulesets::fgdn::flight::FlightState>,
}

impl ShipState {
    pub fn new(spec: ShipSpec) -> ShipState {
        let tds = spec.armor.tds;
        let n_mounts = spec.mounts.len();
        let sub = spec
            .submarine
            .as_ref()
            .map(crate::rulesets::fgdn::submarine::SubState::new);
        let airship = spec
            .airship
            .as_ref()
            .map(crate::rulesets::fgdn::airship::AirshipState::new);
        let flight = spec
            .flight
            .as_ref()
            .map(crate::rulesets::fgdn::flight::FlightState::new);
        ShipState {
            spec,
            damage: 0,
            turn_damage: 0,
            tds_left: [tds, tds],
            pending: Vec::new(),
            penetrated_turn: None,
            casemate_penetrated_turn: None,
            criticals: Vec::new(),
            counts_beyond: Vec::new(),
            fires: Vec::new(),
            floods: Vec::new(),
            status: ShipStatus::Afloat,
            keel_broken: false,
            dc_crews: None,
            assisting: None,
            magazines_flooded: false,
            aviation_purged: false,
            fire_orders_ignored: false,
            conflagration_marks: 0,
            lost: None,
            sunk_at: None,
            sunk_by: None,
            equipment: crate::rulesets::fgdn::effects::Equipment::new(n_mounts),
            repairs: Vec::new(),
            flooding_patch: false,
            grounded: None,
            sub,
            airship,
            flight,
        }
    }

    pub fn id(&self) -> &str {
        &self.spec.id
    }

    pub fn is_small_craft(&self) -> bool {
        self.spec.size.is_small_craft()
    }

    /// DP left. Small craft are not reduced (FG&DN 8.1).
    pub fn dp_left(&self) -> u32 {
        if self.is_small_craft() {
            self.spec.dp
        } else {
            self.spec.dp.saturating_sub(self.damage)
        }
    }

    pub fn tds(&self, side: Side) -> u32 {
        self.tds_left[side as usize]
    }

    pub fn casualties(&self, c: Casualty) -> &Vec<FireFlood> {
        match c {
            Casualty::Fire => &self.fires,
            Casualty::Flood => &self.floods,
        }
    }

    fn casualties_mut(&mut self, c: Casualty) -> &mut Vec<FireFlood> {
        match c {
            Casualty::Fire => &mut self.fires,
            Casualty::Flood => &mut self.floods,
        }
    }

    /// Total % of the fires (or floods) still burning.
    pub fn casualty_pct(&self, c: Casualty) -> u32 {
        self.casualties(c)
            .iter()
            .filter(|f| f.next_due.is_some())
            .map(|f| f.pct)
            .sum()
    }

    pub fn is_afloat(&self) -> bool {
        self.status == ShipStatus::Afloat
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct GameState {
    pub name: String,
    pub seed: u64,
    pub clock: Clock,
    pub clock_options: ClockOptions,
    pub rules: RuleOptions,
    /// Each ship shared with the copies of the state until one changes her: deciding a
    /// command on a copy (`engine::decide`) copies only the ships it touches.
    pub ships: Vec<Shared<ShipState>>,
    /// Ship ids to indexes; fixed when the battle starts, so shared by every copy.
    index: Arc<BTreeMap<String, usize>>,
    /// Die faces queued with `dice`, taken in order by the next dice rolled.
    pub dice_queue: VecDeque<u32>,
    /// How many dice the game has rolled (fixes the next seeded face).
    pub dice_rolled: u64,
    /// The scenario's start (absolute minute) and date, if it gives one.
    pub start: Minute,
    pub date: Option<String>,
    /// Sea state (0-9): the scenario's `sea_state`, else 3; changed with `sea-state N`.
    pub sea_state: u32,
    /// Set by `end-battle` (SPEC 3.6).
    pub post_battle: Option<PostBattle>,
    /// Equipment serviceability has been rolled (FG&DN 8.5).
    pub serviceability_checked: bool,
    /// Survivors in the water from lost ships (FG&DN 8.6, optional).
    pub survivors: Vec<crate::rulesets::fgdn::rescue::Survivors>,
    /// Men each ship has picked up (FG&DN 8.6), by ship id.
    pub picked_up: Vec<(String, u32)>,
}

/// Sea state when the scenario gives none (rules-notes 8.4).
pub const DEFAULT_SEA_STATE: u32 = 3;

impl GameState {
    pub fn new(scenario: &Scenario) -> GameState {
        let mut ships: Vec<Shared<ShipState>> = scenario
            .ships
            .iter()
            .cloned()
            .map(|spec| Shared::new(ShipState::new(spec)))
            .collect();
        for s in &mut ships {
            crate::rulesets::fgdn::carried::start_from(s, scenario.start);
        }
        let index = Arc::new(
            ships
                .iter()
                .enumerate()
                .map(|(i, s)| (s.spec.id.clone(), i))
                .collect(),
        );
        GameState {
            name: scenario.name.clone(),
            seed: scenario.seed,
            clock: Clock::start(scenario.start),
            clock_options: scenario.clock,
            rules: scenario.rules,
            ships,
            index,
            dice_queue: VecDeque::new(),
            dice_rolled: 0,
            start: scenario.start,
            date: scenario.date.clone(),
            sea_state: scenario.sea_state.unwrap_or(DEFAULT_SEA_STATE),
            post_battle: None,
            serviceability_checked: false,
            survivors: Vec::new(),
            picked_up: Vec::new(),
        }
    }

    pub fn ship_index(&self, id: &str) -> Option<usize> {
        self.index.get(id).copied()
    }

    pub fn ship(&self, id: &str) -> Option<&ShipState> {
        self.ship_index(id).map(|i| &*self.ships[i])
    }

    fn ship_mut(&mut self, id: &str) -> Option<&mut ShipState> {
        self.ship_index(id).map(move |i| &mut *self.ships[i])
    }

    /// Apply one event. Total: an event naming an unknown ship changes nothing.
    pub fn apply(&mut self, event: &Event) {
        let turn = self.clock.turn;
        match event {
            // `dice clear` queues nothing: it empties the queue.
            Event::DiceQueued { faces } if faces.is_empty() => self.dice_queue.clear(),
            Event::DiceQueued { faces } => self.dice_queue.extend(faces.iter().copied()),
            Event::Rolled { roll, .. } => {
                if roll.provenance == crate::core::dice::Provenance::Queued {
                    self.dice_queue.pop_front();
                }
                self.dice_rolled += 1;
            }
            Event::HitEntered { ship, hit } => {
                if let Some(s) = self.ship_mut(ship) {
                    if hit.penetrated {
                        s.penetrated_turn = Some(turn);
                    }
                    if hit.casemate.unwrap_or(hit.penetrated) {
                        s.casemate_penetrated_turn = Some(turn);
                    }
                    s.pending.push(hit.clone());
                }
            }
            Event::PhaseEnded { .. }
            | Event::Note { .. }
            | Event::GunChance(_)
            | Event::CrewTransfer(_) => {}
            Event::Rescue(r) => crate::rulesets::fgdn::rescue::apply(self, r),
            Event::Airship(a) => crate::rulesets::fgdn::airship::apply(self, a),
            Event::Flight(f) => crate::rulesets::fgdn::flight::apply(self, f),
            Event::ClockMoved { to } => {
                if to.turn != self.clock.turn {
                    // Only a ship that took damage this turn is written (and so copied).
                    for s in self.ships.iter_mut().filter(|s| s.turn_damage != 0) {
                        s.turn_damage = 0;
                    }
                }
                self.clock = *to;
            }
            Event::ScaleChanged { scale } => self.clock.scale = *scale,
            Event::HitsResolved { ship, .. } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.pending.clear();
                }
            }
            Event::TdsAbsorbed { ship, side, amount } => {
                if let Some(s) = self.ship_mut(ship) {
                    let t = &mut s.tds_left[*side as usize];
                    *t = t.saturating_sub(*amount);
                }
            }
            Event::Damage { ship, amount, .. } => {
                if let Some(s) = self.ship_mut(ship) {
                    if s.is_small_craft() {
                        s.damage = s.damage.saturating_add(*amount);
                    } else {
                        let most = crate::rulesets::fgdn::grounding::damage_limit(s);
                        s.damage = s.damage.saturating_add(*amount).min(most);
                    }
                    s.turn_damage = s.turn_damage.saturating_add(*amount);
                }
            }
            Event::CriticalCount {
                ship,
                ratio,
                count,
                beyond,
                ..
            } => {
                let turn = self.clock.turn;
                if let (Some(b), Some(s)) = (beyond.0, self.ship_mut(ship)) {
                    s.counts_beyond.push((turn, *ratio, *count, b));
                }
            }
            Event::NoCriticalRoll { .. } | Event::CriticalIgnored { .. } => {}
            Event::Critical { ship, critical } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.criticals.push(critical.clone());
                }
            }
            Event::CasualtyStarted { ship, casualty } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.casualties_mut(casualty.casualty).push(casualty.clone());
                }
            }
            Event::CasualtyDamage {
                ship,
                casualty,
                index,
                amount,
                next_due,
                due_phase,
            } => {
                let turn = self.clock.turn;
                if let Some(s) = self.ship_mut(ship) {
                    if let Some(f) = s.casualties_mut(*casualty).get_mut(*index) {
                        // The first damage is recorded at the turn it happened in (in
                        // intermediate scale, the turn that contains its moment: SPEC 3.8).
                        if !matches!(f.next_due, Some(d) if d > f.first_damage) {
                            f.first_damage = turn;
                        }
                        f.damage_done = f.damage_done.saturating_add(*amount);
                        f.next_due = *next_due;
                        f.due_phase = *due_phase;
                    }
                }
            }
            Event::MassiveDamage { ship, dp_left } => {
                if let Some(s) = self.ship_mut(ship) {
                    if !s.is_small_craft() && *dp_left < s.dp_left() {
                        s.damage = s.spec.dp - *dp_left.min(&s.spec.dp);
                    }
                }
            }
            Event::KeelBroken { ship } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.keel_broken = true;
                }
            }
            Event::SinkingStarted {
                ship, due, cause, ..
            } => {
                if let Some(s) = self.ship_mut(ship) {
                    if s.status == ShipStatus::Afloat {
                        s.status = ShipStatus::Sinking { due: *due };
                        s.sunk_by = Some(cause.clone());
                    }
                }
            }
            Event::Sunk { ship } => {
                let turn = self.clock.turn;
                if let Some(s) = self.ship_mut(ship) {
                    s.status = ShipStatus::Sunk;
                    s.pending.clear();
                    s.sunk_at = Some(turn);
                }
            }
            Event::DamageControl {
                ship,
                casualty,
                changes,
                ..
            } => {
                if let Some(s) = self.ship_mut(ship) {
                    for ch in changes {
                        if let Some(f) = s.casualties_mut(*casualty).get_mut(ch.index) {
                            f.pct = ch.to;
                            if ch.to == 0 {
                                f.next_due = None;
                            }
                        }
                    }
                }
            }
            Event::CrewsSent { ship, battery, .. } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.dc_crews = Some(*battery);
                }
            }
            Event::AssistStarted { helper, ship } => {
                if let Some(h) = self.ship_mut(helper) {
                    h.assisting = Some(ship.clone());
                }
            }
            Event::AssistReleased { helper, .. } => {
                if let Some(h) = self.ship_mut(helper) {
                    h.assisting = None;
                }
            }
            Event::MagazinesFlooded { ship } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.magazines_flooded = true;
                }
            }
            Event::HoldFlooded {
                ship,
                hold,
                lost,
                fire,
            } => {
                if let Some(s) = self.ship_mut(ship) {
                    let n = s.equipment.cargo_lost.entry(*hold).or_insert(0);
                    *n = n.saturating_add(*lost);
                    if let Some(f) = fire.and_then(|k| s.fires.get_mut(k)) {
                        f.pct = 0;
                        f.next_due = None;
                    }
                }
            }
            Event::StowagePurged { ship, fires } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.aviation_purged = true;
                    for k in fires {
                        if let Some(f) = s.fires.get_mut(*k) {
                            f.pct = 0;
                            f.next_due = None;
                        }
                    }
                }
            }
            Event::FireOrders { ship, ignored } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.fire_orders_ignored = *ignored;
                }
            }
            Event::ConflagrationCheck { ship, marks, .. } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.conflagration_marks = *marks;
                }
            }
            Event::ConflagrationEnded { ship } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.conflagration_marks = 0;
                }
            }
            Event::CapsizeCheck { .. } => {}
            Event::Effect { ship, effect } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.equipment.apply(effect);
                }
            }
            Event::SunkAtOnce { ship, cause } => {
                let turn = self.clock.turn;
                if let Some(s) = self.ship_mut(ship) {
                    s.status = ShipStatus::Sunk;
                    s.pending.clear();
                    s.lost = Some(cause.clone());
                    s.sunk_at = Some(turn);
                    s.sunk_by = Some(cause.clone());
                }
            }
            Event::BattleEnded { at, sea_state } => {
                self.post_battle = Some(PostBattle {
                    ended: *at,
                    finished: false,
                });
                self.sea_state = *sea_state;
                for s in &mut self.ships {
                    s.equipment.bridge_out_until = None;
                    s.equipment.rudder_next_attempt = None;
                    let back = s.sub.as_mut().map(|u| u.end_battle()).unwrap_or_default();
                    for t in back {
                        if matches!(t, RepairTarget::Mount { .. } | RepairTarget::Sensor { .. }) {
                            s.equipment.repair(&t, false);
                        }
                    }
                }
            }
            Event::CasualtiesSecured { ship, .. } => {
                if let Some(s) = self.ship_mut(ship) {
                    for f in s.fires.iter_mut().chain(s.floods.iter_mut()) {
                        f.next_due = None;
                    }
                }
            }
            Event::FloodingPumped { ship, restored, .. } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.damage = s.damage.saturating_sub(*restored);
                    s.flooding_patch = true;
                }
            }
            Event::RepairsListed { ship, items } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.repairs = items.clone();
                    crate::rulesets::fgdn::carried::mark_not_at_sea(s);
                }
            }
            Event::RepairRoll {
                ship,
                index,
                hours,
                repaired,
                ..
            } => {
                if let Some(s) = self.ship_mut(ship) {
                    // Flight-deck items pair with the deck hits in order: the k-th one still
                    // open is the k-th place still damaged (8.4), not always the first.
                    let deck_k = s
                        .repairs
                        .iter()
                        .take(*index)
                        .filter(|r| {
                            r.target == RepairTarget::FlightDeck
                                && !r.breakdown
                                && !matches!(r.state, RepairState::Repaired { .. })
                        })
                        .count();
                    if let Some(item) = s.repairs.get_mut(*index) {
                        if *repaired {
                            item.state = RepairState::Repaired { hours: *hours };
                            let (t, b) = (item.target.clone(), item.breakdown);
                            if t == RepairTarget::FlightDeck && !b {
                                if deck_k < s.equipment.flight_deck.len() {
                                    s.equipment.flight_deck.remove(deck_k);
                                }
                            } else {
                                if let (RepairTarget::Plane { plane }, Some(f)) =
                                    (&t, &mut s.flight)
                                {
                                    if let Some(p) = f.planes.get_mut(*plane as usize - 1) {
                                        *p = crate::rulesets::fgdn::flight::Plane::Flying;
                                    }
                                }
                                if t == RepairTarget::Rudder {
                                    if let Some(u) = &mut s.sub {
                                        u.depth_control_lost = false;
                                    }
                                }
                                s.equipment.repair(&t, b);
                            }
                        } else if *hours >= 48 {
                            item.state = RepairState::NotAtSea;
                        }
                    }
                }
            }
            Event::PatchCheck { .. } | Event::FireRestart { .. } | Event::StaysGrounded { .. } => {}
            Event::PostBattleFinished => {
                if let Some(pb) = &mut self.post_battle {
                    pb.finished = true;
                }
            }
            Event::SeaStateSet { sea_state } => self.sea_state = *sea_state,
            Event::ServiceabilityChecked => self.serviceability_checked = true,
            Event::Breakdown {
                ship, target, what, ..
            } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.equipment.breakdown(target, what);
                }
            }
            Event::Submarine { ship, change } => {
                if let Some(s) = self.ship_mut(ship) {
                    if let Some(u) = &mut s.sub {
                        u.apply(change);
                    }
                    if let crate::rulesets::fgdn::submarine::SubChange::MinorCleared {
                        entry, ..
                    } = change
                    {
                        let targets = s
                            .sub
                            .as_ref()
                            .and_then(|u| u.clears.get(*entry))
                            .map(|c| c.targets.clone())
                            .unwrap_or_default();
                        for t in targets {
                            match t {
                                RepairTarget::Mount { .. } | RepairTarget::Sensor { .. } => {
                                    s.equipment.repair(&t, false)
                                }
                                _ => {}
                            }
                        }
                    }
                }
            }
            Event::Grounded { ship, how } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.grounded = Some(*how);
                }
            }
            Event::Refloated { ship } => {
                if let Some(s) = self.ship_mut(ship) {
                    s.grounded = None;
                }
            }
            Event::Adjusted {
                ship, field, new, ..
            } => {
                if let Some(s) = self.ship_mut(ship) {
                    let v = u32::try_from(*new).unwrap_or(0);
                    match field.as_str() {
                        "damage" => s.damage = v,
                        "tds.port" => s.tds_left[Side::Port as usize] = v,
                        "tds.starboard" => s.tds_left[Side::Starboard as usize] = v,
                        _ => {}
                    }
                }
            }
        }
    }

    /// Whether a penetrating hit struck this ship in the current turn (starred criticals).
    pub fn penetrated_this_turn(&self, ship: &ShipState) -> bool {
        ship.penetrated_turn == Some(self.clock.turn)
    }

    /// Whether a hit got through the casemate armor (two thirds of the belt) this turn: what
    /// the starred Casemate location needs (FG&DN 8.3 Casemate).
    pub fn casemate_penetrated_this_turn(&self, ship: &ShipState) -> bool {
        ship.casemate_penetrated_turn == Some(self.clock.turn)
    }
}
