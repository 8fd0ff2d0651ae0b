//! What every rule system with numbered turns shares (D&B, the late-19th-century rules,
//! Quickfire, the A&A fast-play rules): the clock, a turn number and a phase of the ruleset's
//! turn sequence; the engine verbs of its command language (`dice`, `next`, `turn`, `until`,
//! `note`, `undo`, `redo`, `expect`) around the ruleset's own commands; the engine's events in
//! its log; and the binding to the shared journal. A ruleset implements [`TurnRules`] (its
//! scenario, `apply`, `decide` and `end_phase` on a [`Cx`], its log wording and status fields);
//! [`TurnGame`], [`TurnEvent`] and the `Rules` impl for every `TurnRules` do the rest: the walk
//! of `next`/`turn`/`until`, dice and chart reads in the log, `expect`, the status head and the
//! scenario head checks.
use crate::core::dice::{
    next_chart_value, next_face, queued_text, ChartRequest, DiceError, DiceSource, Die, DieRequest,
    Provenance, Roll,
};
use crate::core::game::Record;
use crate::core::ruleset::{
    field_matches, field_text, ExpectError, RuleError, Rules, Ruleset, Verb,
};
use crate::core::sheet::Sheets;
use crate::core::tables::{by_file_name, RuleTables};
use crate::core::tokens::{quote, tokenize, word};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::VecDeque;
use std::fmt;
use std::str::FromStr;

/// A phase of a numbered turn, in the order the turn walks them.
pub trait TurnPhase:
    Copy
    + Eq
    + Ord
    + fmt::Debug
    + fmt::Display
    + FromStr<Err = String>
    + Serialize
    + DeserializeOwned
    + 'static
{
    /// Every phase of a turn, in order.
    const PHASES: &'static [Self];
    /// The engine verbs with their usage, for completion and help, naming a part of the turn
    /// as the ruleset's text does: [`ENGINE_VERBS_PHASE`] or [`ENGINE_VERBS_STEP`].
    const ENGINE_VERBS: &'static [(&'static str, &'static str)] = ENGINE_VERBS_PHASE;
}

/// The engine verbs of a turn of phases, with their usage.
pub const ENGINE_VERBS_PHASE: &[(&str, &str)] = &[
    ("next", "next                end the phase"),
    ("turn", "turn                end every phase of this turn"),
    ("until", "until TURN [PHASE] walk to a turn (and phase)"),
    (
        "dice",
        "dice N [N ...]      queue faces rolled at the table (dice clear; dice ask / roll: the mode)",
    ),
    ("note", "note \"TEXT\"         a note in the log"),
    ("undo", "undo                take back the last command"),
    ("redo", "redo                put it back"),
];

/// The engine verbs of a turn of steps, with their usage.
pub const ENGINE_VERBS_STEP: &[(&str, &str)] = &[
    ("next", "next                end the step"),
    ("turn", "turn                end every step of this turn"),
    ("until", "until TURN [STEP]   walk to a turn (and step)"),
    (
        "dice",
        "dice N [N ...]      queue faces rolled at the table (dice clear; dice ask / roll: the mode)",
    ),
    ("note", "note \"TEXT\"         a note in the log"),
    ("undo", "undo                take back the last command"),
    ("redo", "redo                put it back"),
];

/// Where a numbered-turn battle stands: a turn and its phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct TurnClock<P> {
    pub turn: u32,
    pub phase: P,
}

impl<P: TurnPhase> TurnClock<P> {
    /// The position after ending the current phase: the next phase, or the next turn's first.
    /// A hand-made save can put the clock anywhere: the last turn a u32 holds stays.
    pub fn after_phase(self) -> TurnClock<P> {
        let i = P::PHASES.iter().position(|p| *p == self.phase).unwrap_or(0);
        match P::PHASES.get(i + 1) {
            Some(next) => TurnClock {
                phase: *next,
                ..self
            },
            None => TurnClock {
                turn: self.turn.saturating_add(1),
                phase: P::PHASES[0],
            },
        }
    }
}

impl<P: fmt::Display> fmt::Display for TurnClock<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {} {}", self.turn, self.phase)
    }
}

/// A command of a numbered-turn ruleset at the prompt or in a script: an engine verb, or the
/// ruleset's own command `C`. `c.to_string().parse() == Ok(c)`.
#[derive(Debug, Clone, PartialEq)]
pub enum TurnCommand<P, C> {
    Dice(Vec<u32>),
    /// `dice ask` / `dice roll`: the dashboard asks for every die, or rolls them. Decides
    /// nothing; kept in the log so a reopened battle keeps its dice mode.
    DiceMode {
        ask: bool,
    },
    Next,
    Turn,
    Until {
        turn: u32,
        phase: Option<P>,
    },
    Note(String),
    Undo,
    Redo,
    Expect {
        ship: String,
        field: String,
        value: String,
    },
    ExpectClock {
        turn: u32,
        phase: P,
    },
    Rule(C),
}

