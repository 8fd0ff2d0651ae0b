//! Airships (FG&DN 1.1 8.8 Airship Damage; SPEC 3.9).
//!
//! A `[[ship]]` of `type = "airship"` with an `airship = { gas, gas_cells, engines, fuel }` table
//! is an airship. A hit on it is not damage points: "each hit by a plane or AA gun inflicts a
//! critical hit", rolled at once (`airship SHIP gondola|envelope`, the part the attacker aimed
//! at) on the Airship Critical Hit Table: engine, fuel, control (elevator, rudder, valving,
//! ballast), communications, weapons, gas cell; starred results start a fire unless the gas is
//! helium. A fire in a hydrogen envelope loses her at once; a gondola fire is checked in the
//! Plotting Phase of each turn (D10 8-10 it spreads to the envelope and she is lost, 1-5 it is
//! out, else one more critical in that turn's Resolution Phase). Those two timers are items of
//! the one schedule (`timers.rs`). Rulings are in docs/rules-notes.md "Airships".
use crate::core::dice::Die;
use crate::rulesets::fgdn::clock::{label, Clock, Minute, Phase};
use crate::rulesets::fgdn::effects::{destroyed, pick};
use crate::rulesets::fgdn::engine::{Ctx, RuleError};
use crate::rulesets::fgdn::event::Event;
use crate::rulesets::fgdn::state::ShipState;
use crate::rulesets::fgdn::timers::{Timer, TimerKind};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// `type = "airship"`.
pub const AIRSHIP: &str = "airship";

/// The lifting gas (8.8: helium does not burn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gas {
    Hydrogen,
    Helium,
}

impl Gas {
    pub fn name(self) -> &'static str {
        match self {
            Gas::Hydrogen => "hydrogen",
            Gas::Helium => "helium",
        }
    }
}

/// Engines by side (8.8 Engine: what an engine lost does depends on the others on its side).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Engines {
    #[serde(default)]
    pub port: u32,
    #[serde(default)]
    pub starboard: u32,
    #[serde(default)]
    pub centre: u32,
}

impl Engines {
    pub fn total(&self) -> u32 {
        self.port + self.starboard + self.centre
    }
    fn get(&self, side: EngineSide) -> u32 {
        match side {
            EngineSide::Port => self.port,
            EngineSide::Starboard => self.starboard,
            EngineSide::Centre => self.centre,
        }
    }
    fn get_mut(&mut self, side: EngineSide) -> &mut u32 {
        match side {
            EngineSide::Port => &mut self.port,
            EngineSide::Starboard => &mut self.starboard,
            EngineSide::Centre => &mut self.centre,
        }
    }
}

/// An airship's figures as the scenario gives them (Annex B2 data, not in this text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AirshipSpec {
    pub gas: Gas,
    /// Gas cells (8.8: "Annex B2, Airships will tell how many cells each airship has").
    pub gas_cells: u32,
    /// Engines by side; None: not given (an engine hit is then described).
    #[serde(default)]
    pub engines: Option<Engines>,
    /// Maximum fuel in the umpire's unit (tons, hours ...); None: not given.
    #[serde(default)]
    pub fuel: Option<u32>,
}

impl AirshipSpec {
    /// Problems with the figures, as (key, message).
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut v = Vec::new();
        if self.gas_cells == 0 || self.gas_cells > 100 {
            v.push((
                "airship",
                format!("gas_cells {} must be 1-100 (8.8)", self.gas_cells),
            ));
        }
        if self.engines.is_some_and(|e| e.total() > 40) {
            v.push(("airship", "engines: at most 40 in all".to_string()));
        }
        if self.fuel == Some(0) {
            v.push((
                "airship",
                "fuel must be more than 0 (or left out)".to_string(),
            ));
        }
        v
    }
}

/// Where the attacker aimed (8.8, 7.3.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    Gondola,
    Envelope,
}

impl Part {
    pub fn name(self) -> &'static str {
        match self {
            Part::Gondola => "gondola",
            Part::Envelope => "envelope",
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Part {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "gondola" => Ok(Part::Gondola),
            "envelope" => Ok(Part::Envelope),
            _ => Err(format!(
                "unknown airship part \"{s}\" (expected gondola or envelope)"
            )),
        }
    }
}

