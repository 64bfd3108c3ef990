"""Turning one typed line into a :class:`Command`: pure, with no game state, so it is unit-tested
alone and the loop never guesses.

The parser knows words, numbers, colours and cards; it does not know whose turn it is. A bare
card (``14r``), a bare number (``80``) or a bare colour (``red``) becomes a command of its own
kind, and ``commands.py`` decides from the phase what it means (play or discard; bid; trump or
a look at that colour). Every failure is a :class:`ParseError` whose message is one sentence
saying what was wrong and what would work.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TypeVar

from ..core import cards as C
from ..core.errors import RuleError
from ..core.text import MAX_DIGITS, shorten, whole_number
from ..speech.cardtext import card_name
from .naming import seat_word, table_seat_words
from .registry import ALIASES, COLOUR_LETTERS, COMMANDS, PHRASES, SPECS, command_names, lookup

__all__ = ["ALIASES", "SHORT_FORMS", "Command", "ParseError", "clean_line", "command_names", "own_rook_label",
           "parse", "parse_cards", "topic_words", "typed_label_reads", "unknown_question"]

# Derived from the registry, for the tests and Tab completion: name -> short forms, in help order.
SHORT_FORMS: dict[str, tuple[str, ...]] = {spec.name: spec.shorts for spec in SPECS}
NO_TRUMP_WORDS = frozenset({"no trump", "no trumps", "notrump", "notrumps", "none", "nt", "no"})
_CARD_SPLIT = re.compile(r"[,;]+|\s+and\s+")
# Arrow and function keys arrive as escape sequences in plain mode (the terminal's cooked mode
# passes them through); echoed back they would move the cursor, so they are dropped. Escape
# alone goes, and the key typed after it stays ("h", Escape, "and" was read as "hnd": the re-check
# of session 36).
# Also the invisible format characters a pasted or Notepad-saved line may carry (a byte-order
# mark, zero-width spaces and joiners, direction marks and isolates, line and paragraph
# separators): "\ufeffhand" was refused as "hand" (and "hand\u2069" by the fuzz sweep).
_CONTROL = re.compile(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|O.)?|[\x00-\x08\x0b-\x1f\x7f\x80-\x9f"
                      "\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]")
# Bytes that were not text in the terminal's encoding arrive as U+FFFD (plain and pipe input
# decode with errors="replace") or as lone surrogates (prompt_toolkit, or a surrogateescape
# stream); a surrogate cannot even be printed, so both become U+FFFD.
_SURROGATE = re.compile("[\ud800-\udfff]")
NOT_TEXT = "\ufffd"
_T = TypeVar("_T")


def clean_line(line: str) -> str:
    """The typed line without escape sequences or control characters; tabs become spaces, and
    bytes that were not text become U+FFFD."""
    return _CONTROL.sub("", _SURROGATE.sub(NOT_TEXT, line).replace("\t", " "))


class ParseError(ValueError):
    """A line that is not a command; the message says why and what would work."""


class NotText(ParseError):
    """A line with bytes that are not UTF-8: the session says what may be typed now (a fixed
    "like bid 80 or play 14r" was said in every phase: the fuzz sweep)."""


class Incomplete(ParseError):
    """A move typed without what it moves ("play", "discard", "bid"), or with what cannot be
    read as it ("bid x", "play 14r 13r"): the command's name is the action's kind. The session,
    which knows the hand, gives an example that may go now; the parser alone, a fixed one ("like
    play 14r" was said to a player without the 14 red, "like bid 80" where bids start at 100:
    the sweeps)."""

    def __init__(self, name: str, text: str, example: str, wrong: str = "") -> None:
        self.name, self.text = name, text
        self.wrong = wrong  # what is wrong alone ("Not a number: x."), said with the prompt where no such move goes
        super().__init__(self.said(example))

    def said(self, example: str) -> str:
        return self.text.replace("EXAMPLE", example)


@dataclass(frozen=True)
class Command:
    """One parsed line. ``name`` is a command name from the registry, or one of the bare kinds
    ``card``, ``number``, ``colour`` and ``blank``. ``cards``/``number``/``colour``/``words`` carry
    the argument, already checked for shape."""

    name: str
    cards: tuple[int, ...] = ()
    number: int | None = None
    colour: int | None = None  # 0..3, or C.NO_TRUMP
    words: tuple[str, ...] = field(default_factory=tuple)
    rook: str = ""  # "high" or "low": the Rook Bird called with trump (rook=called)
    asked: str = ""  # the question as typed, for ``rules`` asked as "what is the nest": refused as a question
    # What followed "dummy" that is no colour ("dummy 14y"): the handler refuses it, knowing, as the
    # parser does not, whether these rules have a dummy at all (``dummy_words_refusal``).
    unread: str = ""


def parse_cards(text: str, rook_label: str = "rook") -> list[int]:
    """Several cards in one line: ``5g 6g 7x``, ``5 green, 6 green``, ``red 14 and bird``; the
    Rook Bird also as the player's own label for it (``own_rook_label``)."""
    return _with_label(_parse_cards, text, rook_label)


