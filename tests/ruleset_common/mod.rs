//! The property tests every ruleset gets on the shared journal (SPEC 8), written once over
//! `Rules`: a random battle from the ruleset's own command generator, and random text at its
//! prompt. Each ruleset's test file gives its demo, its tables and its generator.
#![allow(dead_code)] // each test file uses a different part

use crate::common::Rng;
use proptest::prelude::*;
use umpire::core::dice::SeededDice;
use umpire::core::game::{history_line, Journal, Record};
use umpire::core::ruleset::{Rules, Ruleset, Verb};

/// A random battle of `len` generated commands (the generator sees the live state). After every
/// command: no panic; a refused command (or an `expect`) changes nothing; the entry re-encodes
/// to itself; an undo restores exactly the state before a rule command; every 16 commands the
/// log replays to the live state. At the end, at least `min_taken` commands were taken (else
/// the generator proves little), `verify` re-decides every command from its recorded dice to
/// the same events, and the log is worded as a walk of its history words it
/// ([`words_agree_with_a_walk`]).
pub fn random_battle<R: Ruleset>(
    setup: &R::Setup,
    tables: R::Tables,
    seed: u64,
    len: usize,
    min_taken: usize,
    mut candidate: impl FnMut(&mut Rng, &R::State) -> String,
) -> Result<(), TestCaseError> {
    let mut live = Journal::<R>::new(setup, tables.clone());
    let mut rng = Rng(seed);
    let mut accepted = 0;
    for step in 0..len {
        let text = candidate(&mut rng, &live.state);
        let Ok(cmd) = R::parse(&text) else {
            return Err(TestCaseError::fail(format!(
                "generated \"{text}\" does not parse"
            )));
        };
        let before = live.state.clone();
        let entry = match live.prepare(&cmd, &mut SeededDice) {
            Ok(Some(e)) => e,
            Ok(None) | Err(_) => {
                prop_assert_eq!(&live.state, &before, "{} changed the state", text);
                continue;
            }
        };
        let json = serde_json::to_string(&entry).unwrap();
        let back: Record<R> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &entry);
        prop_assert_eq!(serde_json::to_string(&back).unwrap(), json);
        let is_rule = R::verb(&cmd) == Verb::Rule;
        live.commit(entry);
        accepted += 1;
        if is_rule {
            let mut undone = live.clone();
            let u = undone
                .prepare(&R::parse("undo").unwrap(), &mut SeededDice)
                .unwrap()
                .unwrap();
            undone.commit(u);
            prop_assert_eq!(&undone.state, &before, "undo after {}", text);
        }
        if step % 16 == 0 {
            let replayed = Journal::<R>::replay(setup, tables.clone(), live.entries().to_vec())
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&replayed.state, &live.state, "replay after {}", text);
        }
    }
    prop_assert!(
        accepted >= min_taken,
        "only {accepted} commands taken: the generator proves little"
    );
    let problems = Journal::<R>::verify(setup, tables.clone(), live.entries());
    prop_assert!(problems.is_empty(), "verify: {problems:?}");
    words_agree_with_a_walk(setup, tables, &live)
}

/// The log's lines as the dashboard and `umpire log` word them, in one fold of the commands in
/// effect (`Journal::words`), are the lines of a walk of the whole history that words each
/// entry on the state it was decided on: for every entry, undone ones and runs of undos
/// included, and from any entry on.
pub fn words_agree_with_a_walk<R: Ruleset>(
    setup: &R::Setup,
    tables: R::Tables,
    game: &Journal<R>,
) -> Result<(), TestCaseError> {
    let words = game.words(0);
    prop_assert_eq!(words.len(), game.entries().len());
    let mut walk = Journal::<R>::new(setup, tables);
    for (i, (e, lines)) in game.entries().iter().zip(&words).enumerate() {
        let mut walked = R::entry_lines(&walk.state, e);
        walk.commit(e.clone());
        // An undo or redo names what it stepped over (SPEC 10).
        if let Some(j) = walk.stepped_over(i) {
            walked.push(history_line(e, &walk.entries()[j]));
        }
        prop_assert_eq!(lines, &walked, "entry {} ({})", i, &e.cmd);
    }
    let from = game.entries().len() / 2;
    prop_assert_eq!(&game.words(from)[..], &words[from..]);
    Ok(())
}

/// Whatever is typed at the prompt (up to `most` of `words`, 5,000 lines) either parses and
/// prints back to text that parses to the same command, or is refused: no panic.
pub fn any_text_round_trips_or_is_refused<R: Rules>(words: &[&str], most: u64) {
    let mut rng = Rng(7);
    for _ in 0..5_000 {
        let n = rng.below(most + 1);
        let text: Vec<&str> = (0..n).map(|_| *rng.pick(words)).collect();
        let text = text.join(" ");
        if let Ok(c) = R::parse(&text) {
            let again = R::parse(&c.to_string())
                .unwrap_or_else(|e| panic!("\"{text}\" -> \"{c}\" does not parse back: {e}"));
            assert_eq!(again.to_string(), c.to_string(), "{text}");
        }
    }
}

