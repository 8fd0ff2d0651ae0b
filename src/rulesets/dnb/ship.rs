//! A D&B ship: the values printed on its counter, front and (when printed) back (2.4-2.15),
//! and what changes during a battle (6.8-6.12, 7.3, 8.1, 8.5).
//!
//! The text gives no counter values: they come from the scenario's `[[ship]]` tables.
use serde::{Deserialize, Serialize};

/// One side of a counter (2.5-2.14).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterSide {
    /// Dice of the firing throw (2.9).
    pub gun_rating: u32,
    /// Compared with the target's SI on the damage throw (2.10, 6.7).
    pub weight_of_fire: u32,
    /// Structural integrity (2.11).
    pub si: u32,
    /// Dice of a torpedo attack; 0 when the ship carries none (2.12).
    #[serde(default)]
    pub torpedo_rating: u32,
    /// Maximum gun range in hexes (2.5c).
    pub max_range: u32,
    /// Flank speed in hexes (2.13b).
    pub speed: u32,
    /// Maneuver rating (2.14).
    pub maneuver: u32,
}

/// A `[[ship]]` table of a dnb-standard scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DnbShipSpec {
    pub id: String,
    pub name: String,
    pub side: String,
    #[serde(default)]
    pub nation: Option<String>,
    /// The counter's front.
    pub front: CounterSide,
    /// The heavily damaged back (2.15), if the counter is printed on both sides.
    #[serde(default)]
    pub back: Option<CounterSide>,
}

impl crate::core::turns::ScenarioShip for DnbShipSpec {
    fn id(&self) -> &str {
        &self.id
    }
    fn set_id(&mut self, id: String) {
        self.id = id;
    }
    fn problems(&self) -> Vec<String> {
        DnbShipSpec::problems(self)
    }
}

impl DnbShipSpec {
    /// What is wrong with this ship, each message naming the ship and the key.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let who = format!("ship \"{}\"", self.id);
        if self.id.is_empty()
            || !self
                .id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        {
            out.push(format!(
                "{who}: id: use letters, digits, '-' or '_' only (it is typed in commands)"
            ));
        }
        if self.name.trim().is_empty() {
            out.push(format!("{who}: name: empty"));
        }
        if self.side.trim().is_empty() {
            out.push(format!("{who}: side: empty"));
        }
        let sides = [("front", Some(&self.front)), ("back", self.back.as_ref())];
        for (label, side) in sides {
            let Some(s) = side else { continue };
            if s.gun_rating > 0 && s.max_range == 0 {
                out.push(format!(
                    "{who}: {label}.max_range: 0 with gun_rating {}: give the printed range in hexes",
                    s.gun_rating
                ));
            }
            for (k, v) in [
                ("gun_rating", s.gun_rating),
                ("weight_of_fire", s.weight_of_fire),
                ("si", s.si),
                ("torpedo_rating", s.torpedo_rating),
                ("speed", s.speed),
                ("maneuver", s.maneuver),
            ] {
                if v > 99 {
                    out.push(format!(
                        "{who}: {label}.{k}: {v} is not a counter value (0-99)"
                    ));
                }
            }
        }
        out
    }
}

/// Which side of the counter is up (2.15, 6.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Face {
    #[default]
    Front,
    /// Heavily damaged.
    Back,
}

impl Face {
    pub fn as_str(self) -> &'static str {
        match self {
            Face::Front => "front",
            Face::Back => "back",
        }
    }
}

/// Afloat, a hulk (2.17, 6.11a, Critical Hit Table 6) or sunk (6.11, 6.12a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    #[default]
    Afloat,
    Hulk,
    Sunk,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Afloat => "afloat",
            Status::Hulk => "hulk",
            Status::Sunk => "sunk",
        }
    }
}

/// The speed marker of 8.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SpeedSetting {
    /// Exactly 1 hex (8.1b).
    Cruise,
    /// Between cruise and flank (8.1a).
    #[default]
    Standard,
    /// The maximum (8.1c).
    Flank,
}

impl SpeedSetting {
    pub fn as_str(self) -> &'static str {
        match self {
            SpeedSetting::Cruise => "cruise",
            SpeedSetting::Standard => "standard",
            SpeedSetting::Flank => "flank",
        }
    }
    pub fn level(self) -> i32 {
        self as i32
    }
}

/// Dead in the water: from a second waterline hit (permanent, 6.9b) or Critical Hit Table 5
/// (with its repair roll in `repair_turn`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diw {
    pub permanent: bool,
    /// The turn whose repair roll is next (Critical Hit Table 5); none when permanent or when
    /// the literal single roll has failed.
    pub repair_turn: Option<u32>,
}

