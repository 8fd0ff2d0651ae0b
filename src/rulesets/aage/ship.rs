//! The words of the A&A quick reference: type codes (5.5), crews (2.4, 5.3), weather (5.3,
//! 5.10, 5.17), range bands and gun classes (5.2), hit locations (5.4), critical results (5.7,
//! 5.12), and one ship's record during the battle.
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The words the status, the log, the sheets and the report give for an effect the text
/// names but never defines (SPEC 8).
pub const UNDEFINED: &str = "effect not defined by the rules: apply your house rule";

/// Fold the look-alike letters our copy of the text prints (Cyrillic А В Е С Н К М О Р Т Х,
/// Greek Α Β Ε Η Ι Κ Μ Ο Ρ Τ Χ) into Latin ones, so a code typed on any keyboard reads the same.
pub fn fold_lookalikes(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            'А' | 'а' | 'Α' | 'α' => 'A',
            'В' | 'в' | 'Β' | 'β' => 'B',
            'Е' | 'е' | 'Ε' | 'ε' => 'E',
            'С' | 'с' => 'C',
            'Н' | 'н' | 'Η' | 'η' => 'H',
            'Ι' | 'ι' => 'I',
            'К' | 'к' | 'Κ' | 'κ' => 'K',
            'М' | 'м' | 'Μ' | 'μ' => 'M',
            'О' | 'о' | 'Ο' | 'ο' => 'O',
            'Р' | 'р' | 'Ρ' | 'ρ' => 'P',
            'Т' | 'т' | 'Τ' | 'τ' => 'T',
            'Х' | 'х' | 'Χ' | 'χ' => 'X',
            c => c.to_ascii_uppercase(),
        })
        .collect()
}

macro_rules! words {
    ($(#[$m:meta])* $name:ident, $what:literal, [$($v:ident => $k:literal),+ $(,)?]) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        pub enum $name { $( #[serde(rename = $k)] $v ),+ }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$v),+];
            pub fn key(self) -> &'static str { match self { $($name::$v => $k),+ } }
        }
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result { f.write_str(self.key()) }
        }
        impl FromStr for $name {
            type Err = String;
            fn from_str(s: &str) -> Result<$name, String> {
                $name::ALL.iter().copied().find(|x| x.key().eq_ignore_ascii_case(s.trim())).ok_or_else(|| {
                    let all: Vec<&str> = $name::ALL.iter().map(|x| x.key()).collect();
                    format!("\"{s}\" is not {} ({})", $what, all.join(", "))
                })
            }
        }
    };
}

words!(
    /// A crew's quality (2.4, 5.3, 5.10, 5.16).
    Crew, "a crew quality", [Superior => "superior", Standard => "standard", Inferior => "inferior"]
);
words!(
    /// The weather (5.3, 5.10, 5.17 name Calm to Moderate, Fresh to Strong, Gale and Storm).
    Weather, "a weather", [Calm => "calm", Moderate => "moderate", Fresh => "fresh", Strong => "strong", Gale => "gale", Storm => "storm"]
);
words!(
    /// The range bands of 5.2 (5.3 gives Short +1 and Long -1).
    Band, "a range band", [Short => "short", Med1 => "med1", Med2 => "med2", Long => "long"]
);
words!(
    /// A hit location (5.4) and armour column (5.5).
    Location, "a location", [Hull => "hull", Main => "main", Secondary => "secondary"]
);
words!(
    /// The two critical tables.
    CritTable, "a critical table", [Gunnery => "gunnery", Underwater => "underwater"]
);
words!(
    /// A critical result (5.7, 5.12).
    CritResult, "a critical result", [
        NoEffect => "no_effect", Rudder => "rudder", EngineRoom => "engine_room", Bridge => "bridge",
        Fire => "fire", Explosion => "catastrophic_explosion", Flood => "flood",
        CatFlooding => "catastrophic_flooding",
    ]
);
words!(
    /// The three columns of the critical tables.
    CritColumn, "a critical column", [BCb => "b_cb", Other => "other", DdTb => "dd_tb"]
);
words!(
    /// What a repair attempt is for (2.2 Repairs: put out fires, stop flooding, other repairs).
    RepairItem, "a repair", [Fire => "fire", Flood => "flood", Rudder => "rudder", EngineRoom => "engine_room", Bridge => "bridge"]
);

impl Weather {
    pub fn words(self) -> &'static str {
        match self {
            Weather::Calm => "Calm",
            Weather::Moderate => "Moderate",
            Weather::Fresh => "Fresh",
            Weather::Strong => "Strong",
            Weather::Gale => "Gale",
            Weather::Storm => "Storm",
        }
    }
}

impl Band {
    /// As 5.2 heads the column.
    pub fn words(self) -> &'static str {
        match self {
            Band::Short => "Short Range",
            Band::Med1 => "Med Range 1",
            Band::Med2 => "Med Range 2",
            Band::Long => "Long Range",
        }
    }
}

