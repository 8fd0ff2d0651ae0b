//! Dice (SPEC 4): every roll has a die, a purpose and a provenance. Faces are stored in the
//! log, so a replay never needs the random generator.
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Die {
    D4,
    D6,
    D8,
    D10,
    D12,
    D20,
    D100,
}

impl Die {
    pub fn sides(self) -> u32 {
        match self {
            Die::D4 => 4,
            Die::D6 => 6,
            Die::D8 => 8,
            Die::D10 => 10,
            Die::D12 => 12,
            Die::D20 => 20,
            Die::D100 => 100,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Die::D4 => "D4",
            Die::D6 => "D6",
            Die::D8 => "D8",
            Die::D10 => "D10",
            Die::D12 => "D12",
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
    /// The source gave a face the die does not have.
    #[error("{face} does not fit a {die} (1-{sides})")]
    DoesNotFit { face: u32, die: Die, sides: u32 },
    /// A chart value the rule text does not print (SPEC 8): the umpire reads it off their
    /// printed chart, or rules it where no chart gives it, and gives it (queued with
    /// `chart VALUE`, or typed when asked).
    #[error("{purpose}: {chart}, {line}, is not in the rule text: read it on your printed chart (or rule it where none gives it) and give the value with `chart VALUE` (one of: {allowed})")]
    ChartNeeded {
        chart: String,
        line: String,
        allowed: String,
        purpose: String,
    },
    /// A chart value given that the chart's line does not have.
    #[error(
        "\"{value}\" is not a value of {chart}, {line} (one of: {allowed}); needed for: {purpose}"
    )]
    ChartValueNotAllowed {
        value: String,
        chart: String,
        line: String,
        allowed: String,
        purpose: String,
    },
}

/// Among a chart line's allowed values: the line takes several of the others joined by `+`
/// (a cell of several damage codes, `S+F`).
pub const SEVERAL: &str = "several joined by + (S+F)";

/// A chart value the rules need that their text does not print (SPEC 8, "chart reads"): asked
/// of the umpire like a die, with the chart, its line and the values it may take.
#[derive(Debug, Clone, Copy)]
pub struct ChartRequest<'a> {
    pub chart: &'a str,
    pub line: &'a str,
    pub allowed: &'a [&'a str],
    pub purpose: &'a str,
}

impl ChartRequest<'_> {
    /// The value as the chart spells it, if the line allows it (letters in any case). A line
    /// whose allowed values include [`SEVERAL`] takes several of them joined by `+` (a cell
    /// of several damage codes, `S+F`), each part allowed alone.
    fn check(&self, value: &str) -> Result<String, DiceError> {
        let one = |v: &str| {
            self.allowed
                .iter()
                .find(|a| **a != SEVERAL && a.eq_ignore_ascii_case(v.trim()))
                .map(|a| a.to_string())
        };
        let several = self.allowed.contains(&SEVERAL) && value.contains('+');
        let found = if several {
            value
                .split('+')
                .map(one)
                .collect::<Option<Vec<String>>>()
                .map(|parts| parts.join("+"))
        } else {
            one(value)
        };
        found.ok_or_else(|| DiceError::ChartValueNotAllowed {
            value: value.to_string(),
            chart: self.chart.to_string(),
            line: self.line.to_string(),
            allowed: self.allowed_text(),
            purpose: self.purpose.to_string(),
        })
    }

    /// The error that asks the umpire for this value.
    pub fn needed(&self) -> DiceError {
        DiceError::ChartNeeded {
            chart: self.chart.to_string(),
            line: self.line.to_string(),
            allowed: self.allowed_text(),
            purpose: self.purpose.to_string(),
        }
    }

    /// The allowed values as a question shows them: a run of three or more whole numbers each
    /// one more than the last reads as `0-99`, the rest as they are, comma-separated.
    pub fn allowed_text(&self) -> String {
        let mut out: Vec<String> = Vec::new();
        let mut i = 0;
        let n = |k: usize| self.allowed.get(k).and_then(|v| v.parse::<u64>().ok());
        while i < self.allowed.len() {
            let mut j = i;
            while let (Some(a), Some(b)) = (n(j), n(j + 1)) {
                if b != a + 1 {
                    break;
                }
                j += 1;
            }
            if j >= i + 2 {
                out.push(format!("{}-{}", self.allowed[i], self.allowed[j]));
                i = j + 1;
            } else {
                out.push(self.allowed[i].to_string());
                i += 1;
            }
        }
        out.join(", ")
    }
}

/// One chart value read, as the log records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChartRead {
    pub chart: String,
    pub line: String,
    pub value: String,
    pub purpose: String,
    pub provenance: Provenance,
}

