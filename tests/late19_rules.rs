//! Wargame Rules for the Late 19th Century, NAVAL COMBAT, driven through `decide` and
//! `end_phase` with fixed dice. Each test names the heading of the text it checks (the naval
//! part has no worked examples; its printed tables are checked cell by cell). Every step also
//! checks that replaying the events with `apply` gives the live state, and that every queued
//! die was used.
mod common;
mod ruleset_common;

use ruleset_common::step;
use umpire::core::dice::Die;
use umpire::core::tables::RuleTables;
use umpire::rulesets::late19::event::Ev;
use umpire::rulesets::late19::game::Late19;
use umpire::rulesets::late19::ship::{GunType, HitResult, L19ShipSpec, ShipType, Status};
use umpire::rulesets::late19::state::{L19Options, TorpedoHits};
use umpire::rulesets::late19::tables::Provenance as Cell;
use umpire::rulesets::late19::timers::{schedule, TimerKind};
use umpire::rulesets::late19::view::{describe, status_json};
use umpire::rulesets::late19::{apply, decide, end_phase, Command, Cx, L19State, Phase, Tables};

fn ship(id: &str, side: &str, kind: ShipType, main: u32, sec: u32, torp: bool) -> L19ShipSpec {
    L19ShipSpec {
        id: id.into(),
        name: id.to_uppercase(),
        side: side.into(),
        kind,
        main_guns: main,
        secondary_guns: sec,
        torpedoes: torp,
    }
}

struct Game {
    st: L19State,
    t: Tables,
    turn: u32,
    phase: Phase,
    purposes: Vec<String>,
    chart_lines: Vec<String>,
}

impl Game {
    fn new(options: L19Options) -> Game {
        Game {
            st: L19State::new(
                vec![
                    ship("bb", "Blue", ShipType::Battleship, 4, 6, false),
                    ship("ac", "Blue", ShipType::ArmouredCruiser, 2, 6, true),
                    ship("tb", "Blue", ShipType::TorpedoBoat, 2, 0, true),
                    ship("ic", "Red", ShipType::Ironclad, 2, 4, false),
                    ship("pc", "Red", ShipType::ProtectedCruiser, 2, 4, true),
                    ship("rtb", "Red", ShipType::TorpedoBoat, 1, 0, true),
                ],
                options,
            ),
            t: Tables::builtin().unwrap(),
            turn: 1,
            phase: Phase::Guns,
            purposes: vec![],
            chart_lines: vec![],
        }
    }

    fn go(&mut self, text: &str, faces: &[u32], charts: &[&str]) -> Result<Vec<Ev>, String> {
        let cmd: Command = text.parse()?;
        let (turn, phase) = (self.turn, self.phase);
        self.step(faces, charts, |cx| decide(cx, turn, phase, &cmd))
    }

