//! Figures for `umpire review` at fleet scale (SPEC 7 sizes): open, steps back and forward,
//! jumps, and a frame, on the benchmark battle of `umpire bench`.
//!
//! `cargo run --release --example review_bench [SHIPS] [COMMANDS]` (default 250 20000).
use std::time::Instant;
use umpire::cli::bench::{fleet_log, fleet_scenario, memory_mb};
use umpire::core::fgdn::tables::Tables;
use umpire::tui::app::App;
use umpire::tui::keymap::{key_event, Keymap};
use umpire::tui::review;

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

fn stats(name: &str, mut v: Vec<f64>) {
    v.sort_by(|a, b| a.total_cmp(b));
    let at = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    println!(
        "{name:<44} median {:>7.2} ms  p99 {:>7.2} ms  max {:>7.2} ms  ({} samples)",
        at(0.5),
        at(0.99),
        at(1.0),
        v.len()
    );
}

fn press(app: &mut App, key: &str) -> f64 {
    let t = Instant::now();
    app.on_key(key_event(key).expect("a key name"));
    ms(t)
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let ships = args.first().copied().unwrap_or(250);
    let commands = args.get(1).copied().unwrap_or(20_000);
    let dir = tempfile_dir();
    let path = dir.join("fleet.toml");
    let scenario = fleet_scenario(ships);
    let log = fleet_log(&scenario, commands).expect("the benchmark battle");
    let refs: Vec<_> = log.iter().collect();
    umpire::store::create_save(&path, &scenario, &refs).expect("write the save");
    drop(refs);
    drop(log);
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    println!(
        "{ships} ships, {commands} commands, save {:.1} MB",
        size as f64 / 1e6
    );
    let t = Instant::now();
    let plain = umpire::cli::Battle::open_read_only(&path, Tables::builtin()).expect("open");
    println!(
        "of which: read and replay (Battle::open_read_only) {:>6.1} ms",
        ms(t)
    );
    drop(plain);
    let before = memory_mb();

    let t = Instant::now();
    let mut app = review::open_with(&path, Tables::builtin(), Keymap::default(), None)
        .expect("open for review");
    println!(
        "open (read, replay, history marks, log panel) {:>8.1} ms",
        ms(t)
    );
    if let (Some((_, rss0)), Some((hwm, rss))) = (before, memory_mb()) {
        println!("memory: resident {rss:.0} MB after open (peak {hwm:.0} MB; {rss0:.0} MB before)");
    }
    let mut term = ratatui::Terminal::new(ratatui::backend::TestBackend::new(200, 60)).unwrap();

    let n = app.battle.game.entries().len();
    let mut back = Vec::new();
    let mut fwd = Vec::new();
    for _ in 0..300 {
        back.push(press(&mut app, "left"));
    }
    for _ in 0..300 {
        fwd.push(press(&mut app, "right"));
    }
    stats("step back one command (from the end)", back);
    stats("step forward one command", fwd);

    let mut phase = Vec::new();
    let mut turn = Vec::new();
    for _ in 0..50 {
        phase.push(press(&mut app, "<"));
    }
    for _ in 0..20 {
        turn.push(press(&mut app, "{"));
    }
    stats("phase back", phase);
    stats("turn back", turn);

    // Jumps to scattered positions (entries #seq), as the prompt does.
    let mut jumps = Vec::new();
    let mut x: u64 = 12345;
    for _ in 0..200 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let seq = 1 + (x >> 33) as usize % n;
        let t = Instant::now();
        review::submit(&mut app, &format!("#{seq}")).expect("an entry of the log");
        jumps.push(ms(t));
    }
    stats("jump to a random entry (#seq)", jumps);
    let t = Instant::now();
    press(&mut app, "home");
    let home = ms(t);
    let t = Instant::now();
    press(&mut app, "end");
    println!("jump to start {home:.2} ms, to end {:.2} ms", ms(t));

    let mut frames = Vec::new();
    for k in ["left", "<", "{", "right", "}"].iter().cycle().take(100) {
        press(&mut app, k);
        let t = Instant::now();
        term.draw(|f| umpire::tui::view::draw(f, &mut app)).unwrap();
        frames.push(ms(t));
    }
    stats("frame 200x60 after a step (TestBackend)", frames);
    if let Some((hwm, rss)) = memory_mb() {
        println!("memory at the end: resident {rss:.0} MB, peak {hwm:.0} MB");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("umpire-review-bench-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("a temporary folder");
    d
}
