//! Dreadnoughts & Battlewagons standard rules, driven through `decide` and `end_phase` with
//! fixed dice. Each test names the rules it checks. Every step also checks that replaying the
//! emitted events with `apply` gives the live state, and that every queued die was used.
mod common;
mod ruleset_common;

use ruleset_common::step;
use std::collections::VecDeque;
use umpire::core::dice::Die;
use umpire::core::tables::RuleTables;
use umpire::rulesets::dnb::event::{DamageResult, Ev};
use umpire::rulesets::dnb::game::Dnb;
use umpire::rulesets::dnb::ship::{CounterSide, DnbShipSpec, Face, Status};
use umpire::rulesets::dnb::state::{DiwRepair, DnbOptions, TorpedoHits};
use umpire::rulesets::dnb::timers::TimerKind;
use umpire::rulesets::dnb::{
    apply, decide, describe, end_phase, fleet_row, observe, schedule, status_json, Command, Cx,
    DnbState, Phase, Tables,
};

fn side(gun: u32, wof: u32, si: u32, torp: u32, speed: u32, man: u32) -> CounterSide {
    CounterSide {
        gun_rating: gun,
        weight_of_fire: wof,
        si,
        torpedo_rating: torp,
        max_range: 16,
        speed,
        maneuver: man,
    }
}

fn ship(id: &str, s: &str, front: CounterSide, back: Option<CounterSide>) -> DnbShipSpec {
    DnbShipSpec {
        id: id.into(),
        name: id.to_uppercase(),
        side: s.into(),
        nation: None,
        front,
        back,
    }
}

struct Game {
    st: DnbState,
    t: Tables,
    turn: u32,
    phase: Phase,
    purposes: Vec<String>,
}

impl Game {
    fn new(ships: Vec<DnbShipSpec>, options: DnbOptions) -> Game {
        Game {
            st: DnbState::new(ships, options),
            t: Tables::builtin().unwrap(),
            turn: 1,
            phase: Phase::Combat,
            purposes: vec![],
        }
    }

    /// The standard cast: Prince of Wales (front SI 6, back SI 5, the 6.11 example), a
    /// one-sided destroyer with torpedoes, and two enemies.
    fn standard() -> Game {
        Game::new(
            vec![
                ship(
                    "pow",
                    "British",
                    side(5, 6, 6, 0, 5, 1),
                    Some(side(3, 5, 5, 0, 4, 1)),
                ),
                ship("dd", "British", side(2, 2, 1, 3, 7, 2), None),
                ship(
                    "bis",
                    "German",
                    side(4, 6, 7, 0, 6, 1),
                    Some(side(3, 5, 5, 0, 4, 1)),
                ),
                ship(
                    "pe",
                    "German",
                    side(4, 4, 4, 2, 6, 2),
                    Some(side(2, 3, 3, 1, 5, 1)),
                ),
            ],
            DnbOptions::default(),
        )
    }

