//! Wargame Rules for the Late 19th Century, the naval part (`late19-naval`): a self-contained
//! ruleset on the shared engine. The parts, named after the rule text:
//! - [`tables`]: Ship Flotation Values, Movement, Firing Guns, Firing Torpedoes and Resolving
//!   hits on Ships as data with provenance (`tables/late19-naval/`);
//! - [`ship`]: ship types, gun types and the per-ship state (flotation points, trade-offs,
//!   torpedoes, minor damage);
//! - [`command`]: `guns`, `torpedo`, `hit`, `mine`, `trade`, `initiative`, `chart`;
//! - [`event`]: what happened, past tense, tagged `"e"`, every variant prefixed `L19`;
//! - [`state`]: [`L19State`] and [`apply`]: total, no dice, no tables;
//! - [`rules`]: [`decide`] and [`end_phase`] against [`Cx`];
//! - [`timers`]: the ONE schedule of what a phase's end fires;
//! - [`view`]: status JSON, log wording, fog of war;
//! - [`game`]: the ruleset on the shared journal; [`board`]: its dashboard.
//!
//! Readings of the text are in `docs/rules-notes-late19-naval.md`.
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
pub use rules::{decide, end_phase, Cx, Oracle};
pub use ship::{GunType, L19Ship, ShipType, Status};
pub use state::{apply, L19Options, L19State};
pub use tables::Tables;

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The ruleset's id in `[scenario] ruleset`.
pub const ID: &str = "late19-naval";

/// The steps of the naval turn (Turn Sequence (Naval Combat only)), in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// 1. Both sides fire their guns.
    Guns,
    /// 2. Both sides fire their torpedoes (simultaneous with the guns).
    Torpedoes,
    /// 3. Both sides throw a D6: the lowest score moves first.
    Initiative,
    /// 4. The sides move, the first side first.
    Movement,
}

impl Phase {
    pub const ALL: [Phase; 4] = [
        Phase::Guns,
        Phase::Torpedoes,
        Phase::Initiative,
        Phase::Movement,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Guns => "guns",
            Phase::Torpedoes => "torpedoes",
            Phase::Initiative => "initiative",
            Phase::Movement => "movement",
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
        Phase::ALL
            .into_iter()
            .find(|p| p.as_str().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!("\"{s}\" is not a phase (guns, torpedoes, initiative, movement)")
            })
    }
}
