//! Lasting effects of critical hits on a ship's equipment (FG&DN 8.3): mounts by battery, fire
//! control, sensors, communications, bridge, rudder, crew factors, flotation; and their timers
//! (bridge re-manning, rudder unjam attempts).
use crate::core::dice::Die;
use crate::rulesets::fgdn::clock::{label, Minute, Phase, TACTICAL_MINUTES};
use crate::rulesets::fgdn::command::CrewBattery;
use crate::rulesets::fgdn::engine::{Ctx, RuleError};
use crate::rulesets::fgdn::event::{Casualty, Critical, EffectStatus, Event};
use crate::rulesets::fgdn::kinds::{Column, CriticalKind, SizeClass};
use crate::rulesets::fgdn::nation::Navy;
use crate::rulesets::fgdn::repairs::RepairTarget;
use crate::rulesets::fgdn::resolve::{casualty_critical, CritContext};
use crate::rulesets::fgdn::scenario::Battery;
use crate::rulesets::fgdn::state::ShipState;
use crate::rulesets::fgdn::tables::{DieTable, SeverityDiceRow, Tables, YearMonth};
use crate::rulesets::fgdn::timers::{self, TimerKind};
use serde::{Deserialize, Serialize};

/// Rudder condition after a rudder critical (FG&DN 8.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RudderState {
    Jammed,
    /// Steering engine hit: 1/3 of undamaged speed, 15° turns.
    Disabled,
    Freed,
    /// Three unjam attempts failed: jammed for the rest of the battle.
    Stuck,
}

/// Which way a jammed rudder is stuck when the ship was steering evasively (FG&DN 8.3 Rudder:
/// D6 1-2 port, 3-4 straight, 5-6 starboard).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum JamDirection {
    Port,
    Straight,
    Starboard,
}

impl JamDirection {
    pub fn from_d6(d6: u32) -> JamDirection {
        match d6 {
            1 | 2 => JamDirection::Port,
            3 | 4 => JamDirection::Straight,
            _ => JamDirection::Starboard,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            JamDirection::Port => "port",
            JamDirection::Straight => "straight",
            JamDirection::Starboard => "starboard",
        }
    }
}

/// Where aircraft aboard are (FG&DN 8.3 Aircraft, Flight Deck).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AircraftPlace {
    Hangar,
    Forward,
    Aft,
}

impl AircraftPlace {
    pub fn name(self) -> &'static str {
        match self {
            AircraftPlace::Hangar => "hangar",
            AircraftPlace::Forward => "flight deck forward",
            AircraftPlace::Aft => "flight deck aft",
        }
    }
}

/// Where a flight-deck critical struck (FG&DN 8.3 Flight Deck: D6 1-2, 3-4, 5-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckPlace {
    Forward,
    Amidships,
    Aft,
}

impl DeckPlace {
    pub fn from_d6(d6: u32) -> DeckPlace {
        match d6 {
            1 | 2 => DeckPlace::Forward,
            3 | 4 => DeckPlace::Amidships,
            _ => DeckPlace::Aft,
        }
    }
    /// What the hit does to flight operations (rules-notes 8.3).
    pub fn text(self) -> &'static str {
        match self {
            DeckPlace::Forward => "forward: launching aircraft restricted",
            DeckPlace::Amidships => "amidships",
            DeckPlace::Aft => "aft: aircraft cannot land",
        }
    }
}

/// A lasting effect (or a timer firing) recorded by `Event::Effect`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// A mount out of action (index into the scenario's mounts).
    MountOut {
        index: usize,
    },
    /// An AA or light battery loses a third of its strength (out at three thirds).
    StrengthLost {
        index: usize,
    },
    /// A torpedo mount's weapons are gone (fired or exploded).
    LoadsLost {
        index: usize,
    },
    /// A director lost for a battery (`left` directors remain; 0 = local control).
    DirectorLost {
        battery: Battery,
        left: u32,
    },
    /// Fire control damaged where the scenario gives no directors: described only.
    FireControlDamaged {
        what: String,
    },
    SensorOut {
        what: String,
    },
    CommsOut {
        what: String,
    },
    /// Bridge out until the end of the Resolution Phase of turn `until`.
    BridgeOut {
        until: Minute,
    },
    BridgeRemanned,
    RudderJammed {
        first_attempt: Minute,
        /// The D6 direction for a ship steering evasively (8.3); absent in older saves.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        direction: Option<JamDirection>,
    },
    RudderDisabled,
    RudderUnjam {
        roll: u32,
        chance: u32,
        freed: bool,
        next: Option<Minute>,
    },
    CrewFactorLost,
    FlotationHit,
    /// Cargo destroyed (or damaged) in a hold, in the hold's unit (FG&DN 8.3 Cargo).
    CargoLost {
        hold: usize,
        amount: u32,
    },
    /// An ammunition hold set on fire: `risk_pct` chance of exploding at each following mark
    /// while the fire (index into the ship's fires) burns (FG&DN 8.3 Cargo Damage Table).
    CargoFire {
        hold: usize,
        fire: usize,
        risk_pct: u32,
        from: Minute,
    },
    /// An aircraft aboard destroyed (FG&DN 8.3 Aircraft).
    AircraftLost {
        place: AircraftPlace,
    },
    FlightDeckHit {
        place: DeckPlace,
    },
    /// A carrier's bridge hit: no flight operations until the end of turn `until` (8.3).
    FlightOpsStopped {
        until: Minute,
    },
    /// The aviation fuel storage set on fire (index into the ship's fires): the fire that
    /// flooding or gas-purging the stowage puts out (FG&DN 8.3 Ammo/Fuel).
    AvgasFire {
        fire: usize,
    },
    /// The turn's chance of a flight-deck critical from 120 mm+ shell fire at Long or Extreme
    /// range on a carrier was rolled (once per turn, FG&DN 8.1.2).
    FlightDeckShellFire {
        turn: Minute,
        chance: u32,
    },
    /// An armed or fueled aircraft's ordnance exploded (8.3, optional): never only damaged
    /// (8.4).
    AircraftExploded {
        place: AircraftPlace,
    },
    /// Where the ship is repaired after the battle: alongside a tender (+20 %), in port or a
    /// shipyard (+30 %), or at sea (None) (FG&DN 8.5).
    RepairBase {
        base: Option<RepairBase>,
    },
    /// After the battle, a destroyed aircraft's D100: only damaged on 1-50 (8.4, optional 8.7).
    AircraftDamagedOnly {
        place: AircraftPlace,
        roll: u32,
        damaged: bool,
    },
}

/// An ammunition hold burning with a risk of explosion (FG&DN 8.3 Cargo Damage Table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CargoFire {
    pub hold: usize,
    /// Index into the ship's fires: the risk lasts while this fire burns.
    pub fire: usize,
    pub risk_pct: u32,
    /// The turn it started: checks are at the marks after it.
    pub from: Minute,
}