    fn run(
        &mut self,
        dice: &[u32],
        f: impl FnOnce(&mut Cx<'_>) -> Result<(), String>,
    ) -> Result<Vec<Ev>, String> {
        let before = self.st.clone();
        let (events, o) = step::<Dnb>(&mut self.st, &self.t, dice, &[], f)?;
        assert!(o.dice.iter().all(|d| *d == Die::D6), "D&B rolls only d6");
        // Every event the rules emit has its log line (the pending list's clearing aside).
        let mut replay = before;
        for e in &events {
            assert!(describe(&replay, e).is_some() || matches!(e, Ev::DnbPendingResolved));
            apply(&mut replay, e);
        }
        self.purposes = o.purposes;
        Ok(events)
    }

    fn cmd(&mut self, line: &str, dice: &[u32]) -> Result<Vec<Ev>, String> {
        let c: Command = line.parse()?;
        assert_eq!(c.to_string().parse::<Command>(), Ok(c.clone()));
        let (turn, phase) = (self.turn, self.phase);
        let before = self.st.clone();
        let r = self.run(dice, |cx| decide(cx, turn, phase, &c));
        if r.is_err() {
            assert_eq!(self.st, before, "a refused command changed the state");
        }
        r
    }

    fn ok(&mut self, line: &str, dice: &[u32]) -> Vec<Ev> {
        self.cmd(line, dice)
            .unwrap_or_else(|e| panic!("{line}: refused: {e}"))
    }

    /// End the current phase with these dice and move to the next.
    fn next(&mut self, dice: &[u32]) -> Vec<Ev> {
        let (turn, phase) = (self.turn, self.phase);
        let ev = self
            .run(dice, |cx| end_phase(cx, turn, phase))
            .unwrap_or_else(|e| panic!("end of {phase}: {e}"));
        match phase {
            Phase::Combat => self.phase = Phase::Movement,
            Phase::Movement => self.phase = Phase::Administrative,
            Phase::Administrative => {
                self.phase = Phase::Combat;
                self.turn += 1;
            }
        }
        ev
    }

    fn s(&self, id: &str) -> &umpire::rulesets::dnb::DnbShip {
        self.st.ship(id).unwrap()
    }

    fn json(&self, id: &str) -> serde_json::Value {
        let v = status_json(&self.st, self.turn, self.phase);
        v["ships"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == id)
            .unwrap()
            .clone()
    }

    /// To a phase of the current turn (or the next turn's combat), no dice expected.
    fn to(&mut self, phase: Phase) {
        while self.phase != phase {
            self.next(&[]);
        }
    }
}

fn refused(g: &mut Game, line: &str, dice: &[u32], needle: &str) {
    let e = g.cmd(line, dice).expect_err(line);
    assert!(e.contains(needle), "{line}: {e}");
}

// ---- 2.15, 6.7, 6.11: the counter, SI and the flip ----

/// 6.11 example: Prince of Wales, front SI 6, back SI 5. Seven hits flip it; on the back,
/// SI exactly 0 at the end of the Combat Phase is a hulk (6.11a).
#[test]
fn prince_of_wales_flips_then_hulks_6_11() {
    let mut g = Game::standard();
    g.ok("si pow 6", &[]);
    assert_eq!(
        g.s("pow").st.hits,
        0,
        "5.2a: not before the end of the Combat Phase"
    );
    g.next(&[]);
    assert_eq!(g.s("pow").si_left(), 0);
    assert_eq!(
        g.s("pow").st.face,
        Face::Front,
        "6 hits are not more than SI 6"
    );
    g.to(Phase::Combat);
    g.ok("si pow 1", &[]);
    let ev = g.next(&[]);
    assert!(ev.iter().any(|e| matches!(e, Ev::DnbFlipped { .. })));
    assert_eq!(g.json("pow")["counter"], "back");
    assert_eq!(g.json("pow")["si"], 5);
    assert_eq!(g.json("pow")["si_left"], 5);
    assert_eq!(g.json("pow")["gun_rating"], 3, "2.15: the back's values");
    g.to(Phase::Combat);
    g.ok("si pow 5", &[]);
    let ev = g.next(&[]);
    assert!(ev.iter().any(|e| matches!(e, Ev::DnbHulked { .. })));
    assert_eq!(g.s("pow").st.status, Status::Hulk);
    assert_eq!(g.json("pow")["status"], "hulk");
}

/// 6.11 example and 6.11b: on the back, SI below zero is sunk.
#[test]
fn prince_of_wales_sinks_below_zero_6_11b() {
    let mut g = Game::standard();
    g.ok("si pow 7", &[]);
    g.next(&[]);
    g.to(Phase::Combat);
    g.ok("si pow 6", &[]);
    let ev = g.next(&[]);
    assert!(ev.iter().any(|e| matches!(e, Ev::DnbSank { .. })));
    assert!(!ev.iter().any(|e| matches!(e, Ev::DnbHulked { .. })));
    assert_eq!(g.json("pow")["status"], "sunk");
}

/// 6.11: hits beyond those that flip the counter are discarded (all hits of one Combat
/// Phase take effect together, 5.2a).
#[test]
fn excess_hits_after_the_flip_are_discarded_6_11() {
    let mut g = Game::standard();
    g.ok("si pow 9", &[]);
    let ev = g.next(&[]);
    let discarded = ev
        .iter()
        .filter(|e| matches!(e, Ev::DnbSiHitDiscarded { .. }))
        .count();
    assert_eq!(discarded, 2);
    assert_eq!(g.s("pow").st.face, Face::Back);
    assert_eq!(g.s("pow").si_left(), 5);
}

/// 6.11: a counter with no heavily damaged side sinks when its hits exceed its SI; it does
/// not become a hulk.
#[test]
fn a_one_sided_counter_sinks_6_11() {
    let mut g = Game::standard();
    g.ok("si dd 1", &[]);
    g.next(&[]);
    assert_eq!(g.s("dd").st.status, Status::Afloat);
    g.to(Phase::Combat);
    g.ok("si dd 1", &[]);
    g.next(&[]);
    assert_eq!(g.s("dd").st.status, Status::Sunk);
}

/// 6.7 example (Prince of Wales SI 5 with two SI hits): the front SI is used whatever the
/// hits until the flip; then each hit lowers it.
#[test]
fn damage_throw_uses_front_si_until_flipped_6_7() {
    let mut g = Game::new(
        vec![
            ship(
                "pow",
                "British",
                side(5, 6, 5, 0, 5, 1),
                Some(side(3, 5, 5, 0, 4, 1)),
            ),
            ship("bis", "German", side(2, 5, 7, 0, 6, 1), None),
        ],
        DnbOptions::default(),
    );
    g.ok("si pow 2", &[]);
    g.next(&[]);
    g.to(Phase::Combat);
    // 2 dice, one hit; WoF 5 - SI 5 = 0
    let ev = g.ok("gunnery bis pow hits 1", &[1]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbDamageThrown { delta: Some(0), .. })));
    g.next(&[]);
    g.to(Phase::Combat);
    g.ok("si pow 4", &[]); // 6 hits > 5: flip, back SI 5
    g.next(&[]);
    g.to(Phase::Combat);
    g.ok("si pow 2", &[]);
    g.next(&[]);
    g.to(Phase::Combat);
    assert_eq!(g.s("pow").si_for_damage(), 3);
    let ev = g.ok("gunnery bis pow hits 1", &[1]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbDamageThrown { delta: Some(2), .. })));
}

