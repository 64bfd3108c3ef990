"""Where the console's lines go: appended to standard output, and each to one speech channel.

Output only ever appends whole lines: no cursor movement, no redraw, no colour, so a screen
reader reads each line once and a braille display never loses its place. The printer also
remembers the last game announcement (for ``repeat``), the last block of lines (for ``reread``)
and every announcement (for ``history``).
"""

from __future__ import annotations

import codecs
import contextlib
import functools
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable
from typing import Protocol, TextIO

from ..core import cards as C

HISTORY_KEEP = 500


class Speaker(Protocol):
    """The part of a speech channel the printer needs (``rook_access.speech.output.Channel``)."""

    def say(self, line: str) -> None: ...

    def interrupt(self) -> None: ...

    def poll_notice(self) -> str | None: ...


NAMES_ONLY = "Until then cards are named in words only."


def braille_unshown(stream: TextIO, mode: str = "") -> str | None:
    """A sentence when ``stream`` cannot show braille cells (a Latin-1 terminal turns them into
    question marks, silently); None when it can. With ``mode``, the game's braille setting
    (after or only), it says the cards are named in words meanwhile (``shown_braille``)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        "\u283f".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        names = f" {NAMES_ONLY}" if mode in ("after", "only") else ""
        return (f"This terminal's encoding, {encoding}, cannot show braille cells. A UTF-8 locale "
                f"shows them, such as LANG=en_US.UTF-8.{names}")
    return None


def shown_braille(mode: str, stream: TextIO) -> str:
    """The braille setting as ``stream`` shows it: cells it cannot show come out as question
    marks, so with ``only`` every card read "????" and the game could not be played (the
    braille-only sweep of session 31), and with ``after`` each name had "??" after it (the
    braille sweep of session 33); there cards are named as with ``off``. The setting kept is the
    player's."""
    return "off" if mode != "off" and braille_unshown(stream) else mode


# Typographic punctuation as ASCII writes it, for a terminal that cannot show it: a Latin-1
# terminal printed "Oma's rules" from a family's description as "Oma?s rules" (the files sweep
# of session 37), and a screen reader said "question mark" in the middle of a word.
_ASCII_FORMS = {
    **dict.fromkeys("\u2018\u2019\u201a\u201b\u2032", "'"),
    **dict.fromkeys("\u201c\u201d\u201e\u201f\u2033", '"'),
    **dict.fromkeys("\u2010\u2011\u2012\u2013\u2014\u2015\u2212", "-"),
    **dict.fromkeys("\u00a0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f", " "),
    **dict.fromkeys("\u200b\u2060\ufeff\u00ad", ""),  # unseen: a zero-width space, a soft hyphen
    "\u2026": "...", "\u2022": "-", "\u00ab": "<<", "\u00bb": ">>",
}
# What stands for characters a terminal cannot show (a run of them, the spaces between included):
# heard as "not shown", so a listener knows something is there to read elsewhere. A question mark
# said "question mark" as if the text asked something; each character's Unicode name ("CJK
# UNIFIED IDEOGRAPH-5317", "BRAILLE PATTERN DOTS-1235") says nothing a listener can use, and
# dropping them silently would let a description seem whole when it is not.
UNSHOWN = "(not shown)"
SHOWN = "rook-access-shown"  # the codec error handler that writes so (``shown_in``) for any print


@functools.lru_cache(maxsize=1024)
def _as_shown(char: str, encoding: str) -> str | None:
    """``char`` as a terminal of ``encoding`` shows it: itself, its ASCII form, itself without its
    accent or in its plain form (é as e, a full-width 2 as 2); None where nothing of it can be."""
    if unicodedata.combining(char):  # an accent apart from its letter: the letter is shown
        return ""
    for form in (char, _ASCII_FORMS.get(char), "".join(c for c in unicodedata.normalize("NFKD", char)
                                                        if not unicodedata.combining(c))):
        if form is not None and (form or char in _ASCII_FORMS) and _encodes(form, encoding):
            return form
    return None


