//! Names from the rulebook shared by tables, engine and views.
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Critical hit kinds (SPEC 5; FG&DN 1.1 8.1.2 Critical Hit Table and 8.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CriticalKind {
    MainBattery,
    Casemate,
    OtherWeapon,
    Engineering,
    Flooding,
    Fire,
    Sensor,
    Communications,
    Bridge,
    Rudder,
    FireControl,
    Weapon,
    Personnel,
    FuelTank,
    Flotation,
    Cargo,
    Aircraft,
    AmmoFuel,
    FlightDeck,
    HullPenetration,
    HullDeformation,
    Battery,
    Switchboard,
    TorpedoMount,
}

impl CriticalKind {
    pub const ALL: [CriticalKind; 24] = [
        CriticalKind::MainBattery,
        CriticalKind::Casemate,
        CriticalKind::OtherWeapon,
        CriticalKind::Engineering,
        CriticalKind::Flooding,
        CriticalKind::Fire,
        CriticalKind::Sensor,
        CriticalKind::Communications,
        CriticalKind::Bridge,
        CriticalKind::Rudder,
        CriticalKind::FireControl,
        CriticalKind::Weapon,
        CriticalKind::Personnel,
        CriticalKind::FuelTank,
        CriticalKind::Flotation,
        CriticalKind::Cargo,
        CriticalKind::Aircraft,
        CriticalKind::AmmoFuel,
        CriticalKind::FlightDeck,
        CriticalKind::HullPenetration,
        CriticalKind::HullDeformation,
        CriticalKind::Battery,
        CriticalKind::Switchboard,
        CriticalKind::TorpedoMount,
    ];

    /// Kinds only the submarine columns of the Critical Hit Table give (FG&DN 8.1.2, 8.1.4,
    /// 8.3): a surface ship (and a surfaced submarine, which uses the Minor column) never
    /// suffers them.
    pub fn submarine_only(self) -> bool {
        matches!(
            self,
            CriticalKind::HullPenetration
                | CriticalKind::HullDeformation
                | CriticalKind::Battery
                | CriticalKind::Switchboard
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            CriticalKind::MainBattery => "main_battery",
            CriticalKind::Casemate => "casemate",
            CriticalKind::OtherWeapon => "other_weapon",
            CriticalKind::Engineering => "engineering",
            CriticalKind::Flooding => "flooding",
            CriticalKind::Fire => "fire",
            CriticalKind::Sensor => "sensor",
            CriticalKind::Communications => "communications",
            CriticalKind::Bridge => "bridge",
            CriticalKind::Rudder => "rudder",
            CriticalKind::FireControl => "fire_control",
            CriticalKind::Weapon => "weapon",
            CriticalKind::Personnel => "personnel",
            CriticalKind::FuelTank => "fuel_tank",
            CriticalKind::Flotation => "flotation",
            CriticalKind::Cargo => "cargo",
            CriticalKind::Aircraft => "aircraft",
            CriticalKind::AmmoFuel => "ammo_fuel",
            CriticalKind::FlightDeck => "flight_deck",
            CriticalKind::HullPenetration => "hull_penetration",
            CriticalKind::HullDeformation => "hull_deformation",
            CriticalKind::Battery => "battery",
            CriticalKind::Switchboard => "switchboard",
            CriticalKind::TorpedoMount => "torpedo_mount",
        }
    }
}

impl fmt::Display for CriticalKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CriticalKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let s = s.to_ascii_lowercase().replace('-', "_");
        CriticalKind::ALL
            .iter()
            .copied()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown critical kind \"{s}\" (expected one of: {})",
                    CriticalKind::ALL.map(|k| k.name()).join(", ")
                )
            })
    }
}

/// A cell of the Critical Hit Table: a kind, or "Snsr/Comms" which needs a D6 to split.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Location {
    Kind(CriticalKind),
    SensorComms,
}

impl FromStr for Location {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        if s == "sensor_comms" {
            Ok(Location::SensorComms)
        } else {
            s.parse::<CriticalKind>()
                .map(Location::Kind)
                .map_err(|e| format!("{e}, or sensor_comms"))
        }
    }
}

/// Size classes A-G (FG&DN Annex A).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SizeClass {
    A,
    B,
    C,
    D,
    E,
    F,
    G,
}

impl SizeClass {
    pub const ALL: [SizeClass; 7] = [
        SizeClass::A,
        SizeClass::B,
        SizeClass::C,
        SizeClass::D,
        SizeClass::E,
        SizeClass::F,
        SizeClass::G,
    ];
    /// Size E-G: small craft (FG&DN 8.1).
    pub fn is_small_craft(self) -> bool {
        self >= SizeClass::E
    }
    pub fn letter(self) -> char {
        (b'A' + self as u8) as char
    }
}

impl fmt::Display for SizeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for SizeClass {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let up = s.trim().to_ascii_uppercase();
        SizeClass::ALL
            .iter()
            .copied()
            .find(|c| up.len() == 1 && c.letter().to_string() == up)
            .ok_or_else(|| format!("unknown size class \"{s}\" (expected A, B, C, D, E, F or G)"))
    }
}

/// Critical Hit Table column, chosen by the ship's type (FG&DN 8.1.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Column {
    Major,
    Minor,
    Aviation,
    Merchant,
    TorpMine,
    SubLethal,
    SubMajor,
    SubMinor,
    Small,
    SmallCargo,
}

impl Column {
    pub const ALL: [Column; 10] = [
        Column::Major,
        Column::Minor,
        Column::Aviation,
        Column::Merchant,
        Column::TorpMine,
        Column::SubLethal,
        Column::SubMajor,
        Column::SubMinor,
        Column::Small,
        Column::SmallCargo,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Column::Major => "major",
            Column::Minor => "minor",
            Column::Aviation => "aviation",
            Column::Merchant => "merchant",
            Column::TorpMine => "torp_mine",
            Column::SubLethal => "sub_lethal",
            Column::SubMajor => "sub_major",
            Column::SubMinor => "sub_minor",
            Column::Small => "small",
            Column::SmallCargo => "small_cargo",
        }
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Column {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Column::ALL
            .iter()
            .copied()
            .find(|c| c.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown column \"{s}\" (expected one of: {})",
                    Column::ALL.map(|c| c.name()).join(", ")
                )
            })
    }
}

/// Severity levels of fire and flooding (FG&DN 8.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SeverityLevel {
    None,
    Minor,
    Major,
    Severe,
    Overwhelmed,
}

impl SeverityLevel {
    pub fn name(self) -> &'static str {
        match self {
            SeverityLevel::None => "none",
            SeverityLevel::Minor => "minor",
            SeverityLevel::Major => "major",
            SeverityLevel::Severe => "severe",
            SeverityLevel::Overwhelmed => "overwhelmed",
        }
    }
}

impl fmt::Display for SeverityLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
