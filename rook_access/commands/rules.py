"""``rook-access rules [NAME]``: the presets (built in, and the family's own), or one explained in
plain sentences; ``--save NAME --from PRESET --option k=v`` keeps a family's rules under its
own name."""

from __future__ import annotations

import argparse

from ..console.printer import put
from ..core import DEFAULT_PRESET, load_preset, preset_names
from ..core.errors import RuleError
from ..core.options import SPEC, Options, option_name, parse_override, unknown_option_message, without_effect
from ..core.text import said_path, shorten
from ..speech.option_text import option_lines, typed_value
from ..speech.rules_text import explain
from ..store.family_rules import (
    family_names,
    family_path,
    find_preset,
    known_name,
    misnamed,
    name_key,
    nearest_name,
    read_family,
    resolve_rules,
    rules_dir,
    said_description,
    save_family,
)
from ..store.names import near as near_name
from .common import rules_arg


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("rules", help="list the rule presets, explain one, or save your family's own")
    parser.add_argument("name", nargs="*", metavar="NAME",
                        help="a preset to explain; kentucky west is kentucky-west, as a spoken dash is silent")
    parser.add_argument("--option", action="append", default=[], metavar="K=V",
                        help="override one option, e.g. target=500; may be repeated; "
                             "rook-access rules --options lists them")
    # Words, not one word: "rules hasbro --options must trump" left "trump" to no argument.
    parser.add_argument("--options", nargs="*", metavar="NAME",
                        help="list every option, what it does, its values and hasbro's setting; "
                             "with a NAME, that option alone")
    parser.add_argument("--save", metavar="NAME",
                        help="save these rules as your family's own under NAME, for --rules NAME")
    parser.add_argument("--from", dest="source", metavar="PRESET", type=rules_arg,
                        help=f"with --save: the preset to start from (default {DEFAULT_PRESET})")
    parser.add_argument("--description", metavar="TEXT",
                        help="with --save: one line saying what the rules are")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.options is not None:
        return _options(args)
    args.name = known_name(" ".join(args.name)) if args.name else None  # "rules kentucky west", as heard
    if args.save is not None:
        return _save(args)
    if args.source or args.description:
        raise RuleError("--from and --description go with --save NAME: rook-access rules --save NAME "
                        "--from PRESET --option k=v")
    if not args.name:
        if args.option:
            raise RuleError("--option changes a preset: name it, like rook-access rules hasbro --option target=500, "
                            "or save the change with --save NAME")
        return _list()
    preset = find_preset(args.name)
    options = resolve_rules(args.name, args.option)
    put("\n".join(explain(args.name, options, preset)))
    return 0


def _options(args: argparse.Namespace) -> int:
    """Every option explained, or the one named: the installed game has no docs/rules.md, and the
    options were named nowhere else (the shell-commands sweep of session 38). The name may follow
    as words, as a voice reads it ("--options must trump")."""
    if args.option or args.save is not None or args.source or args.description:
        raise RuleError("--options only explains the options: type rook-access rules --options, or "
                        "rook-access rules --options NAME for one")
    first, *more = args.options or [""]
    rules, words = _rules_and_option(first, [*more, *args.name])
    typed = " ".join(words)
    options = resolve_rules(rules) if rules else None
    if not typed:
        put("\n".join(option_lines(None, rules or DEFAULT_PRESET, options)))
        return 0
    key = option_name(typed)
    if key not in SPEC:
        raise RuleError(_not_an_option(typed))
    put("\n".join(option_lines(key, rules or DEFAULT_PRESET, options)))
    return 0


