//! End to end: the real binary in a real terminal (tmux), driven as a user drives it. Each
//! test waits for screen text (never a fixed sleep), then checks the save file with
//! `umpire status --json` / `umpire log`. Each test has its own tmux server socket and its own
//! data directory, so nothing touches the user's tmux or $HOME.
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_umpire");

struct Tmux {
    socket: String,
    dir: tempfile::TempDir,
}

impl Tmux {
    /// Start `script` (sh) in a detached tmux session of the given size.
    fn start(name: &str, width: u16, height: u16, script: &str) -> Tmux {
        let dir = tempfile::tempdir().unwrap();
        let socket = format!("umpire-e2e-{name}-{}", std::process::id());
        let run = dir.path().join("run.sh");
        std::fs::write(&run, script).unwrap();
        let ok = Command::new("tmux")
            .args([
                "-L",
                &socket,
                "-f",
                "/dev/null",
                "new-session",
                "-d",
                "-s",
                "main",
            ])
            .args(["-x", &width.to_string(), "-y", &height.to_string()])
            .arg(format!("sh {}", run.display()))
            .env("TERM", "xterm-256color")
            .current_dir(dir.path())
            .status()
            .expect("tmux is installed");
        assert!(ok.success());
        Tmux { socket, dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn screen(&self) -> String {
        let o = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p", "-t", "main"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&o.stdout).into_owned()
    }

    /// Keys as tmux names them ("Enter", "Escape", "n"); `-l` text is typed literally.
    fn keys(&self, keys: &[&str]) {
        let ok = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "-t", "main"])
            .args(keys)
            .status()
            .unwrap();
        assert!(ok.success());
    }

    fn type_text(&self, text: &str) {
        let ok = Command::new("tmux")
            .args(["-L", &self.socket, "send-keys", "-t", "main", "-l", text])
            .status()
            .unwrap();
        assert!(ok.success());
    }

    /// Wait until the screen shows `text`; fail with the screen after 20 s.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            if start.elapsed() > Duration::from_secs(20) {
                panic!("waited 20 s for {text:?}; the screen:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(40));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
    }
}

/// The shell around the dashboard: after it exits, say how, and show whether the terminal is
/// back in cooked mode with echo (the restore worked).
fn script(args: &str, data: &Path) -> String {
    format!(
        "XDG_DATA_HOME='{}' HOME='{}' '{BIN}' {args}\n\
         echo \"EXITED $?\"\n\
         stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '\n\
         echo '<stty'\n\
         sleep 600\n",
        data.display(),
        data.display()
    )
}

/// `stty` printed icanon and echo (not -icanon, -echo): raw mode was left.
fn cooked(screen: &str) -> bool {
    let words: Vec<&str> = screen.split_whitespace().collect();
    words.contains(&"icanon") && words.contains(&"echo")
}

