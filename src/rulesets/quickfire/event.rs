//! What happened in a Quickfire battle, past tense. Every variant is prefixed `Qf` so the
//! journal reads an event by its tag and never takes one for the engine's. Events carry the
//! numbers the log shows, so the log needs no tables.
use super::ship::{Arc, Effect, Hit, Outcome, Range, Rating, RepairItem};
use super::tables::Provenance;
use super::Phase;
use crate::core::dice::ChartRead;
use serde::Serialize;

crate::core::tagged::tagged_enum! {
#[serde(tag = "e")]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Ev ("Ev") {
    /// `chart VALUE ...`.
    QfChartQueued { values: Vec<String> },
    /// A chart value the text does not print, read by the umpire.
    QfChartRead { read: ChartRead },
    /// A cell the umpire read earlier in the battle, taken again (option
    /// `remember_chart_reads`).
    QfRecalled {
        chart: String,
        line: String,
        value: String,
    },
    /// A cell the tables hold, as used (the log names it and its provenance).
    QfCell {
        chart: String,
        line: String,
        value: String,
        provenance: Provenance,
    },
    /// « 3.0 Gunnery: the three fire dice of one salvo and whether the ROF die let it fire.
    QfSalvo {
        ship: String,
        target: String,
        rating: Rating,
        range: Range,
        arc: Arc,
        turn: u32,
        phase: Phase,
        /// The ROF the black die must not exceed (halved outside the broadside arcs).
        rof: u32,
        /// The ROF die modifiers, as the text words them.
        why: Vec<String>,
        modifier: i32,
        black: u32,
        whites: [u32; 2],
        /// The black die was not rolled: the point blank salvo shares the other rating's.
        shared: bool,
        fired: bool,
    },
    /// The white dice against the Gun/Armor column: hits of one type (S on an even total, G
    /// on an odd one), or a miss.
    QfGunnery {
        ship: String,
        target: String,
        pct: u32,
        die_roll: u32,
        total: u32,
        hits: u32,
    },
    /// A damage point marked on a ship's log (a slash until the gunnery phase ends, « 4.0).
    QfMarked { ship: String, hit: Hit },
    /// A damage point's effect on the log, its cascade worked out (« 4.1).
    QfApplied {
        ship: String,
        hit: Hit,
        effect: Effect,
        /// How the cascade went, as the log says it ("heavy ROF 0, light ROF 0: T").
        via: String,
        turn: u32,
    },
    /// The end of a gunnery phase: the marks are crossed out.
    QfCrossed { ship: String },
    /// « 3.2 Torpedoes: one attack.
    QfTorpedo {
        ship: String,
        target: String,
        turn: u32,
        moving: bool,
        side: Option<String>,
        total: u32,
        why: Vec<String>,
        modifier: i32,
        hit_number: u32,
        hit: bool,
    },
    /// « 1.4 4 Active Fires: one fire's roll on the Fire line.
    QfFireCheck {
        ship: String,
        fire: usize,
        roll: u32,
        outcome: Outcome,
        turn: u32,
    },
    /// « 4.2: a repair attempt; `fixed` uses one repair point.
    QfRepair {
        ship: String,
        item: RepairItem,
        roll: u32,
        fixed: bool,
    },
    /// The umpire took this ship's repairs in hand this turn (no automatic attempts).
    QfRepairsDeclared { ship: String, turn: u32 },
    /// « 4.3 Sinking: a ship at zero speed rolls 2D6 against the number for her size.
    QfSinkCheck {
        ship: String,
        roll: u32,
        base: u32,
        fires: u32,
        beyond: u32,
        number: u32,
        sank: bool,
    },
    /// The ship has sunk and is removed from play.
    QfSank { ship: String, turn: u32 },
}
}
