//! Quickfire 1.1, pre-dreadnought fast-play rules (`quickfire-1.1`), on the shared engine. The
//! parts, named after the rule text:
//! - [`tables`]: the Combat Chart as data with provenance (`tables/quickfire-1.1/`): what the
//!   text prints, what its examples imply (`derived`), and every other cell asked as a chart
//!   read;
//! - [`ship`]: the Ship Log (« 1.3) and the damage codes (« 4.1);
//! - [`command`]: `fire`, `torpedo`, `damage`, `repair`, `chart`;
//! - [`event`]: what happened, past tense, tagged `"e"`, every variant prefixed `Qf`;
//! - [`state`]: [`QfState`] and [`apply`]: total, no dice, no tables;
//! - [`rules`]: [`decide`] and [`end_phase`] against [`Cx`]: gunnery (« 3.0), torpedoes (« 3.2),
//!   the damage codes and their cascades (« 4.1), fires, repairs (« 4.2), sinking (« 4.3);
//! - [`timers`]: the ONE schedule of what a phase's end fires;
//! - [`view`]: status JSON, log wording, the fleet table's cells;
//! - [`game`]: the ruleset on the shared journal; [`board`]: its dashboard; [`sheet`]: the
//!   printed Ship Log.
//!
//! Readings of the text are in `docs/rules-notes-quickfire-1.1.md`.
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
pub use ship::{QfShip, Status};
pub use state::{apply, QfOptions, QfState};
pub use tables::Tables;

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The ruleset's id in `[scenario] ruleset`.
pub const ID: &str = "quickfire-1.1";

/// The six phases of the Turn Sequence (« 1.4), in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// 1) Conduct Movement.
    Movement,
    /// 2) First Gunnery.
    FirstGunnery,
    /// 3) Second Gunnery & Torpedo Fire.
    SecondGunnery,
    /// 4) Active Fires.
    ActiveFires,
    /// 5) Repair Attempts.
    Repairs,
    /// 6) Check for Sinking.
    Sinking,
}

impl Phase {
    pub const ALL: [Phase; 6] = [
        Phase::Movement,
        Phase::FirstGunnery,
        Phase::SecondGunnery,
        Phase::ActiveFires,
        Phase::Repairs,
        Phase::Sinking,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Movement => "movement",
            Phase::FirstGunnery => "first_gunnery",
            Phase::SecondGunnery => "second_gunnery",
            Phase::ActiveFires => "active_fires",
            Phase::Repairs => "repairs",
            Phase::Sinking => "sinking",
        }
    }
    /// As the text names the phase.
    pub fn words(self) -> &'static str {
        match self {
            Phase::Movement => "Conduct Movement",
            Phase::FirstGunnery => "First Gunnery",
            Phase::SecondGunnery => "Second Gunnery & Torpedo Fire",
            Phase::ActiveFires => "Active Fires",
            Phase::Repairs => "Repair Attempts",
            Phase::Sinking => "Check for Sinking",
        }
    }
    /// A gunnery phase: damage marked in it takes effect at its end (« 1.4 2 and 3).
    pub fn is_gunnery(self) -> bool {
        matches!(self, Phase::FirstGunnery | Phase::SecondGunnery)
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
        Phase::ALL
            .into_iter()
            .find(|p| p.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                let all: Vec<&str> = Phase::ALL.iter().map(|p| p.as_str()).collect();
                format!("\"{s}\" is not a phase ({})", all.join(", "))
            })
    }
}