/// The dice and chart values a rules test feeds, in order, and what the rules asked for: each
/// die with its purpose, each chart's line. A chart value must be one the line allows.
#[derive(Default)]
pub struct Fixed {
    pub faces: std::collections::VecDeque<u32>,
    pub charts: std::collections::VecDeque<String>,
    pub dice: Vec<umpire::core::dice::Die>,
    pub purposes: Vec<String>,
    /// `CHART: LINE` of each chart read asked.
    pub lines: Vec<String>,
}

impl umpire::core::turns::Oracle for Fixed {
    fn roll(&mut self, die: umpire::core::dice::Die, purpose: &str) -> Result<u32, String> {
        self.dice.push(die);
        self.purposes.push(purpose.to_string());
        self.faces
            .pop_front()
            .ok_or_else(|| format!("no die queued for {purpose}"))
    }

    fn chart(
        &mut self,
        queued: Option<&str>,
        request: &umpire::core::dice::ChartRequest<'_>,
    ) -> Result<(String, umpire::core::dice::Provenance), String> {
        use umpire::core::dice::Provenance;
        self.lines
            .push(format!("{}: {}", request.chart, request.line));
        if let Some(q) = queued {
            return Ok((q.to_string(), Provenance::Queued));
        }
        let v = self
            .charts
            .pop_front()
            .ok_or_else(|| format!("chart read needed: {}", request.line))?;
        // One allowed value, or several joined by + where the line allows that.
        let several = request.allowed.contains(&umpire::core::dice::SEVERAL);
        let ok = request.allowed.is_empty()
            || request.allowed.contains(&v.as_str())
            || (several && v.split('+').all(|p| request.allowed.contains(&p)));
        assert!(
            ok,
            "{v} is not a value the line allows ({:?})",
            request.allowed
        );
        Ok((v, Provenance::Typed))
    }
}

/// One rule step (a command's `decide`, or an `end_phase`) on `state` with the dice `faces`
/// and chart values `charts`: its events, or the refusal (state untouched). On success the
/// events replayed with `apply` must give the state the step left, and every die and chart
/// value fed must have been used; `state` becomes the new one.
pub fn step<R: umpire::core::turns::TurnRules>(
    state: &mut R::State,
    tables: &R::Tables,
    faces: &[u32],
    charts: &[&str],
    f: impl FnOnce(&mut umpire::core::turns::Cx<'_, R>) -> Result<(), String>,
) -> Result<(Vec<R::Event>, Fixed), String> {
    let mut o = Fixed {
        faces: faces.iter().copied().collect(),
        charts: charts.iter().map(|c| c.to_string()).collect(),
        ..Fixed::default()
    };
    let mut cx = umpire::core::turns::Cx::<R>::new(state.clone(), tables, &mut o);
    let r = f(&mut cx);
    let (live, events) = (cx.state, cx.events);
    r?;
    let mut replay = state.clone();
    for e in &events {
        R::apply(&mut replay, e);
    }
    assert_eq!(replay, live, "replaying the events gives the live state");
    assert!(o.faces.is_empty(), "unused dice: {:?}", o.faces);
    assert!(o.charts.is_empty(), "unused chart values: {:?}", o.charts);
    *state = live;
    Ok((events, o))
}

/// An engine verb at a numbered-turn ruleset's prompt, for its random battles: `next` most
/// often, then `dice` (one to four faces of 1 to `die`), `undo`, `redo`, `turn`, `until` any
/// phase of the ruleset within three turns, a note, and an `expect` on `ship`.
pub fn engine_verb<R: umpire::core::turns::TurnRules>(
    rng: &mut Rng,
    turn: u32,
    die: u64,
    ship: &str,
) -> String {
    use umpire::core::turns::TurnPhase;
    match rng.below(54) {
        0..=17 => "next".into(),
        18..=21 => "turn".into(),
        22..=24 => format!(
            "until {} {}",
            turn + rng.below(3) as u32,
            rng.pick(<R::Phase as TurnPhase>::PHASES)
        ),
        25..=34 => {
            let faces: Vec<String> = (0..1 + rng.below(4))
                .map(|_| (1 + rng.below(die)).to_string())
                .collect();
            format!("dice {}", faces.join(" "))
        }
        35..=42 => "undo".into(),
        43..=48 => "redo".into(),
        49 => "note \"a ruling\"".into(),
        _ => format!("expect {ship} status afloat"),
    }
}
