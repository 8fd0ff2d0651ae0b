//! What happened in a late-19th battle, past tense. Every variant is prefixed `L19` so the
//! journal reads an event by its tag and never takes one for the engine's. Events carry the
//! numbers the log shows (flotation points after a hit), so the log needs no tables.
use super::ship::{Armament, GunType, HitResult, TradeKind};
use super::tables::{Landing, Provenance};
use crate::core::dice::ChartRead;
use serde::Serialize;

crate::core::tagged::tagged_enum! {
#[serde(tag = "e")]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Ev ("Ev") {
    /// `chart VALUE ...`.
    L19ChartQueued { values: Vec<String> },
    /// A chart value the text does not print, read by the umpire.
    L19ChartRead { read: ChartRead },
    /// Firing Guns: one armament at one target, `dice` D6 with the modifier total.
    L19GunsFired {
        ship: String,
        target: String,
        armament: Armament,
        gun: GunType,
        turn: u32,
        dice: u32,
        modifier: i32,
        /// The modifiers that applied, as the text words them.
        why: Vec<String>,
    },
    /// Where one die landed.
    L19Landed {
        ship: String,
        face: u32,
        score: i32,
        lands: Landing,
    },
    /// Resolving hits on Ships: one hit, its D6 and the result.
    L19Hit {
        ship: String,
        by: Option<String>,
        weapon: GunType,
        face: u32,
        result: HitResult,
        /// The table cell's provenance.
        cell: Provenance,
        /// Flotation points lost and left after the hit.
        lost: u32,
        fp_left: u32,
    },
    /// Rule b: the ship is at its critical point and must break off from battle.
    L19BreakOff { ship: String, fp_left: u32 },
    /// Rule c: 0 FP; the ship sinks (removed at the end of the torpedo step).
    L19Sinking { ship: String },
    /// Firing Torpedoes: one torpedo, at the first ship in its path or lost.
    L19TorpedoFired {
        ship: String,
        target: Option<String>,
        turn: u32,
    },
    /// Rule i: the 3D6 and how many hits they gave.
    L19TorpedoResult {
        ship: String,
        target: String,
        hits: u32,
    },
    /// Rule b: FP lost this phase given back for a permanent loss.
    L19Traded {
        ship: String,
        kind: TradeKind,
        fp: u32,
        /// Hexes or guns given up.
        given_up: u32,
    },
    /// The phase ended: FP lost in it can no longer be traded.
    L19TradeClosed { ship: String },
    /// Turn Sequence 3: each side's D6 and who moves first (None on a tie).
    L19Initiative {
        turn: u32,
        throws: Vec<(String, u32)>,
        first: Option<String>,
    },
    /// The end of the torpedo step: a sinking ship is gone.
    L19Sank { ship: String, turn: u32 },
}
}
