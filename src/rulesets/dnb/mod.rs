//! Dreadnoughts & Battlewagons, Standard Rules (`dnb-standard`): a self-contained ruleset.
//!
//! Depends only on std, serde, serde_json, toml, [`crate::core::dice::Die`] and the sheet model
//! [`crate::core::sheet`], so the ruleset boundary can wire it in without change. The parts,
//! named after the rulebook:
//! - [`tables`]: the text's tables as data with provenance (`tables/dnb-standard/`);
//! - [`ship`]: the counter values of both sides of a counter, and the per-ship state;
//! - [`command`]: the D&B commands (`gunnery`, `torpedo`, `si`, `crit`, ...);
//! - [`event`]: what happened, past tense, tagged `"e"`, every variant prefixed `Dnb`;
//! - [`state`]: [`DnbState`] and [`apply`]: total, no dice, no tables;
//! - [`rules`]: [`decide`] and [`end_phase`] against [`Cx`];
//! - [`timers`]: the ONE schedule of timed effects, shown and fired from the same function;
//! - [`view`]: status JSON, log wording, fleet cells, fog of war;
//! - [`sheet`]: the ship logs printed for the table (`umpire sheets`);
//! - [`game`]: the ruleset on the shared journal (clock, engine verbs, dice in the log).
//!
//! Readings of the text are in `docs/rules-notes-dnb-standard.md`.
pub mod board;
pub mod builder;
pub mod command;
pub mod event;
pub mod game;
pub mod roster;
pub mod rules;
pub mod sheet;
pub mod ship;
pub mod state;
pub mod tables;
pub mod timers;
pub mod view;

pub use command::Command;
pub use event::Ev;
pub use rules::{decide, end_phase, Cx};
pub use ship::{CounterSide, DnbShip, DnbShipSpec, ShipState, Status};
pub use state::{apply, DnbOptions, DnbState};
pub use tables::Tables;
pub use timers::{schedule, Due};
pub use view::{describe, fleet_row, observe, status_json, FLEET_COLUMNS};

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The ruleset's id in `[scenario] ruleset`.
pub const ID: &str = "dnb-standard";

/// The three phases of a game turn (5.1), in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// I. Combat Phase (5.2): gunfire and torpedoes; hits take effect at its end.
    Combat,
    /// II. Movement Phase (5.3): optional reaction fire (8.4) applied at once.
    Movement,
    /// III. Administrative Phase (5.4): hulk, fire and smoke rolls.
    Administrative,
}

impl Phase {
    pub const ALL: [Phase; 3] = [Phase::Combat, Phase::Movement, Phase::Administrative];
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Combat => "combat",
            Phase::Movement => "movement",
            Phase::Administrative => "administrative",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Phase {
    type Err = String;
    fn from_str(s: &str) -> Result<Phase, String> {
        match s.to_ascii_lowercase().as_str() {
            "combat" => Ok(Phase::Combat),
            "movement" => Ok(Phase::Movement),
            "administrative" | "admin" => Ok(Phase::Administrative),
            _ => Err(format!(
                "\"{s}\" is not a phase (combat, movement, administrative)"
            )),
        }
    }
}