def _rules_and_option(option: str, words: list[str]) -> tuple[str | None, list[str]]:
    """The rules named beside ``--options`` (None: hasbro's), and the words of the option's name:
    "rules hasbro --options rook" was "unknown option 'rook hasbro'" (the re-check of session 38).
    Words that with ``option`` name an option are that option's, unless ``--options`` came last
    ("rules red one --options": the red-one rules); words naming no rules beside an option, or
    before a bare --options, are refused as rules' names are."""
    joined = [word for word in (option, *words) if word]
    if option and option_name(" ".join(joined)) in SPEC:
        return None, joined
    names = {*family_names(), *preset_names()}
    for count in range(len(words), 0, -1):
        for named, rest in ((words[:count], words[count:]), (words[-count:], words[:-count])):
            meant = known_name(" ".join(named))
            if meant in names:
                return meant, [word for word in (option, *rest) if word]
    if words and (not option or option_name(option) in SPEC):
        find_preset(known_name(" ".join(words)))  # raises, saying the rules near it
    return None, joined


def _not_an_option(typed: str) -> str:
    """Why ``typed`` is not an option's name, and what would work: a setting typed to
    --options meant --option; rules' names are explained by rules NAME."""
    if "=" in typed:
        return (f"--options only explains; to change an option, give --option (without the s) and a "
                f"preset: rook-access rules {DEFAULT_PRESET} --option {shorten(typed)}")
    name = known_name(typed)
    if name in preset_names() or name in family_names():
        return f"{name} is a set of rules, not an option: rook-access rules {name} explains it"
    return unknown_option_message(typed)


def _list() -> int:
    """Built-in presets, then the family's own, a file that cannot be played said in the list,
    by its path once and what to do; the status is 0, as the list was given. A damaged file was
    a parser's words on standard error and status 2, with no way past (the shell-commands sweep
    of session 38)."""
    put("\n".join(["Built-in rules:", *(f"{name}: {load_preset(name).description}" for name in preset_names())]))
    names, unread = family_names(), misnamed()
    if not names and not unread:
        return 0
    put(f"Your family's own rules, saved in {said_path(str(rules_dir()))}:")
    for line in unread:
        put(line)
    for name in names:
        put(_family_line(name))
    return 0


def _family_line(name: str) -> str:
    """The list's line for the family's rules ``name``: what they are, or why they cannot be
    played and the two ways past."""
    try:
        preset = read_family(name)
    except RuleError as exc:
        return (f"{name}: cannot be played: {exc}. Mend the file in a text editor, or save these rules "
                f"again: rook-access rules --save {name} --from PRESET")
    note = " (your own, used in place of the built-in one)" if name in preset_names() else ""
    return f"{name}{note}: {preset.description}"


def _save(args: argparse.Namespace) -> int:
    if args.name:
        raise RuleError(_stray_words(args))
    source = args.source or DEFAULT_PRESET
    path = family_path(args.save)  # checks the name before anything else
    options = resolve_rules(source, args.option)  # every option checked, alone and together
    typed = args.description or ""
    if any("\udc80" <= c <= "\udcff" for c in typed):  # a byte that is not UTF-8, as the shell passed it
        raise RuleError("the --description is not UTF-8 text: type it in UTF-8, or in plain letters")
    description = said_description(typed)  # lines joined by spaces; a character that cannot be said refused
    idle = _without_effect(options, args.option)
    if not description:
        description = _described(source, args.option, idle)
    try:  # is_file too raises for a name too long (a home just short of the limit: the re-check)
        existed = path.is_file()
        save_family(args.save, source, options, description)
    except OSError as exc:  # a folder that cannot be written: the user's to fix, exit 2 as labels says it
        raise RuleError(f"cannot write {said_path(str(path))}: {exc.strerror or exc}") from None
    # Found before the built-in preset of that name, as docs/rules.md says: said, or the preset
    # seemed to change its rules unsaid (the family sweep of session 29).
    hides = (f". They are played in place of the built-in {args.save} rules while that file is there."
             if args.save in preset_names() else _sounds_like(args.save))
    put(f"{'Replaced' if existed else 'Saved'} your rules {args.save} in {said_path(str(path))}. "
          f"Play them with: rook-access play --rules {args.save}{hides}")
    for key, why in idle.items():
        put(f"Saved, but {key} does nothing here: {why}.")
    return 0


