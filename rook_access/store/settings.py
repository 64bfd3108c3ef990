"""The player's settings, kept in TOML in the platform's user config directory.

Why TOML written by hand: the file is flat (a dozen keys of strings, booleans, integers and one
list of strings), so a twenty-line writer with a read-back check costs less than a dependency;
``tomllib`` (standard library) reads it. A player may also edit the file by hand.

Where: ``platformdirs.user_config_dir("rook-access")`` for ``settings.toml`` and
``platformdirs.user_data_dir("rook-access")`` for saved games (``data_dir()``). If the
environment variable ``ROOK_ACCESS_HOME`` is set, that one directory replaces both: tests and
trials then never touch the real home.

A damaged file never stops the game: ``load_settings`` reports it in one line, uses the defaults
(or, for one bad value, that value's default) and leaves the file alone until the next save.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import sys
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from ..core import DEFAULT_PRESET
from ..core.text import said_path, shorten, show, word_key
from ..speech.announce import VERBOSITIES, AnnounceSettings
from ..speech.output import MODES as SPEECH_MODES
from .atomic import write_atomic
from .untrusted import OTHER_BYTES, not_a_file, too_deep

APP = "rook-access"
HOME_ENV = "ROOK_ACCESS_HOME"
FILE_NAME = "settings.toml"
BRAILLE_MODES = ("off", "after", "only")
BLACK_LETTERS = ("x", "b")
# Settings written as several keys, saved together whichever of them changed: the braille label
# style (two games open at once left a style neither takes: found by the re-check), and the rules
# last played with their options.
SAVED_TOGETHER = (frozenset({"rook_label", "black_letter", "numeric_indicator"}), frozenset({"rules", "options"}))


def label_style_problem(rook_label: str, black_letter: str, numeric_indicator: bool) -> str | None:
    """None if the three make a label style ``rook-access labels`` takes, else why not: the
    Rook Bird's label may not be what a player types for another card ("14b" or "14x", either
    letter for black), or typing it would play that card."""
    try:
        from ..braille.labels import LabelStyle
    except ImportError:  # labels not installed: any short word is kept for when they are
        return None if rook_label and len(rook_label) <= 6 else "the Rook Bird's label must be 1 to 6 letters"
    from ..core.errors import RuleError

    try:
        LabelStyle(rook_label, numeric_indicator, black_letter)
    except RuleError as exc:
        return str(exc)
    return None


@dataclass
class Settings:
    """Everything the player may set; each field's comment says what reads it."""

    verbosity: str = "normal"  # the announcer: brief, normal or full
    bids: bool = True  # announce each bid, pass and check
    plays: bool = True  # announce each card played
    tricks: bool = True  # announce each trick's winner and points
    hands: bool = True  # announce each hand's score
    speech: str = "auto"  # auto, screen-reader, tts or off
    tts_rate: int | None = None  # words per minute; None: the engine's default
    tts_voice: str | None = None  # a voice id or name; None: the engine's default
    plain: bool = False  # the plain input mode: no line editor, nothing but appended lines
    braille: str = "off"  # card labels in braille cells: off, after the name, or cells only
    # The labels' style, as ``rook-access labels`` embosses them, so the cells on screen match
    # the player's brailled deck: the Rook Bird's label, the letter for black, the numeric indicator.
    rook_label: str = "rook"
    # ``out`` may list the cards not yet played (a sighted player counts them by memory): off
    # by default, like a table that lets you look back at the last trick only.
    counting: bool = False
    # Which kinds of lines the voice says: "kind=when" (``speech.speaking``), e.g. "plays=turn";
    # a kind not named is always said.
    speak: list[str] = field(default_factory=list)
    black_letter: str = "x"
    numeric_indicator: bool = False
    rules: str = DEFAULT_PRESET  # the last preset played
    options: list[str] = field(default_factory=list)  # the last option overrides, "k=v"

    def announce_settings(self) -> AnnounceSettings:
        return AnnounceSettings(self.verbosity, self.bids, self.plays, self.tricks, self.hands)

    def problems(self) -> list[str]:
        """What is wrong with the values, one phrase per field, then the label style as a whole;
        empty when all is well."""
        found = [problem for f in fields(self) if (problem := check_field(f.name, getattr(self, f.name))) is not None]
        return found or [problem for problem in [self.label_problem()] if problem]

    def label_problem(self, **changes: Any) -> str | None:
        """What is wrong with the label style, with ``changes`` to ``rook_label``, ``black_letter``
        or ``numeric_indicator`` made; None when it is one the labels take."""
        style = {"rook_label": self.rook_label, "black_letter": self.black_letter,
                 "numeric_indicator": self.numeric_indicator, **changes}
        return label_style_problem(style["rook_label"], style["black_letter"], style["numeric_indicator"])