impl fmt::Display for ChartRead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}: {} ({}, {})",
            self.chart,
            self.line,
            self.value,
            self.purpose,
            self.provenance.name()
        )
    }
}

/// The log line of faces queued with `dice` (every ruleset's).
pub fn queued_text(faces: &[u32]) -> String {
    if faces.is_empty() {
        return "dice queue emptied (dice clear)".into();
    }
    let faces: Vec<String> = faces.iter().map(|f| f.to_string()).collect();
    format!("dice queued: {}", faces.join(" "))
}

/// The next face for a die (SPEC 4): the next queued face if there is one (it must fit the
/// die), else the source's. Every ruleset's rules roll through this.
pub fn next_face(
    queued: Option<u32>,
    request: &DieRequest<'_>,
    source: &mut dyn DiceSource,
) -> Result<(u32, Provenance), DiceError> {
    let die = request.die;
    if let Some(f) = queued {
        if !die.fits(f) {
            return Err(DiceError::QueuedDoesNotFit {
                face: f,
                die,
                purpose: request.purpose.to_string(),
                sides: die.sides(),
            });
        }
        return Ok((die.normalise(f), Provenance::Queued));
    }
    let (f, p) = source.roll(request)?;
    if !die.fits(f) {
        return Err(DiceError::DoesNotFit {
            face: f,
            die,
            sides: die.sides(),
        });
    }
    Ok((die.normalise(f), p))
}

/// The next chart value (SPEC 8): the next queued one if there is one (the line must allow
/// it), else the source's (asked of the umpire, or recorded in the log).
pub fn next_chart_value(
    queued: Option<&str>,
    request: &ChartRequest<'_>,
    source: &mut dyn DiceSource,
) -> Result<(String, Provenance), DiceError> {
    match queued {
        Some(v) => Ok((request.check(v)?, Provenance::Queued)),
        None => source.chart(request),
    }
}

/// Supplies the dice that are not queued: rolled from the seed, or asked of the umpire.
pub trait DiceSource {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<(u32, Provenance), DiceError>;
    /// A chart value the text does not print: nothing rolls one, so by default the umpire must
    /// give it ([`DiceError::ChartNeeded`]).
    fn chart(&mut self, request: &ChartRequest<'_>) -> Result<(String, Provenance), DiceError> {
        Err(request.needed())
    }
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

/// The chart values the umpire gave when asked, in order (a chart cannot be rolled).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct AskCharts {
    pub answers: Vec<String>,
    used: usize,
}

/// The "ask" dice mode: the answers given so far, in the order the engine asks for dice. When
/// the engine needs one more, it gets [`DiceError::Needed`]; the face is then asked of the
/// umpire and the command prepared again from the start with the longer list. Preparing a
/// command changes nothing, so asking costs no state and Esc simply forgets the answers.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct AskDice {
    pub answers: Vec<Answer>,
    used: usize,
    /// Chart values typed when asked (SPEC 8), in the order the rules asked for them.
    pub charts: AskCharts,
    /// Roll every die past the answers from the seed instead of asking (the "roll" dice mode,
    /// where only chart values are asked: nothing rolls those).
    roll_unanswered: bool,
}

impl AskDice {
    pub fn new(answers: Vec<Answer>) -> AskDice {
        AskDice {
            answers,
            used: 0,
            charts: AskCharts::default(),
            roll_unanswered: false,
        }
    }

    /// Every die rolled from the seed; only chart values are asked (the "roll" dice mode).
    pub fn rolling(charts: Vec<String>) -> AskDice {
        let mut dice = AskDice::new(Vec::new());
        dice.charts.answers = charts;
        dice.roll_unanswered = true;
        dice
    }
}