/// The control lost on a Control critical (8.8: D6 1-2 elevator, 3-4 rudder, 5 valving, 6
/// ballast).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Control {
    Elevator,
    Rudder,
    Valving,
    Ballast,
}

impl Control {
    pub const ALL: [Control; 4] = [
        Control::Elevator,
        Control::Rudder,
        Control::Valving,
        Control::Ballast,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Control::Elevator => "elevator",
            Control::Rudder => "rudder",
            Control::Valving => "valving",
            Control::Ballast => "ballast",
        }
    }
}

impl FromStr for Control {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Control::ALL
            .into_iter()
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown control \"{s}\" (expected one of: elevator, rudder, valving, ballast)"
                )
            })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EngineSide {
    Port,
    Starboard,
    Centre,
}

impl EngineSide {
    pub fn name(self) -> &'static str {
        match self {
            EngineSide::Port => "port",
            EngineSide::Starboard => "starboard",
            EngineSide::Centre => "centre",
        }
    }
}

/// A result of the Airship Critical Hit Table (8.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Result8 {
    Engine,
    Fuel,
    Control,
    Communications,
    Weapons,
    GasCell,
}

impl Result8 {
    pub const ALL: [Result8; 6] = [
        Result8::Engine,
        Result8::Fuel,
        Result8::Control,
        Result8::Communications,
        Result8::Weapons,
        Result8::GasCell,
    ];
    /// The id in `tables/fgdn-1.1/airship_critical.toml`.
    pub fn name(self) -> &'static str {
        match self {
            Result8::Engine => "engine",
            Result8::Fuel => "fuel",
            Result8::Control => "control",
            Result8::Communications => "communications",
            Result8::Weapons => "weapons",
            Result8::GasCell => "gas_cell",
        }
    }
}

impl FromStr for Result8 {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Result8::ALL
            .into_iter()
            .find(|r| r.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown airship critical \"{s}\" (expected one of: {})",
                    Result8::ALL.map(|r| r.name()).join(", ")
                )
            })
    }
}

/// A fire burning in the gondola (8.8 Fire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct GondolaFire {
    /// The next D10 check is in the Plotting Phase of the turn containing this minute.
    pub next_check: Minute,
    /// Not put out at the last check: one more critical in the Resolution Phase of this turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extra_at: Option<Minute>,
}

/// What the gondola fire's D10 gave (8.8 Fire).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FireCheck {
    /// 1-5: extinguished.
    Out,
    /// Not extinguished: one more critical in this turn's Resolution Phase.
    Burns,
    /// 8-10 with hydrogen: it spreads to the envelope and she is lost.
    Spreads,
}

/// One change to an airship (recorded in the log; `apply` folds it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case")]
pub enum AirshipChange {
    /// A critical hit on the Airship Critical Hit Table, its D10 and what it did in words.
    Hit {
        part: Part,
        roll: Option<u32>,
        what: String,
        turn: Minute,
    },
    ControlLost {
        control: Control,
    },
    CommsOut,
    EngineLost {
        side: EngineSide,
    },
    FuelLost,
    CellHit {
        cell: u32,
    },
    WeaponsHit,
    FireStarted {
        next_check: Minute,
    },
    FireChecked {
        roll: u32,
        result: FireCheck,
        next_check: Minute,
        extra_at: Option<Minute>,
    },
    /// The extra critical of a burning gondola is rolled now.
    FireCritical,
}

/// `Event::Airship`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AirshipEvent {
    pub ship: String,
    pub change: AirshipChange,
}

/// An airship's state (8.8).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct AirshipState {
    pub controls_lost: Vec<Control>,
    pub comms_out: bool,
    pub engines_lost: Engines,
    pub fuel_quarters_lost: u32,
    /// Hits on each gas cell (index = cell - 1).
    pub cell_hits: Vec<u32>,
    pub weapons_hits: u32,
    pub fire: Option<GondolaFire>,
    /// Every critical: turn, part, D10, what it did.
    pub hits: Vec<(Minute, Part, Option<u32>, String)>,
}

