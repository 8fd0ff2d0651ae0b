//! Quickfire 1.1, driven through `decide` and `end_phase` with fixed dice and chart values.
//! Each test names the section of the text it checks (« n.n, as the text heads them) and
//! reproduces its worked examples. Every step also checks that replaying the events with
//! `apply` gives the live state, and that every queued die and chart value was used.
mod common;
mod ruleset_common;

use ruleset_common::{step, Fixed};
use umpire::core::dice::Die;
use umpire::rulesets::quickfire::event::Ev;
use umpire::rulesets::quickfire::game::Quickfire;
use umpire::rulesets::quickfire::ship::{Effect, Rating, Status};
use umpire::rulesets::quickfire::timers::{schedule, TimerKind};
use umpire::rulesets::quickfire::view::{describe, status_json};
use umpire::rulesets::quickfire::{apply, decide, end_phase, Command, Cx, Phase, QfState, Tables};

const SCENARIO: &str = r#"
[scenario]
name = "t"
ruleset = "quickfire-1.1"
start = "1"

[[ship]]
id = "mikasa"
name = "Mikasa"
side = "Japan"
size = 9
gunnery = { heavy = 20, light = 8 }
armor = { heavy = 12, light = 12 }
rof = { heavy = 5, light = 6 }
torpedo = 1
repair = 3
speed = 6.0

[[ship]]
id = "fuji"
name = "Fuji"
side = "Japan"
size = 9
gunnery = { heavy = 18, light = 49 }
armor = { heavy = 12, light = 12 }
rof = { heavy = 4, light = 6 }
repair = 2
speed = 6.0

[[ship]]
id = "borodino"
name = "Borodino"
side = "Russia"
size = 9
gunnery = { heavy = 22, light = 8 }
armor = { heavy = 10, light = 50 }
rof = { heavy = 4, light = 6 }
torpedo = 1
repair = 3
speed = 5.5

[[ship]]
id = "dupuy"
name = "Dupuy de Lome"
side = "Russia"
size = 7
gunnery = { heavy = 5, light = 13 }
armor = { heavy = 12, light = 12 }
rof = { heavy = 1, light = 1 }
torpedo = 1
repair = 1
speed = 4.0
speed_p = true

[[ship]]
id = "tb"
name = "TB 1"
side = "Japan"
size = 1
gunnery = { heavy = 0, light = 2 }
armor = { heavy = 1, light = 1 }
rof = { heavy = 0, light = 6 }
torpedo = 2
repair = 0
speed = 10.0
torpedo_craft = true
"#;

struct Game {
    st: QfState,
    t: Tables,
    turn: u32,
    phase: Phase,
    purposes: Vec<String>,
    chart_lines: Vec<String>,
}

impl Game {
    fn new() -> Game {
        Game::with(SCENARIO)
    }

    fn with(text: &str) -> Game {
        let (_, st) = QfState::from_scenario("t.toml", text).unwrap();
        Game {
            st,
            t: Tables::builtin().unwrap(),
            turn: 1,
            phase: Phase::Movement,
            purposes: vec![],
            chart_lines: vec![],
        }
    }

    fn at(mut self, phase: Phase) -> Game {
        self.phase = phase;
        self
    }

    fn go(&mut self, text: &str, faces: &[u32], charts: &[&str]) -> Result<Vec<Ev>, String> {
        let cmd: Command = text.parse()?;
        let (turn, phase) = (self.turn, self.phase);
        self.step(faces, charts, |cx| decide(cx, turn, phase, &cmd))
    }

    fn end(&mut self, faces: &[u32], charts: &[&str]) -> Vec<Ev> {
        let (turn, phase) = (self.turn, self.phase);
        let evs = self
            .step(faces, charts, |cx| end_phase(cx, turn, phase))
            .unwrap();
        let i = Phase::ALL.iter().position(|p| *p == phase).unwrap();
        if i == 5 {
            self.turn += 1;
            self.phase = Phase::Movement;
        } else {
            self.phase = Phase::ALL[i + 1];
        }
        evs
    }

