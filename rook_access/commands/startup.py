"""What ``rook-access play`` and ``rook-access table`` set up alike before the first line: the
settings (a damaged file warned about once, the speech, verbosity, braille and label flags, the
settings kept in a save put back), the rules (the family's own or a preset, by default the last
played), the speech channel and the printer, the input source, the opening lines about speech
and input, and the save after every move. One place, so the table companion gets everything a
game on screen gets.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..console.input import EditorSource, LineSource, PlainSource, choose_mode, no_editor
from ..console.preferences import turned_off_line
from ..console.printer import Printer, braille_unshown, warn
from ..console.session import Session
from ..console.terminal import UnseenTyping, restore_on_signals
from ..core import Options, RuleError
from ..speech.speaking import left_out_line
from ..store.atomic import remove_stale_temps
from ..store.family_rules import resolve_rules
from .common import choice_arg

log = logging.getLogger(__name__)


def _label_flag(key: str, value: Any) -> str:
    """A label option's flag as it was typed: the indicator off is --no-numeric-indicator."""
    return "--no-numeric-indicator" if key == "numeric_indicator" and value is False else f"--{key.replace('_', '-')}"


def _in_clash(settings: Any, label_style: dict[str, Any]) -> list[tuple[str, Any]]:
    """The label flags a refused style comes from: each one without which it would be taken, or
    all of them when none is. A refused --rook-label named --numeric-indicator too, for a
    --no-numeric-indicator that had nothing to do with it (the braille sweep of session 33)."""
    blamed = [(key, value) for key, value in label_style.items()
              if settings.label_problem(**{k: v for k, v in label_style.items() if k != key}) is None]
    return blamed or list(label_style.items())


