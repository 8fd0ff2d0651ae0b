//! Keys -> actions. The default keymap is `keymap.toml`, compiled in; a user file overrides
//! the keys of the actions it names. `Keymap::action` is a pure function of the key, so every
//! binding is tested, and the help screen is generated from the same table. The `[review]`
//! table holds the keys of `umpire review`, which come before `[keys]` there.
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

pub const DEFAULT_KEYMAP: &str = include_str!("keymap.toml");

/// Everything a key can do in the dashboard's normal mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    EndPhase,
    NextTurn,
    Hit,
    Fire,
    Flood,
    Critical,
    HitChance,
    Undo,
    Redo,
    DiceMode,
    Command,
    Search,
    SearchNext,
    SearchPrev,
    FilterLog,
    LogView,
    DetailView,
    Help,
    Quit,
    Up,
    Down,
    FocusFleet,
    FocusLog,
    FocusNext,
    PageUp,
    PageDown,
    Top,
    Bottom,
    Cancel,
    // `umpire review` only (the `[review]` table).
    StepBack,
    StepForward,
    PhaseBack,
    PhaseForward,
    TurnBack,
    TurnForward,
    NoteNext,
    NotePrev,
    KindFilter,
    ReviewStart,
    ReviewEnd,
}

impl Action {
    pub const ALL: [Action; 40] = [
        Action::EndPhase,
        Action::NextTurn,
        Action::Hit,
        Action::Fire,
        Action::Flood,
        Action::Critical,
        Action::HitChance,
        Action::Undo,
        Action::Redo,
        Action::DiceMode,
        Action::Command,
        Action::Search,
        Action::SearchNext,
        Action::SearchPrev,
        Action::FilterLog,
        Action::LogView,
        Action::DetailView,
        Action::Help,
        Action::Quit,
        Action::Up,
        Action::Down,
        Action::FocusFleet,
        Action::FocusLog,
        Action::FocusNext,
        Action::PageUp,
        Action::PageDown,
        Action::Top,
        Action::Bottom,
        Action::Cancel,
        Action::StepBack,
        Action::StepForward,
        Action::PhaseBack,
        Action::PhaseForward,
        Action::TurnBack,
        Action::TurnForward,
        Action::NoteNext,
        Action::NotePrev,
        Action::KindFilter,
        Action::ReviewStart,
        Action::ReviewEnd,
    ];

    /// Whether the action belongs to `umpire review` (bound in the `[review]` table).
    pub fn is_review(self) -> bool {
        matches!(
            self,
            Action::StepBack
                | Action::StepForward
                | Action::PhaseBack
                | Action::PhaseForward
                | Action::TurnBack
                | Action::TurnForward
                | Action::NoteNext
                | Action::NotePrev
                | Action::KindFilter
                | Action::ReviewStart
                | Action::ReviewEnd
        )
    }

    /// Whether the action would change the battle (refused in review, which is read-only).
    pub fn changes_battle(self) -> bool {
        matches!(
            self,
            Action::EndPhase
                | Action::NextTurn
                | Action::Hit
                | Action::Fire
                | Action::Flood
                | Action::Critical
                | Action::HitChance
                | Action::Undo
                | Action::Redo
                | Action::DiceMode
        )
    }

    /// Whether the action works in `face`. Review and watch are read-only: nothing that
    /// would change the battle; a watcher has no prompt (review's prompt jumps); the review's
    /// own keys work only in review.
    pub fn works_in(self, face: Face) -> bool {
        match face {
            Face::Play => !self.is_review(),
            Face::Review => !self.changes_battle(),
            Face::Watch => !self.changes_battle() && !self.is_review() && self != Action::Command,
        }
    }

