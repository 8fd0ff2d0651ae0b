//! `L19State` (ships in scenario order, the readings chosen, chart values queued, the turn's
//! initiative) and `apply`: total, no dice, no tables. An event naming a ship that is not in
//! the state changes nothing.
use super::event::Ev;
use super::ship::{GunType, L19Ship, L19ShipSpec, TradeKind};
use super::Phase;
use crate::core::dice::Provenance;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Firing Torpedoes rule i: "Roll 3 D6 ... A 4, 5, or 6 is a hit".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum TorpedoHits {
    /// One hit if any die shows 4-6 (the torpedo "has run its course" after one ship).
    #[default]
    Any,
    /// One hit per die showing 4-6.
    PerDie,
}

/// The scenario's `[options]`: readings where umpires would differ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub struct L19Options {
    pub torpedo_hits: TorpedoHits,
}

/// The turn's movement order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Initiative {
    pub turn: u32,
    pub throws: Vec<(String, u32)>,
    pub first: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct L19State {
    pub ships: Vec<L19Ship>,
    pub options: L19Options,
    pub chart_queue: VecDeque<String>,
    pub initiative: Option<Initiative>,
    /// The engine's clock, as it last told the state (`TurnRules::clock_moved`): the step a
    /// ship sinks in. None until told (a state made outside a game).
    pub now: Option<(u32, Phase)>,
}

/// `[scenario]` of a late19-naval file.
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
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenarioFile {
    scenario: ScenarioHead,
    #[serde(default)]
    options: L19Options,
    #[serde(default)]
    ship: Vec<L19ShipSpec>,
}

impl L19State {
    pub fn new(ships: Vec<L19ShipSpec>, options: L19Options) -> L19State {
        L19State {
            ships: ships.into_iter().map(L19Ship::new).collect(),
            options,
            ..L19State::default()
        }
    }

    /// Parse and validate a scenario; every message names the file and, for ships, the ship
    /// and the key.
    pub fn from_scenario(file: &str, text: &str) -> Result<(ScenarioHead, L19State), Vec<String>> {
        let raw: ScenarioFile = toml::from_str(text)
            .map_err(|e| vec![format!("{file}: {}", e.to_string().trim_end())])?;
        let ships = crate::core::turns::checked_ships(
            file,
            super::ID,
            &raw.scenario.ruleset,
            &raw.scenario.start,
            raw.ship,
        )?;
        Ok((raw.scenario, L19State::new(ships, raw.options)))
    }

    /// Index of a ship by id (case-insensitive).
    pub fn index(&self, id: &str) -> Option<usize> {
        self.ships
            .iter()
            .position(|s| s.spec.id.eq_ignore_ascii_case(id))
    }

    pub fn ship(&self, id: &str) -> Option<&L19Ship> {
        self.index(id).map(|i| &self.ships[i])
    }

    fn ship_mut(&mut self, id: &str) -> Option<&mut L19Ship> {
        self.index(id).map(move |i| &mut self.ships[i])
    }

    /// The sides, in scenario order.
    pub fn sides(&self) -> Vec<String> {
        crate::core::board::sides_in_order(self.ships.iter().map(|s| s.spec.side.as_str()))
    }
}

/// Fold one event into the state. Total: never fails, never rolls, never reads a table; counts
/// saturate, so even a hand-made save cannot overflow them.
pub fn apply(st: &mut L19State, ev: &Ev) {
    match ev {
        Ev::L19ChartQueued { values } => st.chart_queue.extend(values.iter().cloned()),
        Ev::L19ChartRead { read } => {
            if read.provenance == Provenance::Queued {
                st.chart_queue.pop_front();
            }
        }
        Ev::L19GunsFired {
            ship,
            target,
            armament,
            turn,
            ..
        } => {
            if let Some(s) = st.ship_mut(ship) {
                // Only this turn and the last matter (same target the previous turn).
                s.fired.retain(|(t, _, _)| t.saturating_add(1) >= *turn);
                s.fired.push((*turn, *armament, target.clone()));
            }
        }
        Ev::L19Hit {
            ship,
            by,
            weapon,
            result,
            lost,
            fp_left,
            ..
        } => {
            // The hit that brings her to 0 FP is what sinks her (rule c).
            let sunk_by = (*lost > 0 && *fp_left == 0).then(|| reduced_by(st, by, *weapon));
            if let Some(s) = st.ship_mut(ship) {
                s.fp_lost = s.fp_lost.saturating_add(*lost);
                s.lost_this_phase = s.lost_this_phase.saturating_add(*lost);
                if *result == super::ship::HitResult::Minor {
                    s.minor_damage = s.minor_damage.saturating_add(1);
                }
                if sunk_by.is_some() {
                    s.sunk_by = sunk_by;
                }
            }
        }
        Ev::L19TorpedoFired { ship, turn, .. } => {
            if let Some(s) = st.ship_mut(ship) {
                s.torpedoes_fired = s.torpedoes_fired.saturating_add(1);
                s.torpedo_turn = Some(*turn);
            }
        }
        Ev::L19Traded {
            ship,
            kind,
            fp,
            given_up,
        } => {
            if let Some(s) = st.ship_mut(ship) {
                s.fp_lost = s.fp_lost.saturating_sub(*fp);
                s.lost_this_phase = s.lost_this_phase.saturating_sub(*fp);
                match kind {
                    TradeKind::Move => s.traded_move = s.traded_move.saturating_add(*given_up),
                    TradeKind::Main => s.traded_main = s.traded_main.saturating_add(*given_up),
                    TradeKind::Secondary => {
                        s.traded_secondary = s.traded_secondary.saturating_add(*given_up)
                    }
                }
            }
        }
        Ev::L19TradeClosed { ship } => {
            if let Some(s) = st.ship_mut(ship) {
                s.lost_this_phase = 0;
            }
        }
        Ev::L19Initiative {
            turn,
            throws,
            first,
        } => {
            st.initiative = Some(Initiative {
                turn: *turn,
                throws: throws.clone(),
                first: first.clone(),
            })
        }
        Ev::L19Sank { ship, turn } => {
            let step = st.now.map(|(_, step)| step);
            if let Some(s) = st.ship_mut(ship) {
                s.sunk_turn = Some(*turn);
                s.sunk_step = step;
            }
        }
        Ev::L19Landed { .. }
        | Ev::L19BreakOff { .. }
        | Ev::L19Sinking { .. }
        | Ev::L19TorpedoResult { .. } => {}
    }
}

/// What brought a ship to 0 FP, as the log words the hit: "reduced to 0 FP by heavy guns from
/// Dingyuan (rule c)", "... by a mine (rule c)".
fn reduced_by(st: &L19State, by: &Option<String>, weapon: GunType) -> String {
    let what = match by.as_deref() {
        Some("mine") => "a mine".to_string(),
        Some(x) => format!(
            "{} from {}",
            weapon.words(),
            st.ship(x).map_or(x, |s| s.spec.name.as_str())
        ),
        None => weapon.words().to_string(),
    };
    format!("reduced to 0 FP by {what} (rule c)")
}
