//! The ONE schedule of D&B timed effects (SPEC 3.5): [`schedule`] lists every timed effect
//! with the turn and phase whose end it fires at; the status view shows that list and
//! `rules::end_phase` fires exactly the items [`due_now`] takes from it. Nothing computes a
//! due moment anywhere else.
//!
//! Items due at the end of the same phase are fired in the list's order: hits of the Combat
//! Phase first (5.2a), then Critical Hit Table 5 repair rolls; in the Administrative Phase the
//! hulk rolls (6.12, "at the beginning"), fire-marker rolls (6.10b), smoke-marker rolls (8.7),
//! then the end of steering jammed and equipment damaged, and the game's last turn (5.4b).
//! Ships in scenario order within each kind.
use super::ship::Status;
use super::state::DnbState;
use super::Phase;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TimerKind {
    /// 5.2a: hits scored in the Combat Phase take effect, then 6.11a/b.
    PendingHits,
    /// Critical Hit Table 5: the repair roll on the next turn, before the ship moves.
    DiwRepair,
    /// 6.12: a hulk's sinking roll.
    HulkSinking,
    /// 6.10b: one removal roll per fire marker.
    FireMarkers,
    /// 8.7: one removal roll per smoke marker.
    SmokeMarkers,
    /// Critical Hit Table 1: steering jammed runs out.
    SteeringFreed,
    /// Critical Hit Table 2: "for the remainder of this turn".
    EquipmentRestored,
    /// 5.4b: no turns remain.
    GameOver,
}

/// One timed effect: what, for which ship (index in scenario order), and when it fires.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Due {
    pub kind: TimerKind,
    pub ship: Option<usize>,
    pub turn: u32,
    pub phase: Phase,
    /// What the umpire reads, with the rule.
    pub what: String,
}

/// Every timed effect from (turn, phase) on, in firing order.
pub fn schedule(st: &DnbState, turn: u32, phase: Phase) -> Vec<Due> {
    let mut out = Vec::new();
    let admin = Phase::Administrative;
    let mut push = |kind, ship, t: u32, p: Phase, what: String| {
        // An item never lies in the past: what was due is due now.
        let (t, p) = if (t, p) < (turn, phase) {
            (turn, phase)
        } else {
            (t, p)
        };
        out.push(Due {
            kind,
            ship,
            turn: t,
            phase: p,
            what,
        });
    };
    if !st.pending.is_empty() {
        push(
            TimerKind::PendingHits,
            None,
            turn,
            Phase::Combat,
            format!(
                "{} hit(s) of the Combat Phase take effect (5.2a)",
                st.pending.len()
            ),
        );
    }
    for (i, s) in st.ships.iter().enumerate() {
        let n = &s.spec.name;
        if s.st.status == Status::Sunk {
            continue;
        }
        if let Some(d) = s.st.diw {
            if let (false, Some(t)) = (d.permanent, d.repair_turn) {
                push(
                    TimerKind::DiwRepair,
                    Some(i),
                    t,
                    Phase::Combat,
                    format!(
                        "{n}: dead in the water repair roll, 1-2 repaired (Critical Hit Table 5)"
                    ),
                );
            }
        }
        if s.st.status == Status::Hulk {
            push(
                TimerKind::HulkSinking,
                Some(i),
                turn,
                admin,
                format!("{n}: hulk sinking roll, 1-2 sinks (6.12)"),
            );
        }
        if s.st.fires > 0 {
            push(
                TimerKind::FireMarkers,
                Some(i),
                turn,
                admin,
                format!(
                    "{n}: {} fire marker(s), a removal roll each, 1-3 removed (6.10b)",
                    s.st.fires
                ),
            );
        }
        if let Some(u) = s.st.steering_until {
            push(
                TimerKind::SteeringFreed,
                Some(i),
                u,
                admin,
                format!("{n}: steering jammed ends (Critical Hit Table 1)"),
            );
        }
        if let Some(t) = s.st.equipment_turn {
            push(
                TimerKind::EquipmentRestored,
                Some(i),
                t,
                admin,
                format!("{n}: equipment damaged ends with the turn (Critical Hit Table 2)"),
            );
        }
    }
    if st.smoke_markers > 0 {
        push(
            TimerKind::SmokeMarkers,
            None,
            turn,
            admin,
            format!(
                "{} smoke marker(s), a removal roll each, 1-3 removed (8.7)",
                st.smoke_markers
            ),
        );
    }
    if let (Some(last), false) = (st.options.last_turn, st.game_over) {
        push(
            TimerKind::GameOver,
            None,
            last,
            admin,
            format!("turn {last} is the last: determine the victor (5.4b)"),
        );
    }
    out.sort_by_key(|d| (d.turn, d.phase, d.kind, d.ship));
    out
}

/// The items of [`schedule`] that fire at the end of this phase.
pub fn due_now(st: &DnbState, turn: u32, phase: Phase) -> Vec<Due> {
    schedule(st, turn, phase)
        .into_iter()
        .filter(|d| d.turn == turn && d.phase == phase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::dnb::ship::{CounterSide, DnbShipSpec};

    fn state() -> DnbState {
        let side = CounterSide {
            gun_rating: 3,
            weight_of_fire: 4,
            si: 3,
            torpedo_rating: 0,
            max_range: 12,
            speed: 5,
            maneuver: 2,
        };
        let ship = |id: &str| DnbShipSpec {
            id: id.into(),
            name: id.into(),
            side: "x".into(),
            nation: None,
            front: side.clone(),
            back: None,
        };
        DnbState::new(vec![ship("a"), ship("b")], Default::default())
    }

    /// 6.12 before 6.10b before 8.7, ships in scenario order; later turns after.
    #[test]
    fn schedule_order_and_due_now() {
        let mut st = state();
        st.ships[1].st.status = Status::Hulk;
        st.ships[0].st.fires = 2;
        st.ships[1].st.fires = 1;
        st.ships[0].st.steering_until = Some(3);
        st.smoke_markers = 1;
        let s = schedule(&st, 2, Phase::Movement);
        let k: Vec<(TimerKind, Option<usize>, u32)> =
            s.iter().map(|d| (d.kind, d.ship, d.turn)).collect();
        assert_eq!(
            k,
            vec![
                (TimerKind::HulkSinking, Some(1), 2),
                (TimerKind::FireMarkers, Some(0), 2),
                (TimerKind::FireMarkers, Some(1), 2),
                (TimerKind::SmokeMarkers, None, 2),
                (TimerKind::SteeringFreed, Some(0), 3),
            ]
        );
        assert!(due_now(&st, 2, Phase::Movement).is_empty());
        assert_eq!(due_now(&st, 2, Phase::Administrative).len(), 4);
    }
}