    /// What the action does in `face`, for the help screen.
    pub fn describe_in(self, face: Face) -> &'static str {
        match (self, face) {
            (Action::Quit, Face::Watch) => "quit at once (nothing to save: read-only)",
            (Action::Quit, Face::Review) => "quit (asks first; a review changes nothing)",
            _ => self.describe(),
        }
    }

    /// The serde name, as written in keymap files.
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// What the action does, for the help screen.
    pub fn describe(self) -> &'static str {
        match self {
            Action::EndPhase => "end the phase (`next`): resolve hits, fire what is due",
            Action::NextTurn => "advance to the next turn (`turn`)",
            Action::Hit => "record a hit on the selected ship (form)",
            Action::Fire => "start a fire of known severity on the selected ship",
            Action::Flood => "start flooding of known severity on the selected ship",
            Action::Critical => "declare a critical hit on the selected ship",
            Action::HitChance => "gun hit chance of the selected ship's salvo (form, p. 6-4)",
            Action::Undo => "undo the last command (its dice and effects together)",
            Action::Redo => "redo the last undone command",
            Action::DiceMode => "switch dice: console rolls / ask at every die",
            Action::Command => "open the command prompt (the script language)",
            Action::Search => "search the log",
            Action::SearchNext => "next search match (older)",
            Action::SearchPrev => "previous search match (newer)",
            Action::FilterLog => "log: only the selected ship / everything",
            Action::LogView => "the log full screen: every line whole (Esc back)",
            Action::DetailView => "the ship's detail and the due list full screen (Esc back)",
            Action::Help => "this help",
            Action::Quit => "quit (asks first; everything is already saved)",
            Action::Up => "select the ship above / scroll the log up",
            Action::Down => "select the ship below / scroll the log down",
            Action::FocusFleet => "focus the fleet",
            Action::FocusLog => "focus the log",
            Action::FocusNext => "switch focus between fleet and log",
            Action::PageUp => "log: page up",
            Action::PageDown => "log: page down",
            Action::Top => "first ship / oldest log line",
            Action::Bottom => "last ship / newest log line",
            Action::Cancel => "clear the message and the search",
            Action::StepBack => "review: one command back",
            Action::StepForward => "review: one command forward",
            Action::PhaseBack => "review: to the start of this phase / the one before",
            Action::PhaseForward => "review: to the start of the next phase",
            Action::TurnBack => "review: to the start of this turn / the one before",
            Action::TurnForward => "review: to the start of the next turn",
            Action::NoteNext => "review: to the next note (bookmark)",
            Action::NotePrev => "review: to the previous note (bookmark)",
            Action::KindFilter => {
                "review: log kind: criticals, fires/floods, DC, sinkings, overrides, all"
            }
            Action::ReviewStart => "review: to the scenario's start",
            Action::ReviewEnd => "review: to the end of the log",
        }
    }
}

/// Which dashboard the keys are pressed in: `umpire play`, `umpire review` or `umpire watch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    Play,
    Review,
    Watch,
}

/// What a dashboard does with a key before its mode sees it: None, take it as it is; else
/// take these keys in turn instead (none: a release, ignored). A terminal reads Esc followed
/// quickly by a key as Alt+key (a fast umpire, or a slow SSH link): that is Esc and then the
/// key (Esc only where something is open, `normal` false). Ctrl-C leaves any prompt, form or
/// question as Esc does (nothing changes); in the normal mode and at the quit question it is
/// the dashboard's own (`quitting`).
pub fn rewrite(key: &KeyEvent, normal: bool, quitting: bool) -> Option<Vec<KeyEvent>> {
    let esc = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
    if key.kind != KeyEventKind::Press {
        return Some(Vec::new());
    }
    if key.modifiers.contains(KeyModifiers::ALT) {
        let mut plain = *key;
        plain.modifiers.remove(KeyModifiers::ALT);
        return Some(if normal {
            vec![plain]
        } else {
            vec![esc, plain]
        });
    }
    let ctrl_c = key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
    (ctrl_c && !normal && !quitting).then(|| vec![esc])
}

/// A key at the quit question: true quits (y, q, Enter, Ctrl-C); any other stays.
pub fn quits(key: &KeyEvent) -> bool {
    let ctrl_c = key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL);
    ctrl_c || matches!(key.code, KeyCode::Char('y' | 'Y' | 'q') | KeyCode::Enter)
}