    fn step(
        &mut self,
        faces: &[u32],
        charts: &[&str],
        f: impl FnOnce(&mut Cx<'_>) -> Result<(), String>,
    ) -> Result<Vec<Ev>, String> {
        let (events, o) = step::<Quickfire>(&mut self.st, &self.t, faces, charts, f)?;
        assert!(
            o.dice.iter().all(|d| *d == Die::D6),
            "Quickfire uses D6 only: {:?}",
            o.dice
        );
        self.purposes.extend(o.purposes);
        self.chart_lines.extend(o.lines);
        Ok(events)
    }

    fn ship(&self, id: &str) -> &umpire::rulesets::quickfire::QfShip {
        self.st.ship(id).unwrap()
    }
}

fn lines(g: &QfState, evs: &[Ev]) -> Vec<String> {
    let mut st = g.clone();
    let mut out = vec![];
    for e in evs {
        out.extend(describe(&st, e));
        apply(&mut st, e);
    }
    out
}

// ---- « 3.0 Gunnery

/// « 3.0 Gunnery Examples, Example #1: Mikasa (heavy 20, ROF 5) at Borodino (heavy armor 10),
/// long range: 2,5,5 fires but misses (200 % needs 9 or less); 4,1,3 fires and scores two
/// Speed hits; 6,2,1 does not fire, and the white dice count for nothing.
#[test]
fn example_1_mikasa_fires_at_borodino_3_0_gunnery_examples() {
    let mut g = Game::new().at(Phase::FirstGunnery);
    // 2,5,5: fired (the 1st Fire modifier makes the black die 1), white 10 > 9: a miss; the
    // blast check on the total 12 is a chart read (the Blast Damage table is not in the text).
    let evs = g
        .go("fire mikasa at borodino heavy long", &[2, 5, 5], &["n/e"])
        .unwrap();
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfGunnery {
            pct: 200,
            die_roll: 9,
            total: 10,
            hits: 0,
            ..
        }
    )));
    assert_eq!(g.chart_lines, ["Blast Damage table: Long line, roll 12"]);
    assert!(g.ship("mikasa").first_fired, "the 1st box is crossed");
    assert!(g.ship("borodino").pending.is_empty());
    // A new turn: 4,1,3: white 4, even: two S hits (200 %), marked until the phase ends.
    g.turn = 2;
    g.go("fire mikasa at borodino heavy long", &[4, 1, 3], &["n/e"])
        .unwrap();
    assert_eq!(g.ship("borodino").pending.len(), 2);
    assert_eq!(
        g.ship("borodino").boxes_crossed(),
        0,
        "a slash, not yet crossed"
    );
    g.end(&[], &[]);
    assert_eq!(g.ship("borodino").boxes_crossed(), 2);
    // Turn 3: 6,2,1: the black 6 is above ROF 5 (no modifier: she fired last time): no fire,
    // no S hit though the whites total 3, and no blast check.
    g.turn = 3;
    g.phase = Phase::FirstGunnery;
    let evs = g
        .go("fire mikasa at borodino heavy long", &[6, 2, 1], &[])
        .unwrap();
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfSalvo {
            fired: false,
            modifier: 0,
            ..
        }
    )));
    assert!(!evs.iter().any(|e| matches!(e, Ev::QfGunnery { .. })));
    assert!(g.ship("borodino").pending.is_empty());
    let text = lines(&g.st, &evs).join("\n");
    assert!(text.contains("dice 6,2,1"), "{text}");
    assert!(text.contains("did not fire"), "{text}");
}

/// « 3.0 Gunnery Table, its example: 18 against 12 armor uses the 150 line: 8 or less scores
/// two hits; an odd total gives G hits, which heavy fire takes from the heavy ROF.
#[test]
fn eighteen_against_twelve_reads_the_150_line_3_0_gunnery_table() {
    let mut g = Game::new().at(Phase::FirstGunnery);
    let evs = g
        .go("fire fuji at mikasa heavy short", &[1, 3, 4], &["n/e"])
        .unwrap();
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfGunnery {
            pct: 150,
            die_roll: 8,
            total: 7,
            hits: 2,
            ..
        }
    )));
    assert_eq!(g.chart_lines, ["Blast Damage table: Short line, roll 8"]);
    g.end(&[], &[]);
    assert_eq!(g.ship("mikasa").rof(Rating::Heavy), 3);
    // 9 is more than 8: no hits ("Any value less than 9 ... will score the two hits").
    let mut g = Game::new().at(Phase::FirstGunnery);
    let evs = g
        .go("fire fuji at mikasa heavy short", &[1, 4, 5], &["n/e"])
        .unwrap();
    assert!(evs
        .iter()
        .any(|e| matches!(e, Ev::QfGunnery { hits: 0, .. })));
}