impl<P: TurnPhase, C: fmt::Display> fmt::Display for TurnCommand<P, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnCommand::Dice(faces) if faces.is_empty() => f.write_str("dice clear"),
            TurnCommand::Dice(faces) => {
                let faces: Vec<String> = faces.iter().map(|x| x.to_string()).collect();
                write!(f, "dice {}", faces.join(" "))
            }
            TurnCommand::DiceMode { ask: true } => f.write_str("dice ask"),
            TurnCommand::DiceMode { ask: false } => f.write_str("dice roll"),
            TurnCommand::Next => f.write_str("next"),
            TurnCommand::Turn => f.write_str("turn"),
            TurnCommand::Until { turn, phase: None } => write!(f, "until {turn}"),
            TurnCommand::Until {
                turn,
                phase: Some(p),
            } => write!(f, "until {turn} {p}"),
            TurnCommand::Note(text) => write!(f, "note {}", quote(text)),
            TurnCommand::Undo => f.write_str("undo"),
            TurnCommand::Redo => f.write_str("redo"),
            TurnCommand::Expect { ship, field, value } => {
                write!(f, "expect {} {} {}", word(ship), word(field), quote(value))
            }
            TurnCommand::ExpectClock { turn, phase } => write!(f, "expect clock {turn} {phase}"),
            TurnCommand::Rule(c) => write!(f, "{c}"),
        }
    }
}

fn number(word: &str, what: &str) -> Result<u32, String> {
    word.parse()
        .map_err(|_| format!("\"{word}\" is not {what} (a whole number)"))
}

impl<P: TurnPhase, C: FromStr<Err = String>> FromStr for TurnCommand<P, C> {
    type Err = String;

    fn from_str(line: &str) -> Result<TurnCommand<P, C>, String> {
        let line = line.trim();
        let w = tokenize(line).map_err(|e| e.to_string())?;
        let verb = w
            .first()
            .map(|s| s.to_ascii_lowercase())
            .unwrap_or_default();
        let arity = |n: usize, usage: &str| {
            if w.len() == n {
                Ok(())
            } else {
                Err(format!("usage: {usage}"))
            }
        };
        Ok(match verb.as_str() {
            "dice" => {
                if w.len() < 2 {
                    return Err("usage: dice N [N ...] | dice clear | dice ask | dice roll".into());
                }
                match w[1].to_ascii_lowercase().as_str() {
                    // `dice clear` empties the queue: the empty list (a face list is never
                    // empty), as FG&DN's.
                    "clear" => {
                        arity(2, "dice clear")?;
                        return Ok(TurnCommand::Dice(Vec::new()));
                    }
                    "ask" | "roll" => {
                        arity(2, "dice ask | dice roll")?;
                        return Ok(TurnCommand::DiceMode {
                            ask: w[1].eq_ignore_ascii_case("ask"),
                        });
                    }
                    _ => {}
                }
                let faces = w[1..]
                    .iter()
                    .map(|x| number(x, "a die face"))
                    .collect::<Result<Vec<_>, _>>()?;
                if let Some(f) = faces.iter().find(|f| **f > 100) {
                    return Err(format!("{f} is a face no die shows (D4 to D100)"));
                }
                TurnCommand::Dice(faces)
            }
            "next" => {
                arity(1, "next")?;
                TurnCommand::Next
            }
            "turn" => {
                arity(1, "turn")?;
                TurnCommand::Turn
            }
            "until" => {
                if !(2..=3).contains(&w.len()) {
                    let phases: Vec<String> = P::PHASES.iter().map(|p| p.to_string()).collect();
                    return Err(format!("usage: until TURN [{}]", phases.join("|")));
                }
                TurnCommand::Until {
                    turn: number(&w[1], "a turn")?,
                    phase: w.get(2).map(|p| p.parse()).transpose()?,
                }
            }
            "note" => {
                arity(2, "note \"text\"")?;
                TurnCommand::Note(w[1].clone())
            }
            "undo" => {
                arity(1, "undo")?;
                TurnCommand::Undo
            }
            "redo" => {
                arity(1, "redo")?;
                TurnCommand::Redo
            }
            "expect" if w.get(1).is_some_and(|x| x.eq_ignore_ascii_case("clock")) => {
                arity(4, "expect clock TURN PHASE")?;
                TurnCommand::ExpectClock {
                    turn: number(&w[2], "a turn")?,
                    phase: w[3].parse()?,
                }
            }
            "expect" => {
                arity(4, "expect SHIP FIELD VALUE")?;
                TurnCommand::Expect {
                    ship: w[1].to_ascii_lowercase(),
                    field: w[2].clone(),
                    value: w[3].clone(),
                }
            }
            // A ruleset command has no quoted text: a `#` starts a comment.
            _ => TurnCommand::Rule(line.split('#').next().unwrap_or("").trim().parse()?),
        })
    }
}

/// The engine's events in a numbered-turn ruleset's log, written as FG&DN writes its own
/// (`{"e":"rolled",...}`; the clock is each ruleset's). Lines written before this spelling
/// (`"Rolled"`, with `"ship":null`) still read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case", bound = "")]
pub enum CoreEvent<P: TurnPhase> {
    #[serde(alias = "DiceQueued")]
    DiceQueued { faces: Vec<u32> },
    /// `ship` is left out when the roll is for no ship.
    #[serde(alias = "Rolled")]
    Rolled {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ship: Option<String>,
        roll: Roll,
    },
    #[serde(alias = "PhaseEnded")]
    PhaseEnded { clock: TurnClock<P> },
    #[serde(alias = "ClockMoved")]
    ClockMoved { to: TurnClock<P> },
    #[serde(alias = "Note")]
    Note { text: String },
}

