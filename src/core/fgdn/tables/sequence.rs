//! Turn sequence: the phases of each clock scale (SPEC 3.1; FG&DN 8.1).
use std::fmt;
use std::str::FromStr;

/// A phase of a turn, by its snake_case name (SPEC 3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PhaseName {
    Plotting,
    Movement,
    PlannedFire,
    Detection,
    ReactionFire,
    Resolution,
}

impl PhaseName {
    pub const ALL: [PhaseName; 6] = [
        PhaseName::Plotting,
        PhaseName::Movement,
        PhaseName::PlannedFire,
        PhaseName::Detection,
        PhaseName::ReactionFire,
        PhaseName::Resolution,
    ];
    pub fn name(self) -> &'static str {
        match self {
            PhaseName::Plotting => "plotting",
            PhaseName::Movement => "movement",
            PhaseName::PlannedFire => "planned_fire",
            PhaseName::Detection => "detection",
            PhaseName::ReactionFire => "reaction_fire",
            PhaseName::Resolution => "resolution",
        }
    }
}

impl fmt::Display for PhaseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PhaseName {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        PhaseName::ALL
            .iter()
            .copied()
            .find(|p| p.name() == s)
            .ok_or_else(|| {
                format!(
                    "unknown phase \"{s}\" (expected one of: {})",
                    PhaseName::ALL.map(|p| p.name()).join(", ")
                )
            })
    }
}

/// One phase and what is resolved in it (short labels).
#[derive(Debug, Clone, PartialEq)]
pub struct PhaseStep {
    pub phase: PhaseName,
    pub resolves: Vec<String>,
}

/// The phases of one clock scale, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct ScaleSequence {
    pub minutes: u32,
    pub phases: Vec<PhaseStep>,
}

impl ScaleSequence {
    pub fn phase_names(&self) -> Vec<PhaseName> {
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