def check_field(name: str, value: Any) -> str | None:
    """None if ``value`` suits the field ``name``, else a phrase saying what would work."""
    choices = {"verbosity": VERBOSITIES, "speech": SPEECH_MODES, "braille": BRAILLE_MODES,
               "black_letter": BLACK_LETTERS}
    if name in choices:
        if value not in choices[name]:
            return f"{name} must be one of {', '.join(choices[name])}, not {show(value)}"
    elif name == "rook_label":  # a label is checked with the rest of the style (``problems``)
        if not isinstance(value, str):
            return f"rook_label must be a text in quotes, not {show(value)}"
    elif name in ("bids", "plays", "tricks", "hands", "plain", "numeric_indicator", "counting"):
        if not isinstance(value, bool):
            return f"{name} must be true or false, not {show(value)}"
    elif name == "tts_rate":
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                  or not 20 <= value <= 1000):
            return f"tts_rate must be a whole number of words per minute, 20 to 1000, not {show(value)}"
    elif name in ("tts_voice", "rules"):
        if value is not None and not (isinstance(value, str) and value):
            return f"{name} must be a text in quotes, not {show(value)}"
        if name == "rules" and value is None:
            return "rules must name a preset"
    elif name == "speak":
        from ..speech.speaking import entry_problem

        return entry_problem(value)
    elif name == "options":
        if not isinstance(value, list) or not all(isinstance(v, str) and "=" in v for v in value):
            return f"options must be a list of \"key=value\" texts, not {show(value)}"
        from ..core.options import SPEC
        if len(value) > len(SPEC):  # each is checked with the rules: 40,000 took half a minute of silence
            return f"options holds {len(value)} entries, more than the {len(SPEC)} options there are"
    return None


SETTING_NAMES = frozenset(f.name for f in fields(Settings))
# Settings of fixed words, read case-blind as the game's commands and the rules' names are:
# verbosity = "Brief" was refused where rules = "TWO-PLAYER" was read (the settings sweep of session 34).
CASE_BLIND = frozenset({"verbosity", "speech", "braille", "black_letter", "speak"})


def normalised(name: str, value: Any) -> Any:
    """A value from the file as the game keeps it: the fixed words of ``CASE_BLIND`` settings as
    the command line and the game's commands read them ("Screen Reader" is screen-reader: the
    settings sweep of session 38), each text of the ``speak`` list in lower case; anything else as
    it is, for ``check_field``."""
    if name not in CASE_BLIND:
        return value
    if isinstance(value, str):
        return word_key(value)
    if isinstance(value, list):
        return [v.strip().lower() if isinstance(v, str) else v for v in value]
    return value


# ----- where ------------------------------------------------------------------------------
def chosen_home() -> Path | None:
    """The folder ROOK_ACCESS_HOME names, ``~`` expanded as every reader of it expands it (left
    as written where it names no user's home here: the command line refuses it)."""
    home = os.environ.get(HOME_ENV)
    if not home:
        return None
    try:
        return Path(home).expanduser()
    except RuntimeError:  # "~nosuchuser/x": "unexpected error (RuntimeError ...)" (the re-check)
        return Path(home)


def config_dir() -> Path:
    home = chosen_home()
    if home is not None:
        return home
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP, appauthor=False))


def data_dir() -> Path:
    """Where saved games go (the directory may not exist yet; writers create it)."""
    home = chosen_home()
    if home is not None:
        return home
    from platformdirs import user_data_dir

    return Path(user_data_dir(APP, appauthor=False))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


# ----- reading ----------------------------------------------------------------------------
def _stderr_line(message: str) -> None:
    print(f"rook-access: {message}", file=sys.stderr)