// ---- 6.5, 6.6, 6.7: firing and damage throws ----

/// 6.6: each 5 or 6 is one possible hit; 6.7d (WoF 6 - SI 4 = 2): 5 is an SI hit, 6 a
/// critical roll unmodified; 1-4 nothing.
#[test]
fn hits_on_five_and_six_and_damage_6_6_6_7d() {
    let mut g = Game::standard();
    // pow gun 5 at pe (SI 4): faces 6 5 4 1 6 -> 3 hits; damage 5 (SI), 3 (none), 6 (crit) then crit roll 4 (fire)
    let ev = g.ok("gunnery pow pe", &[6, 5, 4, 1, 6, 5, 3, 6, 4]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Ev::DnbAttacked {
            hits: 3,
            dice: 5,
            ..
        }
    )));
    assert!(
        g.purposes[0].contains("firing throw, die 1 of 5"),
        "{:?}",
        g.purposes
    );
    assert!(
        g.purposes[5].contains("damage throw, hit 1 of 3"),
        "{:?}",
        g.purposes
    );
    assert!(
        g.purposes[8].contains("Critical Hit Table roll (+0"),
        "{:?}",
        g.purposes
    );
    assert_eq!(g.st.pending.len(), 2);
    g.next(&[]);
    assert_eq!(g.s("pe").st.hits, 1);
    assert_eq!(g.s("pe").st.fires, 1);
}

/// 6.7a-c by weight of fire minus SI.
#[test]
fn damage_bands_6_7() {
    // bis WoF 6. Targets: SI 8 (-2), SI 7 (-1), SI 6 (0).
    let mk = |si| {
        Game::new(
            vec![
                ship("bis", "German", side(4, 6, 7, 0, 6, 1), None),
                ship("t", "British", side(1, 1, si, 0, 4, 1), None),
            ],
            DnbOptions::default(),
        )
    };
    let mut g = mk(8);
    let ev = g.ok("gunnery bis t hits 1", &[6]);
    assert!(
        ev.iter().any(|e| matches!(
            e,
            Ev::DnbDamageThrown {
                result: DamageResult::None,
                ..
            }
        )),
        "6.7a"
    );
    let mut g = mk(7);
    let ev = g.ok("gunnery bis t hits 2", &[5, 6]);
    let r: Vec<_> = ev
        .iter()
        .filter_map(|e| match e {
            Ev::DnbDamageThrown { result, .. } => Some(*result),
            _ => None,
        })
        .collect();
    assert_eq!(r, vec![DamageResult::None, DamageResult::SiHit], "6.7b");
    // 6.7c: 6 -> critical roll -2; 2 - 2 = 0 < 1 -> an SI hit instead; 3 - 2 = 1 -> steering jammed
    let mut g = mk(6);
    let ev = g.ok("gunnery bis t hits 2", &[6, 2, 6, 3]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Ev::DnbCriticalRolled {
            face: 2,
            modifier: -2,
            critical: None,
            ..
        }
    )));
    assert!(g.purposes[1].contains("-2"));
    g.next(&[4]); // steering jammed turns die: 4 -> 2
    assert_eq!(g.s("t").st.hits, 1);
    assert_eq!(g.json("t")["steering_jammed_turns"], 2);
}

/// 2.8b: weight of fire +1 at close range (and minimum range read as close, 8.4).
#[test]
fn close_range_adds_weight_of_fire_2_8b() {
    let mut g = Game::standard();
    // bis WoF 6 vs pow SI 6 = 0; close: +1 -> 1; dice 4 + 1
    let ev = g.ok("gunnery bis pow range close hits 1", &[1]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbAttacked { dice: 5, .. })));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbDamageThrown { delta: Some(1), .. })));
    let ev = g.ok("gunnery pe pow range minimum hits 1", &[1]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Ev::DnbAttacked { dice: 4, .. })),
        "{ev:?}"
    );
}