/// Equipment state of a ship (FG&DN 8.3).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Equipment {
    pub mounts_out: Vec<bool>,
    /// Thirds of strength lost (AA and light batteries).
    pub thirds_lost: Vec<u32>,
    pub loads_lost: Vec<bool>,
    pub directors_lost: std::collections::BTreeMap<Battery, u32>,
    pub local_control: Vec<Battery>,
    pub fire_control_notes: Vec<String>,
    pub sensors_out: Vec<String>,
    pub comms_out: Vec<String>,
    pub bridge_out_until: Option<Minute>,
    pub bridge_hit: bool,
    pub rudder: Option<RudderState>,
    pub rudder_attempts: u32,
    pub rudder_next_attempt: Option<Minute>,
    pub crew_lost: u32,
    pub flotation_hits: u32,
    /// Items that failed the serviceability roll before the battle (FG&DN 8.5).
    pub breakdowns: Vec<(RepairTarget, String)>,
    /// Speed levels lost to engineering plant breakdowns (FG&DN 8.5).
    pub plant_breakdowns: u32,
    /// Engineering criticals repaired after the battle (FG&DN 8.4).
    pub engineering_repaired: u32,
    /// Rudder jam direction rolled for a ship steering evasively (FG&DN 8.3).
    pub rudder_jam: Option<JamDirection>,
    /// Cargo lost per hold (index into the scenario's cargo), in the hold's unit (8.3).
    pub cargo_lost: std::collections::BTreeMap<usize, u32>,
    pub cargo_fires: Vec<CargoFire>,
    /// Aircraft destroyed, by where they were (8.3 Aircraft).
    pub aircraft_lost: std::collections::BTreeMap<AircraftPlace, u32>,
    /// Flight-deck criticals not yet repaired (8.3 Flight Deck, 8.4).
    pub flight_deck: Vec<DeckPlace>,
    /// A carrier's flight operations stop until the end of this turn (8.3 Bridge).
    pub flight_ops_until: Option<Minute>,
    /// Aviation fuel fires (indices into the ship's fires) (8.3 Ammo/Fuel).
    pub avgas_fires: Vec<usize>,
    /// The turn whose 120 mm+ shell fire has had its flight-deck chance (8.1.2).
    pub flight_deck_shell_turn: Option<Minute>,
    /// Aircraft whose fuel or ordnance exploded, by place (8.3, 8.4).
    pub aircraft_exploded: std::collections::BTreeMap<AircraftPlace, u32>,
    /// Destroyed aircraft found only damaged after the battle, by place (8.4).
    pub aircraft_damaged: std::collections::BTreeMap<AircraftPlace, u32>,
    /// Repaired alongside a tender or in port after the battle (8.5); None: at sea.
    pub repair_base: Option<RepairBase>,
}

/// Where a ship is repaired after the battle (FG&DN 8.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RepairBase {
    /// Alongside a tender at a forward base: +20 % to the roll.
    Tender,
    /// A more established port or shipyard: +30 % to the Repair Roll.
    Port,
}

impl RepairBase {
    pub fn name(self) -> &'static str {
        match self {
            RepairBase::Tender => "tender",
            RepairBase::Port => "port",
        }
    }
    /// The bonus to the repair roll (8.5).
    pub fn bonus(self) -> u32 {
        match self {
            RepairBase::Tender => 20,
            RepairBase::Port => 30,
        }
    }
}

impl Equipment {
    pub fn new(mounts: usize) -> Equipment {
        Equipment {
            mounts_out: vec![false; mounts],
            thirds_lost: vec![0; mounts],
            loads_lost: vec![false; mounts],
            ..Equipment::default()
        }
    }

    pub fn apply(&mut self, e: &Effect) {
        match e {
            Effect::MountOut { index } => {
                if let Some(m) = self.mounts_out.get_mut(*index) {
                    *m = true;
                }
            }
            Effect::StrengthLost { index } => {
                if let Some(t) = self.thirds_lost.get_mut(*index) {
                    *t = (*t + 1).min(3);
                    if *t == 3 {
                        self.mounts_out[*index] = true;
                    }
                }
            }
            Effect::LoadsLost { index } => {
                if let Some(l) = self.loads_lost.get_mut(*index) {
                    *l = true;
                }
            }
            Effect::DirectorLost { battery, left } => {
                *self.directors_lost.entry(*battery).or_insert(0) += 1;
                if *left == 0 && !self.local_control.contains(battery) {
                    self.local_control.push(*battery);
                }
            }
            Effect::FireControlDamaged { what } => self.fire_control_notes.push(what.clone()),
            Effect::SensorOut { what } => self.sensors_out.push(what.clone()),
            Effect::CommsOut { what } => self.comms_out.push(what.clone()),
            Effect::BridgeOut { until } => {
                self.bridge_hit = true;
                self.bridge_out_until = Some(*until);
            }
            Effect::BridgeRemanned => self.bridge_out_until = None,
            Effect::RudderJammed {
                first_attempt,
                direction,
            } => {
                if self.rudder != Some(RudderState::Disabled) {
                    self.rudder = Some(RudderState::Jammed);
                    self.rudder_attempts = 0;
                    self.rudder_next_attempt = Some(*first_attempt);
                    self.rudder_jam = *direction;
                }
            }
            Effect::RudderDisabled => {
                self.rudder = Some(RudderState::Disabled);
                self.rudder_next_attempt = None;
            }
            Effect::RudderUnjam { freed, next, .. } => {
                self.rudder_attempts += 1;
                self.rudder_next_attempt = *next;
                self.rudder = Some(if *freed {
                    RudderState::Freed
                } else if next.is_none() {
                    RudderState::Stuck
                } else {
                    RudderState::Jammed
                });
            }
            Effect::CrewFactorLost => self.crew_lost += 1,
            Effect::FlotationHit => self.flotation_hits += 1,
            Effect::CargoLost { hold, amount } => {
                let n = self.cargo_lost.entry(*hold).or_insert(0);
                *n = n.saturating_add(*amount);
            }
            Effect::CargoFire {
                hold,
                fire,
                risk_pct,
                from,
            } => self.cargo_fires.push(CargoFire {
                hold: *hold,
                fire: *fire,
                risk_pct: *risk_pct,
                from: *from,
            }),
            Effect::AircraftLost { place } => *self.aircraft_lost.entry(*place).or_insert(0) += 1,
            Effect::FlightDeckHit { place } => self.flight_deck.push(*place),
            Effect::FlightOpsStopped { until } => self.flight_ops_until = Some(*until),
            Effect::AvgasFire { fire } => self.avgas_fires.push(*fire),
            Effect::FlightDeckShellFire { turn, .. } => self.flight_deck_shell_turn = Some(*turn),
            Effect::AircraftExploded { place } => {
                *self.aircraft_exploded.entry(*place).or_insert(0) += 1
            }
            Effect::AircraftDamagedOnly {
                place,
                damaged: true,
                ..
            } => *self.aircraft_damaged.entry(*place).or_insert(0) += 1,
            Effect::AircraftDamagedOnly { .. } => {}
            Effect::RepairBase { base } => self.repair_base = *base,
        }
    }

