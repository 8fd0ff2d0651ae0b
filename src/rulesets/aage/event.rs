//! What happened in an A&A battle, past tense. Every variant is prefixed `AA` so the journal
//! reads an event by its tag and never takes one for the engine's. Events carry the numbers
//! the log shows, so the log needs no tables.
use super::ship::{
    Band, CritColumn, CritResult, CritTable, DamageDie, GunClass, Location, RepairItem, Weather,
};
use crate::core::dice::ChartRead;
use serde::{Deserialize, Serialize};

/// What `set` changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "what", content = "to")]
pub enum Changed {
    Speed(u32),
    Stopped(bool),
    Evasive(bool),
    Flagship(bool),
    OutOfCommand(bool),
}

/// One side's initiative throw (2.4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Throw {
    pub side: String,
    pub face: u32,
    pub modifier: i32,
    pub why: Vec<String>,
}

impl Throw {
    pub fn total(&self) -> i32 {
        (self.face as i32).saturating_add(self.modifier)
    }
}

crate::core::tagged::tagged_enum! {
#[serde(tag = "e")]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Ev ("Ev") {
    /// `chart VALUE ...`.
    AAChartQueued {
        values: Vec<String>,
    },
    /// A chart value the text does not print, read by the umpire.
    AAChartRead {
        read: ChartRead,
    },
    AAWeather {
        weather: Weather,
    },
    AANight {
        on: bool,
    },
    AASet {
        ship: String,
        changed: Changed,
    },
    AASplash {
        ship: String,
        n: u32,
    },
    /// 2.2 Initiative: all splash markers removed.
    AASplashCleared {
        turn: u32,
    },
    /// 5.3: a ship's guns of one class at one target; the 5.2 cell its hits roll.
    AAGunFire {
        ship: String,
        target: String,
        dice: u32,
        class: GunClass,
        band: Band,
        cell: DamageDie,
        /// "table" (the loaded file, with its provenance) or "chart read".
        cell_from: String,
        modifier: i32,
        why: Vec<String>,
        need: i32,
    },
    /// 5.10: torpedoes at one target.
    AATorpedoFire {
        ship: String,
        target: String,
        dice: u32,
        modifier: i32,
        why: Vec<String>,
        need: i32,
    },
    /// One to-hit die and its evasive re-rolls (5.3, 5.10): each generation's face.
    AAToHit {
        ship: String,
        k: u32,
        of: u32,
        faces: Vec<u32>,
        modifier: i32,
        hit: bool,
    },
    /// A gun hit: 5.4 location, 5.5 armour, the 5.2 damage roll and the damage it did.
    AAHit {
        ship: String,
        by: String,
        face: u32,
        location: Location,
        armour: u32,
        die: DamageDie,
        roll: u32,
        damage: u32,
    },
    /// Damage with no gun roll: fire or flood (d4), a torpedo or mine (typed), or the umpire's.
    AADamaged {
        ship: String,
        location: Location,
        points: u32,
        cause: String,
    },
    /// A location's damage reached the capacity the scenario gives (effect not defined).
    AACapacity {
        ship: String,
        location: Location,
        capacity: u32,
    },
    /// 5.7 / 5.12.
    AACritical {
        ship: String,
        table: CritTable,
        column: CritColumn,
        face: u32,
        result: CritResult,
    },
    /// 5.16: a ship crossing mines.
    AAMineTest {
        ship: String,
        face: u32,
        modifier: i32,
        why: Vec<String>,
        need: i32,
        hit: bool,
    },
    /// 5.17.
    AASinkingTest {
        ship: String,
        face: u32,
        sides: u32,
        modifier: i32,
        why: Vec<String>,
        sinks: bool,
    },
    AASank {
        ship: String,
        turn: u32,
    },
    /// 2.2 Repairs: the umpire's result (the procedure is absent).
    AARepair {
        ship: String,
        item: RepairItem,
        ok: bool,
    },
    /// 2.2 Initiative: the umpire's morale result (the test is absent).
    AAMorale {
        squadron: String,
        pass: bool,
        turn: u32,
    },
    /// 2.2 Spotting: a contact marker revealed; the squadron is deployed as models.
    AARevealed {
        squadron: String,
    },
    /// 2.2, 2.4: each side's d10 with its modifiers; the winner (None on a tie).
    AAInitiative {
        turn: u32,
        throws: Vec<Throw>,
        first: Option<String>,
    },
}
}
