//! Submarines (FG&DN 1.1 8.1.2, 8.1.4, the Critical Hit Table's Submarine columns, 8.1.8,
//! 8.1.10, 8.2, 8.3, 8.4; SPEC 3.9).
//!
//! A ship of `type = "submarine"` carries a depth the umpire sets (`depth SHIP BAND`): surfaced,
//! periscope depth, Shallow, or Intermediate Zone I, II, ... (the text names Zone I and counts
//! "depth zones below Zone I"). Surfaced, she is a minor surface combatant (8.1.4: the Minor
//! column, her torpedo tubes for the main battery); submerged, her criticals are read on the
//! Lethal, Major or Minor Damage column named by the severity of the underwater attack, which the
//! umpire gives with the hit (`attack lethal|major|minor`: the ASW attack tables that decide it
//! are not in this text). Her own critical kinds (hull penetration, hull deformation, battery,
//! switchboard, depth control) and their timers live here; when they fire is read from the one
//! schedule (`timers.rs`). Rulings are in docs/rules-notes.md "Submarines".
use crate::core::dice::Die;
use crate::rulesets::fgdn::clock::{label, Minute, Phase, TACTICAL_MINUTES};
use crate::rulesets::fgdn::effects::{self, Rec};
use crate::rulesets::fgdn::engine::{Ctx, RuleError};
use crate::rulesets::fgdn::event::{Casualty, Event};
use crate::rulesets::fgdn::kinds::{Column, CriticalKind, SeverityLevel};
use crate::rulesets::fgdn::repairs::RepairTarget;
use crate::rulesets::fgdn::state::ShipState;
use crate::rulesets::fgdn::tables::Tables;
use crate::rulesets::fgdn::timers::{self, TimerKind};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Deepest Intermediate Zone a scenario or command may name (the text gives no number).
pub const MAX_ZONE: u8 = 9;

/// A submarine's depth band (FG&DN 8.2, 8.3, 8.4): surfaced, periscope depth, Shallow, or an
/// Intermediate Zone (1 = "Intermediate Zone I"). Ordered from the surface down.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DepthBand {
    Surfaced,
    Periscope,
    Shallow,
    Intermediate(u8),
}

impl DepthBand {
    /// The words commands and files use: `surfaced`, `periscope`, `shallow`, `intermediate_1`.
    pub fn name(self) -> String {
        match self {
            DepthBand::Surfaced => "surfaced".into(),
            DepthBand::Periscope => "periscope".into(),
            DepthBand::Shallow => "shallow".into(),
            DepthBand::Intermediate(n) => format!("intermediate_{n}"),
        }
    }

    /// The words the screen and the log use ("Intermediate Zone I" is the text's own name).
    pub fn words(self) -> String {
        match self {
            DepthBand::Surfaced => "surfaced".into(),
            DepthBand::Periscope => "periscope depth".into(),
            DepthBand::Shallow => "Shallow".into(),
            DepthBand::Intermediate(n) => format!("Intermediate Zone {}", roman(n)),
        }
    }

    pub fn submerged(self) -> bool {
        self != DepthBand::Surfaced
    }

    /// One band up; None above periscope depth (going up from there is a broach).
    pub fn up(self) -> Option<DepthBand> {
        match self {
            DepthBand::Surfaced | DepthBand::Periscope => None,
            DepthBand::Shallow => Some(DepthBand::Periscope),
            DepthBand::Intermediate(1) => Some(DepthBand::Shallow),
            DepthBand::Intermediate(n) => Some(DepthBand::Intermediate(n - 1)),
        }
    }

    pub fn down(self) -> DepthBand {
        match self {
            DepthBand::Surfaced => DepthBand::Periscope,
            DepthBand::Periscope => DepthBand::Shallow,
            DepthBand::Shallow => DepthBand::Intermediate(1),
            DepthBand::Intermediate(n) => {
                DepthBand::Intermediate(n.saturating_add(1).min(MAX_ZONE))
            }
        }
    }

    /// How many bands below `limit` this is (0 at or above it).
    pub fn zones_below(self, limit: DepthBand) -> u32 {
        let rank = |d: DepthBand| match d {
            DepthBand::Surfaced => 0u32,
            DepthBand::Periscope => 1,
            DepthBand::Shallow => 2,
            DepthBand::Intermediate(n) => 2 + n as u32,
        };
        rank(self).saturating_sub(rank(limit))
    }
}

fn roman(n: u8) -> &'static str {
    ["0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
        .get(n as usize)
        .copied()
        .unwrap_or("?")
}

impl fmt::Display for DepthBand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// The depth words accepted, for messages.
pub const DEPTH_WORDS: &str =
    "surfaced, periscope, shallow or intermediate_N (N = 1 for Intermediate Zone I, up to 9)";

impl FromStr for DepthBand {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let w = s.trim().to_ascii_lowercase().replace(['-', ' '], "_");
        match w.as_str() {
            "surfaced" | "surface" => return Ok(DepthBand::Surfaced),
            "periscope" | "periscope_depth" => return Ok(DepthBand::Periscope),
            "shallow" => return Ok(DepthBand::Shallow),
            _ => {}
        }
        let zone = w
            .strip_prefix("intermediate_zone_")
            .or_else(|| w.strip_prefix("intermediate_"));
        let n = zone.and_then(|z| {
            z.parse::<u8>()
                .ok()
                .or_else(|| (1..=MAX_ZONE).find(|k| roman(*k).eq_ignore_ascii_case(z)))
        });
        match n {
            Some(n) if (1..=MAX_ZONE).contains(&n) => Ok(DepthBand::Intermediate(n)),
            _ => Err(format!("unknown depth \"{s}\" (expected {DEPTH_WORDS})")),
        }
    }
}

