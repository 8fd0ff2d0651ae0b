//! `QfState` (ships in scenario order, the readings chosen, chart values queued) and `apply`:
//! total, no dice, no tables. An event naming a ship that is not in the state changes nothing.
use super::event::Ev;
use super::ship::{Direction, Effect, Fire, QfShip, QfShipSpec, RepairItem, Salvo};
use crate::core::dice::Provenance;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, VecDeque};

/// The key of a Combat Chart cell in [`QfState::chart_cells`].
pub fn cell_key(chart: &str, line: &str) -> String {
    format!("{chart}, {line}")
}

/// « 3.0 Ranges: at point blank, one ROF roll for both ratings or one each, "to be decided
/// before game play starts".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum PbRof {
    /// One roll each.
    #[default]
    Separate,
    /// The second rating's salvo in the phase takes the first's black die.
    Shared,
}

/// « 1.4 3: who may fire in Second Gunnery.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum SecondGunnery {
    /// Only ships that failed the ROF roll in First Gunnery ("may attempt to fire again").
    #[default]
    FailedOnly,
    /// Any ship that did not pass the ROF roll in First Gunnery, including one that did not fire.
    NotPassed,
}

/// The scenario's `[options]`: readings where umpires would differ
/// (docs/rules-notes-quickfire-1.1.md).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct QfOptions {
    pub pb_rof: PbRof,
    pub second_gunnery: SecondGunnery,
    /// The "1st Fire" and "Failed last ROF roll" modifiers add up (-2); false: at most -1.
    pub first_fire_stacks: bool,
    /// At the end of the Repair Attempts phase, each ship the umpire has not taken in hand
    /// (`repair`) attempts every damaged item while it has repair points.
    pub auto_repair: bool,
    /// A Combat Chart cell the umpire has read once is taken again from that read (the chart
    /// does not change during a battle); false: every read is asked.
    pub remember_chart_reads: bool,
}