impl AirshipState {
    pub fn new(spec: &AirshipSpec) -> AirshipState {
        AirshipState {
            cell_hits: vec![0; spec.gas_cells as usize],
            ..AirshipState::default()
        }
    }

    pub fn cells_lost(&self) -> u32 {
        self.cell_hits.iter().filter(|n| **n > 0).count() as u32
    }

    pub fn apply(&mut self, c: &AirshipChange) {
        match c {
            AirshipChange::Hit {
                part,
                roll,
                what,
                turn,
            } => self.hits.push((*turn, *part, *roll, what.clone())),
            AirshipChange::ControlLost { control } => {
                if !self.controls_lost.contains(control) {
                    self.controls_lost.push(*control);
                    self.controls_lost.sort();
                }
            }
            AirshipChange::CommsOut => self.comms_out = true,
            AirshipChange::EngineLost { side } => *self.engines_lost.get_mut(*side) += 1,
            AirshipChange::FuelLost => {
                self.fuel_quarters_lost = (self.fuel_quarters_lost + 1).min(4)
            }
            AirshipChange::CellHit { cell } => {
                if let Some(n) = self.cell_hits.get_mut((*cell as usize).wrapping_sub(1)) {
                    *n = n.saturating_add(1);
                }
            }
            AirshipChange::WeaponsHit => self.weapons_hits += 1,
            AirshipChange::FireStarted { next_check } => {
                self.fire = Some(GondolaFire {
                    next_check: *next_check,
                    extra_at: None,
                })
            }
            AirshipChange::FireChecked {
                result,
                next_check,
                extra_at,
                ..
            } => {
                self.fire = match result {
                    FireCheck::Out | FireCheck::Spreads => None,
                    FireCheck::Burns => Some(GondolaFire {
                        next_check: *next_check,
                        extra_at: *extra_at,
                    }),
                }
            }
            AirshipChange::FireCritical => {
                if let Some(f) = &mut self.fire {
                    f.extra_at = None;
                }
            }
        }
    }
}

/// Apply an `Event::Airship` to the state.
pub fn apply(state: &mut crate::rulesets::fgdn::state::GameState, e: &AirshipEvent) {
    if let Some(i) = state.ship_index(&e.ship) {
        if let Some(a) = &mut state.ships[i].airship {
            a.apply(&e.change);
        }
    }
}

fn emit(ctx: &mut Ctx<'_>, i: usize, change: AirshipChange) {
    let ship = ctx.state.ships[i].id().to_string();
    ctx.emit(Event::Airship(Box::new(AirshipEvent { ship, change })));
}

fn spec(s: &ShipState) -> Option<AirshipSpec> {
    s.spec.airship
}

/// Why a ship command does not apply to an airship (hits on an airship are criticals, 8.8).
pub fn refuse(s: &ShipState, what: &str) -> Result<(), RuleError> {
    if s.airship.is_some() {
        return Err(RuleError::Refused(format!(
            "{} ({}) is an airship: {what} does not apply; each hit on an airship is a critical hit, entered with `airship {} gondola|envelope` (8.8)",
            s.spec.name,
            s.id(),
            s.id()
        )));
    }
    Ok(())
}

/// `airship SHIP gondola|envelope`: a hit by a plane or AA gun on the part aimed at, one critical
/// hit on the Airship Critical Hit Table, rolled at once (8.8).
pub fn hit(ctx: &mut Ctx<'_>, i: usize, part: Part) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    if s.airship.is_none() {
        return Err(RuleError::Refused(format!(
            "{} ({}) is not an airship (type = \"airship\" in the scenario): enter hits on ships with `hit`",
            s.spec.name,
            s.id()
        )));
    }
    critical(ctx, i, part, "a hit")
}