def load_settings(warn: Callable[[str], None] | None = None,
                  note: Callable[[str], None] | None = None) -> Settings:
    """The saved settings, or the defaults. ``warn`` gets the one line about a damaged file;
    ``note`` the line about the rules last played when they are no longer there (a family's
    saved rules deleted since): the file is not damaged, and the next game's rules replace them
    (both default: printed to standard error)."""
    say = warn or _stderr_line
    path = settings_path()
    named = said_path(str(path))  # ROOK_ACCESS_HOME may hold any character (found by a re-check)
    try:
        if not_a_file(path):
            raise OSError(0, "it is not a file")
        with open(path, "rb") as handle:  # no further than any settings file the game writes
            raw = handle.read(OTHER_BYTES + 1)
        text = raw.decode("utf-8-sig") if len(raw) <= OTHER_BYTES else None  # a byte-order mark is fine
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as exc:
        if isinstance(exc, OSError):
            say(f"cannot read the settings {named}: {exc.strerror or exc}; using the defaults.")
        else:  # it is a file, and a setting kept writes a new one: this one is kept beside it
            say(f"cannot read the settings {named}: not UTF-8 text; using the defaults{_kept_as(path)}.")
        return Settings()
    if text is None:  # a file too, set aside as one that is not UTF-8 is (it was not said: a re-check)
        say(f"cannot read the settings {named}: it is larger than {OTHER_BYTES >> 20} MB, more than any "
            f"settings file; using the defaults{_kept_as(path)}.")
        return Settings()
    try:
        if too_deep(text):
            raise ValueError("it is nested too deeply")
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as exc:
        reason = ("it is nested too deeply" if isinstance(exc, RecursionError) else
                  "a number is too long" if "digits" in str(exc) else shorten(str(exc), 200))
        say(f"the settings file {named} is damaged ({reason}); using the defaults{_kept_as(path)}.")
        return Settings()
    settings = Settings()
    # Each fault with the key it is in; keys that are no setting go last, as they harm nothing.
    bad: list[tuple[str, str]] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.name == "options" and isinstance(value, list):
            value = list(value)
        kept = normalised(f.name, value)
        problem = check_field(f.name, kept)
        if problem is None:
            setattr(settings, f.name, kept)
        else:  # a word quoted as the file writes it
            bad.append((f.name, check_field(f.name, value) or problem if isinstance(value, str) else problem))
    style = settings.label_problem()
    if style:  # each field alone was fine, but not the label they make
        bad.append(("rook_label", style))
        settings.rook_label = Settings.rook_label
    settings.rules = _known_rules(settings.rules)
    if _unknown_rules(settings.rules):  # no damage to the file: the next game's rules replace them
        (note or say)(f"in the settings {named}: the rules last played, {shorten(settings.rules)!r}, are not a "
                      f"preset or a family's saved rules{_nearest(settings.rules)}; {DEFAULT_PRESET} is the "
                      "default until the next game's rules are kept (rook-access rules lists them).")
        settings.rules, settings.options = DEFAULT_PRESET, []
    if _family_refused(settings.rules):
        # Kept: a game with them stops, saying what is wrong in the family's file, and plays them
        # once it is mended. They fell back to hasbro and were written over, the family's rules
        # forgotten even after the file was put right (the family sweep of session 29).
        return _said(settings, bad, _unknown_keys(data), named, say)
    # Both checks are made before a word is said: "the other options are played" was said of
    # options then refused together, and the file written over with none (the re-check of session 38).
    left_out = _check_rules(settings)
    # The options left, refused together (a check that came after they were kept: moon=on with
    # a max_bid no hand can make).
    refused = _refused(settings.rules, settings.options)
    if refused and left_out:  # one line: those refused alone, then the others refused together
        others = _joined(settings.options)
        left_out.append((others, f"the other options, {others}, cannot be played together: {refused} (they are left "
                                 "out too)"))
    elif refused:  # each option is good, the rules refuse them together: no damage, said with the rules
        (note or say)(f"in the settings {named}: the options last played, {', '.join(settings.options)}, cannot be "
                      f"played: {refused}; they are left out, and the file keeps them{_KEPT_UNTIL}.")
    if refused:
        settings.options = []
    return _said(settings, bad, _unknown_keys(data), named, say, left_out, settings.options if left_out else [])


