"""Cards, hands, numbers and seats in words a speech synthesiser reads naturally.

Why a module of its own: the announcer, the console's ``hand`` command and replays all say cards,
and they must say them the same way. Everything here is plain ASCII, numbers are digits, and a
negative number is said "minus 95" (espeak-ng reads "-95" as "95" or "dash 95").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache

from ..core import cards as C
from ..core.deck import RED_ONE, DeckInfo, special_trumps
from ..core.options import Options

CardLike = int | str
NOT_NAMED = -1  # trump not named yet (C.NO_TRUMP, 4, is a no-trump hand)
# A run of Unicode braille cells (a card's label) and the space before it.
_CELLS = re.compile(r" ?[\u2800-\u28ff]+")
_TYPED_CELLS = re.compile(r"(?P<number>(?<!\S)\d{1,2}\s+)?(?P<space>\s*)(?P<cells>[\u2800-\u28ff]+)")
# A command's short form as help gives it, "status (st)", "Short: st or s. Example: status, or
# st.": a voice reads "st" as "saint" and "hi" as "high", and "?" not at all (found by the sound
# sweep), so a form of one or two letters is spelled letter by letter; "fix" is a word.
_IN_BRACKETS = re.compile(r"\(([a-z]{1,2}|\?)\)")
_SHORT_LINE = re.compile(r"^Short: ([a-z?]+(?: or [a-z?]+)*)\.")


_FLAG = re.compile(r"(?<!\S)--(?=[a-z])")


def spell_short_forms(line: str) -> str:
    """``line`` with the short forms of commands spelled for a voice: "(st)" as "(s t)", "?" as
    "question mark"; in help's "Short:" line, wherever the line names them; a command line's
    "--resume" as "dash dash resume"."""
    def spell(form: str) -> str:
        return "question mark" if form == "?" else " ".join(form) if len(form) <= 2 else form

    # A spelled "a" last in the brackets is read as the article, "s uh", unless a stop ends it: "(s a.)"
    # is "ess ay" (the speech sweep of session 31: seat, call, partner).
    line = _IN_BRACKETS.sub(lambda m: f"({spell(m.group(1))}{'.' if m.group(1)[1:] == 'a' else ''})", line)
    # "--resume" was read as "resume" (espeak-ng says no dashes): the command to type heard wrong.
    line = _FLAG.sub("dash dash ", line)
    listed = _SHORT_LINE.match(line)
    if listed:
        forms = sorted(listed.group(1).split(" or "), key=len, reverse=True)
        named = re.compile(rf"(?<![\w?])({'|'.join(map(re.escape, forms))})(?![\w?])( (?=\d))?")
        # Before a number typed after it ("c a 14r"), a comma: else "a" is read as the article.
        line = named.sub(lambda m: spell(m.group(1)) + ("," if m.group(2) and len(m.group(1)) <= 2 else "")
                         + (m.group(2) or ""), line)
    return line


# What a line of labels alone is read by: the labels, the headings that say a list's colour,
# and the ends of sentences and clauses where a heading stops ("red led: North ..." heads nothing).
_ONLY_TOKENS = re.compile(r"(?P<cells> ?[\u2800-\u28ff]+)|(?P<heading>\b(?:[Rr]ed|[Gg]reen|[Bb]lack|[Yy]ellow|"
                          r"[Tt]rump)\b(?! led))|(?P<end>[.;?!])")


def card_id(card: CardLike) -> int:
    """A card id from an id or a record code (``14r``, ``rook``)."""
    return card if isinstance(card, int) else C.from_code(card)


SPECIAL_NAMES = C.SPECIAL_NAMES


def special_mask(options: Options) -> int:
    """The cards these rules name by their special-trump name (the red 1, little and baby Rook)."""
    return sum(C.BIT[card] for card, _rank, _points in special_trumps(options))


def card_name(card: CardLike, red_one: bool = False, specials: int = 0) -> str:
    """"14 red", "Rook Bird"; a special trump by its own name ("Red 1", "Little Rook"), a trump
    whatever the colour. ``specials``: the mask of such cards (``red_one``: the red 1 alone)."""
    cid = card_id(card)
    if red_one:
        specials |= C.BIT[RED_ONE]
    return C.name(cid, specials)


def rook_call_words(call: str) -> str:
    """", the Rook Bird high, the highest trump": how the trump caller called the Rook Bird
    (rook=called), to follow the trump colour; "" where it was not called."""
    if not call:
        return ""
    return f", the Rook Bird {call}, the {'highest' if call == 'high' else 'lowest'} trump"


def join_words(items: list[str], last: str = "and") -> str:
    """"A", "A and B", "A, B and C"; with ``last="or"`` the comma keeps choices apart:
    "75 to 120 in fives, or pass"."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if last == "or":
        return ", ".join(items[:-1]) + ", or " + items[-1]
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def join_parts(parts: list[str]) -> str:
    """Parts of one line, each a name and its number: kept apart by semicolons where a name
    has commas of its own ("North, Southeast and Southwest 20; you, Northeast and Northwest
    0"), or a listener cannot hear which names the number goes with."""
    return ("; " if any("," in part for part in parts) else ", ").join(parts)