    /// Aircraft destroyed, all places.
    pub fn aircraft_lost_total(&self) -> u32 {
        self.aircraft_lost.values().sum()
    }

    /// An item out before the battle (FG&DN 8.5).
    pub fn breakdown(&mut self, t: &RepairTarget, what: &str) {
        match t {
            RepairTarget::Mount { index } => {
                if let Some(m) = self.mounts_out.get_mut(*index) {
                    *m = true;
                }
            }
            RepairTarget::Sensor { what } => self.sensors_out.push(what.clone()),
            RepairTarget::Engineering => self.plant_breakdowns += 1,
            _ => {}
        }
        self.breakdowns.push((t.clone(), what.to_string()));
    }

    /// A system repaired after the battle (FG&DN 8.4, 8.5).
    pub fn repair(&mut self, t: &RepairTarget, breakdown: bool) {
        if breakdown {
            if let Some(p) = self.breakdowns.iter().position(|(b, _)| b == t) {
                self.breakdowns.remove(p);
            }
        }
        match t {
            RepairTarget::Mount { index } => {
                if let Some(m) = self.mounts_out.get_mut(*index) {
                    *m = false;
                }
                if let Some(th) = self.thirds_lost.get_mut(*index) {
                    *th = 0;
                }
            }
            RepairTarget::Director { battery } => {
                if let Some(n) = self.directors_lost.get_mut(battery) {
                    *n = n.saturating_sub(1);
                    if *n == 0 {
                        self.directors_lost.remove(battery);
                    }
                }
                self.local_control.retain(|b| b != battery);
            }
            RepairTarget::FireControl { what } => {
                if let Some(p) = self.fire_control_notes.iter().position(|x| x == what) {
                    self.fire_control_notes.remove(p);
                }
            }
            RepairTarget::Sensor { what } => {
                if let Some(p) = self.sensors_out.iter().position(|x| x == what) {
                    self.sensors_out.remove(p);
                }
            }
            RepairTarget::Comms { what } => {
                if let Some(p) = self.comms_out.iter().position(|x| x == what) {
                    self.comms_out.remove(p);
                }
            }
            RepairTarget::Engineering => {
                if breakdown {
                    self.plant_breakdowns = self.plant_breakdowns.saturating_sub(1);
                } else {
                    self.engineering_repaired += 1;
                }
            }
            RepairTarget::Bridge => {
                self.bridge_hit = false;
                self.bridge_out_until = None;
            }
            RepairTarget::Rudder => {
                self.rudder = None;
                self.rudder_attempts = 0;
                self.rudder_next_attempt = None;
            }
            RepairTarget::FlightDeck => {
                if !self.flight_deck.is_empty() {
                    self.flight_deck.remove(0);
                }
            }
            // A flight's aircraft is repaired on the flight's state (state.rs).
            RepairTarget::Plane { .. } => {}
            RepairTarget::Aircraft { place } => {
                for m in [&mut self.aircraft_damaged, &mut self.aircraft_lost] {
                    if let Some(n) = m.get_mut(place) {
                        *n = n.saturating_sub(1);
                        if *n == 0 {
                            m.remove(place);
                        }
                    }
                }
            }
        }
    }
}

/// Log words for the effects of cargo, aircraft and flight deck criticals (FG&DN 8.3).
pub fn effect_text(s: Option<&ShipState>, e: &Effect) -> String {
    match e {
        Effect::CargoLost { hold, amount } => {
            let h = s.and_then(|s| s.spec.cargo.get(*hold));
            match h {
                Some(h) => format!("{}: {amount} {} of cargo lost", h.hold, h.contents.unit()),
                None => format!("hold {hold}: {amount} of cargo lost"),
            }
        }
        Effect::CargoFire { hold, risk_pct, .. } => {
            let h = s
                .and_then(|s| s.spec.cargo.get(*hold))
                .map(|h| h.hold.clone())
                .unwrap_or_else(|| format!("hold {hold}"));
            format!("{h}: ammunition burning, {risk_pct} % explosion risk at each following mark")
        }
        Effect::AircraftLost { place } => format!("aircraft destroyed ({})", place.name()),
        Effect::FlightDeckHit { place } => format!("flight deck hit {}", place.text()),
        Effect::FlightOpsStopped { until } => {
            format!("no flight operations until the end of {}", label(*until))
        }
        Effect::AvgasFire { .. } => "aviation fuel storage burning".into(),
        Effect::AircraftDamagedOnly {
            place,
            roll,
            damaged,
        } => format!(
            "destroyed aircraft ({}): D100 {roll}: {} (8.4)",
            place.name(),
            if *damaged {
                "only damaged, repairable on the Breakdown Repair Table"
            } else {
                "destroyed"
            }
        ),
        Effect::RepairBase { base } => match base {
            Some(b) => format!(
                "repaired {} from now: +{} % to every repair roll (8.5)",
                if *b == RepairBase::Tender {
                    "alongside a tender"
                } else {
                    "in port"
                },
                b.bonus()
            ),
            None => "repaired at sea from now: no bonus (8.5)".into(),
        },
        Effect::AircraftExploded { place } => format!(
            "the aircraft's ordnance EXPLODES ({}, 8.3 armed or fueled aircraft)",
            place.name()
        ),
        Effect::FlightDeckShellFire { chance, .. } => format!(
            "120 mm or larger shell fire at long or extreme range this turn: {chance} % chance of a flight-deck critical (8.1.2)"
        ),
        other => format!("{other:?}"),
    }
}

/// Chance of freeing a jammed rudder at each attempt: 20, 40, 60 % on a D10 (1-2, 1-4, 1-6).
pub const UNJAM_ON: [u32; 3] = [2, 4, 6];

/// Flotation hits a small craft can take (E 6, F 5, G 4).
pub fn flotation_capacity(size: SizeClass) -> u32 {
    match size {
        SizeClass::E => 6,
        SizeClass::F => 5,
        _ => 4,
    }
}

/// Why a battery's crews cannot be sent to damage control, if they cannot.
pub fn battery_problem(s: &ShipState, battery: CrewBattery) -> Option<String> {
    if s.spec.mounts.is_empty() {
        return None;
    }
    let has = s
        .spec
        .mounts
        .iter()
        .any(|m| crew_battery_of(m.battery) == Some(battery));
    (!has).then(|| format!("{} has no {battery} battery in the scenario", s.spec.name))
}

