//! Turn sequence: the phases of each clock scale (SPEC 3.1; FG&DN 8.1).
use crate::rulesets::fgdn::clock::Phase;

/// One phase and what is resolved in it (short labels).
#[derive(Debug, Clone, PartialEq)]
pub struct PhaseStep {
    pub phase: Phase,
    pub resolves: Vec<String>,
}

/// The phases of one clock scale, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct ScaleSequence {
    pub minutes: u32,
    pub phases: Vec<PhaseStep>,
}

impl ScaleSequence {
    pub fn phase_names(&self) -> Vec<Phase> {
        self.phases.iter().map(|p| p.phase).collect()
    }
}

/// SPEC 3.1 turn sequence, with FG&DN 8.1's resolution per phase.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnSequenceTable {
    pub rule: String,
    pub tactical: ScaleSequence,
    pub intermediate: ScaleSequence,
}
