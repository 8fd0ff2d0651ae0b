//! The umpire's dashboard (ratatui + crossterm). `open` does all fallible loading before the
//! terminal is touched; `run` is the event loop: draw, wait for a key or a signal, update.
//! Every command is durable in the save before the screen shows it, so quitting, a crash, a
//! SIGTERM or a dropped SSH link (SIGHUP) loses nothing; the terminal is restored on each.
//!
//! Written once for every ruleset: the loop ([`run`], [`Screen`]), opening a battle to play
//! ([`PlayOptions`]), the keymap, the panels, the help, the log panel, the prompt's line editing
//! and completion, the search, the theme, the builder (`umpire new`) and the dashboard drawn
//! from a ruleset's screen model ([`board::BoardApp`], with its review and watch faces), the same
//! for every ruleset; what the faces ask of it is [`dashboard`]. FG&DN's hit-chance calculator,
//! a form it draws itself, is in [`fgdn`].
pub mod ask;
pub mod board;
pub mod builder;
pub mod command;
pub mod dashboard;
pub mod edit;
pub mod fgdn;
pub mod follow;
pub mod form;
pub mod help;
pub mod keymap;
pub mod log_panel;
pub mod measure;
pub mod panels;
pub mod search;
pub mod theme;
pub mod view;

use crate::core::board::Board;
use crate::core::ruleset::Ruleset;
use crate::session::{self, default_data_dir, is_save, new_save, Error, Session};
use board::BoardApp;
use keymap::Keymap;
use ratatui::crossterm::event::{self, Event};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Where the save is and whether it can be written.
pub enum Save {
    Writer(crate::store::SaveWriter),
    /// Opened read-only, with the reason (another console holds the save, or it cannot be
    /// written).
    ReadOnly(String),
}

/// How often a watcher looks at the save (one `stat` when nothing changed): a command is on the
/// watchers' screens well within a second.
pub const POLL: Duration = Duration::from_millis(100);

/// Where `umpire play` takes its battle from and where it saves.
#[derive(Debug, Clone, Default)]
pub struct PlayOptions {
    /// A scenario or save; None plays the built-in demo.
    pub file: Option<PathBuf>,
    /// Start a new save here (default: a scenario starts a new save in the data directory,
    /// a save is continued in place).
    pub save: Option<PathBuf>,
    /// A keymap file (default: the user's config directory, umpire/keymap.toml, if present).
    pub keymap: Option<PathBuf>,
    /// Where new saves go when `save` is not given (default: the platform data directory).
    pub data_dir: Option<PathBuf>,
}

fn default_keymap_file() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "umpire")
        .map(|d| d.config_dir().join("keymap.toml"))
        .filter(|p| p.exists())
}

pub fn load_keymap(path: Option<&Path>) -> Result<Keymap, Error> {
    let path = match path {
        Some(p) => Some(p.to_path_buf()),
        None => default_keymap_file(),
    };
    let Some(path) = path else {
        return Ok(Keymap::default());
    };
    let name = path.display().to_string();
    let text = std::fs::read_to_string(&path)
        .map_err(|e| Error::input(format!("{name}: cannot read: {e}")))?;
    Keymap::with_overrides(&name, &text).map_err(Error::input)
}

fn stamp() -> String {
    chrono::Local::now().format("%Y%m%d-%H%M%S").to_string()
}

/// Load everything the generic dashboard ([`board::BoardApp`]) needs, before the terminal is
/// touched: the battle, the save it writes to (locked), the keymap; `demo` is the ruleset's demo
/// battle (name, text), played when no file is given. A save another console is writing opens
/// read-only.
pub fn open_board<R: Board>(
    options: &PlayOptions,
    tables: R::Tables,
    demo: (&str, &str),
) -> Result<BoardApp<R>, Error> {
    let (battle, save, target, keymap) = open_session::<R>(options, tables, demo)?;
    let mut app = BoardApp::new(battle, save, Some(target), keymap);
    app.theme = theme::Theme::from_env();
    app.wall = || Some(session::wall_now());
    Ok(app)
}