impl DiceSource for AskDice {
    fn roll(&mut self, request: &DieRequest<'_>) -> Result<(u32, Provenance), DiceError> {
        let Some(answer) = self.answers.get(self.used) else {
            if self.roll_unanswered {
                return Ok((seeded_face(request), Provenance::Rolled));
            }
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

    fn chart(&mut self, request: &ChartRequest<'_>) -> Result<(String, Provenance), DiceError> {
        let c = &mut self.charts;
        let Some(answer) = c.answers.get(c.used) else {
            return Err(request.needed());
        };
        c.used += 1;
        Ok((request.check(answer)?, Provenance::Typed))
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
    fn a_run_of_whole_numbers_is_asked_as_a_range() {
        let nums: Vec<String> = (0..=99).map(|n| n.to_string()).collect();
        let mut allowed: Vec<&str> = nums.iter().map(String::as_str).collect();
        allowed.push("n/a");
        let r = ChartRequest {
            chart: "c",
            line: "l",
            allowed: &allowed,
            purpose: "p",
        };
        assert_eq!(r.allowed_text(), "0-99, n/a");
        let r = ChartRequest {
            allowed: &["2", "1", "minor"],
            ..r
        };
        assert_eq!(r.allowed_text(), "2, 1, minor");
    }

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

    /// SPEC 8: D4, D8 and D12 beside D6, D10, D20 and D100; each face checked against its die.
    #[test]
    fn every_die_of_spec_8_with_its_faces() {
        for (die, sides) in [
            (Die::D4, 4),
            (Die::D6, 6),
            (Die::D8, 8),
            (Die::D10, 10),
            (Die::D12, 12),
            (Die::D20, 20),
            (Die::D100, 100),
        ] {
            assert_eq!(die.sides(), sides);
            assert!(die.fits(sides) && !die.fits(sides + 1), "{die}");
            let r = DieRequest {
                die,
                purpose: "t",
                seed: 3,
                serial: 9,
            };
            assert!((1..=sides).contains(&seeded_face(&r)));
            let json = serde_json::to_string(&die).unwrap();
            assert_eq!(json, format!("\"{}\"", die.name().to_lowercase()));
        }
        // The queue comes first and must fit; the source's face must fit too.
        let req = DieRequest {
            die: Die::D4,
            purpose: "hit location",
            seed: 1,
            serial: 0,
        };
        assert_eq!(
            next_face(Some(3), &req, &mut SeededDice),
            Ok((3, Provenance::Queued))
        );
        assert!(matches!(
            next_face(Some(5), &req, &mut SeededDice),
            Err(DiceError::QueuedDoesNotFit { .. })
        ));
        let mut typed = AskDice::new(vec![Answer::Typed(9)]);
        assert!(next_face(None, &req, &mut typed).is_err());
    }

    /// SPEC 8, chart reads: a value the text does not print is asked like a die, with the
    /// chart, line and allowed values; queued values come first; a value the line does not
    /// have is refused naming the allowed ones; the provenance is kept.
    #[test]
    fn chart_reads_are_asked_queued_checked_and_typed() {
        let allowed = ["S", "G", "SG", "-"];
        let req = ChartRequest {
            chart: "Combat Chart",
            line: "12-inch vs armour 8",
            allowed: &allowed,
            purpose: "Mikasa's 12-inch hit on Retvizan",
        };
        let e = next_chart_value(None, &req, &mut SeededDice).unwrap_err();
        let text = e.to_string();
        assert!(
            text.contains("Combat Chart")
                && text.contains("12-inch vs armour 8")
                && text.contains("S, G, SG, -"),
            "{text}"
        );
        assert_eq!(
            next_chart_value(Some("sg"), &req, &mut SeededDice),
            Ok(("SG".to_string(), Provenance::Queued))
        );
        let bad = next_chart_value(Some("X"), &req, &mut SeededDice).unwrap_err();
        assert!(
            matches!(bad, DiceError::ChartValueNotAllowed { .. }),
            "{bad}"
        );
        let mut ask = AskDice::default();
        assert!(matches!(
            ask.chart(&req),
            Err(DiceError::ChartNeeded { .. })
        ));
        ask.charts.answers.push("G".into());
        let mut ask = AskDice {
            charts: ask.charts.clone(),
            ..AskDice::default()
        };
        assert_eq!(
            next_chart_value(None, &req, &mut ask),
            Ok(("G".to_string(), Provenance::Typed))
        );
        let read = ChartRead {
            chart: "Combat Chart".into(),
            line: "12-inch vs armour 8".into(),
            value: "G".into(),
            purpose: "Mikasa's 12-inch hit".into(),
            provenance: Provenance::Typed,
        };
        assert_eq!(
            read.to_string(),
            "Combat Chart, 12-inch vs armour 8: G (Mikasa's 12-inch hit, typed)"
        );
    }

    /// A line that allows several values joined by `+` (Quickfire's damage cells, `S+F`)
    /// takes each part alone and nothing else; a line that does not, takes no `+`.
    #[test]
    fn a_chart_line_may_allow_several_values_joined_by_plus() {
        let allowed = ["n/e", "S", "F", SEVERAL];
        let req = ChartRequest {
            chart: "Damage table",
            line: "Blast line, 2D6 9",
            allowed: &allowed,
            purpose: "a blast",
        };
        assert_eq!(
            next_chart_value(Some("s+f"), &req, &mut SeededDice),
            Ok(("S+F".to_string(), Provenance::Queued))
        );
        assert!(next_chart_value(Some("S+X"), &req, &mut SeededDice).is_err());
        assert!(next_chart_value(Some(SEVERAL), &req, &mut SeededDice).is_err());
        let single = ["S", "F"];
        let req = ChartRequest {
            allowed: &single,
            ..req
        };
        assert!(next_chart_value(Some("S+F"), &req, &mut SeededDice).is_err());
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