/// One critical hit on the Airship Critical Hit Table (8.8), with its own dice.
fn critical(ctx: &mut Ctx<'_>, i: usize, part: Part, why: &str) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let d10 = ctx.roll(
        i,
        Die::D10,
        format!("airship critical, {name}, {part} ({why}; Airship Critical Hit Table, 8.8)"),
    )?;
    let Some((result, starred)) = ctx.tables.airship_critical.cell(part, d10) else {
        return Err(RuleError::Refused(format!(
            "D10 {d10} is not on the {part} column of the Airship Critical Hit Table"
        )));
    };
    let Some(sp) = spec(&ctx.state.ships[i]) else {
        return Ok(());
    };
    let mut changes = Vec::new();
    let what = match result {
        Result8::Engine => engine(ctx, i, &sp, &mut changes)?,
        Result8::Fuel => {
            changes.push(AirshipChange::FuelLost);
            let lost = ctx.state.ships[i]
                .airship
                .as_ref()
                .map_or(0, |a| a.fuel_quarters_lost)
                + 1;
            let amount = sp
                .fuel
                .map(|f| format!(" ({} of {f})", f / 4))
                .unwrap_or_default();
            if lost >= 4 {
                format!("fuel: a quarter of the maximum lost{amount}: ALL FUEL LOST, she drifts with the wind, no elevator or rudder control (she can still valve gas and drop ballast)")
            } else {
                format!("fuel: a quarter of the maximum lost{amount}, {lost}/4 in all (if she has used a quarter or more, the umpire rolls which tanks were hit)")
            }
        }
        Result8::Control => {
            let d6 = ctx.roll(
                i,
                Die::D6,
                format!("airship control, {name} (1-2 elevator, 3-4 rudder, 5 valving, 6 ballast)"),
            )?;
            let Some(control) = ctx.tables.airship_critical.control(d6) else {
                return Err(RuleError::Refused(format!(
                    "D6 {d6} is not in the control rows of the Airship Critical Hit Table"
                )));
            };
            changes.push(AirshipChange::ControlLost { control });
            format!(
                "control: D6 {d6}, {} control lost ({})",
                control.name(),
                control_text(control)
            )
        }
        Result8::Communications => {
            changes.push(AirshipChange::CommsOut);
            "communications: wireless destroyed; she can still signal by lights or message streamer"
                .into()
        }
        Result8::Weapons => {
            changes.push(AirshipChange::WeaponsHit);
            "weapons: effect not defined by the rules: apply your house rule (8.8 names the result but gives no effect)".into()
        }
        Result8::GasCell => {
            let cells = sp.gas_cells;
            let cell = pick(ctx, i, cells as usize, "gas cell")? as u32 + 1;
            changes.push(AirshipChange::CellHit { cell });
            let a = ctx.state.ships[i].airship.clone().unwrap_or_default();
            let again = a.cell_hits.get(cell as usize - 1).is_some_and(|n| *n > 0);
            let lost = a.cells_lost() + u32::from(!again);
            format!(
                "gas cell {cell} of {cells} ruptured{}: {lost} of {cells} lost ({} %): {}",
                if again { " again (already lost)" } else { "" },
                lost * 100 / cells,
                cells_text(lost * 100 / cells)
            )
        }
    };
    let gas = sp.gas;
    let fire = if !starred {
        String::new()
    } else if gas == Gas::Helium {
        "; fire ignored: the envelope is filled with helium (8.8)".into()
    } else {
        "; FIRE".into()
    };
    let turn = ctx.state.clock.turn;
    emit(
        ctx,
        i,
        AirshipChange::Hit {
            part,
            roll: Some(d10),
            what: format!("D10 {d10}: {what}{fire}"),
            turn,
        },
    );
    for c in changes {
        emit(ctx, i, c);
    }
    if starred && gas == Gas::Hydrogen {
        match part {
            Part::Envelope => destroyed(
                ctx,
                i,
                "fire in the hydrogen-filled envelope: the airship is lost (8.8)".into(),
            ),
            Part::Gondola => {
                if ctx.state.ships[i]
                    .airship
                    .as_ref()
                    .is_some_and(|a| a.fire.is_none())
                {
                    let next_check = ctx.state.clock.turn_end();
                    emit(ctx, i, AirshipChange::FireStarted { next_check });
                }
            }
        }
    }
    Ok(())
}