impl Serialize for DepthBand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.name())
    }
}

impl<'de> Deserialize<'de> for DepthBand {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// The severity of an underwater attack on a submerged boat, which picks the Submarine column
/// (FG&DN 8.1.4): given by the umpire with the hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Attack {
    Minor,
    Major,
    Lethal,
}

impl Attack {
    pub fn name(self) -> &'static str {
        match self {
            Attack::Minor => "minor",
            Attack::Major => "major",
            Attack::Lethal => "lethal",
        }
    }
    pub fn column(self) -> Column {
        match self {
            Attack::Minor => Column::SubMinor,
            Attack::Major => Column::SubMajor,
            Attack::Lethal => Column::SubLethal,
        }
    }
}

impl fmt::Display for Attack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Attack {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "minor" => Ok(Attack::Minor),
            "major" => Ok(Attack::Major),
            "lethal" => Ok(Attack::Lethal),
            _ => Err(format!(
                "unknown attack \"{s}\" (expected lethal, major or minor: the severity of the underwater attack, 8.1.4)"
            )),
        }
    }
}

/// What the scenario says of a submarine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SubSpec {
    /// Depth at the start (default surfaced).
    pub depth: DepthBand,
    /// The deepest band she can reach (crush depth is below it: 8.3 Rudder); None: not given.
    pub max_depth: Option<DepthBand>,
}

/// A minor-damage critical that clears by itself (Critical Hit Table note: Sensor, Rudder,
/// Weapon and Engineering criticals of the Submarine Minor Damage column clear in D6 turns).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinorClear {
    /// Cleared at the end of the Resolution Phase of this turn.
    pub until: Minute,
    pub kind: CriticalKind,
    /// Index of the critical in the ship's list.
    pub critical: usize,
    /// What it knocked out, put back when it clears.
    pub targets: Vec<RepairTarget>,
    #[serde(default)]
    pub done: bool,
}

/// A submarine's state (FG&DN 8.1.4, 8.2, 8.3).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SubState {
    pub depth: Option<DepthBand>,
    pub max_depth: Option<DepthBand>,
    /// Her speed as last given with `depth ... speed KT` (depth control, 8.3 Rudder).
    pub speed: Option<u32>,
    /// Surfaced involuntarily: back to periscope depth at the end of the turn (8.3).
    pub broached: bool,
    /// Hull deformation criticals (8.3): 1 limits her to Intermediate Zone I, 2 to Shallow.
    pub deformations: u32,
    /// % of submerged endurance lost to battery criticals (8.3 Battery).
    pub battery_lost_pct: u32,
    /// Switchboard out until the end of the Resolution Phase of this turn (8.3 Switchboard).
    pub switchboard_until: Option<Minute>,
    /// Depth control lost (8.3 Rudder on a submarine).
    pub depth_control_lost: bool,
    pub clears: Vec<MinorClear>,
    /// The pressure hull is breached (8.3 Hull Penetration).
    pub hull_breached: bool,
    /// Severe flooding's one chance (8.2): None not yet taken; Some(false) failed, must surface.
    pub flooding_chance: Option<bool>,
}

impl SubState {
    pub fn new(spec: &SubSpec) -> SubState {
        SubState {
            depth: Some(spec.depth),
            max_depth: spec.max_depth,
            ..SubState::default()
        }
    }

    pub fn depth(&self) -> DepthBand {
        self.depth.unwrap_or(DepthBand::Surfaced)
    }

    /// The deepest band her hull allows after deformation (8.3 Hull Deformation).
    pub fn hull_limit(&self) -> Option<DepthBand> {
        match self.deformations {
            0 => None,
            1 => Some(DepthBand::Intermediate(1)),
            _ => Some(DepthBand::Shallow),
        }
    }

    /// Chance in % that the hull fails at her depth (8.3: 25 % per zone below Zone I after one
    /// deformation, 30 % per zone below Shallow after two).
    pub fn hull_risk(&self) -> u32 {
        let per = match self.deformations {
            1 => 25,
            2 => 30,
            _ => return 0,
        };
        self.hull_limit()
            .map(|l| (per * self.depth().zones_below(l)).min(100))
            .unwrap_or(0)
    }

    /// Engineering criticals (indices) cleared by the minor-damage rule: their speed level is
    /// back.
    pub fn cleared_criticals(&self) -> impl Iterator<Item = usize> + '_ {
        self.clears.iter().filter(|c| c.done).map(|c| c.critical)
    }

    /// At `end-battle` (SPEC 3.6): the fuses are replaced, a broach ends, minor damage still to
    /// clear is cleared. Returns the equipment to put back.
    pub fn end_battle(&mut self) -> Vec<RepairTarget> {
        self.switchboard_until = None;
        if self.broached {
            self.broached = false;
            self.depth = Some(DepthBand::Periscope);
        }
        let mut back = Vec::new();
        for c in &mut self.clears {
            if !c.done {
                c.done = true;
                if c.kind == CriticalKind::Rudder {
                    self.depth_control_lost = false;
                }
                back.extend(c.targets.iter().cloned());
            }
        }
        back
    }

    pub fn apply(&mut self, ch: &SubChange) {
        match ch {
            SubChange::Depth { depth, speed, .. } => {
                self.depth = Some(*depth);
                self.broached = false;
                if speed.is_some() {
                    self.speed = *speed;
                }
            }
            SubChange::Broached { .. } => {
                self.depth = Some(DepthBand::Surfaced);
                self.broached = true;
            }
            SubChange::Deformed => self.deformations += 1,
            SubChange::BatteryLost { pct } => {
                self.battery_lost_pct = (self.battery_lost_pct + pct).min(100)
            }
            SubChange::SwitchboardOut { until } => self.switchboard_until = Some(*until),
            SubChange::SwitchboardRestored => self.switchboard_until = None,
            SubChange::DepthControlLost => self.depth_control_lost = true,
            SubChange::ClearScheduled(c) => self.clears.push(c.as_ref().clone()),
            SubChange::MinorCleared { entry, .. } => {
                if let Some(c) = self.clears.get_mut(*entry) {
                    c.done = true;
                    if c.kind == CriticalKind::Rudder {
                        self.depth_control_lost = false;
                    }
                }
            }
            SubChange::Breached => self.hull_breached = true,
            SubChange::FloodingChance { reduced } => self.flooding_chance = Some(*reduced),
            SubChange::HullCheck { .. }
            | SubChange::DepthControlCheck { .. }
            | SubChange::BridgeHit { .. } => {}
        }
    }
}