/// Guns or torpedoes: a ship fires one or the other in a Combat Phase (6.1, 7.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    Guns,
    Torpedoes,
}

impl Weapon {
    pub fn as_str(self) -> &'static str {
        match self {
            Weapon::Guns => "guns",
            Weapon::Torpedoes => "torpedoes",
        }
    }
}

/// What changes during a battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct ShipState {
    pub face: Face,
    /// SI hits counted against the side that is up: on the front, hits so far (the excess over
    /// the flip is discarded, 6.11); on the back, hits since the flip.
    pub hits: u32,
    pub status: Status,
    /// Fire markers (6.10a: they accumulate).
    pub fires: u32,
    pub waterline_hits: u32,
    /// Slowed (6.9a): the most hexes the ship may move.
    pub speed_cap: Option<u32>,
    /// Slowed (Critical Hit Table 3): the maneuver rating it keeps.
    pub maneuver_cap: Option<u32>,
    pub diw: Option<Diw>,
    /// Steering jammed through the Administrative Phase of this turn (Critical Hit Table 1).
    pub steering_until: Option<u32>,
    /// On board equipment damaged in this turn (Critical Hit Table 2).
    pub equipment_turn: Option<u32>,
    /// Torpedo attacks made (7.3: 1 = Torps Fired, 2 = Torps Out!).
    pub torpedo_attacks: u32,
    /// Torps Out! marker (7.3 or Critical Hit Table 2).
    pub torps_out: bool,
    /// Evasive action marker (8.5).
    pub evasive: bool,
    pub speed_setting: SpeedSetting,
    /// The setting at the start of the turn: 8.1e allows one level of change per turn.
    pub speed_at_turn_start: SpeedSetting,
    /// Guns or torpedoes fired in this turn's Combat Phase (6.1, 7.3).
    pub fired: Option<Weapon>,
    /// Already fired at by guns this turn (chart Other, -1).
    pub fired_at_by_guns: bool,
    /// Targets of this turn's reaction fire (8.4: once against each entering ship).
    pub reaction_targets: Vec<String>,
    /// A sunk ship: the turn and phase she sank in (the clock the engine last told the state)
    /// and what sank her, in the words of the rule (SPEC 10).
    pub sunk_at: Option<u32>,
    pub sunk_phase: Option<super::Phase>,
    pub sunk_by: Option<String>,
}

/// A ship: its counter and its state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DnbShip {
    pub spec: DnbShipSpec,
    pub st: ShipState,
}