impl<P, C> TurnCommand<P, C> {
    /// What the journal does with it: undo, redo and `expect` are the history's; the rest the
    /// rules decide.
    pub fn verb(&self) -> Verb {
        match self {
            TurnCommand::Undo => Verb::Undo,
            TurnCommand::Redo => Verb::Redo,
            TurnCommand::Expect { .. } | TurnCommand::ExpectClock { .. } => Verb::Expect,
            _ => Verb::Rule,
        }
    }
}

// ---- The numbered-turn binding on the shared journal, written once

/// Where a rule decision's dice and chart values come from: the journal's dice (queued, typed
/// or rolled from the seed) and the umpire's chart reads (SPEC 8).
pub trait Oracle {
    /// One die for a stated purpose.
    fn roll(&mut self, die: Die, purpose: &str) -> Result<u32, String>;
    /// A chart value: the queued one if any (it must be allowed), else asked.
    fn chart(
        &mut self,
        queued: Option<&str>,
        request: &ChartRequest<'_>,
    ) -> Result<(String, Provenance), String>;
}

/// A function that rolls dice is an oracle that has no chart values (a ruleset whose text
/// prints every chart, or a test that feeds faces).
impl<F: FnMut(Die, String) -> Result<u32, String>> Oracle for F {
    fn roll(&mut self, die: Die, purpose: &str) -> Result<u32, String> {
        self(die, purpose.to_string())
    }

    fn chart(
        &mut self,
        _queued: Option<&str>,
        request: &ChartRequest<'_>,
    ) -> Result<(String, Provenance), String> {
        Err(format!(
            "no chart value can be read here ({}: {})",
            request.chart, request.line
        ))
    }
}

/// The working context of one rule decision: a scratch copy of the rules' state every event is
/// applied to as it is emitted, the tables, the oracle, and where each die fell among the
/// events. A refused decision is dropped: nothing changes.
pub struct Cx<'a, R: TurnRules> {
    pub state: R::State,
    pub tables: &'a R::Tables,
    pub oracle: &'a mut dyn Oracle,
    pub events: Vec<R::Event>,
    /// For each die rolled, in order, how many events had been emitted before it: the journal
    /// puts the roll's record there, so the log reads in the order things happened.
    pub roll_at: Vec<usize>,
}

impl<'a, R: TurnRules> Cx<'a, R> {
    pub fn new(state: R::State, tables: &'a R::Tables, oracle: &'a mut dyn Oracle) -> Self {
        Cx {
            state,
            tables,
            oracle,
            events: Vec::new(),
            roll_at: Vec::new(),
        }
    }

    /// Record an event and apply it to the scratch state.
    pub fn emit(&mut self, e: R::Event) {
        R::apply(&mut self.state, &e);
        self.events.push(e);
    }

    /// Roll one die for a stated purpose; a face that does not fit the die is an error.
    pub fn roll(&mut self, die: Die, purpose: impl AsRef<str>) -> Result<u32, String> {
        let purpose = purpose.as_ref();
        let face = self.oracle.roll(die, purpose)?;
        self.roll_at.push(self.events.len());
        if !die.fits(face) {
            return Err(format!(
                "{face} does not fit a {die} (1-{}) for {purpose}",
                die.sides()
            ));
        }
        Ok(die.normalise(face))
    }
}

/// A rule system played in numbered turns: what it writes itself. The engine's part (the
/// clock, the dice, the walk of `next`, `turn` and `until`, the engine's events and their log
/// lines, `expect`) is [`TurnGame`], on the shared journal through the [`Rules`] impl below.
pub trait TurnRules: Sized + Clone + fmt::Debug + PartialEq + 'static {
    /// The `[scenario] ruleset` value.
    const ID: &'static str;
    /// How messages name one of its ships ("a D&B ship").
    const SHIP: &'static str;
    type Phase: TurnPhase;
    /// The ruleset's own commands (`c.to_string().parse() == Ok(c)`).
    type Command: Clone + PartialEq + fmt::Debug + fmt::Display + FromStr<Err = String>;
    /// The ruleset's own events, tagged by `"e"` with names the engine's never use.
    type Event: Clone + PartialEq + fmt::Debug + Serialize + DeserializeOwned;
    /// Everything the rules know: the fold of their events.
    type State: Clone + PartialEq + fmt::Debug;
    type Tables: Clone + fmt::Debug + RuleTables;

    /// Parse and check a scenario; every problem names the file and the key.
    fn setup(file: &str, text: &str) -> Result<TurnSetup<Self>, Vec<String>>;
    /// Fold one event: total, no dice, no tables.
    fn apply(state: &mut Self::State, e: &Self::Event);
    /// The engine's clock reads `turn` and `phase` from now on: told once at the start (the
    /// scenario's first turn and phase) and again each time the clock moves, before any event
    /// at the new clock is applied, so a state that keeps it (to record when a ship sank,
    /// SPEC 10) folds it exactly on replay and undo. Total, like `apply`; by default the rules
    /// keep no clock.
    fn clock_moved(_state: &mut Self::State, _turn: u32, _phase: Self::Phase) {}
    /// A command at `turn` and `phase`, decided into events on `cx`; an error refuses it.
    fn decide(
        cx: &mut Cx<'_, Self>,
        turn: u32,
        phase: Self::Phase,
        c: &Self::Command,
    ) -> Result<(), String>;
    /// What the end of `phase` resolves and fires.
    fn end_phase(cx: &mut Cx<'_, Self>, turn: u32, phase: Self::Phase) -> Result<(), String>;
    /// Why no phase may end any more (the game is over), if so.
    fn closed(_state: &Self::State) -> Option<String> {
        None
    }
    /// The log line of one of its events (`state`: before it), or None for one the log hides.
    fn describe(state: &Self::State, e: &Self::Event) -> Option<String>;
    /// Its part of `umpire status --json` at the clock: its fields, then `ships[]`.
    fn status_fields(
        state: &Self::State,
        tables: &Self::Tables,
        turn: u32,
        phase: Self::Phase,
    ) -> Value;
    /// Its ships' ids and names, in scenario order (the order of `ships[]` in the status).
    fn ships(state: &Self::State) -> Vec<(&str, &str)>;
    /// The value and provenance of a chart read the event records, if it is one.
    fn charted(_e: &Self::Event) -> Option<(String, Provenance)> {
        None
    }
    /// `umpire sheets`: one record sheet per ship (SPEC 9) at `moment`.
    fn sheets(g: &TurnGame<Self>, tables: &Self::Tables, moment: &str) -> Sheets;
    /// Check a class file (SPEC 9), for a ruleset that has them.
    fn check_classes(file: &str, _text: &str) -> Result<Vec<String>, Vec<String>> {
        Err(vec![format!(
            "{file}: {} scenarios have no ship classes yet: give each [[ship]] its figures",
            Self::ID
        )])
    }
}

