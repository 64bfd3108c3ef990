"""Actions a seat can take. Small immutable tuples, pre-built so the hot path never allocates."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from . import cards as C
from .errors import RuleError
from .text import shorten, show, whole_number

BID, PASS, CHECK, MISDEAL, DISCARD, TRUMP, PARTNER, CALL, PLAY = (
    "bid", "pass", "check", "misdeal", "discard", "trump", "partner", "call", "play"
)
KINDS = (BID, PASS, CHECK, MISDEAL, DISCARD, TRUMP, PARTNER, CALL, PLAY)
NO_VALUE = frozenset({PASS, CHECK, PARTNER})
CARD_KINDS = frozenset({DISCARD, CALL, PLAY})


# A trump call carries the Rook Bird's rank where the caller calls it (rook=called): the value is
# colour + ROOK_STEP * (index in TRUMP_ROOK), so a plain call keeps the values 0..4 it always had.
TRUMP_ROOK = ("", "high", "low")
ROOK_STEP = 5


class Action(NamedTuple):
    """``kind`` and one int: the amount of a bid, the card, the trump call (the colour, 4 = no
    trump, with the Rook Bird's call: ``trump_value``), or for a misdeal the seat that calls it
    (any seat may, on turn or not: rules.md)."""

    kind: str
    value: int = 0

    def __str__(self) -> str:
        # Total over every int a bot may return: "play 999" (it raised IndexError, and -1 read
        # as "play rook"), "trump 99" (read as "trump none rook ?"): found by the simulate sweep.
        if self.kind == BID or not self.named() or (self.value and self.kind in NO_VALUE):
            return f"{self.kind} {show(self.value)}"  # show: an int of 5,000 digits cannot be text
        if self.kind in (DISCARD, CALL, PLAY):
            return f"{self.kind} {C.code(self.value)}"
        if self.kind == TRUMP:
            colour, rook = trump_parts(self.value)
            named = "trump none" if colour == C.NO_TRUMP else f"trump {C.COLORS[colour]}"
            return f"{named} rook {rook}" if rook else named
        return self.kind

    def named(self) -> bool:
        """Whether the value names a card (0 to 56) or a trump call, for the kinds that carry one."""
        if self.kind in CARD_KINDS:
            return 0 <= self.value < C.CARD_COUNT
        if self.kind == TRUMP:
            return 0 <= self.value < ROOK_STEP * len(TRUMP_ROOK)
        return True

    @staticmethod
    def parse(text: str) -> Action:
        """The inverse of ``str``: ``bid 80``, ``play 14r``, ``trump red``, ``trump red rook low``,
        ``trump none``, ``pass`` (``misdeal N``: seat N calls a misdeal; ``str`` says only
        ``misdeal``)."""
        words = text.split()
        if not words or words[0] not in KINDS:
            raise RuleError(f"unknown action {shorten(text)!r}")
        kind = words[0]
        if kind == TRUMP and len(words) == 4 and words[1] in C.COLORS and words[2] == "rook" \
                and words[3] in TRUMP_ROOK[1:]:
            return Action(TRUMP, trump_value(C.COLORS.index(words[1]), words[3]))
        if kind in (PASS, CHECK, MISDEAL, PARTNER) and len(words) == 1:
            return Action(kind)
        if len(words) == 2:
            arg = words[1]
            amount = whole_number(arg)
            if kind in (BID, MISDEAL) and amount is not None:
                return Action(kind, amount)
            if kind in (DISCARD, CALL, PLAY):
                return Action(kind, C.from_code(arg))
            if kind == TRUMP:
                if arg == "none":
                    return Action(TRUMP, C.NO_TRUMP)
                if arg in C.COLORS:
                    return Action(TRUMP, C.COLORS.index(arg))
        raise RuleError(f"unknown action {shorten(text)!r}")


PASS_ACTION = Action(PASS)
CHECK_ACTION = Action(CHECK)
MISDEALS = tuple(Action(MISDEAL, seat) for seat in range(9))  # by the calling seat
PARTNER_ACTION = Action(PARTNER)
PLAYS = tuple(Action(PLAY, c) for c in range(C.CARD_COUNT))
DISCARDS = tuple(Action(DISCARD, c) for c in range(C.CARD_COUNT))
CALLS = tuple(Action(CALL, c) for c in range(C.CARD_COUNT))
TRUMPS = tuple(Action(TRUMP, c) for c in range(ROOK_STEP * len(TRUMP_ROOK)))


def trump_value(colour: int, rook: str = "") -> int:
    """A trump call's action value: the colour (4 = no trump) and the Rook Bird's call ("high",
    "low", or "" where the rules fix its rank)."""
    return colour + ROOK_STEP * TRUMP_ROOK.index(rook)


def trump_parts(value: int) -> tuple[int, str]:
    """(colour, the Rook Bird's call) of a trump call's action value; the inverse of ``trump_value``."""
    step, colour = divmod(value, ROOK_STEP)
    return colour, TRUMP_ROOK[step] if 0 <= step < len(TRUMP_ROOK) else "?"


def trump_action(colour: int, rook: str = "") -> Action:
    return TRUMPS[trump_value(colour, rook)]


def trump_of_line(color: object, rook: object = None) -> Action:
    """The trump call a record's ``trump`` line says (``color``: a colour word or None for no
    trump; ``rook``: "high", "low" or absent). RuleError naming what is wrong otherwise."""
    if color is not None and color not in C.COLORS:
        raise RuleError(f"{show(color)} is not a colour: red, green, black, yellow or null")
    if rook is not None and (color is None or rook not in TRUMP_ROOK[1:]):
        raise RuleError(f"the Rook Bird's call {show(rook)} is not high or low with a colour")
    return trump_action(C.NO_TRUMP if color is None else C.COLORS.index(str(color)), str(rook or ""))
BIDS = {amount: Action(BID, amount) for amount in range(0, 1001, 5)}
# ``C.card_list`` tables: the play, discard or call of each card of a set, lowest card first.
PLAY_TABLE, DISCARD_TABLE, CALL_TABLE = C.byte_table(PLAYS), C.byte_table(DISCARDS), C.byte_table(CALLS)


# Calls said as a person at the table says them: "West cannot trump red" read as if West might
# not ruff red, "West cannot misdeal" as if West might not deal wrongly (the re-checks of session 31).
_CALLED = {TRUMP: "name trump now", MISDEAL: "call a misdeal now", PARTNER: "hand the trump call to their partner now"}


def doing(action: Action, card_name: Callable[[int], str]) -> str:
    """What a seat refused ``action`` could not do, after "West cannot": "play the 14 red",
    "name trump now", "bid 80"."""
    if action.kind in CARD_KINDS:
        return f"{action.kind} the {card_name(action.value)}"
    return _CALLED.get(action.kind) or str(action)