/// 2.5-2.8: a range in hexes is put in its bracket, halves and quarters rounded up; 6.2
/// spotting; 2.5c maximum range.
#[test]
fn range_in_hexes_2_5_to_2_8() {
    let mut g = Game::standard(); // max range 16: close <= 4, effective <= 8
    let dice = |g: &mut Game, r: u32| -> i32 {
        let ev = g.ok(&format!("gunnery bis pow range {r} hits 0"), &[]);
        let d = ev
            .iter()
            .find_map(|e| match e {
                Ev::DnbAttacked { dice, .. } => Some(*dice),
                _ => None,
            })
            .unwrap();
        g.st = DnbState::new(
            g.st.ships.iter().map(|s| s.spec.clone()).collect(),
            g.st.options.clone(),
        );
        d
    };
    assert_eq!(dice(&mut g, 2), 5, "minimum as close");
    assert_eq!(dice(&mut g, 4), 5, "close");
    assert_eq!(dice(&mut g, 8), 4, "effective");
    assert_eq!(dice(&mut g, 9), 3, "long");
    refused(&mut g, "gunnery bis pow range 17", &[], "maximum range");
    refused(&mut g, "gunnery bis pow range 19", &[], "spotting");
}

/// Gun Firing Throw Modifications chart: every line, and 6.5b no fire at 0 dice.
#[test]
fn firing_throw_modifications_chart() {
    let mut g = Game::standard();
    g.to(Phase::Movement);
    g.ok("evasive dd on", &[]);
    g.ok("speed bis flank", &[]);
    g.to(Phase::Combat);
    // bis gun 4: broadside +2, flank -1, target evasive -2 (maneuver 2), smoke 1 -1, long -1 = 1
    let ev = g.ok("gunnery bis dd range long broadside smoke 1", &[1]);
    let Some(Ev::DnbAttacked {
        dice, modifiers, ..
    }) = ev.first()
    else {
        panic!()
    };
    assert_eq!(*dice, 1, "{modifiers:?}");
    assert_eq!(modifiers.len(), 5);
    // already fired at by guns this turn -1, evasive -2: pe gun 4 -> 1
    let ev = g.ok("gunnery pe dd hits 0", &[]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Ev::DnbAttacked { dice: 1, .. })),
        "{ev:?}"
    );
    // 6.5b: zero or fewer dice, no fire; nothing changes (dd gun 2, long -1, smoke -2, evasive -1)
    refused(&mut g, "gunnery dd bis range long smoke 2", &[], "no fire");
    // cruise +1, not when heavily damaged (8.1b)
    let mut g = Game::standard();
    g.to(Phase::Movement);
    g.ok("speed pow cruise", &[]);
    g.to(Phase::Combat);
    let ev = g.ok("gunnery pow bis hits 0", &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbAttacked { dice: 6, .. })));
    g.ok("si pow 7", &[]);
    g.next(&[]);
    g.to(Phase::Combat);
    let ev = g.ok("gunnery pow bis hits 0", &[]);
    assert!(
        ev.iter()
            .any(|e| matches!(e, Ev::DnbAttacked { dice: 3, .. })),
        "back gun 3, no cruise bonus: {ev:?}"
    );
}

/// 6.0, 6.1, 7.3: one attack per Combat Phase, guns or torpedoes; no friendly fire; not in
/// the Movement Phase without the reaction rule.
#[test]
fn one_attack_per_combat_phase_6_1_7_3() {
    let mut g = Game::standard();
    g.ok("gunnery pe pow hits 0", &[]);
    refused(&mut g, "torpedo pe pow 3", &[], "already fired");
    refused(&mut g, "gunnery pe dd", &[], "already fired");
    refused(&mut g, "gunnery bis pe", &[], "friendly fire");
    refused(&mut g, "gunnery bis nobody", &[], "not in this scenario");
    g.next(&[]);
    refused(&mut g, "gunnery bis pow", &[], "Combat Phase");
    refused(&mut g, "gunnery bis pow reaction", &[], "8.4");
    g.to(Phase::Combat);
    g.ok("gunnery pe pow hits 0", &[]); // a new turn
}

/// 8.4 (optional): reaction fire in the Movement Phase, hits applied at once, once per
/// enemy ship.
#[test]
fn reaction_fire_applies_at_once_8_4() {
    let mut g = Game::standard();
    g.st.options.reaction_fire = true;
    g.ok("gunnery bis dd hits 0", &[]);
    g.next(&[]);
    // bis WoF 6 + 1 (minimum as close) - dd SI 1 = 6: two hits, 5 and 5 -> two SI hits ->
    // 2 > SI 1: sunk at once (no back)
    g.ok("gunnery bis dd range minimum reaction hits 2", &[5, 5]);
    assert_eq!(g.s("dd").st.status, Status::Sunk);
    assert!(g.st.pending.is_empty());
    refused(
        &mut g,
        "gunnery bis pow reaction range 3",
        &[],
        "minimum range",
    );
    let ev = g.ok("gunnery bis pow reaction hits 0", &[]);
    // gun 4, minimum range as close +1 (8.4, 2.8a)
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbAttacked { dice: 5, .. })));
    refused(
        &mut g,
        "gunnery bis pow reaction",
        &[],
        "already made its reaction fire",
    );
}