/// The battle to play, its save (locked, or read-only with the reason), the save's path and the
/// keymap: a save is continued in place; a scenario (or the demo) starts a new save.
pub(crate) fn open_session<R: Ruleset>(
    options: &PlayOptions,
    tables: R::Tables,
    demo: (&str, &str),
) -> Result<(Session<R>, Save, PathBuf, Keymap), Error> {
    let keymap = load_keymap(options.keymap.as_deref())?;
    // A save is continued in place and read once, under its lock (below); a scenario (or a
    // save with --save) is read here only to start the new save.
    let in_place = match &options.file {
        Some(path) if options.save.is_none() => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| Error::input(format!("{}: cannot read: {e}", path.display())))?;
            is_save(&text).then(|| path.clone())
        }
        _ => None,
    };
    let continue_in_place = in_place.is_some();
    let target = match in_place {
        Some(path) => path,
        None => {
            let source = match &options.file {
                None => Session::<R>::from_text(demo.0, demo.1, tables.clone())?,
                Some(path) => Session::<R>::open(path, tables.clone())?,
            };
            let path = match &options.save {
                Some(p) => p.clone(),
                None => {
                    let dir = options
                        .data_dir
                        .clone()
                        .or_else(default_data_dir)
                        .ok_or_else(|| {
                            Error::input("no data directory on this system: give --save FILE")
                        })?;
                    let stem = options
                        .file
                        .as_deref()
                        .and_then(|p| p.file_stem())
                        .map(|s| s.to_string_lossy().to_string())
                        .unwrap_or_else(|| "demo".into());
                    dir.join(format!("{stem}-{}.toml", stamp()))
                }
            };
            new_save(&path, &source)?;
            path
        }
    };
    // Lock first, then read under the lock: what is on screen is what is in the file. A save
    // another umpire is writing (or that cannot be written) opens read-only, saying why.
    let (battle, save) = match Session::<R>::open_writable(&target, tables.clone()) {
        Ok((battle, writer)) => (battle, Save::Writer(writer)),
        Err(e) if continue_in_place => (
            Session::<R>::open_read_only(&target, tables)?,
            Save::ReadOnly(e.message),
        ),
        Err(e) => return Err(e),
    };
    for w in &battle.warnings {
        eprintln!("warning: {w}");
    }
    Ok((battle, save, target, keymap))
}

/// What the event loop drives: the dashboard ([`board::BoardApp`]) or the builder.
pub trait Screen {
    fn draw(&mut self, frame: &mut ratatui::Frame);
    fn on_key(&mut self, key: ratatui::crossterm::event::KeyEvent);
    /// The umpire asked to quit.
    fn done(&self) -> bool;
}

/// The event loop on the real terminal. Returns when the umpire quits or a signal asks the
/// process to end; the terminal is restored on every path (panics by ratatui's hook).
pub fn run<S: Screen>(app: &mut S) -> Result<(), Error> {
    run_with(app, None)
}

/// Work the loop does between keys, every `every` (`umpire watch`: read what the umpire
/// appended); `call` returns whether the screen must be drawn again.
pub struct Tick<'a, S> {
    pub every: Duration,
    pub call: &'a mut dyn FnMut(&mut S) -> bool,
}

/// How often the loop wakes without a key when it has no tick (to notice a signal).
const IDLE: Duration = Duration::from_millis(200);

/// [`run`], with work between keys.
pub fn run_with<S: Screen>(app: &mut S, tick: Option<Tick<S>>) -> Result<(), Error> {
    let stop = Arc::new(AtomicBool::new(false));
    // Every signal that would end the process by default ends the loop instead, so the
    // terminal is restored (SIGQUIT and SIGUSR1 too: issue 15).
    for sig in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGQUIT,
        signal_hook::consts::SIGUSR1,
    ] {
        signal_hook::flag::register(sig, Arc::clone(&stop))
            .map_err(|e| Error::input(format!("cannot watch signals: {e}")))?;
    }
    let mut terminal =
        ratatui::try_init().map_err(|e| Error::input(format!("cannot open the terminal: {e}")))?;
    let done = Arc::new(AtomicBool::new(false));
    watchdog(Arc::clone(&stop), Arc::clone(&done));
    let result = event_loop(&mut terminal, app, &stop, tick);
    ratatui::restore();
    done.store(true, Ordering::Relaxed);
    result.map_err(|e| Error::input(format!("terminal: {e}")))
}