/// A change to a submarine (`Event::Submarine`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "sub", rename_all = "snake_case")]
pub enum SubChange {
    /// A new depth: set by the umpire (`depth`) or by a rule (cause).
    Depth {
        depth: DepthBand,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        speed: Option<u32>,
        cause: String,
    },
    /// Surfaced involuntarily (a broach), for the rest of the turn (8.3 Bridge, Rudder).
    Broached {
        cause: String,
    },
    Deformed,
    BatteryLost {
        pct: u32,
    },
    SwitchboardOut {
        until: Minute,
    },
    SwitchboardRestored,
    DepthControlLost,
    /// A Submarine Minor Damage critical that will clear by itself (boxed: keeps events small).
    ClearScheduled(Box<MinorClear>),
    MinorCleared {
        entry: usize,
        kind: CriticalKind,
    },
    Breached,
    /// A submerged boat's bridge hit (8.3): fire control solutions lost; D10 1 broaches.
    BridgeHit {
        roll: u32,
    },
    /// Severe flooding's one chance to reduce the percentage (8.2).
    FloodingChance {
        reduced: bool,
    },
    /// A deformed hull below its limit (8.3 Hull Deformation): D100 <= chance fails.
    HullCheck {
        roll: u32,
        chance: u32,
        failed: bool,
    },
    /// Depth control lost: D100 <= 5 % x speed changes depth; D10 1-5 up, 6-10 down (8.3).
    DepthControlCheck {
        roll: u32,
        chance: u32,
        changed: bool,
    },
}

/// Log words for a submarine change.
pub fn change_text(ch: &SubChange) -> String {
    match ch {
        SubChange::Depth { depth, speed, cause } => format!(
            "depth {}{} ({cause})",
            depth.words(),
            speed.map(|k| format!(", {k} kt")).unwrap_or_default()
        ),
        SubChange::Broached { cause } => {
            format!("BROACHES: on the surface for the rest of the turn ({cause})")
        }
        SubChange::Deformed => "pressure hull deformed (8.3)".into(),
        SubChange::BatteryLost { pct } => {
            format!("battery cells lost: {pct} % of submerged endurance (8.3)")
        }
        SubChange::SwitchboardOut { until } => format!(
            "switchboard out until the end of {} resolution: no torpedoes, no change of depth or course, no propulsion (8.3)",
            label(*until)
        ),
        SubChange::SwitchboardRestored => "switchboard fuses replaced (8.3)".into(),
        SubChange::DepthControlLost => "depth control lost (8.3 Rudder)".into(),
        SubChange::ClearScheduled(c) => format!(
            "{} (minor damage) clears by itself at the end of {} resolution (Critical Hit Table note)",
            c.kind.name().replace('_', " "),
            label(c.until)
        ),
        SubChange::MinorCleared { kind, .. } => format!(
            "{} (minor damage) cleared (Critical Hit Table, Submarine Minor Damage note)",
            kind.name().replace('_', " ")
        ),
        SubChange::Breached => "PRESSURE HULL BREACHED (8.3)".into(),
        SubChange::BridgeHit { roll } => format!(
            "bridge hit while submerged: all fire control solutions lost, at periscope depth; D10 {roll}: {} (8.3)",
            if *roll == 1 { "she broaches for this turn" } else { "no broach" }
        ),
        SubChange::FloodingChance { reduced } => {
            if *reduced {
                "severe flooding: its one chance reduced it (8.2)".into()
            } else {
                "severe flooding not reduced at its one chance: MUST SURFACE (8.2)".into()
            }
        }
        SubChange::HullCheck {
            roll,
            chance,
            failed,
        } => format!(
            "deformed hull below its limit: D100 {roll} {} {chance}: {} (8.3)",
            if *failed { "<=" } else { ">" },
            if *failed { "THE HULL FAILS" } else { "holds" }
        ),
        SubChange::DepthControlCheck {
            roll,
            chance,
            changed,
        } => format!(
            "depth control check: D100 {roll} {} {chance}: {} (8.3)",
            if *changed { "<=" } else { ">" },
            if *changed {
                "involuntary change of depth"
            } else {
                "holds her depth"
            }
        ),
    }
}

fn emit(ctx: &mut Ctx<'_>, i: usize, change: SubChange) {
    let ship = ctx.state.ships[i].id().to_string();
    ctx.emit(Event::Submarine { ship, change });
}

pub fn is_sub(s: &ShipState) -> bool {
    s.sub.is_some()
}

/// A submarine below the surface.
pub fn submerged(s: &ShipState) -> bool {
    s.sub.as_ref().is_some_and(|u| u.depth().submerged())
}

fn sub(ctx: &Ctx<'_>, i: usize) -> SubState {
    ctx.state.ships[i].sub.clone().unwrap_or_default()
}

fn refused<T>(msg: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::Refused(msg.into()))
}