// ---- the Critical Hit Table (d6), 6.8-6.10 ----

/// Critical Hit Table 1: steering jammed for half a d6, rounded down, turns; no evasive
/// action meanwhile; a 1 gives 0 turns (no effect).
#[test]
fn critical_1_steering_jammed() {
    let mut g = Game::standard();
    g.ok("crit pe 1", &[]);
    g.next(&[5]); // 5/2 = 2 turns: this turn and the next
    assert!(g.purposes[0].contains("steering jammed"));
    assert_eq!(g.json("pe")["steering_jammed_turns"], 2);
    refused(&mut g, "evasive pe on", &[], "steering is jammed");
    let due = schedule(&g.st, g.turn, g.phase);
    assert!(due
        .iter()
        .any(|d| d.kind == TimerKind::SteeringFreed && d.turn == 2));
    g.to(Phase::Combat);
    assert_eq!(g.json("pe")["steering_jammed_turns"], 1);
    g.to(Phase::Administrative);
    let ev = g.next(&[]);
    assert!(ev.iter().any(|e| matches!(e, Ev::DnbSteeringFreed { .. })));
    assert_eq!(g.json("pe")["steering_jammed_turns"], 0);
    // 1 -> 0 turns
    g.ok("crit pe steering_jammed", &[]);
    let ev = g.next(&[1]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Ev::DnbSteeringJammed {
            turns: 0,
            until: None,
            ..
        }
    )));
    g.ok("evasive pe on", &[]);
}

/// Critical Hit Table 2: evasive marker removed, no evasive action for the rest of the turn,
/// Torps Out for the game if it carries torpedoes; over at the end of the turn.
#[test]
fn critical_2_equipment_damaged() {
    let mut g = Game::standard();
    g.st.options.reaction_fire = true;
    g.to(Phase::Movement);
    g.ok("evasive pe on", &[]);
    g.ok("crit pe equipment_damaged", &[]); // outside combat: at once
    assert!(!g.s("pe").st.evasive);
    assert!(g.s("pe").st.torps_out);
    refused(&mut g, "evasive pe on", &[], "equipment is damaged");
    g.to(Phase::Combat);
    assert_eq!(g.json("pe")["equipment_damaged"], false);
    refused(&mut g, "torpedo pe pow 3", &[], "Torps Out");
}

/// Critical Hit Table 3 and 6.9: slowed to 2 (1 if already 2), maneuver 1; the second is
/// dead in the water for the game; the third an SI hit.
#[test]
fn critical_3_waterline_hits_6_9() {
    let mut g = Game::standard();
    g.ok("crit bis waterline_hit", &[]);
    g.next(&[]);
    let j = g.json("bis");
    assert_eq!(j["speed"]["max_now"], 2);
    assert_eq!(j["maneuver"], 1);
    assert_eq!(j["speed"]["slowed"], true);
    g.to(Phase::Combat);
    // slowed firing ship: -1 die
    let ev = g.ok("gunnery bis pow hits 0", &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbAttacked { dice: 3, .. })));
    g.ok("crit bis 3", &[]);
    g.next(&[]);
    assert_eq!(g.json("bis")["speed"]["diw"], "permanent");
    assert_eq!(g.json("bis")["speed"]["max_now"], 0);
    g.to(Phase::Combat);
    g.ok("crit bis 3", &[]);
    g.next(&[]);
    assert_eq!(g.s("bis").st.hits, 1);
    assert_eq!(g.s("bis").st.waterline_hits, 3);
    // a ship already at speed 2 is slowed to 1
    let mut g = Game::new(
        vec![ship("slow", "A", side(1, 1, 3, 0, 2, 1), None)],
        DnbOptions::default(),
    );
    g.ok("crit slow 3", &[]);
    g.next(&[]);
    assert_eq!(g.json("slow")["speed"]["max_now"], 1);
}

/// Critical Hit Table 4 and 6.10: a fire marker stops attacks; markers accumulate; one roll
/// each in the Administrative Phase, 1-3 removes it.
#[test]
fn critical_4_fire_6_10() {
    let mut g = Game::standard();
    g.ok("crit bis fire", &[]);
    g.ok("crit bis fire", &[]);
    g.next(&[]);
    assert_eq!(
        g.s("bis").st.fires,
        2,
        "6.10a: never redundant, they accumulate"
    );
    g.to(Phase::Administrative);
    let ev = g.next(&[3, 4]);
    assert_eq!(g.s("bis").st.fires, 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        Ev::DnbFireRolled {
            face: 4,
            removed: false,
            ..
        }
    )));
    refused(&mut g, "gunnery bis pow", &[], "fire");
    g.to(Phase::Administrative);
    g.next(&[1]);
    g.ok("gunnery bis pow hits 0", &[]);
}

