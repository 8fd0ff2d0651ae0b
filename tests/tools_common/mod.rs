//! Programs outside the Rust toolchain that some tests drive: tmux (the dashboard in a real
//! terminal) and headless Chromium (the HTML report's charts, the printed record sheets). A
//! fresh machine with only the Rust toolchain must pass `cargo test`, so a test whose program
//! is missing says `skipped: no ...` and passes, unless the program is required: `.ci/run`
//! installs both and sets `UMPIRE_REQUIRE_TMUX=1` and `UMPIRE_REQUIRE_BROWSER=1`, so there a
//! missing program fails the test. Shared by tests/e2e_tmux.rs, tests/watch.rs, tests/review.rs,
//! tests/report.rs and tests/sheets.rs (`mod tools_common;`).
#![allow(dead_code)] // not every test file uses every program

use std::path::PathBuf;

/// A program some tests need, and how to find it.
pub struct Tool {
    /// What the skip message calls it.
    pub what: &'static str,
    /// Names looked up on `PATH`, in order.
    pub names: &'static [&'static str],
    /// A variable naming the program's path, used as is when set (a wrong path then fails the
    /// test: the user asked for that program).
    pub path_var: Option<&'static str>,
    /// Set to `1` to fail instead of skipping when the program is missing.
    pub require_var: &'static str,
    /// How to get it.
    pub install: &'static str,
}

pub const TMUX: Tool = Tool {
    what: "tmux",
    names: &["tmux"],
    path_var: None,
    require_var: "UMPIRE_REQUIRE_TMUX",
    install: "`apt-get install tmux` (Debian)",
};

pub const CHROMIUM: Tool = Tool {
    what: "chromium",
    names: &["chromium", "chromium-browser"],
    path_var: Some("UMPIRE_CHROMIUM"),
    require_var: "UMPIRE_REQUIRE_BROWSER",
    install: "`apt-get install chromium` (Debian), or set UMPIRE_CHROMIUM=/path/to/chromium",
};

/// Where `tool` is: its path variable if set, else the first of its names on `PATH`.
pub fn find(tool: &Tool) -> Option<PathBuf> {
    if let Some(p) = tool.path_var.and_then(std::env::var_os) {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|d| tool.names.iter().map(move |n| d.join(n)))
        .find(|p| p.is_file())
}

/// The program for a test that needs `tool`, or `None` when it is missing and not required
/// (the caller returns: the test is skipped, and says so on stderr). Panics when it is missing
/// and `require_var` is `1`.
pub fn needed(tool: &Tool) -> Option<PathBuf> {
    if let Some(p) = find(tool) {
        return Some(p);
    }
    // The test harness names each test's thread after the test.
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("this test");
    let required = std::env::var(tool.require_var).as_deref() == Ok("1");
    assert!(
        !required,
        "{test} needs {} and {}=1 requires it, but it is not on PATH: install it with {}",
        tool.what, tool.require_var, tool.install
    );
    eprintln!(
        "skipped: no {} on PATH for {test} (install it with {}; {}=1 makes its absence a \
         failure)",
        tool.what, tool.install, tool.require_var
    );
    None
}