SAID_IN_FULL = 3  # faults said whole: a line of fifteen is too long to read on a braille display
UNKNOWN_NAMED = 5  # keys that are no setting named beyond those: a file may hold thousands


def _unknown_keys(data: Mapping[str, Any]) -> list[str]:
    """The keys of the file that are no setting (another version's, or a slip), as they are written."""
    return [key for key in data if key not in SETTING_NAMES]


def _said(settings: Settings, bad: list[tuple[str, str]], unknown: list[str], named: str,
          say: Callable[[str], None], left_out: Sequence[tuple[str, str]] = (),
          played: Sequence[str] = ()) -> Settings:
    """One line for the faults: the first few in full, every other setting refused by its name
    (speech and braille beyond the third were "and 2 more", never named: the settings sweep of
    session 38), and keys that are no setting last. ``left_out``: the remembered options left
    out, which the file keeps as written, each (as named past the first few, why); beyond those
    they were all "and also options", never named (the re-check of session 39). ``played``: the
    remembered options played beside them."""
    ending = _ending(bool(bad), len(left_out), played)  # a key that is no setting takes no default
    bad = [*bad, *left_out]
    faults = [*bad, *((key, f"{show(key)} is not a setting (it is left in the file as it is)") for key in unknown)]
    if not faults:
        return settings
    shown = [phrase for _key, phrase in faults[:SAID_IN_FULL]]
    refused = list(dict.fromkeys(key for key, _phrase in bad[SAID_IN_FULL:]))
    if refused:
        shown.append(f"and also {_joined(refused)}, whose value{'s' if len(refused) > 1 else ''} the game "
                     "cannot use either")
    others = unknown[max(0, SAID_IN_FULL - len(bad)):]
    if others:
        names = [show(key) for key in others[:UNKNOWN_NAMED]]
        if len(others) > UNKNOWN_NAMED:
            names.append(f"{len(others) - UNKNOWN_NAMED} more")
        shown.append(f"and {_joined(names)}, which {'are' if len(others) > 1 else 'is'} not "
                     f"{'settings' if len(others) > 1 else 'a setting'} either")
    say(f"in the settings {named}: {'; '.join(shown)}{ending}.")
    return settings


def _ending(defaults: bool, left_out: int, played: Sequence[str] = ()) -> str:
    """What the game does with the faults said: a default where a setting is refused, until a
    save writes it; an options entry left out is kept in the file as written (``held_options``),
    and "using the default there until you save" was not true of it (the re-check of session 38).
    The options played are said once, after every option left out: said in each, "(rook=lowest is
    left out; the other options are played)" was said of an option the next left out (the
    re-check of session 39)."""
    said = ["; using the default there until you save"] if defaults else []
    if played:
        said.append(f"; the other option{'s' if len(played) > 1 else ''}, {_joined(list(played))}, "
                    f"{'are' if len(played) > 1 else 'is'} played")
    if left_out:
        # Named after those played, "it" read as one of them (the re-check of session 39).
        kept = (("the option left out" if left_out == 1 else "the options left out") if defaults or played else
                "it" if left_out == 1 else "them")
        said.append(f"; the file keeps {kept}{_KEPT_UNTIL}")
    return "".join(said)


# What becomes of remembered options left out: a game of the rules last played leaves them in the
# file (``held_options``), for the player to mend.
_KEPT_UNTIL = " as written until you choose rules with --rules or --option"