def add_console_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags for input, speech and braille that every console command takes alike."""
    parser.add_argument("--plain", action=argparse.BooleanOptionalAction, default=None,
                        help="plain input: no line editor, nothing but appended lines (the default when a "
                             "screen reader is running); --no-plain: the line editor")
    parser.add_argument("--speech", type=choice_arg, choices=("auto", "screen-reader", "tts", "off"),
                        help="where speech goes; remembered")
    parser.add_argument("--verbosity", type=choice_arg, choices=("brief", "normal", "full"), help="how much is said")
    parser.add_argument("--braille", type=choice_arg, choices=("off", "after", "only"), help="braille cells for cards")
    # The label options of ``rook-access labels``, so the cells on screen match the embossed deck.
    parser.add_argument("--rook-label", metavar="TEXT",
                        help="the Rook Bird's braille label, as on your deck (default rook); remembered")
    parser.add_argument("--black-letter", type=choice_arg, choices=("x", "b"),
                        help="braille letter for black; remembered")
    parser.add_argument("--numeric-indicator", action=argparse.BooleanOptionalAction, default=None,
                        help="braille labels with the numeric indicator; remembered")


class Startup:
    """The pieces a console command builds before its first line, in the order it needs them:
    ``Startup(folders)`` loads the settings, ``flags`` and ``rules`` apply the command line,
    ``open`` makes the channel and printer, ``source`` the input."""

    def __init__(self, folders: list[Path]) -> None:
        from ..store import checked
        from ..store.family_rules import rules_dir
        from ..store.settings import load_settings, settings_path

        for folder in [*folders, rules_dir()]:  # the family's rules too (the settings sweep of session 31)
            remove_stale_temps(folder)  # left by a game killed while it saved
        # The settings' folder may be one the player chose (ROOK_ACCESS_HOME), and a link's target
        # another program's: there only the game's own files' leftovers go (the re-checks).
        for path in {settings_path(), Path(os.path.realpath(settings_path())), checked.path()}:
            remove_stale_temps(path.parent, of=path.name)
        self.said_kept_as = False
        self.rules_notes: list[str] = []
        # Lines printed on standard error before the voice is there, for ``opening`` to say.
        self.warned: list[str] = []
        self.settings = load_settings(self._warn, self._note)
        # The settings the command line changes to be kept (--speech, the label style, the rules):
        # saved by ``remember``, which the command calls once every check that could refuse it is
        # behind it (a start refused saved them: found by the settings sweep and its re-check).
        self.to_keep: set[str] = set()
        self.rules_remembered = False  # the game's rules are the last played: no --rules nor --option
        self.speech_given = False  # --speech on the command line (``flags``)
        self.voice_held = False  # the remembered voice is not used: the output is no terminal (``open``)
        self.unsaved_reason: str | None = None  # why settings to remember could not be saved, said at the start
        self.kept_note: str | None = None  # what saving them did that the player should know, said at the start
        # --verbosity and --braille hold for this run only: the value each had before, which a
        # settings file written whole holds (a damaged one replaced); changed in the game, it is kept.
        self.run_only: dict[str, Any] = {}
        self.reader: Any = None
        self.channel: Any = None
        self.printer: Printer | None = None
        self.plain_for_reader = False
        self.editor_refused: str | None = None  # --no-plain where the line editor cannot run: why
        self.editor = False  # the line editor reads the input (``source``)

    def _note(self, message: str) -> None:
        """A line about the settings that is no damage (the rules last played cannot be played):
        said by ``rules`` where a game starts with the rules last played, and the next game's rules
        are kept in their place (``keep_rules``). Said at once, it was false where ``--rules`` chose
        others or a game was resumed ("hasbro is the default" before a refusal: the saves sweep)."""
        self.rules_notes.append(message)

    def save_settings(self, settings: Any, keys: Iterable[str]) -> str | None:
        """``store.settings.save_settings`` of only the settings named: each save writes those
        alone, and a setting for this run only, once changed in the game, is the player's to keep."""
        from ..store.settings import save_settings

        keys = list(keys)
        for key in keys:
            self.run_only.pop(key, None)
        return save_settings(settings, keys, self.run_only)

    def _keep(self, key: str, value: Any) -> None:
        """The command line's ``value`` for ``key``, for this game and kept by ``remember`` unless
        the file holds it already: a file holding it wrongly is mended, where the value in memory
        (the default put in its place) said nothing was to be written (found by the re-check)."""
        from ..store.settings import file_holds

        holds = file_holds(key, value)
        if not (getattr(self.settings, key) == value if holds is None else holds):
            self.to_keep.add(key)
        setattr(self.settings, key, value)

    def _warn(self, message: str) -> None:
        from ..store.settings import KEPT_AS

        # Where the damaged file will be kept is said here: ``remember`` need not say it again.
        self.said_kept_as = KEPT_AS in message
        self._printed(message)

    def _printed(self, message: str) -> None:
        """A line about the settings, printed at once (a start refused still shows it) and kept
        for the voice: printed before the voice existed, tts_rate = "fast" was never said (the
        speech sweep of session 37)."""
        warn(message)
        self.warned.append(message)

    def remember(self) -> None:
        """Keep the settings the command line changed (``to_keep``) for next time; a settings file
        that cannot be written only loses that, and it is said at the start. Only those lines of
        the file are written (a file that does not read as TOML is written whole, as its warning
        said); a setting the file holds wrongly stays wrong until the player sets it."""
        keys, self.to_keep = sorted(self.to_keep), set()
        if not keys:
            return
        try:
            note = self.save_settings(self.settings, keys)
            # The damaged file set aside, as its warning said it would be: not said twice (the saves sweep).
            self.kept_note = None if self.said_kept_as else note
        except (OSError, ValueError) as exc:
            log.error("cannot save settings: %s", exc)
            # Said, as a setting changed in the game says it: --speech is "remembered" by its help.
            self.unsaved_reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)

    def flags(self, args: argparse.Namespace) -> None:
        """``--speech`` (remembered), ``--verbosity``, ``--braille`` and the label style
        (remembered); a label style the labels refuse is a usage error."""
        from ..cli import UsageError
        settings = self.settings
        if args.speech:
            self._keep("speech", args.speech)
        self.speech_given = bool(args.speech)
        for key in ("verbosity", "braille"):  # for this run only: not saved unless changed in the game
            value = getattr(args, key)
            if value:
                self.run_only.setdefault(key, getattr(settings, key))
                setattr(settings, key, value)
        label_style = {key: value for key, value in (("rook_label", args.rook_label),
                                                      ("black_letter", args.black_letter),
                                                      ("numeric_indicator", args.numeric_indicator))
                       if value is not None}
        if label_style:
            problem = settings.label_problem(**label_style)
            if problem:
                given = " with ".join(_label_flag(key, value) for key, value in _in_clash(settings, label_style))
                raise UsageError(f"{given}: {problem}")
            for key, value in label_style.items():
                self._keep(key, value)

    def rules(self, args: argparse.Namespace) -> tuple[str, list[str], Options]:
        """``--rules`` (the family's own or a preset) with ``--option``; without them, the rules
        last played."""
        settings = self.settings
        if not args.rules:
            for note in self.rules_notes:
                self._printed(note)
        rules = args.rules or settings.rules
        self.rules_remembered = not (args.rules or args.option)
        overrides = list(args.option if args.rules or args.option else settings.options)
        try:
            return rules, overrides, resolve_rules(rules, overrides)
        except RuleError as exc:
            if args.rules or args.option:
                raise
            # A family's file with a mistake: said, and its rules kept for when it is mended.
            raise RuleError(f"the rules last played, {rules}, cannot be played: {exc}; mend the file, or choose "
                            "rules with --rules NAME (rook-access rules lists them)") from None

    def keep_rules(self, rules: str, overrides: list[str]) -> None:
        """Remember the rules of a game that started as the last played. Options the file holds
        that the rules refuse alone, left out of the game and said, stay in the file as written
        where the game plays the others without --rules or --option: the file was written over
        with none of them (the settings sweep of session 38)."""
        from ..store.settings import held_options

        held = held_options(rules, overrides) if self.rules_remembered else None
        self._keep("rules", rules)
        if held is None:
            self._keep("options", list(overrides))
        else:  # kept as written, should the rules' name be written in its place
            self.settings.options = held

    def open(self) -> Printer:
        """The screen reader (if one runs), the speech channel the settings choose, the printer."""
        from ..speech.screen_reader import detect_screen_reader

        self.reader = detect_screen_reader()
        # Output to a file or a pipe is a script's or a test's, not a listener's: the remembered
        # setting speaks only to a terminal, as replay's does (a piped game spoke aloud and took
        # 12 s for 0.7: found by the voice sweep); --speech given still speaks.
        speaking = self.speech_given or sys.stdout.isatty()
        self.channel = self.channel_for(self.settings.speech if speaking else "off")
        # A voice the player chose is said to be held back, and how to have it ("auto" is no choice).
        self.voice_held = not speaking and self.settings.speech in ("tts", "screen-reader")
        self.printer = Printer(sys.stdout, self.channel)
        return self.printer

    def channel_for(self, mode: str) -> Any:
        from ..speech.output import make_channel

        return make_channel(mode, self.settings.tts_rate, self.settings.tts_voice, self.reader)

    def source(self, args: argparse.Namespace, words: Callable[[str], list[str]]) -> LineSource:
        """The line editor (``words``: what Tab completes) or plain input, as ``--plain``, the
        settings, the terminal and a running screen reader choose."""
        assert self.printer is not None
        plain_setting = bool(getattr(self.settings, "plain", False))
        mode = choose_mode(args.plain, plain_setting, os.environ, sys.stdin.isatty(), sys.stdout.isatty(),
                           os.name == "nt", screen_reader=self.reader is not None)
        editor_otherwise = choose_mode(args.plain, plain_setting, os.environ, sys.stdin.isatty(),
                                       sys.stdout.isatty(), os.name == "nt") == "editor"
        self.plain_for_reader = mode == "plain" and editor_otherwise
        if args.plain is False and mode != "editor":  # --no-plain asked for what cannot be: say why
            why = "the input is not a terminal" if mode == "pipe" else no_editor(os.environ, sys.stdout.isatty(),
                                                                                os.name == "nt")
            self.editor_refused = f"No line editor, though --no-plain asked for it: {why}, so input is plain."
        self.editor = mode == "editor"
        restore_on_signals(self.editor)  # SIGTERM or SIGHUP in the line editor must not leave the terminal raw
        typing = UnseenTyping.of(sys.stdin)
        if typing is not None:  # keys dropped at a stop are said before the next prompt
            self.printer.notices.append(typing.stop_notice)
        if self.editor:  # the editor reads raw at its prompt, its echo its own; keys typed before it are cleaned
            return EditorSource(words, typing=typing)
        return PlainSource(sys.stdin, self.printer, echo=mode == "pipe", typing=typing)

    def opening(self) -> list[str]:
        """What the player hears first about input and speech, and the kinds of lines turned off;
        the lines about the settings printed before the voice was there are said first (only
        said: printed twice, they would be read twice)."""
        for message in self.warned:
            self.channel.say(message[:1].upper() + message[1:])
        self.warned = []
        lines = startup_lines(self.reader, self.settings.speech, self.channel, self.plain_for_reader)
        if self.editor_refused:
            lines.append(self.editor_refused)
        if self.voice_held:
            lines.append(voice_held_line(self.settings.speech))
        if self.reader is not None and self.channel.name == "tts" and not self.speech_given:
            lines.append(doubled_line(self.reader.name))
        if self.editor and self.reader is None:
            # A screen reader on another machine (over SSH) is not detected: the one way out of a
            # line that redraws itself is said at once (accessibility.md, append-only output).
            lines.append("The line editor redraws the line you type; for plain lines, start with --plain.")
        unshown = braille_unshown(sys.stdout, self.settings.braille) if self.settings.braille != "off" else None
        unsaved = (f"Note: what you set holds for this game only; saving the settings failed "
                   f"({self.unsaved_reason})." if self.unsaved_reason else None)
        voiced = self.channel.name != "off"  # the speak setting is heard only where a voice is on
        left_out = left_out_line(self.settings.speak) if voiced else None
        notes = (unshown, unsaved, self.kept_note, turned_off_line(self.settings), left_out)
        return lines + [note for note in notes if note]