/// The widest of `text` for each phase of a turn (a header padded to it does not shift as the
/// phase changes, SPEC 10: [`crate::core::board::Board::clock_width`]).
pub fn widest<P: TurnPhase>(text: impl Fn(P) -> String) -> usize {
    P::PHASES
        .iter()
        .map(|p| text(*p).chars().count())
        .max()
        .unwrap_or(0)
}

/// Every face's part of a numbered-turn ruleset, from its [`TurnRules`] and its tables.
impl<R: TurnRules> Ruleset for R {
    fn tables_with(overrides: &[(String, String)]) -> Result<R::Tables, Vec<String>> {
        R::Tables::with_overrides(&by_file_name(overrides))
    }

    /// A ship named by her quoted name is her id, and a kind or a phase in quoted words is
    /// read as its id (SPEC 10; [`crate::core::tokens::as_ids`]).
    fn parse_in(g: &TurnGame<R>, text: &str) -> Result<TurnCommand<R::Phase, R::Command>, String> {
        let ships = R::ships(&g.rules);
        let Some(named) = crate::core::tokens::as_ids(text, &ships).map_err(|e| e.to_string())?
        else {
            return text.parse();
        };
        named.line.parse().map_err(|e| match named.phrases.first() {
            Some(p) => format!("{e} (\"{p}\" is not the name of a ship of this battle)"),
            None => e,
        })
    }

    fn parse_setup(file: &str, text: &str) -> Result<TurnSetup<R>, Vec<String>> {
        R::setup(file, text)
    }

    fn check_classes(file: &str, text: &str) -> Result<Vec<String>, Vec<String>> {
        <R as TurnRules>::check_classes(file, text)
    }

    fn entry_lines(before: &TurnGame<R>, entry: &Record<R>) -> Vec<String> {
        entry_lines(before, entry)
    }

    /// Each event worded on the game just before it, then applied: [`entry_lines`] without
    /// its copy of the rules' state.
    fn word_and_apply(g: &mut TurnGame<R>, entry: &Record<R>) -> Vec<String> {
        let mut lines = Vec::new();
        for e in &entry.events {
            lines.extend(log_line(g, e));
            <R as Rules>::apply(g, e);
        }
        lines
    }

    fn status_json(g: &TurnGame<R>, tables: &R::Tables) -> Value {
        status(g, tables)
    }

    fn table_notes(tables: &R::Tables) -> Vec<String> {
        tables
            .non_text_cells()
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    fn sheets(g: &TurnGame<R>, tables: &R::Tables, moment: &str) -> Sheets {
        <R as TurnRules>::sheets(g, tables, moment)
    }
}

/// A numbered ruleset's review names its places as its log writes its clock (`turn 3`,
/// `turn 3 movement`) and steps by its numbered turns.
impl<R: TurnRules> crate::core::review::Places for R {
    type Place = crate::core::review::ClockText;

    fn at_place(clock: &TurnClock<R::Phase>, place: &Self::Place) -> bool {
        place.names(clock)
    }

    fn no_place(place: &Self::Place, _clocks: &[TurnClock<R::Phase>]) -> String {
        place.never()
    }
}

/// A parsed numbered-turn scenario.
#[derive(Debug, Clone)]
pub struct TurnSetup<R: TurnRules> {
    pub name: String,
    pub seed: u64,
    pub start: u32,
    pub state: R::State,
}

impl<R: TurnRules> TurnSetup<R> {
    /// Parse and check a scenario; every problem names the file and the key.
    pub fn parse(file: &str, text: &str) -> Result<TurnSetup<R>, Vec<String>> {
        R::setup(file, text)
    }
}

/// A numbered-turn game: the engine's part (clock, dice) and the rules' state.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnGame<R: TurnRules> {
    pub name: String,
    pub seed: u64,
    pub clock: TurnClock<R::Phase>,
    pub dice_queue: VecDeque<u32>,
    pub dice_rolled: u64,
    pub rules: R::State,
}

/// One event of the log: the engine's or the rules'. Both are tagged by `"e"` with names that
/// never collide, so a line is read as the one its tag names ([`CORE_TAGS`]), not tried as
/// each in turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged, bound = "")]
pub enum TurnEvent<R: TurnRules> {
    Core(CoreEvent<R::Phase>),
    Rule(R::Event),
}