/// `depth SHIP BAND [speed KT]`: the umpire sets a submarine's depth (and her speed).
pub fn set_depth(
    ctx: &mut Ctx<'_>,
    i: usize,
    depth: DepthBand,
    speed: Option<u32>,
) -> Result<(), RuleError> {
    let s = &ctx.state.ships[i];
    let Some(u) = &s.sub else {
        return refused(format!(
            "{} ({}) is not a submarine (type = \"submarine\" in the scenario): it has no depth",
            s.spec.name,
            s.id()
        ));
    };
    if !s.is_afloat() {
        return refused(format!(
            "{} ({}) is {}",
            s.spec.name,
            s.id(),
            s.status.name()
        ));
    }
    if let Some(until) = u.switchboard_until {
        if depth != u.depth() {
            return refused(format!(
                "{}'s switchboard is out until the end of {} resolution: she cannot change depth (8.3 Switchboard)",
                s.spec.name,
                label(until)
            ));
        }
    }
    if let Some(max) = u.max_depth {
        if depth > max {
            return refused(format!(
                "{} cannot go below {} (max_depth in the scenario)",
                s.spec.name,
                max.words()
            ));
        }
    }
    if let Some(k) = speed {
        if k > s.spec.speed {
            return refused(format!(
                "{k} kt is more than {}'s {} kt",
                s.spec.name, s.spec.speed
            ));
        }
    }
    emit(
        ctx,
        i,
        SubChange::Depth {
            depth,
            speed,
            cause: "umpire".into(),
        },
    );
    Ok(())
}

/// The column for a batch of hits on ship `i` (FG&DN 8.1.4): a submerged boat's most severe
/// attack of the batch; None leaves the surface rules (Minor, or Torp & Mine).
pub fn attack_column(
    s: &ShipState,
    attacks: impl Iterator<Item = Option<Attack>>,
) -> Option<Column> {
    if !submerged(s) {
        return None;
    }
    attacks.flatten().max().map(Attack::column)
}

/// Why a hit's `attack` option does not fit the target, if it does not (checked when the hit is
/// entered).
pub fn attack_problem(s: &ShipState, attack: Option<Attack>) -> Option<String> {
    match (submerged(s), attack) {
        (true, None) => Some(format!(
            "{} ({}) is submerged ({}): give the severity of the underwater attack, `attack lethal|major|minor`, which picks the Submarine column (8.1.4; the ASW attack tables that decide it are not in this text)",
            s.spec.name,
            s.id(),
            s.sub.as_ref().map(|u| u.depth().words()).unwrap_or_default()
        )),
        (false, Some(a)) if is_sub(s) => Some(format!(
            "{} is surfaced: she is a minor surface combatant (8.1.4), `attack {a}` is for a submerged boat",
            s.spec.name
        )),
        (false, Some(_)) => Some(format!(
            "{} is not a submarine: `attack` is for a submerged boat (8.1.4)",
            s.spec.name
        )),
        _ => None,
    }
}

/// A contact-fused weapon (torpedo, mine) breaches a submarine's pressure hull (8.1.2).
pub fn contact_breach(
    ctx: &mut Ctx<'_>,
    i: usize,
    c: &mut crate::rulesets::fgdn::resolve::CritContext,
) -> Result<(), RuleError> {
    crate::rulesets::fgdn::resolve::inflict_critical(
        ctx,
        i,
        CriticalKind::HullPenetration,
        "automatic: contact-fused weapon on a submarine (8.1.2)",
        None,
        c,
    )
}

/// Hull Penetration (8.3): surfaced or at periscope depth she is on the surface; at Shallow or
/// Intermediate Zone I, D100 <= 50 reaches the surface; deeper (or failing) she sinks at once
/// with all hands. On the surface she sinks in D10 x 2 tactical turns.
pub fn hull_penetration(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let depth = sub(ctx, i).depth();
    if !ctx.state.ships[i].is_afloat() {
        effects::record(
            ctx,
            i,
            r,
            "pressure hull ruptured again: she is already sinking (8.3)".into(),
            0,
        );
        return Ok(());
    }
    emit(ctx, i, SubChange::Breached);
    let reaches = match depth {
        DepthBand::Surfaced | DepthBand::Periscope => (true, format!("at {}", depth.words())),
        DepthBand::Shallow | DepthBand::Intermediate(1) => {
            let d = ctx.roll(
                i,
                Die::D100,
                format!(
                    "hull penetration, {name} at {}: reaches the surface on 1-50",
                    depth.words()
                ),
            )?;
            (d <= 50, format!("at {}, D100 {d}", depth.words()))
        }
        deeper => (false, format!("at {}", deeper.words())),
    };
    match reaches {
        (true, why) => {
            if depth != DepthBand::Surfaced {
                emit(
                    ctx,
                    i,
                    SubChange::Depth {
                        depth: DepthBand::Surfaced,
                        speed: None,
                        cause: "hull penetration: she surfaces so the crew can abandon ship (8.3)"
                            .into(),
                    },
                );
            }
            let d10 = ctx.roll(
                i,
                Die::D10,
                format!("hull penetration, {name}: time to sink (D10 x 2 tactical turns)"),
            )?;
            let turns = d10 * 2;
            effects::record(
                ctx,
                i,
                r,
                format!(
                    "pressure hull ruptured {why}: she reaches the surface, the crew abandons ship; D10 {d10} x 2 = {turns} turns to sink"
                ),
                0,
            );
            if ctx.state.ships[i].is_afloat() {
                let id = ctx.state.ships[i].id().to_string();
                let minutes = turns * TACTICAL_MINUTES;
                ctx.emit(Event::SinkingStarted {
                    ship: id,
                    minutes,
                    due: ctx.state.clock.turn + minutes,
                    cause: "hull penetration (8.3)".into(),
                });
            }
        }
        (false, why) => {
            effects::record(
                ctx,
                i,
                r,
                format!("pressure hull ruptured {why}: she sinks with the loss of all hands"),
                0,
            );
            effects::destroyed(
                ctx,
                i,
                format!("hull penetration {why}: lost with all hands (8.3)"),
            );
        }
    }
    Ok(())
}