impl DnbShip {
    pub fn new(spec: DnbShipSpec) -> DnbShip {
        DnbShip {
            spec,
            st: ShipState::default(),
        }
    }
    pub fn id(&self) -> &str {
        &self.spec.id
    }
    /// The counter side that is up.
    pub fn counter(&self) -> &CounterSide {
        match (self.st.face, &self.spec.back) {
            (Face::Back, Some(b)) => b,
            _ => &self.spec.front,
        }
    }
    /// Printed SI of the side that is up minus the hits counted against it (may go below 0).
    pub fn si_left(&self) -> i32 {
        self.counter().si as i32 - self.st.hits as i32
    }
    /// The SI a damage throw compares with (6.7): the printed front SI whatever the hits,
    /// and on the back the back SI less the hits since the flip.
    pub fn si_for_damage(&self) -> i32 {
        match self.st.face {
            Face::Front => self.spec.front.si as i32,
            Face::Back => self.si_left(),
        }
    }
    pub fn afloat(&self) -> bool {
        self.st.status == Status::Afloat
    }
    pub fn is_diw(&self) -> bool {
        self.st.diw.is_some()
    }
    pub fn heavily_damaged(&self) -> bool {
        self.st.face == Face::Back
    }
    /// Slowed or dead in the water through damage (chart Speed).
    pub fn slowed_or_diw(&self) -> bool {
        self.st.speed_cap.is_some() || self.is_diw()
    }
    /// Hexes it may move now: 0 for a hulk, sunk or dead in the water (8.1f).
    pub fn max_speed(&self) -> u32 {
        if !self.afloat() || self.is_diw() {
            return 0;
        }
        let s = self.counter().speed;
        self.st.speed_cap.map_or(s, |c| s.min(c))
    }
    /// The hexes it must move this Movement Phase at its speed setting (8.0b, 8.1): cruise
    /// exactly 1, flank its maximum, standard between the two (8.1a example: flank 4, standard
    /// 2 or 3); evasive action one less, at least 1 (8.5b). With a maximum of 2 or less there is
    /// no speed between cruise and flank: standard is read as the maximum.
    pub fn move_hexes(&self) -> (u32, u32) {
        let max = self.max_speed();
        if max == 0 {
            return (0, 0);
        }
        let (lo, hi) = match self.st.speed_setting {
            SpeedSetting::Cruise => (1, 1),
            SpeedSetting::Flank => (max, max),
            SpeedSetting::Standard if max >= 3 => (2, max - 1),
            SpeedSetting::Standard => (max, max),
        };
        if self.st.evasive {
            ((lo - 1).max(1), (hi - 1).max(1))
        } else {
            (lo, hi)
        }
    }
    /// Maneuver rating now (Critical Hit Table 3 leaves a slowed ship 1).
    pub fn maneuver(&self) -> u32 {
        let m = self.counter().maneuver;
        self.st.maneuver_cap.map_or(m, |c| m.min(c))
    }
    /// Carries torpedoes on the side that is up (2.12).
    pub fn has_torpedoes(&self) -> bool {
        self.counter().torpedo_rating > 0
    }
    /// Steering jammed turns left, counting the current turn.
    pub fn steering_turns_left(&self, turn: u32) -> u32 {
        self.st
            .steering_until
            .map_or(0, |u| u.saturating_add(1).saturating_sub(turn))
    }
    pub fn equipment_damaged(&self, turn: u32) -> bool {
        self.st.equipment_turn == Some(turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn side(si: u32) -> CounterSide {
        CounterSide {
            gun_rating: 4,
            weight_of_fire: 5,
            si,
            torpedo_rating: 0,
            max_range: 16,
            speed: 4,
            maneuver: 2,
        }
    }

    /// 2.15 and 6.7: the front SI is used whatever the hits; after the flip the back SI less
    /// the hits since.
    #[test]
    fn si_for_damage_2_15_6_7() {
        let mut s = DnbShip::new(DnbShipSpec {
            id: "pow".into(),
            name: "Prince of Wales".into(),
            side: "British".into(),
            nation: None,
            front: side(6),
            back: Some(side(5)),
        });
        s.st.hits = 2;
        assert_eq!(s.si_for_damage(), 6);
        assert_eq!(s.si_left(), 4);
        s.st.face = Face::Back;
        s.st.hits = 2;
        assert_eq!(s.si_for_damage(), 3);
    }

    #[test]
    fn problems_name_ship_and_key() {
        let mut f = side(6);
        f.max_range = 0;
        let s = DnbShipSpec {
            id: "bad id".into(),
            name: "X".into(),
            side: "A".into(),
            nation: None,
            front: f,
            back: None,
        };
        let p = s.problems();
        assert!(
            p.iter().any(|m| m.contains("ship \"bad id\": id:")),
            "{p:?}"
        );
        assert!(p.iter().any(|m| m.contains("front.max_range")), "{p:?}");
    }
}

/// The six results of the Critical Hit Table (d6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CritKind {
    SteeringJammed,
    EquipmentDamaged,
    WaterlineHit,
    Fire,
    DeadInWater,
    Catastrophic,
}

impl CritKind {
    pub const ALL: [CritKind; 6] = [
        CritKind::SteeringJammed,
        CritKind::EquipmentDamaged,
        CritKind::WaterlineHit,
        CritKind::Fire,
        CritKind::DeadInWater,
        CritKind::Catastrophic,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            CritKind::SteeringJammed => "steering_jammed",
            CritKind::EquipmentDamaged => "equipment_damaged",
            CritKind::WaterlineHit => "waterline_hit",
            CritKind::Fire => "fire",
            CritKind::DeadInWater => "dead_in_water",
            CritKind::Catastrophic => "catastrophic",
        }
    }
    /// The table's own words for the result.
    pub fn title(self) -> &'static str {
        match self {
            CritKind::SteeringJammed => "Steering Jammed",
            CritKind::EquipmentDamaged => "On Board Equipment Damaged",
            CritKind::WaterlineHit => "Waterline Hit",
            CritKind::Fire => "Onboard Fire",
            CritKind::DeadInWater => "Dead in the Water",
            CritKind::Catastrophic => "Catastrophic Damage",
        }
    }
    /// The die roll of the row in the printed table (1-6).
    pub fn row(self) -> u32 {
        self as u32 + 1
    }
    pub fn from_name(s: &str) -> Option<CritKind> {
        let s = s.to_ascii_lowercase().replace('-', "_");
        CritKind::ALL
            .into_iter()
            .find(|k| k.as_str() == s || k.row().to_string() == s)
    }
}