def _stray_words(args: argparse.Namespace) -> str:
    """What words beside ``--save NAME`` meant, as the shell split them: the tail of a name given
    to --from without quotes, or of a description; else the preset to start from. "--from
    Kentucky West" was told "--from West", and "--description Grandma table" "--from table" (the
    settings sweep of session 38)."""
    words = str(args.name).split()
    if args.source:
        names = {*family_names(), *preset_names()}
        for count in range(len(words), 0, -1):
            meant = known_name(" ".join([args.source, *words[:count]]))
            if meant in names:
                rest = _quoted_description(args.description, words[count:])
                return (f"did you mean --from {meant}? A name of several words goes in quotes or with dashes"
                        + (f"; {rest}" if rest else ""))
    said = _quoted_description(args.description, words)
    if said:
        return said
    if args.source:
        return (f"{shorten(' '.join(words))!r} is neither --from {args.source} nor a part of it: give either a "
                "preset to explain or --save NAME, not both; a name of several words goes in quotes or with dashes")
    return _meant_from(args.save, words)


def _meant_from(save: str, words: list[str]) -> str:
    """What words after ``--save NAME`` meant, with no --from: the rules to start from where they
    name some, or nearly ("kentuky west"); else they are not understood, and a name of several
    words is typed with dashes. "--save grandma table" was offered "--from table", which names no
    preset (the re-check of session 38)."""
    typed = " ".join(words)
    meant = known_name(typed)
    near = meant if meant in {*family_names(), *preset_names()} else nearest_name(typed)
    if near is not None:
        return (f"give either a preset to explain or --save NAME, not both: rook-access rules --save {save} "
                f"--from {near}")
    joined = near_name(f"{save} {typed}", small=True)
    like = f", like --save {joined}" if joined else ""
    return (f"{shorten(typed)!r} after --save {save} is not understood: a name of several words is typed with "
            f"dashes{like}; the rules to start from follow --from, like --from {DEFAULT_PRESET}")


def _quoted_description(description: str | None, words: list[str]) -> str:
    """The way to give a description of several words, where one was given and words are left
    over; else nothing."""
    if description is None or not words:
        return ""
    return f'a description of several words goes in quotes: --description "{shorten(" ".join([description, *words]))}"'


def _without_effect(options: Options, typed: list[str]) -> dict[str, str]:
    """Each option given that does nothing under the others, with why: it is kept, for the day the
    family changes the option that idles it, but said, or the family took it for a rule in force
    (the family-rules sweep of session 34)."""
    keys = dict.fromkeys(parse_override(text)[0] for text in typed)
    return {key: why for key in keys if (why := without_effect(options, key)) is not None}


def _described(source: str, typed: list[str], idle: dict[str, str]) -> str:
    """The description said for rules saved without one: the preset and each option given that
    does something, once each (given twice alike, it is one change), as the game reads it:
    "rook=Low; nest_to=Last Trick" kept the words as typed (the re-check of session 38)."""
    changes: dict[str, str] = {}
    for text in typed:
        key, value = parse_override(text)
        if key not in idle:
            changes.setdefault(key, f"{key}={typed_value(value)}")
    # Semicolons between the options, as the rules text says them: a counters value holds commas.
    return f"{source}, with {'; '.join(changes.values())}." if changes else find_preset(source).description


def _sounds_like(name: str) -> str:
    """A note where a family's name sounds like a built-in one: "kentucky_west" read aloud is
    kentucky-west, which "Kentucky West" finds (the re-check of session 32)."""
    built_in = next((preset for preset in preset_names() if name_key(preset) == name_key(name)), None)
    if built_in is None:
        return ""
    return f". Read aloud it sounds like the built-in {built_in}: type {name} just so to play yours."