/// Hull Deformation (8.3): the first limits her to Intermediate Zone I, the second to Shallow,
/// the third is a hull penetration.
pub fn hull_deformation(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let n = sub(ctx, i).deformations + 1;
    if n >= 3 {
        effects::record(
            ctx,
            i,
            r,
            "third hull deformation: treated as a hull penetration (8.3)".into(),
            0,
        );
        let rec = Rec {
            kind: CriticalKind::HullPenetration,
            cause: "third hull deformation (8.3)",
            roll: None,
        };
        return hull_penetration(ctx, i, &rec);
    }
    emit(ctx, i, SubChange::Deformed);
    let u = sub(ctx, i);
    let limit = u.hull_limit().unwrap_or(DepthBand::Shallow);
    let per = if n == 1 { 25 } else { 30 };
    let risk = u.hull_risk();
    effects::record(
        ctx,
        i,
        r,
        format!(
            "hull deformation {n}: she must come to {} as fast as she can; below it the hull fails on {per} % per zone{}",
            limit.words(),
            if risk > 0 {
                format!(" ({risk} % at {} now, checked at the end of each turn)", u.depth().words())
            } else {
                String::new()
            }
        ),
        0,
    );
    Ok(())
}

/// Battery (8.3): D6 x 5 % of submerged endurance lost (at most 30 % a critical).
pub fn battery(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let d6 = ctx.roll(
        i,
        Die::D6,
        format!("battery critical, {name}: D6 x 5 % of submerged endurance lost"),
    )?;
    let pct = d6 * 5;
    emit(ctx, i, SubChange::BatteryLost { pct });
    let total = sub(ctx, i).battery_lost_pct;
    effects::record(
        ctx,
        i,
        r,
        format!(
            "battery cells cracked, D6 {d6} x 5 = {pct} % of submerged endurance lost ({total} % in all; split between charged and depleted cells by the umpire)"
        ),
        0,
    );
    Ok(())
}

/// Switchboard (8.3): D6/2 tactical turns (round up) without torpedoes, depth or course changes
/// and propulsion, counting the current turn.
pub fn switchboard(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let d6 = ctx.roll(
        i,
        Die::D6,
        format!("switchboard critical, {name}: turns to replace the fuses (D6/2, round up)"),
    )?;
    let turns = d6.div_ceil(2);
    let until = ctx.state.clock.turn + (turns - 1) * TACTICAL_MINUTES;
    let until = until.max(sub(ctx, i).switchboard_until.unwrap_or(0));
    emit(ctx, i, SubChange::SwitchboardOut { until });
    effects::record(
        ctx,
        i,
        r,
        format!(
            "fuses blown, D6 {d6}/2 = {turns} turns: no torpedoes, no change of depth or course, speed 0 until the end of {} resolution",
            label(ctx.state.clock.slot(until, Phase::Resolution))
        ),
        0,
    );
    Ok(())
}

/// Rudder on a submerged submarine (8.3): she loses depth control.
pub fn depth_control(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let already = sub(ctx, i).depth_control_lost;
    if !already {
        emit(ctx, i, SubChange::DepthControlLost);
    }
    effects::record(
        ctx,
        i,
        r,
        format!(
            "depth control lost{}: 5 % x her speed to change depth involuntarily, rolled at the end of each turn (8.3 Rudder)",
            if already { " (already)" } else { "" }
        ),
        0,
    );
    Ok(())
}

/// The submarine part of a bridge critical (8.3): a submerged boat loses her fire control
/// solutions, comes to periscope depth, and broaches for the turn on D10 1.
pub fn bridge(ctx: &mut Ctx<'_>, i: usize, r: &Rec<'_>) -> Result<(), RuleError> {
    let depth = sub(ctx, i).depth();
    if !depth.submerged() {
        return Ok(());
    }
    let name = ctx.ship_name(i);
    if depth > DepthBand::Periscope {
        emit(
            ctx,
            i,
            SubChange::Depth {
                depth: DepthBand::Periscope,
                speed: None,
                cause: "bridge critical: she comes to periscope depth (8.3)".into(),
            },
        );
    }
    let d10 = ctx.roll(
        i,
        Die::D10,
        format!("bridge critical, {name}: broaches on 1"),
    )?;
    let _ = r;
    emit(ctx, i, SubChange::BridgeHit { roll: d10 });
    if d10 == 1 {
        emit(
            ctx,
            i,
            SubChange::Broached {
                cause: format!("bridge critical, D10 {d10} (8.3)"),
            },
        );
    }
    Ok(())
}

/// Kinds the Submarine Minor Damage column's note clears in D6 tactical turns.
pub fn clears_by_itself(kind: CriticalKind) -> bool {
    matches!(
        kind,
        CriticalKind::Sensor
            | CriticalKind::Rudder
            | CriticalKind::Weapon
            | CriticalKind::Engineering
    )
}

