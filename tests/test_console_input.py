"""Choosing the input mode, the plain reader, and the printer's append-only lines."""

from __future__ import annotations

import io
import os
import time
from pathlib import Path
from typing import TextIO

import pytest

from rook_access.console.input import EditorSource, PlainSource, choose_mode, early_lines, line_waiting
from rook_access.console.printer import Printer


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing here writes files; the home is set anyway, so a change that did would not reach
    the real one."""
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    return tmp_path


def test_windows_console_sets_no_term_but_can_edit() -> None:
    assert choose_mode(None, False, {}, True, True, windows=True) == "editor"
    assert choose_mode(None, False, {"ACCESSIBLE": "1"}, True, True, windows=True) == "plain"


def test_a_running_screen_reader_means_plain_unless_no_plain_is_asked_for() -> None:
    xterm = {"TERM": "xterm"}
    assert choose_mode(None, False, xterm, True, True, screen_reader=True) == "plain"
    assert choose_mode(False, False, xterm, True, True, screen_reader=True) == "editor"
    assert choose_mode(False, True, {"TERM": "xterm", "ACCESSIBLE": "1"}, True, True) == "editor"
    assert choose_mode(False, False, {"TERM": "dumb"}, True, True, screen_reader=True) == "plain"
    assert choose_mode(None, False, xterm, False, True, screen_reader=True) == "pipe"


@pytest.mark.parametrize(("plain", "setting", "env", "tty_in", "tty_out", "mode"), [
    (None, False, {"TERM": "xterm"}, True, True, "editor"),
    (True, False, {"TERM": "xterm"}, True, True, "plain"),
    (None, True, {"TERM": "xterm"}, True, True, "plain"),
    (None, False, {"TERM": "xterm", "ACCESSIBLE": "1"}, True, True, "plain"),
    (None, False, {"TERM": "xterm", "ACCESSIBLE": "0"}, True, True, "editor"),
    (None, False, {"TERM": "dumb"}, True, True, "plain"),
    (None, False, {}, True, True, "plain"),
    (None, False, {"TERM": "xterm"}, True, False, "plain"),
    (None, False, {"TERM": "xterm"}, False, True, "pipe"),
    (True, True, {"TERM": "dumb", "ACCESSIBLE": "1"}, False, False, "pipe"),
])
def test_choose_mode(plain: bool | None, setting: bool, env: dict[str, str], tty_in: bool, tty_out: bool,
                     mode: str) -> None:
    assert choose_mode(plain, setting, env, tty_in, tty_out) == mode


class Spoken:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.interrupts = 0

    def say(self, line: str) -> None:
        self.lines.append(line)

    def interrupt(self) -> None:
        self.interrupts += 1

    def poll_notice(self) -> str | None:
        return None


def test_printer_sends_each_line_once_to_speech_and_keeps_repeat_and_history() -> None:
    out, spoken = io.StringIO(), Spoken()
    printer = Printer(out, spoken)
    printer.write(["North bids 70."], announce=True)
    printer.write(["Your bid: 75 to 120 in fives, or pass."])
    printer.new_block()
    assert spoken.interrupts == 1
    assert printer.last_block == ["North bids 70.", "Your bid: 75 to 120 in fives, or pass."]
    assert printer.history == ["North bids 70."]
    assert spoken.lines == ["North bids 70.", "Your bid: 75 to 120 in fives, or pass."]
    assert out.getvalue() == "North bids 70.\nYour bid: 75 to 120 in fives, or pass.\n"


def test_plain_source_prompts_and_reads_lines_then_none_at_the_end() -> None:
    out = io.StringIO()
    printer = Printer(out, None)
    source = PlainSource(io.StringIO("hand\r\npass\n"), printer, echo=False)
    assert source.read() == "hand"
    assert source.read() == "pass"
    assert source.read() is None
    assert out.getvalue() == "> > > \n"
    assert "\x1b" not in out.getvalue()


def test_a_plain_line_ended_by_ctrl_d_gets_its_reply_on_a_line_of_its_own() -> None:
    """Ctrl+D after "hand" hands the line over without its newline; the terminal leaves the
    cursor after it, and the reply read "> handHand: 9 cards." (the terminal sweep)."""
    out = io.StringIO()
    printer = Printer(out, None)
    printer.write(["East and West: 0."])
    source = PlainSource(io.StringIO("hand"), printer, echo=False)
    assert source.read() == "hand"
    printer.new_block()
    # Only the cursor moves: reread says the last block without a blank line (the re-check).
    assert printer.last_block == ["East and West: 0."]
    printer.write(["Hand: 9 cards."])
    assert out.getvalue() == "East and West: 0.\n> \nHand: 9 cards.\n"


def test_pipe_source_echoes_but_repeat_leaves_the_echo_out() -> None:
    out = io.StringIO()
    printer = Printer(out, None)
    source = PlainSource(io.StringIO("hand\n"), printer, echo=True)
    printer.write(["Your bid: 75 to 120 in fives, or pass."])
    assert source.read() == "hand"
    printer.new_block()
    assert out.getvalue().endswith("> hand\n")
    assert printer.last_block == ["Your bid: 75 to 120 in fives, or pass."]


def test_lines_typed_before_the_prompt_are_taken_whole_and_a_half_typed_one_is_left() -> None:
    """A terminal in its cooked mode hands over lines Enter ended, one a read; what is half typed
    stays for the prompt, and Ctrl+D at a line's start is the input's end."""
    main, term = os.openpty()
    try:
        assert early_lines(term, "utf-8") == ([], False)
        os.write(main, b"hand\npass\nplay 1")
        assert early_lines(term, "utf-8") == (["hand", "pass"], False)
        os.write(main, b"4r\n\x04")
        assert early_lines(term, "utf-8") == (["play 14r"], True)
        assert early_lines(None, "utf-8") == ([], False)  # a pipe: every line is read at its turn
    finally:
        os.close(main)
        os.close(term)




def _waiting(fd: int) -> int:
    """Bytes the terminal ``fd`` holds for a read (in cooked mode: of whole lines)."""
    import fcntl
    import struct
    import termios

    return int(struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0])


def _typed_into(main: int, term: int, keys: bytes) -> None:
    """Type ``keys`` at the terminal and wait until it holds them: a pseudo-terminal hands what
    is written to its far end over a moment later."""
    os.write(main, keys)
    deadline = time.monotonic() + 10
    while _waiting(term) < len(keys) and time.monotonic() < deadline:
        time.sleep(0.01)


def _typed_unended(main: int, term: int, keys: bytes) -> None:
    """Type ``keys`` that end no line at the terminal, and wait until it holds them: a cooked
    terminal says no bytes wait until a line ends, so it reads them raw here, as the game takes
    them at its prompt."""
    import termios

    attrs = termios.tcgetattr(term)
    attrs[3] &= ~termios.ICANON
    termios.tcsetattr(term, termios.TCSANOW, attrs)
    _typed_into(main, term, keys)


def test_keys_typed_before_the_editors_prompt_are_cleaned_and_put_on_its_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Read raw by the line editor, 'h', Escape, 'and' typed while the computers played came out
    "hnd" (its Escape took the 'a') and an Up arrow recalled the last command onto the line (the
    re-check of session 37). The keys are taken before the prompt and cleaned as plain mode
    cleans them; a line ended meanwhile is shown and read, the keys after it kept."""
    from rook_access.console import input as typed
    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    try:
        typing = UnseenTyping(term)
        source = typed.EditorSource(lambda before: [], typing=typing)
        shown: list[tuple[str, bool]] = []

        def prompt(message: str, default: str = "", accept_default: bool = False) -> str:
            shown.append((default, accept_default))
            return default

        monkeypatch.setattr(source.session, "prompt", prompt)
        _typed_unended(main, term, b"h\x1band")
        assert source.read() == "hand"
        _typed_unended(main, term, b"\x1b[A")
        assert source.read() == "" and shown == [("hand", False), ("", False)]
        _typed_unended(main, term, b"\x1b[Apass\nsco")
        assert source.read() == "pass" and shown[-1] == ("pass", True) and source.begun() == "sco"
        typing.restore()
    finally:
        os.close(main)
        os.close(term)


