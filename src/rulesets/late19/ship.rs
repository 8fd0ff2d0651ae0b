//! Ship types (Ship Flotation Values (FV)), gun types (Definitions, Firing Guns) and one
//! ship's log: flotation points, the trade-offs made, torpedoes fired, minor damage.
use super::tables::TypeValues;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The six ship types of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShipType {
    Battleship,
    /// Ironclad/Coastal Defence Battleship.
    Ironclad,
    ArmouredCruiser,
    ProtectedCruiser,
    TorpedoBoat,
    Gunboat,
}

impl ShipType {
    pub const ALL: [ShipType; 6] = [
        ShipType::Battleship,
        ShipType::Ironclad,
        ShipType::ArmouredCruiser,
        ShipType::ProtectedCruiser,
        ShipType::TorpedoBoat,
        ShipType::Gunboat,
    ];
    pub fn key(self) -> &'static str {
        match self {
            ShipType::Battleship => "battleship",
            ShipType::Ironclad => "ironclad",
            ShipType::ArmouredCruiser => "armoured_cruiser",
            ShipType::ProtectedCruiser => "protected_cruiser",
            ShipType::TorpedoBoat => "torpedo_boat",
            ShipType::Gunboat => "gunboat",
        }
    }
    /// The short form of the fleet table.
    pub fn short(self) -> &'static str {
        match self {
            ShipType::Battleship => "BB",
            ShipType::Ironclad => "IC/CDB",
            ShipType::ArmouredCruiser => "AC",
            ShipType::ProtectedCruiser => "PC",
            ShipType::TorpedoBoat => "TB",
            ShipType::Gunboat => "GB",
        }
    }
}

impl FromStr for ShipType {
    type Err = String;
    fn from_str(s: &str) -> Result<ShipType, String> {
        ShipType::ALL
            .into_iter()
            .find(|t| t.key().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!(
                    "\"{s}\" is not a ship type (battleship, ironclad, armoured_cruiser, \
                     protected_cruiser, torpedo_boat, gunboat)"
                )
            })
    }
}

/// A gun type (Firing Guns), or a torpedo (the Torpedoes row of Resolving hits on Ships; a
/// mine is "the equivalent of a torpedo").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GunType {
    SuperHeavy,
    Heavy,
    Medium,
    Light,
    VeryLight,
    Torpedo,
}

impl GunType {
    pub const ALL: [GunType; 6] = [
        GunType::SuperHeavy,
        GunType::Heavy,
        GunType::Medium,
        GunType::Light,
        GunType::VeryLight,
        GunType::Torpedo,
    ];
    pub fn key(self) -> &'static str {
        match self {
            GunType::SuperHeavy => "super_heavy",
            GunType::Heavy => "heavy",
            GunType::Medium => "medium",
            GunType::Light => "light",
            GunType::VeryLight => "very_light",
            GunType::Torpedo => "torpedo",
        }
    }
    /// As the text names the row.
    pub fn words(self) -> &'static str {
        match self {
            GunType::SuperHeavy => "super heavy guns",
            GunType::Heavy => "heavy guns",
            GunType::Medium => "medium guns",
            GunType::Light => "light guns",
            GunType::VeryLight => "very light guns",
            GunType::Torpedo => "torpedoes",
        }
    }
}

impl fmt::Display for GunType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for GunType {
    type Err = String;
    fn from_str(s: &str) -> Result<GunType, String> {
        let s2 = s.replace('-', "_");
        GunType::ALL
            .into_iter()
            .find(|g| g.key().eq_ignore_ascii_case(&s2))
            .ok_or_else(|| {
                format!(
                    "\"{s}\" is not a gun type (super_heavy, heavy, medium, light, very_light, torpedo)"
                )
            })
    }
}

/// Main or secondary armament (Firing Guns rules b and c).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Armament {
    Main,
    Secondary,
}

impl Armament {
    pub fn as_str(self) -> &'static str {
        match self {
            Armament::Main => "main",
            Armament::Secondary => "secondary",
        }
    }
}

impl fmt::Display for Armament {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What a trade-off gives up (Resolving hits on Ships rule b).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TradeKind {
    Move,
    Main,
    Secondary,
}

impl TradeKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TradeKind::Move => "move",
            TradeKind::Main => "main",
            TradeKind::Secondary => "secondary",
        }
    }
}

impl fmt::Display for TradeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The result of one hit (Resolving hits on Ships).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitResult {
    /// "Ship loses 2 FP."
    #[serde(rename = "lose_2")]
    Lose2,
    /// "Ship loses 1 FP."
    #[serde(rename = "lose_1")]
    Lose1,
    /// "Minor damage": named, never defined.
    Minor,
}

impl HitResult {
    pub fn key(self) -> &'static str {
        match self {
            HitResult::Lose2 => "lose_2",
            HitResult::Lose1 => "lose_1",
            HitResult::Minor => "minor",
        }
    }
    pub fn fp(self) -> u32 {
        match self {
            HitResult::Lose2 => 2,
            HitResult::Lose1 => 1,
            HitResult::Minor => 0,
        }
    }
    pub fn parse(s: &str) -> Option<HitResult> {
        [HitResult::Lose2, HitResult::Lose1, HitResult::Minor]
            .into_iter()
            .find(|r| r.key() == s)
    }
}

/// The words the status, the log and the report give for minor damage (SPEC 8).
pub const MINOR_UNDEFINED: &str = "effect not defined by the rules: apply your house rule";

