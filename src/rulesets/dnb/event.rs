//! What happened in a D&B battle: past tense, serialized with the tag `"e"`. Every variant is
//! prefixed `Dnb` so none collides with the core's or FG&DN's event names (tested below).
//! An event carries every number its effect needs, so `apply` rolls no dice and reads no table.
use super::command::MarkerKind;
use super::ship::{CritKind, SpeedSetting, Weapon};
use serde::{Deserialize, Serialize};

/// One firing-throw modifier as applied (the chart's line and its dice).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    pub what: String,
    pub dice: i32,
}

/// What a damage throw produced (6.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageResult {
    None,
    SiHit,
    Critical,
}

/// A hit waiting for the end of the Combat Phase (5.2a).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum HitKind {
    /// One structural-integrity hit.
    Si,
    /// A critical hit of the table.
    Critical { critical: CritKind },
}

crate::core::tagged::tagged_enum! {
#[serde(tag = "e")]
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Ev ("Ev") {
    /// A gunnery or torpedo attack was made (6.1-6.6, 7.0-7.3).
    DnbAttacked {
        ship: String,
        target: String,
        weapon: Weapon,
        reaction: bool,
        /// Dice of the firing throw after the modifiers.
        dice: i32,
        modifiers: Vec<Modifier>,
        /// Faces rolled (empty when the hits were counted at the table).
        faces: Vec<u32>,
        hits: u32,
        /// Torps Out! after this attack (7.3).
        torps_out: bool,
    },
    /// One damage throw for a possible hit (6.7; torpedoes 7.1).
    DnbDamageThrown {
        ship: String,
        by: String,
        /// Weight of fire minus SI, or none for a torpedo ("never nullified", 7.1).
        delta: Option<i32>,
        face: u32,
        result: DamageResult,
    },
    /// A Critical Hit Table roll (6.7c/d); `critical` none: the modified roll was below 1,
    /// an SI hit instead.
    DnbCriticalRolled {
        ship: String,
        face: u32,
        modifier: i32,
        critical: Option<CritKind>,
    },
    /// A hit scored in the Combat Phase, to take effect at its end (5.2a).
    DnbHitPending {
        ship: String,
        by: String,
        hit: HitKind,
    },
    /// One SI hit taken (2.11, 6.11).
    DnbSiHit { ship: String, by: String },
    /// An SI hit beyond those that flipped the counter in the same resolution (6.11).
    DnbSiHitDiscarded { ship: String, by: String },
    /// The counter turned to its heavily damaged side (6.11).
    DnbFlipped { ship: String },
    /// Critical Hit Table 1: jammed through the Administrative Phase of `until` (none: 0 turns).
    DnbSteeringJammed {
        ship: String,
        face: u32,
        turns: u32,
        until: Option<u32>,
    },
    /// Critical Hit Table 2, in effect for `turn`.
    DnbEquipmentDamaged {
        ship: String,
        turn: u32,
        torps_out: bool,
    },
    /// Critical Hit Table 3 and 6.9: the `count`-th waterline hit.
    DnbWaterlineHit {
        ship: String,
        count: u32,
        speed_cap: Option<u32>,
        maneuver_cap: Option<u32>,
        dead_in_water: bool,
    },
    /// Critical Hit Table 4: a fire marker (6.10).
    DnbFireStarted { ship: String },
    /// Critical Hit Table 5, its repair roll due in `repair_turn`.
    DnbDeadInWater { ship: String, repair_turn: u32 },
    /// Critical Hit Table 6: a hulk for the rest of the game.
    DnbCatastrophic { ship: String },
    /// A critical already in effect (6.8): it becomes an SI hit (the next event).
    DnbCriticalRedundant { ship: String, critical: CritKind },
    /// A heavily damaged ship at exactly 0 SI became a hulk (6.11a).
    DnbHulked { ship: String },
    /// Sunk: below 0 SI on the back (6.11b) or SI exceeded with no back (6.11).
    DnbSank { ship: String, why: String },
    /// The Combat Phase's hits were all applied (5.2a).
    DnbPendingResolved,
    /// A hulk's sinking roll (6.12).
    DnbHulkRolled { ship: String, face: u32, sank: bool },
    /// A fire marker's removal roll (6.10b).
    DnbFireRolled {
        ship: String,
        face: u32,
        removed: bool,
    },
    /// A smoke marker's removal roll (8.7).
    DnbSmokeRolled { face: u32, removed: bool },
    /// Critical Hit Table 5's repair roll; `next`: the turn of the next roll, if any.
    DnbDiwRepairRolled {
        ship: String,
        face: u32,
        repaired: bool,
        next: Option<u32>,
    },
    /// Steering jammed ran out (Critical Hit Table 1).
    DnbSteeringFreed { ship: String },
    /// Equipment damaged ran out at the end of its turn (Critical Hit Table 2).
    DnbEquipmentRestored { ship: String },
    /// The turn ended: per-turn flags cleared (6.1, 7.3, 8.1e, 8.4, chart "already fired at").
    DnbTurnEnded { turn: u32 },
    /// Speed marker (8.1).
    DnbSpeedSet { ship: String, setting: SpeedSetting },
    /// Evasive action marker (8.5).
    DnbEvasiveSet { ship: String, on: bool },
    /// Smoke markers laid (8.6).
    DnbSmokeLaid { markers: u32 },
    /// A marker placed or removed by the umpire.
    DnbMarkerSet {
        ship: String,
        marker: MarkerKind,
        on: bool,
    },
    /// The scenario's last turn ended (5.4b): determine the victor.
    DnbGameOver { turn: u32 },
}
}