    fn end(&mut self, faces: &[u32]) -> Vec<Ev> {
        let (turn, phase) = (self.turn, self.phase);
        let evs = self
            .step(faces, &[], |cx| end_phase(cx, turn, phase))
            .unwrap();
        let i = Phase::ALL.iter().position(|p| *p == phase).unwrap();
        if i == 3 {
            self.turn += 1;
            self.phase = Phase::Guns;
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
        let (events, o) = step::<Late19>(&mut self.st, &self.t, faces, charts, f)?;
        assert!(
            o.dice.iter().all(|d| *d == Die::D6),
            "the naval rules use D6 only: {:?}",
            o.dice
        );
        self.purposes.extend(o.purposes);
        self.chart_lines.extend(o.lines);
        Ok(events)
    }

    fn fp(&self, id: &str) -> u32 {
        let s = self.st.ship(id).unwrap();
        s.fp(self.t.of(s.spec.kind))
    }
    fn status(&self, id: &str) -> Status {
        let s = self.st.ship(id).unwrap();
        s.status(self.t.of(s.spec.kind))
    }
}

fn lines(g: &L19State, evs: &[Ev]) -> Vec<String> {
    let mut st = g.clone();
    let mut out = vec![];
    for e in evs {
        out.extend(describe(&st, e));
        apply(&mut st, e);
    }
    out
}

// ---- Ship Flotation Values (FV), Movement, Definitions

#[test]
fn ship_flotation_values_critical_points_and_movement_are_the_texts() {
    let t = Tables::builtin().unwrap();
    let expect = [
        (ShipType::Battleship, 20, 10, 3),
        (ShipType::Ironclad, 16, 8, 2),
        (ShipType::ArmouredCruiser, 14, 7, 3),
        (ShipType::ProtectedCruiser, 12, 6, 4),
        (ShipType::TorpedoBoat, 4, 2, 5),
        (ShipType::Gunboat, 6, 3, 2),
    ];
    for (kind, fp, cp, mv) in expect {
        let v = t.of(kind);
        assert_eq!(
            (v.fp, v.critical_point, v.movement),
            (fp, cp, mv),
            "{kind:?}"
        );
    }
}

#[test]
fn definitions_give_the_gun_type_of_each_armament_and_the_missing_very_light_entry_is_marked() {
    let t = Tables::builtin().unwrap();
    let g = |k: ShipType| {
        (
            t.of(k).main_gun.map(|x| x.0),
            t.of(k).secondary_gun.map(|x| x.0),
        )
    };
    assert_eq!(
        g(ShipType::Battleship),
        (Some(GunType::SuperHeavy), Some(GunType::Medium))
    );
    assert_eq!(
        g(ShipType::Ironclad),
        (Some(GunType::Heavy), Some(GunType::Light))
    );
    assert_eq!(
        g(ShipType::ArmouredCruiser),
        (Some(GunType::Medium), Some(GunType::Light))
    );
    assert_eq!(g(ShipType::ProtectedCruiser).0, Some(GunType::Light));
    assert_eq!(g(ShipType::Gunboat).0, Some(GunType::Light));
    // No "Very light guns" entry in our Definitions: the three very light armaments are
    // reconstructed, and `umpire check` lists them.
    let notes: Vec<String> = t
        .non_text_cells()
        .iter()
        .filter(|c| c.file.ends_with("ships.toml"))
        .map(|c| format!("{} {}", c.key, c.provenance.as_str()))
        .collect();
    assert_eq!(
        notes,
        [
            "protected_cruiser secondary_gun reconstructed",
            "torpedo_boat main_gun reconstructed",
            "gunboat secondary_gun reconstructed"
        ]
    );
}

// ---- Resolving hits on Ships

#[test]
fn resolving_hits_on_ships_first_block_is_the_printed_table() {
    use HitResult::{Lose1 as L1, Lose2 as L2, Minor as M};
    let t = Tables::builtin().unwrap();
    // Faces 1..6, transcribed from the first block of the text.
    let printed: &[(GunType, ShipType, [HitResult; 6])] = &[
        (
            GunType::SuperHeavy,
            ShipType::Battleship,
            [M, M, M, L1, L1, L2],
        ),
        (
            GunType::SuperHeavy,
            ShipType::Ironclad,
            [M, M, L1, L1, L2, L2],
        ),
        (
            GunType::SuperHeavy,
            ShipType::ArmouredCruiser,
            [M, L1, L1, L2, L2, L2],
        ),
        (GunType::Heavy, ShipType::Battleship, [M, M, M, M, L1, L1]),
        (GunType::Heavy, ShipType::Ironclad, [M, M, M, L1, L1, L2]),
        (
            GunType::Heavy,
            ShipType::ArmouredCruiser,
            [M, M, L1, L1, L2, L2],
        ),
        (GunType::Medium, ShipType::Battleship, [M, M, M, M, M, L1]),
        (GunType::Medium, ShipType::Ironclad, [M, M, M, M, L1, L1]),
        (
            GunType::Medium,
            ShipType::ArmouredCruiser,
            [M, M, M, L1, L1, L2],
        ),
        (GunType::Light, ShipType::Battleship, [M; 6]),
        (GunType::Light, ShipType::Ironclad, [M, M, M, M, M, L1]),
        (
            GunType::Light,
            ShipType::ArmouredCruiser,
            [M, M, M, M, L1, L1],
        ),
        (GunType::VeryLight, ShipType::Battleship, [M; 6]),
        (GunType::VeryLight, ShipType::Ironclad, [M; 6]),
        (
            GunType::VeryLight,
            ShipType::ArmouredCruiser,
            [M, M, M, M, M, L1],
        ),
        (
            GunType::Torpedo,
            ShipType::Battleship,
            [M, M, L1, L1, L2, L2],
        ),
        (
            GunType::Torpedo,
            ShipType::Ironclad,
            [M, L1, L1, L2, L2, L2],
        ),
        (
            GunType::Torpedo,
            ShipType::ArmouredCruiser,
            [L1, L1, L2, L2, L2, L2],
        ),
    ];
    for (g, k, row) in printed {
        let c = t.hit(*g, *k);
        assert_eq!(c.provenance, Cell::Text, "{g:?} on {k:?}");
        assert_eq!(c.results.as_ref(), Some(row), "{g:?} on {k:?}");
    }
}

#[test]
fn resolving_hits_on_ships_second_block_is_reconstructed_and_one_cell_unknown() {
    use HitResult::{Lose1 as L1, Lose2 as L2, Minor as M};
    let t = Tables::builtin().unwrap();
    // The super heavy row reads clean in the text.
    for (k, row) in [
        (ShipType::ProtectedCruiser, [L1, L1, L2, L2, L2, L2]),
        (ShipType::TorpedoBoat, [L1, L2, L2, L2, L2, L2]),
        (ShipType::Gunboat, [L1, L1, L2, L2, L2, L2]),
    ] {
        let c = t.hit(GunType::SuperHeavy, k);
        assert_eq!((c.provenance, c.results), (Cell::Text, Some(row)), "{k:?}");
    }
    // Every other cell of the second block is rebuilt from the diagonal, with a note.
    for g in [
        GunType::Heavy,
        GunType::Medium,
        GunType::Light,
        GunType::VeryLight,
    ] {
        for k in [
            ShipType::ProtectedCruiser,
            ShipType::TorpedoBoat,
            ShipType::Gunboat,
        ] {
            let c = t.hit(g, k);
            assert_eq!(c.provenance, Cell::Reconstructed, "{g:?} on {k:?}");
            assert!(!c.note.is_empty());
        }
    }
    assert_eq!(
        t.hit(GunType::VeryLight, ShipType::TorpedoBoat).results,
        Some([M, M, M, L1, L1, L2])
    );
    assert_eq!(
        t.hit(GunType::Torpedo, ShipType::ProtectedCruiser).results,
        Some([L1, L2, L2, L2, L2, L2])
    );
    let tb = t.hit(GunType::Torpedo, ShipType::TorpedoBoat);
    assert_eq!((tb.provenance, tb.results), (Cell::Unknown, None));
    // 3 ships.toml + 14 reconstructed + 1 unknown hit cells.
    assert_eq!(t.non_text_cells().len(), 3 + 14 + 1);
}

#[test]
fn resolving_hits_rule_a_a_d6_per_hit_and_all_hits_are_cumulative() {
    let mut g = Game::new(L19Options::default());
    // Medium guns on an ironclad: 5 or 6 loses 1 FP, 1-4 minor damage.
    g.go("hit ic by medium from ac", &[5], &[]).unwrap();
    g.go("hit ic by medium from ac", &[6], &[]).unwrap();
    g.go("hit ic by medium from ac", &[2], &[]).unwrap();
    assert_eq!(g.fp("ic"), 14);
    assert_eq!(g.st.ship("ic").unwrap().minor_damage, 1);
    assert!(g
        .purposes
        .iter()
        .all(|p| p.contains("Resolving hits on Ships")));
}

#[test]
fn minor_damage_is_recorded_with_its_effect_undefined() {
    let mut g = Game::new(L19Options::default());
    let before = g.st.clone();
    let evs = g.go("hit bb by light", &[6], &[]).unwrap();
    assert_eq!(g.fp("bb"), 20);
    let text = lines(&before, &evs).join("\n");
    assert!(
        text.contains("minor damage (effect not defined by the rules: apply your house rule)"),
        "{text}"
    );
    let v = status_json(&g.st, &g.t, 1, Phase::Guns);
    assert_eq!(v["ships"][0]["minor_damage"], 1);
    assert_eq!(
        v["ships"][0]["minor_damage_effect"],
        "effect not defined by the rules: apply your house rule"
    );
}

#[test]
fn the_unknown_cell_torpedo_on_a_torpedo_boat_is_a_chart_read() {
    let mut g = Game::new(L19Options::default());
    let evs = g.go("hit tb by torpedo from rtb", &[3], &["2"]).unwrap();
    assert_eq!(
        g.chart_lines,
        ["Resolving hits on Ships: torpedoes on a Torpedo Boat, die score 3"]
    );
    assert!(matches!(&evs[0], Ev::L19ChartRead { read } if read.value == "2"));
    assert!(matches!(
        &evs[1],
        Ev::L19Hit {
            result: HitResult::Lose2,
            cell: Cell::Unknown,
            ..
        }
    ));
    assert_eq!(g.fp("tb"), 2);
    // Without a value the command is refused and nothing changes.
    let before = g.st.clone();
    assert!(g.go("hit tb by torpedo", &[3], &[]).is_err());
    assert_eq!(g.st, before);
    // A queued `chart` value is used first.
    g.go("chart minor", &[], &[]).unwrap();
    g.go("hit tb by torpedo", &[1], &[]).unwrap();
    assert!(g.st.chart_queue.is_empty());
    assert_eq!(g.fp("tb"), 2);
    assert!(g.go("chart 3", &[], &[]).is_err());
}

// ---- Ship Flotation Values rules b and c

#[test]
fn rule_b_at_the_critical_point_the_ship_must_break_off() {
    let mut g = Game::new(L19Options::default());
    // A torpedo boat: 4 FP, critical point 2. Super heavy on a TB: 2-6 loses 2.
    let before = g.st.clone();
    let evs = g.go("hit tb by super_heavy from ic", &[4], &[]).unwrap();
    assert_eq!(g.fp("tb"), 2);
    assert!(evs.iter().any(|e| matches!(e, Ev::L19BreakOff { .. })));
    assert!(lines(&before, &evs)
        .join("\n")
        .contains("must break off from battle"));
    let v = status_json(&g.st, &g.t, 1, Phase::Guns);
    assert_eq!(v["ships"][2]["broke_off"], true);
    assert_eq!(v["ships"][2]["status"], "afloat");
}

#[test]
fn rule_c_at_0_fp_it_sinks_and_still_fires_that_turn_then_is_removed_after_the_torpedo_step() {
    let mut g = Game::new(L19Options::default());
    g.go("hit tb by super_heavy", &[4], &[]).unwrap();
    let evs = g.go("hit tb by super_heavy", &[2], &[]).unwrap();
    assert!(evs.iter().any(|e| matches!(e, Ev::L19Sinking { .. })));
    assert_eq!(g.status("tb"), Status::Sinking);
    // Turn Sequence N.B.: a ship hit and sunk may fire that turn, as it sinks.
    g.go("guns tb at rtb main", &[1, 1], &[]).unwrap();
    g.end(&[]);
    // 3 torpedo dice, a 4 among them = a hit; a torpedo on a torpedo boat is the unknown
    // cell, asked as a chart read.
    g.go("torpedo tb at rtb", &[1, 2, 4, 5], &["1"]).unwrap();
    assert_eq!(g.status("tb"), Status::Sinking);
    let sched = schedule(&g.st, &g.t, 1, Phase::Torpedoes);
    assert!(sched
        .iter()
        .any(|d| d.kind == TimerKind::Sinks && d.phase == Phase::Torpedoes));
    let evs = g.end(&[]);
    assert!(evs
        .iter()
        .any(|e| matches!(e, Ev::L19Sank { ship, .. } if ship == "tb")));
    assert_eq!(g.status("tb"), Status::Sunk);
    assert!(g
        .go("hit tb by light", &[1], &[])
        .unwrap_err()
        .contains("has sunk"));
}

// ---- Naval Combat: Firing Guns

#[test]
fn firing_guns_a_d6_per_gun_up_to_4_and_where_each_die_lands() {
    let mut g = Game::new(L19Options::default());
    // bb has 6 secondary guns: 4 dice. Not moved: +1. Faces 4, 3, 2, 1 -> scores 5, 4, 3, 2:
    // target hex, front, behind, front.
    let before = g.st.clone();
    // The hit is rolled as soon as its die lands: 4, then the hit die 6, then 3, 2, 1.
    let evs = g
        .go("guns bb at ic secondary", &[4, 6, 3, 2, 1], &[])
        .unwrap();
    let text = lines(&before, &evs).join("\n");
    assert!(text.contains("4 D6 (+1: +1 not moved this turn)"), "{text}");
    assert!(
        text.contains("die 4, score 5: lands on the target hex"),
        "{text}"
    );
    assert!(
        text.contains("die 3, score 4: lands in the hex in front of the target"),
        "{text}"
    );
    assert!(
        text.contains("die 2, score 3: lands in the hex behind the target"),
        "{text}"
    );
    assert!(
        text.contains("die 1, score 2: lands in the hex in front"),
        "{text}"
    );
    // The one die on the target hex: a hit by medium guns on the ironclad, D6 6 = 1 FP.
    assert_eq!(g.fp("ic"), 15);
    let t = &g.t;
    assert_eq!(
        t.lands(5),
        umpire::rulesets::late19::tables::Landing::Target
    );
    assert_eq!(
        t.lands(0),
        umpire::rulesets::late19::tables::Landing::Ineffective
    );
}

#[test]
fn firing_guns_modifiers_cover_los_same_target_and_moved() {
    let mut g = Game::new(L19Options::default());
    // cover -1, los +2, moved: no +1. Face 1 -> score 2: front.
    let before = g.st.clone();
    let evs = g
        .go("guns ac at pc main n 1 los cover moved", &[1], &[])
        .unwrap();
    assert!(
        lines(&before, &evs)[0].contains("1 D6 (+1: -1 target in cover, +2 direct line-of-sight)")
    );
    g.end(&[]);
    g.end(&[]);
    g.end(&[3, 4]);
    g.end(&[]);
    // Turn 2: the same target as the previous turn, +1; not moved, +1. Face 3 -> 5: hit.
    let before = g.st.clone();
    let evs = g.go("guns ac at pc main n 1", &[3, 1], &[]).unwrap();
    let l = lines(&before, &evs);
    assert!(
        l[0].contains("+2: +1 same target the previous turn, +1 not moved this turn"),
        "{l:?}"
    );
    // Medium guns on a protected cruiser (reconstructed L4): 1 is minor.
    assert!(
        l.iter().any(|x| x.contains("[cell reconstructed]")),
        "{l:?}"
    );
}

#[test]
fn firing_guns_rules_b_c_e_and_the_gun_ranges() {
    let mut g = Game::new(L19Options::default());
    g.go("guns bb at ic main n 1", &[1], &[]).unwrap();
    let e = g.go("guns bb at pc main", &[], &[]).unwrap_err();
    assert!(e.contains("Firing Guns rule b"), "{e}");
    g.go("guns bb at pc secondary n 1", &[1], &[]).unwrap();
    let e = g.go("guns bb at pc secondary", &[], &[]).unwrap_err();
    assert!(e.contains("rule c"), "{e}");
    let e = g.go("guns ac at ic main n 3", &[], &[]).unwrap_err();
    assert!(e.contains("rule e"), "{e}");
    // Gun ranges: super heavy 14, heavy 12, medium 10, light 8, very light 6.
    let e = g.go("guns ac at ic main range 11", &[], &[]).unwrap_err();
    assert!(e.contains("medium guns reach 10 hexes"), "{e}");
    g.go("guns ac at ic main range 10 n 1", &[1], &[]).unwrap();
    let e = g.go("guns tb at ic secondary", &[], &[]).unwrap_err();
    assert!(e.contains("no secondary armament"), "{e}");
    // Guns fire in the guns step only (Turn Sequence 1).
    g.end(&[]);
    let e = g.go("guns pc at bb main", &[], &[]).unwrap_err();
    assert!(e.contains("Turn Sequence 1"), "{e}");
}

// ---- Naval Combat: Firing Torpedoes

#[test]
fn firing_torpedoes_3d6_a_4_5_or_6_is_a_hit_one_a_turn_four_a_battle() {
    let mut g = Game::new(L19Options::default());
    let e = g.go("torpedo ac at ic", &[], &[]).unwrap_err();
    assert!(e.contains("Turn Sequence 2"), "{e}");
    g.end(&[]);
    let e = g.go("torpedo bb at ic", &[], &[]).unwrap_err();
    assert!(e.contains("rule e"), "{e}");
    let e = g.go("torpedo ac at ic range 4", &[], &[]).unwrap_err();
    assert!(e.contains("rule a"), "{e}");
    // One die of three at 4 or more: one hit (reading "any"); the torpedo row on an
    // ironclad, D6 4 = 2 FP.
    g.go("torpedo ac at ic range 3", &[1, 4, 6, 4], &[])
        .unwrap();
    assert_eq!(g.fp("ic"), 14);
    let e = g.go("torpedo ac at pc", &[], &[]).unwrap_err();
    assert!(e.contains("one a turn"), "{e}");
    let next_turn = |g: &mut Game| {
        g.end(&[]);
        g.end(&[3, 4]);
        g.end(&[]);
        g.end(&[]);
    };
    for _ in 0..3 {
        next_turn(&mut g);
        g.go("torpedo ac lost", &[], &[]).unwrap();
    }
    assert_eq!(g.st.ship("ac").unwrap().torpedoes_fired, 4);
    next_turn(&mut g);
    let e = g.go("torpedo ac at ic", &[], &[]).unwrap_err();
    assert!(e.contains("4 a battle"), "{e}");
    // Three dice, all misses.
    let before = g.st.clone();
    let evs = g.go("torpedo pc at bb", &[1, 2, 3], &[]).unwrap();
    assert!(lines(&before, &evs).iter().any(|l| l.contains("misses")));
}

#[test]
fn firing_torpedoes_rule_i_read_per_die_as_an_option() {
    let mut g = Game::new(L19Options {
        torpedo_hits: TorpedoHits::PerDie,
    });
    g.end(&[]);
    // Two dice at 4+: two hits on the battleship; torpedo row 5 = 2 FP, 3 = 1 FP.
    g.go("torpedo ac at ic", &[4, 5, 1, 5, 3], &[]).unwrap();
    assert_eq!(g.fp("ic"), 16 - 2 - 1);
}

#[test]
fn minefields_a_mine_is_the_equivalent_of_a_torpedo() {
    let mut g = Game::new(L19Options::default());
    let before = g.st.clone();
    let evs = g.go("mine bb", &[5], &[]).unwrap();
    assert_eq!(g.fp("bb"), 18);
    assert!(lines(&before, &evs)[0].contains("a mine: the equivalent of a torpedo"));
}

// ---- Turn Sequence 3: initiative

#[test]
fn turn_sequence_3_the_lowest_d6_moves_first_thrown_at_the_end_of_the_step_if_not_before() {
    let mut g = Game::new(L19Options::default());
    g.end(&[]);
    let e = g.go("initiative", &[], &[]).unwrap_err();
    assert!(e.contains("Turn Sequence 3"), "{e}");
    g.end(&[]);
    let evs = g.go("initiative", &[5, 2], &[]).unwrap();
    assert!(matches!(&evs[0], Ev::L19Initiative { first: Some(s), .. } if s == "Red"));
    assert!(g.go("initiative", &[], &[]).is_err());
    // Nothing more due at the end of the step.
    assert!(g.end(&[]).is_empty());
    g.end(&[]);
    // Turn 2: not thrown by hand, thrown when the step ends; a tie is not settled.
    g.end(&[]);
    g.end(&[]);
    let evs = g.end(&[3, 3]);
    let text = lines(&g.st, &evs).join("\n");
    assert!(text.contains("a tie: the rules do not say"), "{text}");
}

// ---- Resolving hits on Ships rule b: trade-offs

#[test]
fn rule_b_trade_offs_one_fp_for_a_hex_a_main_gun_or_two_secondary_guns() {
    let mut g = Game::new(L19Options::default());
    let e = g.go("trade bb main 1", &[], &[]).unwrap_err();
    assert!(e.contains("lost 0 FP in this step"), "{e}");
    // Super heavy on a battleship: 6 = 2 FP.
    g.go("hit bb by super_heavy", &[6], &[]).unwrap();
    g.go("trade bb secondary 1", &[], &[]).unwrap();
    let s = g.st.ship("bb").unwrap();
    assert_eq!((s.secondary_guns(), g.fp("bb")), (4, 19));
    g.go("trade bb move 1", &[], &[]).unwrap();
    assert_eq!(g.fp("bb"), 20);
    assert_eq!(
        g.st.ship("bb")
            .unwrap()
            .movement(g.t.of(ShipType::Battleship)),
        2
    );
    assert!(g.go("trade bb main 1", &[], &[]).is_err());
    // The window closes with the step; the trade-off is for the battle.
    g.go("hit bb by super_heavy", &[5], &[]).unwrap();
    g.end(&[]);
    let e = g.go("trade bb main 1", &[], &[]).unwrap_err();
    assert!(e.contains("lost 0 FP in this step"), "{e}");
    assert_eq!(g.st.ship("bb").unwrap().traded_move, 1);
    // More guns than the ship has are refused.
    g.go("hit tb by super_heavy", &[6], &[]).unwrap();
    let e = g.go("trade tb secondary 1", &[], &[]).unwrap_err();
    assert!(
        e.contains("TB has 0 secondary guns: 1 FP would give up 2"),
        "{e}"
    );
}

#[test]
fn a_trade_off_can_lift_a_ship_back_from_0_fp_in_the_same_step() {
    let mut g = Game::new(L19Options::default());
    g.go("hit rtb by super_heavy", &[6], &[]).unwrap();
    g.go("hit rtb by super_heavy", &[6], &[]).unwrap();
    assert_eq!(g.status("rtb"), Status::Sinking);
    g.go("trade rtb main 1", &[], &[]).unwrap();
    assert_eq!((g.status("rtb"), g.fp("rtb")), (Status::Afloat, 1));
}

#[test]
fn status_json_has_the_ship_log_fields() {
    let g = Game::new(L19Options::default());
    let v = status_json(&g.st, &g.t, 1, Phase::Guns);
    let s = &v["ships"][0];
    for key in [
        "id",
        "name",
        "side",
        "status",
        "type",
        "fp",
        "fp_max",
        "critical_point",
        "broke_off",
        "movement",
        "movement_base",
        "main_guns",
        "secondary_guns",
        "gun_types",
        "traded",
        "torpedoes",
        "torpedoes_fired",
        "minor_damage",
        "minor_damage_effect",
    ] {
        assert!(!s[key].is_null(), "{key}");
    }
    assert_eq!(s["gun_types"]["main"], "super_heavy");
    assert_eq!(
        v["due"][0]["what"],
        "each side throws a D6: the lowest moves first (Turn Sequence 3)"
    );
}

#[test]
fn a_table_file_with_a_gap_or_an_unknown_word_is_refused_naming_the_cell() {
    let bad = umpire::rulesets::late19::tables::BUILTIN[2].1.replacen(
        "{ faces = \"6\", result = \"lose_2\" }, ",
        "",
        1,
    );
    let e = Tables::with_overrides(&[("hits.toml".into(), bad)]).unwrap_err();
    assert!(
        e.iter()
            .any(|x| x.contains("super_heavy on battleship: the bands do not cover")),
        "{e:?}"
    );
    let e = Tables::with_overrides(&[("nope.toml".into(), String::new())]).unwrap_err();
    assert!(e[0].contains("not a late19-naval table file"), "{e:?}");
}

#[test]
fn a_hand_made_save_cannot_overflow_the_ship_log_or_the_clock() {
    use umpire::core::ruleset::Rules;
    use umpire::rulesets::late19::game::{L19Clock, Late19};
    let mut g = Game::new(L19Options::default());
    let hit = Ev::L19Hit {
        ship: "bb".into(),
        by: None,
        weapon: GunType::Heavy,
        face: 6,
        result: HitResult::Lose2,
        cell: Cell::Text,
        lost: u32::MAX,
        fp_left: 0,
    };
    apply(&mut g.st, &hit);
    apply(&mut g.st, &hit);
    assert_eq!(g.st.ship("bb").unwrap().fp_lost, u32::MAX);
    let last = L19Clock {
        turn: u32::MAX,
        phase: Phase::Movement,
    };
    let (_, to) = Late19::quiet_events(last);
    assert_eq!(to.turn, u32::MAX);
}
