//! `DnbState` (ships in scenario order, the readings chosen, hits waiting for the end of the
//! Combat Phase, smoke markers on the map) and `apply`: total, no dice, no tables. An event
//! naming a ship that is not in the state changes nothing.
use super::command::MarkerKind;
use super::event::{Ev, HitKind};
use super::ship::{Diw, DnbShip, DnbShipSpec, Face, SpeedSetting, Status};
use super::Phase;
use serde::{Deserialize, Serialize};

/// 7.1 "Torpedo hits are never nullified by a target ship's structural integrity rating."
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum TorpedoHits {
    /// Each torpedo hit gets the damage throw of 6.7d (5: SI hit, 6: unmodified critical)
    /// without the SI comparison.
    #[default]
    DamageThrow,
    /// Each torpedo hit is one SI hit.
    SiHit,
}

/// Critical Hit Table 5: "On the next game turn ... rolls 1d6".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum DiwRepair {
    /// One roll, on the next turn; a failure leaves the ship dead in the water.
    #[default]
    Once,
    /// A roll on every following turn until it succeeds.
    EachTurn,
}

/// The scenario's `[options]`: readings where umpires would differ, and optional rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct DnbOptions {
    pub torpedo_hits: TorpedoHits,
    pub diw_repair: DiwRepair,
    /// Optional rule 8.4, Reaction Fire.
    pub reaction_fire: bool,
    /// A WWI scenario: torpedo range 4, the -1 at 3-4 (Torpedoes chart, note 2).
    pub wwi: bool,
    /// The Exclusive Rules' last turn (5.4b); none: the umpire ends the game.
    pub last_turn: Option<u32>,
}

/// A hit scored in the Combat Phase, taking effect at its end (5.2a).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub ship: String,
    pub by: String,
    pub hit: HitKind,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct DnbState {
    pub ships: Vec<DnbShip>,
    pub options: DnbOptions,
    pub pending: Vec<Pending>,
    /// Smoke markers on the map (8.6, 8.7).
    pub smoke_markers: u32,
    pub game_over: bool,
    /// The engine's clock, as it last told the state (`TurnRules::clock_moved`): when a ship
    /// sinks, her `sunk_at` and `sunk_phase`. None until told (a state made outside a game).
    pub now: Option<(u32, Phase)>,
}

/// `[scenario]` of a dnb-standard file (the engine will own this head).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioHead {
    pub name: String,
    pub ruleset: String,
    pub start: String,
    #[serde(default)]
    pub seed: Option<u64>,
    #[serde(default)]
    pub date: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    /// Class files (SPEC 9): the face embeds the classes used; see `core::classes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classes: Option<Vec<String>>,
}

/// A `[[ship]]` of a scenario that uses classes (SPEC 9): the counter may come from its class.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClassedShip {
    id: String,
    name: String,
    side: String,
    class: Option<String>,
    nation: Option<String>,
    front: Option<super::ship::CounterSide>,
    back: Option<super::ship::CounterSide>,
}

/// A `[[class]]` of a dnb-standard scenario or class file: a counter's values, once.
#[derive(Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct DnbClass {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub nation: Option<String>,
    pub front: super::ship::CounterSide,
    #[serde(default)]
    pub back: Option<super::ship::CounterSide>,
}

