//! FG&DN's benchmark battle (`umpire bench`, `Registered::bench_*`): a generated fleet action of
//! ships of sizes A-D in two fleets, and its command mix (mostly hits on ships afloat, a phase
//! change every ten commands or so, fires, floods and notes). Its figures are chosen for the
//! benchmark and its scenario says so; the battle is the same for the same seed on every
//! machine (its figures stay comparable from one version to the next).
use crate::core::bench::Mix;
use crate::rulesets::fgdn::command::Command;
use crate::rulesets::fgdn::Game;

/// A fleet action: `ships` ships in two fleets, sizes A-D in turn.
pub fn fleet_scenario(ships: usize) -> String {
    let mut s = String::from(
        "[scenario]\nname = \"Fleet action (benchmark)\"\nruleset = \"fgdn-1.1\"\n\
         start = \"1200\"\nseed = 7\n\n",
    );
    let kinds = [
        ("major", "A", 600, 24, 26, 7),
        ("major", "B", 300, 21, 20, 5),
        ("minor", "C", 60, 30, 3, 1),
        ("minor", "D", 39, 34, 0, 0),
    ];
    for i in 0..ships {
        let (ty, size, dp, speed, belt, deck) = kinds[i % kinds.len()];
        let side = if i % 2 == 0 { "Blue" } else { "Red" };
        s.push_str(&format!(
            "[[ship]]\nid = \"s{i}\"\nname = \"Ship {i}\"\nside = \"{side}\"\ntype = \"{ty}\"\n\
             size = \"{size}\"\ndp = {}\nspeed = {speed}\nin_service = {}\nnation = \"Other\"\n\
             armor = {{ belt = {belt}, deck = {deck} }}\n\n",
            dp + (i as u32 % 7) * 10,
            1905 + (i % 20),
        ));
    }
    s
}

/// The next command of the benchmark battle: mostly hits on afloat ships, a phase change every
/// ten commands or so, fires, floods and notes.
pub fn next_command(game: &Game, mix: &mut Mix) -> String {
    let ships = &game.state.ships;
    let pick = mix.below(ships.len() as u64) as usize;
    let target = (0..ships.len())
        .map(|k| &ships[(pick + k) % ships.len()])
        .find(|s| s.is_afloat())
        .map(|s| s.id().to_string());
    let text = match (mix.below(100), target) {
        (0..=9, _) | (_, None) => "next".to_string(),
        (10..=69, Some(id)) => format!("hit {id} {}", 1 + mix.below(12)),
        (70..=74, Some(id)) => format!("fire {id} {}", 1 + mix.below(4)),
        (75..=79, Some(id)) => format!("flood {id} {}", 1 + mix.below(4)),
        (_, Some(id)) => format!("note \"{id} makes smoke\""),
    };
    text.parse::<Command>().unwrap_or(Command::Next).to_string()
}

/// The `k`th one-ship change: a hit of one point on a ship with more than two left (the ship's
/// index and the command). Not `adjust`: the dashboard asks before an adjustment, and the frame
/// measured would be its question, not the change.
pub fn change(game: &Game, k: usize) -> Option<(usize, String)> {
    let ships = &game.state.ships;
    let n = ships.len();
    let i = (0..n)
        .map(|d| (k * 7 + d) % n)
        .find(|&i| ships[i].dp_left() > 2)?;
    Some((i, format!("hit {} 1", ships[i].id())))
}
