"""The ``rook-access`` command: one module per subcommand in ``rook_access/commands``.

Every error a user can cause ends as one line on standard error and exit status 2; a traceback
would be read aloud line by line by a screen reader, so none ever reaches the user. Help is
written to be heard: sentences, a short usage line, no colour.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import logging
import os
import re
import shutil
import stat
import sys
import textwrap
from collections.abc import Sequence
from typing import Any, NoReturn

from . import __version__
from .console.printer import SHOWN
from .core.errors import RuleError
from .core.text import said_path, shorten

# A run of this many characters without a space in an error line is input quoted back (a
# 5,000-digit seed): shortened, since a screen reader reads an error line in full.
# A run that is part of something the line shortened itself (``said_path``: "(305 characters)"
# within the next 200 characters, a path with a space too) is left as it is:
# shortened again, a path was heard cut twice, with two lengths (the re-checks).
_LONG_WORD = re.compile(r"[^\s'\"]{160,}+(?![^\n]{0,200}?\(\d+ characters\))")  # quotes are not counted

# Subcommand modules, in the order ``--help`` lists them. Each has ``add_parser(subparsers)``
# which sets ``func`` (args -> exit status) as the parser default.
COMMANDS = [
    "rook_access.commands.rules",
    "rook_access.commands.simulate",
    "rook_access.commands.replay",
    "rook_access.commands.labels",
    "rook_access.commands.play",
    "rook_access.commands.saves",
    "rook_access.commands.table",
]

DESCRIPTION = ("The card game Rook for blind and low-vision players. "
               "Type rook-access alone to start a game (the same as rook-access play).")
EPILOG = """\
For more on one command, type rook-access help and the command, for example:
rook-access help play (the same as rook-access play --help).

Environment variables:
ACCESSIBLE=1: plain input, no line editor, only appended lines (like play --plain).
TERM=dumb: plain input too.
NO_COLOR: honoured; the game never uses colour anyway.
ROOK_ACCESS_HOME: one folder of your choice for settings, saved games and the log, in place of the usual places.
"""


class UsageError(Exception):
    """Bad command-line input: reported in one line, exit status 2."""


class Formatter(argparse.HelpFormatter):
    """argparse's help, wrapped without breaking at hyphens: "rook-" at one line's end and
    "access rules" at the next's is no command a listener or a braille reader can use. Never
    narrower than 30 columns: below that argparse indents a command's description as deep as the
    command's name, and "computer" read as one more command (the terminal sweep, at 20 columns);
    a narrower terminal has each row broken again between words (``Parser._print_message``). At
    40 it was laid out for 40 columns and broken again at 30, in rows of one or two words (the
    narrow-help sweep of session 31)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            width = shutil.get_terminal_size().columns - 2
        super().__init__(prog, indent_increment, max_help_position, max(width, 30))

    def _split_lines(self, text: str, width: int) -> list[str]:
        return textwrap.wrap(" ".join(text.split()), width, break_on_hyphens=False)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return textwrap.fill(" ".join(text.split()), width, initial_indent=indent, subsequent_indent=indent,
                             break_on_hyphens=False)


class RawDescriptionFormatter(argparse.RawDescriptionHelpFormatter, Formatter):
    """The top level's: its description keeps its own lines."""


class Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        if sys.version_info >= (3, 14):
            kwargs["color"] = False  # 3.14 colours help by default; colour is noise when read aloud
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{_choice_refused(message) or message} (try: {self.prog} --help)")

    def _get_option_tuples(self, option_string: str) -> list[Any]:
        """A start of both --option and --options ("--opt", as before rules had --options) is
        --option, which it meant everywhere until then: argparse called it ambiguous."""
        found = super()._get_option_tuples(option_string)
        option = [match for match in found if match[1] == "--option"]
        return option if len(found) > 1 and option else found

    def _print_message(self, message: str, file: Any = None) -> None:
        """argparse's own swallows a failed write (help sent to a full disk would exit 0). Each
        line is broken to a terminal's width between words: argparse lays its help out no
        narrower than 40 columns, and leaves the top level's description and a long option
        whole, which the terminal broke inside words (the narrow sweep of session 31)."""
        from .console.printer import fitted

        if message:
            stream = file or sys.stdout
            stream.write("\n".join(fitted(line, stream) for line in message.split("\n")))


