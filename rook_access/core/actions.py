"""Actions a seat can take. Small immutable tuples, pre-built so the hot path never allocates."""

from __future__ import annotations

from typing import NamedTuple

from . import cards as C
from .errors import RuleError
from .text import shorten, whole_number

BID, PASS, CHECK, MISDEAL, DISCARD, TRUMP, PARTNER, CALL, PLAY = (
    "bid", "pass", "check", "misdeal", "discard", "trump", "partner", "call", "play"
)
KINDS = (BID, PASS, CHECK, MISDEAL, DISCARD, TRUMP, PARTNER, CALL, PLAY)
NO_VALUE = frozenset({PASS, CHECK, PARTNER})
CARD_KINDS = frozenset({DISCARD, CALL, PLAY})


class Action(NamedTuple):
    """``kind`` and one int: the amount of a bid, the card, the trump colour (4 = no trump), or
    for a misdeal the seat that calls it (any seat may, on turn or not: rules.md)."""

    kind: str
    value: int = 0

    def __str__(self) -> str:
        if self.kind == BID:
            return f"bid {self.value}"
        if self.kind in (DISCARD, CALL, PLAY):
            return f"{self.kind} {C.code(self.value)}"
        if self.kind == TRUMP:
            return "trump none" if self.value == C.NO_TRUMP else f"trump {C.COLORS[self.value]}"
        return self.kind

    @staticmethod
    def parse(text: str) -> Action:
        """The inverse of ``str``: ``bid 80``, ``play 14r``, ``trump red``, ``trump none``, ``pass``
        (``misdeal N``: seat N calls a misdeal; ``str`` says only ``misdeal``)."""
        words = text.split()
        if not words or words[0] not in KINDS:
            raise RuleError(f"unknown action {shorten(text)!r}")
        kind = words[0]
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
TRUMPS = tuple(Action(TRUMP, c) for c in range(5))
BIDS = {amount: Action(BID, amount) for amount in range(0, 1001, 5)}
# ``C.card_list`` tables: the play, discard or call of each card of a set, lowest card first.
PLAY_TABLE, DISCARD_TABLE, CALL_TABLE = C.byte_table(PLAYS), C.byte_table(DISCARDS), C.byte_table(CALLS)