class CardNamer:
    """The one way cards are named to a player: the spoken name, then, with a braille setting,
    the card's braille label as Unicode cells ("14 red ⠂⠲⠗", or "⠂⠲⠗" alone).

    ``labeller`` gives a card's cells (the console passes ``braille.labels.label_cells``); without
    one braille stays off. ``braille`` may be changed in place (the ``braille`` command), and
    ``black_letter``, the letter the player's labels write black with (``code``)."""

    def __init__(self, braille: str = "off", labeller: Callable[[int], str] | None = None,
                 red_one: bool = False, specials: int = 0, black_letter: str = "x") -> None:
        self.labeller = labeller
        self.black_letter = black_letter
        self.braille = braille if labeller is not None else "off"
        self.specials = specials | (C.BIT[RED_ONE] if red_one else 0)
        self._labels: dict[str, int] = {}
        self._labels_for: tuple[Callable[[int], str], int] | None = None

    @property
    def available(self) -> bool:
        return self.labeller is not None

    def for_speech(self, line: str) -> str:
        """The line as a voice should say it: speech gets the words, the braille display the
        cells. espeak-ng reads "⠂⠲⠗" as "braille pattern dots 2, ..." (a deal line took 28 s
        instead of 7.6 s). With ``after`` the cells follow the name and are dropped; with
        ``only`` each label is replaced by what braille ``off`` says there (``_only_spoken``)."""
        line = spell_short_forms(line)
        if not _CELLS.search(line):
            return line
        if self.braille in ("off", "after") or self.labeller is None:  # off: a label style's example
            return _CELLS.sub("", line)
        return self._only_spoken(line)

    def _only_spoken(self, line: str) -> str:
        """A line of labels alone, said as braille ``off`` says it: a card's full name, or its
        number alone where ``short`` gave it, in a list headed by its colour or by "trump"
        ("Red: ⠂⠲⠗, ⠂⠆⠗." is "Red: 14, 12.", "follow trump, ⠂⠲⠗ or ..." is "follow trump,
        14 or ..."). In a line of cells the only colour words are such headings (a card's own
        colour is in its cells), and a heading holds to the end of its sentence or clause."""
        cards = self._cards_by_label()
        heading: str | None = None
        out: list[str] = []
        at = 0
        for match in _ONLY_TOKENS.finditer(line):
            out.append(line[at:match.start()])
            at = match.end()
            token = match.group()
            if match.lastgroup == "heading":
                heading = token.lower()
            elif match.lastgroup == "end":
                heading = None
            else:
                cells = token.lstrip(" ")
                card = cards.get(cells)
                token = token[: len(token) - len(cells)]
                if card is None:
                    continue  # not one of our labels: say nothing rather than dots
                plain = card != C.ROOK and not self.specials >> card & 1
                under = heading is not None and heading in ("trump", C.COLORS[C.color_of(card)])
                token += str(C.number_of(card)) if plain and under else self.spoken(card)
            out.append(token)
        out.append(line[at:])
        return "".join(out)

    def read_cells(self, line: str) -> str:
        """A typed line with our labels read as the cards they are: a label alone as the card's
        code ("play ⠢⠽" is "play 5y"), a label after its own card's name dropped ("play 5 yellow
        ⠢⠽", the hint as braille ``after`` shows it). The game shows labels and advises them,
        and the parser read none but the Rook Bird's (the commands sweep). Other cells stay, for
        the parser to refuse."""
        if self.labeller is None or not _CELLS.search(line):
            return line
        cards = self._cards_by_label()

        def read(match: re.Match[str]) -> str:
            card = cards.get(match["cells"])
            number = match["number"] or ""
            if card is None:
                return match[0]
            before = f" {line[:match.start()]}{number}".rstrip(" ,").lower()
            if any(before.endswith(f" {form}") for form in self._typed_forms(card)):
                return number.rstrip()  # the label repeats the name before it
            if number.strip() == str(C.number_of(card)):  # a hand's short "14 ⠂⠲⠗": the number of this card
                return C.code(card)
            return f"{number}{match['space']}{C.code(card)}"
        return _TYPED_CELLS.sub(read, line)

    def _typed_forms(self, card: int) -> tuple[str, ...]:
        """How a card may be named just before its label ("14 red ⠂⠲⠗", "14r ⠂⠲⠗", "red 14 ⠂⠲⠗",
        "rook ⠗⠕⠕⠅"): the label then only repeats it. (A hand's "14 ⠂⠲⠗" is read as the code.)"""
        spoken = self.spoken(card).lower()
        if card == C.ROOK:
            return spoken, "rook", "bird"
        if self.specials >> card & 1:
            return spoken, C.code(card)
        return spoken, C.code(card), f"{C.COLORS[C.color_of(card)]} {C.number_of(card)}"

    def _cards_by_label(self) -> dict[str, int]:
        """Each card's cells -> the card, for the labeller in force now."""
        assert self.labeller is not None
        key = (self.labeller, self.specials)
        if self._labels_for != key:
            self._labels = {self.labeller(card): card for card in range(C.CARD_COUNT)}
            self._labels_for = key
        return self._labels

    def code(self, card: int) -> str:
        """The card as the game's examples write it for typing, black in the player's letter
        ("6b"): with black written b, "like discard 6y 7x" stood beside labels reading ⠶⠃ (the
        braille sweep of session 33). Input reads x and b alike."""
        typed = C.code(card)
        if card != C.ROOK and C.color_of(card) == C.BLACK:
            return typed[:-1] + self.black_letter
        return typed

    def spoken(self, card: CardLike) -> str:
        """The name alone, never cells: for words inside a sentence ("the Rook Bird led")."""
        return card_name(card, specials=self.specials)

    def _with_cells(self, spoken: str, card: int) -> str:
        if self.braille == "off" or self.labeller is None:
            return spoken
        cells = self.labeller(card)
        return cells if self.braille == "only" else f"{spoken} {cells}"

    def name(self, card: CardLike) -> str:
        """The full name: "14 red", "14 red ⠂⠲⠗" or "⠂⠲⠗"."""
        cid = card_id(card)
        return self._with_cells(card_name(cid, specials=self.specials), cid)

    def short(self, card: CardLike) -> str:
        """The name inside a line that already says the colour: "14" (or with its cells); the
        cards that are trump whatever the colour keep their full name."""
        cid = card_id(card)
        if cid == C.ROOK or self.specials >> cid & 1:
            return self.name(cid)
        return self._with_cells(str(C.number_of(cid)), cid)

    def restyle(self, text: str, trump: int = -1) -> str:
        """A sentence made elsewhere with cards named in words (the hint, from ``ai.hint``; the
        rules' refusals), with each card named as everywhere else: its cells after the name, or
        the cells alone. A hint read as "Play 10 black" on a display showing every other card as
        cells broke the rule that a card reads the same everywhere. The cards a "must follow"
        refusal names by number alone (``core.tricks.why_not``) are of the colour it names, or of
        ``trump`` (the colour trump is) where it says "must follow trump"."""
        if self.braille == "off" or self.labeller is None:
            return text
        names, pattern = _names_pattern(self.specials)
        text = _FOLLOW.sub(lambda m: m.group(1) + self._follow_numbers(m.group(3), m.group(2), trump), text)
        return pattern.sub(lambda m: self.name(names[m.group()]), text)

    def _follow_numbers(self, listed: str, colour: str, trump: int) -> str:
        """The list's items that are a number alone; a card with a name of its own ("Red 1") is
        named in full and left to the names' pattern (its 1 was labelled as the trump colour's)."""
        suit = trump if colour == "trump" else C.COLORS.index(colour)
        if not 0 <= suit < len(C.COLORS):
            return listed
        items = re.split(r"(, | and )", listed)
        return "".join(self.short(C.make(int(item), suit)) if item.isdigit() else item for item in items)

    def names(self, cards: Iterable[CardLike]) -> str:
        """Cards in the order given, joined for speech: "7 red and 12 red", "5 red, 7 red and
        12 red"; "none" for no card."""
        return join_words([self.name(c) for c in cards]) or "none"