impl Default for QfOptions {
    fn default() -> Self {
        QfOptions {
            pb_rof: PbRof::Separate,
            second_gunnery: SecondGunnery::FailedOnly,
            first_fire_stacks: true,
            auto_repair: true,
            remember_chart_reads: true,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct QfState {
    pub ships: Vec<QfShip>,
    pub options: QfOptions,
    pub chart_queue: VecDeque<String>,
    /// Every Combat Chart cell read so far ("chart, line" to the value), in key order.
    pub chart_cells: BTreeMap<String, String>,
    /// The game scale's name and unit, for the log's distances (a label only).
    pub scale: String,
    /// The engine's clock, as it last told the state (`TurnRules::clock_moved`): the phase a
    /// ship sinks in. None until told (a state made outside a game).
    pub now: Option<(u32, super::Phase)>,
}

/// `[scenario]` of a quickfire-1.1 file.
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
    /// « 1.1 Game Scales: the scale played and its unit, e.g. "medium, inches" (a label).
    #[serde(default)]
    pub scale: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    scenario: ScenarioHead,
    #[serde(default)]
    options: QfOptions,
    #[serde(default)]
    ship: Vec<QfShipSpec>,
}

impl QfState {
    /// Parse and validate a scenario; every message names the file and, for ships, the ship
    /// and the key.
    pub fn from_scenario(file: &str, text: &str) -> Result<(ScenarioHead, QfState), Vec<String>> {
        let raw: ScenarioFile = toml::from_str(text)
            .map_err(|e| vec![format!("{file}: {}", e.to_string().trim_end())])?;
        let ships = crate::core::turns::checked_ships(
            file,
            super::ID,
            &raw.scenario.ruleset,
            &raw.scenario.start,
            raw.ship,
        )?
        .into_iter()
        .map(QfShip::new)
        .collect();
        let state = QfState {
            ships,
            options: raw.options,
            chart_queue: VecDeque::new(),
            chart_cells: BTreeMap::new(),
            scale: raw.scenario.scale.clone().unwrap_or_default(),
            now: None,
        };
        Ok((raw.scenario, state))
    }

    /// Index of a ship by id (case-insensitive).
    pub fn index(&self, id: &str) -> Option<usize> {
        self.ships
            .iter()
            .position(|s| s.spec.id.eq_ignore_ascii_case(id))
    }

    pub fn ship(&self, id: &str) -> Option<&QfShip> {
        self.index(id).map(|i| &self.ships[i])
    }

    fn ship_mut(&mut self, id: &str) -> Option<&mut QfShip> {
        self.index(id).map(move |i| &mut self.ships[i])
    }

    /// The sides, in scenario order.
    pub fn sides(&self) -> Vec<String> {
        crate::core::board::sides_in_order(self.ships.iter().map(|s| s.spec.side.as_str()))
    }
}

/// Fold one event into the state. Total: never fails, never rolls, never reads a table; counts
/// saturate, so even a hand-made save cannot overflow them.
pub fn apply(st: &mut QfState, ev: &Ev) {
    match ev {
        Ev::QfChartQueued { values } => st.chart_queue.extend(values.iter().cloned()),
        Ev::QfChartRead { read } => {
            if read.provenance == Provenance::Queued {
                st.chart_queue.pop_front();
            }
            if st.chart_cells.len() < 10_000 {
                st.chart_cells
                    .insert(cell_key(&read.chart, &read.line), read.value.clone());
            }
        }
        Ev::QfSalvo {
            ship,
            target,
            rating,
            range,
            turn,
            phase,
            black,
            modifier,
            fired,
            ..
        } => {
            if let Some(s) = st.ship_mut(ship) {
                // Only this turn and the last matter (the failed-roll modifier, « 3.0).
                s.salvos.retain(|x| x.turn.saturating_add(1) >= *turn);
                s.salvos.push(Salvo {
                    turn: *turn,
                    phase: *phase,
                    rating: *rating,
                    range: *range,
                    target: target.clone(),
                    black: *black,
                    modifier: *modifier,
                    fired: *fired,
                });
                s.last_rof = Some((*turn, *fired));
                if *fired {
                    s.first_fired = true;
                }
            }
        }
        Ev::QfMarked { ship, hit } => {
            if let Some(s) = st.ship_mut(ship) {
                if s.pending.len() < 10_000 {
                    s.pending.push(*hit);
                }
            }
        }
        Ev::QfApplied {
            ship, effect, turn, ..
        } => {
            if let Some(s) = st.ship_mut(ship) {
                match *effect {
                    Effect::Rof { rating } => s.lose_rof(rating),
                    Effect::Speed { repairable: true } => {
                        s.speed_hits = s.speed_hits.saturating_add(1)
                    }
                    Effect::Speed { repairable: false } => {
                        s.speed_hits_unrepairable = s.speed_hits_unrepairable.saturating_add(1)
                    }
                    Effect::Torpedo => s.torpedo_lost = s.torpedo_lost.saturating_add(1),
                    Effect::Repair => s.repair_lost = s.repair_lost.saturating_add(1),
                    Effect::Fire => {
                        if s.fires.len() < 10_000 {
                            s.fires.push(Fire {
                                since_turn: *turn,
                                out_turn: None,
                            })
                        }
                    }
                    Effect::Direction { degrees } => {
                        s.direction = Some(Direction {
                            degrees,
                            since_turn: *turn,
                        })
                    }
                    Effect::NoEffect => {}
                }
            }
        }
        Ev::QfCrossed { ship } => {
            if let Some(s) = st.ship_mut(ship) {
                s.pending.clear();
            }
        }
        Ev::QfTorpedo {
            ship,
            target,
            turn,
            side,
            hit,
            ..
        } => {
            if let Some(s) = st.ship_mut(ship) {
                s.torpedo_attacks.retain(|(t, _, _)| t == turn);
                s.torpedo_attacks
                    .push((*turn, target.clone(), side.clone()));
                if *hit {
                    s.torpedo_used = s.torpedo_used.saturating_add(1);
                }
            }
        }
        Ev::QfFireCheck {
            ship,
            fire,
            outcome,
            turn,
            ..
        } => {
            if let Some(s) = st.ship_mut(ship) {
                if *outcome == super::ship::Outcome::Out {
                    if let Some(f) = s.fires.get_mut(*fire) {
                        f.out_turn = Some(*turn);
                    }
                }
            }
        }
        Ev::QfRepair {
            ship, item, fixed, ..
        } => {
            if let Some(s) = st.ship_mut(ship) {
                if *fixed {
                    match item {
                        RepairItem::Heavy => s.fix_rof(super::ship::Rating::Heavy),
                        RepairItem::Light => s.fix_rof(super::ship::Rating::Light),
                        RepairItem::Speed => s.speed_hits = s.speed_hits.saturating_sub(1),
                        RepairItem::Direction => s.direction = None,
                    }
                    s.repair_used = s.repair_used.saturating_add(1);
                }
            }
        }
        Ev::QfRepairsDeclared { ship, turn } => {
            if let Some(s) = st.ship_mut(ship) {
                s.repairs_declared = Some(*turn);
            }
        }
        // « 4.3: the roll that sinks her is what sank her.
        Ev::QfSinkCheck {
            ship,
            roll,
            number,
            sank: true,
            ..
        } => {
            if let Some(s) = st.ship_mut(ship) {
                s.sunk_by = Some(format!(
                    "at zero speed, sinking roll 2D6 {roll}: sinks on {number} or less (« 4.3)"
                ));
            }
        }
        Ev::QfSank { ship, turn } => {
            let phase = st.now.map(|(_, phase)| phase);
            if let Some(s) = st.ship_mut(ship) {
                s.sunk_turn = Some(*turn);
                s.sunk_phase = phase;
            }
        }
        Ev::QfCell { .. }
        | Ev::QfRecalled { .. }
        | Ev::QfGunnery { .. }
        | Ev::QfSinkCheck { sank: false, .. } => {}
    }
}
