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
use super::ship::marks_words;
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

/// One scheduled item: what, for which ship (index in scenario order), and when it fires. Its
/// words ([`Due::what`]) are made only when asked: a frame shows a few of them, and the rules
/// firing the items need none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub kind: TimerKind,
    pub ship: usize,
    pub turn: u32,
    pub phase: Phase,
}

impl Due {
    /// What the umpire reads, with the rule: from `st`, the state the item was scheduled from.
    pub fn what(&self, st: &QfState) -> String {
        let Some(s) = st.ships.get(self.ship) else {
            return String::new();
        };
        let name = &s.spec.name;
        match self.kind {
            TimerKind::Marks => format!(
                "{name}: {} take effect at the end of the phase (« 1.4)",
                marks_words(&s.pending)
            ),
            TimerKind::Fires => {
                let fires = s.fires_burning();
                format!(
                    "{name}: {fires} fire{} roll{} on the Fire line (« 1.4 4)",
                    if fires == 1 { "" } else { "s" },
                    if fires == 1 { "s" } else { "" }
                )
            }
            TimerKind::Repairs => {
                let items = s.repairable().len();
                format!(
                    "{name}: {items} repair attempt{} ({} repair point{} left, « 4.2)",
                    if items == 1 { "" } else { "s" },
                    s.repair_points(),
                    if s.repair_points() == 1 { "" } else { "s" }
                )
            }
            TimerKind::Sinking => format!("{name}: zero speed, rolls for sinking (« 4.3)"),
        }
    }
}

/// Ship `i`'s items from (turn, phase) to the end of the turn, in the order of the checks.
fn push_ship(st: &QfState, i: usize, turn: u32, phase: Phase, out: &mut Vec<Due>) {
    let Some(s) = st.ships.get(i) else { return };
    if s.sunk_turn.is_some() {
        return;
    }
    let mut push = |kind, at| {
        out.push(Due {
            kind,
            ship: i,
            turn,
            phase: at,
        })
    };
    if !s.pending.is_empty() && phase.is_gunnery() {
        push(TimerKind::Marks, phase);
    }
    if s.fires_burning() > 0 && phase <= Phase::ActiveFires {
        push(TimerKind::Fires, Phase::ActiveFires);
    }
    if st.options.auto_repair
        && !s.repairable().is_empty()
        && s.repair_points() > 0
        && phase <= Phase::Repairs
        && s.repairs_declared != Some(turn)
    {
        push(TimerKind::Repairs, Phase::Repairs);
    }
    // A ship at zero speed now, or one whose marks of this phase bring her there.
    if s.top_box() == 0 {
        push(TimerKind::Sinking, Phase::Sinking);
    }
}

/// Items in firing order: phase, then kind, then scenario order (a stable sort).
fn in_order(mut out: Vec<Due>) -> Vec<Due> {
    out.sort_by_key(|d| (d.phase, d.kind));
    out
}

/// Every item from (turn, phase) to the end of the turn, in firing order.
pub fn schedule(st: &QfState, turn: u32, phase: Phase) -> Vec<Due> {
    let mut out = Vec::new();
    for i in 0..st.ships.len() {
        push_ship(st, i, turn, phase, &mut out);
    }
    in_order(out)
}

/// Ship `i`'s items of [`schedule`], in its order, without walking the other ships.
pub fn ship_schedule(st: &QfState, i: usize, turn: u32, phase: Phase) -> Vec<Due> {
    let mut out = Vec::new();
    push_ship(st, i, turn, phase, &mut out);
    in_order(out)
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

    /// The detail panel's list of one ship is her share of the whole schedule, in its order.
    #[test]
    fn a_ships_schedule_is_her_share_of_the_whole() {
        let setup = Quickfire::parse_setup("demo", crate::session::DEMO_QUICKFIRE).unwrap();
        let mut st = Quickfire::initial(&setup).rules;
        st.options.auto_repair = true;
        st.ships[0].pending.push(Hit::D { degrees: -90 });
        st.ships[0].speed_hits = 8;
        st.ships[1].rof_lost.heavy = 1;
        st.ships[1].fires.push(Fire {
            since_turn: 1,
            out_turn: None,
        });
        let all = schedule(&st, 1, Phase::FirstGunnery);
        assert_eq!(
            all[0].what(&st),
            format!(
                "{}: D (90° left) take effect at the end of the phase (« 1.4)",
                st.ships[0].spec.name
            )
        );
        for i in 0..st.ships.len() {
            let mine: Vec<Due> = all.iter().filter(|d| d.ship == i).cloned().collect();
            assert_eq!(
                ship_schedule(&st, i, 1, Phase::FirstGunnery),
                mine,
                "ship {i}"
            );
        }
    }
}