def _with_label(read: Callable[[str], _T], text: str, rook_label: str) -> _T:
    """``read(text)``; failing that, ``text`` read with the player's Rook Bird label as "rook":
    only then, so a label that is also a word where it stands ("e pass" with the label e, a
    setting's value) keeps that meaning. The first failure is the one said."""
    try:
        return read(text)
    except ParseError as first:
        labelled = own_rook_label(text, rook_label)
        if labelled == text:
            raise
        try:
            return read(labelled)
        except ParseError as second:
            # The line as typed is the one said wrong, unless what failed in it was the label
            # ("play 14r ⠿" is two cards to play, not "Not a card: ⠿").
            raise (second if own_rook_label(str(first), rook_label) != str(first) else first) from None


# With the letters of the game's card codes ("discard 6x 7g"), said nowhere in the game before
# (the first-hour sweep of session 32).
CARD_ADVICE = f"Give a number and a colour, like 14r, red 14 or 14 red, or rook. {COLOUR_LETTERS}"
CARD_ADVICE_NO_ROOK = f"Give a number and a colour, like 14r, red 14 or 14 red. {COLOUR_LETTERS}"


def for_deck(message: str, rook: bool) -> str:
    """A refusal of the parser as said for a deck with or without the Rook Bird: without it the
    advice on how cards are written leaves out "or rook"."""
    return message if rook else message.replace(CARD_ADVICE, CARD_ADVICE_NO_ROOK)


def _word(token: str) -> bool:
    """A token that is letters and digits (a sentence's comma or full stop after it allowed): only
    such a token joins the one beside it as one card, else "⠿ 14r" was the 14 red alone."""
    return re.fullmatch(r"[a-z0-9]+[.,;:!?]*", token) is not None


_FILLER = ("the", "of")  # words around a card that name no part of it ("the 14 of red")


def _parse_cards(text: str) -> list[int]:
    """Several cards in one line: ``5g 6g 7x``, ``5 green, 6 green``, ``red 14 and bird``.

    Tokens are read left to right; a token that is a card alone (``14r``, ``bird``) is taken,
    otherwise it is joined with the next (``red 14``, ``14 red``).
    """
    pieces = [p.strip() for p in _CARD_SPLIT.split(text.strip().lower()) if p.strip()]
    cards: list[int] = []
    for piece in pieces:
        tokens = [t for t in piece.split() if t not in _FILLER]
        i = 0
        while i < len(tokens):
            card = _card_or_none(tokens[i])
            if card is not None:
                cards.append(card)
                # "Rook Bird", the card's own name, is one card, not the rook and the bird.
                # Only a word joins it: "14r ⠿" is two cards (the label read as "rook"), and "14r !"
                # is not the 14 red (the card reader skips what is not a letter or a digit).
                pair = f"{tokens[i]} {tokens[i + 1]}" if i + 1 < len(tokens) and _word(tokens[i + 1]) else ""
                i += 2 if pair and _card_or_none(pair) == card else 1
                continue
            if i + 1 < len(tokens) and _word(tokens[i]) and _word(tokens[i + 1]):
                card = _card_or_none(f"{tokens[i]} {tokens[i + 1]}")
                if card is not None:
                    cards.append(card)
                    i += 2
                    continue
            # A colour word and the word beside it are the pair that failed ("red 16"), not "red".
            # So is a number and the word after it ("10 blk").
            paired = i + 1 < len(tokens) and (any(C.parse_color(t) is not None for t in tokens[i:i + 2])
                                              or _card_or_none(f"{tokens[i]} red") is not None)
            bad = f"{tokens[i]} {tokens[i + 1]}" if paired else tokens[i]
            raise ParseError(f"Not a card: {shorten(bare(bad))}. {CARD_ADVICE}")
    if not cards:
        raise ParseError("No cards given: name them, like 5g 6g 10y.")
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise ParseError(f"The {card_name(card)} is named twice: name each card once.")
        seen.add(card)
    return cards


def _card_or_none(text: str) -> int | None:
    if text.isdigit() or text in ("no", "nt"):  # isdigit: "²" too, which is no card either
        return None
    try:
        return C.parse_card(text)
    except RuleError:
        return None


def _one_card(rest: str, name: str) -> int:
    cards = _parse_cards(rest)
    if len(cards) != 1:
        raise Incomplete(name, f"{name.capitalize()} one card at a time, like {name} EXAMPLE.", "14r")
    return cards[0]


def _colour(text: str) -> int | None:
    cleaned = text.strip().lower()
    if cleaned in NO_TRUMP_WORDS:
        return C.NO_TRUMP
    return C.parse_color(cleaned)


def _trump_colour(text: str) -> int | None:
    """A colour named for trump, with or without the word: "red", "red trump" (as players and the
    hint say it), "red is trump", "no trump"."""
    colour = _colour(text)
    for tail in (" is trump", " trumps", " trump"):
        if colour is None and text.endswith(tail):
            colour = _colour(text[: -len(tail)])
    return colour


# Words around a Rook Bird call with trump: "trump red, rook low", "red with the bird high",
# "trump red and the rook bird is low", "red low", "name red trump with the Rook Bird low" (the hint's).
_ROOK_CALL_FILLER = frozenset({"rook", "bird", "the", "with", "and", "is", "rookbird", "trump", "trumps"})
_ROOK_CALL_WORDS = {"high": "high", "hi": "high", "low": "low", "lo": "low"}
_CALL_SPLIT = re.compile(r"[,;]+|\s+")