/// Critical Hit Table 5: dead in the water, may still fire; one repair roll on the next
/// turn (before it moves), 1-2 repaired and speed 1; a failed roll stays (literal reading).
#[test]
fn critical_5_dead_in_water_repair() {
    let mut g = Game::standard();
    g.ok("crit bis dead_in_water", &[]);
    g.next(&[]);
    assert_eq!(g.json("bis")["speed"]["diw"], "temporary");
    refused(&mut g, "speed bis flank", &[], "speed of zero");
    g.to(Phase::Combat);
    // target dead in the water +1; it may still fire
    let ev = g.ok("gunnery pow bis hits 0", &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbAttacked { dice: 6, .. })));
    g.ok("gunnery bis pow hits 0", &[]);
    let ev = g.next(&[3]); // turn 2, end of combat: the repair roll
    assert!(g.purposes[0].contains("repair roll"));
    assert!(ev.iter().any(|e| matches!(
        e,
        Ev::DnbDiwRepairRolled {
            repaired: false,
            next: None,
            ..
        }
    )));
    g.to(Phase::Combat);
    g.next(&[]); // no more rolls
    assert!(g.s("bis").is_diw());

    let mut g = Game::standard();
    g.st.options.diw_repair = DiwRepair::EachTurn;
    g.ok("crit bis 5", &[]);
    g.next(&[]);
    g.to(Phase::Combat);
    g.next(&[4]);
    g.to(Phase::Combat);
    let ev = g.next(&[2]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbDiwRepairRolled { repaired: true, .. })));
    assert_eq!(g.json("bis")["speed"]["setting"], "cruise");
}

/// Critical Hit Table 6 and 6.12: a hulk; no attack; each Administrative Phase 1-2 sinks.
#[test]
fn critical_6_catastrophic_and_hulk_rolls_6_12() {
    let mut g = Game::standard();
    g.ok("crit bis catastrophic", &[]);
    g.next(&[]);
    assert_eq!(g.json("bis")["status"], "hulk");
    refused(&mut g, "gunnery pow bis", &[], "hulk marker");
    g.to(Phase::Administrative);
    let ev = g.next(&[3]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbHulkRolled { sank: false, .. })));
    refused(&mut g, "gunnery bis pow", &[], "hulk");
    g.to(Phase::Administrative);
    g.next(&[2]);
    assert_eq!(g.json("bis")["status"], "sunk");
}

/// 6.8: a redundant critical becomes an SI hit (steering while jammed, dead in the water
/// while dead in the water, catastrophic on a hulk, equipment twice in a turn once Torps Out).
#[test]
fn redundant_critical_becomes_si_hit_6_8() {
    let mut g = Game::standard();
    g.ok("crit bis 1", &[]);
    g.ok("crit bis 1", &[]);
    g.ok("crit bis 5", &[]);
    g.ok("crit bis 5", &[]);
    g.ok("crit pe 2", &[]);
    g.ok("crit pe 2", &[]);
    let ev = g.next(&[6]);
    let red = ev
        .iter()
        .filter(|e| matches!(e, Ev::DnbCriticalRedundant { .. }))
        .count();
    assert_eq!(red, 3);
    assert_eq!(g.s("bis").st.hits, 2);
    assert_eq!(g.s("pe").st.hits, 1);
    g.to(Phase::Combat);
    g.ok("crit dd 6", &[]);
    g.ok("crit dd 6", &[]);
    g.next(&[3]); // and bis's dead in the water repair roll (turn 2)
    assert_eq!(g.s("dd").st.status, Status::Hulk);
    assert_eq!(g.s("dd").st.hits, 1);
}

// ---- 7.0-7.3 torpedoes ----