/// A thread beside the loop for the two ways it can be left waiting forever: a signal the
/// loop does not get to (it ends the process after a grace second), and a terminal that went
/// away with no signal at all (an SSH link or a tmux pane closed under a shell that ignores
/// SIGHUP). crossterm then waits on the dead terminal without end and at full CPU (its
/// issue 793), so the loop cannot notice by itself; the thread sees that standard input is
/// no longer a terminal and ends the process. Nothing is lost: every command was durable
/// before it was shown.
fn watchdog(stop: Arc<AtomicBool>, done: Arc<AtomicBool>) {
    use std::io::IsTerminal;
    let spawned = std::thread::Builder::new()
        .name("terminal watchdog".into())
        .spawn(move || {
            let mut asked_at: Option<std::time::Instant> = None;
            while !done.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(100));
                if !std::io::stdin().is_terminal() {
                    // The terminal is gone: there is nothing to restore or draw on.
                    std::process::exit(0);
                }
                if stop.load(Ordering::Relaxed) {
                    let since = *asked_at.get_or_insert_with(std::time::Instant::now);
                    if since.elapsed() > Duration::from_secs(1) && !done.load(Ordering::Relaxed) {
                        ratatui::restore();
                        std::process::exit(0);
                    }
                }
            }
        });
    // Without the thread the loop still ends on a signal it gets to; that is all it can do.
    drop(spawned);
}

fn event_loop<S: Screen>(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut S,
    stop: &AtomicBool,
    mut tick: Option<Tick<S>>,
) -> std::io::Result<()> {
    let every = tick.as_ref().map_or(IDLE, |t| t.every);
    let mut dirty = true;
    let mut next = Instant::now() + every;
    loop {
        if app.done() || stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        if dirty {
            terminal.draw(|f| app.draw(f))?;
            dirty = false;
        }
        // Wake for a key, or at the next tick so a signal (or the watched save) is noticed
        // when no key comes; draw only after something happened (ratatui then sends only the
        // cells that changed).
        // Everything already typed (a paste of many commands) is taken before the next frame:
        // drawing between each key would leave the rest of a long paste waiting for a key.
        let mut wait = next.saturating_duration_since(Instant::now());
        while event::poll(wait)? {
            match event::read()? {
                Event::Key(key) => {
                    app.on_key(key);
                    dirty = true;
                }
                Event::Resize(_, _) => {
                    terminal.autoresize()?;
                    dirty = true;
                }
                _ => {}
            }
            if app.done() || stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            wait = Duration::ZERO;
        }
        if Instant::now() >= next {
            if let Some(t) = tick.as_mut() {
                dirty |= (t.call)(app);
            }
            next = Instant::now() + every;
        }
    }
}

/// `umpire` and `umpire play` on the generic dashboard: open and run; returns what to tell the
/// umpire after the terminal is restored (where the battle is saved), if anything.
pub fn play_board<R: Board>(
    options: &PlayOptions,
    tables: R::Tables,
    demo: (&str, &str),
) -> Result<Option<String>, Error> {
    need_terminal()?;
    let mut app = open_board::<R>(options, tables, demo)?;
    run(&mut app)?;
    Ok(farewell(
        app.save_path.as_deref(),
        app.read_only().is_none(),
    ))
}

pub(crate) fn need_terminal() -> Result<(), Error> {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(Error::input(
            "the dashboard needs a terminal. Without one, drive a battle headless:\n  \
             umpire demo battle.toml                      # write the demo battle to a file\n  \
             umpire run battle.toml --script moves.txt    # apply commands (see README)\n  \
             umpire status battle.toml [--json]\n  \
             umpire log battle.toml [--ship tiger] [--format text|md|csv|json]",
        ));
    }
    Ok(())
}

pub(crate) fn farewell(path: Option<&Path>, writable: bool) -> Option<String> {
    let path = path.filter(|_| writable)?;
    Some(format!(
        "every command is saved in {}\nresume with: umpire play {}",
        path.display(),
        path.display()
    ))
}