/// « 3.0 Gunnery Table: "If a gun/armor differential is 98%, that counts as being in the 75%
/// column": Fuji's light 49 against Borodino's light armor 50. The 75 % column's Die Roll
/// number is not in the text: a chart read; below 150 % one hit.
#[test]
fn ninety_eight_percent_counts_as_the_75_column_3_0_gunnery_table() {
    let mut g = Game::new().at(Phase::FirstGunnery);
    let evs = g
        .go(
            "fire fuji at borodino light short",
            &[1, 3, 4],
            &["7", "n/e"],
        )
        .unwrap();
    assert!(
        g.chart_lines[0].contains("Gun/Armor 49/50 = 98%"),
        "{:?}",
        g.chart_lines
    );
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfGunnery {
            pct: 98,
            die_roll: 7,
            total: 7,
            hits: 1,
            ..
        }
    )));
    g.end(&[], &[]);
    assert_eq!(g.ship("borodino").rof(Rating::Light), 5);
}

/// « 3.0 ROF Die Roll Modifiers: -1 1st Fire, -1 failed last ROF roll (this turn or the
/// previous); they add up by default; outside the broadside arcs ROF is halved (« 3.1).
#[test]
fn rof_modifiers_and_arcs_3_0_and_3_1() {
    let mut g = Game::new().at(Phase::FirstGunnery);
    // First ever fire, black 6: 6 - 1 = 5 > ROF 4 (Borodino heavy): fails.
    let evs = g
        .go("fire borodino at mikasa heavy long", &[6, 1, 1], &[])
        .unwrap();
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfSalvo {
            fired: false,
            modifier: -1,
            ..
        }
    )));
    // Second Gunnery: she failed, so she fires again with -2 (1st Fire and the failure).
    g.phase = Phase::SecondGunnery;
    let evs = g
        .go(
            "fire borodino at mikasa heavy long",
            &[6, 1, 1],
            &["9", "n/e"],
        )
        .unwrap();
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfSalvo {
            fired: true,
            modifier: -2,
            rof: 4,
            ..
        }
    )));
    // The fore arc halves ROF 6 to 3.
    let mut g = Game::new().at(Phase::FirstGunnery);
    let evs = g
        .go("fire mikasa at borodino light long fore", &[5, 6, 6], &[])
        .unwrap();
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfSalvo {
            fired: false,
            rof: 3,
            ..
        }
    )));
    // With first_fire_stacks = false the two modifiers give at most -1.
    let mut g = Game::with(&SCENARIO.replace(
        "start = \"1\"\n",
        "start = \"1\"\n[options]\nfirst_fire_stacks = false\n",
    ))
    .at(Phase::FirstGunnery);
    g.go("fire borodino at mikasa heavy long", &[6, 1, 1], &[])
        .unwrap();
    g.phase = Phase::SecondGunnery;
    let evs = g
        .go("fire borodino at mikasa heavy long", &[6, 1, 1], &[])
        .unwrap();
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfSalvo {
            fired: false,
            modifier: -1,
            ..
        }
    )));
}