_INVALID_CHOICE = re.compile(r"argument ([A-Z_]+|--[a-z-]+): invalid choice: (.*) \(choose from (.*)\)")


def _choice_refused(message: str) -> str:
    """argparse's refusal of a word no choice of a command's ACTION, in the program's words, as an
    unknown command is: "unknown action 'georgia': the actions are list and delete"; it was
    "argument ACTION: invalid choice: 'georgia' (choose from 'list', 'delete')" (the re-check of
    session 38); an option's, "--level 'x' is not a choice: choose random, easy, normal or hard"
    ("argument --level: invalid choice: 'x' (choose from 'random', ...)"). "" for any other message."""
    from .speech.cardtext import join_words

    found = _INVALID_CHOICE.fullmatch(message)
    if found is None:
        return ""
    name, typed = found.group(1).lower().replace("_", " "), found.group(2)
    choices = [choice.strip().strip("'") for choice in found.group(3).split(",")]
    if name.startswith("--"):
        return f"{name} {typed} is not a choice: choose {join_words(choices, 'or')}"
    return f"unknown {name} {typed}: the {name}s are {join_words(choices)}"


def _said_words(words: Sequence[str]) -> str:
    """Words left over as the shell gave them, an empty or blank one quoted: "unrecognized
    arguments:  (try: ...)" named nothing for "rook-access play ''" (the re-check of session 38)."""
    return shorten(" ".join(word if word.strip() else repr(word) for word in words))


def sentence(text: str) -> str:
    """A help phrase as a sentence: capital first letter, full stop."""
    text = text.strip()
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def short_usage(parser: argparse.ArgumentParser) -> str:
    """``rook-access play [options]``: the option list is read below, so the usage line stays
    short enough to hear (argparse would spell out every option in brackets)."""
    parts = ["%(prog)s"]
    if any(a.option_strings for a in parser._actions):
        parts.append("[options]")
    for action in parser._actions:
        if not action.option_strings and not isinstance(action, argparse._SubParsersAction):
            name = action.metavar or action.dest
            parts.append(f"[{name}]" if action.nargs in ("?", "*") else str(name))
    return " ".join(parts)


def speakable_choices(parser: argparse.ArgumentParser) -> None:
    """``--level LEVEL`` with the choices said in words, instead of ``{easy,hard,normal}``,
    which a screen reader reads as "left brace easy comma hard..."."""
    for action in parser._actions:
        if not action.option_strings or not action.choices or action.metavar is not None:
            continue
        action.metavar = action.dest.split("_")[-1].upper()  # LETTER, not BLACK_LETTER read out
        words = [str(choice) for choice in action.choices]
        if not all(word in (action.help or "") for word in words):
            listed = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]
            action.help = f"{action.help}: {listed}" if action.help else listed


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="rook-access", description=DESCRIPTION, epilog=EPILOG,
                    formatter_class=RawDescriptionFormatter)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}",
                        help="say the version and end")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser,
                                title="commands")
    for name in COMMANDS:
        importlib.import_module(name).add_parser(sub)
    for choice in sub._choices_actions:
        command = sub.choices[choice.dest]
        if not command.description and choice.help:
            command.description = sentence(choice.help)
        command.usage = short_usage(command)
        speakable_choices(command)
    parser.usage = "%(prog)s [options] [COMMAND]"  # after the subcommands took their prog from it
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    logger = logging.getLogger("rook_access")
    if not logger.handlers:  # the play command logs to a file; elsewhere nothing reaches stderr
        logger.addHandler(logging.NullHandler())
        logger.propagate = False
    if sys.stdout is None:  # started with standard output closed (>&-)
        return _fail("standard output is closed; nothing can be shown", 1)
    if sys.stderr is None:  # started with standard error closed (2>&-): its one-line errors are shown
        sys.stderr = sys.stdout
    if sys.stdin is None:  # started with standard input closed (<&-): read as input that has ended
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (open for the whole run)
    # What the terminal cannot show is written as the printer writes it (ASCII punctuation, "(not
    # shown)"), never as "?" ("replace") nor as "\u2019" (standard error's "backslashreplace").
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError):  # a replaced stream may not reconfigure
            stream.reconfigure(errors=SHOWN)  # type: ignore[union-attr]
    try:
        try:
            status = _run(argv)
        except SystemExit as done:  # argparse after --help or --version
            status = done.code if isinstance(done.code, int) else 0
        sys.stdout.flush()
    except OSError as exc:
        return _output_failed(exc)
    return status