impl DnbClass {
    /// What is wrong with the class, each message naming it and the key (as a ship's are).
    pub fn problems(&self) -> Vec<String> {
        let as_ship = DnbShipSpec {
            id: self.id.clone(),
            name: self.name.clone(),
            side: "class".into(),
            nation: self.nation.clone(),
            front: self.front.clone(),
            back: self.back.clone(),
        };
        as_ship
            .problems()
            .into_iter()
            .map(|p| p.replacen("ship \"", "class \"", 1))
            .collect()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClassedFile {
    scenario: ScenarioHead,
    #[serde(default)]
    options: DnbOptions,
    ship: Vec<ClassedShip>,
    #[serde(default)]
    class: Vec<DnbClass>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClassFile {
    ruleset: Option<String>,
    #[serde(default)]
    class: Vec<DnbClass>,
}

/// Check a dnb-standard class file (SPEC 9): the ids of its classes, or every problem naming
/// the file, the class and the key.
pub fn check_class_file(file: &str, text: &str) -> Result<Vec<String>, Vec<String>> {
    let raw: ClassFile =
        toml::from_str(text).map_err(|e| vec![format!("{file}: {}", e.to_string().trim_end())])?;
    let mut errs = Vec::new();
    if let Some(r) = raw.ruleset.as_deref().filter(|r| *r != super::ID) {
        errs.push(format!(
            "{file}: ruleset: these classes are for \"{r}\"; this file is read as {}",
            super::ID
        ));
    }
    errs.extend(check_classes(file, &raw.class));
    if errs.is_empty() {
        Ok(raw.class.into_iter().map(|c| c.id).collect())
    } else {
        Err(errs)
    }
}

fn check_classes(file: &str, classes: &[DnbClass]) -> Vec<String> {
    let mut errs = Vec::new();
    for (i, c) in classes.iter().enumerate() {
        errs.extend(c.problems().into_iter().map(|p| format!("{file}: {p}")));
        if classes[..i].iter().any(|o| o.id == c.id) {
            errs.push(format!("{file}: class \"{}\": id: used twice", c.id));
        }
    }
    errs
}

/// The ships of a scenario that uses classes, each with its class's counter where it gives
/// none (a key the ship gives replaces the class's whole).
fn classed_ships(
    file: &str,
    text: &str,
) -> Result<(ScenarioHead, DnbOptions, Vec<DnbShipSpec>), Vec<String>> {
    let raw: ClassedFile =
        toml::from_str(text).map_err(|e| vec![format!("{file}: {}", e.to_string().trim_end())])?;
    let mut errs = check_classes(file, &raw.class);
    let mut ships = Vec::new();
    for s in raw.ship {
        let class = match &s.class {
            None => None,
            Some(id) => match raw.class.iter().find(|c| &c.id == id) {
                Some(c) => Some(c),
                None => {
                    let known: Vec<&str> = raw.class.iter().map(|c| c.id.as_str()).collect();
                    errs.push(format!(
                        "{file}: ship \"{}\": class: no class \"{id}\" in this scenario, its class files or the class library (classes: {})",
                        s.id,
                        if known.is_empty() { "none".to_string() } else { known.join(", ") }
                    ));
                    continue;
                }
            },
        };
        let front = s.front.or_else(|| class.map(|c| c.front.clone()));
        let Some(front) = front else {
            errs.push(format!(
                "{file}: ship \"{}\": front: missing (give the counter's front, or a class)",
                s.id
            ));
            continue;
        };
        ships.push(DnbShipSpec {
            id: s.id,
            name: s.name,
            side: s.side,
            nation: s.nation.or_else(|| class.and_then(|c| c.nation.clone())),
            front,
            back: s.back.or_else(|| class.and_then(|c| c.back.clone())),
        });
    }
    if errs.is_empty() {
        Ok((raw.scenario, raw.options, ships))
    } else {
        Err(errs)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    scenario: ScenarioHead,
    #[serde(default)]
    options: DnbOptions,
    ship: Vec<DnbShipSpec>,
}

impl DnbState {
    pub fn new(ships: Vec<DnbShipSpec>, options: DnbOptions) -> DnbState {
        DnbState {
            ships: ships.into_iter().map(DnbShip::new).collect(),
            options,
            ..DnbState::default()
        }
    }

    /// Parse and validate a scenario; every message names the file and, for ships, the ship
    /// and the key.
    pub fn from_scenario(file: &str, text: &str) -> Result<(ScenarioHead, DnbState), Vec<String>> {
        // A scenario without classes is read exactly as before they existed.
        let raw: ScenarioFile = if crate::core::classes::uses_classes(text) {
            let (scenario, options, ship) = classed_ships(file, text)?;
            ScenarioFile {
                scenario,
                options,
                ship,
            }
        } else {
            toml::from_str(text)
                .map_err(|e| vec![format!("{file}: {}", e.to_string().trim_end())])?
        };
        let ships = crate::core::turns::checked_ships(
            file,
            super::ID,
            &raw.scenario.ruleset,
            &raw.scenario.start,
            raw.ship,
        )?;
        Ok((raw.scenario, DnbState::new(ships, raw.options)))
    }

    /// Index of a ship by id (case-insensitive).
    pub fn index(&self, id: &str) -> Option<usize> {
        self.ships
            .iter()
            .position(|s| s.spec.id.eq_ignore_ascii_case(id))
    }

    pub fn ship(&self, id: &str) -> Option<&DnbShip> {
        self.index(id).map(|i| &self.ships[i])
    }

    fn ship_mut(&mut self, id: &str) -> Option<&mut DnbShip> {
        self.index(id).map(move |i| &mut self.ships[i])
    }
}

/// Fold one event into the state. Total: never fails, never rolls, never reads a table.
pub fn apply(st: &mut DnbState, ev: &Ev) {
    match ev {
        Ev::DnbAttacked {
            ship,
            target,
            weapon,
            reaction,
            torps_out,
            ..
        } => {
            if let Some(s) = st.ship_mut(ship) {
                if *reaction {
                    s.st.reaction_targets.push(target.clone());
                } else {
                    s.st.fired = Some(*weapon);
                }
                if *weapon == super::ship::Weapon::Torpedoes {
                    s.st.torpedo_attacks += 1;
                }
                if *torps_out {
                    s.st.torps_out = true;
                }
            }
            if *weapon == super::ship::Weapon::Guns {
                if let Some(t) = st.ship_mut(target) {
                    t.st.fired_at_by_guns = true;
                }
            }
        }
        Ev::DnbDamageThrown { .. }
        | Ev::DnbCriticalRolled { .. }
        | Ev::DnbCriticalRedundant { .. }
        | Ev::DnbSiHitDiscarded { .. } => {}
        Ev::DnbHitPending { ship, by, hit } => st.pending.push(super::state::Pending {
            ship: ship.clone(),
            by: by.clone(),
            hit: *hit,
        }),
        Ev::DnbSiHit { ship, .. } => with(st, ship, |s| s.st.hits += 1),
        Ev::DnbFlipped { ship } => with(st, ship, |s| {
            s.st.face = Face::Back;
            s.st.hits = 0;
        }),
        Ev::DnbSteeringJammed { ship, until, .. } => {
            if until.is_some() {
                with(st, ship, |s| s.st.steering_until = *until)
            }
        }
        Ev::DnbEquipmentDamaged {
            ship,
            turn,
            torps_out,
        } => with(st, ship, |s| {
            s.st.equipment_turn = Some(*turn);
            s.st.evasive = false;
            if *torps_out {
                s.st.torps_out = true;
            }
        }),
        Ev::DnbWaterlineHit {
            ship,
            count,
            speed_cap,
            maneuver_cap,
            dead_in_water,
        } => with(st, ship, |s| {
            s.st.waterline_hits = *count;
            if speed_cap.is_some() {
                s.st.speed_cap = *speed_cap;
            }
            if maneuver_cap.is_some() {
                s.st.maneuver_cap = *maneuver_cap;
            }
            if *dead_in_water {
                s.st.diw = Some(Diw {
                    permanent: true,
                    repair_turn: None,
                });
                s.st.evasive = false;
            }
        }),
        Ev::DnbFireStarted { ship } => with(st, ship, |s| s.st.fires += 1),
        Ev::DnbDeadInWater { ship, repair_turn } => with(st, ship, |s| {
            s.st.diw = Some(Diw {
                permanent: false,
                repair_turn: Some(*repair_turn),
            });
            s.st.evasive = false;
        }),
        Ev::DnbCatastrophic { ship } | Ev::DnbHulked { ship } => with(st, ship, |s| {
            s.st.status = Status::Hulk;
            s.st.evasive = false;
        }),
        Ev::DnbSank { ship, why } => {
            let now = st.now;
            with(st, ship, |s| sink(s, now, why.clone()))
        }
        Ev::DnbPendingResolved => st.pending.clear(),
        Ev::DnbHulkRolled { ship, face, sank } => {
            if *sank {
                let now = st.now;
                with(st, ship, |s| sink(s, now, hulk_sank(*face)))
            }
        }
        Ev::DnbFireRolled { ship, removed, .. } => {
            if *removed {
                with(st, ship, |s| s.st.fires = s.st.fires.saturating_sub(1))
            }
        }
        Ev::DnbSmokeRolled { removed, .. } => {
            if *removed {
                st.smoke_markers = st.smoke_markers.saturating_sub(1);
            }
        }
        Ev::DnbDiwRepairRolled {
            ship,
            repaired,
            next,
            ..
        } => with(st, ship, |s| {
            if *repaired {
                s.st.diw = None;
                s.st.speed_setting = SpeedSetting::Cruise;
            } else if let Some(d) = s.st.diw.as_mut() {
                d.repair_turn = *next;
            }
        }),
        Ev::DnbSteeringFreed { ship } => with(st, ship, |s| s.st.steering_until = None),
        Ev::DnbEquipmentRestored { ship } => with(st, ship, |s| s.st.equipment_turn = None),
        Ev::DnbTurnEnded { .. } => {
            for s in &mut st.ships {
                s.st.fired = None;
                s.st.fired_at_by_guns = false;
                s.st.reaction_targets.clear();
                s.st.speed_at_turn_start = s.st.speed_setting;
            }
        }
        Ev::DnbSpeedSet { ship, setting } => with(st, ship, |s| s.st.speed_setting = *setting),
        Ev::DnbEvasiveSet { ship, on } => with(st, ship, |s| s.st.evasive = *on),
        Ev::DnbSmokeLaid { markers } => {
            st.smoke_markers = st.smoke_markers.saturating_add(*markers)
        }
        Ev::DnbMarkerSet { ship, marker, on } => with(st, ship, |s| match (marker, on) {
            (MarkerKind::Fire, true) => s.st.fires += 1,
            (MarkerKind::Fire, false) => s.st.fires = s.st.fires.saturating_sub(1),
            (MarkerKind::TorpsOut, on) => s.st.torps_out = *on,
        }),
        Ev::DnbGameOver { .. } => st.game_over = true,
    }
}

fn with(st: &mut DnbState, id: &str, f: impl FnOnce(&mut DnbShip)) {
    if let Some(s) = st.ship_mut(id) {
        f(s)
    }
}

/// Sunk: removed with its markers (6.12a); when (the clock `now`) and why are kept (SPEC 10).
fn sink(s: &mut DnbShip, now: Option<(u32, Phase)>, why: String) {
    s.st.status = Status::Sunk;
    s.st.fires = 0;
    s.st.evasive = false;
    s.st.sunk_at = now.map(|(turn, _)| turn);
    s.st.sunk_phase = now.map(|(_, phase)| phase);
    s.st.sunk_by = Some(why);
}

/// What sank a hulk, as the log words her roll (6.12).
fn hulk_sank(face: u32) -> String {
    format!("hulk sinking roll {face}: sinks (6.12)")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// apply is total: every event on an empty state and on a state without the ship.
    #[test]
    fn apply_is_total() {
        let mut st = DnbState::default();
        for e in super::super::event::samples() {
            apply(&mut st, &e);
        }
    }

    #[test]
    fn scenario_errors_name_file_ship_and_key() {
        let text = r#"
[scenario]
name = "x"
ruleset = "dnb-standard"
start = "1"
[[ship]]
id = "a"
name = "A"
side = "Blue"
front = { gun_rating = 2, weight_of_fire = 3, si = 4, max_range = 10, speed = 4, maneuver = 1, colour = 2 }
"#;
        let e = DnbState::from_scenario("s.toml", text).unwrap_err();
        assert!(e[0].contains("s.toml") && e[0].contains("colour"), "{e:?}");
        let text = text
            .replace(", colour = 2", "")
            .replace("start = \"1\"", "start = \"0\"");
        let e = DnbState::from_scenario("s.toml", &text).unwrap_err();
        assert!(e[0].contains("start"), "{e:?}");
    }
}