/// « 1.4 3 and « 3.1: only ships that failed the ROF roll in First Gunnery fire in the second
/// round; one target per rating a phase; one rating a phase except at point blank; no heavy
/// fire at a small ship that moved more than two cables.
#[test]
fn who_may_fire_1_4_and_3_1() {
    let mut g = Game::new().at(Phase::FirstGunnery);
    g.go("fire mikasa at borodino heavy long", &[1, 6, 6], &["n/e"])
        .unwrap();
    let e = g
        .go("fire mikasa at dupuy heavy long", &[], &[])
        .unwrap_err();
    assert!(e.contains("one target per gunnery rating"), "{e}");
    let e = g
        .go("fire mikasa at dupuy light long", &[], &[])
        .unwrap_err();
    assert!(e.contains("point blank"), "{e}");
    g.phase = Phase::SecondGunnery;
    let e = g
        .go("fire mikasa at borodino heavy long", &[], &[])
        .unwrap_err();
    assert!(e.contains("passed her ROF roll"), "{e}");
    let e = g
        .go("fire fuji at borodino heavy long", &[], &[])
        .unwrap_err();
    assert!(e.contains("failed the ROF roll"), "{e}");
    let mut g2 = Game::new().at(Phase::FirstGunnery);
    let e = g2
        .go("fire mikasa at tb heavy pb moved", &[], &[])
        .unwrap_err();
    assert!(e.contains("two cables"), "{e}");
    // At point blank both ratings fire, at two targets.
    let mut g = Game::new().at(Phase::FirstGunnery);
    g.go("fire mikasa at borodino heavy pb", &[6, 1, 1], &["n/e"])
        .unwrap();
    // The same blast cell (Short line, roll 8) is taken from the read just made.
    let evs = g
        .go("fire mikasa at dupuy light pb", &[6, 1, 1], &["7"])
        .unwrap();
    assert!(evs.iter().any(|e| matches!(e, Ev::QfRecalled { .. })));
    let e = g
        .go("fire mikasa at borodino heavy long", &[], &[])
        .unwrap_err();
    assert!(e.contains("one target"), "{e}");
}

// ---- « 4.1 Damage Types

/// « 4.1 G: heavy fire's G hits go HROF > LROF > T > R > F; every T-hit checks the Damage
/// table (a chart read); at the end of the cascade a fire.
#[test]
fn the_g_cascade_from_heavy_fire_4_1_g() {
    let mut g = Game::new().at(Phase::Repairs);
    // Dupuy: ROF 1-1, torpedo 1, repair 1.
    let evs = g
        .go(
            "damage dupuy G G G G G heavy",
            &[3, 3, 4, 4, 5, 5],
            &["n/e", "n/e", "n/e"],
        )
        .unwrap();
    let effects: Vec<Effect> = evs
        .iter()
        .filter_map(|e| match e {
            Ev::QfApplied { effect, .. } => Some(*effect),
            _ => None,
        })
        .collect();
    assert_eq!(
        effects,
        [
            Effect::Rof {
                rating: Rating::Heavy
            },
            Effect::Rof {
                rating: Rating::Light
            },
            Effect::Torpedo,
            // Torpedo rating 0: an R instead, and the T-hit still checks.
            Effect::Repair,
            // No repair points either: an F (and the T-hit checks again).
            Effect::Fire,
        ]
    );
    assert_eq!(g.chart_lines.len(), 3, "{:?}", g.chart_lines);
    assert!(g.chart_lines[0].contains("T-hit check"));
    let s = g.ship("dupuy");
    assert_eq!(
        (s.torpedo(), s.repair_points(), s.fires_burning()),
        (0, 0, 1)
    );
    // Light fire skips the heavy ROF: LROF > T > R > F.
    let mut g = Game::new().at(Phase::Repairs);
    g.go("damage borodino G light", &[], &[]).unwrap();
    assert_eq!(g.ship("borodino").rof(Rating::Light), 5);
    assert_eq!(g.ship("borodino").rof(Rating::Heavy), 4);
}

/// « 4.1 G: a G hit from blast or explosion takes the ROF of the higher gunnery rating first:
/// "22 - 8" heavy first, "5 - 13" light first; an explosion's G hits are spread as equally as
/// possible between heavy and light.
#[test]
fn blast_and_explosion_g_hits_4_1_g_and_e() {
    let mut g = Game::new().at(Phase::Repairs);
    g.go("damage borodino G", &[], &[]).unwrap();
    assert_eq!(
        g.ship("borodino").rof(Rating::Heavy),
        3,
        "22 - 8: heavy first"
    );
    g.go("damage dupuy G", &[], &[]).unwrap();
    assert_eq!(g.ship("dupuy").rof(Rating::Light), 0, "5 - 13: light first");
    // An explosion (2D6 on the Explosion line, asked) with G+G: one heavy, one light.
    let mut g = Game::new().at(Phase::Repairs);
    let evs = g.go("damage mikasa E", &[4, 5], &["G+G"]).unwrap();
    assert_eq!(g.chart_lines, ["Damage table: Explosion line, roll 9"]);
    assert_eq!(g.ship("mikasa").rof(Rating::Heavy), 4);
    assert_eq!(g.ship("mikasa").rof(Rating::Light), 5);
    let text = lines(&Game::new().st, &evs).join("\n");
    assert!(
        text.contains("G (explosion) on Mikasa: heavy ROF -1"),
        "{text}"
    );
}

