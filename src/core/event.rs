//! What happened, in the past tense. Events are stored in the save's log with the command that
//! caused them; replaying them rebuilds the state without any dice or tables.
use crate::core::clock::{Clock, Minute, Phase, Scale};
use crate::core::command::{Aspect, Depth, RangeBand, Side, Weapon};
use crate::core::dice::Roll;
use crate::core::fgdn::kinds::{Column, CriticalKind};
use serde::{Deserialize, Serialize};

/// Fire or flooding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Casualty {
    Fire,
    Flood,
}

impl Casualty {
    pub fn name(self) -> &'static str {
        match self {
            Casualty::Fire => "fire",
            Casualty::Flood => "flooding",
        }
    }
}

/// Which armor a hit struck (FG&DN 8.1.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Struck {
    Belt,
    Deck,
}

/// A hit entered during a phase and resolved at its end (SPEC 3.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingHit {
    /// The weapon's full damage as entered.
    pub dp: u32,
    /// Damage after armor halving (non-penetrating shells and bombs do half, round down).
    pub damage: u32,
    pub penetrated: bool,
    pub struck: Option<Struck>,
    pub weapon: Weapon,
    pub caliber: Option<f64>,
    pub range: Option<RangeBand>,
    pub side: Option<Side>,
    pub depth: Option<Depth>,
    pub aspect: Option<Aspect>,
    /// How the damage was worked out, for the log.
    pub explain: String,
}

/// Whether a critical's lasting effect is applied by this version of the console.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EffectStatus {
    Applied,
    /// Recorded, but its lasting effect (FG&DN 8.3) is not applied yet: the umpire applies it.
    NotImplemented,
}

/// A critical hit as recorded on the ship (SPEC 3.3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Critical {
    pub kind: CriticalKind,
    pub turn: Minute,
    pub phase: Phase,
    /// What caused it: "damage ratio 0.26, D6 5", "automatic: contact torpedo", "umpire".
    pub cause: String,
    /// The D20 location roll and column, when one was rolled.
    pub roll: Option<u32>,
    pub column: Option<Column>,
    /// Its effect in words.
    pub detail: String,
    pub effect: EffectStatus,
    /// Speed breakdown levels lost (engineering criticals).
    #[serde(default)]
    pub speed_levels: u32,
}

/// A fire or flooding critical with its severity (FG&DN 8.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FireFlood {
    pub casualty: Casualty,
    pub pct: u32,
    /// Turn inflicted (start minute) and phase.
    pub inflicted: Minute,
    pub phase: Phase,
    /// Turn of the first damage (Resolution Phase), or the inflicting turn if immediate.
    pub first_damage: Minute,
    /// Turn at which it next does damage; None once removed.
    pub next_due: Option<Minute>,
    /// The phase of that turn in which it does damage (Resolution, or the phase being resolved
    /// for immediate damage).
    pub due_phase: Phase,
    pub immediate: bool,
    pub cause: String,
    /// Damage points it has done so far.
    pub damage_done: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case")]
pub enum Event {
    DiceQueued {
        faces: Vec<u32>,
    },
    Rolled {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ship: Option<String>,
        roll: Roll,
    },
    HitEntered {
        ship: String,
        hit: PendingHit,
    },
    /// A phase ended (and everything due in it happened after this event).
    PhaseEnded {
        clock: Clock,
    },
    ClockMoved {
        to: Clock,
    },
    ScaleChanged {
        scale: Scale,
    },
    /// The pending hits of a ship were resolved into `total` damage points.
    HitsResolved {
        ship: String,
        total: u32,
        count: u32,
    },
    /// Underwater protection absorbed part of a torpedo (FG&DN 8.1.7.2).
    TdsAbsorbed {
        ship: String,
        side: Side,
        amount: u32,
    },
    /// Damage points taken. Size A-D: DP reduced (never below 0); size E-G: counted for the turn.
    Damage {
        ship: String,
        amount: u32,
        cause: String,
    },
    /// No critical roll (under 1 % of DP, or the ship is at 0 DP).
    NoCriticalRoll {
        ship: String,
        reason: String,
    },
    CriticalCount {
        ship: String,
        /// Damage ratio in hundredths.
        ratio: u32,
        count: u32,
        explain: String,
    },
    Critical {
        ship: String,
        critical: Critical,
    },
    CriticalIgnored {
        ship: String,
        kind: CriticalKind,
        roll: Option<u32>,
        reason: String,
    },
    CasualtyStarted {
        ship: String,
        casualty: FireFlood,
    },
    /// A fire or flood did its damage; `index` is its place in the ship's fires or floods.
    CasualtyDamage {
        ship: String,
        casualty: Casualty,
        index: usize,
        amount: u32,
        next_due: Option<Minute>,
        due_phase: Phase,
    },
    /// Ratio of 3.0 or more: the ship is reduced to 10 % DP left (FG&DN 8.1.2, 8.1.10).
    MassiveDamage {
        ship: String,
        dp_left: u32,
    },
    KeelBroken {
        ship: String,
    },
    SinkingStarted {
        ship: String,
        minutes: u32,
        /// The ship disappears in the Movement Phase of the first turn starting at or after this.
        due: Minute,
        cause: String,
    },
    Sunk {
        ship: String,
    },
    Adjusted {
        ship: String,
        field: String,
        old: i64,
        new: i64,
        reason: String,
    },
    Note {
        text: String,
    },
}

impl Event {
    /// The ship the event concerns, if any.
    pub fn ship(&self) -> Option<&str> {
        match self {
            Event::HitEntered { ship, .. }
            | Event::HitsResolved { ship, .. }
            | Event::TdsAbsorbed { ship, .. }
            | Event::Damage { ship, .. }
            | Event::NoCriticalRoll { ship, .. }
            | Event::CriticalCount { ship, .. }
            | Event::Critical { ship, .. }
            | Event::CriticalIgnored { ship, .. }
            | Event::CasualtyStarted { ship, .. }
            | Event::CasualtyDamage { ship, .. }
            | Event::MassiveDamage { ship, .. }
            | Event::KeelBroken { ship }
            | Event::SinkingStarted { ship, .. }
            | Event::Sunk { ship }
            | Event::Adjusted { ship, .. } => Some(ship),
            Event::Rolled { ship, .. } => ship.as_deref(),
            _ => None,
        }
    }
}
