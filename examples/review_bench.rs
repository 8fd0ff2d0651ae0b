//! Figures for `umpire review` at fleet scale (SPEC 7 sizes): open, steps back and forward,
//! jumps, and a frame, on the benchmark battle of `umpire bench`.
//!
//! `cargo run --release --example review_bench [SHIPS] [COMMANDS]` (default 250 20000)
//! generates the battle, then measures it in a fresh process (so the memory figures are the
//! review's own, not the generator's); `review_bench FILE` measures a save you have (e.g. one
//! `umpire bench --dir DIR` kept).
use std::time::Instant;
use umpire::cli::bench::{battle_log, battle_scenario, memory_mb, Undos};
use umpire::rulesets::fgdn::tables::Tables;
use umpire::rulesets::fgdn::Fgdn;
use umpire::tui::board::{review, BoardApp};

type App = BoardApp<Fgdn>;
use umpire::tui::keymap::{key_event, Keymap};

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

/// This thread's CPU time in ms: on a shared machine the wall clock also counts the time
/// other processes had the CPU, so both are shown.
fn cpu_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given and nothing else.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 * 1000.0 + ts.tv_nsec as f64 / 1e6
}

/// Wall and CPU time of `f`, in ms.
fn timed(f: impl FnOnce()) -> (f64, f64) {
    let (t, c) = (Instant::now(), cpu_ms());
    f();
    (ms(t), cpu_ms() - c)
}

fn stats(name: &str, v: Vec<(f64, f64)>) {
    let line = |mut v: Vec<f64>| {
        v.sort_by(|a, b| a.total_cmp(b));
        let at = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
        format!("{:>6.2} {:>6.2} {:>6.2}", at(0.5), at(0.99), at(1.0))
    };
    println!(
        "{name:<40} wall {}  cpu {}  ({} samples)",
        line(v.iter().map(|x| x.0).collect()),
        line(v.iter().map(|x| x.1).collect()),
        v.len()
    );
}

fn press(app: &mut App, key: &str) -> (f64, f64) {
    let key = key_event(key).expect("a key name");
    timed(|| app.on_key(key))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [file] = args.as_slice() {
        if file.parse::<usize>().is_err() {
            measure(std::path::Path::new(file));
            return;
        }
    }
    let nums: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    let ships = nums.first().copied().unwrap_or(250);
    let commands = nums.get(1).copied().unwrap_or(20_000);
    let dir = tempfile_dir();
    let path = dir.join("fleet.toml");
    let scenario = battle_scenario::<Fgdn>(ships).expect("the benchmark scenario");
    let log =
        battle_log::<Fgdn>(&scenario, commands, Undos::default()).expect("the benchmark battle");
    let refs: Vec<_> = log.iter().collect();
    umpire::store::create_save(&path, &scenario, &refs).expect("write the save");
    println!("{ships} ships, {commands} commands");
    let exe = std::env::current_exe().expect("this program's path");
    let status = std::process::Command::new(exe)
        .arg(&path)
        .status()
        .expect("the measuring process");
    let _ = std::fs::remove_dir_all(&dir);
    std::process::exit(status.code().unwrap_or(1));
}

/// Measure the review of the save at `path` (in a process that did nothing else before).
fn measure(path: &std::path::Path) {
    let size = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    println!("{}: save {:.1} MB", path.display(), size as f64 / 1e6);
    let before = memory_mb();
    println!("{:<40} wall median p99 max   cpu median p99 max (ms)", "");

    let t = Instant::now();
    let mut app = review::open_review::<Fgdn>(path, Tables::builtin(), Keymap::default(), None)
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
        jumps.push(timed(|| {
            review::submit(&mut app, &format!("#{seq}")).expect("an entry of the log")
        }));
    }
    stats("jump to a random entry (#seq)", jumps);
    let home = press(&mut app, "home").0;
    let end = press(&mut app, "end").0;
    println!("jump to start {home:.2} ms, to end {end:.2} ms (wall)");

    let mut frames = Vec::new();
    for k in ["left", "<", "{", "right", "}"].iter().cycle().take(100) {
        press(&mut app, k);
        frames.push(timed(|| {
            term.draw(|f| app.draw(f)).map(drop).expect("a frame");
        }));
    }
    stats("frame 200x60 after a step (TestBackend)", frames);
    if let Some(r) = &app.review {
        println!("history marks held at the end: {}", r.review.marks_held());
    }
    if let Some((hwm, rss)) = memory_mb() {
        println!("memory at the end: resident {rss:.0} MB, peak {hwm:.0} MB");
    }
    // Last, so that its memory is not in the figures above.
    drop(app);
    let t = Instant::now();
    let plain = umpire::cli::Battle::open_read_only(path, Tables::builtin()).expect("open");
    println!(
        "of the open: read and replay alone (Battle::open_read_only) {:>6.1} ms",
        ms(t)
    );
    drop(plain);
}

fn tempfile_dir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("umpire-review-bench-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("a temporary folder");
    d
}