/// Torpedoes chart and 7.1-7.3: rating + modifiers; range 4-6 -1; not while evasive; two
/// attacks a game (Torps Fired, Torps Out!); reading (a) of 7.1: the 6.7d damage throw.
#[test]
fn torpedo_attacks_7() {
    let mut g = Game::standard();
    // dd torpedo 3 at bis, range 5: -1 -> 2 dice: 6 5 -> 2 hits; damage 5 (SI), 6 -> an
    // unmodified critical roll (6.7d): 3, a waterline hit. WoF 2 - SI 7 would be no effect.
    let ev = g.ok("torpedo dd bis 5", &[6, 5, 5, 6, 3]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Ev::DnbAttacked {
            dice: 2,
            hits: 2,
            ..
        }
    )));
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbDamageThrown { delta: None, .. })));
    assert_eq!(g.s("dd").st.torpedo_attacks, 1);
    g.next(&[]);
    assert_eq!(g.s("bis").st.hits, 1);
    assert_eq!(g.s("bis").st.waterline_hits, 1);
    g.to(Phase::Combat);
    refused(&mut g, "torpedo dd pe 7", &[], "torpedo range of 6");
    g.ok("torpedo dd pe 3 hits 0", &[]);
    assert!(
        g.s("dd").st.torps_out,
        "7.3: the second attack is Torps Out!"
    );
    g.next(&[]);
    g.to(Phase::Combat);
    refused(&mut g, "torpedo dd pe 3", &[], "Torps Out");
    refused(&mut g, "torpedo pow pe 3", &[], "no torpedo rating");
    // 7.1: not while evasive
    let mut g = Game::standard();
    g.to(Phase::Movement);
    g.ok("evasive pe on", &[]);
    g.to(Phase::Combat);
    refused(&mut g, "torpedo pe dd 2", &[], "evasive");
    // reading (b): each torpedo hit is one SI hit
    let mut g = Game::standard();
    g.st.options.torpedo_hits = TorpedoHits::SiHit;
    g.ok("torpedo dd bis 2 hits 2", &[]);
    g.next(&[]);
    assert_eq!(g.s("bis").st.hits, 2);
    // WWI: range 4 at most, -1 from 3
    let mut g = Game::standard();
    g.st.options.wwi = true;
    refused(&mut g, "torpedo dd bis 5", &[], "WWI");
    let ev = g.ok("torpedo dd bis 3 hits 0", &[]);
    assert!(ev
        .iter()
        .any(|e| matches!(e, Ev::DnbAttacked { dice: 2, .. })));
}

// ---- the Administrative Phase and the one schedule ----

/// 5.4, 6.12, 6.10b, 8.7: the due list shown is what fires, in its order: hulk rolls, fire
/// rolls, smoke rolls.
#[test]
fn administrative_rolls_come_from_the_schedule() {
    let mut g = Game::standard();
    g.ok("crit bis 6", &[]);
    g.ok("crit pe 4", &[]);
    g.next(&[]);
    g.ok("smoke 2", &[]);
    g.next(&[]);
    let due = schedule(&g.st, g.turn, g.phase);
    let kinds: Vec<TimerKind> = due.iter().map(|d| d.kind).collect();
    assert_eq!(
        kinds,
        vec![
            TimerKind::HulkSinking,
            TimerKind::FireMarkers,
            TimerKind::SmokeMarkers
        ]
    );
    let shown = status_json(&g.st, g.turn, g.phase);
    assert_eq!(shown["ships"][2]["timers"][0]["phase"], "administrative");
    g.next(&[4, 1, 3, 6]);
    assert!(g.purposes[0].contains("hulk sinking"));
    assert!(g.purposes[1].contains("fire marker 1 of 1"));
    assert!(g.purposes[2].contains("smoke marker 1 of 2"));
    assert_eq!(g.st.smoke_markers, 1);
    assert_eq!(g.s("pe").st.fires, 0);
}

/// 6.12a: a hulk that sinks takes its markers with it: no fire roll for it.
#[test]
fn a_sinking_hulk_takes_its_fire_markers_6_12a() {
    let mut g = Game::standard();
    g.ok("crit bis 6", &[]);
    g.ok("crit bis 4", &[]);
    g.next(&[]);
    g.next(&[]);
    g.next(&[1]);
    assert_eq!(g.s("bis").st.status, Status::Sunk);
    assert_eq!(g.s("bis").st.fires, 0);
}

/// 5.4b: after the last turn the game is over.
#[test]
fn last_turn_ends_the_game_5_4b() {
    let mut g = Game::standard();
    g.st.options.last_turn = Some(1);
    g.to(Phase::Administrative);
    let ev = g.next(&[]);
    assert!(ev.iter().any(|e| matches!(e, Ev::DnbGameOver { turn: 1 })));
    refused(&mut g, "si pow 1", &[], "victor");
}

// ---- 8.1 speed ----

/// 8.1a example (flank 4: standard 2 or 3) and 8.1e example (cruise on turn 4 may go to
/// standard on turn 5, not flank); 8.5b evasive one hex less.
#[test]
fn speed_levels_8_1() {
    let mut g = Game::new(
        vec![
            ship("a", "A", side(2, 2, 3, 0, 4, 1), None),
            ship("b", "B", side(2, 2, 3, 0, 4, 1), None),
        ],
        DnbOptions::default(),
    );
    assert_eq!(g.json("a")["speed"]["hexes"], "2-3");
    g.ok("speed a flank", &[]);
    assert_eq!(g.json("a")["speed"]["hexes"], "4");
    refused(&mut g, "speed a flank", &[], "already");
    g.ok("speed a cruise", &[]);
    assert_eq!(g.json("a")["speed"]["hexes"], "1");
    g.next(&[]);
    g.to(Phase::Combat); // turn 2 starts at cruise
    refused(&mut g, "speed a flank", &[], "8.1e");
    g.ok("speed a standard", &[]);
    g.to(Phase::Movement);
    g.ok("evasive a on", &[]);
    assert_eq!(g.json("a")["speed"]["hexes"], "1-2");
}

// ---- views ----