# "You must follow green: you hold 7 and 5, or may play the Rook Bird." (``core.tricks.why_not``):
# the list after "hold", up to the cards that may go at any time or the full stop.
_FOLLOW = re.compile(r"(must follow (red|green|black|yellow|trump): (?:you hold|the dummy holds) )"
                     r"(.+?)(?=, or may play|\.$)")


@cache
def _names_pattern(specials: int) -> tuple[dict[str, int], re.Pattern[str]]:
    """Every card's spoken name (``specials`` named as themselves) and a pattern that finds them
    as whole words, longest first ("11 red" before "1 red")."""
    names = {card_name(card, specials=specials): card for card in range(C.CARD_COUNT)}
    pattern = re.compile(r"(?<![\w])(" + "|".join(
        re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")(?![\w])")
    return names, pattern


def number(value: int) -> str:
    """Digits, with "minus" said as a word: espeak-ng and braille both read it plainly."""
    return f"minus {-value}" if value < 0 else str(value)


def points(value: int) -> str:
    """"25 points", "1 point", "no points"."""
    if value == 0:
        return "no points"
    if value == 1:
        return "1 point"
    return f"{number(value)} points"


# ----- the one hand formatter -----------------------------------------------------------------
def hand_groups(hand: int, trump: int, deck: DeckInfo) -> list[tuple[str, int]]:
    """A hand (a card mask) as (label, cards) per colour, every colour named even when empty
    (a void is what a player plans around). Once trump is named its colour comes first and holds
    the cards that are trump whatever the colour (Rook Bird, red 1); before that, or in a
    no-trump hand, those cards close the hand as "Always trump" or "Wild"."""
    special = deck.special & hand
    groups: list[tuple[str, int]] = []
    if 0 <= trump < 4:
        groups.append((f"{C.COLORS[trump].capitalize()}, trump", (C.COLOR_MASK[trump] | deck.special) & hand))
        special = 0
    for colour in range(4):
        if colour != trump:
            groups.append((C.COLORS[colour].capitalize(), C.COLOR_MASK[colour] & hand & ~deck.special))
    if special:
        groups.append(("Wild" if trump == C.NO_TRUMP else "Always trump", special))
    return groups


def group_text(label: str, cards: int, deck: DeckInfo, namer: CardNamer, empty: str = "none") -> str:
    """One group, highest first as the rules rank them: "Red: 14, 10, 5." or "Black: none."
    (``empty``: "none face up" where only part of a hand is shown)."""
    ordered = sorted(C.cards_in(cards), key=lambda c: -deck.rank[c])
    return f"{label}: {', '.join(namer.short(c) for c in ordered) or empty}."


def cards_by_colour(cards: int, trump: int, deck: DeckInfo, namer: CardNamer) -> str:
    """Cards on one line as the hand is read, colour by colour, highest first, empty colours
    left out, trump first once named: "trump 14 and Rook Bird; green 12 and 8; black 12"
    ("none" for no card)."""
    parts = []
    for label, group in hand_groups(cards, trump, deck):
        if group:
            ordered = sorted(C.cards_in(group), key=lambda c: -deck.rank[c])
            word = "trump" if label.endswith(", trump") else label.lower()
            parts.append(f"{word} {join_words([namer.short(c) for c in ordered])}")
    return "; ".join(parts) or "none"


def hand_parts(hand: int, trump: int, deck: DeckInfo, namer: CardNamer, empty: str = "none") -> list[str]:
    """The hand's groups as sentences: the console's ``hand`` says one a line (``empty``: what
    an empty colour is, ``group_text``)."""
    return [group_text(label, cards, deck, namer, empty) for label, cards in hand_groups(hand, trump, deck)]


def describe_hand(cards: Iterable[CardLike], trump: int | str | None, deck: DeckInfo,
                  namer: CardNamer | None = None) -> str:
    """A hand on one line, as the announcer says it at the deal:
    "Red: 14, 10, 5. Green: 12, 9. Black: none. Yellow: 7. Always trump: Rook Bird."

    ``trump`` is a colour index (4 for no trump), a colour word, or None (not named yet)."""
    if isinstance(trump, str):
        trump = C.COLORS.index(trump)
    mask = C.to_mask(card_id(c) for c in cards)
    return " ".join(hand_parts(mask, NOT_NAMED if trump is None else trump, deck, namer or CardNamer()))


def sentence(text: str) -> str:
    """Capitalise the first letter, so "the dummy plays" starts a line as "The dummy plays"."""
    return text[:1].upper() + text[1:] if text else text