/// An engine destroyed: a random one of those left (one D100 band each, port, starboard,
/// centre) (8.8 Engine).
fn engine(
    ctx: &mut Ctx<'_>,
    i: usize,
    sp: &AirshipSpec,
    changes: &mut Vec<AirshipChange>,
) -> Result<String, RuleError> {
    let Some(engines) = sp.engines else {
        return Ok("engine: one destroyed (engines not in the scenario: the umpire picks it and reduces her maximum speed proportionately)".into());
    };
    let lost = ctx.state.ships[i]
        .airship
        .as_ref()
        .map(|a| a.engines_lost)
        .unwrap_or_default();
    let sides = [EngineSide::Port, EngineSide::Starboard, EngineSide::Centre];
    let left: Vec<EngineSide> = sides
        .iter()
        .flat_map(|s| {
            std::iter::repeat_n(*s, engines.get(*s).saturating_sub(lost.get(*s)) as usize)
        })
        .collect();
    if left.is_empty() {
        return Ok("engine: none left to destroy".into());
    }
    let all_one = left.iter().all(|s| *s == left[0]);
    let side = if all_one {
        left[0]
    } else {
        left[pick(ctx, i, left.len(), "engine")?]
    };
    changes.push(AirshipChange::EngineLost { side });
    let on_side = engines.get(side).saturating_sub(lost.get(side) + 1);
    let total_left = left.len() as u32 - 1;
    let mut text = format!(
        "engine destroyed ({} side): {total_left} of {} left, maximum speed reduced proportionately",
        side.name(),
        engines.total()
    );
    if on_side == 0 && side != EngineSide::Centre {
        text.push_str(&format!(
            "; no engine left on the {} side: {}",
            side.name(),
            if ctx.state.ships[i]
                .airship
                .as_ref()
                .is_some_and(|a| a.controls_lost.contains(&Control::Rudder))
            {
                "without rudder control she circles to that side"
            } else {
                "she throttles back to half the remaining speed on the other side to keep control"
            }
        ));
    }
    Ok(text)
}

fn control_text(c: Control) -> &'static str {
    match c {
        Control::Elevator => "cannot control her height: each tactical turn she randomly climbs or dives half her maximum rate, or stays level",
        Control::Rudder => "steers with her engines at half speed",
        Control::Valving => "cannot release gas to descend; cells can still be ripped",
        Control::Ballast => "cannot release ballast; she can still jettison fuel, ordnance or mission equipment",
    }
}

/// The effect of the gas cells lost, by the percentage lost (8.8 Gas Cell).
pub fn cells_text(pct: u32) -> &'static str {
    match pct {
        0..=24 => "no effect",
        25..=49 => "she may not climb",
        50..=74 => "she must descend at her maximum rate of descent",
        _ => "uncontrollable dive at three times her maximum rate of descent",
    }
}

/// The gondola fire's timers (8.8 Fire), on the clock's grid: the D10 check in the Plotting
/// Phase of each turn after it started, and the extra critical in the Resolution Phase of a
/// turn whose check did not put it out.
pub fn schedule(c: Clock, s: &ShipState, out: &mut Vec<Timer>) {
    let Some(f) = s.airship.as_ref().and_then(|a| a.fire) else {
        return;
    };
    if let Some(at) = f.extra_at {
        out.push(Timer {
            kind: TimerKind::AirshipFireCritical,
            turn: c.slot(at, Phase::Resolution),
            phase: Phase::Resolution,
        });
    }
    out.push(Timer {
        kind: TimerKind::AirshipFireCheck,
        turn: c.slot(f.next_check, Phase::Plotting),
        phase: Phase::Plotting,
    });
}

/// What a timer will do, for the due list.
pub fn describe(s: &ShipState, kind: TimerKind) -> String {
    let hydrogen = s.spec.airship.is_some_and(|a| a.gas == Gas::Hydrogen);
    match kind {
        TimerKind::AirshipFireCritical => {
            "gondola fire: one more airship critical on the gondola (8.8)".into()
        }
        _ => format!(
            "gondola fire check D10: 1-5 out{}, else one more critical this turn (8.8)",
            if hydrogen {
                ", 8-10 spreads to the hydrogen envelope (lost)"
            } else {
                ""
            }
        ),
    }
}