/// The tags of the engine's events ([`CoreEvent`]), as written now and as written before.
pub const CORE_TAGS: [&str; 10] = [
    "dice_queued",
    "rolled",
    "phase_ended",
    "clock_moved",
    "note",
    "DiceQueued",
    "Rolled",
    "PhaseEnded",
    "ClockMoved",
    "Note",
];

/// Reading an event by its tag. An untagged enum would copy each event, try it as the
/// engine's, word why it is not one, and read the copy again as the rules': most of the time
/// a 20,000-command save takes to open. The tag comes first in every line this console
/// writes; an event whose tag comes later (a hand-edited line) is read whole, then by its tag.
impl<'de, R: TurnRules> Deserialize<'de> for TurnEvent<R> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(EventVisitor::<R>(std::marker::PhantomData))
    }
}

struct EventVisitor<R>(std::marker::PhantomData<R>);

impl<'de, R: TurnRules> serde::de::Visitor<'de> for EventVisitor<R> {
    type Value = TurnEvent<R>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an event: an object tagged by \"e\"")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<TurnEvent<R>, A::Error> {
        use serde::de::value::MapAccessDeserializer;
        use serde::de::Error;
        let Some(key) = map.next_key::<String>()? else {
            return Err(A::Error::missing_field("e"));
        };
        if key != "e" {
            let mut whole = serde_json::Map::new();
            whole.insert(key, map.next_value()?);
            while let Some((k, v)) = map.next_entry::<String, Value>()? {
                whole.insert(k, v);
            }
            let core = whole
                .get("e")
                .and_then(Value::as_str)
                .is_some_and(|t| CORE_TAGS.contains(&t));
            let whole = Value::Object(whole);
            return if core {
                CoreEvent::deserialize(whole).map(TurnEvent::Core)
            } else {
                R::Event::deserialize(whole).map(TurnEvent::Rule)
            }
            .map_err(A::Error::custom);
        }
        let tag: String = map.next_value()?;
        let core = CORE_TAGS.contains(&tag.as_str());
        let rest = MapAccessDeserializer::new(Tagged {
            tag: Some(tag),
            key_given: false,
            map,
        });
        if core {
            CoreEvent::deserialize(rest).map(TurnEvent::Core)
        } else {
            R::Event::deserialize(rest).map(TurnEvent::Rule)
        }
    }
}

/// An event's map with its tag, already read, given back first.
struct Tagged<A> {
    tag: Option<String>,
    key_given: bool,
    map: A,
}

impl<'de, A: serde::de::MapAccess<'de>> serde::de::MapAccess<'de> for Tagged<A> {
    type Error = A::Error;

    fn next_key_seed<K: serde::de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        if self.tag.is_some() && !self.key_given {
            self.key_given = true;
            return seed
                .deserialize(serde::de::value::StrDeserializer::<A::Error>::new("e"))
                .map(Some);
        }
        self.map.next_key_seed(seed)
    }

    fn next_value_seed<V: serde::de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, A::Error> {
        match self.tag.take() {
            Some(tag) => {
                seed.deserialize(serde::de::value::StringDeserializer::<A::Error>::new(tag))
            }
            None => self.map.next_value_seed(seed),
        }
    }
}

impl<R: TurnRules> Rules for R {
    const ID: &'static str = <R as TurnRules>::ID;
    type Setup = TurnSetup<R>;
    type Tables = R::Tables;
    type State = TurnGame<R>;
    type Command = TurnCommand<R::Phase, R::Command>;
    type Event = TurnEvent<R>;
    type Clock = TurnClock<R::Phase>;

    fn initial(setup: &TurnSetup<R>) -> TurnGame<R> {
        let clock = TurnClock {
            turn: setup.start,
            phase: R::Phase::PHASES[0],
        };
        let mut rules = setup.state.clone();
        R::clock_moved(&mut rules, clock.turn, clock.phase);
        TurnGame {
            name: setup.name.clone(),
            seed: setup.seed,
            clock,
            dice_queue: VecDeque::new(),
            dice_rolled: 0,
            rules,
        }
    }

    fn apply(g: &mut TurnGame<R>, event: &TurnEvent<R>) {
        match event {
            TurnEvent::Core(CoreEvent::DiceQueued { faces }) if faces.is_empty() => {
                g.dice_queue.clear()
            }
            TurnEvent::Core(CoreEvent::DiceQueued { faces }) => g.dice_queue.extend(faces),
            TurnEvent::Core(CoreEvent::Rolled { roll, .. }) => {
                if roll.provenance == Provenance::Queued {
                    g.dice_queue.pop_front();
                }
                g.dice_rolled += 1;
            }
            TurnEvent::Core(CoreEvent::ClockMoved { to }) => {
                g.clock = *to;
                R::clock_moved(&mut g.rules, to.turn, to.phase);
            }
            TurnEvent::Core(CoreEvent::PhaseEnded { .. } | CoreEvent::Note { .. }) => {}
            TurnEvent::Rule(e) => R::apply(&mut g.rules, e),
        }
    }

    fn clock(g: &TurnGame<R>) -> TurnClock<R::Phase> {
        g.clock
    }

    fn verb(command: &Self::Command) -> Verb {
        command.verb()
    }

    fn parse(text: &str) -> Result<Self::Command, String> {
        text.parse()
    }

