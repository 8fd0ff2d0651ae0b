//! FG&DN 1.1 8.4 Repairs and 8.5 Equipment Serviceability (SPEC 3.6): the post-battle timeline
//! after `end-battle`, given / when / then, with every die queued.
mod rules_common;
use rules_common::*;
use umpire::rulesets::fgdn::effects::RudderState;
use umpire::rulesets::fgdn::repairs::patch_chance;

/// 100 DP so that DP left reads as the Repair Roll %. Figures are ESTIMATES for the tests.
const CRUISER: &str = r#"
[[ship]]
id = "cruiser"
name = "HMS Cruiser"
side = "British"
size = "B"
dp = 100
speed = 25
in_service = 1914
nation = "Great Britain"
directors = { main = 1 }
searchlights = { forward = 2, aft = 1 }
wireless = { main = true, auxiliary = true }
mounts = [
  { battery = "main", name = "A turret", caliber = 234, side = "centre", he_short = 10 },
  { battery = "main", name = "B turret", caliber = 234, side = "centre", he_short = 10 },
  { battery = "aa", name = "AA battery" },
]

[[ship]]
id = "dd"
name = "Destroyer"
side = "German"
size = "C"
dp = 40
speed = 30
in_service = 1915
nation = "Austria-Hungary"
"#;

fn clock(g: &umpire::rulesets::fgdn::Game) -> umpire::rulesets::fgdn::status::ClockView {
    umpire::rulesets::fgdn::status::status(&g.state, &g.tables).clock
}

fn repair_states(g: &umpire::rulesets::fgdn::Game, id: &str) -> Vec<(String, String)> {
    sview(g, id)
        .repairs
        .iter()
        .map(|r| (r.what.clone(), r.state.to_string()))
        .collect()
}

/// SPEC 3.6: `end-battle` in the middle of turn 1430 ends the battle at 1433; the clock stands on
/// the 6-hour mark (2033, scale post_battle); `next` goes 6 -> 12 -> 24 -> 48 h and then the
/// timeline is over.
#[test]
fn given_a_battle_when_it_ends_then_the_clock_walks_the_6_12_24_48_hour_marks_8_4() {
    let mut g = game("1400", "", CRUISER);
    cmds(&mut g, "until 1430 planned_fire\nend-battle");
    let c = clock(&g);
    assert_eq!(
        (c.turn.as_str(), c.scale.as_str(), c.day),
        ("2033", "post_battle", 1)
    );
    let pb = c.post_battle.clone().unwrap();
    assert_eq!(
        (pb.ended.as_str(), pb.hours, pb.next_hours),
        ("1433", 6, Some(12))
    );
    assert_eq!(c.next_mark, "0233");
    cmd(&mut g, "next");
    let c = clock(&g);
    assert_eq!((c.turn.as_str(), c.day), ("0233", 2));
    assert_eq!(c.post_battle.unwrap().hours, 12);
    // `until` goes to a mark still ahead (24 h: 1433 of day 2)
    cmd(&mut g, "until 1433");
    assert_eq!(clock(&g).post_battle.unwrap().hours, 24);
    assert!(refused(&mut g, "until 1500").contains("not a post-battle mark"));
    cmd(&mut g, "turn");
    let c = clock(&g);
    assert_eq!((c.turn.as_str(), c.day), ("1433", 3));
    assert_eq!(c.post_battle.as_ref().unwrap().hours, 48);
    cmd(&mut g, "next");
    assert!(clock(&g).post_battle.unwrap().finished);
    assert!(refused(&mut g, "next").contains("post-battle timeline is over"));
}

/// SPEC 3.6: after `end-battle` combat commands are refused with a clear message and change
/// nothing; `end-battle` waits for pending hits to be resolved.
#[test]
fn given_the_battle_is_over_when_a_combat_command_is_typed_then_it_is_refused_8_4() {
    let mut g = game("1400", "", CRUISER);
    cmds(&mut g, "until 1400 planned_fire\nhit cruiser 5");
    assert!(refused(&mut g, "end-battle").contains("end the phase with `next` first"));
    cmds(&mut g, "dice 1\nnext\nend-battle");
    for c in [
        "hit cruiser 5",
        "crit cruiser rudder",
        "fire cruiser 5",
        "flood cruiser 5",
        "crew cruiser main",
        "assist dd cruiser",
        "magazines cruiser",
        "orders cruiser ignored",
        "scale tactical",
        "end-battle",
    ] {
        let e = refused(&mut g, c);
        assert!(e.contains("the battle is over"), "{c}: {e}");
    }
    assert!(refused(&mut g, "until 2033 plotting").contains("only a resolution phase"));
    // still accepted: sea state, notes, adjust
    cmds(
        &mut g,
        "sea-state 5\nnote \"towing\"\nadjust cruiser damage 4 \"recount\"",
    );
    assert_eq!(clock(&g).sea_state, 5);
    assert!(refused(&mut g, "sea-state 5").contains("already 5"));
}

