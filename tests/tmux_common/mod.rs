//! The real binary in a real terminal: a tmux session per test, driven with `send-keys` and
//! read with `capture-pane`. Tests wait for screen text (never a fixed sleep). Each session has
//! its own tmux server socket and runs in a folder the test owns, so nothing touches the
//! user's tmux or $HOME. Shared by tests/e2e_tmux.rs, tests/watch.rs and tests/review.rs
//! (`mod tmux_common;`); not every test file uses every helper. Each test first asks
//! `tools_common::needed(&TMUX)`, so a machine without tmux skips it with a message.
#![allow(dead_code)]

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_umpire");

/// How long `wait_for` waits before it fails with the screen.
pub const WAIT: Duration = Duration::from_secs(20);

pub struct Tmux {
    pub socket: String,
}

impl Tmux {
    /// Run `script` (sh) in a detached tmux session of `width` x `height`, in `dir` (the
    /// script is written there as `NAME.sh`).
    pub fn start(name: &str, dir: &Path, width: u16, height: u16, script: &str) -> Tmux {
        let socket = format!("umpire-{name}-{}", std::process::id());
        let run = dir.join(format!("{name}.sh"));
        std::fs::write(&run, script).unwrap();
        let ok = Command::new("tmux")
            .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args([
                "-s",
                "main",
                "-x",
                &width.to_string(),
                "-y",
                &height.to_string(),
            ])
            .arg(format!("sh '{}'", run.display()))
            .env("TERM", "xterm-256color")
            .current_dir(dir)
            .status()
            .expect("tmux is installed");
        assert!(ok.success(), "tmux new-session");
        Tmux { socket }
    }

    fn tmux(&self, args: &[&str]) {
        let ok = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .status()
            .unwrap();
        assert!(ok.success(), "tmux {args:?}");
    }

    /// The screen as text.
    pub fn screen(&self) -> String {
        let o = Command::new("tmux")
            .args(["-L", &self.socket, "capture-pane", "-p", "-t", "main"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&o.stdout).into_owned()
    }

    /// Keys as tmux names them ("Enter", "Escape", "Left", "n").
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "main"];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    /// Text typed literally.
    pub fn type_text(&self, text: &str) {
        self.tmux(&["send-keys", "-t", "main", "-l", text]);
    }

    /// Paste `text` as one burst (tmux's paste buffer), as a terminal delivers a paste.
    pub fn paste(&self, text: &str) {
        self.tmux(&["set-buffer", "-b", "umpire-paste", "--", text]);
        self.tmux(&["paste-buffer", "-b", "umpire-paste", "-t", "main"]);
    }

    pub fn resize(&self, width: u16, height: u16) {
        let (w, h) = (width.to_string(), height.to_string());
        self.tmux(&["resize-window", "-t", "main", "-x", &w, "-y", &h]);
    }

    /// Wait until the screen shows `text`; fail with the screen after [`WAIT`].
    pub fn wait_for(&self, text: &str) -> String {
        self.wait_within(text, WAIT)
    }

    /// Wait until the screen shows `text`; fail with the screen after `limit`.
    pub fn wait_within(&self, text: &str, limit: Duration) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.contains(text) {
                return s;
            }
            if start.elapsed() > limit {
                panic!("waited {limit:?} for {text:?}; the screen:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    /// End the tmux server now: its terminals go away, as when an SSH link drops.
    pub fn kill(&self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .stderr(std::process::Stdio::null())
            .status();
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Quote a path for the session's shell script.
pub fn q(p: &Path) -> String {
    format!("'{}'", p.display())
}

/// A shell script around `umpire ARGS` with HOME and the XDG folders under `home`: after the
/// program exits it prints `EXITED <code>`, then whether the terminal is back in cooked mode
/// with echo (see [`cooked`]) and `<stty`, and stays open so the screen can be read.
pub fn script(args: &str, home: &Path) -> String {
    format!(
        "export HOME={0} XDG_DATA_HOME={0} XDG_CONFIG_HOME={0}/config\n\
         {BIN_Q} {args}\n\
         echo \"EXITED $?\"\n\
         stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '\n\
         echo '<stty'\n\
         sleep 600\n",
        q(home),
        BIN_Q = q(Path::new(BIN)),
    )
}

/// `stty` printed icanon and echo (not -icanon, -echo): raw mode was left.
pub fn cooked(screen: &str) -> bool {
    let words: Vec<&str> = screen.split_whitespace().collect();
    words.contains(&"icanon") && words.contains(&"echo")
}

/// The umpire process whose command line mentions `needle` (not the shell around it).
pub fn pid_of(needle: &str) -> i32 {
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
        assert!(start.elapsed() < WAIT, "no process for {needle}");
        std::thread::sleep(Duration::from_millis(40));
    }
}

/// Whether process `pid` is still running (a zombie counts as gone).
pub fn alive(pid: i32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|s| {
            let state = s.rsplit(')').next().unwrap_or("").split_whitespace().next();
            state != Some("Z")
        })
        .unwrap_or(false)
}

/// Wait until process `pid` has ended; fail after `limit`.
pub fn wait_gone(pid: i32, limit: Duration) {
    let start = Instant::now();
    while alive(pid) {
        assert!(
            start.elapsed() < limit,
            "process {pid} still running after {limit:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}