def autosaver(write: Callable[[Session], None], remove: Callable[[], None],
              over: Callable[[Session], bool], where: str) -> Callable[[Session], bool]:
    """The save after every move: ``write`` it, or ``remove`` it once ``over`` (a finished game
    keeps no save). A failure is said once and play goes on; the last good save stays as it was
    (writes are atomic), and ``save_error`` says why for ``save`` and ``quit``. A save that works
    again is said too, so a failure after it is said again: the disk freed and full once more
    was silent, and the player never heard the game was safe in between (session 26's note).
    A failure that loses nothing (the game unchanged since the last save) is not said: the save
    as it was holds the game, and ``save`` and ``quit`` say so. On a read-only save, the note and
    "Not saved" said one failure twice in a row for a quit with no move made, and "Left without
    saving the last moves" followed (the files sweep of session 37)."""
    failing = False

    def autosave(session: Session) -> bool:
        nonlocal failing
        try:
            if over(session):
                remove()
            else:
                write(session)
        except OSError as exc:
            log.error("autosave to %s failed: %s", where, exc)
            session.save_error = f"{exc.strerror or exc}, writing {where}"  # where: a folder may be the fault
            if not failing and not session.unchanged():
                failing = True
                session.printer.write([f"Note: the game cannot be saved ({session.save_error}); play goes on."])
            return False
        if failing:
            failing = False
            if not over(session):
                session.printer.write(["Note: the game is saved again."])
        return True

    return autosave