def _taken_early(source: PlainSource | EditorSource, main: int, keys: bytes, begun: str) -> list[str]:
    """Type ``keys`` and take what was typed early until the line ``begun`` after them shows:
    a pseudo-terminal hands what is written to its far end over a moment later."""
    os.write(main, keys)
    lines: list[str] = []
    deadline = time.monotonic() + 10
    while source.begun() != begun and time.monotonic() < deadline:
        lines += source.typed_early()
    return lines


@pytest.mark.parametrize("editor", [False, True], ids=["plain", "editor"])
def test_a_line_begun_after_lines_typed_early_is_known_before_the_prompt_and_read_alone(
        editor: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """'13r', Enter, 'sc' typed while the computers played: "Press Enter to do it now" was said of
    the 13r while 'sc' waited, then Enter finished 'sc' (plain) or read "13rsc" (the editor: the
    re-check of session 37). The begun line is known with the lines typed early, and never joined
    onto the move offered: plain mode shows it at the prompt, the editor at the prompt after."""
    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    out = io.StringIO()
    try:
        typing = UnseenTyping(term)
        source: PlainSource | EditorSource
        if editor:
            source = EditorSource(lambda before: [], typing=typing)
            monkeypatch.setattr(source.session, "prompt", lambda message, default="", accept_default=False: default)
        else:
            source = PlainSource(open(term, encoding="utf-8", closefd=False), Printer(out, None), echo=False,
                                 typing=typing)
        assert source.begun() == ""
        assert _taken_early(source, main, b"13r\nsc", "sc") == ["13r"]
        if editor:  # the move alone on the line, the begun line at the prompt after it
            assert source.read(offer="13r") == "13r" and source.begun() == "sc"
            assert source.read() == "sc"
        else:
            _typed_into(main, term, b"ore\n")
            assert source.read(offer="13r") == "score" and out.getvalue().startswith("> sc")
        typing.restore()
    finally:
        os.close(main)
        os.close(term)


@pytest.mark.parametrize("editor", [False, True], ids=["plain", "editor"])
def test_a_blank_line_begun_after_a_move_typed_early_leaves_enter_to_the_move(
        editor: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """'13r', Enter and a stray space typed early: the space was said to be a line begun after the
    move (the re-check of session 37). Enter at the prompt takes the move (plain), and the editor
    puts the move alone on its line and keeps no blank line for the prompt after it."""
    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    out = io.StringIO()
    shown: list[str] = []
    try:
        typing = UnseenTyping(term)
        source: PlainSource | EditorSource
        if editor:
            source = EditorSource(lambda before: [], typing=typing)

            def prompt(message: str, default: str = "", accept_default: bool = False) -> str:
                shown.append(default)
                return default

            monkeypatch.setattr(source.session, "prompt", prompt)
        else:
            source = PlainSource(open(term, encoding="utf-8", closefd=False), Printer(out, None), echo=False,
                                 typing=typing)
        assert _taken_early(source, main, b"13r\n ", " ") == ["13r"]
        if editor:
            assert source.read(offer="13r") == "13r" and source.begun() == ""
            assert source.read() == "" and shown == ["13r", ""]
        else:
            _typed_into(main, term, b"\n")
            assert source.read(offer="13r") == "13r" and out.getvalue() == ">  \n"
        typing.restore()
    finally:
        os.close(main)
        os.close(term)


def test_keys_typed_between_prompts_are_not_echoed_and_are_handed_over_at_the_prompt() -> None:
    """Echoed where the cursor was, keys typed while the computers played landed inside the
    game's lines ("haNorth bids 85.": the accessibility sweep of session 36). Between prompts
    the echo is off and the cooked mode's line editing on; at the prompt the echo is on again
    and what was typed of a line not yet ended is handed over."""
    import termios

    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    try:
        before = termios.tcgetattr(term)
        typing = UnseenTyping(term)
        flags = termios.tcgetattr(term)[3]
        assert not flags & termios.ECHO and flags & termios.ICANON
        _typed_into(main, term, b"hand\n")
        assert not line_waiting(main)  # nothing echoed to the screen
        assert early_lines(term, "utf-8") == (["hand"], False)
        os.write(main, b"ha")
        typed = b""
        deadline = time.monotonic() + 10
        while typed != b"ha" and time.monotonic() < deadline:
            typed += typing.at_prompt()
        assert typed == b"ha"
        flags = termios.tcgetattr(term)[3]
        assert flags & termios.ECHO and flags & termios.ICANON
        os.write(main, b"n")
        assert os.read(main, 10) == b"n"  # at the prompt the terminal echoes again
        typing.quiet()
        assert not termios.tcgetattr(term)[3] & termios.ECHO
        typing.restore()
        assert termios.tcgetattr(term) == before
    finally:
        os.close(main)
        os.close(term)


def test_lines_ended_unseen_at_the_prompts_moment_are_read_one_by_one() -> None:
    """Lines that ended between the look for lines typed early and the prompt come whole from
    the handover: each is shown after the prompt and read in turn."""
    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    out = io.StringIO()
    try:
        typing = UnseenTyping(term)
        source = PlainSource(open(term, encoding="utf-8", closefd=False), Printer(out, None), echo=False,
                             typing=typing)
        _typed_into(main, term, b"hand\nbid 80\n")
        assert (source.read(), source.read()) == ("hand", "bid 80")
        assert out.getvalue() == "> hand\n> bid 80\n"
        typing.restore()
    finally:
        os.close(main)
        os.close(term)

def test_the_plain_prompt_takes_an_offered_line_with_enter_alone() -> None:
    printer = Printer(io.StringIO(), None)
    assert PlainSource(io.StringIO("\n"), printer, echo=False).read(offer="pass") == "pass"
    assert PlainSource(io.StringIO("bid 80\n"), printer, echo=False).read(offer="pass") == "bid 80"
    assert PlainSource(io.StringIO(""), printer, echo=False).read(offer="pass") is None
    assert PlainSource(io.StringIO("pass\n"), printer, echo=True).typed_early() == []


def _terminal(columns: int) -> tuple[int, TextIO]:
    """A real terminal (a pseudo-terminal's far end) of ``columns``, and its near end's
    descriptor: ``fitted`` asks the terminal its width."""
    import fcntl
    import pty
    import struct
    import termios

    near, far = pty.openpty()
    fcntl.ioctl(far, termios.TIOCSWINSZ, struct.pack("HHHH", 20, columns, 0, 0))
    return near, open(far, "w", encoding="utf-8")


def test_a_line_is_broken_between_words_and_a_cards_cells_stay_with_it() -> None:
    """At 40 columns a card's number and its braille cells were split across rows ("9" / "⠔⠽"),
    and an error line broke "name" / "d" (the third re-check of session 30)."""
    from rook_access.console.printer import fitted

    near, terminal = _terminal(40)
    try:
        hand = "Black: 13 ⠂⠒⠭, 9 ⠔⠭. Yellow: 12 ⠂⠆⠽, 9 ⠔⠽, 7 ⠶⠽, 6 ⠖⠽."
        rows = fitted(hand, terminal).split("\n")
        assert len(rows) > 1 and all(len(row) <= 40 for row in rows), rows
        assert " ".join(rows) == hand and not any(row[:1] in "⠂⠒⠭⠔⠆⠽⠶⠖" for row in rows), rows
        error = "rook-access: there is no saved game named nosuchgame: rook-access saves lists them"
        assert fitted(error, terminal).split("\n")[0] == "rook-access: there is no saved game"
        assert fitted("short", terminal) == "short"
        assert fitted(hand, io.StringIO()) == hand  # not a terminal: the line whole
        # With braille only, a colour's cards are cells alone: the list was held as one word, which
        # the terminal broke inside a card ("⠖" / "⠛"); a number stays with its colour, and the
        # Rook Bird whole ("wins trick 2 with 1" / "green": the narrow and re-check sweeps of session 31).
        only = "Green: ⠂⠒⠛, ⠂⠆⠛, ⠂⠂⠛, ⠂⠴⠛, ⠔⠛, ⠦⠛, ⠶⠛, ⠖⠛, ⠢⠛."
        rows = fitted(only, terminal).split("\n")
        assert len(rows) == 2 and all(len(row) <= 40 for row in rows) and rows[1] == "⠖⠛, ⠢⠛.", rows
        for line, kept in (("East wins trick 2 of the hand with the 1 green, 35 points.", "1 green,"),
                           ("East wins the trick ahead with the Rook Bird, 20 points.", "Rook Bird,"),
                           ("Your partner North plays the 13 green ⠂⠒⠛ here.", "13 green ⠂⠒⠛")):
            assert any(kept in row for row in fitted(line, terminal).split("\n")), fitted(line, terminal)
        # The special trumps' names too ("Always trump: Red" / "1 ⠂⠗"), and a wide character takes
        # two columns ("for th" / "e" at 30: the re-check of session 31).
        line = "Yellow: 12 ⠂⠆⠽, 9 ⠔⠽. Always trump: Red 1 ⠂⠗, Rook Bird."
        assert fitted(line, terminal).split("\n") == ["Yellow: 12 ⠂⠆⠽, 9 ⠔⠽. Always trump:", "Red 1 ⠂⠗, Rook Bird."]
        rules = "Low trump here: the Baby Rook is the red 2 card."  # "the red" / "2" (the re-check)
        assert fitted(rules, terminal).split("\n")[1] == "red 2 card.", fitted(rules, terminal)
        letters = ("Not a card: 80. Give a number and a colour, like 14r, red 14 or 14 red, or rook. Colour "
                   "letters: r red, g green, x or b black, y yellow.")  # "x or b" / "black" (the re-check)
        assert any("x or b black" in row for row in fitted(letters, terminal).split("\n")), fitted(letters, terminal)
        wide = "cabin: Cabin rules 🃏🃏 for the lake house weekend with grandma"
        assert fitted(wide, terminal).split("\n")[0] == "cabin: Cabin rules 🃏🃏 for the lake", fitted(wide, terminal)
    finally:
        terminal.close()
        os.close(near)


def test_lines_typed_ahead_reach_the_history_as_typed_at_a_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line typed during the start with an arrow key went into the history with the key's
    escape code, recalled as "^[[Ahand" (the third re-check of session 30); a blank line not."""
    from rook_access.console import input as typed

    monkeypatch.setattr(typed, "early_lines", lambda fd, encoding: ([], False))
    source = typed.EditorSource(lambda before: [])
    source.pasted.extend(["\x1b[Ahand", "  ", "score"])
    assert source.typed_early() == ["\x1b[Ahand", "  ", "score"]  # the game reads them as typed
    assert list(source.session.history.get_strings()) == ["hand", "score"]


@pytest.mark.parametrize(("text", "what", "kept"), [
    ("hx", "erase", "h"), ("", "erase", ""), ("play 14r", "kill", ""), ("play 14r", "word", "play "),
    ("play 14r  ", "word", "play "), ("hand", "word", ""), ("  ", "word", ""),
])
def test_a_line_carried_to_the_prompt_is_erased_as_the_terminal_erases_one(text: str, what: str, kept: str) -> None:
    from rook_access.console.terminal import _erased

    assert _erased(text, what) == kept


def test_escape_alone_goes_and_the_key_after_it_stays() -> None:
    """"h", Escape, "and" was read as "hnd": the Escape took the key after it (the last re-check
    of session 36). A key's code still goes whole."""
    from rook_access.console.parse import clean_line

    assert clean_line("h\x1band") == "hand"
    assert clean_line("\x1b[Ahand") == clean_line("ha\x1bOPnd") == clean_line("hand\x1b") == "hand"


def test_keys_typed_after_a_carried_lines_enter_are_finished_by_the_line_after_them() -> None:
    """'and', Enter, 'sco' in one burst, then 're' and Enter: the 'sco' kept after the Enter and the
    line 're' waiting on the terminal were read apart ("Not a command or a card: re.", then
    "> sco": the CI run of session 36). They are one line typed early, 'score'; whole lines
    kept come first, and an unfinished rest with no line after it stays for the prompt."""
    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    try:
        typing = UnseenTyping(term)
        source = PlainSource(open(term, encoding="utf-8", closefd=False), Printer(io.StringIO(), None),
                             echo=False, typing=typing)
        typing.left = b"hand\nsco"
        _typed_into(main, term, b"re\n")
        assert source.typed_early() == ["hand", "score"] and typing.left == b""
        typing.left = b"pass\nbid 8"
        assert source.typed_early() == ["pass"] and typing.left == b"bid 8"
        typing.restore()
    finally:
        os.close(main)
        os.close(term)


def _as_the_shell_leaves_it(term: int) -> None:
    """The terminal as bash gives it back at ``fg``: its own settings, echo and whole lines on."""
    import termios

    attrs = termios.tcgetattr(term)
    attrs[3] |= termios.ECHO | termios.ICANON
    termios.tcsetattr(term, termios.TCSANOW, attrs)


def test_the_games_terminal_settings_are_set_again_when_it_is_continued_after_a_stop() -> None:
    """After Ctrl+Z and fg, bash gave the terminal its own settings, echo on, so keys typed while
    the computers played broke into their lines again ("haNorth bids 85.": the re-check of
    session 37). On SIGCONT the settings last set are set again; not while the line editor has
    the terminal, nor once restored at the end."""
    import signal
    import termios

    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    previous = signal.getsignal(signal.SIGCONT)
    try:
        typing = UnseenTyping.of(open(term, encoding="utf-8", closefd=False))
        assert typing is not None
        _as_the_shell_leaves_it(term)
        os.kill(os.getpid(), signal.SIGCONT)
        assert not termios.tcgetattr(term)[3] & termios.ECHO
        with typing.lent():  # the line editor's own modes stand while it reads
            _as_the_shell_leaves_it(term)
            os.kill(os.getpid(), signal.SIGCONT)
            assert termios.tcgetattr(term)[3] & termios.ECHO
        assert not termios.tcgetattr(term)[3] & termios.ECHO
        typing.restore()
        os.kill(os.getpid(), signal.SIGCONT)
        assert termios.tcgetattr(term)[3] & termios.ECHO
    finally:
        signal.signal(signal.SIGCONT, previous)
        os.close(main)
        os.close(term)


@pytest.mark.parametrize("awaited", [True, False], ids=["awaiting-a-key", "taking-a-key"])
def test_a_line_being_finished_is_shown_again_after_a_stop_and_fg(awaited: bool) -> None:
    """'ha' carried to "> ha", then Ctrl+Z, fg and 'nd': the keys were shown twice ("nd" echoed by
    the shell's settings, then by the game) and "> ha" was not shown again (the re-check of session
    37). Continued, the settings are the game's again and the line is shown again on a line of its
    own, at once while a key is awaited, else before the next key is taken."""
    import threading

    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    shown: list[str] = []
    try:
        typing = UnseenTyping(term)

        def stopped_and_continued() -> None:
            _as_the_shell_leaves_it(term)
            typing.continued_after_stop()

        def write(text: str) -> None:
            shown.append(text)
            if not awaited and text == "n":
                stopped_and_continued()

        def fg() -> None:
            deadline = time.monotonic() + 10
            while typing.shown is None and time.monotonic() < deadline:
                time.sleep(0.01)
            try:
                stopped_and_continued()
            finally:  # the line ends whatever came of it: a fault fails the test, never hangs it
                os.write(main, b"nd\n")

        if awaited:
            threading.Thread(target=fg).start()
        else:
            os.write(main, b"nd\n")
        assert typing.finish_line("ha", write, "utf-8", "> ") == "hand\n"
        expected = ["\n> ha", "n", "d", "\n"] if awaited else ["n", "\n> han", "d", "\n"]
        assert shown == expected and not line_waiting(main, 0.1)  # nothing echoed by the terminal
        typing.restore()
    finally:
        os.close(main)
        os.close(term)


def test_keys_pasted_after_a_lines_enter_wait_as_typed_early_and_the_answer_starts_a_line() -> None:
    """"hand", "pass", "sc" pasted at "> ": the terminal echoed them as they came, and the answer
    to hand was glued to the unended "sc" ("scHand: 9 cards.": the re-check of session 37). The
    keys after the Enter are taken as lines typed early, and the line they end inside is ended."""
    import threading

    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    out = io.StringIO()
    try:
        stream = open(term, encoding="utf-8", closefd=False)
        typing = UnseenTyping(term)
        source = PlainSource(stream, Printer(out, None), echo=False, typing=typing)

        def paste() -> None:
            deadline = time.monotonic() + 10
            while typing.shown is None and time.monotonic() < deadline:  # the cooked prompt waits
                time.sleep(0.01)
            os.write(main, b"hand\npass\nsc")

        threading.Thread(target=paste).start()
        assert source.read() == "hand"
        assert out.getvalue() == "> \n", "the answer starts on a line of its own"
        assert source.typed_early() == ["pass"] and source.begun() == "sc"
        typing.restore()
    finally:
        os.close(main)
        os.close(term)


def test_the_plain_prompt_is_shown_again_after_a_stop_and_fg() -> None:
    """'ha' typed at "> ", Ctrl+Z, fg, 'nd': no "> " was shown after fg, and the line read was a
    new one, 'ha' gone with the stop (the re-check of session 37). Continued while the cooked
    prompt waits, the game shows "> " again on a line of its own."""
    import signal
    import threading

    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    out = io.StringIO()
    previous = signal.getsignal(signal.SIGCONT)
    try:
        stream = open(term, encoding="utf-8", closefd=False)
        typing = UnseenTyping.of(stream)
        assert typing is not None
        source = PlainSource(stream, Printer(out, None), echo=False, typing=typing)

        def fg() -> None:
            deadline = time.monotonic() + 10
            while typing.shown is None and time.monotonic() < deadline:
                time.sleep(0.01)
            try:
                _as_the_shell_leaves_it(term)
                os.kill(os.getpid(), signal.SIGCONT)
                time.sleep(0.2)
            finally:  # the line ends whatever came of it: a fault fails the test, never hangs it
                os.write(main, b"nd\n")

        threading.Thread(target=fg).start()
        assert source.read() == "nd" and out.getvalue() == "> \n> "
        typing.restore()
    finally:
        signal.signal(signal.SIGCONT, previous)
        os.close(main)
        os.close(term)


def test_a_stop_between_prompts_is_said_once_to_have_dropped_the_keys_typed_unseen() -> None:
    """'hand' typed while the computers played, then Ctrl+Z and fg: the terminal threw the keys
    away at the stop and nothing said so (the re-check of session 37's typing-early commits). A
    stop between prompts is said once, before the next prompt; one at a prompt, where the keys
    were shown, or while the line editor had the terminal, is not."""
    import signal

    from rook_access.console.terminal import DROPPED_AT_STOP, UnseenTyping

    main, term = os.openpty()
    previous = signal.getsignal(signal.SIGCONT)
    try:
        typing = UnseenTyping.of(open(term, encoding="utf-8", closefd=False))
        assert typing is not None
        printer = Printer(io.StringIO(), None)
        printer.notices.append(typing.stop_notice)

        def stopped_and_continued() -> str | None:
            _as_the_shell_leaves_it(term)
            os.kill(os.getpid(), signal.SIGCONT)
            return printer.late_notice()

        assert printer.late_notice() is None
        assert stopped_and_continued() == DROPPED_AT_STOP and printer.late_notice() is None
        typing.at_prompt()
        assert stopped_and_continued() is None
        typing.quiet()
        with typing.lent():
            assert stopped_and_continued() is None
        typing.restore()
        assert stopped_and_continued() is None
    finally:
        signal.signal(signal.SIGCONT, previous)
        os.close(main)
        os.close(term)


def test_the_editor_reads_keys_typed_early_in_the_terminals_encoding(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under a Latin-1 locale, "café" typed while the computers played was read as UTF-8 and
    refused as "not UTF-8", where typed at the prompt it was read (the re-check of session 37's
    typing-early commits). Lines ended early and a line begun are read as prompt_toolkit reads
    the terminal: in standard input's encoding."""
    import sys

    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    try:
        typing = UnseenTyping(term)
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(), encoding="latin-1"))
        source = EditorSource(lambda before: [], typing=typing)
        monkeypatch.setattr(source.session, "prompt", lambda message, default="", accept_default=False: default)
        assert _taken_early(source, main, b"h\xe9\ncaf\xe9", "caf\xe9") == ["h\xe9"]
        assert source.read() == "caf\xe9"
        _typed_unended(main, term, b"\xe9t\xe9")
        assert source.read() == "\xe9t\xe9"
        typing.restore()
    finally:
        os.close(main)
        os.close(term)


def test_ctrl_d_twice_ends_a_line_being_finished_as_at_the_cooked_prompt() -> None:
    """'score', Enter, 'sc' pasted: the game showed "> sc", and Ctrl+D did nothing however often
    it was pressed, where at the cooked prompt 'sc', Ctrl+D, Ctrl+D runs score (the re-check of
    session 38). Twice it hands the line over, its reply on a line of its own; once, then more
    keys, the line goes on; at a line's start it is the input's end."""
    import threading

    from rook_access.console.terminal import UnseenTyping

    main, term = os.openpty()
    out = io.StringIO()
    try:
        typing = UnseenTyping(term)
        source = PlainSource(open(term, encoding="utf-8", closefd=False), Printer(out, None), echo=False,
                             typing=typing)

        def finished(begun: bytes, keys: bytes) -> str | None:
            read = threading.Event()

            def type_keys() -> None:
                deadline = time.monotonic() + 10
                while typing.shown is None and time.monotonic() < deadline:  # the line's keys awaited
                    time.sleep(0.01)
                os.write(main, keys)
                if not read.wait(5):  # the line ends whatever came of it: a fault fails the test, never hangs it
                    os.write(main, b"!\n")

            typing.left = begun
            threading.Thread(target=type_keys).start()
            try:
                return source.read()
            finally:
                read.set()

        assert finished(b"sc", b"\x04\x04") == "sc" and out.getvalue() == "> sc\n"
        assert finished(b"sc", b"\x04ore\n") == "score"
        assert finished(b"s", b"\x7f\x04") is None
        typing.restore()
    finally:
        os.close(main)
        os.close(term)
