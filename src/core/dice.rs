//! Dice (SPEC 4): every roll has a die, a purpose and a provenance. Faces are stored in the
//! log, so a replay never needs the random generator.
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Die {
    D6,
    D10,
    D20,
    D100,
}

impl Die {
    pub fn sides(self) -> u32 {
        match self {
            Die::D6 => 6,
            Die::D10 => 10,
            Die::D20 => 20,
            Die::D100 => 100,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Die::D6 => "D6",
            Die::D10 => "D10",
            Die::D20 => "D20",
            Die::D100 => "D100",
        }
    }
    /// Whether a face typed or queued for this die is possible. A D10 face of 0 is read as 10
    /// and a D100 face of 0 as 100 (the dice are marked that way), see [`Die::normalise`].
    pub fn fits(self, face: u32) -> bool {
        (1..=self.sides()).contains(&self.normalise(face))
    }
    pub fn normalise(self, face: u32) -> u32 {
        match (self, face) {
            (Die::D10, 0) => 10,
            (Die::D100, 0) => 100,
            _ => face,
        }
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a die's face came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Provenance {
    /// Queued with the `dice` command (typed from the table ahead of time).
    Queued,
    /// Typed by the umpire when the console asked for it.
    Typed,
    /// Rolled by the console from the save's seed.
    Rolled,
}

impl Provenance {
    pub fn name(self) -> &'static str {
        match self {
            Provenance::Queued => "queued",
            Provenance::Typed => "typed",
            Provenance::Rolled => "rolled",
        }
    }
}

/// One die rolled: what, for what, the face, and where the face came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roll {
    pub die: Die,
    pub face: u32,
    pub purpose: String,
    pub provenance: Provenance,
}

impl fmt::Display for Roll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} = {} ({}, {})",
            self.die,
            self.face,
            self.purpose,
            self.provenance.name()
        )
    }
}

/// A die the engine needs, with everything a source needs to supply it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieRequest<'a> {
    pub die: Die,
    pub purpose: &'a str,
    /// The save's seed and how many dice the game has rolled so far: together they fix the
    /// seeded face, so the same game rolls the same dice on every machine run.
    pub seed: u64,
    pub serial: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    #[error("queued die {face} does not fit a {die} (needed for: {purpose}); faces 1-{sides}; dice clear empties the queue")]
    QueuedDoesNotFit {
        face: u32,
        die: Die,
        purpose: String,
        sides: u32,
    },
    #[error("the umpire abandoned the command at the {die} for {purpose}")]
    Abandoned { die: Die, purpose: String },
    /// The source has no face for this die yet: ask the umpire, then prepare the command again
    /// with the answer added (see [`AskDice`]).
    #[error("waiting for the {die} for {purpose}")]
    Needed { die: Die, purpose: String },
}

/// Supplies the dice that are not queued: rolled from the seed, or asked of the umpire.
pub trait DiceSource {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<(u32, Provenance), DiceError>;
}

/// Rolls every die from the save's seed (the "roll" dice mode and headless scripts).
#[derive(Debug, Default, Clone, Copy)]
pub struct SeededDice;

impl DiceSource for SeededDice {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<(u32, Provenance), DiceError> {
        Ok((seeded_face(request), Provenance::Rolled))
    }
}

/// One answer the umpire gave when asked for a die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// A face read off the table's die.
    Typed(u32),
    /// "Roll it for me": the seeded face.
    Roll,
}

/// The "ask" dice mode: the answers given so far, in the order the engine asks for dice. When
/// the engine needs one more, it gets [`DiceError::Needed`]; the face is then asked of the
/// umpire and the command prepared again from the start with the longer list. Preparing a
/// command changes nothing, so asking costs no state and Esc simply forgets the answers.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct AskDice {
    pub answers: Vec<Answer>,
    used: usize,
}

impl AskDice {
    pub fn new(answers: Vec<Answer>) -> AskDice {
        AskDice { answers, used: 0 }
    }
}

impl DiceSource for AskDice {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<(u32, Provenance), DiceError> {
        let Some(answer) = self.answers.get(self.used) else {
            return Err(DiceError::Needed {
                die: request.die,
                purpose: request.purpose.to_string(),
            });
        };
        self.used += 1;
        match *answer {
            Answer::Typed(face) if request.die.fits(face) => {
                Ok((request.die.normalise(face), Provenance::Typed))
            }
            Answer::Typed(face) => Err(DiceError::QueuedDoesNotFit {
                face,
                die: request.die,
                purpose: request.purpose.to_string(),
                sides: request.die.sides(),
            }),
            Answer::Roll => Ok((seeded_face(request), Provenance::Rolled)),
        }
    }
}

/// The face the seed gives for the `serial`-th die of a game.
pub fn seeded_face(request: &DieRequest<'_>) -> u32 {
    let mix = request
        .seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(request.serial);
    let mut rng = StdRng::seed_from_u64(mix);
    rng.random_range(1..=request.die.sides())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d10_zero_reads_as_ten() {
        assert!(Die::D10.fits(0));
        assert_eq!(Die::D10.normalise(0), 10);
        assert!(!Die::D6.fits(0));
        assert!(!Die::D6.fits(7));
        assert!(Die::D100.fits(100));
    }

    #[test]
    fn ask_dice_asks_once_per_missing_die_and_keeps_provenance() {
        let req = |serial| DieRequest {
            die: Die::D10,
            purpose: "fire DC",
            seed: 7,
            serial,
        };
        let mut none = AskDice::default();
        assert_eq!(
            none.roll(&req(0)),
            Err(DiceError::Needed {
                die: Die::D10,
                purpose: "fire DC".into()
            })
        );
        let mut two = AskDice::new(vec![Answer::Typed(0), Answer::Roll]);
        assert_eq!(two.roll(&req(0)), Ok((10, Provenance::Typed)));
        assert_eq!(
            two.roll(&req(1)),
            Ok((seeded_face(&req(1)), Provenance::Rolled))
        );
        assert!(matches!(two.roll(&req(2)), Err(DiceError::Needed { .. })));
        let mut bad = AskDice::new(vec![Answer::Typed(11)]);
        assert!(matches!(
            bad.roll(&req(0)),
            Err(DiceError::QueuedDoesNotFit { .. })
        ));
    }

    #[test]
    fn seeded_faces_are_repeatable_and_in_range() {
        for serial in 0..500 {
            let r = DieRequest {
                die: Die::D6,
                purpose: "test",
                seed: 42,
                serial,
            };
            let a = seeded_face(&r);
            assert_eq!(a, seeded_face(&r));
            assert!((1..=6).contains(&a));
        }
    }
}