/// The battery group a `crew` order takes the crews of.
pub fn crew_battery_of(b: Battery) -> Option<CrewBattery> {
    match b {
        Battery::Main => Some(CrewBattery::Main),
        Battery::Casemate | Battery::Secondary => Some(CrewBattery::Casemate),
        Battery::Light | Battery::Tertiary => Some(CrewBattery::Light),
        _ => None,
    }
}

/// What the critical record needs: its kind, cause and location roll.
pub struct Rec<'a> {
    pub kind: CriticalKind,
    pub cause: &'a str,
    pub roll: Option<(u32, Column)>,
}

pub(crate) fn record(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>, detail: String, speed_levels: u32) {
    let clock = ctx.state.clock;
    ctx.emit(Event::Critical {
        ship: ctx.state.ships[i].id().to_string(),
        critical: Critical {
            kind: r.kind,
            turn: clock.turn,
            phase: clock.phase,
            cause: r.cause.to_string(),
            roll: r.roll.map(|x| x.0),
            column: r.roll.map(|x| x.1),
            detail,
            effect: EffectStatus::Applied,
            speed_levels,
        },
    });
}

pub(crate) fn effect(ctx: &mut Ctx<'_>, i: usize, e: Effect) {
    let ship = ctx.state.ships[i].id().to_string();
    ctx.emit(Event::Effect { ship, effect: e });
}

/// A critical that struck but has no effect here, and why (logged as ignored).
pub(crate) fn ignored(
    ctx: &mut Ctx<'_>,
    i: usize,
    kind: CriticalKind,
    roll: Option<u32>,
    reason: String,
) {
    let ship = ctx.state.ships[i].id().to_string();
    ctx.emit(Event::CriticalIgnored {
        ship,
        kind,
        roll,
        reason,
    });
}

/// `ignored` for the critical `r` being resolved.
pub(crate) fn ignore(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>, reason: String) {
    ignored(ctx, i, r.kind, r.roll.map(|x| x.0), reason);
}

/// The ship is destroyed at once: a magazine, cargo or flotation loss (FG&DN 8.3).
pub(crate) fn destroyed(ctx: &mut Ctx<'_>, i: usize, cause: String) {
    let ship = ctx.state.ships[i].id().to_string();
    ctx.emit(Event::SunkAtOnce { ship, cause });
}

/// Pick one of `n` at random with a D100 split into n equal bands (8.3 "roll randomly").
pub(crate) fn pick(ctx: &mut Ctx<'_>, i: usize, n: usize, what: &str) -> Result<usize, RuleError> {
    if n <= 1 {
        return Ok(0);
    }
    let name = ctx.ship_name(i);
    let d = ctx.roll(
        i,
        Die::D100,
        format!("random {what}, {name}: D100 in {n} equal bands"),
    )?;
    Ok(((d as usize - 1) * n / 100).min(n - 1))
}

fn mount_name(s: &ShipState, k: usize) -> String {
    let m = &s.spec.mounts[k];
    format!("{} ({} battery)", m.name, m.battery)
}

/// Main battery critical (FG&DN 8.3): D10 1-2 fire control, 3-10 a mount (all counted) and a
/// D10 for the magazine (9-10 detonates, optional nation/date modifier for size A-C).
pub fn main_battery(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    battery_critical(ctx, i, r, c, Battery::Main, "main battery", "a mount")
}

/// Casemate critical (FG&DN 8.3): D10 1-2 fire control, 3-10 a gun out, then the ready
/// ammunition (D10 9-10, optional picric +1) and its chain reaction.
pub fn casemate(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    battery_critical(ctx, i, r, c, Battery::Casemate, "casemate", "a gun")
}

/// The shared opening of the main battery and casemate criticals (FG&DN 8.3): D10 1-2 fire
/// control (needs no penetration), 3-10 the battery's mount (voided without penetration).
fn battery_critical(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
    battery: Battery,
    what: &str,
    mount: &str,
) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let d10 = ctx.roll(
        i,
        Die::D10,
        format!("{what} critical, {name} (1-2 fire control, 3-10 {mount})"),
    )?;
    if d10 <= 2 {
        let detail = fire_control_for(ctx, i, Some(battery))?;
        record(ctx, i, r, format!("D10 {d10}: {what} {detail}"), 0);
        return Ok(());
    }
    if c.fire_control_only {
        return mount_needs_penetration(ctx, i, r, d10, what);
    }
    mount_hit(ctx, i, r, c, battery, &format!("D10 {d10}: "))
}

/// Other weapon (FG&DN 8.3): a random mount other than main battery or casemate; AA and light
/// batteries lose a third; torpedo mounts may explode.
pub fn other_weapon(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    if s.spec.mounts.is_empty() {
        record(
            ctx,
            i,
            r,
            "one weapon other than the main battery or casemates out of action (no mounts in the scenario: the umpire picks it)".into(),
            0,
        );
        return Ok(());
    }
    let light = light_batteries(c);
    let list: Vec<usize> = (0..s.spec.mounts.len())
        .filter(|&k| !matches!(s.spec.mounts[k].battery, Battery::Main | Battery::Casemate))
        .filter(|&k| {
            light
                .as_ref()
                .is_none_or(|l| l.contains(&s.spec.mounts[k].battery))
        })
        .collect();
    if list.is_empty() {
        let reason = match &light {
            Some(l) => format!(
                "no {} mount for a light weapon's critical (8.1.3, 8.3)",
                battery_list(l)
            ),
            None => "no weapon other than main battery or casemates (8.3)".into(),
        };
        ignore(ctx, i, r, reason);
        return Ok(());
    }
    let what = match &light {
        Some(l) => format!("{} mount (light weapon, 8.1.3)", battery_list(l)),
        None => "other weapon".to_string(),
    };
    let k = list[pick(ctx, i, list.len(), &what)?];
    hit_mount_index(ctx, i, r, c, k, "")
}

/// The batteries a light weapon's Other Weapon or Weapon critical may strike (FG&DN 8.1.3):
/// None when no light-weapon line limits the batch, or when its line allows Other Weapon
/// (then any weapon but the main battery and casemates); otherwise the AA and/or light
/// battery the line lists.
fn light_batteries(c: &CritContext) -> Option<Vec<Battery>> {
    use crate::rulesets::fgdn::tables::LightAllowed;
    let row = c.light.as_ref()?;
    if row
        .allowed
        .contains(&LightAllowed::Kind(CriticalKind::OtherWeapon))
    {
        return None;
    }
    let mut v = Vec::new();
    if row.allowed.contains(&LightAllowed::Aa) {
        v.push(Battery::Aa);
    }
    if row.allowed.contains(&LightAllowed::LightBattery) {
        v.push(Battery::Light);
    }
    Some(v)
}