impl CritResult {
    pub fn words(self) -> &'static str {
        match self {
            CritResult::NoEffect => "no effect",
            CritResult::Rudder => "rudder disabled",
            CritResult::EngineRoom => "engine room hit",
            CritResult::Bridge => "bridge hit",
            CritResult::Fire => "fire",
            CritResult::Explosion => "catastrophic explosion",
            CritResult::Flood => "flood",
            CritResult::CatFlooding => "catastrophic flooding",
        }
    }
}

impl CritColumn {
    pub fn words(self) -> &'static str {
        match self {
            CritColumn::BCb => "B, CB",
            CritColumn::Other => "Other",
            CritColumn::DdTb => "DD, TB",
        }
    }
}

/// The ship types of 5.5, by their codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ShipType {
    B,
    CB,
    ACL,
    TSL,
    AC,
    C,
    TS,
    CL,
    DD,
    GB,
    TB,
}

impl ShipType {
    pub const ALL: [ShipType; 11] = [
        ShipType::B,
        ShipType::CB,
        ShipType::ACL,
        ShipType::TSL,
        ShipType::AC,
        ShipType::C,
        ShipType::TS,
        ShipType::CL,
        ShipType::DD,
        ShipType::GB,
        ShipType::TB,
    ];
    pub fn code(self) -> &'static str {
        match self {
            ShipType::B => "B",
            ShipType::CB => "CB",
            ShipType::ACL => "ACL",
            ShipType::TSL => "TSL",
            ShipType::AC => "AC",
            ShipType::C => "C",
            ShipType::TS => "TS",
            ShipType::CL => "CL",
            ShipType::DD => "DD",
            ShipType::GB => "GB",
            ShipType::TB => "TB",
        }
    }
    /// "DD or TB" of 5.3 and 5.10 (a gunboat by the scenario's option).
    pub fn is_dd_tb(self) -> bool {
        matches!(self, ShipType::DD | ShipType::TB)
    }
}

impl fmt::Display for ShipType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for ShipType {
    type Err = String;
    fn from_str(s: &str) -> Result<ShipType, String> {
        let folded = fold_lookalikes(s.trim());
        ShipType::ALL
            .into_iter()
            .find(|t| t.code() == folded)
            .ok_or_else(|| {
                format!("\"{s}\" is not a ship type of 5.5 (B, CB, ACL, TSL, AC, C, TS, CL, DD, GB, TB)")
            })
    }
}

/// The gun classes of 5.2, A (2.9"-4.0") to I (15.1"-21").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum GunClass {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
    I,
}

impl GunClass {
    pub const ALL: [GunClass; 9] = [
        GunClass::A,
        GunClass::B,
        GunClass::C,
        GunClass::D,
        GunClass::E,
        GunClass::F,
        GunClass::G,
        GunClass::H,
        GunClass::I,
    ];
    pub fn code(self) -> &'static str {
        ["A", "B", "C", "D", "E", "F", "G", "H", "I"][self as usize]
    }
}

impl fmt::Display for GunClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for GunClass {
    type Err = String;
    fn from_str(s: &str) -> Result<GunClass, String> {
        let folded = fold_lookalikes(s.trim());
        GunClass::ALL
            .into_iter()
            .find(|c| c.code() == folded)
            .ok_or_else(|| format!("\"{s}\" is not a gun class of 5.2 (A to I)"))
    }
}

/// A damage cell of 5.2: the die a hit's damage is rolled on, or n/a.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DamageDie {
    D4,
    D6,
    D8,
    D10,
    D12,
    D20,
    ThreeD10,
    NotApplicable,
}

impl DamageDie {
    pub const ALL: [DamageDie; 8] = [
        DamageDie::D4,
        DamageDie::D6,
        DamageDie::D8,
        DamageDie::D10,
        DamageDie::D12,
        DamageDie::D20,
        DamageDie::ThreeD10,
        DamageDie::NotApplicable,
    ];
    /// The codes a 5.2 chart read may take.
    pub const CODES: &'static [&'static str] =
        &["d4", "d6", "d8", "d10", "d12", "d20", "3d10", "n/a"];
    pub fn code(self) -> &'static str {
        Self::CODES[self as usize]
    }
    /// The dice rolled and summed: (how many, which).
    pub fn dice(self) -> Option<(u32, crate::core::dice::Die)> {
        use crate::core::dice::Die;
        Some(match self {
            DamageDie::D4 => (1, Die::D4),
            DamageDie::D6 => (1, Die::D6),
            DamageDie::D8 => (1, Die::D8),
            DamageDie::D10 => (1, Die::D10),
            DamageDie::D12 => (1, Die::D12),
            DamageDie::D20 => (1, Die::D20),
            DamageDie::ThreeD10 => (3, Die::D10),
            DamageDie::NotApplicable => return None,
        })
    }
}