def _what_was_meant(parser: argparse.ArgumentParser, command: str, extra: list[str], implied: bool = False) -> str:
    """What words left over most likely meant: "; did you mean --resume?" for an option of the
    command typed without its two dashes (a voice reads "--resume" as "resume", and a listener
    types what was heard); a command typed after play's options, which start a game without
    play's name ("--rules georgia rules" was asked "did you mean --rules?": the re-check)."""
    commands = _commands(parser)
    sub = commands.get(command)
    if sub is None:
        return ""
    named = next((w for w in extra if w in commands), None)
    if named and implied:  # "play" not typed: the options came first (not "play rules georgia")
        return f"; a command goes first: rook-access {named}, then its options"
    names = {option[2:] for action in sub._actions for option in action.option_strings if option.startswith("--")}
    word = next((w for w in extra if w.partition("=")[0] in names), None)
    if word:  # "resume", or "level=hard" heard from "--level=hard"
        key, equals, value = word.partition("=")
        return f"; did you mean --{key}{' ' + shorten(value) if equals else ''}? Options start with two dashes"
    return ""


SETTING = re.compile(r"\w[\w-]*=\S*")  # "must-trump=true": options read dashes as underscores


def spread_settings(words: Sequence[str], flags: set[str]) -> list[str]:
    """Settings written one after another behind one ``--option``, as rules.md writes them
    ("kentucky-discard --option red_one=true max_bid=195"), each given its own ``--option``.
    Only words shaped ``key=value`` are taken, and not where the key is one of the command's
    ``flags`` without its dashes ("level=hard" is --level typed as a voice reads it, said so by
    ``_what_was_meant``), so a preset's name or a file after the settings stays what it was."""
    out: list[str] = []
    spreading = False
    for i, word in enumerate(words):
        if word == "--":
            return out + list(words[i:])
        flag, equals, value = word.partition("=")
        given = value if equals and _is_option(flag) else word  # "--option=a=1", "--opt=a=1"
        setting = bool(SETTING.fullmatch(given)) and given.partition("=")[0] not in flags
        if spreading and setting:
            out += ["--option", word]
            continue
        out.append(word)
        spreading = setting and ((bool(equals) and _is_option(flag)) or (i > 0 and _is_option(words[i - 1])))
    return out


def _is_option(word: str) -> bool:
    """``--option``, or a start of it argparse may take for it ("--opt", "--o")."""
    return len(word) > 2 and "--option".startswith(word)


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """Each command's own parser, by name."""
    subparsers = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(subparsers[0].choices) if subparsers else {}


def _flags(parser: argparse.ArgumentParser) -> set[str]:
    """Every ``--name`` of every command, without its dashes."""
    commands = [parser, *_commands(parser).values()]
    return {o[2:] for command in commands for action in command._actions for o in action.option_strings
            if o.startswith("--")}


