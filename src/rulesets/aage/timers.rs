//! The ONE schedule of what the end of a phase fires (SPEC 3.5): [`schedule`] lists every item
//! with the turn and phase whose end fires it; the due list shows that list and
//! `rules::end_phase` fires exactly the items [`due_now`] takes from it.
//!
//! 2.2 Ongoing damage: each fire and each flood does d4 (5.7, 5.12), to the hull (the reading
//! of docs/rules-notes-aage-qr-2020.md), then every ship with a catastrophic result tests for
//! sinking (5.17, "testing due to a Critical Hit result"), once however many it has. Both are
//! fired at the end of the ongoing damage phase. 2.2 Initiative: all splash markers are
//! removed, the squadrons at half strength or below are reminded of their morale test (the
//! test is absent: the umpire records it with `morale`), and each side's d10 is rolled if the
//! umpire has not rolled it with `initiative`, at the end of the initiative phase. Ships in
//! scenario order within each kind.
use super::state::AaState;
use super::tables::Tables;
use super::Phase;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TimerKind {
    /// 5.7: a fire does d4 in the ongoing damage phase.
    Fire,
    /// 5.12: a flood does d4 in the ongoing damage phase.
    Flood,
    /// 5.7, 5.12, 5.17: a catastrophic result tests for sinking each ongoing damage phase.
    SinkingTest,
    /// 2.2 Initiative: remove all splash markers.
    SplashCleared,
    /// 2.2 Initiative: a squadron at half strength or below tests morale (a reminder; fires
    /// nothing).
    Morale,
    /// 2.2, 2.4: the d10 per side.
    Initiative,
}

/// One scheduled item: what, for which ship (index in scenario order), and when it fires.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Due {
    pub kind: TimerKind,
    pub ship: Option<usize>,
    pub turn: u32,
    pub phase: Phase,
    pub what: String,
}

/// Every item from (turn, phase) on, in firing order.
pub fn schedule(st: &AaState, _tables: &Tables, turn: u32, phase: Phase) -> Vec<Due> {
    let mut out = Vec::new();
    // The next ongoing damage phase: this turn's if it has not ended, else the next turn's.
    let ongoing = if phase <= Phase::OngoingDamage {
        turn
    } else {
        turn.saturating_add(1)
    };
    let initiative = if phase <= Phase::Initiative {
        turn
    } else {
        turn.saturating_add(1)
    };
    for (i, s) in st.ships.iter().enumerate().filter(|(_, s)| s.afloat()) {
        for (kind, n, what) in [
            (TimerKind::Fire, s.fires, "fire"),
            (TimerKind::Flood, s.floods, "flood"),
        ] {
            for k in 1..=n {
                out.push(Due {
                    kind,
                    ship: Some(i),
                    turn: ongoing,
                    phase: Phase::OngoingDamage,
                    what: format!(
                        "{}: {what} {k} of {n} does d4 to the hull (5.{})",
                        s.name,
                        if kind == TimerKind::Fire { 7 } else { 12 }
                    ),
                });
            }
        }
    }
    for (i, s) in st
        .ships
        .iter()
        .enumerate()
        .filter(|(_, s)| s.afloat() && s.catastrophic())
    {
        out.push(Due {
            kind: TimerKind::SinkingTest,
            ship: Some(i),
            turn: ongoing,
            phase: Phase::OngoingDamage,
            what: format!("{}: sinking test, catastrophic result (5.17, -2)", s.name),
        });
    }
    if st.ships.iter().any(|s| s.splash > 0) {
        out.push(Due {
            kind: TimerKind::SplashCleared,
            ship: None,
            turn: initiative,
            phase: Phase::Initiative,
            what: "remove all splash markers (2.2 Initiative)".into(),
        });
    }
    for q in &st.squadrons {
        let tested = q.morale.is_some_and(|(t, _)| t == initiative);
        if st.half_strength(&q.spec.id) && !tested && st.strength(&q.spec.id).1 > 0 {
            out.push(Due {
                kind: TimerKind::Morale,
                ship: None,
                turn: initiative,
                phase: Phase::Initiative,
                what: format!(
                    "{} is at half strength or below: test morale (the test is not in the rules: record it with `morale {} pass|fail`)",
                    q.spec.name, q.spec.id
                ),
            });
        }
    }
    if st.initiative.as_ref().is_none_or(|x| x.turn != initiative) {
        out.push(Due {
            kind: TimerKind::Initiative,
            ship: None,
            turn: initiative,
            phase: Phase::Initiative,
            what: "each side rolls d10 with the 2.4 modifiers: the winner moves and shoots first"
                .into(),
        });
    }
    out.sort_by_key(|d| (d.turn, d.phase, d.kind));
    out
}

/// The items the end of (turn, phase) fires, in order.
pub fn due_now(st: &AaState, tables: &Tables, turn: u32, phase: Phase) -> Vec<Due> {
    schedule(st, tables, turn, phase)
        .into_iter()
        .filter(|d| d.turn == turn && d.phase == phase)
        .collect()
}