    fn decide(
        g: &TurnGame<R>,
        tables: &R::Tables,
        command: &Self::Command,
        dice: &mut dyn DiceSource,
    ) -> Result<Vec<TurnEvent<R>>, RuleError> {
        let mut d = Decision {
            g: g.clone(),
            tables,
            dice,
            events: Vec::new(),
        };
        match command {
            TurnCommand::Dice(faces) => d.emit(TurnEvent::Core(CoreEvent::DiceQueued {
                faces: faces.clone(),
            })),
            TurnCommand::Note(text) => {
                d.emit(TurnEvent::Core(CoreEvent::Note { text: text.clone() }))
            }
            TurnCommand::DiceMode { .. } => {}
            TurnCommand::Next => d.end_phase()?,
            TurnCommand::Turn => {
                let turn = d.g.clock.turn;
                while d.g.clock.turn == turn {
                    d.end_phase()?;
                }
            }
            TurnCommand::Until { turn, phase } => {
                let goal = TurnClock {
                    turn: *turn,
                    phase: phase.unwrap_or(R::Phase::PHASES[0]),
                };
                if goal < d.g.clock {
                    return Err(RuleError::Refused(format!(
                        "the clock is already past {goal} (it is {})",
                        d.g.clock
                    )));
                }
                let most = R::Phase::PHASES.len() * MAX_WALK_TURNS;
                let mut steps = 0;
                while d.g.clock != goal {
                    d.end_phase()?;
                    steps += 1;
                    if steps > most {
                        return Err(RuleError::Refused(format!(
                            "until would walk more than {most} phases"
                        )));
                    }
                }
            }
            TurnCommand::Rule(c) => {
                let clock = d.g.clock;
                d.rules(|cx| R::decide(cx, clock.turn, clock.phase, c))?;
            }
            TurnCommand::Undo
            | TurnCommand::Redo
            | TurnCommand::Expect { .. }
            | TurnCommand::ExpectClock { .. } => {
                return Err(RuleError::Refused(format!(
                    "\"{command}\" is handled by the game history, not the rules"
                )))
            }
        }
        Ok(d.events)
    }

    fn check_expect(
        g: &TurnGame<R>,
        tables: &R::Tables,
        command: &Self::Command,
    ) -> Result<(), ExpectError> {
        let (what, expected, actual) = match command {
            TurnCommand::ExpectClock { turn, phase } => (
                "clock".to_string(),
                format!("{turn} {phase}"),
                Value::String(format!("{} {}", g.clock.turn, g.clock.phase)),
            ),
            TurnCommand::Expect { ship, field, value } => {
                let ids: Vec<&str> = R::ships(&g.rules).into_iter().map(|(id, _)| id).collect();
                let i = ids
                    .iter()
                    .position(|id| id.eq_ignore_ascii_case(ship))
                    .ok_or_else(|| RuleError::UnknownShip {
                        id: ship.clone(),
                        hint: String::new(),
                        ships: ids.join(", "),
                    })?;
                let status = R::status_fields(&g.rules, tables, g.clock.turn, g.clock.phase);
                let mut v = &status["ships"][i];
                for key in field.split('.') {
                    v = &v[key];
                }
                if v.is_null() && !field_matches(v, value) {
                    return Err(RuleError::Refused(format!(
                        "\"{field}\" is not a status field of {} (see `umpire status FILE --json`)",
                        R::SHIP
                    ))
                    .into());
                }
                (format!("{ship} {field}"), value.clone(), v.clone())
            }
            _ => return Ok(()),
        };
        if field_matches(&actual, &expected) {
            Ok(())
        } else {
            Err(ExpectError::Failed {
                what,
                expected,
                actual: field_text(&actual),
            })
        }
    }

    fn rolled(event: &TurnEvent<R>) -> Option<(u32, Provenance)> {
        match event {
            TurnEvent::Core(CoreEvent::Rolled { roll, .. }) => Some((roll.face, roll.provenance)),
            _ => None,
        }
    }

    fn charted(event: &TurnEvent<R>) -> Option<(String, Provenance)> {
        match event {
            TurnEvent::Rule(e) => R::charted(e),
            TurnEvent::Core(_) => None,
        }
    }

    fn quiet_phase(events: &[TurnEvent<R>]) -> Option<TurnClock<R::Phase>> {
        match events {
            [TurnEvent::Core(CoreEvent::PhaseEnded { clock }), TurnEvent::Core(CoreEvent::ClockMoved { to }), ..]
                if *to == clock.after_phase() =>
            {
                Some(*clock)
            }
            _ => None,
        }
    }

    fn turn_of(clock: &TurnClock<R::Phase>) -> Option<u32> {
        Some(clock.turn)
    }

    fn queued_dice(g: &TurnGame<R>) -> Vec<u32> {
        g.dice_queue.iter().copied().collect()
    }

    fn quiet_events(clock: TurnClock<R::Phase>) -> ([TurnEvent<R>; 2], TurnClock<R::Phase>) {
        let to = clock.after_phase();
        (
            [
                TurnEvent::Core(CoreEvent::PhaseEnded { clock }),
                TurnEvent::Core(CoreEvent::ClockMoved { to }),
            ],
            to,
        )
    }
}

/// Most turns one `until` or `turn` may walk.
const MAX_WALK_TURNS: usize = 1000;

/// One decision in progress: a scratch game every event is applied to as it is emitted.
struct Decision<'a, R: TurnRules> {
    g: TurnGame<R>,
    tables: &'a R::Tables,
    dice: &'a mut dyn DiceSource,
    events: Vec<TurnEvent<R>>,
}