fn battery_list(v: &[Battery]) -> String {
    if v.is_empty() {
        return "weapon".into();
    }
    v.iter()
        .map(|b| match b {
            Battery::Aa => "AA",
            Battery::Light => "light battery",
            other => other.name(),
        })
        .collect::<Vec<_>>()
        .join(" or ")
}

/// Weapon (FG&DN 8.3): a random mount of all the ship carries, with that weapon's effect.
pub fn weapon(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    let n = ctx.state.ships[i].spec.mounts.len();
    if n == 0 {
        record(
            ctx,
            i,
            r,
            "one weapon out of action (no mounts in the scenario: the umpire picks it)".into(),
            0,
        );
        return Ok(());
    }
    if c.light.is_some() {
        // A light weapon cannot reach the main battery or casemates (8.1.3): as Other Weapon.
        return other_weapon(ctx, i, r, c);
    }
    let k = pick(ctx, i, n, "weapon mount")?;
    hit_mount_index(ctx, i, r, c, k, "")
}

/// Torpedo mount (FG&DN 8.3): a random torpedo mount; D10 9-10 its loaded weapons explode.
pub fn torpedo_mount(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let list: Vec<usize> = (0..s.spec.mounts.len())
        .filter(|&k| s.spec.mounts[k].battery == Battery::Torpedo)
        .collect();
    if list.is_empty() {
        if s.spec.mounts.is_empty() {
            record(
                ctx,
                i,
                r,
                "a torpedo mount hit (no mounts in the scenario: the umpire applies 8.3)".into(),
                0,
            );
        } else {
            ignore(ctx, i, r, "no torpedo mount (8.3)".into());
        }
        return Ok(());
    }
    let k = list[pick(ctx, i, list.len(), "torpedo mount")?];
    hit_mount_index(ctx, i, r, c, k, "")
}

/// A starred main battery or casemate location without penetration, D10 3-10: the mount result
/// needs penetration and is ignored (8.1.6, 8.3).
fn mount_needs_penetration(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    d10: u32,
    what: &str,
) -> Result<(), RuleError> {
    let reason = format!(
        "{} D10 {d10}: a {what} mount needs armor penetration and no hit penetrated this turn (only the fire-control result, 1-2, needs none) (8.3)",
        r.roll.map(|x| format!("D20 {}:", x.0)).unwrap_or_default()
    );
    ignore(ctx, i, r, reason);
    Ok(())
}

fn mount_hit(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
    battery: Battery,
    prefix: &str,
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let list: Vec<usize> = (0..s.spec.mounts.len())
        .filter(|&k| {
            let b = s.spec.mounts[k].battery;
            b == battery || (battery == Battery::Casemate && b == Battery::Secondary)
        })
        .collect();
    if list.is_empty() {
        // No mounts known: still roll the explosion die, as the rule asks.
        let detail = format!(
            "{prefix}a {battery} {} out of action (no mounts in the scenario: the umpire picks it)",
            if battery == Battery::Main {
                "mount"
            } else {
                "gun"
            }
        );
        return explosion_roll(ctx, i, r, c, battery, None, detail);
    }
    let k = list[pick(ctx, i, list.len(), &format!("{battery} mount"))?];
    hit_mount_index(ctx, i, r, c, k, prefix)
}

fn hit_mount_index(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
    k: usize,
    prefix: &str,
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let m = s.spec.mounts[k].clone();
    let what = mount_name(s, k);
    if s.equipment.mounts_out[k] {
        record(
            ctx,
            i,
            r,
            format!("{prefix}{what} hit, already out of action: no further damage (8.3)"),
            0,
        );
        return Ok(());
    }
    match m.battery {
        Battery::Aa | Battery::Light => {
            let lost = s.equipment.thirds_lost[k] + 1;
            effect(ctx, i, Effect::StrengthLost { index: k });
            record(
                ctx,
                i,
                r,
                format!(
                    "{prefix}{what} loses a third of its strength ({lost}/3 lost{}); no magazine explosion",
                    if lost >= 3 { ", out of action" } else { "" }
                ),
                0,
            );
            Ok(())
        }
        Battery::Torpedo => {
            let loaded = !s.equipment.loads_lost[k] && m.loads.unwrap_or(0) > 0;
            effect(ctx, i, Effect::MountOut { index: k });
            if !loaded {
                record(
                    ctx,
                    i,
                    r,
                    format!("{prefix}{what} out of action (no weapons left in it: no explosion)"),
                    0,
                );
                return Ok(());
            }
            let name = ctx.ship_name(i);
            let d10 = ctx.roll(
                i,
                Die::D10,
                format!(
                    "torpedo mount {}, {name}: its weapons explode on 9-10",
                    m.name
                ),
            )?;
            effect(ctx, i, Effect::LoadsLost { index: k });
            if d10 >= 9 {
                let dmg = m.warhead.unwrap_or(0) * m.loads.unwrap_or(0) / 2;
                record(
                    ctx,
                    i,
                    r,
                    format!(
                        "{prefix}{what} out; D10 {d10}: its {} weapons explode, {dmg} DP (half of {} x {}){}",
                        m.loads.unwrap_or(0),
                        m.loads.unwrap_or(0),
                        m.warhead.unwrap_or(0),
                        if m.submerged { ", below the waterline: flooding" } else { "" }
                    ),
                    0,
                );
                if dmg > 0 {
                    c.secondary_damage
                        .push((dmg, format!("torpedo mount explosion on {name} (8.3)")));
                }
                if m.submerged {
                    // A torpedo exploding below the waterline floods like a torpedo hit: 8.2's
                    // exception is worded by cause (torpedoes and mines), so its flooding does
                    // its first damage at once, whatever hit set it off (SPEC 3.8).
                    casualty_critical(
                        ctx,
                        i,
                        Casualty::Flood,
                        "submerged torpedo tube explosion (8.3)",
                        None,
                        Vec::new(),
                        &c.torpedo_explosion(),
                        &[],
                        None,
                    )?;
                }
            } else {
                record(
                    ctx,
                    i,
                    r,
                    format!("{prefix}{what} out of action; D10 {d10}: no explosion (weapons lost)"),
                    0,
                );
            }
            Ok(())
        }
        battery => {
            effect(ctx, i, Effect::MountOut { index: k });
            let detail = format!("{prefix}{what} out of action");
            if matches!(
                battery,
                Battery::Main | Battery::Casemate | Battery::Secondary
            ) {
                let b = if battery == Battery::Main {
                    Battery::Main
                } else {
                    Battery::Casemate
                };
                explosion_roll(ctx, i, r, c, b, Some(k), detail)
            } else {
                record(ctx, i, r, detail, 0);
                Ok(())
            }
        }
    }
}