def _encodes(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    except LookupError:  # an encoding Python does not know: leave the text to the stream
        return True
    return True


def shown_in(text: str, encoding: str | None) -> str:
    """``text`` as a terminal of ``encoding`` can show it: typographic punctuation in its ASCII
    form (' " - ...), an accent dropped where the letter alone can be shown, and each run of
    characters that cannot be shown at all, with the spaces between them, as ``UNSHOWN``. Braille
    cells in the game's own card names are never sent there (``shown_braille``)."""
    if not encoding or _encodes(text, encoding):
        return text
    text = unicodedata.normalize("NFC", text)  # a letter and its accent typed apart, as one
    pieces: list[str] = []
    gap = ""  # spaces after an unshown run: dropped if another unshown run follows them
    after_unshown = False
    for char in text:
        form = _as_shown(char, encoding)
        if form is None:
            if not after_unshown:
                pieces.append(UNSHOWN)
            after_unshown, gap = True, ""
        elif after_unshown and char.isspace():
            gap += form
        else:
            pieces += [gap, form]
            after_unshown, gap = False, ""
    return "".join([*pieces, gap])


def _shown_handler(error: UnicodeError) -> tuple[str, int]:
    """The codec error handler ``SHOWN``: what a stream cannot encode, as ``shown_in`` writes it."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    return shown_in(error.object[error.start:error.end], error.encoding), error.end


codecs.register_error(SHOWN, _shown_handler)


def _encoding(stream: TextIO) -> str | None:
    encoding = getattr(stream, "encoding", None)
    return encoding if isinstance(encoding, str) else None


# The spaces inside a card's name, which a row break must not take: between a card and its
# braille cells (not after a comma: with braille only, a colour's cards are cells alone, and the
# whole list was held as one word the terminal broke: the re-check of session 31), between a
# number and its colour, either way round ("wins trick 2 with 1" read as whole on a display: the
# narrow sweep), and inside "Rook Bird" and the special trumps' names ("Always trump: Red" / "1":
# the re-checks).
_IN_A_CARD = re.compile("|".join([
    "(?<=[^\\s,;:.]) (?=[\u2800-\u28ff])",
    "(?<=\\d) (?=(?:red|green|black|yellow)\\b)",
    # A colour's letters with it: "x or b black" (the re-check of session 32: "x" / "or b black").
    "(?<=\\b[rgxby]) (?=(?:or [rgxby] )?(?:red|green|black|yellow)\\b)",
    "(?<=\\b[rgxby] or) (?=[rgxby] (?:red|green|black|yellow)\\b)",
    *(f"(?<=\\b{colour}) (?=\\d)" for colour in C.COLORS),  # "the red 2", as the rules say it
    *(f"(?<=\\b{re.escape(first)}) (?={re.escape(rest)}\\b)"
      for first, rest in (name.split(" ", 1) for name in ("Rook Bird", *C.SPECIAL_NAMES.values()))),
]), re.IGNORECASE)


def columns(text: str) -> int:
    """How many columns ``text`` takes on a terminal: a wide character (Chinese, Japanese, most
    emoji) two, a combining mark none (a family's description broke "th" / "e" at 30 columns,
    counted in characters: the re-check of session 31)."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in text)


def fitted(line: str, stream: TextIO) -> str:
    """``line`` as a terminal of ``stream``'s width shows it: broken at spaces into rows that fit.
    The terminal itself broke a longer line at its last column, inside a number or a word ("Black:
    1" and "3, 9" for black 13 and 9, on a 40-cell braille console: the pty sweep of session 30).
    A file or a pipe gets the line whole, as does a word longer than a row; ``reread``, the voice
    and the history keep the line as it is. What the stream cannot show is written as ``shown_in``
    writes it, first, so the rows fit as shown."""
    line = shown_in(line, _encoding(stream))
    try:
        width = os.get_terminal_size(stream.fileno()).columns if stream.isatty() else 0
    except (OSError, ValueError, AttributeError):  # no terminal, or a stream without a descriptor
        width = 0
    if width < 20 or columns(line) <= width:  # a width below 20 is no real window: leave the line be
        return line
    # A card's name stays on its row ("9" at a row's end, "⠔⠽" on the next: the re-check).
    rows: list[str] = []
    for word in _IN_A_CARD.sub("\0", line).split(" "):  # "" for each space more: argparse's columns
        if rows and columns(rows[-1]) + 1 + columns(word) <= width:
            rows[-1] += " " + word
        elif word or not rows:  # the spaces at a break go with it; a first row keeps its indent
            rows.append(word)
    return "\n".join(row.rstrip() for row in rows).replace("\0", " ") or line


def put(text: str) -> None:
    """Lines of a command's answer on standard output, each broken to the terminal's width as the
    game's are (``rules``, ``saves``, ``simulate`` printed theirs whole, and the terminal broke
    "rook-access p" / "lay --resume": the narrow sweep of session 31)."""
    print("\n".join(fitted(line, sys.stdout) for line in text.split("\n")))


def warn(message: str) -> None:
    """One line on standard error, named as the program's ("rook-access: ..."), broken to the
    terminal's width as the game's own lines are (an error broke "name" into "name" / "d": the
    third re-check of session 30)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # standard error gone: nothing to say it on
        print(fitted(f"rook-access: {message}", sys.stderr), file=sys.stderr, flush=True)


class Printer:
    def __init__(self, stream: TextIO | None = None, speaker: Speaker | None = None) -> None:
        self.stream = stream if stream is not None else sys.stdout
        self.speaker = speaker
        self.block: list[str] = []  # lines since the player last typed
        self.last_block: list[str] = []  # what ``reread`` says again: the answer to the last line typed
        self.last_announcement: list[str] = []  # what ``repeat`` says again: the game's last news
        self._announcing = False  # the current block already added to last_announcement
        self.history: list[str] = []  # announcements (events), for ``history``
        # A line as the voice says it (the card namer's: braille cells are for the display).
        self.for_speech: Callable[[str], str] = str
        # Whether a line of a kind goes to the voice now (``speech.speaking``): all by default.
        self.speaks: Callable[[str | None], bool] = lambda kind: True
        # What else happened while the game was busy, each said once before the next prompt
        # (keys the terminal dropped at a stop: ``UnseenTyping.stop_notice``).
        self.notices: list[Callable[[], str | None]] = []

    def write(self, lines: Iterable[str], announce: bool = False, kind: str | None = None) -> None:
        """Print lines; ``announce`` marks them as events of the game (kept for history);
        ``kind`` (``speech.speaking.KINDS``) decides whether the voice says them too."""
        spoken = self.speaker is not None and self.speaks(kind)
        for line in lines:
            self.stream.write(fitted(line, self.stream) + "\n")
            self.block.append(line)
            if announce:
                self.history.append(line)
                if not self._announcing:
                    self.last_announcement = []
                    self._announcing = True
                self.last_announcement.append(line)
            if spoken and self.speaker is not None:
                self.speaker.say(self.for_speech(line))
        self.stream.flush()
        if len(self.history) > HISTORY_KEEP:
            del self.history[: len(self.history) - HISTORY_KEEP]

    def new_block(self, interrupt: bool = True) -> None:
        """The player typed a line: what was said before becomes what ``reread`` says again, and
        the voice stops, so the player hears the present. Not for a line typed before the prompt
        (``interrupt`` False): what was not yet spoken then is news the player has not heard."""
        if self.block:
            self.last_block = self.block
        self.block = []
        self._announcing = False
        if self.speaker is not None and interrupt:
            self.speaker.interrupt()

    def late_notice(self) -> str | None:
        """A speech failure that happened during the game, and anything ``notices`` has to say,
        said once (then text goes on)."""
        found = [self.speaker.poll_notice() if self.speaker is not None else None]
        found += [notice() for notice in self.notices]
        said = [notice for notice in found if notice]
        return " ".join(said) if said else None

    def echo(self, line: str) -> None:
        """Show a line read from a pipe, so a transcript shows what was typed; not repeated."""
        self.stream.write(fitted(line, self.stream) + "\n")
        self.stream.flush()

    def prompt(self, text: str) -> None:
        """The short input prompt of plain mode, on the line the player types on."""
        self.stream.write(text)
        self.stream.flush()

    def end_line(self) -> None:
        """End the line the player typed on where the terminal did not (a line ended by Ctrl+D,
        the input's end): only the cursor moves; nothing is said, nor kept for ``reread``."""
        self.prompt("\n")