impl<R: TurnRules> Decision<'_, R> {
    fn emit(&mut self, e: TurnEvent<R>) {
        <R as Rules>::apply(&mut self.g, &e);
        self.events.push(e);
    }

    /// Run a step of the rules with this decision's dice and chart reads: the next queued face
    /// if any (it must fit), else the dice source; each roll is recorded before the events that
    /// followed it.
    fn rules(
        &mut self,
        step: impl FnOnce(&mut Cx<'_, R>) -> Result<(), String>,
    ) -> Result<(), RuleError> {
        let mut oracle = JournalDice {
            queue: self.g.dice_queue.clone(),
            seed: self.g.seed,
            serial: self.g.dice_rolled,
            source: &mut *self.dice,
            rolls: Vec::new(),
            error: None,
        };
        let mut cx = Cx::<R>::new(self.g.rules.clone(), self.tables, &mut oracle);
        let result = step(&mut cx);
        let (events, roll_at) = (cx.events, cx.roll_at);
        if let Some(e) = oracle.error {
            return Err(RuleError::Dice(e));
        }
        result.map_err(RuleError::Refused)?;
        let mut rolls = oracle.rolls.into_iter().zip(roll_at).peekable();
        for (k, e) in events.into_iter().enumerate() {
            while let Some((roll, _)) = rolls.next_if(|(_, at)| *at <= k) {
                self.emit(TurnEvent::Core(CoreEvent::Rolled { ship: None, roll }));
            }
            self.emit(TurnEvent::Rule(e));
        }
        for (roll, _) in rolls {
            self.emit(TurnEvent::Core(CoreEvent::Rolled { ship: None, roll }));
        }
        Ok(())
    }

    /// End the current phase: what the rules resolve and fire then, and the clock moves on.
    fn end_phase(&mut self) -> Result<(), RuleError> {
        if let Some(why) = R::closed(&self.g.rules) {
            return Err(RuleError::Refused(why));
        }
        let clock = self.g.clock;
        self.emit(TurnEvent::Core(CoreEvent::PhaseEnded { clock }));
        self.rules(|cx| R::end_phase(cx, clock.turn, clock.phase))?;
        self.emit(TurnEvent::Core(CoreEvent::ClockMoved {
            to: clock.after_phase(),
        }));
        Ok(())
    }
}

/// The dice and chart reads of one decision: queued faces first, then the source.
struct JournalDice<'a> {
    queue: VecDeque<u32>,
    seed: u64,
    serial: u64,
    source: &'a mut dyn DiceSource,
    rolls: Vec<Roll>,
    error: Option<DiceError>,
}

impl Oracle for JournalDice<'_> {
    fn roll(&mut self, die: Die, purpose: &str) -> Result<u32, String> {
        let req = DieRequest {
            die,
            purpose,
            seed: self.seed,
            serial: self.serial,
        };
        match next_face(self.queue.pop_front(), &req, self.source) {
            Ok((face, provenance)) => {
                self.serial += 1;
                self.rolls.push(Roll {
                    die,
                    face,
                    purpose: purpose.to_string(),
                    provenance,
                });
                Ok(face)
            }
            Err(e) => {
                let text = e.to_string();
                self.error = Some(e);
                Err(text)
            }
        }
    }

    fn chart(
        &mut self,
        queued: Option<&str>,
        request: &ChartRequest<'_>,
    ) -> Result<(String, Provenance), String> {
        next_chart_value(queued, request, self.source).map_err(|e| {
            let text = e.to_string();
            self.error = Some(e);
            text
        })
    }
}

/// The log line of an event of a numbered-turn game (`g`: the game before it), or None for
/// one the log does not show.
pub fn log_line<R: TurnRules>(g: &TurnGame<R>, e: &TurnEvent<R>) -> Option<String> {
    match e {
        TurnEvent::Core(CoreEvent::DiceQueued { faces }) => Some(queued_text(faces)),
        TurnEvent::Core(CoreEvent::Rolled { roll, .. }) => Some(format!("  roll {roll}")),
        TurnEvent::Core(CoreEvent::PhaseEnded { clock }) => Some(format!("-- end of {clock} --")),
        TurnEvent::Core(CoreEvent::ClockMoved { .. }) => None,
        TurnEvent::Core(CoreEvent::Note { text }) => Some(format!("note: {text}")),
        TurnEvent::Rule(e) => R::describe(&g.rules, e),
    }
}

/// The log lines of an entry, each event worded against the game just before it.
///
/// Only a rules' event is worded from the game (the rules' state), and only a rules' event or
/// the clock moving ([`TurnRules::clock_moved`]) changes that state: the state is copied only
/// when a rules' event follows another or the clock's move in the entry, not for every entry.
/// (The dashboard words every entry of the log as it opens: a copy of 250 ships' state for
/// each of 20,000 entries was most of a second.)
pub fn entry_lines<R: TurnRules>(before: &TurnGame<R>, entry: &Record<R>) -> Vec<String> {
    let rule_events = entry
        .events
        .iter()
        .filter(|e| matches!(e, TurnEvent::Rule(_)))
        .count();
    let mut after: Option<<R as TurnRules>::State> = None;
    let mut seen = 0;
    let mut lines = Vec::new();
    for e in &entry.events {
        let rules = after.as_ref().unwrap_or(&before.rules);
        match e {
            TurnEvent::Rule(r) => {
                lines.extend(<R as TurnRules>::describe(rules, r));
                seen += 1;
                if seen < rule_events {
                    let state = after.get_or_insert_with(|| before.rules.clone());
                    <R as TurnRules>::apply(state, r);
                }
            }
            TurnEvent::Core(CoreEvent::ClockMoved { to }) if seen < rule_events => {
                let state = after.get_or_insert_with(|| before.rules.clone());
                <R as TurnRules>::clock_moved(state, to.turn, to.phase);
            }
            core => lines.extend(log_line(before, core)),
        }
    }
    lines
}