/// After a Submarine Minor Damage critical of a kind that clears: what it knocked out (read from
/// the events it emitted, from `from` on) and a D6 for the turns until it clears.
pub fn schedule_clear(
    ctx: &mut Ctx<'_>,
    i: usize,
    kind: CriticalKind,
    from: usize,
) -> Result<(), RuleError> {
    let id = ctx.state.ships[i].id().to_string();
    let mut targets = Vec::new();
    let mut critical = None;
    for e in &ctx.events[from..] {
        match e {
            Event::Effect { ship, effect } if *ship == id => match effect {
                effects::Effect::MountOut { index } => {
                    targets.push(RepairTarget::Mount { index: *index })
                }
                effects::Effect::SensorOut { what } => {
                    targets.push(RepairTarget::Sensor { what: what.clone() })
                }
                _ => {}
            },
            Event::Critical { ship, critical: c } if *ship == id && c.kind == kind => {
                critical = Some(());
            }
            _ => {}
        }
    }
    let Some(()) = critical else {
        return Ok(());
    };
    let index = ctx.state.ships[i]
        .criticals
        .iter()
        .rposition(|c| c.kind == kind)
        .unwrap_or(0);
    if kind == CriticalKind::Engineering {
        targets.push(RepairTarget::Engineering);
    }
    if kind == CriticalKind::Rudder {
        targets.push(RepairTarget::Rudder);
    }
    let name = ctx.ship_name(i);
    let d6 = ctx.roll(
        i,
        Die::D6,
        format!(
            "minor damage ({}), {name}: tactical turns until it clears (D6)",
            kind.name().replace('_', " ")
        ),
    )?;
    let until = ctx.state.clock.turn + (d6 - 1) * TACTICAL_MINUTES;
    emit(
        ctx,
        i,
        SubChange::ClearScheduled(Box::new(MinorClear {
            until,
            kind,
            critical: index,
            targets,
            done: false,
        })),
    );
    Ok(())
}

/// Massive damage (8.1.10): at 25 % of original DP or less, submarines must surface.
fn massive_surface(s: &ShipState) -> bool {
    use crate::rulesets::fgdn::damage::{massive, Massive};
    !s.is_small_craft() && massive(s.spec.dp, s.dp_left()) != Massive::None
}

/// The orders a submarine's state gives (8.1.10, 8.2, 8.3), and whether her speed is 0.
pub fn orders(tables: &Tables, s: &ShipState) -> (Vec<String>, bool) {
    use crate::rulesets::fgdn::damage_control::category_level;
    let Some(u) = &s.sub else {
        return (Vec::new(), false);
    };
    let mut v = Vec::new();
    let depth = u.depth();
    let fire = category_level(tables, s, Casualty::Fire);
    let flood = category_level(tables, s, Casualty::Flood);
    if depth.submerged() {
        if fire >= SeverityLevel::Major {
            v.push("Fire Major or worse: MUST SURFACE (8.2)".to_string());
        } else if fire == SeverityLevel::Minor {
            v.push("Fire: must surface to ventilate the boat (8.2)".to_string());
        }
        if flood >= SeverityLevel::Severe && u.flooding_chance == Some(false) {
            v.push("Severe flooding not reduced at its one chance: MUST SURFACE (8.2)".into());
        }
        if flood >= SeverityLevel::Major && depth > DepthBand::Shallow {
            v.push("Flooding Major or worse: come to Shallow (8.2)".into());
        }
        if massive_surface(s) {
            v.push("25 % of DP or less left: MUST SURFACE (8.1.10)".into());
        }
        if let Some(l) = u.hull_limit() {
            if depth > l {
                v.push(format!(
                    "Hull deformed: come to {} as fast as she can; {} % hull failure at each turn's end (8.3)",
                    l.words(),
                    u.hull_risk()
                ));
            }
        }
    }
    if u.depth_control_lost && depth.submerged() {
        v.push(format!(
            "Depth control lost: {} % to change depth at each turn's end (8.3)",
            depth_control_chance(s).0
        ));
    }
    let stopped = u.switchboard_until.is_some();
    if let Some(until) = u.switchboard_until {
        v.push(format!(
            "Switchboard out until the end of {} resolution: no torpedoes, no change of depth or course, speed 0 (8.3)",
            label(until)
        ));
    }
    (v, stopped)
}

/// The depth-control chance: 5 % x her speed (the speed last given with `depth`, else her
/// maximum now), and the words saying which.
pub fn depth_control_chance(s: &ShipState) -> (u32, String) {
    let given = s.sub.as_ref().and_then(|u| u.speed);
    let (kt, how) = match given {
        Some(k) => (k, "her speed as given".to_string()),
        None => (
            s.spec.speed,
            "no speed given: her undamaged speed".to_string(),
        ),
    };
    ((5 * kt).min(100), format!("5 % x {kt} kt, {how}"))
}

/// Timers of a submarine that fire at the end of the current phase (8.3), read from the
/// schedule: minor damage clearing, switchboard fuses replaced, the end of a broach with the
/// depth-control check, the deformed-hull check.
pub fn timed(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    if ctx.state.ships[i].sub.is_none() {
        return Ok(());
    }
    let due = timers::due_now(&ctx.state, ctx.tables, i);
    for kind in due {
        if !ctx.state.ships[i].is_afloat() {
            break;
        }
        match kind {
            TimerKind::MinorCleared { entry } => {
                let kind = sub(ctx, i)
                    .clears
                    .get(entry)
                    .map(|c| c.kind)
                    .unwrap_or(CriticalKind::Weapon);
                emit(ctx, i, SubChange::MinorCleared { entry, kind });
            }
            TimerKind::SwitchboardRestored => emit(ctx, i, SubChange::SwitchboardRestored),
            // Depth control that cleared a moment ago (minor damage) rolls no more.
            TimerKind::DepthControl if sub(ctx, i).depth_control_lost => {
                depth_control_check(ctx, i)?
            }
            TimerKind::DepthControl | TimerKind::BroachEnds if sub(ctx, i).broached => {
                emit(
                    ctx,
                    i,
                    SubChange::Depth {
                        depth: DepthBand::Periscope,
                        speed: None,
                        cause: "the broach ends: she dives back to periscope depth (8.3)".into(),
                    },
                );
            }
            TimerKind::HullCheck => hull_check(ctx, i)?,
            _ => {}
        }
    }
    Ok(())
}