/// A ship as the scenario gives it. The text gives the type's values; the number of guns is
/// the scenario's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct L19ShipSpec {
    pub id: String,
    pub name: String,
    pub side: String,
    #[serde(rename = "type")]
    pub kind: ShipType,
    #[serde(default)]
    pub main_guns: u32,
    #[serde(default)]
    pub secondary_guns: u32,
    /// Equipped to fire torpedoes (Firing Torpedoes rule e).
    #[serde(default)]
    pub torpedoes: bool,
}

impl crate::core::turns::ScenarioShip for L19ShipSpec {
    fn id(&self) -> &str {
        &self.id
    }
    fn set_id(&mut self, id: String) {
        self.id = id;
    }
    fn problems(&self) -> Vec<String> {
        L19ShipSpec::problems(self)
    }
}

impl L19ShipSpec {
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let id = &self.id;
        if id.is_empty()
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            out.push(format!(
                "ship \"{id}\": id: letters, digits, - and _ only (it is typed at the prompt)"
            ));
        }
        if [
            "at",
            "by",
            "from",
            "main",
            "secondary",
            "move",
            "range",
            "lost",
            "mine",
        ]
        .iter()
        .any(|w| w.eq_ignore_ascii_case(id))
        {
            out.push(format!(
                "ship \"{id}\": id: \"{id}\" is a word of the commands"
            ));
        }
        if self.name.trim().is_empty() {
            out.push(format!("ship \"{id}\": name: empty"));
        }
        if self.side.trim().is_empty() {
            out.push(format!("ship \"{id}\": side: empty"));
        }
        for (key, n) in [
            ("main_guns", self.main_guns),
            ("secondary_guns", self.secondary_guns),
        ] {
            if n > 99 {
                out.push(format!("ship \"{id}\": {key}: {n} is more than 99"));
            }
        }
        out
    }
}

/// Afloat, sinking (FP 0 this turn: it still fires, N.B. of the Turn Sequence) or sunk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Afloat,
    Sinking,
    Sunk,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Afloat => "afloat",
            Status::Sinking => "sinking",
            Status::Sunk => "sunk",
        }
    }
}

/// One ship's log during the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct L19Ship {
    pub spec: L19ShipSpec,
    /// Flotation points lost ("All hits are cumulative"), after trade-offs.
    pub fp_lost: u32,
    /// Flotation points lost in the current phase (what a trade-off may still absorb).
    pub lost_this_phase: u32,
    /// Hexes of movement, main guns and secondary guns given up (rule b).
    pub traded_move: u32,
    pub traded_main: u32,
    pub traded_secondary: u32,
    pub torpedoes_fired: u32,
    /// The turn of the ship's last torpedo (one a turn, rule f).
    pub torpedo_turn: Option<u32>,
    pub minor_damage: u32,
    /// (turn, armament, target) of every salvo, the last two turns kept.
    pub fired: Vec<(u32, Armament, String)>,
    pub sunk_turn: Option<u32>,
    /// A sunk ship: the step she was removed in (the clock the engine last told the state).
    pub sunk_step: Option<super::Phase>,
    /// What brought her to 0 FP, in the rule's words (SPEC 10); set by the hit that did it, so
    /// it reads only once she has sunk.
    pub sunk_by: Option<String>,
}

impl L19Ship {
    pub fn new(spec: L19ShipSpec) -> L19Ship {
        L19Ship {
            spec,
            fp_lost: 0,
            lost_this_phase: 0,
            traded_move: 0,
            traded_main: 0,
            traded_secondary: 0,
            torpedoes_fired: 0,
            torpedo_turn: None,
            minor_damage: 0,
            fired: Vec::new(),
            sunk_turn: None,
            sunk_step: None,
            sunk_by: None,
        }
    }
    pub fn id(&self) -> &str {
        &self.spec.id
    }
    /// Flotation points left (the type's value less the cumulative losses).
    pub fn fp(&self, tv: &TypeValues) -> u32 {
        tv.fp.saturating_sub(self.fp_lost)
    }
    /// Rule b: reduced to the critical point, the ship must break off from battle.
    pub fn must_break_off(&self, tv: &TypeValues) -> bool {
        self.sunk_turn.is_none() && self.fp(tv) <= tv.critical_point
    }
    /// Rule c: at 0 FP it sinks; it still fires this turn (N.B. of the Turn Sequence).
    pub fn status(&self, tv: &TypeValues) -> Status {
        if self.sunk_turn.is_some() {
            Status::Sunk
        } else if self.fp(tv) == 0 {
            Status::Sinking
        } else {
            Status::Afloat
        }
    }
    pub fn movement(&self, tv: &TypeValues) -> u32 {
        tv.movement.saturating_sub(self.traded_move)
    }
    pub fn main_guns(&self) -> u32 {
        self.spec.main_guns.saturating_sub(self.traded_main)
    }
    pub fn secondary_guns(&self) -> u32 {
        self.spec
            .secondary_guns
            .saturating_sub(self.traded_secondary)
    }
    pub fn guns(&self, a: Armament) -> u32 {
        match a {
            Armament::Main => self.main_guns(),
            Armament::Secondary => self.secondary_guns(),
        }
    }
    /// The target of an armament in a turn, if it fired.
    pub fn target_in(&self, turn: u32, a: Armament) -> Option<&str> {
        self.fired
            .iter()
            .find(|(t, arm, _)| *t == turn && *arm == a)
            .map(|(_, _, target)| target.as_str())
    }
    /// Firing Guns: "has fired at the same target during the previous turn".
    pub fn fired_at_in(&self, turn: u32, target: &str) -> bool {
        self.fired
            .iter()
            .any(|(t, _, x)| *t == turn && x.eq_ignore_ascii_case(target))
    }
}
