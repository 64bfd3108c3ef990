"""A family's own rules: presets saved by ``rook-access rules --save`` as TOML files in the
user's data folder (``rules/`` beside ``saves/``; ``ROOK_ACCESS_HOME`` replaces the folder).

Why here and not in the core: the core reads only the presets shipped with the program. These
files come from outside, so they are believed only after ``Options.from_dict`` has checked every
option and every clash between options, exactly as for a built-in preset. ``--rules NAME``
looks for the family's file first, then the built-in presets.
"""

from __future__ import annotations

import difflib
import json
import re
import tomllib
from pathlib import Path
from typing import Any

from ..core import Options, RuleError, load_preset, preset_names
from ..core.options import ADDED_DEFAULTS, SPEC, changed_keys, parse_overrides, read_table, record_options
from ..core.presets import Preset
from ..core.text import said_path, show
from . import names
from .atomic import write_atomic
from .untrusted import MAX_DEPTH, OTHER_BYTES, is_there, refuse_special, too_deep

FOLDER = "rules"
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")


def rules_dir() -> Path:
    from .settings import data_dir

    return Path(data_dir()) / FOLDER


def family_path(name: str) -> Path:
    if not _NAME.fullmatch(name):
        raise RuleError(names.refusal("a name for your rules", name, small=True, example="grandmas-rules"))
    return rules_dir() / f"{name}.toml"


def family_names() -> list[str]:
    """The names of the family's saved rules, whether or not each file is good."""
    return sorted(p.stem for p in _rules_files() if p.suffix == ".toml" and _NAME.fullmatch(p.stem))


def misnamed() -> list[str]:
    """One line for each rules file the game cannot name ("Lake.toml", "grandma rules.toml",
    Notepad's "grandma.toml.txt"), written by hand: it was passed over unsaid, and ``--rules Lake``
    said only "unknown preset" (the settings sweep and the re-check of session 31). The name
    offered is never one a file of the family's rules has already."""
    files = _rules_files()
    there_now = {path.name for path in files}  # "Lake.toml" is not lake.toml (the re-check)
    taken = set(there_now)
    lines = []
    for path in files:
        stem = path.name[: -len(".toml.txt")] if path.name.lower().endswith(".toml.txt") else path.stem
        if path.suffix == ".toml" and _NAME.fullmatch(stem):
            continue
        wanted = names.near(stem, small=True) or "grandmas-rules"
        better = next(name for name in (wanted, *(f"{wanted[:37]}-{n}" for n in range(2, 100)))
                      if f"{name}.toml" not in taken)
        taken.add(f"{better}.toml")  # not offered twice: each rename would replace the one before
        there = f"{wanted}.toml is there already, so " if f"{wanted}.toml" in there_now else ""
        lines.append(f"{said_path(str(path))}: is not read, as a name for your rules is {names.rule(small=True)}, "
                     f"ending .toml: {there}rename it {better}.toml")
    return lines


def _rules_files() -> list[Path]:
    """The files of the rules folder that may be rules, by any ending a person gives them; not
    hidden files (a Mac's "._lake.toml" beside each file copied onto a USB stick)."""
    try:
        found = list(rules_dir().iterdir())
    except OSError:  # no folder, or one that cannot be read: no rules of the family's there
        return []
    return sorted(path for path in found if not path.name.startswith(".")
                  and path.name.lower().endswith((".toml", ".toml.txt")))


def read_family(name: str) -> Preset:
    """The family's preset ``name``; a RuleError of one line naming the file and what is wrong."""
    path = family_path(name)
    named = said_path(str(path))  # under a ROOK_ACCESS_HOME of any characters (found by a re-check)
    refuse_special(path, "family's rules file")
    try:
        with path.open("rb") as handle:
            raw = handle.read(OTHER_BYTES + 1)  # read no further: a family's rules are a few lines
    except FileNotFoundError:
        raise RuleError(f"{named}: no such file") from None
    except OSError as exc:
        raise RuleError(f"{named}: cannot be read ({exc.strerror})") from None
    if len(raw) > OTHER_BYTES:
        raise RuleError(f"{named}: is larger than {OTHER_BYTES >> 20} MB, more than any rules file")
    try:
        text = raw.decode("utf-8-sig")  # a byte-order mark, as Notepad writes, is fine (the settings sweep)
    except UnicodeDecodeError:
        raise RuleError(f"{named}: is not UTF-8 text: save it as UTF-8") from None
    # Nested hundreds deep, the reader raised RecursionError: every game stopped with a line naming
    # no file, as the settings remember the family's rules (found by a re-check).
    if too_deep(text):
        raise RuleError(f"{named}: is nested more than {MAX_DEPTH} deep, deeper than any rules file")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        # The plain reason first; the reader's words after, for who edited it ("line 3").
        raise RuleError(f"{named}: is damaged, not readable as rules: {exc}") from None
    except ValueError:  # an integer of more than 4,300 digits: Python refuses to read it
        raise RuleError(f"{named}: a number is too long") from None
    try:
        options = _options(data)
        return Preset(name, _description(data) or _changes_said(data, options), options)
    except RuleError as exc:
        raise RuleError(f"{named}: {exc}") from None