/// Depth control lost (8.3 Rudder): D100 <= 5 % x speed changes depth; D10 1-5 up a band, 6-10
/// down (not past her deepest band); up from periscope depth (or while broached) she broaches.
fn depth_control_check(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let (chance, how) = depth_control_chance(&ctx.state.ships[i]);
    let u = sub(ctx, i);
    let d = ctx.roll(
        i,
        Die::D100,
        format!("depth control, {name}: changes depth on 1-{chance} ({how})"),
    )?;
    let changed = d <= chance;
    emit(
        ctx,
        i,
        SubChange::DepthControlCheck {
            roll: d,
            chance,
            changed,
        },
    );
    let back_down = |ctx: &mut Ctx<'_>| {
        emit(
            ctx,
            i,
            SubChange::Depth {
                depth: DepthBand::Periscope,
                speed: None,
                cause: "the broach ends: she dives back to periscope depth (8.3)".into(),
            },
        )
    };
    if !changed {
        if u.broached {
            back_down(ctx);
        }
        return Ok(());
    }
    let d10 = ctx.roll(
        i,
        Die::D10,
        format!("depth control, {name}: 1-5 up one level, 6-10 down one level"),
    )?;
    let depth = u.depth();
    if d10 <= 5 {
        match depth.up() {
            Some(to) => emit(
                ctx,
                i,
                SubChange::Depth {
                    depth: to,
                    speed: None,
                    cause: format!("depth control lost, D10 {d10}: up one level (8.3)"),
                },
            ),
            None => emit(
                ctx,
                i,
                SubChange::Broached {
                    cause: format!("depth control lost, D10 {d10}: up from periscope depth (8.3)"),
                },
            ),
        }
    } else {
        let from = if u.broached {
            DepthBand::Surfaced
        } else {
            depth
        };
        let to = from.down();
        match u.max_depth {
            Some(max) if to > max => emit(
                ctx,
                i,
                SubChange::Depth {
                    depth: from.max(DepthBand::Periscope),
                    speed: None,
                    cause: format!(
                        "depth control lost, D10 {d10}: down one level, but she will not pass {} (8.3)",
                        max.words()
                    ),
                },
            ),
            _ => emit(
                ctx,
                i,
                SubChange::Depth {
                    depth: to,
                    speed: None,
                    cause: format!("depth control lost, D10 {d10}: down one level (8.3)"),
                },
            ),
        }
    }
    Ok(())
}

/// A deformed hull below its limit at the end of a turn (8.3 Hull Deformation).
fn hull_check(ctx: &mut Ctx<'_>, i: usize) -> Result<(), RuleError> {
    let name = ctx.ship_name(i);
    let u = sub(ctx, i);
    let chance = u.hull_risk();
    if chance == 0 {
        return Ok(());
    }
    let d = ctx.roll(
        i,
        Die::D100,
        format!(
            "deformed hull, {name} at {}: fails on 1-{chance}",
            u.depth().words()
        ),
    )?;
    let failed = d <= chance;
    emit(
        ctx,
        i,
        SubChange::HullCheck {
            roll: d,
            chance,
            failed,
        },
    );
    if failed {
        let mut c = crate::rulesets::fgdn::resolve::CritContext::plain(true);
        crate::rulesets::fgdn::resolve::inflict_critical(
            ctx,
            i,
            CriticalKind::HullPenetration,
            "deformed hull failed below its limit (8.3)",
            None,
            &mut c,
        )?;
    }
    Ok(())
}

/// The submarine part of the status (`submarine` in `status --json`, only on submarines).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SubView {
    pub depth: String,
    /// The screen's words for the depth ("Intermediate Zone I").
    pub depth_words: String,
    pub submerged: bool,
    pub max_depth: Option<String>,
    pub speed: Option<u32>,
    pub broached: bool,
    pub hull_deformations: u32,
    /// The deepest band a deformed hull allows, and the failure chance at her depth now.
    pub hull_limit: Option<String>,
    pub hull_risk_pct: u32,
    pub hull_breached: bool,
    pub battery_lost_pct: u32,
    pub switchboard_out_until: Option<String>,
    pub depth_control_lost: bool,
    /// Minor-damage criticals waiting to clear: "engineering at 1212".
    pub clearing: Vec<String>,
    /// Severe flooding's one chance: null, "reduced" or "failed".
    pub flooding_chance: Option<&'static str>,
}

pub fn view(s: &ShipState) -> Option<SubView> {
    let u = s.sub.as_ref()?;
    Some(SubView {
        depth: u.depth().name(),
        depth_words: u.depth().words(),
        submerged: u.depth().submerged(),
        max_depth: u.max_depth.map(|d| d.name()),
        speed: u.speed,
        broached: u.broached,
        hull_deformations: u.deformations,
        hull_limit: u.hull_limit().map(|d| d.name()),
        hull_risk_pct: u.hull_risk(),
        hull_breached: u.hull_breached,
        battery_lost_pct: u.battery_lost_pct,
        switchboard_out_until: u.switchboard_until.map(label),
        depth_control_lost: u.depth_control_lost,
        clearing: u
            .clears
            .iter()
            .filter(|c| !c.done)
            .map(|c| format!("{} at {}", c.kind.name().replace('_', " "), label(c.until)))
            .collect(),
        flooding_chance: u
            .flooding_chance
            .map(|r| if r { "reduced" } else { "failed" }),
    })
}