/// `umpire status --json` (SPEC 8): `scenario {name, ruleset}`, `clock {turn, phase}`, then
/// the ruleset's fields with `ships[]`.
pub fn status<R: TurnRules>(g: &TurnGame<R>, tables: &R::Tables) -> Value {
    let mut v = R::status_fields(&g.rules, tables, g.clock.turn, g.clock.phase);
    let mut out = serde_json::Map::new();
    out.insert(
        "scenario".into(),
        serde_json::json!({ "name": g.name, "ruleset": <R as TurnRules>::ID }),
    );
    out.insert(
        "clock".into(),
        serde_json::json!({ "turn": g.clock.turn.to_string(), "phase": g.clock.phase.to_string() }),
    );
    if let Value::Object(m) = v.take() {
        out.extend(m);
    }
    Value::Object(out)
}

/// A ship of a numbered-turn scenario, as [`checked_ships`] checks it.
pub trait ScenarioShip {
    fn id(&self) -> &str;
    fn set_id(&mut self, id: String);
    /// Its own problems, each naming the ship and the key.
    fn problems(&self) -> Vec<String>;
}

/// The `[scenario]` head's problems, each naming `file`: its `ruleset` is not `id`, or its
/// `start` is not a turn number (1 to 9999).
pub fn head_problems(file: &str, id: &str, ruleset: &str, start: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if ruleset != id {
        errs.push(format!(
            "{file}: [scenario] ruleset: \"{ruleset}\" is not \"{id}\""
        ));
    }
    if start.parse::<u32>().map_or(true, |t| t == 0 || t > 9999) {
        errs.push(format!(
            "{file}: [scenario] start: \"{start}\" is not a turn number (1, 2, ...)"
        ));
    }
    errs
}

/// The checks every numbered-turn scenario gets, each message naming `file`: its `ruleset` is
/// `id`, its `start` a turn number (1 to 9999), each ship's own problems, ship ids unique
/// without case, at least one ship. The ships come back with their ids in lower case.
pub fn checked_ships<S: ScenarioShip>(
    file: &str,
    id: &str,
    ruleset: &str,
    start: &str,
    ships: Vec<S>,
) -> Result<Vec<S>, Vec<String>> {
    let mut errs = head_problems(file, id, ruleset, start);
    let mut seen: Vec<String> = Vec::new();
    for s in &ships {
        for p in s.problems() {
            errs.push(format!("{file}: {p}"));
        }
        let id = s.id().to_ascii_lowercase();
        if seen.contains(&id) {
            errs.push(format!(
                "{file}: ship \"{}\": id: used twice (ids are case-insensitive)",
                s.id()
            ));
        }
        seen.push(id);
    }
    if ships.is_empty() {
        errs.push(format!("{file}: no [[ship]]"));
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    Ok(ships
        .into_iter()
        .map(|mut s| {
            let id = s.id().to_ascii_lowercase();
            s.set_id(id);
            s
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Ship(String, Vec<String>);

    impl ScenarioShip for Ship {
        fn id(&self) -> &str {
            &self.0
        }
        fn set_id(&mut self, id: String) {
            self.0 = id;
        }
        fn problems(&self) -> Vec<String> {
            self.1.clone()
        }
    }

    fn ship(id: &str) -> Ship {
        Ship(id.into(), Vec::new())
    }

    /// Every numbered-turn scenario is checked the same way, each message naming the file.
    #[test]
    fn a_scenario_names_its_file_for_ruleset_start_ships_and_ids() {
        let ok = checked_ships("s.toml", "x-1", "x-1", "3", vec![ship("Hood"), ship("pow")]);
        assert_eq!(ok, Ok(vec![ship("hood"), ship("pow")]), "ids in lower case");
        let e = checked_ships(
            "s.toml",
            "x-1",
            "y-2",
            "0",
            vec![
                ship("Hood"),
                ship("hood"),
                Ship("pow".into(), vec!["ship \"pow\": si: below 0".into()]),
            ],
        )
        .unwrap_err();
        assert_eq!(
            e,
            vec![
                "s.toml: [scenario] ruleset: \"y-2\" is not \"x-1\"",
                "s.toml: [scenario] start: \"0\" is not a turn number (1, 2, ...)",
                "s.toml: ship \"hood\": id: used twice (ids are case-insensitive)",
                "s.toml: ship \"pow\": si: below 0",
            ]
        );
        for start in ["10000", "one", "", "-1"] {
            let e = checked_ships::<Ship>("s.toml", "x-1", "x-1", start, vec![ship("a")]);
            assert!(e.is_err(), "start {start:?}");
        }
        let e = checked_ships::<Ship>("s.toml", "x-1", "x-1", "1", Vec::new()).unwrap_err();
        assert_eq!(e, vec!["s.toml: no [[ship]]"]);
    }
}