def _changes_said(data: dict[str, Any], options: Options) -> str:
    """A file with no description (hand-written, or its line deleted), said as ``--save``
    describes one, from its base or the preset it was saved from, with each option that differs
    and does something, as ``--option`` takes it: "kentucky-west, with target=400." It was said
    as nothing, "kw: " in the list (the re-check of session 35)."""
    source = data.get("from")
    base = _base(data.get("base"), source) or (_built_in(source) if isinstance(source, str) else None)
    if base is None:
        return "Every option is listed in the file."
    named = record_options(options)
    changed = [f"{key}={_typed(named[key])}" for key in changed_keys(options, load_preset(base).options, idle=False)]
    return f"{base}, with {'; '.join(changed)}." if changed else load_preset(base).description


def _typed(value: Any) -> str:
    """An option's value as ``--option`` takes it: counters=5=5,10=10,14=10,rook=30, seats=north,west,south,east."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return ",".join(f"{key}={item}" for key, item in value.items())
    if isinstance(value, (list, tuple)):  # seats: "['north', 'west', ...]" was said (the re-check of session 35)
        return ",".join(map(str, value))
    return str(value)


DESCRIPTION_LIMIT = 300  # the longest built-in description is about 240 characters


def _description(data: dict[str, Any]) -> str:
    text = data.get("description", "")
    if not isinstance(text, str):
        raise RuleError("description must be text in quotes")
    return said_description(text)


def said_description(text: str) -> str:
    """The description as it is said: one line (a hand-written file may spread it over several),
    of printable text and read out whole, so not too long. A file's was printed as it stood: a
    newline forged a line, an escape sequence acted on the terminal (found by a re-check)."""
    text = " ".join(text.split())
    if not text.isprintable():
        raise RuleError("description holds a character that cannot be shown or said: write it in plain text")
    if len(text) > DESCRIPTION_LIMIT:
        raise RuleError(f"the description is {len(text)} characters: say it in {DESCRIPTION_LIMIT} or fewer, "
                        "it is read out whole")
    return text


def _options(data: dict[str, Any]) -> Options:
    """A file lists every option (as ``--save`` writes it), or names a built-in ``base`` preset
    and lists only what it changes (as a person might write one by hand)."""
    unknown = set(data) - {"description", "base", "from", "options"}
    if unknown:
        raise RuleError(f"unknown key {sorted(unknown)[0]!r}: a rules file has description, base (or from, as "
                        "--save writes it) and [options]")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise RuleError("[options] must be a table of option = value")
    options = read_table(options)
    base = _base(data.get("base"), data.get("from"))
    if base is None:
        missing = sorted(set(SPEC) - set(ADDED_DEFAULTS) - set(options))
        if missing:
            raise RuleError(_missing(data.get("from"), missing))
        return Options.from_dict(options)
    return load_preset(base).options.with_overrides(options)  # as --option: what one option brings with it too


def _base(base: Any, source: Any) -> str | None:
    """The built-in preset a file starts from, its ``base`` read as a typed name is ("Kentucky
    West" is kentucky-west), a misspelt one offered its nearest; a ``from`` beside it naming other
    rules refused, as the file could mean either (it was read as the base, unsaid: the
    family-rules sweep of session 34)."""
    if base is None:
        return None
    built_in = _built_in(base) if isinstance(base, str) else None
    if built_in is None:
        near = nearest_name(base, preset_names()) if isinstance(base, str) else None
        hint = f'did you mean base = "{near}"? The' if near else "the"
        raise RuleError(f"base = {show(base)} must name a built-in preset: {hint} built-in presets are "
                        f"{', '.join(preset_names())}")
    if source is not None and (not isinstance(source, str) or name_key(source) != built_in):
        raise RuleError(f'base = {show(base)} and from = {show(source)} name different rules: keep base, the '
                        f'preset these rules start from, and take out the from line (--save writes it only '
                        f'to record where it started)')
    return built_in


def _built_in(typed: str) -> str | None:
    """The built-in preset a name means, read as heard (``known_name``), or None."""
    return typed if typed in preset_names() else next(
        (name for name in preset_names() if name_key(name) == name_key(typed)), None)


def _missing(source: Any, missing: list[str]) -> str:
    """Why a file without ``base`` that does not list every option is refused, and the line that
    would mend it. A ``from`` (as --save writes it) records only where the rules started: a
    family trimming a saved file to its changes was told to name a preset it had named already."""
    count = f"{len(missing)} are missing, first {missing[0]}"
    built_in = _built_in(source) if isinstance(source, str) else None
    if built_in is None:
        return f'name a built-in preset to start from, like base = "hasbro", or list every option; {count}'
    return (f"from only records where --save started, so every option must be listed ({count}): to list only "
            f'what differs from {built_in}, write base = "{built_in}" in place of from = {show(source)}')


def known_name(typed: str) -> str:
    """The rules a typed name means, read case-blind with spaces and underscores as dashes:
    "Georgia", "Kentucky West" and "kentucky_west" are georgia and kentucky-west, as a spoken
    dash is silent (the first-hour sweep of session 32). A name of the family's own first, as
    ``find_preset`` looks; a name meaning none is given back as typed, for it to refuse."""
    names = [*family_names(), *preset_names()]
    if typed in names:
        return typed
    # The separators as typed before any other name: a family's "kentucky_west" typed
    # "Kentucky_West" was the built-in kentucky-west (the re-check of session 32).
    key = name_key(typed)
    return next((name for name in names if name == typed.strip().lower()), None) or next(
        (name for name in names if name == key), None) or next(
        (name for name in names if name_key(name) == key), typed)


def name_key(name: str) -> str:
    """A name as it is compared: small letters, each run of spaces, underscores and dashes one dash."""
    return re.sub(r"[\s_-]+", "-", name.strip().lower())


def find_preset(name: str) -> Preset:
    """``--rules NAME``: the family's own rules first, then the built-in presets."""
    if _NAME.fullmatch(name) and is_there(family_path(name)):
        return read_family(name)  # a folder, a pipe or a loop of links by that name is said as such, not "unknown"
    if name not in preset_names():
        family = family_names()
        yours = f"; your own: {', '.join(family)}" if family else ""
        unread = "".join(f"; {line}" for line in misnamed())
        # A name misspelt is offered its nearest ("Kentuky West": the re-check of session 32).
        # Spaces are read as dashes already (``known_name``): "names are written with dashes"
        # told "Georgia West" what georgia-west would be refused for too (the re-check of session 34).
        near = nearest_name(name)
        hint = f"did you mean {near}? The" if near else "no preset has that name; the"
        raise RuleError(f"unknown preset {name!r}: {hint} presets are {', '.join(preset_names())}{yours}{unread}")
    return load_preset(name)


def rules_base(name: str) -> Options | None:
    """The options of the rules named ``name`` here, before any ``--option``, for the game's
    opening to say what differs; None where no rules have that name here (a game saved with a
    family's rules, resumed where they are not saved) or their file cannot be read: the name
    is said alone, and the game goes on by its own options."""
    try:
        return find_preset(name).options
    except RuleError:
        return None


def nearest_name(typed: str, names: list[str] | None = None, cutoff: float = 0.8) -> str | None:
    """The preset or family's name (or one of ``names``) a misspelt one is nearest, or None. Keys are compared with
    keys: the family's "kentucky_west" was compared with dashes typed and lost to the built-in
    kentucky-west; where both are as near, the one nearer as typed is offered, so following the
    hint plays the rules meant (the re-check of session 33). ``cutoff``, lower for short names:
    two letters swapped in "plya" leave it 0.75 of play."""
    key, lowered = name_key(typed), typed.strip().lower()
    scored = [((difflib.SequenceMatcher(None, key, name_key(name)).ratio(),
                difflib.SequenceMatcher(None, lowered, name).ratio()), name)
              for name in ([*family_names(), *preset_names()] if names is None else names)]
    score, name = max(scored, default=((0.0, 0.0), ""))
    return name if score[0] >= cutoff else None


def resolve_rules(name: str, overrides: list[str] | None = None) -> Options:
    """The options of ``name`` (the family's or a built-in preset) with ``--option`` overrides."""
    options = find_preset(name).options
    if not overrides:
        return options
    return options.with_overrides(parse_overrides(overrides))


def save_family(name: str, source: str, options: Options, description: str) -> Path:
    """Write the family's rules atomically; the options were checked when they were built."""
    path = family_path(name)
    refuse_special(path, "family's rules file")  # written into, a pipe's reader would get them, not the game
    write_atomic(path, to_toml(source, options, description))
    return path


def to_toml(source: str, options: Options, description: str) -> str:
    lines = [
        "# A family's own Rook rules, saved by rook-access rules --save. Every option is listed;",
        "# edit with care: rook-access checks this file each time it is read.",
        f"description = {_toml(description)}",
        f"from = {_toml(source)}",
        "",
        "[options]",
    ]
    lines += [f"{key} = {_toml(value)}" for key, value in options.to_dict().items()]
    return "\n".join(lines) + "\n"


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, dict):
        return "{ " + ", ".join(f'"{k}" = {_toml(v)}' for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")