/// Detail-panel lines for a submarine.
pub fn detail_lines(v: &SubView) -> Vec<String> {
    let mut out = vec![format!(
        "Depth: {}{}{}",
        v.depth_words,
        if v.broached { " (BROACHED)" } else { "" },
        v.speed.map(|k| format!(", {k} kt")).unwrap_or_default()
    )];
    let mut hull = Vec::new();
    if v.hull_breached {
        hull.push("BREACHED".to_string());
    }
    if v.hull_deformations > 0 {
        hull.push(format!(
            "deformed x{} (limit {}, {} % risk now)",
            v.hull_deformations,
            v.hull_limit.as_deref().unwrap_or("-"),
            v.hull_risk_pct
        ));
    }
    if !hull.is_empty() {
        out.push(format!("Hull: {}", hull.join("; ")));
    }
    if v.battery_lost_pct > 0 {
        out.push(format!(
            "Battery: {} % of submerged endurance lost",
            v.battery_lost_pct
        ));
    }
    if let Some(u) = &v.switchboard_out_until {
        out.push(format!("Switchboard out until the end of {u}"));
    }
    if v.depth_control_lost {
        out.push("Depth control lost".into());
    }
    if !v.clearing.is_empty() {
        out.push(format!("Minor damage clears: {}", v.clearing.join(", ")));
    }
    out
}

/// What a submarine timer will do, in the due list's words.
pub fn describe(s: &ShipState, kind: TimerKind) -> String {
    let u = s.sub.clone().unwrap_or_default();
    match kind {
        TimerKind::MinorCleared { entry } => format!(
            "minor damage clears: {}",
            u.clears
                .get(entry)
                .map(|c| c.kind.name().replace('_', " "))
                .unwrap_or_default()
        ),
        TimerKind::SwitchboardRestored => "switchboard fuses replaced".into(),
        TimerKind::DepthControl => {
            let (chance, how) = depth_control_chance(s);
            format!("depth control check D100: changes depth on 1-{chance} ({how})")
        }
        TimerKind::BroachEnds => "the broach ends: back to periscope depth".into(),
        TimerKind::HullCheck => format!(
            "deformed hull check D100: fails on 1-{} at {}",
            u.hull_risk(),
            u.depth().words()
        ),
        _ => String::new(),
    }
}

/// The schedule's submarine entries for ship `s` (called by `timers::schedule`): each at the end
/// of a Resolution Phase.
pub fn schedule(
    c: crate::rulesets::fgdn::clock::Clock,
    s: &ShipState,
    out: &mut Vec<timers::Timer>,
) {
    let Some(u) = &s.sub else {
        return;
    };
    let mut push = |kind, at: Minute| {
        out.push(timers::Timer {
            kind,
            turn: c.slot(at, Phase::Resolution),
            phase: Phase::Resolution,
        })
    };
    for (entry, m) in u.clears.iter().enumerate() {
        if !m.done {
            push(TimerKind::MinorCleared { entry }, m.until);
        }
    }
    if let Some(until) = u.switchboard_until {
        push(TimerKind::SwitchboardRestored, until);
    }
    let now = c.turn;
    if u.depth_control_lost && (u.depth().submerged() || u.broached) {
        push(TimerKind::DepthControl, now);
    } else if u.broached {
        push(TimerKind::BroachEnds, now);
    }
    if u.hull_risk() > 0 {
        push(TimerKind::HullCheck, now);
    }
}

/// The 8.4 flooding patch of a submarine: at periscope depth it holds, deeper it pops at once;
/// surfaced she is a surface ship (the sea-state formula). None: use the surface formula.
pub fn patch_rule(s: &ShipState) -> Option<(bool, String)> {
    let u = s.sub.as_ref()?;
    match u.depth() {
        DepthBand::Surfaced => None,
        DepthBand::Periscope => Some((
            false,
            "submarine at periscope depth: the patch holds (8.4)".into(),
        )),
        deeper => Some((
            true,
            format!(
                "submarine at {}: below periscope depth the patch pops (8.4)",
                deeper.words()
            ),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_words_round_trip_and_order() {
        for w in [
            "surfaced",
            "periscope",
            "shallow",
            "intermediate_1",
            "intermediate_3",
        ] {
            let d: DepthBand = w.parse().unwrap();
            assert_eq!(d.name(), w);
        }
        assert_eq!(
            "Intermediate Zone II".parse::<DepthBand>(),
            Ok(DepthBand::Intermediate(2))
        );
        assert!(DepthBand::Surfaced < DepthBand::Periscope);
        assert!(DepthBand::Shallow < DepthBand::Intermediate(1));
        assert!("intermediate_0".parse::<DepthBand>().is_err());
        assert!("deep".parse::<DepthBand>().is_err());
    }

    /// FG&DN 8.3 Hull Deformation: 25 % per depth zone below Zone I after one deformation, 30 %
    /// per zone below Shallow after two.
    #[test]
    fn hull_risk_per_zone_8_3() {
        let mut u = SubState {
            depth: Some(DepthBand::Intermediate(3)),
            deformations: 1,
            ..SubState::default()
        };
        assert_eq!(u.hull_risk(), 50);
        u.depth = Some(DepthBand::Intermediate(1));
        assert_eq!(u.hull_risk(), 0);
        u.deformations = 2;
        assert_eq!(u.hull_risk(), 30);
        u.depth = Some(DepthBand::Intermediate(2));
        assert_eq!(u.hull_risk(), 60);
        u.depth = Some(DepthBand::Shallow);
        assert_eq!(u.hull_risk(), 0);
    }

    /// FG&DN 8.3 Rudder: a submarine one level up from periscope depth broaches.
    #[test]
    fn up_from_periscope_is_a_broach_8_3() {
        assert_eq!(DepthBand::Periscope.up(), None);
        assert_eq!(DepthBand::Shallow.up(), Some(DepthBand::Periscope));
        assert_eq!(DepthBand::Intermediate(1).up(), Some(DepthBand::Shallow));
        assert_eq!(DepthBand::Shallow.down(), DepthBand::Intermediate(1));
    }
}