/// « 4.1 D: a D6 for the direction (1 = 90° left ... 6 = 90° right), noted in the Blast Hits
/// box; a later D replaces an earlier one. « 4.1 R with no repair points: an F. « 4.1 T on a
/// ship that never had torpedoes: no effect. « 4.1: S hits cross speed boxes.
#[test]
fn direction_repair_torpedo_and_speed_hits_4_1() {
    let mut g = Game::new().at(Phase::Repairs);
    g.go("damage mikasa D", &[1], &[]).unwrap();
    assert_eq!(g.ship("mikasa").direction.unwrap().degrees, -90);
    g.go("damage mikasa D", &[5], &[]).unwrap();
    assert_eq!(g.ship("mikasa").direction.unwrap().degrees, 45);
    let evs = g.go("damage tb R", &[], &[]).unwrap();
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfApplied {
            effect: Effect::Fire,
            ..
        }
    )));
    let evs = g.go("damage fuji T", &[], &[]).unwrap();
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfApplied {
            effect: Effect::NoEffect,
            ..
        }
    )));
    g.go("damage mikasa S S S", &[], &[]).unwrap();
    assert_eq!(g.ship("mikasa").available_speed(), 3.75);
}

/// « 1.4 2: damage inflicted during a gunnery phase becomes effective at its end: a ship hit
/// in First Gunnery fires at the start-of-phase ROF; the blast check's codes are marked too.
#[test]
fn gunnery_damage_takes_effect_at_the_end_of_the_phase_1_4() {
    let mut g = Game::new().at(Phase::FirstGunnery);
    g.go("fire fuji at mikasa heavy short", &[1, 3, 4], &["S+F"])
        .unwrap();
    assert_eq!(g.ship("mikasa").pending.len(), 4);
    assert_eq!(g.ship("mikasa").rof(Rating::Heavy), 5);
    let due = schedule(&g.st, g.turn, g.phase);
    assert!(due.iter().any(|d| d.kind == TimerKind::Marks), "{due:?}");
    g.end(&[], &[]);
    let s = g.ship("mikasa");
    assert_eq!(
        (s.rof(Rating::Heavy), s.boxes_crossed(), s.fires_burning()),
        (3, 1, 1)
    );
    assert!(s.pending.is_empty());
}

// ---- « 3.2 Torpedoes

/// « 3.2: 2D6 against the Torpedoes table's hit number (a chart read), -1 converging, -1 DD
/// launching; a hit gives 1D6 unrepairable S hits and costs the firer a torpedo point; phase 3
/// only; one target a turn except one per arc.
#[test]
fn torpedo_attacks_3_2() {
    let mut g = Game::new().at(Phase::FirstGunnery);
    let e = g.go("torpedo tb at borodino moving", &[], &[]).unwrap_err();
    assert!(e.contains("second_gunnery"), "{e}");
    g.phase = Phase::SecondGunnery;
    // 4 + 4 = 8, -1 converging -1 DD = 6, hit number 6: a hit; 1D6 3 unrepairable S.
    let evs = g
        .go(
            "torpedo tb at borodino moving converging",
            &[4, 4, 3],
            &["6"],
        )
        .unwrap();
    assert!(g.chart_lines[0].contains("moving target, torpedo rating 2"));
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfTorpedo {
            hit: true,
            modifier: -2,
            ..
        }
    )));
    assert_eq!(g.ship("tb").torpedo(), 1);
    let e = g.go("torpedo tb at dupuy static", &[], &[]).unwrap_err();
    assert!(e.contains("one target a turn"), "{e}");
    g.end(&[], &[]);
    let b = g.ship("borodino");
    assert_eq!((b.speed_hits_unrepairable, b.boxes_crossed()), (3, 3));
    // « 4.2: torpedo S hits are never repaired.
    assert!(b.repairable().is_empty());
}

// ---- « 1.4 4 Active Fires, « 4.2 Damage Repair, « 4.3 Sinking

