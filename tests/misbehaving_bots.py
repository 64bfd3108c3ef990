"""Bots that break the protocol (docs/bots.md), for tests/test_ai_simulate.py: each should end a
simulation with one line naming the seed, the seat and the bot, never a traceback or a silent
success (found by a helper writing bots from the documentation)."""

from __future__ import annotations

import sys
from typing import Any

from rook_access.core import Action, SeatView


class Bot:
    name = "bad"

    def __init__(self, how: str) -> None:
        self.how = how

    def choose_from(self, legal: Any, kind: str) -> Action:  # a helper of its own, not the protocol's
        raise AssertionError("never called: only the built-in random player is given its legal actions")

    def choose(self, view: SeatView) -> Action:
        how = self.how
        if how == "misdeal" and view.phase == "auction" and view.high_bidder < 0:
            return Action("misdeal", view.seats.index("north"))  # north's hand, which east cannot see
        if how == "illegal" and view.phase == "auction":
            return Action("bid", 5)
        if how == "wrong-type" and view.phase == "play":
            return Action("play", "14r")  # type: ignore[arg-type]
        if how == "float" and view.phase == "auction":  # equal to a legal bid, and no whole number
            return Action(view.legal[0].kind, float(view.legal[0].value))  # type: ignore[arg-type]
        if how == "tuple" and view.phase == "auction":  # equal to a legal Action, and no Action
            return tuple(view.legal[0])  # type: ignore[return-value]
        if how == "multiline" and view.phase == "play":
            raise RuntimeError("line one\nline two\nTraceback (most recent call last):")
        if how == "exit" and view.phase == "play":
            sys.exit(3)
        if how == "print":
            print("thinking about", view.phase)
        if how in ("no-card", "minus-one") and view.phase == "play":
            return Action("play", 999 if how == "no-card" else -1)
        if how == "no-trump-call" and view.phase == "trump":
            return Action("trump", 99)
        if how == "pass-with-a-value" and view.phase == "auction":
            return Action("pass", 3)
        if how == "huge-bid" and view.phase == "auction":
            return Action("bid", 10 ** 5000)
        if how == "mutates":
            view.options.counters["5"] = 0  # type: ignore[index]
        if how == "base-exception" and view.phase == "play":
            raise Stop("its own")
        return view.legal[0]


class Stop(BaseException):
    """A bot's own exception outside Exception: it printed a traceback."""


def make(how: str) -> Any:
    return lambda seat, options, seed: Bot(how)


misdeal = make("misdeal")
illegal = make("illegal")
wrong_type = make("wrong-type")
floaty = make("float")
tuple_ = make("tuple")
multiline = make("multiline")
exits = make("exit")
prints = make("print")
helper = make("helper")
no_card = make("no-card")
minus_one = make("minus-one")
no_trump_call = make("no-trump-call")
mutates = make("mutates")
base_exception = make("base-exception")
pass_with_a_value = make("pass-with-a-value")
huge_bid = make("huge-bid")


def fails_at_south(seat: str, options: object, seed: int) -> Any:
    """Breaks only when made for south: seated east, it gets there in a --duplicate run's second
    playing of a deal alone."""
    return Bot("multiline" if seat == "south" else "plays")


def exits_when_made(seat: str, options: object, seed: int) -> Any:
    """A factory that calls sys.exit: the run ended in silence, with success."""
    sys.exit("factory says bye")