def bare(word: str) -> str:
    """A word without what dictation or a typist puts after it ("Undo.", "bid?", "plays,", "West."):
    no part of it. Every reader of a command's words reads them so; a word of marks alone stays."""
    return word.rstrip("?.!:,;") or word


_NONE_SAID = {"no", "none", "nothing", "zero", "nil", "no points", "not any"}
_TENS_SAID = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
              "ninety": 90}
_TEENS_SAID = {"fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19}


def points_said(text: str) -> int | None:
    """A count of points as a player says it: "20", "20.", "20 points", "twenty-five", "ten",
    "none", "no points" (at the table's nest question "none" was a no-trump call and "ten" a card's
    number: the re-check of session 31); None for anything else."""
    said = re.sub(r"\s+points?$", "", bare(text.strip().lower()))
    if said in _NONE_SAID:
        return 0
    number = whole_number(said)
    if number is not None:
        return number
    words = said.replace("-", " ").split()
    if len(words) == 1:
        return word_number(words[0])
    if len(words) == 2 and words[0] in _TENS_SAID and (unit := C.number_word(words[1])) is not None and unit < 10:
        return _TENS_SAID[words[0]] + unit
    return None


def word_number(word: str) -> int | None:
    """One word said as a number, "one" to "nineteen" or "twenty" to "ninety", or None: what a
    screen reader says for a figure, typed back as heard."""
    word = word.strip().lower()
    return C.number_word(word) or _TEENS_SAID.get(word) or _TENS_SAID.get(word)


def said_numbers(words: list[str]) -> list[str]:
    """``words`` with each figure said in several words put as its digits: "three hundred" as
    300, "twenty five" as 25, "one hundred and fifty" as 150 (a voice reads 300 so). A single
    word stays as it is: "one" is also a word of the rules' prose."""
    out: list[str] = []
    i = 0
    while i < len(words):
        value, used = _number_run(words, i)
        out.append(str(value) if used > 1 else words[i])
        i += max(used, 1)
    return out


def _number_run(words: list[str], start: int) -> tuple[int, int]:
    """The figure said by the words from ``start`` ("three hundred and five") and how many words
    say it; (0, 0) where none begins."""
    value, i = 0, start
    head = word_number(words[i])
    if head is not None and head < 10 and words[i + 1:i + 2] == ["hundred"]:
        value, i = head * 100, i + 2
        if words[i:i + 1] == ["and"] and i + 1 < len(words) and word_number(words[i + 1]) is not None:
            i += 1
    said = word_number(words[i]) if i < len(words) else None
    if said is not None:
        value, i = value + said, i + 1
        unit = word_number(words[i]) if i < len(words) and words[i - 1] in _TENS_SAID else None
        if unit is not None and unit < 10:
            value, i = value + unit, i + 1
    return value, i - start


def colour_with_rook(text: str) -> int | None:
    """A colour named with the Rook Bird but not high or low ("red, rook", "red with the bird"):
    the colour's call, of which the rules then ask high or low ("Name the colour" was said, and
    "red rook" alone was "Not a card": the table sweep and the re-check of session 30)."""
    split = [w for w in _CALL_SPLIT.split(text.strip().lower()) if w]
    words = [w for w in split if w not in _ROOK_CALL_FILLER]
    if len(words) != 1 or not {"rook", "bird", "rookbird"} & set(split):
        return None
    return C.parse_color(words[0])


def colour_and_rook(text: str) -> tuple[int, str] | None:
    """A trump colour with the Rook Bird called high or low (``red, rook low``, ``red rook
    high``, ``red low``), or None when the text is not that."""
    words = [w for w in _CALL_SPLIT.split(text.strip().lower()) if w and w not in _ROOK_CALL_FILLER]
    # The colour first or last: "red low", "low, red", "rook low, black" (the re-check).
    for colour_word, call in ((words[0], words[-1]), (words[-1], words[0])) if len(words) == 2 else ():
        colour = C.parse_color(colour_word)
        if colour is not None and call in _ROOK_CALL_WORDS:
            return colour, _ROOK_CALL_WORDS[call]
    return None


def _without_leading_filler(words: list[str]) -> list[str]:
    """``words`` from the first that is no filler word ("the red hgh" as "red hgh")."""
    first = next((i for i, word in enumerate(words) if bare(word) not in _FILLER), len(words))
    return words[first:]


def colour_then_words(text: str) -> tuple[int, str] | None:
    """A trump call whose first word is a colour and whose other words are not the Rook Bird's
    high or low ("red hgh"): the colour and those words, so that a refusal blames them and not
    the colour ("Not a colour: red hgh" was said: the re-check of session 33). Filler words
    before the colour are skipped: "the red hgh" was "Not a card: red hgh." (the re-check of
    session 34). None otherwise."""
    words = _without_leading_filler([w for w in _CALL_SPLIT.split(text.strip().lower()) if w])
    colour = C.parse_color(bare(words[0])) if words else None  # "red. hgh", as dictation types it
    unknown = [w for w in words[1:] if w not in _ROOK_CALL_FILLER and w not in _ROOK_CALL_WORDS]
    if colour is None or not unknown:
        return None
    return colour, " ".join(unknown)


def begins_with_card(text: str) -> bool:
    """Whether a line's first two words are a card ("r 14 and red hgh", "red 14, 13"): cards
    typed, not a trump call, though a colour comes first; filler words before them skipped ("the
    red 14")."""
    words = _without_leading_filler(text.strip().lower().split())[:2]
    return len(words) == 2 and _card_or_none(" ".join(bare(word) for word in words)) is not None


def rook_call_alone(text: str) -> str | None:
    """"low", "rook high", "the bird is low": a Rook Bird call without a colour ("high" or
    "low"), or None. "hi" alone stays history's short form."""
    words = [w for w in _CALL_SPLIT.split(text) if w]
    calls = [w for w in words if w not in _ROOK_CALL_FILLER]
    if len(calls) != 1 or calls[0] not in _ROOK_CALL_WORDS or words == calls and calls[0] in ("hi", "lo"):
        return None
    return _ROOK_CALL_WORDS[calls[0]]


KEEP = ("keep", "keep them", "keep these cards", "keep my cards", "keep the cards")
# "who won the last hand" (and its neighbours, ``_who_question``): the score's words for that
# hand's result, which the score's totals do not say (the re-check of session 36).
LAST_HAND = ("last", "hand")


def own_rook_label(line: str, label: str) -> str:
    """``line`` with the player's own label for the Rook Bird (``rook_label``, "rb") read as
    "rook": a player reads the card's label off the deck and types it. A label the parser already
    reads as something else (a colour letter, a number word, a command) keeps that meaning."""
    for written in {label.strip().lower(), _braille_ascii(label).lower()}:
        if written and " " not in written and written not in ALIASES and written not in NO_TRUMP_WORDS \
                and not any(_card_or_none(word) is not None for word in (written, f"{written} red")) \
                and C.parse_color(written) is None and not written.isdigit():  # a card, number or colour
            line = re.sub(rf"(?<![\w#]){re.escape(written)}(?!\w)", "rook", line, flags=re.IGNORECASE)
    return line


def typed_label_reads(typed: str, label: str) -> str | None:
    """What the console reads the Rook Bird's ``label``, typed alone as ``typed``, as when that is
    not the Rook Bird ("the pass command", "the colour red"), else None: a label that is a
    command word or a short form runs the command, never plays the Bird (``own_rook_label``).
    A seat's name or initials is read at a real table as that seat's move (``table_seat_words``)."""
    try:
        command = parse(typed, rook_label=label)
    except ParseError:
        return "another of the game's words"  # "no": an answer to a yes or no question
    seat = table_seat_words().get(typed)
    if command.name == "card" and command.cards == (C.ROOK,):
        if seat is not None:
            return f"the seat {seat_word(seat, '', capital=True)} at a real table"
        return None if _kept_among_cards(typed, label) else "a word that joins cards in a list (14r and the 13r)"
    if command.name == "blank":  # "keep", what Enter does (KEEP): said as the game's words (the sweeps of session 34)
        return "the answer to the misdeal offer"
    if command.rook:
        return f"the trump call's {command.rook}"
    if command.name == "colour" and command.colour is not None:
        return "no trump" if command.colour == C.NO_TRUMP else f"the colour {C.COLORS[command.colour]}"
    if command.name == "number":
        return f"the number {command.number}"
    spec = COMMANDS.get(command.name)
    return f"the {spec.spoken} command" if spec is not None else "another of the game's words"


def _kept_among_cards(typed: str, label: str) -> bool:
    """Whether the label typed in a list of cards still plays the Rook Bird: "the", "of" and
    "and" are left out there ("the 14 of red"), so "discard the 14r" laid the 14 red alone and a
    hand typed at the table lost its Bird (the braille fixes of session 37)."""
    try:
        return C.ROOK in parse(f"discard 14r {typed} 13r", rook_label=label).cards
    except ParseError:
        return False


def _braille_ascii(label: str) -> str:
    """A label given in braille cells ("⠃⠊⠗⠙") as the letters a braille keyboard types ("bird")."""
    if not any(0x2800 <= ord(char) <= 0x28FF for char in label):
        return ""
    try:
        from ..braille.ascii import cells_to_ascii
        return cells_to_ascii(label)
    except (ImportError, ValueError):
        return ""


def parse(line: str, trump: int = -1, rook_label: str = "rook", naming: bool = False) -> Command:
    """One line -> one Command, or ParseError. A blank line is ``Command("blank")``. ``trump``:
    the colour named trump (0..3), so a card can be typed as the game says it, "trump 14";
    ``rook_label``: the player's label for the Rook Bird, read as it where nothing else fits;
    ``naming``: a colour names trump now, so a first word "r" is red (``_letter_first``)."""
    letter = _letter_first(line) if naming else None
    return _with_label(partial(_parse, trump=trump, red=letter is not None), letter or line, rook_label)


def _letter_first(line: str) -> str | None:
    """``line`` with its first word the letter r ("r", "R.", "r,") as that letter alone, or None.
    Where a colour names trump (the player's trump call on screen; any seat's at the table), r
    is red, as g, x, b and y name their colours (the letters of the game's card codes): "r" and
    "r high" were repeat, while "y" named yellow (the first-hour sweep and the re-check of session
    32). Read as the letter, not as the word red, a refusal quotes what was typed: "r hgh" was
    "Not a card: red hgh." (the re-check of session 33). Anywhere else r is repeat."""
    words = line.split()
    if words and bare(words[0].lower()) == "r":
        return " ".join(["r", *words[1:]])
    return None


def _parse(line: str, trump: int = -1, red: bool = False) -> Command:
    text = clean_line(line).strip().lower()
    if not text:
        return Command("blank")
    if NOT_TEXT in text:
        raise NotText("Part of that line is not text the game can read (not UTF-8): type it again "
                      "in plain letters and digits.")
    # "Whose turn?" is asked as a question; "?" alone is help.
    # The hint's first words are a command up to its colon: "Bid 70:", "Name red trump:".
    text = " ".join(text.rstrip("?.!:").split()) or text
    # "a no-trump hand", as georgia's rules say it, typed back (the fourth re-check of session 29).
    text = _NO_TRUMP_HYPHEN.sub(r"no \1", text)
    if 0 <= trump < 4:
        text = _trump_as_colour(text, C.COLORS[trump])
    text = _no_trump_after_filler(text)
    no_trump = _NO_TRUMP_FIRST.match(text)
    if no_trump and no_trump.end() == len(text):
        return Command("notrump")
    if no_trump:  # not "Not a command or a card: no" (the re-checks)
        raise ParseError("No trump takes nothing after it: type just no trump.")
    if text.startswith(("i ", "i'll ", "ill ")) and len(text.split()) > 1:  # "I pass", "I'll bid 80"
        text = text.split(None, 1)[1]
    text = _command_after_filler(text)
    text = _who_question(text)
    if text == "who won the last hand":
        return Command("score", words=LAST_HAND)
    if text in PHRASES:
        return Command(PHRASES[text])
    if text in KEEP:  # the misdeal offer's "go on", as the hint says it: what Enter does
        return Command("blank")
    dummy = _DUMMY.fullmatch(text)
    if dummy:  # "dummy red" was "Not a command or a card: dummy" (the QA sweep of session 39)
        return _dummy_hand(dummy["rest"] or "")
    topic = _topic_question(text)
    if topic is not None:
        return topic
    call = rook_call_alone(text)
    if call:
        return Command("trump", rook=call)
    counted = _COUNT_QUESTION.fullmatch(text)  # "how many cards does north have": the seat's line
    if counted:  # says it; everyone's count is in status
        who = counted["who"]
        return Command("status") if who in _EVERYONE else Command("seat", words=_seat_words(who))
    if _PARTNER_QUESTION.fullmatch(text):  # "who is my partner": a newcomer's first question in call-partner
        return Command("seat", words=("my", "partner"))
    asked = _SEAT_QUESTION.fullmatch(text)
    if asked and asked["who"] in _EVERYONE:  # "what did everyone play": the trick, or the bids
        return Command("contract" if asked["verb"].startswith("bid") else "trick")
    if asked:  # "what did north play", "what has my partner bid": one seat's doings
        return Command("seat", words=_seat_words(asked["who"]))
    text = _GLUED.sub(r"\1 \2", text)  # "bid80", "play14r": the space left out
    head, _, rest = text.partition(" ")
    rest = rest.strip()
    # "bid: 80", "Play. 8r" (dictation's full stop), "Bid? 100"; a first r that is red (``red``) is no
    # repeat, nor is the r of a card typed ("r 14" was "Repeat takes nothing after it", where "g 7"
    # is a card: the re-check of session 34)
    name = None if red or begins_with_card(_CARD_SPLIT.split(text)[0]) else ALIASES.get(bare(head))
    if name is None:
        return _parse_bare(text)
    if head in QUESTION_WORDS and rest and COMMANDS[name].argument == "none":
        # "what was said" was answered "Legal takes nothing after it": a question the game does
        # not know is not a command with words after it (found by the review sweep).
        raise ParseError(unknown_question(text))
    return _parse_argument(name, COMMANDS[name].argument, rest)


def unknown_question(text: str) -> str:
    """The refusal of a question the game does not know, with questions that work and the rules
    of a word, which say what the game's words mean (the newcomer sweep of session 37)."""
    return (f"Not a question the game knows: {shorten(text)}. Ask like: whose turn, what is trump, who is winning, "
            "last trick; rules and a word says the rules of it, like rules nest; help lists every command.")


# "what is the nest", "what's a counter", "what are counters", "what does trump mean".
_TOPIC_QUESTION = re.compile(r"what(?:\s+is|'s|s|\s+are)\s+(?P<topic>.+)|what\s+does\s+(?P<meant>.+?)\s+mean")
# Words of a question that name no word of the game ("the nest", "a counter", "my cards").
_TOPIC_FILLER = frozenset({"a", "an", "the", "my", "your", "this", "that", "it", "of", "in", "on", "to", "for",
                           "is", "are", "and", "or", "i", "me", "we", "you"})


def topic_words(text: str) -> tuple[str, ...]:
    """The words of the game in ``text`` ("the rook bird" gives rook, bird), for the rules to be
    searched by; none when a word is not all letters ("14r") or only filler words are left."""
    words = [bare(word) for word in text.split()]
    if not all(re.fullmatch(r"[a-z]+(?:'s)?", word) for word in words):
        return ()
    return tuple(word for word in words if word not in _TOPIC_FILLER)


def _topic_question(text: str) -> Command | None:
    """A question of what a word of the game is ("what is the nest", "what is a counter"): the
    rules of it, refused as a question when no rule speaks of it. They were "Not a question the
    game knows", where "rules nest" answered well (the newcomer sweep of session 37). A question
    the game knows with "the" ("what is the trump") is that question, and the player's own things
    asked for ("what are my cards") are that phrase's command; None for a line that is no such
    question."""
    asked = _TOPIC_QUESTION.fullmatch(text)
    if asked is None:
        return None
    topic = asked["topic"] or asked["meant"]
    phrases = [f"what is {' '.join(_without_leading_filler(topic.split()))}"]
    phrases += [topic] if topic.startswith("my ") else []
    for phrase in phrases:
        if phrase in PHRASES:
            return Command(PHRASES[phrase])
    words = topic_words(topic)
    if words == ("rules",):  # "what are the rules": all of them
        return Command("rules")
    return Command("rules", words=words, asked=text) if words else None


def _who_question(text: str) -> str:
    """A "who won ..." question as the one phrase its neighbours share: "who won this one", "who
    won last trick", "who took the contract", "who has the contract", "who is winning this trick"
    were "Not a question the game knows" beside "who won that one", "who has the bid" (the re-check
    of session 36). The / this / that / last / previous, and trick / one, are read alike; the
    bidding, the bid, the contract and the auction too. Anything else is left as typed."""
    asked = _WHO_WON.fullmatch(text)
    if asked is None:
        return text
    verb = " ".join(asked["verb"].replace("'s", "is" if "winning" in asked["verb"] else "has").split())
    what, which = asked["what"], asked["which"]
    before = bool(asked["last"]) or which in ("last", "previous")  # a trick or hand already over
    if what in ("bid", "bidding", "contract", "auction"):
        return "who won the contract"
    if verb in ("has", "has got"):  # "who has the trick": not a question the game knows
        return text
    if verb == "is winning":  # the trick being played, not the last one
        return "who is winning the trick" if what == "trick" and not before else text
    if what == "hand":
        return "who won the last hand"
    return "who won the last trick" if which or before or what == "trick" else text


# "who won the last one", "who took the previous trick", "who has got the bidding": ``_who_question``.
_WHO_WON = re.compile(r"who(?P<verb>\s+(?:won|took|got|has(?:\s+got)?|is\s+winning)|'s\s+(?:got|winning))\s+"
                      r"(?:(?P<which>the|this|that|last|previous)\s+)?(?:(?P<last>last|previous)\s+)?"
                      r"(?P<what>trick|one|hand|bid|bidding|contract|auction)")


def _no_trump_after_filler(text: str) -> str:
    """``text`` without the filler words before a no-trump call ("the no trump" as "no trump"):
    it was read as the colour "no trump", told "No trump can be named only when you name trump."
    where these rules never allow it (the re-check of session 34)."""
    kept = " ".join(_without_leading_filler(text.split()))
    return kept if kept != text and _NO_TRUMP_FIRST.match(kept) else text


def _command_after_filler(text: str) -> str:
    """``text`` without the filler words before a command ("the score", "the the pass" as "pass"):
    "the score" was "Not a command or a card: score" (the re-check of session 32), and with one
    "the" dropped of two, "the the pass" was "Not a card: pass." (the sweeps of session 34). A
    letter alone after them stays ("the r" is no repeat)."""
    words = text.split()
    kept = _without_leading_filler(words)
    if kept and len(kept) < len(words) and len(kept[0]) > 1 and lookup(kept[0]) is not None:
        return " ".join(kept)
    return text


_SEAT_QUESTION = re.compile(r"(?:what|which cards?)\s+(?:did|has|have|does)\s+(?!been\b)(?P<who>.+?)\s+"
                            r"(?P<verb>play|played|lead|led|bid|bidden|do|done|throw|thrown|say|said)")
# "Not a question the game knows: who is partner" (the call-partner sweep of session 34).
# "who are my partners" (six-teams, call-partner-6) too: the re-check of session 34.
_PARTNER_QUESTION = re.compile(r"(?:who|which (?:seats?|players?))(?:\s+is|\s+are|'s|s)\s+(?:my\s+)?partners?")
_COUNT_QUESTION = re.compile(r"how many cards\s+(?:does|do|has|have|is|are)\s+(?P<who>.+?)\s+"
                             r"(?:have|hold|holding|got|left)(?:\s+left)?")
_NO_TRUMP_HYPHEN = re.compile(r"\bno-(trumps?)\b")
# No trump however it is spelt ("no trumps", "notrump", "no-trump"), alone or before more words.
_NO_TRUMP_FIRST = re.compile(r"no(?:\s+|-)?trumps?(?![\w-])")
_EVERYONE = frozenset({"everyone", "everybody", "they", "we", "all", "the others", "others", "people",
                       "each player", "every player", "each of them", "each one", "everyone else"})
_GLUED = re.compile(r"^(bid|play|discard|call)(\d)")


def begins_no_trump(line: str) -> bool:
    """Whether a typed line begins with no trump, as ``parse`` reads it."""
    return _NO_TRUMP_FIRST.match(clean_line(line).strip().lower()) is not None


def _seat_words(who: str) -> tuple[str, ...]:
    """A seat as a question names it ("my partner", "I") in the seat command's words."""
    return ("me",) if who == "i" else tuple(who.split())


QUESTION_WORDS = ("what", "who", "whose")  # command words ("who" is turn) that also start questions


# "trump 14" (not "trump 14 green", which names its colour) and "14 trump", "14 of trump".
_TRUMP_FIRST = re.compile(r"\btrumps?\s+(?=\d+\b(?!\s*(?:red|green|black|yellow|[rgxby])\b))")
_TRUMP_AFTER = re.compile(r"(?<=\d)\s+(?:of\s+)?trumps?\b")


# The dummy named, and what follows it: "dummy", "the dummy's hand", "dummy red", "dummy's cards trump".
_DUMMY = re.compile(r"(?:the )?dummy(?:'?s)?(?: hand| cards)?(?: (?P<rest>.+))?")


def _dummy_hand(rest: str) -> Command:
    """``hand dummy`` with what followed the dummy: nothing, a colour or trump, as a sighted
    player glances at the dummy's column of the colour led. Anything else is carried as
    ``unread`` for the handler to refuse: where no dummy sits, "No dummy in these rules." is the
    one true answer, and the parser cannot see the rules (the re-check of session 39)."""
    colour = C.parse_color(rest) if rest else None
    if colour is not None:
        return Command("hand", colour=colour, words=("dummy",))
    if rest in ("trump", "trumps"):
        return Command("hand", words=("dummy", "trump"))
    return Command("hand", words=("dummy",), unread=rest)


def dummy_words_refusal(rest: str) -> str:
    """The refusal of ``rest`` after "dummy" where the rules have one: only a colour or trump
    follows it; "dummy 14y", "dummy plays 14y" are told how the dummy's card is played."""
    first = bare(rest.split()[0]) if rest.split() else ""
    played = first in _PLAY_WORDS or begins_with_card(rest) or _card_or_none(first) is not None
    return ("Dummy takes nothing after it but a colour or trump: type dummy, or dummy red, green, black, yellow "
            "or trump." + (" On the dummy's turn, type its card alone to play it." if played else ""))


_PLAY_WORDS = frozenset({"play", "plays", "lead", "leads", "throw", "throws"})


def _trump_as_colour(text: str, colour: str) -> str:
    """A trump card as the hand, ``legal`` and the prompts name it once trump is named ("follow
    trump, only 8"): "trump 14", "14 trump", "14 of trump" are the trump colour's 14."""
    return _TRUMP_AFTER.sub(f" {colour}", _TRUMP_FIRST.sub(f"{colour} ", text))


def _parse_argument(name: str, argument: str, rest: str) -> Command:
    """The command ``name`` with what followed it, checked against the registry's shape."""
    if argument == "none":
        if rest:
            spoken = COMMANDS[name].spoken  # "no points", not the inner name "nopoints"
            raise ParseError(f"{spoken.capitalize()} takes nothing after it: type just {spoken}.")
        return Command(name)
    if argument == "bid":
        rest = _POINTS_WORD.sub("", rest)  # "bid 80 points", as a bid is said
        if not rest.strip():
            raise Incomplete(name, "A number is missing. Bid a number, like bid EXAMPLE, or just type EXAMPLE.", "80")
        return Command(name, number=_number(rest, "Bid a number, like bid EXAMPLE, or just type EXAMPLE.", name, "80"))
    if argument == "colour":
        # Nothing: a question (what is trump?). Not a colour: the handler says which colours
        # the rules in force take, which the parser does not know.
        colour = _trump_colour(rest) if rest else None
        called = colour_and_rook(rest) if rest and colour is None else None
        if called is not None:
            return Command(name, colour=called[0], rook=called[1])
        if rest and colour is None:
            colour = colour_with_rook(rest)
        return Command(name, colour=colour, words=(rest,) if rest and colour is None else ())
    if argument == "hand":
        if not rest:
            return Command(name)
        colour = C.parse_color(rest)
        if colour is None:
            if rest in ("trump", "trumps"):
                return Command(name, words=("trump",))
            dummy = _DUMMY.fullmatch(rest) if name == "hand" else None
            if dummy:  # "hand dummy red" was "Not a colour: dummy red" (the QA sweep of session 39)
                return _dummy_hand(dummy["rest"] or "")
            raise ParseError(f"Not a colour: {shorten(rest)}. Type {name}, or {name} red, green, black, yellow "
                             "or trump.")
        return Command(name, colour=colour)
    if name in ("play", "discard"):  # "play the 13" as "play 13": "Not a card: 13" (the first-hour sweep of session 32)
        rest = " ".join(word for word in rest.split() if word not in _FILLER) or rest
    if name in ("play", "discard") and rest.isascii() and rest.isdigit():
        # "play 9" as "9": the one card of that number that may go (the handler decides)
        return Command(name, number=_number(rest, f"Name the card, like {name} EXAMPLE.", name, "14r"))
    if name in ("play", "discard") and C.number_word(rest) is not None:
        return Command(name, number=C.number_word(rest))  # "play fourteen", as "play 14"
    if argument == "card":
        if not rest:
            raise Incomplete(name, f"Name the card, like {name} EXAMPLE.", "14r")
        return Command(name, cards=(_one_card(rest, name),))
    if argument == "cards":
        if not rest:
            raise Incomplete(name, f"Name the cards to {name}, like {name} EXAMPLE.", "5g 6g 10y")
        return Command(name, cards=tuple(_parse_cards(rest)))
    if argument == "count":
        if not rest:
            return Command(name)
        number = _number(rest, f"{name.capitalize()} takes a number from 1 up, like {name} 5, or nothing.")
        if number < 1:
            raise ParseError(f"{name.capitalize()} takes a number from 1 up, like {name} 5, or nothing.")
        return Command(name, number=number)
    # words: verbosity, speech, braille, help check their words themselves. A mark after a word is
    # no part of it ("speak plays, turn" was "Not a kind of line: plays,": the re-check of session
    # 29; "plays." the re-check of session 30); a braille label's cells are taken as typed.
    words = rest.split() if name == "braille" else [bare(word) for word in rest.split()]
    return Command(name, words=tuple(words))


def _number(text: str, usage: str, kind: str = "", example: str = "") -> int:
    """A number typed in ASCII digits; ``usage`` says what would work when it is not one. For a
    move (``kind``), EXAMPLE in it is one the session finds may be made now (``Incomplete``);
    ``example`` is the parser's own ("like bid 80" was said where bids start at 100)."""
    number = whole_number(text)
    if number is None:
        if not text.strip():
            wrong = "A number is missing."
        elif text.isdigit() and text.isascii():
            wrong = f"That number has {len(text)} digits, more than {MAX_DIGITS}."
        elif text[:1] == "-" and text[1:].isdigit() and text.isascii() and int(text[1:]):
            wrong = f"The number {shorten(text)} is below zero."  # a line starts with a capital
        else:
            wrong = f"Not a number: {shorten(text)}."
        if kind:
            raise Incomplete(kind, f"{wrong} {usage}", example, wrong)
        raise ParseError(f"{wrong} {usage}")
    return number


# A number of points said as a bid: "80 points" (it was "Not a card: 80": the first-hour sweep of session 32).
_POINTS_WORD = re.compile(r"\s+(?:points?|pts)$")
_POINTS_BID = re.compile(r"(\d+)\s+(?:points?|pts)")


def _parse_bare(text: str) -> Command:
    """A line that does not start with a command's name: a card, cards, a number, a colour.
    Read without its filler words first ("the 14" is "14", as "play the 14" is: the re-check of
    session 32), else as typed. A line starting "the" that neither reads is refused for the
    rest's own fault: "the scor" was "Not a command or a card: the." (the re-check of session 33)."""
    kept = " ".join(word for word in text.split() if word not in _FILLER)
    kept_error: ParseError | None = None
    if kept and kept != text:
        try:
            return _parse_bare(kept)
        except ParseError as exc:  # else said as typed, not "Not a command or a card: score"
            kept_error = exc
    try:
        return _bare_as_typed(text)
    except ParseError:
        if kept_error is not None and text.split()[0] == "the":
            raise kept_error from None
        raise


def _bare_as_typed(text: str) -> Command:
    """``_parse_bare`` of the line with its filler words."""
    points = _POINTS_BID.fullmatch(text)
    if points:
        return Command("bid", number=_number(points[1], "Bid a number, like bid EXAMPLE, or just type EXAMPLE.",
                                             "bid", "80"))
    if text.isascii() and text.isdigit():
        # A bid's example that may go now, from the session (a fixed "like 80" was refused where
        # bids start at 100, in the play, or without an auction: the fuzz sweep).
        return Command("number", number=_number(text, "Type a bid like EXAMPLE.", "bid", "80"))
    if C.number_word(text) is not None:  # "fourteen" alone, as "14": a card's number (the new-player sweep)
        return Command("number", number=C.number_word(text))
    # "yellow trump", as the hint says it, alone too: it was "Not a card" (the new-player sweep).
    # With the word trump it names trump, as "trump yellow" does: outside the trump call it
    # listed the yellow cards, not saying trump was not named (the re-check).
    colour = _trump_colour(text)
    if colour is not None and text not in ("no",):
        return Command("colour" if _colour(text) is not None else "trump", colour=colour)
    called = colour_and_rook(text)
    if called is not None:
        return Command("colour", colour=called[0], rook=called[1])
    with_rook = colour_with_rook(text)
    if with_rook is not None:
        return Command("colour", colour=with_rook)
    try:
        cards = _parse_cards(text)
    except ParseError as exc:
        word = text.split()[0]
        if any(char in "0123456789" for char in word) or C.parse_color(word) is not None \
                or _card_or_none(f"{word} red") is not None or _card_or_none(word) is not None:
            # A number or a colour first: a card mistyped ("10 blk", "14rr"), said as one; a card
            # first ("rook low"): what follows it is not a card ("Not a command or a card: rook").
            raise
        said = shorten(word.rstrip(".") or word)  # its own full stop not doubled ("no..": the re-check)
        raise ParseError(f"Not a command or a card: {said}. Type help for the commands.") from exc
    if len(cards) == 1:
        return Command("card", cards=(cards[0],))
    return Command("cards", cards=tuple(cards))