def _joined(words: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


KEPT_AS = "a setting you keep writes a new file, and this one is kept as"


def _kept_as(path: Path) -> str:
    """The warning's end for a file that does not read as TOML. A file or folder that cannot be
    written is left as it is: "is kept as ....damaged" was promised, then saving failed (the
    tamper sweep)."""
    real = Path(os.path.realpath(path))  # through a link, beside its target
    if not (os.access(real, os.W_OK) and os.access(real.parent, os.W_OK)):
        return "; it cannot be written, so it is left as it is and nothing you set is kept"
    return f": {KEPT_AS} {said_path(str(damaged_copy(real)))}"


def _known_rules(name: str) -> str:
    """The rules a hand-written name means, read as ``--rules`` reads it: "Kentucky West" was
    unknown here and written over with the default (the re-check of session 33)."""
    from .family_rules import known_name

    return known_name(name)


def _nearest(name: str) -> str:
    """" (did you mean kentucky-west?)" for a misspelt name, as ``--rules`` offers it."""
    from .family_rules import nearest_name

    near = nearest_name(name)
    return f" (did you mean {near}?)" if near else ""


def _unknown_rules(name: str) -> bool:
    """Whether the rules last played are not a preset nor a family's saved rules (deleted since,
    or a slip of the hand)."""
    from ..core import preset_names
    from .family_rules import family_names

    return name not in preset_names() and name not in family_names()


def _family_refused(name: str) -> bool:
    """Whether the rules last played are a family's whose file these rules now refuse."""
    from ..core import preset_names
    from ..core.errors import RuleError
    from .family_rules import resolve_rules

    if name in preset_names():
        return False
    try:
        resolve_rules(name, [])
    except RuleError:
        return True
    return False


def _check_rules(settings: Settings) -> list[tuple[str, str]]:
    """Each remembered option left out (a slip of the hand in the file: ``_refusals``), with the
    reason, as (the option, the phrase saying it); the others are kept. One such slip dropped them
    all, and the game wrote the file over with none (the settings sweep of session 38)."""
    refused = _refusals(settings.rules, settings.options)
    if not refused:
        return []
    settings.options = [text for text in settings.options if text not in refused]
    return [(text, f"options: {why} ({text} is left out)") for text, why in refused.items()]


def _refusals(rules: str, options: list[str]) -> dict[str, str]:
    """The ``options`` to leave out, with why: none where ``rules`` play them all together, else
    the fewest of those refused played alone whose leaving out lets the rest play (all of them
    where none does). Options that are right only together, red_one=true with nest_size=6 or
    moon_alone=true with moon=on, were each refused alone and forgotten at the next start, which
    played other rules than the player chose (the docs sweep of session 39)."""
    from itertools import combinations

    if _refused(rules, options) is None:
        return {}
    alone = {text: why for text in options if (why := _refused(rules, [text])) is not None}
    if len(alone) <= _MOST_TRIED:
        for size in range(1, len(alone)):
            for left in combinations(alone, size):
                if _refused(rules, [text for text in options if text not in left]) is None:
                    return {text: alone[text] for text in left}
    return alone


_MOST_TRIED = 6  # options refused alone past which no smaller set to leave out is looked for


def _refused(rules: str, options: list[str]) -> str | None:
    """Why ``rules`` with ``options`` cannot be played, or None."""
    from ..core.errors import RuleError
    from .family_rules import resolve_rules

    try:
        resolve_rules(rules, options)
    except RuleError as exc:
        return str(exc)
    return None


def held_options(rules: str, overrides: list[str]) -> list[str] | None:
    """The options as the file holds them, where it holds ``rules`` and options that play as
    ``overrides`` (``played_options``: entries refused alone or together are said at every start):
    a game of the rules last played leaves them as the player wrote them, for the player to mend.
    None where the file holds other rules or options, or cannot be read."""
    try:
        table = _file_table()
    except _NotToml:
        return None
    if table is None:
        return None
    held = table.get("options", [])
    name = table.get("rules", DEFAULT_PRESET)
    if check_field("options", held) is not None or not isinstance(name, str) or _known_rules(name) != rules:
        return None
    return list(held) if played_options(rules, list(held)) == overrides else None


def played_options(rules: str, options: list[str]) -> list[str]:
    """The remembered ``options`` a game of ``rules`` plays, as ``load_settings`` leaves them:
    those refused alone left out, and none where the rest are refused together."""
    refused = _refusals(rules, options)
    usable = [text for text in options if text not in refused]
    return usable if _refused(rules, usable) is None else []


# ----- writing ----------------------------------------------------------------------------
def _toml_string(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")


def settings_toml(settings: Settings) -> str:
    """The file's text. TOML has no "none": an unset value is left out."""
    lines = ["# rook-access settings: written by the game; editing by hand is fine."]
    for key, value in asdict(settings).items():
        if value is not None:
            lines.append(f"{key} = {_toml_value(value)}")
    text = "\n".join(lines) + "\n"
    if tomllib.loads(text) != {k: v for k, v in asdict(settings).items() if v is not None}:
        raise AssertionError("settings did not read back as written")  # a writer bug, not user input
    return text


def save_settings(settings: Settings, keys: Iterable[str] | None = None,
                  run_only: Mapping[str, Any] | None = None) -> str | None:
    """Write the settings atomically to ``settings_path()``; returns a note to say, or None.
    Invalid values raise ValueError (the console checks what the player types before it gets
    here); a file that cannot be read or written raises OSError.

    With ``keys``, only those settings are written, into the file as it is now: its other lines
    stay as they are, another game's changes, keys that are not settings and comments included.
    A game wrote every setting as it had read them at its start: two games open at once undid
    each other's changes, and a key it could not read was dropped though it was said to be left
    (found by the settings sweep). A file that is not TOML is kept beside the new one (through a
    link, its target is: the link stays), and the note says so; it holds this game's settings,
    except those set for this run only (``run_only``: each such setting's value before the run
    changed it), which it holds as they were."""
    problems = settings.problems()
    if problems:
        raise ValueError("; ".join(problems))
    path = settings_path()
    if not_a_file(path):  # a pipe or a folder in its place: said once when read, never written into
        raise OSError(errno.EINVAL, "it is not a file", str(path))
    if keys is None:
        write_atomic(path, settings_toml(settings))
        return None
    try:
        text = _current_text(path)
    except _NotToml:
        real = Path(os.path.realpath(path))
        if not os.access(real, os.W_OK):  # as write_atomic refuses it: a rename needs only the folder
            raise PermissionError(errno.EACCES, "the file is read-only") from None
        copy = damaged_copy(real)
        os.replace(real, copy)
        # This game's settings, whole (nothing else could be read), but not --verbosity's for one run.
        named = set(keys)
        whole = replace(settings, **{key: value for key, value in (run_only or {}).items() if key not in named})
        write_atomic(path, settings_toml(whole))
        return (f"Note: the settings file {said_path(str(path))} could not be read as settings; it is kept as "
                f"{said_path(str(copy))}, and "
                "your settings are written anew.")
    values = asdict(settings)
    changes = {key: values[key] for key in _with_their_group(keys)}
    # None yet (a link to a file not made yet too): the defaults, and what this game set, not its
    # flags for one run.
    write_atomic(path, _with_keys(settings_toml(Settings()) if text is None else text, changes))
    return None


def _with_their_group(keys: Iterable[str]) -> list[str]:
    """``keys``, and every key saved together with one of them (``SAVED_TOGETHER``)."""
    named = list(keys)
    return named + sorted({key for group in SAVED_TOGETHER if group & set(named) for key in group} - set(named))


class _NotToml(Exception):
    """The settings file is there but does not read as TOML."""


def _current_text(path: Path) -> str | None:
    """The settings file's text; None when there is none. Raises ``_NotToml`` when it does not
    read as TOML, OSError when it cannot be read (the save fails and says why)."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read(OTHER_BYTES + 1)
    except FileNotFoundError:
        return None
    try:
        text = raw.decode("utf-8-sig")
        if len(raw) > OTHER_BYTES or too_deep(text):
            raise _NotToml
        tomllib.loads(text)
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        raise _NotToml from None
    return text


def damaged_copy(path: Path) -> Path:
    """Where a settings file that does not read as TOML is kept when a new one is written: the
    first free name of settings.toml.damaged, settings.toml.damaged-2... (a second damaged file
    replaced the first copy: found by the re-check)."""
    copy, number = path.with_name(path.name + ".damaged"), 1
    while os.path.lexists(copy):
        number += 1
        copy = path.with_name(f"{path.name}.damaged-{number}")
    return copy


def _file_table() -> dict[str, Any] | None:
    """The settings file's table as it reads now ({} when there is none); None when it cannot be
    read, or a pipe stands in its place (reading one waits for a writer). Raises ``_NotToml``."""
    path = settings_path()
    if not_a_file(path):
        return None
    try:
        text = _current_text(path)
    except OSError:
        return None
    return tomllib.loads(text) if text is not None else {}


def current_value(key: str, default: Any) -> Any:
    """The setting ``key`` as the file holds it now, or ``default`` where it does not hold it
    rightly (said already when the game started): for a change made from it, such as one kind of
    a ``speak`` list another game may have changed since."""
    try:
        value = normalised(key, (_file_table() or {}).get(key, default))
    except _NotToml:
        return default
    return value if check_field(key, value) is None else default


def file_holds(key: str, value: Any) -> bool | None:
    """Whether the settings file holds ``key`` as ``value`` now (a key left out holds its
    default); None when the file cannot be read. A file that is not TOML holds nothing."""
    try:
        held = _file_table()
    except _NotToml:
        return False
    if held is None:
        return None
    now = held.get(key, getattr(Settings(), key))
    # A value the game refuses is not held, though Python takes 1 for true (the re-check).
    return check_field(key, now) is None and type(now) is type(value) and bool(now == value)


_TABLE_HEADER = re.compile(r"\s*\[")


def _with_keys(text: str, changes: dict[str, Any]) -> str:
    """``text`` with each key of ``changes`` set to its value (None: taken out), every other line
    as it was (a comment after a one-line value too, and its line end); checked by reading it back."""
    lines = _LINE.findall(text)  # at a line feed only: TOML's line ends (not U+2028, as splitlines has it)
    crlf = bool(lines) and lines[0].endswith("\r\n")
    if lines and not lines[-1].endswith(("\n", "\r")):
        lines[-1] += "\r\n" if crlf else "\n"
    for key, value in changes.items():
        top = next((i for i, line in enumerate(lines) if _TABLE_HEADER.match(line) and _whole(lines[:i])),
                   len(lines))  # a "[" inside a string or an array of several lines is no table
        where = _key_lines(lines[:top], key)
        ending, comment = ("\r\n" if crlf else "\n"), ""
        if where is not None:  # the comment after the value, and the line end, stay
            last = lines[where[1] - 1]
            body = "".join(lines[where[0]:where[1]]).rstrip("\r\n")
            ending, comment = last[len(last.rstrip("\r\n")):] or ending, _comment_after(body, key)
        new = [] if value is None else [f"{key} = {_toml_value(value)}{comment}{ending}"]
        if where is None:
            lines[top:top] = new
        else:
            lines[where[0]:where[1]] = new
    out = "".join(lines)
    expected = {k: v for k, v in {**tomllib.loads(text), **changes}.items() if v is not None}
    try:
        fits = _same(tomllib.loads(out), expected)
    except tomllib.TOMLDecodeError:
        fits = False
    if not fits:  # a form the game cannot change in place: said, never lost
        raise ValueError("the settings file is written in a form the game cannot change in place: "
                         f"set {', '.join(changes)} there by hand, or remove the file")
    return out


def _same(a: Any, b: Any) -> bool:
    """Whether two values read from TOML are the same, a ``nan`` as itself: ``==`` never finds it
    equal, and every setting failed to save (the saves sweep). Compared as they are, not as text:
    an integer of 5,000 hex digits cannot be turned into text (the re-check)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[key], b[key]) for key in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b) or (isinstance(a, float) and isinstance(b, float) and a != a and b != b)