/// Fire the airship timers due at the end of the current phase (8.8 Fire).
pub fn timed(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    if ctx.state.ships[i].airship.is_none() {
        return Ok(());
    }
    for kind in crate::rulesets::fgdn::timers::due_now(&ctx.state, ctx.tables, i) {
        if !ctx.state.ships[i].is_afloat() {
            break;
        }
        match kind {
            TimerKind::AirshipFireCheck => fire_check(ctx, i)?,
            TimerKind::AirshipFireCritical => {
                emit(ctx, i, AirshipChange::FireCritical);
                critical(ctx, i, Part::Gondola, "the gondola fire")?;
            }
            _ => {}
        }
    }
    Ok(())
}

fn fire_check(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let hydrogen = spec(&ctx.state.ships[i]).is_some_and(|a| a.gas == Gas::Hydrogen);
    let d = ctx.roll(
        i,
        Die::D10,
        format!(
            "gondola fire, {name}: 1-5 out{} (8.8)",
            if hydrogen {
                ", 8-10 spreads to the envelope"
            } else {
                ""
            }
        ),
    )?;
    let result = if hydrogen && d >= 8 {
        FireCheck::Spreads
    } else if d <= 5 {
        FireCheck::Out
    } else {
        FireCheck::Burns
    };
    let c = ctx.state.clock;
    emit(
        ctx,
        i,
        AirshipChange::FireChecked {
            roll: d,
            result,
            next_check: c.turn_end(),
            extra_at: (result == FireCheck::Burns).then_some(c.turn),
        },
    );
    if result == FireCheck::Spreads {
        destroyed(
            ctx,
            i,
            format!(
                "gondola fire spread to the hydrogen envelope (D10 {d}, 8.8): the airship is lost"
            ),
        );
    }
    Ok(())
}

/// Log words for an airship change.
pub fn text(name: &str, e: &AirshipEvent) -> String {
    match &e.change {
        AirshipChange::Hit { part, what, .. } => {
            format!("{name}: AIRSHIP CRITICAL ({part}) {what}")
        }
        AirshipChange::ControlLost { control } => {
            format!("{name}: {} control lost", control.name())
        }
        AirshipChange::CommsOut => format!("{name}: wireless destroyed"),
        AirshipChange::EngineLost { side } => {
            format!("{name}: engine lost ({} side)", side.name())
        }
        AirshipChange::FuelLost => format!("{name}: a quarter of her fuel lost"),
        AirshipChange::CellHit { cell } => format!("{name}: gas cell {cell} ruptured"),
        AirshipChange::WeaponsHit => format!("{name}: weapons hit"),
        AirshipChange::FireStarted { next_check } => format!(
            "{name}: FIRE in the gondola; first check D10 in the {} plotting phase (8.8)",
            label(*next_check)
        ),
        AirshipChange::FireChecked { roll, result, .. } => format!(
            "{name}: gondola fire check D10 {roll}: {}",
            match result {
                FireCheck::Out => "extinguished",
                FireCheck::Burns => "still burning: one more critical in this resolution phase",
                FireCheck::Spreads => "it SPREADS to the envelope",
            }
        ),
        AirshipChange::FireCritical => {
            format!("{name}: the gondola fire causes one more critical (8.8)")
        }
    }
}

/// The airship's state for `status --json` and the detail panel.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AirshipView {
    pub gas: &'static str,
    pub gas_cells: u32,
    pub cells_lost: u32,
    pub cells_lost_pct: u32,
    pub controls_lost: Vec<&'static str>,
    pub comms_out: bool,
    /// Engines left by side; null when the scenario gives none.
    pub engines_left: Option<Engines>,
    pub fuel_lost_quarters: u32,
    pub weapons_hits: u32,
    pub gondola_fire: bool,
    pub criticals: Vec<AirshipHitView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AirshipHitView {
    pub turn: String,
    pub part: &'static str,
    pub roll: Option<u32>,
    pub what: String,
}