/// FG&DN 8.4 example: 37 DP left of 100 is a 37 % Repair Roll, halved to 18 % at 6 and 12 hours.
/// A sensor critical: D100 19 fails at 6 h, 18 repairs it at 12 h; the searchlight is back.
#[test]
fn given_37_of_100_dp_left_when_repairing_then_18_percent_at_6_and_12_hours_37_after_8_4() {
    let mut g = game("1400", "", CRUISER);
    cmds(
        &mut g,
        "adjust cruiser damage 63 \"earlier hits\"
         dice 1
         crit cruiser sensor
         end-battle",
    );
    assert_eq!(
        sview(&g, "cruiser").sensors_out,
        vec!["forward_searchlight"]
    );
    let t = sview(&g, "cruiser").timers;
    assert_eq!(t.len(), 1);
    assert_eq!(
        (t[0].due.as_str(), t[0].phase.name()),
        ("2000", "resolution")
    );
    assert!(
        t[0].what
            .contains("repair roll 6 h: forward searchlight: D100 <= 18 (Repair Roll 37/100 = 37 %, halved at 6 h = 18 %)"),
        "{}",
        t[0].what
    );
    // the due panel shows it before it happens
    let due = umpire::rulesets::fgdn::status::due_at_end_of_phase(&g.state, &g.tables);
    assert_eq!(due.len(), 1);
    cmds(&mut g, "dice 19\nnext");
    assert!(
        last_log(&g).contains("D100 19 vs 18 %: not yet"),
        "{}",
        last_log(&g)
    );
    assert_eq!(repair_states(&g, "cruiser")[0].1, "open");
    cmds(&mut g, "dice 18\nnext");
    assert!(last_log(&g).contains("REPAIRED"));
    assert_eq!(repair_states(&g, "cruiser")[0].1, "repaired");
    assert!(sview(&g, "cruiser").sensors_out.is_empty());
    assert!(sview(&g, "cruiser").timers.is_empty());
}

/// FG&DN 8.4: at 24 and 48 hours the full Repair Roll; a failed 48-hour roll means the system
/// cannot be repaired at sea.
#[test]
fn given_a_mount_out_when_the_48_hour_roll_fails_then_it_cannot_be_repaired_at_sea_8_4() {
    let mut g = game("1400", "", CRUISER);
    // main battery critical: D10 5 (a mount), D100 1 (A turret), magazine D10 1 (holds)
    cmds(
        &mut g,
        "adjust cruiser damage 63 \"earlier hits\"
         dice 5 1 1
         crit cruiser main_battery
         end-battle
         dice 99 99
         next
         next",
    );
    let t = sview(&g, "cruiser").timers;
    assert!(
        t[0].what.contains(
            "repair roll 24 h: A turret (main battery): D100 <= 37 (Repair Roll 37/100 = 37 %)"
        ),
        "{}",
        t[0].what
    );
    cmds(&mut g, "dice 38\nnext");
    assert!(sview(&g, "cruiser").timers[0]
        .what
        .contains("failure: not repairable at sea"));
    cmds(&mut g, "dice 38\nnext");
    assert!(last_log(&g).contains("cannot be repaired at sea"));
    assert_eq!(
        repair_states(&g, "cruiser"),
        vec![(
            "A turret (main battery)".to_string(),
            "not_repairable_at_sea".to_string()
        )]
    );
    assert_eq!(sview(&g, "cruiser").mounts[0].status, "out");
}