/// « 1.4 4: each fire rolls on the Fire line (a chart read): out, B, E or n/e.
#[test]
fn active_fires_1_4_4() {
    let mut g = Game::new().at(Phase::Repairs);
    g.go("damage mikasa F F", &[], &[]).unwrap();
    g.phase = Phase::ActiveFires;
    let evs = g.end(&[3, 4, 6, 6], &["out", "n/e"]);
    assert_eq!(
        evs.iter()
            .filter(|e| matches!(e, Ev::QfFireCheck { .. }))
            .count(),
        2
    );
    assert_eq!(g.ship("mikasa").fires_burning(), 1);
    assert_eq!(g.chart_lines[0], "Damage table: Fire line, roll 7");
}

/// « 4.2 Damage Repair: one attempt per damage point; Repair S 8-11 and D 5-7 (text); a
/// success uses a repair point, a failure costs nothing; the S-P line for (P) ships and the
/// Repair G line are chart reads.
#[test]
fn repairs_4_2() {
    let mut g = Game::new().at(Phase::Repairs);
    g.go("damage mikasa S S G", &[], &[]).unwrap();
    g.go("damage mikasa D", &[2], &[]).unwrap();
    // Automatic at the end of the phase: G (Repair G, asked), S 4+4 = 8 fixed, S 1+1 = 2 not,
    // D 3+3 = 6 fixed.
    let evs = g.end(&[5, 5, 4, 4, 1, 1, 3, 3], &["fix"]);
    let fixed: Vec<bool> = evs
        .iter()
        .filter_map(|e| match e {
            Ev::QfRepair { fixed, .. } => Some(*fixed),
            _ => None,
        })
        .collect();
    assert_eq!(fixed, [true, true, false, true]);
    assert_eq!(g.chart_lines, ["Damage table: Repair G line, roll 10"]);
    let s = g.ship("mikasa");
    assert_eq!((s.repair_points(), s.speed_hits, s.direction), (0, 1, None));
    // The declared form: `repair SHIP speed` in the phase; a (P) ship reads the S-P line.
    let mut g = Game::new().at(Phase::Repairs);
    g.go("damage dupuy S", &[], &[]).unwrap();
    g.go("repair dupuy speed", &[6, 6], &["n/e"]).unwrap();
    assert_eq!(g.chart_lines, ["Damage table: S-P line, roll 12"]);
    assert_eq!(
        g.ship("dupuy").repair_points(),
        1,
        "a failure costs nothing"
    );
    let e = g.go("repair dupuy speed", &[], &[]).unwrap_err();
    assert!(e.contains("this turn"), "{e}");
    assert!(
        g.end(&[], &[]).is_empty(),
        "no automatic attempts after `repair`"
    );
}

/// « 4.3 Sinking, its example: Dupuy de Lome (size 7) with nine S hits and one fire sinks on
/// 2-8; with the fire out on 2-7; with two more S hits (fire burning) on 2-10. The Sinking
/// table is not in the text: size 7's 6 and the +1 modifiers are derived from this example.
#[test]
fn dupuy_de_lome_sinking_example_4_3() {
    let mut g = Game::new().at(Phase::Repairs);
    g.go("damage dupuy S S S S S S S S S F", &[], &[]).unwrap();
    let s = g.ship("dupuy");
    assert_eq!((s.status(), s.speed_hits_beyond()), (Status::AtRisk, 1));
    let v = status_json(&g.st, &g.t, g.turn, g.phase);
    assert_eq!(v["ships"][3]["sink_number"], 8);
    // She will not repair (hold), and rolls 9: afloat.
    g.go("repair dupuy hold", &[], &[]).unwrap();
    g.phase = Phase::Sinking;
    let evs = g.end(&[4, 5], &[]);
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfSinkCheck {
            number: 8,
            base: 6,
            sank: false,
            ..
        }
    )));
    // The fire goes out: 2-7.
    g.phase = Phase::ActiveFires;
    g.end(&[3, 3], &["out"]);
    let v = status_json(&g.st, &g.t, g.turn, g.phase);
    assert_eq!(v["ships"][3]["sink_number"], 7);
    // Had it burned on and two more S hits come (an explosion: ships at zero speed still
    // track events): 2-10.
    let mut g2 = Game::new().at(Phase::Repairs);
    g2.go("damage dupuy S S S S S S S S S F S S", &[], &[])
        .unwrap();
    let v = status_json(&g2.st, &g2.t, g2.turn, g2.phase);
    assert_eq!(v["ships"][3]["sink_number"], 10);
    // A roll within the number sinks her.
    g2.go("repair dupuy hold", &[], &[]).unwrap();
    g2.phase = Phase::Sinking;
    let evs = g2.end(&[5, 5], &[]);
    assert!(evs.iter().any(|e| matches!(e, Ev::QfSank { .. })));
    assert_eq!(g2.ship("dupuy").status(), Status::Sunk);
    // A sunk ship neither fires nor is fired at.
    g2.phase = Phase::FirstGunnery;
    assert!(g2.go("fire mikasa at dupuy heavy long", &[], &[]).is_err());
}