pub fn view(s: &ShipState) -> Option<AirshipView> {
    let a = s.airship.as_ref()?;
    let sp = s.spec.airship?;
    let lost = a.cells_lost();
    Some(AirshipView {
        gas: sp.gas.name(),
        gas_cells: sp.gas_cells,
        cells_lost: lost,
        cells_lost_pct: lost * 100 / sp.gas_cells.max(1),
        controls_lost: a.controls_lost.iter().map(|c| c.name()).collect(),
        comms_out: a.comms_out,
        engines_left: sp.engines.map(|e| Engines {
            port: e.port.saturating_sub(a.engines_lost.port),
            starboard: e.starboard.saturating_sub(a.engines_lost.starboard),
            centre: e.centre.saturating_sub(a.engines_lost.centre),
        }),
        fuel_lost_quarters: a.fuel_quarters_lost,
        weapons_hits: a.weapons_hits,
        gondola_fire: a.fire.is_some(),
        criticals: a
            .hits
            .iter()
            .map(|(t, p, r, w)| AirshipHitView {
                turn: label(*t),
                part: p.name(),
                roll: *r,
                what: w.clone(),
            })
            .collect(),
    })
}

/// Her maximum speed and orders (8.8): speed in proportion to the engines left; half without
/// rudder control (she steers with her engines); 0 with all fuel lost (she drifts).
pub fn speed_and_orders(s: &ShipState) -> Option<(u32, Vec<String>)> {
    let a = s.airship.as_ref()?;
    let sp = s.spec.airship?;
    let mut speed = s.spec.speed;
    let mut orders = Vec::new();
    if let Some(e) = sp.engines.filter(|e| e.total() > 0) {
        let left = e.total().saturating_sub(a.engines_lost.total());
        speed = speed * left / e.total();
    }
    if a.controls_lost.contains(&Control::Rudder) {
        speed /= 2;
        orders.push("No rudder control: steers with her engines, half speed (8.8)".to_string());
    }
    for c in &a.controls_lost {
        if *c != Control::Rudder {
            orders.push(format!(
                "No {} control: {} (8.8)",
                c.name(),
                control_text(*c)
            ));
        }
    }
    if a.fuel_quarters_lost >= 4 {
        speed = 0;
        orders.push(
            "All fuel lost: drifts with the wind, no elevator or rudder control (8.8)".into(),
        );
    }
    let pct = a.cells_lost() * 100 / sp.gas_cells.max(1);
    if pct >= 25 {
        orders.push(format!(
            "Gas cells {} of {} lost ({pct} %): {} (8.8)",
            a.cells_lost(),
            sp.gas_cells,
            cells_text(pct)
        ));
    }
    if let Some(f) = a.fire {
        orders.push(format!(
            "Gondola fire: check D10 in the {} plotting phase (8.8)",
            label(f.next_check)
        ));
    }
    Some((speed, orders))
}

/// Detail-panel lines (8.8).
pub fn detail_lines(v: &AirshipView) -> Vec<String> {
    let mut out = vec![format!(
        "Airship ({}): gas cells {}/{} lost ({} %): {}",
        v.gas,
        v.cells_lost,
        v.gas_cells,
        v.cells_lost_pct,
        cells_text(v.cells_lost_pct)
    )];
    let mut parts = Vec::new();
    if let Some(e) = v.engines_left {
        parts.push(format!(
            "engines left port {}, starboard {}, centre {}",
            e.port, e.starboard, e.centre
        ));
    }
    if !v.controls_lost.is_empty() {
        parts.push(format!("controls lost: {}", v.controls_lost.join(", ")));
    }
    if v.comms_out {
        parts.push("wireless out".into());
    }
    if v.fuel_lost_quarters > 0 {
        parts.push(format!("fuel lost {}/4", v.fuel_lost_quarters));
    }
    if v.weapons_hits > 0 {
        parts.push(format!("weapons hit x{} (house rule)", v.weapons_hits));
    }
    if v.gondola_fire {
        parts.push("GONDOLA ON FIRE".into());
    }
    if !parts.is_empty() {
        out.push(format!("Airship: {}", parts.join("; ")));
    }
    for h in &v.criticals {
        out.push(format!("{} {}: {}", h.turn, h.part, h.what));
    }
    out
}