def _save_name_heard(args: argparse.Namespace, extra: list[str]) -> str:
    """"--resume game 1": a save's name as a voice reads it ("game one"), typed as heard; the
    name is one word (found by the voice sweep). The save the words mean, read as ``--resume
    "game one"`` reads them, is offered with the command that goes on with it: unquoted, "game
    one" was only "unrecognized arguments: one" (the re-check of session 39)."""
    name = getattr(args, "resume", None)
    if not (isinstance(name, str) and name and extra):
        return ""
    meant = _save_heard(name, extra, getattr(args, "command", None) or "")
    if meant:
        return f"; did you mean {meant}? A saved game's name is one word, its number in digits"
    if extra[0].isascii() and extra[0].isdigit():
        return f"; did you mean --resume {name}-{extra[0]}? A saved game's name is one word"
    return ""


def _save_heard(name: str, extra: list[str], command: str) -> str | None:
    """"rook-access play --resume game-1" for --resume game followed by one, or by more words
    of the name: the longest that names a save, as ``saves.heard_as_said`` reads it; else None."""
    from .store import saves

    kinds = (saves.AT_TABLE, saves.ON_SCREEN) if command == "table" else (saves.ON_SCREEN, saves.AT_TABLE)
    for count in range(len(extra), 0, -1):
        heard = saves.heard_as_said(" ".join([name, *extra[:count]]), kinds)
        if heard is not None:
            return f"rook-access {heard[0].command} --resume {heard[1]}"
    return None


def _rules_name_heard(args: argparse.Namespace, extra: list[str]) -> str:
    """"--rules kentucky west": a name of two words typed without quotes, as a voice reads it
    ("kentucky west") and as ``rook-access rules`` lists it spoken; the shell gives --rules the
    first word only (session 33 left it out)."""
    name = getattr(args, "rules", None)
    if not isinstance(name, str) or not name:
        return ""
    from .core.presets import preset_names
    from .store.family_rules import family_names, known_name
    names = {*family_names(), *preset_names()}
    for count in range(len(extra), 0, -1):
        meant = known_name(" ".join([name, *extra[:count]]))
        if meant in names:
            return f"; did you mean --rules {meant}? A name of several words goes in quotes or with dashes"
    return ""


def _spelled_command(parser: argparse.ArgumentParser, words: list[str]) -> list[str]:
    """The words with their command as argparse knows it. A name is read in any case, as rule
    names and the options' words are ("Play"); "help" is --help, as in a game, and "help play" is
    play --help; "version" is --version, which the user guide asks for with a report. A word
    that is no command is refused here, in the program's own words, with the name it is nearest:
    argparse said "invalid choice: 'plya' (choose from 'rules', ...)" (the newcomer sweep of
    session 37)."""
    if words and words[0] == "--":  # argparse: "argument COMMAND: invalid choice: '--'" (the re-check of session 38)
        after = f"as in rook-access {_said_words(words[1:])}" if words[1:] else "rook-access alone starts a game"
        raise UsageError(f"'--' cannot come before the command: leave it out, {after} (try: rook-access --help)")
    if not words or words[0].startswith("-"):
        return words
    commands, first = _commands(parser), words[0].lower()
    if first == "help":
        topic = words[1:2]
        if not topic or topic[0].startswith("-") or topic[0].lower() in ("help", "version"):
            return ["--help"]
        if topic[0].lower() in _commands(parser):  # a word no command is said as such first
            _one_topic(words[1:])
        return [*_spelled_command(parser, topic), "--help"]
    if first == "version":
        return ["--version"]
    if first in commands:
        return [first, *words[1:]]
    names = list(commands)
    meant = _command_meant(parser, words)
    raise UsageError(f"unknown command {shorten(words[0])!r}: {f'did you mean {meant}? The' if meant else 'the'} "
                     f"commands are {', '.join(names[:-1])} and {names[-1]} (try: rook-access --help)")


def _one_topic(topics: list[str]) -> None:
    """UsageError where help is asked of more than one command: "help play saves" gave play's
    help alone, saves passed over unsaid (the shell-commands sweep of session 38)."""
    if len(topics) > 1:
        others = " ".join(shorten(word) for word in topics[1:])
        raise UsageError(f"help takes one command, not {shorten(topics[0])} and {others}: type rook-access help "
                         f"{shorten(topics[0])}, then rook-access help {shorten(topics[1])}")


