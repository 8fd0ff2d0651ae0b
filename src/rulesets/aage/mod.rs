//! The A&A Game Engineering fast-play quick reference, 2020 (`aage-qr-2020`): a self-contained
//! ruleset on the shared engine. The parts, named after the text's cards:
//! - [`tables`]: 2.4, 5.3, 5.10, 5.16 (modifiers), 5.4 and 5.5 (hit location, armour), 5.7 and
//!   5.12 (criticals), 5.17 (sinking) and 5.2 (gun damage, garbled: unknown cells) as data
//!   with provenance (`tables/aage-qr-2020/`);
//! - [`ship`]: the words of the text (type codes, crews, weather, bands, classes, results) and
//!   one ship's record;
//! - [`command`]: `gun`, `torpedo`, `mine`, `crit`, `damage`, `sinking`, `initiative`, `set`,
//!   `splash`, `repair`, `morale`, `weather`, `night`, `chart`;
//! - [`event`]: what happened, past tense, tagged `"e"`, every variant prefixed `AA`;
//! - [`state`]: [`AaState`] and [`apply`]: total, no dice, no tables;
//! - [`rules`]: [`decide`] and [`end_phase`] against [`Cx`];
//! - [`timers`]: the ONE schedule of what a phase's end fires;
//! - [`view`]: status JSON, log wording, the fleet table's cells;
//! - [`game`]: the ruleset on the shared journal; [`board`]: its dashboard; [`sheet`]: its
//!   record sheets.
//!
//! Readings of the text are in `docs/rules-notes-aage-qr-2020.md`.
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
pub use ship::{Ship, ShipType, Status};
pub use state::{apply, AaOptions, AaState};
pub use tables::Tables;

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The ruleset's id in `[scenario] ruleset`.
pub const ID: &str = "aage-qr-2020";

/// The six steps of 2.2 Game Sequence, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Fire and flood damage; sinking tests.
    OngoingDamage,
    /// Splash markers removed; morale; d10 initiative; the weather may change.
    Initiative,
    /// Alternate moves; ram and mine damage as it occurs.
    Movement,
    /// Fires, flooding and other repairs.
    Repairs,
    /// Contact markers revealed.
    Spotting,
    /// Guns, then torpedoes, ship by ship; results at once.
    Firing,
}

impl Phase {
    pub const ALL: [Phase; 6] = [
        Phase::OngoingDamage,
        Phase::Initiative,
        Phase::Movement,
        Phase::Repairs,
        Phase::Spotting,
        Phase::Firing,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::OngoingDamage => "ongoing_damage",
            Phase::Initiative => "initiative",
            Phase::Movement => "movement",
            Phase::Repairs => "repairs",
            Phase::Spotting => "spotting",
            Phase::Firing => "firing",
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
                format!("\"{s}\" is not a phase (ongoing_damage, initiative, movement, repairs, spotting, firing)")
            })
    }
}