/// « 4.3: a size the derived table does not know is asked (Sinking table, size N).
#[test]
fn other_sizes_are_asked_4_3() {
    let mut g = Game::new().at(Phase::Repairs);
    g.go("damage mikasa S S S S S S S S", &[], &[]).unwrap();
    g.go("repair mikasa hold", &[], &[]).unwrap();
    g.phase = Phase::Sinking;
    g.end(&[6, 6], &["5"]);
    assert!(g.chart_lines[0].contains("Sinking table: size 9"));
    assert_eq!(g.ship("mikasa").status(), Status::AtRisk);
}

/// A chart that loops (B gives E gives B ...) is refused, not followed forever.
#[test]
fn a_looping_chart_is_refused() {
    let mut g = Game::new().at(Phase::Repairs);
    let faces: Vec<u32> = std::iter::repeat_n(3, 200).collect();
    let charts: Vec<&str> = std::iter::repeat_n("B", 100).collect();
    let cmd: Command = "damage mikasa B".parse().unwrap();
    let mut o = Fixed {
        faces: faces.into_iter().collect(),
        charts: charts.iter().map(|c| c.to_string()).collect(),
        ..Fixed::default()
    };
    let mut cx = Cx::new(g.st.clone(), &g.t, &mut o);
    let e = decide(&mut cx, 1, Phase::Repairs, &cmd).unwrap_err();
    assert!(e.contains("more than 60"), "{e}");
    g.phase = Phase::Repairs;
}

/// « 3.0 Ranges: at point blank, with the option pb_rof = "shared", the second rating's salvo
/// takes the first's ROF die (and its modifiers); only its white dice are rolled.
#[test]
fn a_shared_point_blank_rof_roll_3_0_ranges() {
    let mut g = Game::with(&SCENARIO.replace(
        "start = \"1\"\n",
        "start = \"1\"\n[options]\npb_rof = \"shared\"\n",
    ))
    .at(Phase::FirstGunnery);
    g.go("fire mikasa at borodino heavy pb", &[5, 1, 1], &["n/e"])
        .unwrap();
    let evs = g
        .go("fire mikasa at dupuy light pb", &[2, 2], &["7", "n/e"])
        .unwrap();
    assert!(evs.iter().any(|e| matches!(
        e,
        Ev::QfSalvo {
            shared: true,
            black: 5,
            modifier: -1,
            fired: true,
            ..
        }
    )));
    assert_eq!(g.ship("dupuy").pending.len(), 1);
}

/// A Combat Chart cell read once is taken again from that read (option
/// remember_chart_reads, default true); with the option off every read is asked.
#[test]
fn a_chart_cell_read_once_is_remembered_unless_the_option_is_off() {
    let mut g = Game::new().at(Phase::Repairs);
    g.go("damage mikasa B", &[3, 4], &["n/e"]).unwrap();
    let evs = g.go("damage mikasa B", &[4, 3], &[]).unwrap();
    let text = lines(&g.st, &evs).join("\n");
    assert!(
        text.contains("Blast line, roll 7: n/e (as the umpire read it earlier)"),
        "{text}"
    );
    let v = status_json(&g.st, &g.t, g.turn, g.phase);
    assert_eq!(v["chart_cells"]["Damage table, Blast line, roll 7"], "n/e");
    let mut g = Game::with(&SCENARIO.replace(
        "start = \"1\"\n",
        "start = \"1\"\n[options]\nremember_chart_reads = false\n",
    ))
    .at(Phase::Repairs);
    g.go("damage mikasa B", &[3, 4], &["n/e"]).unwrap();
    g.go("damage mikasa B", &[4, 3], &["n/e"]).unwrap();
    assert_eq!(g.chart_lines.len(), 2);
}