_LINE = re.compile(r"[^\n]*\n|[^\n]+\Z")


def _whole(lines: list[str]) -> bool:
    """Whether ``lines`` read as TOML by themselves: the next line begins a statement."""
    try:
        tomllib.loads("".join(lines))
    except tomllib.TOMLDecodeError:
        return False
    return True


def _comment_after(body: str, key: str) -> str:
    """The comment that ends a setting ("  # my voice"), on its last line, or nothing."""
    start = body.rfind("\n") + 1
    for index in range(start, len(body)):
        if body[index] == "#":
            with contextlib.suppress(tomllib.TOMLDecodeError):
                if key in tomllib.loads(body[:index]):
                    return "  " + body[index:].rstrip()
    return ""


def _key_lines(lines: list[str], key: str) -> tuple[int, int] | None:
    """Where ``key`` is set among the top-level ``lines``: its first line and the line after its
    value (an array may run over several lines), or None. A line that only looks like it (inside
    a string of several lines) is not: the lines before it must read as TOML by themselves."""
    start = re.compile(rf"\s*(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')\s*=")
    for first, line in enumerate(lines):
        if not start.match(line):
            continue
        if not _whole(lines[:first]):
            continue  # inside a string that runs over several lines
        for end in range(first + 1, len(lines) + 1):
            with contextlib.suppress(tomllib.TOMLDecodeError):
                if key in tomllib.loads("".join(lines[first:end])):
                    return first, end
    return None