def _command_meant(parser: argparse.ArgumentParser, words: list[str]) -> str:
    """"play" for a command misspelt ("plya"), "rook-access play --resume" for an option of play
    typed as its name alone (a voice reads "--resume" as "resume"), "rook-access play --rules
    georgia" for the name of rules ("rook-access Kentucky West"); else ""."""
    from .store.family_rules import nearest_name

    word = words[0]
    near = nearest_name(word, list(_commands(parser)), cutoff=0.7)  # "plya" is 0.75 of play
    if near:
        return near
    play = _commands(parser).get("play")
    if play is None:
        return ""
    option, rules = f"--{word.lower()}", _rules_at(words)
    if option in play._option_string_actions:
        return f"rook-access play {option}"
    return f"rook-access play --rules {rules}" if rules else ""


# The most words a name of rules is heard as ("call partner high low"), and the most leftover
# words looked through for one: a thousand words are not each tried with every later one.
_RULES_WORDS = 6
_WORDS_LOOKED_AT = 20


def _rules_at(words: Sequence[str]) -> str | None:
    """The rules the first words name, the most words first ("Kentucky West" is kentucky-west,
    not a guess from "Kentucky"), read as ``--rules`` reads a name; or None."""
    from .core.presets import preset_names
    from .store.family_rules import family_names, known_name

    names = {*family_names(), *preset_names()}
    for count in range(min(len(words), _RULES_WORDS), 0, -1):
        meant = known_name(" ".join(words[:count]))
        if meant in names:
            return meant
    return None


def _rules_left_out(parser: argparse.ArgumentParser, command: str, words: Sequence[str], extra: list[str],
                    resuming: bool = False) -> str:
    """"; did you mean --rules georgia?" for the name of rules left over by a command that takes
    ``--rules``, typed without it ("rook-access play georgia" was told only "unrecognized
    arguments: georgia": the newcomer sweep of session 37). Not where --rules was typed: the
    name given there is the one meant. ``resuming`` (--resume given): a game resumed keeps its
    rules, so --rules is not offered (--resume refused it next: the re-check of session 38)."""
    sub = _commands(parser).get(command)
    if sub is None or "--rules" not in sub._option_string_actions or any(_is_rules(w) for w in words):
        return ""
    looked_at = extra[:_WORDS_LOOKED_AT]
    meant = next((m for m in (_rules_at(looked_at[i:]) for i in range(len(looked_at))) if m), None)
    if meant and resuming:
        return f"; a resumed game keeps the rules it was saved with, so leave out {meant}"
    return f"; did you mean --rules {meant}? A name of rules goes after --rules" if meant else ""


def _is_rules(word: str) -> bool:
    """``--rules``, or a start of it argparse takes for it ("--ru", "--rules=georgia")."""
    typed = word.partition("=")[0]
    return len(typed) > 3 and "--rules".startswith(typed)


def _plays(parser: argparse.ArgumentParser, words: list[str]) -> bool:
    """Whether the words are for ``play`` with its name left out: none ("rook-access" alone
    starts a game), or one of play's own options first ("rook-access --rook-label bird", as the
    user guide lists them for the start; it was "invalid choice: 'bird'"), or a start of one that
    argparse takes for it ("--opt target=200": the re-check of 98b5e07)."""
    if not words:
        return True
    first = words[0].partition("=")[0]
    if not first.startswith("--") or any(o.startswith(first) for o in parser._option_string_actions):
        return False  # --version, --help, or a start of either: the top level's own
    play = _commands(parser).get("play")
    if play is None:
        return False
    # A start that could be several of play's options is play's too: its parser says which
    # (it was "invalid choice" of the value, read as a command: the re-check).
    return any(option.startswith(first) for option in play._option_string_actions)


