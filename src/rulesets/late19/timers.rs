//! The ONE schedule of what the end of a phase fires (SPEC 3.5): [`schedule`] lists every item
//! with the turn and phase whose end fires it; the due list shows that list and
//! `rules::end_phase` fires exactly the items [`due_now`] takes from it.
//!
//! At the end of every phase, FP lost in it can no longer be traded off (the reading of rule b
//! in docs/rules-notes-late19-naval.md). At the end of the initiative step, the D6 of each side
//! is thrown if the umpire has not thrown it with `initiative` (Turn Sequence 3). A ship at
//! 0 FP is removed at the end of the torpedo step (it may still fire "that turn – as it
//! sinks"); one that reaches 0 FP later in the turn (a mine while moving) at the end of that
//! step. Ships in scenario order within each kind.
use super::ship::Status;
use super::state::L19State;
use super::tables::Tables;
use super::Phase;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TimerKind {
    /// Rule b: the trade-offs for this phase's losses close.
    TradeClosed,
    /// Turn Sequence 3: the D6 per side.
    Initiative,
    /// Rule c: the ship has sunk.
    Sinks,
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

/// Every item from (turn, phase) on, in firing order.
pub fn schedule(st: &L19State, tables: &Tables, turn: u32, phase: Phase) -> Vec<Due> {
    let mut out = Vec::new();
    for (i, s) in st.ships.iter().enumerate() {
        if s.lost_this_phase > 0 && s.sunk_turn.is_none() {
            out.push(Due {
                kind: TimerKind::TradeClosed,
                ship: Some(i),
                turn,
                phase,
                what: format!(
                    "{}: {} FP lost this step may be traded off until its end (rule b)",
                    s.spec.name, s.lost_this_phase
                ),
            });
        }
    }
    if phase <= Phase::Initiative && st.initiative.as_ref().is_none_or(|x| x.turn != turn) {
        out.push(Due {
            kind: TimerKind::Initiative,
            ship: None,
            turn,
            phase: Phase::Initiative,
            what: "each side throws a D6: the lowest moves first (Turn Sequence 3)".into(),
        });
    }
    for (i, s) in st.ships.iter().enumerate() {
        if s.status(tables.of(s.spec.kind)) == Status::Sinking {
            out.push(Due {
                kind: TimerKind::Sinks,
                ship: Some(i),
                turn,
                phase: phase.max(Phase::Torpedoes),
                what: format!("{} sinks (0 FP, rule c)", s.spec.name),
            });
        }
    }
    out.sort_by_key(|d| (d.phase, d.kind));
    out
}

/// The items the end of (turn, phase) fires, in order.
pub fn due_now(st: &L19State, tables: &Tables, turn: u32, phase: Phase) -> Vec<Due> {
    schedule(st, tables, turn, phase)
        .into_iter()
        .filter(|d| d.turn == turn && d.phase == phase)
        .collect()
}