/// The canonical name of a key event, or None for keys that are not bindable (releases,
/// modifier-only events). Shift+letter is the uppercase letter; Ctrl+letter is `ctrl-x`.
pub fn key_name(ev: &KeyEvent) -> Option<String> {
    if ev.kind != KeyEventKind::Press {
        return None;
    }
    let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
    let base = match ev.code {
        KeyCode::Char(' ') => "space".to_string(),
        KeyCode::Char(c) if ctrl => c.to_ascii_lowercase().to_string(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Enter => "enter".into(),
        KeyCode::Esc => "esc".into(),
        KeyCode::Tab => "tab".into(),
        KeyCode::BackTab => "backtab".into(),
        KeyCode::Backspace => "backspace".into(),
        KeyCode::Up => "up".into(),
        KeyCode::Down => "down".into(),
        KeyCode::Left => "left".into(),
        KeyCode::Right => "right".into(),
        KeyCode::PageUp => "pgup".into(),
        KeyCode::PageDown => "pgdn".into(),
        KeyCode::Home => "home".into(),
        KeyCode::End => "end".into(),
        KeyCode::F(n) => format!("f{n}"),
        _ => return None,
    };
    Some(if ctrl { format!("ctrl-{base}") } else { base })
}

const NAMED: [&str; 15] = [
    "space",
    "enter",
    "esc",
    "tab",
    "backtab",
    "backspace",
    "up",
    "down",
    "left",
    "right",
    "pgup",
    "pgdn",
    "home",
    "end",
    "ctrl-",
];

/// Check a key name from a keymap file and give its canonical form.
pub fn parse_key(text: &str) -> Result<String, String> {
    let lower = text.to_ascii_lowercase();
    let single = |s: &str| s.chars().count() == 1;
    if single(text) && text != " " {
        return Ok(text.to_string());
    }
    if let Some(rest) = lower.strip_prefix("ctrl-") {
        if single(rest) && rest.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Ok(format!("ctrl-{rest}"));
        }
        return Err(format!(
            "\"{text}\": ctrl- goes with one letter or digit (e.g. \"ctrl-r\")"
        ));
    }
    if NAMED[..14].contains(&lower.as_str()) {
        return Ok(lower);
    }
    if let Some(n) = lower.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
        if (1..=12).contains(&n) {
            return Ok(lower);
        }
    }
    Err(format!(
        "\"{text}\" is not a key name (a character, {}, f1-f12, or ctrl-LETTER)",
        NAMED[..14].join(", ")
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KeymapFile {
    #[serde(default)]
    keys: BTreeMap<String, Vec<String>>,
    /// `umpire review`'s keys, looked up before `[keys]` in review.
    #[serde(default)]
    review: BTreeMap<String, Vec<String>>,
}

/// Key name -> action, and action -> its keys (in file order, for help).
#[derive(Debug, Clone, PartialEq)]
pub struct Keymap {
    by_key: BTreeMap<String, Action>,
    /// `[review]`: looked up first in review.
    review_by_key: BTreeMap<String, Action>,
    by_action: BTreeMap<Action, Vec<String>>,
}

impl Default for Keymap {
    fn default() -> Keymap {
        Keymap::build(&parse_file("keymap.toml (built in)", DEFAULT_KEYMAP).unwrap_or_default())
            .unwrap_or_else(|_| Keymap {
                by_key: BTreeMap::new(),
                review_by_key: BTreeMap::new(),
                by_action: BTreeMap::new(),
            })
    }
}

fn parse_file(name: &str, text: &str) -> Result<BTreeMap<Action, Vec<String>>, String> {
    let file: KeymapFile = toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|s| text[..s.start.min(text.len())].lines().count().max(1))
            .unwrap_or(0);
        format!("{name}:{line}: {}", e.message())
    })?;
    let mut out = BTreeMap::new();
    let tables = file
        .keys
        .into_iter()
        .map(|a| (false, a))
        .chain(file.review.into_iter().map(|a| (true, a)));
    for (in_review, (action_name, keys)) in tables {
        let action = Action::ALL
            .into_iter()
            .find(|a| a.name() == action_name)
            .ok_or_else(|| {
                let names: Vec<String> = Action::ALL.iter().map(|a| a.name()).collect();
                format!(
                    "{name}: unknown action \"{action_name}\" (actions: {})",
                    names.join(", ")
                )
            })?;
        match (in_review, action.is_review()) {
            (false, true) => {
                return Err(format!(
                    "{name}: {action_name} is a review key: put it under [review]"
                ))
            }
            (true, false) => {
                return Err(format!(
                    "{name}: [review] holds only review actions; {action_name} goes under [keys]"
                ))
            }
            _ => {}
        }
        let keys = keys
            .iter()
            .map(|k| parse_key(k).map_err(|e| format!("{name}: {action_name}: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        out.insert(action, keys);
    }
    Ok(out)
}

impl Keymap {
    fn build(by_action: &BTreeMap<Action, Vec<String>>) -> Result<Keymap, String> {
        let mut by_key: BTreeMap<String, Action> = BTreeMap::new();
        let mut review_by_key: BTreeMap<String, Action> = BTreeMap::new();
        for (action, keys) in by_action {
            let table = if action.is_review() {
                &mut review_by_key
            } else {
                &mut by_key
            };
            for k in keys {
                if let Some(other) = table.insert(k.clone(), *action) {
                    return Err(format!(
                        "key \"{k}\" is bound to both {} and {}",
                        other.name(),
                        action.name()
                    ));
                }
            }
        }
        Ok(Keymap {
            by_key,
            review_by_key,
            by_action: by_action.clone(),
        })
    }

    /// The defaults with a user file's actions replacing theirs (`name` for messages).
    pub fn with_overrides(name: &str, text: &str) -> Result<Keymap, String> {
        let mut actions = parse_file("keymap.toml (built in)", DEFAULT_KEYMAP)?;
        actions.extend(parse_file(name, text)?);
        Keymap::build(&actions).map_err(|e| format!("{name}: {e}"))
    }

    /// The action for a key press, if it is bound.
    pub fn action(&self, ev: &KeyEvent) -> Option<Action> {
        self.by_key.get(&key_name(ev)?).copied()
    }

    /// The action for a key press in review: the `[review]` keys first, then `[keys]`.
    pub fn review_action(&self, ev: &KeyEvent) -> Option<Action> {
        let name = key_name(ev)?;
        self.review_by_key
            .get(&name)
            .or_else(|| self.by_key.get(&name))
            .copied()
    }

    /// The keys of an action ("n", "ctrl-r / U").
    pub fn keys(&self, action: Action) -> &[String] {
        self.by_action
            .get(&action)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// The help table: (keys, action, description) for every bound action, in `Action::ALL`
    /// order.
    pub fn help(&self) -> Vec<(String, Action, &'static str)> {
        self.help_where(|a| !a.is_review())
    }

    /// The help table of the review's own keys.
    pub fn review_help(&self) -> Vec<(String, Action, &'static str)> {
        self.help_where(Action::is_review)
    }

    /// The help table of the keys that work in `face`, the review's own keys apart (those
    /// are [`Keymap::review_help`]).
    /// In review, keys the `[review]` table takes over (← → Home End) are left out.
    pub fn help_in(&self, face: Face) -> Vec<(String, Action, &'static str)> {
        let shadowed = |k: &String| face == Face::Review && self.review_by_key.contains_key(k);
        Action::ALL
            .into_iter()
            .filter(|a| !a.is_review() && a.works_in(face))
            .filter_map(|a| {
                let keys: Vec<&str> = self
                    .keys(a)
                    .iter()
                    .filter(|k| !shadowed(k))
                    .map(String::as_str)
                    .collect();
                (!keys.is_empty()).then(|| (keys.join(" "), a, a.describe_in(face)))
            })
            .collect()
    }

    /// The keys of the actions refused in `face` ("n t d f ..."), in `Action::ALL` order.
    pub fn refused_in(&self, face: Face) -> Vec<String> {
        Action::ALL
            .into_iter()
            .filter(|a| !a.is_review() && !a.works_in(face))
            .flat_map(|a| self.keys(a).iter().cloned())
            .collect()
    }

    fn help_where(&self, keep: impl Fn(Action) -> bool) -> Vec<(String, Action, &'static str)> {
        Action::ALL
            .into_iter()
            .filter(|a| keep(*a) && !self.keys(*a).is_empty())
            .map(|a| (self.keys(a).join(" "), a, a.describe()))
            .collect()
    }
}

/// A key event from a canonical key name (tests, and replaying keys headless).
pub fn key_event(name: &str) -> Option<KeyEvent> {
    let (ctrl, base) = match name.strip_prefix("ctrl-") {
        Some(rest) => (true, rest),
        None => (false, name),
    };
    let code = match base {
        "space" => KeyCode::Char(' '),
        "enter" => KeyCode::Enter,
        "esc" => KeyCode::Esc,
        "tab" => KeyCode::Tab,
        "backtab" => KeyCode::BackTab,
        "backspace" => KeyCode::Backspace,
        "up" => KeyCode::Up,
        "down" => KeyCode::Down,
        "left" => KeyCode::Left,
        "right" => KeyCode::Right,
        "pgup" => KeyCode::PageUp,
        "pgdn" => KeyCode::PageDown,
        "home" => KeyCode::Home,
        "end" => KeyCode::End,
        s if s.chars().count() == 1 => KeyCode::Char(s.chars().next()?),
        s => KeyCode::F(s.strip_prefix('f')?.parse().ok()?),
    };
    let mut mods = if ctrl {
        KeyModifiers::CONTROL
    } else {
        KeyModifiers::NONE
    };
    if let KeyCode::Char(c) = code {
        if c.is_ascii_uppercase() {
            mods |= KeyModifiers::SHIFT;
        }
    }
    Some(KeyEvent::new(code, mods))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SPEC 10 over SSH: Esc read with the next key as Alt+key is Esc then the key; Ctrl-C
    /// leaves what is open as Esc does; a key release is ignored.
    #[test]
    fn alt_keys_ctrl_c_and_releases_are_rewritten_before_the_mode_sees_them() {
        let esc = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
        let n = KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE);
        let alt_n = KeyEvent::new(KeyCode::Char('n'), KeyModifiers::ALT);
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(rewrite(&alt_n, true, false), Some(vec![n]));
        assert_eq!(rewrite(&alt_n, false, false), Some(vec![esc, n]));
        assert_eq!(rewrite(&ctrl_c, false, false), Some(vec![esc]));
        assert_eq!(rewrite(&ctrl_c, true, false), None, "the dashboard's own");
        assert_eq!(rewrite(&ctrl_c, false, true), None, "quits at the question");
        assert_eq!(rewrite(&n, false, false), None);
        let mut release = n;
        release.kind = KeyEventKind::Release;
        assert_eq!(rewrite(&release, true, false), Some(Vec::new()));
        assert!(quits(&ctrl_c) && quits(&key_event("q").unwrap()) && !quits(&n));
    }

    #[test]
    fn every_default_binding_resolves_to_the_action_its_help_line_names() {
        let km = Keymap::default();
        let help = km.help();
        let review = km.review_help();
        assert_eq!(
            help.len() + review.len(),
            Action::ALL.len(),
            "every action has a key"
        );
        for (keys, action, description) in help {
            assert!(!description.is_empty());
            assert!(!action.is_review());
            for k in keys.split(' ') {
                let ev = key_event(k).unwrap_or_else(|| panic!("key {k} has no event"));
                assert_eq!(km.action(&ev), Some(action), "key {k}");
            }
        }
        for (keys, action, description) in review {
            assert!(description.starts_with("review: "));
            for k in keys.split(' ') {
                let ev = key_event(k).unwrap_or_else(|| panic!("key {k} has no event"));
                assert_eq!(km.review_action(&ev), Some(action), "review key {k}");
            }
        }
    }

    #[test]
    fn review_keys_come_first_in_review_and_leave_the_other_keys_working() {
        let km = Keymap::default();
        let r = |k: &str| km.review_action(&key_event(k).unwrap());
        assert_eq!(r("left"), Some(Action::StepBack));
        assert_eq!(r("right"), Some(Action::StepForward));
        assert_eq!(r("<"), Some(Action::PhaseBack));
        assert_eq!(r(">"), Some(Action::PhaseForward));
        assert_eq!(r("{"), Some(Action::TurnBack));
        assert_eq!(r("}"), Some(Action::TurnForward));
        assert_eq!(r("b"), Some(Action::NoteNext));
        assert_eq!(r("B"), Some(Action::NotePrev));
        assert_eq!(r("K"), Some(Action::KindFilter));
        assert_eq!(r("home"), Some(Action::ReviewStart));
        assert_eq!(r("end"), Some(Action::ReviewEnd));
        // Not shadowed: search, focus, the ship filter, help, quit.
        assert_eq!(r("]"), Some(Action::SearchNext));
        assert_eq!(r("h"), Some(Action::FocusFleet));
        assert_eq!(r("s"), Some(Action::FilterLog));
        assert_eq!(r(":"), Some(Action::Command));
        assert_eq!(r("q"), Some(Action::Quit));
        // Outside review the review keys do nothing new: arrows still move focus.
        let a = |k: &str| km.action(&key_event(k).unwrap());
        assert_eq!(a("left"), Some(Action::FocusFleet));
        assert_eq!(a("b"), None);
    }

    /// Review and watch are read-only; a watcher has no prompt and no review keys. The help
    /// screen lists each face's keys from the same rule.
    #[test]
    fn each_face_allows_the_keys_that_work_there() {
        let allowed = |face| -> Vec<Action> {
            Action::ALL
                .into_iter()
                .filter(|a| a.works_in(face))
                .collect()
        };
        use Action::*;
        assert_eq!(
            allowed(Face::Watch),
            [
                Search, SearchNext, SearchPrev, FilterLog, LogView, DetailView, Help, Quit, Up,
                Down, FocusFleet, FocusLog, FocusNext, PageUp, PageDown, Top, Bottom, Cancel
            ]
        );
        for a in Action::ALL {
            assert_eq!(a.works_in(Face::Play), !a.is_review(), "{a:?}");
            assert_eq!(a.works_in(Face::Review), !a.changes_battle(), "{a:?}");
        }
        let km = Keymap::default();
        assert_eq!(km.refused_in(Face::Play), Vec::<String>::new());
        assert_eq!(
            km.refused_in(Face::Watch).join(" "),
            "n t d f w c % u ctrl-r U m :"
        );
        assert_eq!(km.help_in(Face::Play), km.help());
        // In review ← and → step: the help gives focus only its letters.
        let review = km.help_in(Face::Review);
        let focus = review.iter().find(|(_, a, _)| *a == FocusFleet);
        assert_eq!(focus.map(|(k, _, _)| k.as_str()), Some("h"));
        assert!(km
            .help_in(Face::Watch)
            .iter()
            .all(|(_, a, _)| a.works_in(Face::Watch)));
    }

    #[test]
    fn review_keys_live_in_their_own_table() {
        let err = |t: &str| Keymap::with_overrides("k.toml", t).unwrap_err();
        assert_eq!(
            err("[keys]\nstep_back = [\"z\"]\n"),
            "k.toml: step_back is a review key: put it under [review]"
        );
        assert_eq!(
            err("[review]\nundo = [\"z\"]\n"),
            "k.toml: [review] holds only review actions; undo goes under [keys]"
        );
        assert_eq!(
            err("[review]\nstep_back = [\"b\"]\n"),
            "k.toml: key \"b\" is bound to both step_back and note_next"
        );
        let km = Keymap::with_overrides("k.toml", "[review]\nphase_back = [\"[\"]\n").unwrap();
        let r = |k: &str| km.review_action(&key_event(k).unwrap());
        assert_eq!(r("["), Some(Action::PhaseBack));
        assert_eq!(r("<"), None);
    }

    #[test]
    fn the_issue_keys_are_bound_as_documented() {
        let km = Keymap::default();
        let a = |k: &str| km.action(&key_event(k).unwrap());
        assert_eq!(a("n"), Some(Action::EndPhase));
        assert_eq!(a("t"), Some(Action::NextTurn));
        assert_eq!(a(":"), Some(Action::Command));
        assert_eq!(a("/"), Some(Action::Search));
        assert_eq!(a("?"), Some(Action::Help));
        assert_eq!(a("q"), Some(Action::Quit));
        assert_eq!(a("ctrl-c"), Some(Action::Quit));
        assert_eq!(a("j"), Some(Action::Down));
        assert_eq!(a("down"), Some(Action::Down));
        assert_eq!(a("k"), Some(Action::Up));
        assert_eq!(a("G"), Some(Action::Bottom));
        assert_eq!(a("%"), Some(Action::HitChance));
        assert_eq!(a("x"), None);
    }

    #[test]
    fn shift_letter_arrives_as_uppercase_and_releases_are_ignored() {
        let km = Keymap::default();
        let shifted = KeyEvent::new(KeyCode::Char('U'), KeyModifiers::SHIFT);
        assert_eq!(km.action(&shifted), Some(Action::Redo));
        let mut release = KeyEvent::new(KeyCode::Char('n'), KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(km.action(&release), None);
    }

    #[test]
    fn a_user_file_replaces_the_keys_of_the_actions_it_names() {
        let km = Keymap::with_overrides("mine.toml", "[keys]\nend_phase = [\"space\", \"N\"]\n")
            .unwrap();
        let a = |k: &str| km.action(&key_event(k).unwrap());
        assert_eq!(a("space"), Some(Action::EndPhase));
        assert_eq!(a("N"), Some(Action::EndPhase));
        assert_eq!(a("n"), None);
        assert_eq!(a("t"), Some(Action::NextTurn));
    }

    #[test]
    fn bad_keymap_files_say_what_is_wrong() {
        let err = |t: &str| Keymap::with_overrides("k.toml", t).unwrap_err();
        assert_eq!(
            err("[keys]\nend_phase = [\"t\"]\n"),
            "k.toml: key \"t\" is bound to both end_phase and next_turn"
        );
        assert!(err("[keys]\nfly = [\"z\"]\n").starts_with("k.toml: unknown action \"fly\""));
        assert!(err("[keys]\nundo = [\"hyper-x\"]\n")
            .starts_with("k.toml: undo: \"hyper-x\" is not a key name"));
        assert!(err("[keys]\nundo = \"u\"\n").starts_with("k.toml:2:"));
        assert!(err("[nope]\n").starts_with("k.toml:"));
    }
}