impl Ev {
    /// The `"e"` tag of this event.
    pub fn name(&self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.get("e").and_then(|e| e.as_str()).map(str::to_string))
            .unwrap_or_default()
    }
}

/// The event names of the engine and of FG&DN today (RULESETS 3.2: names may not collide).
pub const FOREIGN_EVENT_NAMES: &[&str] = &[
    "DiceQueued",
    "Rolled",
    "HitEntered",
    "PhaseEnded",
    "ClockMoved",
    "ScaleChanged",
    "HitsResolved",
    "TdsAbsorbed",
    "Damage",
    "NoCriticalRoll",
    "CriticalCount",
    "Critical",
    "CriticalIgnored",
    "CasualtyStarted",
    "CasualtyDamage",
    "MassiveDamage",
    "KeelBroken",
    "SinkingStarted",
    "Sunk",
    "Adjusted",
    "Note",
    "DamageControl",
    "CrewsSent",
    "AssistStarted",
    "AssistReleased",
    "MagazinesFlooded",
    "HoldFlooded",
    "StowagePurged",
    "FireOrders",
    "ConflagrationCheck",
    "ConflagrationEnded",
    "CapsizeCheck",
    "SunkAtOnce",
    "Effect",
    "BattleEnded",
    "CasualtiesSecured",
    "FloodingPumped",
    "RepairsListed",
    "RepairRoll",
    "PatchCheck",
    "FireRestart",
    "PostBattleFinished",
    "SeaStateSet",
    "ServiceabilityChecked",
    "Grounded",
    "Refloated",
    "StaysGrounded",
    "Breakdown",
];