fn umpire(args: &[&str], file: &Path) -> String {
    let o = Command::new(BIN).args(args).arg(file).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn status(file: &Path) -> serde_json::Value {
    serde_json::from_str(&umpire(&["status", "--json"], file)).unwrap()
}

fn only_save(dir: &Path) -> PathBuf {
    let saves: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    saves[0].clone()
}

/// The process whose command line mentions `needle` (the dashboard, not the shell).
fn pid_of(needle: &str) -> i32 {
    let start = Instant::now();
    loop {
        for e in std::fs::read_dir("/proc").unwrap().flatten() {
            let Ok(pid) = e.file_name().to_string_lossy().parse::<i32>() else {
                continue;
            };
            let Ok(cmd) = std::fs::read(e.path().join("cmdline")) else {
                continue;
            };
            let cmd = String::from_utf8_lossy(&cmd).replace('\0', " ");
            if cmd.starts_with(BIN) && cmd.contains(needle) {
                return pid;
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no process for {needle}"
        );
        std::thread::sleep(Duration::from_millis(40));
    }
}

#[test]
fn an_umpire_plays_the_demo_from_the_keyboard_and_the_save_has_it_all() {
    let probe = tempfile::tempdir().unwrap();
    let data = probe.path().join("data");
    let t = Tmux::start("journey", 100, 30, &script("", &data));
    t.wait_for("HMS Tiger");
    t.wait_for("1200 plotting");
    // End a phase with the key, and one with the prompt.
    t.keys(&["n"]);
    t.wait_for("1200 movement");
    t.keys(&[":"]);
    t.type_text("next");
    t.keys(&["Enter"]);
    t.wait_for("1200 planned_fire");
    // Record a hit through the form.
    t.keys(&["d"]);
    t.wait_for("Hit on HMS Tiger");
    t.type_text("120");
    t.wait_for("= hit tiger 120");
    t.keys(&["Enter"]);
    t.wait_for("1 hit pending");
    // Ask mode: answer the first die by hand, let the console roll the rest.
    t.keys(&["m"]);
    t.wait_for("dice ASK");
    t.keys(&["n"]);
    t.wait_for("D6 — critical count, HMS Tiger");
    t.type_text("9");
    t.keys(&["Enter"]);
    t.wait_for("9 is not a face of a D6");
    t.type_text("6");
    t.keys(&["Enter"]);
    let start = Instant::now();
    while !t.screen().contains("1200 detection") {
        if t.screen().contains("Roll a die") {
            t.keys(&["Enter"]);
        }
        assert!(start.elapsed() < Duration::from_secs(20), "{}", t.screen());
        std::thread::sleep(Duration::from_millis(60));
    }
    // Undo the phase end: back to planned fire, the hit pending again.
    t.keys(&["u"]);
    t.wait_for("1200 planned_fire");
    t.wait_for("1 hit pending");
    // Quit, confirmed.
    t.keys(&["q"]);
    t.wait_for("Quit the dashboard?");
    t.keys(&["y"]);
    let after = t.wait_for("<stty");
    assert!(after.contains("EXITED 0"), "{after}");
    assert!(after.contains("resume with: umpire play"), "{after}");
    assert!(cooked(&after), "terminal restored: {after}");

    let save = only_save(&data.join("umpire").join("saves"));
    let s = status(&save);
    assert_eq!(s["clock"]["turn"], "1200");
    assert_eq!(s["clock"]["phase"], "planned_fire");
    assert_eq!(s["ships"][0]["id"], "tiger");
    assert_eq!(s["ships"][0]["damage"], 0, "the resolution was undone");
    assert_eq!(s["ships"][0]["pending_hits"], 1);
    let log = umpire(&["log"], &save);
    assert!(log.contains("D6 = 6 (critical count, HMS Tiger"), "{log}");
    assert!(log.contains("typed"), "{log}");
    assert!(log.contains("(undone)"), "{log}");
    let cmds: Vec<&str> = log
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.split_whitespace().skip(3).collect::<Vec<_>>().join(" "))
        .map(|c| Box::leak(c.into_boxed_str()) as &str)
        .collect();
    assert_eq!(
        cmds,
        ["next", "next", "hit tiger 120", "next (undone)", "undo"]
    );
}

#[test]
fn sigterm_and_sighup_restore_the_terminal_and_lose_nothing() {
    for (name, signal) in [("term", "TERM"), ("hup", "HUP")] {
        let probe = tempfile::tempdir().unwrap();
        let save = probe.path().join(format!("signal-{name}.toml"));
        let args = format!("play --save '{}' '{}'", save.display(), demo_file(&probe));
        let t = Tmux::start(name, 80, 24, &script(&args, &probe.path().join("data")));
        t.wait_for("1200 plotting");
        t.keys(&["n"]);
        t.wait_for("1200 movement");
        t.keys(&["n"]);
        t.wait_for("1200 planned_fire");
        let pid = pid_of(&save.display().to_string());
        let ok = Command::new("kill")
            .args([format!("-{signal}"), pid.to_string()])
            .status()
            .unwrap();
        assert!(ok.success());
        let after = t.wait_for("<stty");
        assert!(after.contains("EXITED"), "{after}");
        assert!(cooked(&after), "SIG{signal}: terminal restored: {after}");
        assert!(
            !after.contains("Fleet"),
            "left the alternate screen: {after}"
        );
        let s = status(&save);
        assert_eq!(
            s["clock"]["phase"], "planned_fire",
            "SIG{signal}: nothing lost"
        );
        drop(t);
    }
}

#[test]
fn too_small_a_terminal_gets_a_message_then_the_dashboard_when_enlarged() {
    let probe = tempfile::tempdir().unwrap();
    let save = probe.path().join("small.toml");
    let args = format!("play --save '{}' '{}'", save.display(), demo_file(&probe));
    let t = Tmux::start("small", 60, 20, &script(&args, &probe.path().join("data")));
    t.wait_for("terminal too small: 60x20");
    let ok = Command::new("tmux")
        .args([
            "-L",
            &t.socket,
            "resize-window",
            "-t",
            "main",
            "-x",
            "80",
            "-y",
            "24",
        ])
        .status()
        .unwrap();
    assert!(ok.success());
    t.wait_for("HMS Tiger");
    t.keys(&["q", "y"]);
    t.wait_for("EXITED 0");
    let _ = t.path();
}

/// The demo scenario as a file to `play`.
fn demo_file(dir: &tempfile::TempDir) -> String {
    let p = dir.path().join("demo-scenario.toml");
    let o = Command::new(BIN).arg("demo").arg(&p).output().unwrap();
    assert!(o.status.success());
    p.display().to_string()
}