/// FG&DN 8.4 Bridge: repair rolls at 12, 24 and 48 hours only (none at 6 h).
#[test]
fn given_a_bridge_hit_when_the_battle_ends_then_its_first_repair_roll_is_at_12_hours_8_4() {
    let mut g = game("1400", "", CRUISER);
    // bridge: D6 1 -> 1 turn; its fire: D6+2 (1914) D6 1 -> 3 - 2 = 1 %
    cmds(&mut g, "dice 1 1\ncrit cruiser bridge\nend-battle");
    let t = sview(&g, "cruiser").timers;
    let bridge: Vec<_> = t.iter().filter(|t| t.what.contains("bridge")).collect();
    assert_eq!(bridge.len(), 1);
    assert!(
        bridge[0]
            .what
            .starts_with("repair roll 12 h: bridge: D100 <= 50"),
        "{}",
        bridge[0].what
    );
    assert_eq!(bridge[0].due, "0200");
    // 6 h: only the fire restart check (10 %) is rolled
    cmds(&mut g, "dice 50\nnext");
    assert!(!last_log(&g).contains("repair roll"), "{}", last_log(&g));
    assert!(last_log(&g).contains("fire restart check 6 h: D100 50 vs 10 %: stays out"));
    assert_eq!(
        sview(&g, "cruiser").bridge.as_deref(),
        Some("two-turn course and speed changes")
    );
    // 12 h: the bridge roll (halved: 99/100 -> 49 %) then the restart check (5 %)
    cmds(&mut g, "dice 49 50\nnext");
    assert_eq!(sview(&g, "cruiser").bridge, None);
}

/// FG&DN 8.4 Engineering and Rudder: a repaired engineering critical gives the speed level back;
/// a repaired rudder steers again.
#[test]
fn given_engineering_and_rudder_criticals_when_repaired_then_speed_and_steering_return_8_4() {
    let mut g = game("1400", "", CRUISER);
    // engineering D10 1, its fire D6 1 (3 - 2 = 1 %); rudder D6 5: disabled
    cmds(
        &mut g,
        "dice 1 1\ncrit cruiser engineering\ndice 5\ncrit cruiser rudder",
    );
    assert_eq!(sview(&g, "cruiser").speed_max, 8); // 1/3 of 25
    cmds(&mut g, "end-battle");
    // 6 h: engineering D100 50 (= 100/2), rudder 50, fire restart 90
    cmds(&mut g, "dice 50 50 90\nnext");
    let v = sview(&g, "cruiser");
    assert_eq!(v.rudder, None::<RudderState>);
    assert_eq!(v.speed_max, 25);
}

/// FG&DN 8.4 Flooding: half of the flooding damage is pumped out; the patch pops on sea state x 5
/// % - (30 - speed) %; a popped patch is a flooding critical.
#[test]
fn given_flooding_when_the_battle_ends_then_half_is_pumped_out_and_the_patch_may_pop_8_4() {
    // The rulebook's example: 20 kt, sea state 3 -> 5 %; sea state 6 -> 20 %.
    assert_eq!(patch_chance(3, 20).0, 5);
    assert_eq!(patch_chance(6, 20).0, 20);
    assert_eq!(patch_chance(1, 20).0, 0);
    let mut g = game("1200", "", CRUISER);
    // flooding 10 % at 1200: 10 DP at 1209 (count D6 1: none), DC D10 7 (no change)
    cmds(
        &mut g,
        "flood cruiser 10\nuntil 1209 resolution\ndice 1 7\nnext",
    );
    assert_eq!(ship(&g, "cruiser").damage, 10);
    cmds(&mut g, "end-battle");
    let v = sview(&g, "cruiser");
    assert_eq!((v.damage, v.flood_pct, v.flooding_patch), (5, 0, true));
    // 25 kt at sea state 3: 15 - 5 = 10 %
    let t = &v.timers[0];
    assert!(
        t.what.contains("flooding patch check 6 h: pops on D100 <= 10 (sea state 3 x 5 % - (30 - 25 kt) % = 10 %)"),
        "{}",
        t.what
    );
    cmds(&mut g, "dice 11\nnext");
    assert!(last_log(&g).contains("holds"));
    // it pops: flooding D6+2 (1914), D6 2 -> 4 % -> 4 DP at once
    cmds(&mut g, "dice 10 2\nnext");
    assert!(last_log(&g).contains("PATCH POPS"), "{}", last_log(&g));
    assert_eq!(ship(&g, "cruiser").damage, 9);
    // a calm sea: no chance, no die
    cmds(&mut g, "sea-state 1\nnext");
    assert!(
        last_log(&g).contains("sea state 1 x 5 % - (30 - 25 kt) % = 0 %: holds"),
        "{}",
        last_log(&g)
    );
    assert!(last_log(&g).contains("-- end of the 24 h mark after the battle (1212 day 2) --"));
}