#[test]
fn status_fleet_and_fog() {
    let mut g = Game::standard();
    g.ok("si pow 2", &[]);
    g.ok("crit pow 4", &[]);
    g.next(&[]);
    let j = g.json("pow");
    for k in [
        "id", "name", "side", "status", "counter", "si", "si_left", "fires", "timers",
    ] {
        assert!(j.get(k).is_some(), "{k}");
    }
    let row = fleet_row(g.s("pow"), g.turn);
    assert_eq!(row[0], "4/6");
    assert_eq!(row[1], "front");
    assert!(row[4].contains("fire1"));
    let seen = observe(&g.st, "German");
    let pow = &seen["ships"][0];
    assert_eq!(pow["fires"], 1, "a fire marker is on the map");
    assert!(
        pow.get("si_left").is_none(),
        "hit markers are beneath the counter (2.17)"
    );
    let own = observe(&g.st, "British");
    assert_eq!(own["ships"][0]["si_left"], 4);
}

#[test]
fn demo_scenario_loads_and_plays() {
    let text = include_str!("../saves/demo-dnb.toml");
    let (head, st) = DnbState::from_scenario("saves/demo-dnb.toml", text).unwrap();
    assert_eq!(head.ruleset, "dnb-standard");
    assert_eq!(st.ships.len(), 6);
    let mut g = Game::standard();
    g.st = st;
    g.ok("gunnery Bismarck HOOD range 9 broadside hits 0", &[]);
    assert!(g.t.non_text_cells().is_empty());
}

// ---- properties ----

mod props {
    use super::*;
    use proptest::prelude::*;

    const IDS: [&str; 4] = ["pow", "dd", "bis", "pe"];

    fn line() -> impl Strategy<Value = String> {
        let id = || prop::sample::select(IDS.to_vec());
        prop_oneof![
            4 => (
                id(),
                id(),
                prop::sample::select(vec![
                    "",
                    " range long",
                    " range close",
                    " range 5",
                    " range minimum"
                ]),
                any::<bool>(),
                0u32..3,
                any::<bool>()
            )
                .prop_map(|(a, b, r, bs, sm, re)| format!(
                    "gunnery {a} {b}{r}{}{}{}",
                    if bs { " broadside" } else { "" },
                    if sm > 0 {
                        format!(" smoke {sm}")
                    } else {
                        String::new()
                    },
                    if re { " reaction" } else { "" }
                )),
            2 => (id(), id(), 0u32..8).prop_map(|(a, b, r)| format!("torpedo {a} {b} {r}")),
            1 => (id(), 0u32..4).prop_map(|(a, n)| format!("si {a} {n}")),
            1 => (id(), 1u32..7).prop_map(|(a, k)| format!("crit {a} {k}")),
            1 => (
                id(),
                prop::sample::select(vec!["cruise", "standard", "flank"])
            )
                .prop_map(|(a, s)| format!("speed {a} {s}")),
            1 => (id(), any::<bool>())
                .prop_map(|(a, on)| format!("evasive {a} {}", if on { "on" } else { "off" })),
            1 => (0u32..3).prop_map(|n| format!("smoke {n}")),
            1 => (id(), any::<bool>())
                .prop_map(|(a, on)| format!("marker {a} fire {}", if on { "on" } else { "off" })),
            2 => Just("next".to_string()),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        /// Random command sequences never panic; every step's events replay to the live state
        /// (checked in `Game::run`); a refused command rolls no die and changes nothing.
        #[test]
        fn random_battles(lines in prop::collection::vec(line(), 1..60), faces in prop::collection::vec(1u32..=6, 400)) {
            let mut g = Game::standard();
            g.st.options.reaction_fire = true;
            let mut k = 0usize;
            for l in &lines {
                let mut q: VecDeque<u32> = VecDeque::new();
                // supply plenty of dice; the closure in Game::run must use exactly those given,
                // so find how many the step needs by a dry run
                let mut count = 0usize;
                {
                    let mut roll = |_d: Die, _p: String| { count += 1; Ok(faces[(k + count) % faces.len()]) };
                    let mut cx = Cx::new(g.st.clone(), &g.t, &mut roll);
                    let (turn, phase) = (g.turn, g.phase);
                    let r = if l == "next" {
                        end_phase(&mut cx, turn, phase)
                    } else {
                        let c: Command = l.parse().unwrap();
                        decide(&mut cx, turn, phase, &c)
                    };
                    if r.is_err() {
                        drop(cx);
                        prop_assert_eq!(count, 0, "a refused command rolled dice: {}", l);
                        continue;
                    }
                }
                for i in 1..=count { q.push_back(faces[(k + i) % faces.len()]); }
                let dice: Vec<u32> = q.into_iter().collect();
                k += count;
                if l == "next" {
                    g.next(&dice);
                } else {
                    g.ok(l, &dice);
                }
            }
        }
    }
}
