//! The ONE schedule of what the end of a phase fires (SPEC 3.5): [`schedule`] lists every item
//! with the turn and phase whose end fires it; the due list shows that list and
//! `rules::end_phase` fires exactly the items [`due_now`] takes from it.
//!
//! - End of First Gunnery and of Second Gunnery & Torpedo Fire: the damage marked in the phase
//!   takes effect (« 1.4 2 and 3, « 4.0), ship by ship in scenario order, each point in the
//!   order it was marked.
//! - End of Active Fires: each fire burning rolls on the Fire line (« 1.4 4).
//! - End of Repair Attempts: a ship the umpire has not taken in hand with `repair` attempts
//!   every damaged item while it has repair points (the `auto_repair` option, « 4.2).
//! - End of Check for Sinking: each ship at zero speed rolls for sinking (« 4.3).
use super::state::QfState;
use super::Phase;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TimerKind {
    /// The phase's damage points take effect.
    Marks,
    /// A ship's fires roll on the Fire line.
    Fires,
    /// A ship's repair attempts.
    Repairs,
    /// A ship at zero speed rolls for sinking.
    Sinking,
}

/// One scheduled item: what, for which ship (index in scenario order), and when it fires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub kind: TimerKind,
    pub ship: Option<usize>,
    pub turn: u32,
    pub phase: Phase,
    /// What the umpire reads, with the rule.
    pub what: String,
}

/// Every item from (turn, phase) to the end of the turn, in firing order.
pub fn schedule(st: &QfState, turn: u32, phase: Phase) -> Vec<Due> {
    let mut out = Vec::new();
    for (i, s) in st.ships.iter().enumerate() {
        if s.sunk_turn.is_some() {
            continue;
        }
        let name = &s.spec.name;
        if !s.pending.is_empty() && phase.is_gunnery() {
            let marks: Vec<String> = s.pending.iter().map(|h| h.words()).collect();
            out.push(Due {
                kind: TimerKind::Marks,
                ship: Some(i),
                turn,
                phase,
                what: format!(
                    "{name}: {} take effect at the end of the phase (« 1.4)",
                    marks.join(", ")
                ),
            });
        }
        let fires = s.fires_burning();
        if fires > 0 && phase <= Phase::ActiveFires {
            out.push(Due {
                kind: TimerKind::Fires,
                ship: Some(i),
                turn,
                phase: Phase::ActiveFires,
                what: format!(
                    "{name}: {fires} fire{} roll{} on the Fire line (« 1.4 4)",
                    if fires == 1 { "" } else { "s" },
                    if fires == 1 { "s" } else { "" }
                ),
            });
        }
        let items = s.repairable().len();
        if st.options.auto_repair
            && items > 0
            && s.repair_points() > 0
            && phase <= Phase::Repairs
            && s.repairs_declared != Some(turn)
        {
            out.push(Due {
                kind: TimerKind::Repairs,
                ship: Some(i),
                turn,
                phase: Phase::Repairs,
                what: format!(
                    "{name}: {items} repair attempt{} ({} repair point{} left, « 4.2)",
                    if items == 1 { "" } else { "s" },
                    s.repair_points(),
                    if s.repair_points() == 1 { "" } else { "s" }
                ),
            });
        }
        // A ship at zero speed now, or one whose marks of this phase bring her there.
        if s.top_box() == 0 {
            out.push(Due {
                kind: TimerKind::Sinking,
                ship: Some(i),
                turn,
                phase: Phase::Sinking,
                what: format!("{name}: zero speed, rolls for sinking (« 4.3)"),
            });
        }
    }
    out.sort_by_key(|d| (d.phase, d.kind));
    out
}

/// The items the end of (turn, phase) fires, in order.
pub fn due_now(st: &QfState, turn: u32, phase: Phase) -> Vec<Due> {
    schedule(st, turn, phase)
        .into_iter()
        .filter(|d| d.turn == turn && d.phase == phase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ruleset::{Rules, Ruleset};
    use crate::rulesets::quickfire::game::Quickfire;
    use crate::rulesets::quickfire::ship::{Fire, Hit};

    /// « 1.4: the marks take effect at the end of their gunnery phase, fires roll in Active
    /// Fires, repairs in Repair Attempts, zero-speed ships in Check for Sinking; in that order.
    #[test]
    fn the_schedule_follows_the_turn_sequence_1_4() {
        let setup = Quickfire::parse_setup("demo", crate::session::DEMO_QUICKFIRE).unwrap();
        let mut st = Quickfire::initial(&setup).rules;
        st.ships[0].pending.push(Hit::S { repairable: true });
        st.ships[1].fires.push(Fire {
            since_turn: 1,
            out_turn: None,
        });
        st.ships[2].speed_hits = 8;
        let due = schedule(&st, 1, Phase::FirstGunnery);
        let kinds: Vec<(TimerKind, Phase)> = due.iter().map(|d| (d.kind, d.phase)).collect();
        assert_eq!(
            kinds,
            [
                (TimerKind::Marks, Phase::FirstGunnery),
                (TimerKind::Fires, Phase::ActiveFires),
                (TimerKind::Repairs, Phase::Repairs),
                (TimerKind::Sinking, Phase::Sinking),
            ]
        );
        assert_eq!(due_now(&st, 1, Phase::FirstGunnery).len(), 1);
        // Past Active Fires the fire is not due again this turn.
        assert!(schedule(&st, 1, Phase::Repairs)
            .iter()
            .all(|d| d.kind != TimerKind::Fires));
    }
}