impl fmt::Display for DamageDie {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for DamageDie {
    type Err = String;
    fn from_str(s: &str) -> Result<DamageDie, String> {
        DamageDie::ALL
            .into_iter()
            .find(|d| d.code().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| {
                format!(
                    "\"{s}\" is not a damage cell of 5.2 ({})",
                    DamageDie::CODES.join(", ")
                )
            })
    }
}

/// Hull, main and secondary figures (armour, damage, capacity).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ByLocation {
    pub hull: u32,
    pub main: u32,
    pub secondary: u32,
}

impl ByLocation {
    pub fn get(&self, l: Location) -> u32 {
        match l {
            Location::Hull => self.hull,
            Location::Main => self.main,
            Location::Secondary => self.secondary,
        }
    }
    pub fn get_mut(&mut self, l: Location) -> &mut u32 {
        match l {
            Location::Hull => &mut self.hull,
            Location::Main => &mut self.main,
            Location::Secondary => &mut self.secondary,
        }
    }
}

/// A squadron as the scenario gives it (2.4 counts squadrons, not ships).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquadronSpec {
    pub id: String,
    #[serde(default)]
    pub name: String,
    pub side: String,
    #[serde(default = "standard")]
    pub crew: Crew,
    /// Deployed as models (2.4 counts only those); false while it is a contact marker.
    #[serde(default = "yes")]
    pub models: bool,
}

fn standard() -> Crew {
    Crew::Standard
}
fn yes() -> bool {
    true
}

/// A ship as the scenario gives it. The text has no ship data: speed, gun classes and the
/// damage capacity per location are the scenario's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShipSpec {
    pub id: String,
    pub name: String,
    pub squadron: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// Maximum speed in knots.
    pub speed: u32,
    #[serde(default)]
    pub flagship: bool,
    /// The ship's crew when it differs from her squadron's.
    #[serde(default)]
    pub crew: Option<Crew>,
    /// Gun class (5.2) of the main and the secondary armament.
    #[serde(default)]
    pub main: Option<String>,
    #[serde(default)]
    pub secondary: Option<String>,
    /// Damage each location can take; the text gives none (absent: tracked, not limited).
    #[serde(default)]
    pub capacity: Option<ByLocation>,
}

/// Afloat or sunk (SPEC 8's status).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Afloat,
    Sunk,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Afloat => "afloat",
            Status::Sunk => "sunk",
        }
    }
}

/// One ship's record during the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ship {
    pub id: String,
    pub name: String,
    pub side: String,
    pub squadron: String,
    pub kind: ShipType,
    pub crew: Crew,
    pub main: Option<GunClass>,
    pub secondary: Option<GunClass>,
    pub capacity: Option<ByLocation>,
    pub max_speed: u32,
    /// The current maximum speed (5.3 "current maximum"), set by the umpire.
    pub speed: u32,
    pub stopped: bool,
    pub evasive: bool,
    pub flagship: bool,
    pub out_of_command: bool,
    pub damage: ByLocation,
    pub fires: u32,
    pub floods: u32,
    pub rudder_disabled: bool,
    pub engine_room_hits: u32,
    pub bridge_hits: u32,
    pub catastrophic_explosion: bool,
    pub catastrophic_flooding: bool,
    pub splash: u32,
    pub sunk_turn: Option<u32>,
    /// A sunk ship: the phase she sank in (the clock the engine last told the state) and the
    /// sinking test that sank her, in the log's words (SPEC 10).
    pub sunk_phase: Option<super::Phase>,
    pub sunk_by: Option<String>,
}

impl Ship {
    pub fn status(&self) -> Status {
        if self.sunk_turn.is_some() {
            Status::Sunk
        } else {
            Status::Afloat
        }
    }
    pub fn afloat(&self) -> bool {
        self.sunk_turn.is_none()
    }
    /// A catastrophic result: a sinking test every Ongoing Damage phase (5.7, 5.12).
    pub fn catastrophic(&self) -> bool {
        self.catastrophic_explosion || self.catastrophic_flooding
    }
    /// The results the text names without defining, as the status and report list them.
    pub fn undefined_effects(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.rudder_disabled {
            out.push("rudder disabled".to_string());
        }
        if self.engine_room_hits > 0 {
            out.push(format!("engine room hit ×{}", self.engine_room_hits));
        }
        if self.bridge_hits > 0 {
            out.push(format!("bridge hit ×{}", self.bridge_hits));
        }
        if let Some(cap) = self.capacity {
            for l in Location::ALL {
                if cap.get(*l) > 0 && self.damage.get(*l) >= cap.get(*l) {
                    out.push(format!("{l} damage at its capacity"));
                }
            }
        }
        out
    }
}