/// The magazine (main battery) or ready-ammunition (casemate) roll after a mount is hit.
fn explosion_roll(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
    battery: Battery,
    k: Option<usize>,
    detail: String,
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let name = s.spec.name.clone();
    let he = k.and_then(|k| s.spec.mounts[k].he_short);
    let mut mods: Vec<(i32, String)> = Vec::new();
    let rules = ctx.state.rules;
    if battery == Battery::Main && rules.magazine_modifiers {
        if let (Some(navy), Some(year), Some(month)) =
            (Navy::of(s.spec.nation.as_deref()), rules.year, rules.month)
        {
            if let Some(m) =
                ctx.tables
                    .magazine_modifiers
                    .modifier(navy, s.spec.size, YearMonth { year, month })
            {
                if m != 0 {
                    mods.push((m, format!("{navy} {year}-{month:02} (optional)")));
                }
            }
        }
    }
    if battery == Battery::Casemate
        && rules.casemate_picric
        && Navy::of(s.spec.nation.as_deref()).is_some_and(Navy::picric_casemates)
    {
        mods.push((1, "picric acid (optional)".into()));
    }
    let flooded = s.magazines_flooded && battery == Battery::Main;
    let sum: i32 = mods.iter().map(|m| m.0).sum();
    let mod_text: String = mods.iter().map(|(m, w)| format!(" {m:+} {w}")).collect();
    let what = if battery == Battery::Main {
        "magazine"
    } else {
        "ready ammunition"
    };
    let d10 = ctx.roll(
        i,
        Die::D10,
        format!("{what} roll, {name}: detonates on 9-10{mod_text}"),
    )?;
    let total = d10 as i32 + sum;
    let boom = total >= 9 && !flooded;
    let roll_text = if sum != 0 {
        format!("D10 {d10}{mod_text} = {total}")
    } else {
        format!("D10 {d10}")
    };
    if battery == Battery::Main {
        if boom {
            let nearby = match he {
                Some(h) => format!("ships within 300 yards take {h} DP (the battery's HE damage at Short range)"),
                None => "ships within 300 yards take the battery's HE damage at Short range (not in the scenario: umpire)".into(),
            };
            record(
                ctx,
                i,
                r,
                format!("{detail}; {what} {roll_text}: MAGAZINE DETONATES; {nearby}"),
                0,
            );
            destroyed(
                ctx,
                i,
                format!("main magazine detonation ({roll_text}, 8.3); {nearby}"),
            );
        } else {
            let why = if flooded && total >= 9 {
                " (magazines flooded)"
            } else {
                ""
            };
            record(
                ctx,
                i,
                r,
                format!("{detail}; {what} {roll_text}: no detonation{why}"),
                0,
            );
        }
        return Ok(());
    }
    if !boom {
        record(
            ctx,
            i,
            r,
            format!("{detail}; {what} {roll_text}: no explosion"),
            0,
        );
        return Ok(());
    }
    let dmg = he.map(|h| 2 * h);
    record(
        ctx,
        i,
        r,
        format!(
            "{detail}; {what} {roll_text}: READY AMMUNITION EXPLODES, {}",
            match dmg {
                Some(d) => format!("{d} DP (twice Short-range HE)"),
                None =>
                    "twice the gun's Short-range HE damage (not in the scenario: umpire)".into(),
            }
        ),
        0,
    );
    if let Some(d) = dmg {
        c.secondary_damage.push((
            d,
            format!("casemate ready-ammunition explosion on {name} (8.3)"),
        ));
    }
    chain_reaction(ctx, i, r, c, k, sum)
}

/// Casemate chain reaction (FG&DN 8.3): 2D6 on the table for adjacent guns damaged; each rolls
/// D10 9-10 to explode too, and each explosion rolls 2D6 again, until none explodes.
fn chain_reaction(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
    from: Option<usize>,
    picric: i32,
) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let mut explosions = vec![from];
    let mut rounds = 0;
    while let Some(origin) = explosions.pop() {
        rounds += 1;
        if rounds > 50 {
            break;
        }
        let a = ctx.roll(
            i,
            Die::D6,
            format!("casemate chain reaction 2D6 (die 1), {name}"),
        )?;
        let b = ctx.roll(
            i,
            Die::D6,
            format!("casemate chain reaction 2D6 (die 2), {name}"),
        )?;
        let n = ctx
            .tables
            .casemate_chain
            .lookup(a + b)
            .and_then(|row| row.value)
            .unwrap_or(0)
            .max(0) as usize;
        let s = &ctx.state.ships[i];
        // Adjacent: the next intact casemate guns on the same side, in the scenario's order.
        let side = origin.and_then(|k| s.spec.mounts[k].side.clone());
        let adjacent: Vec<usize> = (0..s.spec.mounts.len())
            .filter(|&k| {
                Some(k) != origin
                    && matches!(
                        s.spec.mounts[k].battery,
                        Battery::Casemate | Battery::Secondary
                    )
                    && !s.equipment.mounts_out[k]
                    && (side.is_none() || s.spec.mounts[k].side == side)
            })
            .take(n)
            .collect();
        let known = !s.spec.mounts.is_empty();
        let count = if known { adjacent.len() } else { n };
        let note = format!(
            "chain reaction 2D6 {a}+{b} = {}: {n} more gun{} damaged{}",
            a + b,
            if n == 1 { "" } else { "s" },
            if known && adjacent.len() < n {
                format!(" ({} left on that side)", adjacent.len())
            } else {
                String::new()
            }
        );
        record(ctx, i, r, note, 0);
        for g in 0..count {
            let k = adjacent.get(g).copied();
            if let Some(k) = k {
                effect(ctx, i, Effect::MountOut { index: k });
            }
            let d = ctx.roll(
                i,
                Die::D10,
                format!(
                    "ready ammunition of the damaged gun {} of {count}, {name}: explodes on 9-10",
                    g + 1
                ),
            )?;
            if d as i32 + picric >= 9 {
                let s = &ctx.state.ships[i];
                let he = k.and_then(|k| s.spec.mounts[k].he_short);
                let gun = k
                    .map(|k| mount_name(s, k))
                    .unwrap_or("a casemate gun".into());
                record(
                    ctx,
                    i,
                    r,
                    format!(
                        "{gun}: D10 {d}: its ready ammunition explodes too{}",
                        he.map(|h| format!(", {} DP", 2 * h)).unwrap_or_default()
                    ),
                    0,
                );
                if let Some(h) = he {
                    c.secondary_damage
                        .push((2 * h, format!("casemate chain reaction on {name} (8.3)")));
                }
                explosions.push(k);
            }
        }
    }
    Ok(())
}