def _run(argv: Sequence[str] | None) -> int:
    try:
        parser = build_parser()
        args_list = _spelled_command(parser, spread_settings(sys.argv[1:] if argv is None else argv, _flags(parser)))
        implied = "rook_access.commands.play" in COMMANDS and _plays(parser, args_list)
        if implied:
            args_list = ["play", *args_list]
        args, extra = parser.parse_known_args(args_list)
        if extra:  # said here, where the command is known: its own --help is the one to read
            command = args_list[0] if args_list and not args_list[0].startswith("-") else ""
            meant = (_save_name_heard(args, extra) or _rules_name_heard(args, extra)
                     or _what_was_meant(parser, command, extra, implied)
                     or _rules_left_out(parser, command, args_list, extra,
                                        resuming=getattr(args, "resume", None) is not None))
            raise UsageError(f"unrecognized arguments: {_said_words(extra)}{meant} "
                             f"(try: rook-access {command + ' ' if command else ''}--help)")
        if not getattr(args, "func", None):
            parser.print_help()
            return 0
        home = _home_problem()
        if home:
            raise UsageError(home)
        return int(args.func(args) or 0)
    except (UsageError, RuleError) as exc:
        return _fail(_LONG_WORD.sub(lambda m: shorten(m.group(), 60), str(exc)), 2)
    except KeyboardInterrupt:
        # On a line of its own: the terminal echoed "^C" where the cursor was ("^Crook-access:
        # stopped." while the voice started: the pty sweep of session 30; replay's pause prompt).
        with contextlib.suppress(OSError, ValueError, AttributeError):
            if sys.stderr.isatty():
                print(file=sys.stderr, flush=True)
        return _fail("stopped.", 130)
    except OSError:
        raise  # main() tells a failed write to the output from any other file error
    except RecursionError:
        return _fail("the input is nested too deeply to read", 2)
    except Exception as exc:  # a bug: one line, never a traceback a screen reader reads out
        logging.getLogger(__name__).exception("unexpected error")
        return _fail(f"unexpected error ({exc.__class__.__name__}: {shorten(str(exc), 200)}); "
                     "please report it with the command you typed", 1)


def _home_problem() -> str | None:
    """Why the folder ROOK_ACCESS_HOME names cannot hold the game's files, or None: a file there
    made two lines at the start, neither naming the cause, and no game could be saved (the saves
    sweep); a name too long ended games with "cannot write" and status 1 (the re-check). A folder
    not there yet is made when the game first writes into it. ``~`` is read as the game reads it:
    a quoted "~/rook" was checked as a folder named ~ (the re-check)."""
    from .store.atomic import too_long
    from .store.settings import HOME_ENV, chosen_home

    home = chosen_home()
    if home is None:
        return None
    if os.environ.get(HOME_ENV, "").startswith("~") and str(home).startswith("~"):  # not "./~x"
        return f"{HOME_ENV} names {said_path(str(home))}, and its ~ names no user's home here: give the whole path"
    if too_long(home):
        return (f"{HOME_ENV} names {said_path(str(home))}, a name too long for this system: set it to a "
                "folder with a shorter name, or unset it")
    try:
        found = os.stat(home)
    except (OSError, ValueError):
        # A folder that cannot be made (inside a file, say) is not refused: the game plays on,
        # saying once that it cannot save, as for any folder it may not write to.
        return None
    if stat.S_ISDIR(found.st_mode):
        return None
    return (f"{HOME_ENV} names {said_path(str(home))}, which is not a folder: set it to a folder (one not there "
            "yet is made), or unset it")


def _fail(message: str, status: int) -> int:
    from .console.printer import warn

    warn(message)
    return status


def _output_failed(exc: OSError) -> int:
    """A write failed: to standard output (full, closed, a pipe whose reader left) or to a file.
    One line on standard error, exit 1; the output goes to /dev/null so the interpreter's own
    flush at exit does not print "Exception ignored" with a traceback."""
    reason = exc.strerror or exc.__class__.__name__
    if exc.filename:
        _fail(f"cannot write {said_path(str(exc.filename))}: {reason}", 1)
    elif not isinstance(exc, BrokenPipeError):  # `rook-access rules | head`: the reader had enough
        _fail(f"cannot write the output: {reason}", 1)
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 1