#[cfg(test)]
pub(crate) fn samples() -> Vec<Ev> {
    let s = || "a".to_string();
    vec![
        Ev::DnbAttacked {
            ship: s(),
            target: "b".into(),
            weapon: Weapon::Guns,
            reaction: false,
            dice: 3,
            modifiers: vec![Modifier {
                what: "broadside".into(),
                dice: 2,
            }],
            faces: vec![1, 5, 6],
            hits: 2,
            torps_out: false,
        },
        Ev::DnbDamageThrown {
            ship: s(),
            by: "b".into(),
            delta: Some(0),
            face: 6,
            result: DamageResult::Critical,
        },
        Ev::DnbCriticalRolled {
            ship: s(),
            face: 2,
            modifier: -2,
            critical: None,
        },
        Ev::DnbHitPending {
            ship: s(),
            by: "b".into(),
            hit: HitKind::Critical {
                critical: CritKind::Fire,
            },
        },
        Ev::DnbSiHit {
            ship: s(),
            by: "b".into(),
        },
        Ev::DnbSiHitDiscarded {
            ship: s(),
            by: "b".into(),
        },
        Ev::DnbFlipped { ship: s() },
        Ev::DnbSteeringJammed {
            ship: s(),
            face: 4,
            turns: 2,
            until: Some(3),
        },
        Ev::DnbEquipmentDamaged {
            ship: s(),
            turn: 1,
            torps_out: true,
        },
        Ev::DnbWaterlineHit {
            ship: s(),
            count: 1,
            speed_cap: Some(2),
            maneuver_cap: Some(1),
            dead_in_water: false,
        },
        Ev::DnbFireStarted { ship: s() },
        Ev::DnbDeadInWater {
            ship: s(),
            repair_turn: 2,
        },
        Ev::DnbCatastrophic { ship: s() },
        Ev::DnbCriticalRedundant {
            ship: s(),
            critical: CritKind::SteeringJammed,
        },
        Ev::DnbHulked { ship: s() },
        Ev::DnbSank {
            ship: s(),
            why: "x".into(),
        },
        Ev::DnbPendingResolved,
        Ev::DnbHulkRolled {
            ship: s(),
            face: 1,
            sank: true,
        },
        Ev::DnbFireRolled {
            ship: s(),
            face: 2,
            removed: true,
        },
        Ev::DnbSmokeRolled {
            face: 5,
            removed: false,
        },
        Ev::DnbDiwRepairRolled {
            ship: s(),
            face: 4,
            repaired: false,
            next: None,
        },
        Ev::DnbSteeringFreed { ship: s() },
        Ev::DnbEquipmentRestored { ship: s() },
        Ev::DnbTurnEnded { turn: 1 },
        Ev::DnbSpeedSet {
            ship: s(),
            setting: SpeedSetting::Flank,
        },
        Ev::DnbEvasiveSet {
            ship: s(),
            on: true,
        },
        Ev::DnbSmokeLaid { markers: 2 },
        Ev::DnbMarkerSet {
            ship: s(),
            marker: MarkerKind::Fire,
            on: true,
        },
        Ev::DnbGameOver { turn: 12 },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exhaustive: a new variant must be added to `samples` (the match does not compile
    /// otherwise), so the collision and round-trip tests see every name.
    fn covered(e: &Ev) -> bool {
        match e {
            Ev::DnbAttacked { .. }
            | Ev::DnbDamageThrown { .. }
            | Ev::DnbCriticalRolled { .. }
            | Ev::DnbHitPending { .. }
            | Ev::DnbSiHit { .. }
            | Ev::DnbSiHitDiscarded { .. }
            | Ev::DnbFlipped { .. }
            | Ev::DnbSteeringJammed { .. }
            | Ev::DnbEquipmentDamaged { .. }
            | Ev::DnbWaterlineHit { .. }
            | Ev::DnbFireStarted { .. }
            | Ev::DnbDeadInWater { .. }
            | Ev::DnbCatastrophic { .. }
            | Ev::DnbCriticalRedundant { .. }
            | Ev::DnbHulked { .. }
            | Ev::DnbSank { .. }
            | Ev::DnbPendingResolved
            | Ev::DnbHulkRolled { .. }
            | Ev::DnbFireRolled { .. }
            | Ev::DnbSmokeRolled { .. }
            | Ev::DnbDiwRepairRolled { .. }
            | Ev::DnbSteeringFreed { .. }
            | Ev::DnbEquipmentRestored { .. }
            | Ev::DnbTurnEnded { .. }
            | Ev::DnbSpeedSet { .. }
            | Ev::DnbEvasiveSet { .. }
            | Ev::DnbSmokeLaid { .. }
            | Ev::DnbMarkerSet { .. }
            | Ev::DnbGameOver { .. } => true,
        }
    }

    #[test]
    fn no_name_collides_with_core_or_fgdn() {
        let s = samples();
        assert_eq!(s.len(), 29, "samples must hold one of every variant");
        let mut names: Vec<String> = s.iter().filter(|e| covered(e)).map(Ev::name).collect();
        for n in &names {
            assert!(n.starts_with("Dnb"), "{n}");
            assert!(!FOREIGN_EVENT_NAMES.contains(&n.as_str()), "{n} collides");
        }
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 29, "one sample per variant");
    }

    #[test]
    fn events_round_trip_through_json() {
        for e in samples() {
            let line = serde_json::to_string(&e).unwrap();
            let back: Ev = serde_json::from_str(&line).unwrap();
            assert_eq!(back, e, "{line}");
        }
    }
}