/// Fire control damage for a battery (or a random one with directors): Size A ships lose one
/// director of that battery (randomly); with one director left, the battery goes to local
/// control. Returns the detail text.
fn fire_control_for(
    ctx: &mut Ctx<'_>,
    i: usize,
    battery: Option<Battery>,
) -> Result<String, RuleError> {
    let s = &ctx.state.ships[i];
    let battery = match battery {
        Some(b) => Some(b),
        None => {
            let with: Vec<Battery> = s
                .spec
                .directors
                .iter()
                .filter(|(_, n)| **n > 0)
                .map(|(b, _)| *b)
                .collect();
            if with.is_empty() {
                None
            } else {
                Some(with[pick(ctx, i, with.len(), "battery for the fire control hit")?])
            }
        }
    };
    let s = &ctx.state.ships[i];
    let Some(b) = battery else {
        let what = "fire control damaged (main, secondary or backup: no directors in the scenario, the umpire picks)".to_string();
        effect(ctx, i, Effect::FireControlDamaged { what: what.clone() });
        return Ok(what);
    };
    let fitted = s.spec.directors.get(&b).copied();
    let lost = s.equipment.directors_lost.get(&b).copied().unwrap_or(0);
    match fitted {
        None => {
            let what = format!("{b} fire control knocked out: local control");
            effect(
                ctx,
                i,
                Effect::DirectorLost {
                    battery: b,
                    left: 0,
                },
            );
            Ok(what)
        }
        // Every director already lost: nothing more to lose, the guns stay in local control
        // (no phantom director to repair after the battle, 8.4).
        Some(n) if lost >= n => Ok(format!(
            "fire control: every {b} director already lost, {b} guns stay in local control"
        )),
        Some(n) => {
            let left = n.saturating_sub(lost + 1);
            effect(ctx, i, Effect::DirectorLost { battery: b, left });
            Ok(if left == 0 {
                format!("fire control: the last {b} director lost, {b} guns in local control")
            } else {
                format!("fire control: one {b} director lost ({left} of {n} left)")
            })
        }
    }
}

/// Fire control critical (FG&DN 8.3): a random battery with directors.
pub fn fire_control(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let detail = fire_control_for(ctx, i, None)?;
    record(ctx, i, r, detail, 0);
    Ok(())
}

/// The D10 of a sensor or communications critical on its table (FG&DN 8.3): the face, the
/// system's key and its description.
fn system_roll(
    ctx: &mut Ctx<'_>,
    i: usize,
    table: fn(&Tables) -> &DieTable,
    what: &str,
    which: &str,
) -> Result<(u32, String, String), RuleError> {
    let name = ctx.ship_name(i);
    let d = ctx.roll(i, Die::D10, format!("{what}, {name}: {which}"))?;
    let (outcome, text) = table(ctx.tables)
        .lookup(d)
        .map(|r| (r.outcome.clone(), r.text.clone()))
        .unwrap_or(("unknown".into(), "unknown".into()));
    Ok((d, outcome, text))
}

/// Sensors (FG&DN 8.3): D10 on the sensors table.
pub fn sensor(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let (d, outcome, text) =
        system_roll(ctx, i, |t| &t.sensors, "sensor critical", "which sensor")?;
    let s = &ctx.state.ships[i];
    let lost = s
        .equipment
        .sensors_out
        .iter()
        .filter(|x| **x == outcome)
        .count() as u32;
    let fitted = match (outcome.as_str(), s.spec.searchlights) {
        ("forward_searchlight", Some(l)) => l.forward > lost,
        ("after_searchlight", Some(l)) => l.aft > lost,
        // The scenario format has no sonar: a WWI surface ship is taken to carry none.
        ("sonar", _) => false,
        _ => true,
    };
    if fitted {
        effect(ctx, i, Effect::SensorOut { what: outcome });
        record(ctx, i, r, format!("D10 {d}: {text} destroyed"), 0);
    } else {
        record(
            ctx,
            i,
            r,
            format!("D10 {d}: {text}: none fitted (or none left), no effect"),
            0,
        );
    }
    Ok(())
}

/// Communications (FG&DN 8.3): D10 on the communications table.
pub fn communications(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let (d, outcome, text) = system_roll(
        ctx,
        i,
        |t| &t.communications,
        "communications critical",
        "which system",
    )?;
    let s = &ctx.state.ships[i];
    let fitted = match (outcome.as_str(), s.spec.wireless) {
        ("main_wireless", Some(w)) => w.main,
        ("auxiliary_wireless", Some(w)) => w.auxiliary,
        _ => true,
    } && !s.equipment.comms_out.contains(&outcome);
    if fitted {
        effect(ctx, i, Effect::CommsOut { what: outcome });
        record(ctx, i, r, format!("D10 {d}: {text}"), 0);
    } else {
        record(
            ctx,
            i,
            r,
            format!("D10 {d}: {text}: not fitted or already destroyed, no effect"),
            0,
        );
    }
    Ok(())
}

/// Bridge (FG&DN 8.3): D6/2 turns (round up; small craft 1) to re-man; then two-turn course
/// changes; a bridge fire at -2.
pub fn bridge(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let small = ctx.state.ships[i].is_small_craft();
    let (turns, die_text) = if small {
        (1, "small craft: 1 turn, the captain is hit".to_string())
    } else {
        let d6 = ctx.roll(
            i,
            Die::D6,
            format!("bridge critical, {name}: turns to re-man (D6/2, round up)"),
        )?;
        (
            d6.div_ceil(2),
            format!("D6 {d6}/2 = {} turns", d6.div_ceil(2)),
        )
    };
    let until = ctx.state.clock.turn + (turns - 1) * TACTICAL_MINUTES;
    effect(ctx, i, Effect::BridgeOut { until });
    record(
        ctx,
        i,
        r,
        format!(
            "bridge out ({die_text}): re-manned at the end of {} resolution; then course and speed changes take two turns{}; fire on the bridge",
            label(ctx.state.clock.slot(until, Phase::Resolution)),
            if small { " (normal on small craft)" } else { "" }
        ),
        0,
    );
    casualty_critical(
        ctx,
        i,
        Casualty::Fire,
        "bridge critical (8.3)",
        None,
        vec![(-2, "bridge fire (8.3)".into())],
        c,
        &[],
        None,
    )?;
    if let Some(text) = crate::rulesets::fgdn::aviation::bridge_flight_ops(ctx, i)? {
        record(ctx, i, r, text, 0);
    }
    Ok(())
}