def voice_held_line(speech: str) -> str:
    """Said where the voice the player chose (``speech``) is not used: the output is no terminal."""
    return (f"Speech is off for this run: the output goes to a file or another program, not a terminal. To "
            f"hear it all the same, start with --speech {speech}.")


def doubled_line(reader: str, remedy: str = "type speech auto") -> str:
    """Said where the game's own voice is on from the settings while the screen reader ``reader``
    runs: every line is heard twice. The setting may date from a time with no screen reader, and
    nothing said how to stop it (the accessibility sweep of session 36); ``--speech tts`` typed
    now is the player's choice of the moment, and not warned of. ``remedy``: how to stop it where
    the line is said (replay takes no typed commands)."""
    return (f"The game's voice is on, as your settings keep it, and {reader} reads every line too; "
            f"to hear each line once, {remedy}.")


def startup_lines(reader: Any, speech: str, channel: Any, plain_for_reader: bool) -> list[str]:
    """What the player hears first about input and speech, in plain sentences, each saying how
    to change it. ``reader`` is the running screen reader (``Detected``) or None;
    ``plain_for_reader``: plain input was chosen only because of it."""
    if reader is None:
        if channel.notice and channel.name == "off" and speech != "off":
            return [f"{channel.notice} Type speech to hear the choices."]
        return [channel.notice] if channel.notice else []
    name = reader.name
    lines = []
    if speech == "auto" and plain_for_reader:
        lines.append(f"{name} is running, so the game uses plain input and adds no voice of its own: {name} "
                     "reads every line. To change, start with --no-plain for the line editor, or type "
                     "speech tts for the game's voice.")
    elif speech == "auto":
        lines.append(f"{name} is running and reads every line, so the game adds no voice of its own. "
                     "Type speech tts for the game's voice.")
    else:
        if plain_for_reader:
            lines.append(f"{name} is running, so the game uses plain input. To change, start with "
                         "--no-plain for the line editor.")
        if channel.notice:
            lines.append(channel.notice)
    return lines