/// FG&DN 8.4 Fire: every fire of the battle may restart at 6 (10 %), 12 (5 %), 24 (2 %) and 48
/// hours (1 %), its size D6-2 %.
#[test]
fn given_a_fire_in_the_battle_when_it_restarts_then_d6_minus_2_percent_does_its_damage_8_4() {
    let mut g = game("1200", "", CRUISER);
    cmds(&mut g, "fire cruiser 5\nend-battle");
    let v = sview(&g, "cruiser");
    assert_eq!(v.fire_pct, 0);
    assert!(v.timers[0].what.contains("fire restart 6 h"));
    assert!(v.timers[0].what.contains("10 %"));
    // restarts on 10; D6 6 - 2 = 4 % -> 4 DP
    cmds(&mut g, "dice 10 6\nnext");
    assert!(last_log(&g).contains("FIRE RESTARTS"));
    assert_eq!(ship(&g, "cruiser").damage, 4);
    // 12 h: 5 %; restarts, D6 2 - 2 = 0: no fire
    cmds(&mut g, "dice 5 2\nnext");
    assert!(
        last_log(&g).contains("below 1 %, no fire"),
        "{}",
        last_log(&g)
    );
    assert_eq!(ship(&g, "cruiser").damage, 4);
    assert!(sview(&g, "cruiser").timers[0].what.contains("2 %"));
}

/// FG&DN 8.5 (optional): before the game, D100 per engineering plant, searchlight platform and
/// mount; a first-rank navy fails at 5 %, a second-rank one at 10 %; after the battle the
/// Breakdown Repair Table (first rank 25/30/35/40 %).
#[test]
fn given_serviceability_when_an_item_fails_then_it_is_out_until_repaired_on_the_breakdown_table_8_5(
) {
    let mut g = game("1400", "", CRUISER);
    assert!(refused(&mut g, "serviceability").contains("equipment_serviceability = true"));
    let mut g = game("1400", "equipment_serviceability = true", CRUISER);
    // cruiser: plant 50, searchlights 50 50 50, A turret 5 (fails), B turret 6, AA 50;
    // dd (second rank): plant 10 (fails)
    cmds(&mut g, "dice 50 50 50 50 5 6 50 10\nserviceability");
    let v = sview(&g, "cruiser");
    assert_eq!(v.mounts[0].status, "out (breakdown)");
    assert_eq!(v.mounts[1].status, "ok");
    assert_eq!(v.breakdowns, vec!["A turret (main battery)"]);
    assert_eq!(sview(&g, "dd").speed_max, 23); // one level down: 30 -> 23 (75 %, half up)
    assert!(refused(&mut g, "serviceability").contains("already"));
    cmds(&mut g, "end-battle");
    let t = sview(&g, "cruiser").timers;
    assert!(
        t[0].what
            .contains("Breakdown Repair Table, first-rank navy, 6 h: 25 %"),
        "{}",
        t[0].what
    );
    let t = sview(&g, "dd").timers;
    assert!(
        t[0].what.contains("second-rank navy, 6 h: 15 %"),
        "{}",
        t[0].what
    );
    cmds(&mut g, "dice 25 16\nnext");
    assert_eq!(sview(&g, "cruiser").mounts[0].status, "ok");
    assert!(sview(&g, "cruiser").breakdowns.is_empty());
    assert_eq!(sview(&g, "dd").speed_max, 23);
    cmds(&mut g, "dice 20\nnext");
    assert_eq!(sview(&g, "dd").speed_max, 30);
}

/// FG&DN 8.5: serviceability is rolled just before the game, not once it is under way.
#[test]
fn given_the_game_under_way_when_serviceability_is_asked_then_it_is_refused_8_5() {
    let mut g = game("1400", "equipment_serviceability = true", CRUISER);
    cmd(&mut g, "next");
    assert!(refused(&mut g, "serviceability").contains("just before the game begins"));
}

/// FG&DN 8.4: a director lost to fire control damage comes back when repaired; the battery
/// leaves local control.
#[test]
fn given_the_last_director_lost_when_repaired_then_the_battery_leaves_local_control_8_4() {
    let mut g = game("1400", "", CRUISER);
    cmds(&mut g, "dice 1\ncrit cruiser main_battery");
    assert_eq!(sview(&g, "cruiser").mounts[0].status, "local control");
    cmds(&mut g, "end-battle\ndice 50\nnext");
    assert_eq!(sview(&g, "cruiser").mounts[0].status, "ok");
    assert!(sview(&g, "cruiser").fire_control.is_empty());
}