/// Rudder (FG&DN 8.3): D6 1-3 jammed (first unjam attempt after D6 turns), 4-6 disabled.
pub fn rudder(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let d6 = ctx.roll(
        i,
        Die::D6,
        format!("rudder critical, {name} (1-3 jammed, 4-6 disabled)"),
    )?;
    if d6 <= 3 {
        let dir = ctx.roll(
            i,
            Die::D6,
            format!("rudder jammed, {name}: direction if steering evasively (1-2 port, 3-4 straight, 5-6 starboard)"),
        )?;
        let direction = JamDirection::from_d6(dir);
        let t = ctx.roll(
            i,
            Die::D6,
            format!("rudder jammed, {name}: turns until the first unjam attempt (D6)"),
        )?;
        let first = ctx.state.clock.turn + t * TACTICAL_MINUTES;
        effect(
            ctx,
            i,
            Effect::RudderJammed {
                first_attempt: first,
                direction: Some(direction),
            },
        );
        record(
            ctx,
            i,
            r,
            format!(
                "D6 {d6}: rudder JAMMED in the direction the ship was turning; if she was steering evasively, D6 {dir}: {}; first unjam attempt after D6 {t} turns, at {} (20 %)",
                direction.name(),
                label(ctx.state.clock.slot(first, Phase::Plotting))
            ),
            0,
        );
    } else {
        effect(ctx, i, Effect::RudderDisabled);
        record(
            ctx,
            i,
            r,
            format!("D6 {d6}: steering engine hit, rudder DISABLED: max speed 1/3 of undamaged, 15° course changes"),
            0,
        );
    }
    Ok(())
}

/// Personnel (FG&DN 8.3): one crew factor lost; effects by the number lost.
pub fn personnel(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let n = ctx.state.ships[i].equipment.crew_lost + 1;
    let of = ctx.state.ships[i].spec.crew_factors;
    if n > of {
        // Every crew factor is already lost: there is none left to incapacitate.
        let detail = format!("no crew factor left to lose ({of} of {of} lost)");
        record(ctx, i, r, detail, 0);
        return Ok(());
    }
    effect(ctx, i, Effect::CrewFactorLost);
    record(
        ctx,
        i,
        r,
        format!("crew factor lost ({n} of {of}): {}", personnel_text(n)),
        0,
    );
    Ok(())
}

pub fn personnel_text(n: u32) -> &'static str {
    match n {
        0 => "none",
        1 => "no effect",
        2 => "one light weapon (20 mm or less) abandoned for the battle",
        3 => "two light weapons or one heavy weapon abandoned; fire severity +2",
        4 => "cease fire and escape at maximum speed; fire severity +2; fire DC roll +2",
        _ => "leaves the area at current speed; fire severity +2; fire DC roll +2",
    }
}

/// Fuel tank (FG&DN 8.3): D100 30 % fire (diesel 20 %, gasoline 60 %), severity D6+2.
pub fn fuel_tank(
    ctx: &mut Ctx<'_>,
    i: usize,
    r: &Rec<'_>,
    c: &mut CritContext,
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let name = s.spec.name.clone();
    let (chance, fuel) = match s.spec.fuel.as_deref() {
        Some("diesel") => (20, "diesel"),
        Some("gasoline") => (60, "gasoline"),
        _ => (30, "fuel oil"),
    };
    let d = ctx.roll(
        i,
        Die::D100,
        format!("fuel tank critical, {name} ({fuel}): fire on 1-{chance}"),
    )?;
    if d > chance {
        record(
            ctx,
            i,
            r,
            format!("{fuel} tank hit, D100 {d} > {chance}: no fire"),
            0,
        );
        return Ok(());
    }
    record(
        ctx,
        i,
        r,
        format!("{fuel} tank hit, D100 {d} <= {chance}: fire (D6+2)"),
        0,
    );
    let row = SeverityDiceRow::fixed(1, 2);
    casualty_critical(
        ctx,
        i,
        Casualty::Fire,
        "fuel tank critical (8.3)",
        None,
        Vec::new(),
        c,
        &[],
        Some(row),
    )
}

/// Flotation (FG&DN 8.3): small craft lose a speed level; E 6, F 5, G 4 hits sink them.
pub fn flotation(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let cap = flotation_capacity(s.spec.size);
    let n = s.equipment.flotation_hits + 1;
    effect(ctx, i, Effect::FlotationHit);
    record(
        ctx,
        i,
        r,
        format!("flotation hit {n} of {cap}: speed -1 level"),
        1,
    );
    if n >= cap {
        destroyed(
            ctx,
            i,
            format!("no flotation left ({n} of {cap} hits, 8.3)"),
        );
    }
    Ok(())
}

/// Timers of ship `i` fired at the end of the current phase: bridge re-manned, rudder unjam.
pub fn timed(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let clock = ctx.state.clock;
    let due = timers::due_now(&ctx.state, ctx.tables, i);
    if due.contains(&TimerKind::BridgeRemanned) {
        effect(ctx, i, Effect::BridgeRemanned);
    }
    if due.contains(&TimerKind::RudderUnjam) {
        let s = &ctx.state.ships[i];
        let k = s.equipment.rudder_attempts as usize;
        let on = UNJAM_ON[k.min(2)];
        let name = s.spec.name.clone();
        let d = ctx.roll(
            i,
            Die::D10,
            format!(
                "rudder unjam attempt {} of 3, {name}: frees on 1-{on} ({} %)",
                k + 1,
                on * 10
            ),
        )?;
        let freed = d <= on;
        let next = (!freed && k + 1 < 3).then_some(clock.turn + TACTICAL_MINUTES);
        effect(
            ctx,
            i,
            Effect::RudderUnjam {
                roll: d,
                chance: on * 10,
                freed,
                next,
            },
        );
    }
    Ok(())
}

/// Whether the mount is out of action now, and why (for the status). A sunk ship's mounts are
/// lost with her, whatever her damage (FG&DN 8.1.8, 8.3 magazine detonation).
pub fn mount_status(s: &ShipState, k: usize) -> &'static str {
    if s.status == crate::rulesets::fgdn::state::ShipStatus::Sunk {
        return "lost with the ship";
    }
    let m = &s.spec.mounts[k];
    if s.equipment.mounts_out[k] {
        let t = RepairTarget::Mount { index: k };
        if s.equipment.breakdowns.iter().any(|(b, _)| *b == t) {
            return "out (breakdown)";
        }
        return "out";
    }
    let crews = s
        .dc_crews
        .is_some_and(|b| crew_battery_of(m.battery) == Some(b));
    if crews {
        return "crews at damage control";
    }
    if s.magazines_flooded
        && matches!(
            m.battery,
            Battery::Main | Battery::Casemate | Battery::Secondary
        )
    {
        return "no ammunition (magazines flooded)";
    }
    let massive = crate::rulesets::fgdn::damage::massive(s.spec.dp, s.dp_left());
    if !s.is_small_craft() {
        match massive {
            crate::rulesets::fgdn::damage::Massive::AllWeaponsOut => return "out (massive damage)",
            crate::rulesets::fgdn::damage::Massive::BatteriesOut
                if matches!(
                    m.battery,
                    Battery::Main | Battery::Casemate | Battery::Secondary | Battery::Tertiary
                ) =>
            {
                return "out (massive damage)"
            }
            _ => {}
        }
    }
    if s.equipment.local_control.contains(&m.battery) {
        return "local control";
    }
    "ok"
}
