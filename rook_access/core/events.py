"""Events: what an action caused, as the game record's lines (shared/docs/game-record.md).

Each kind is a ``TypedDict``, so the record writer can dump it as it is and the type checker
knows every key. ``seen_by`` is the one place that decides which part of an event a seat may
learn: the deal tells a seat its own hand only, the nest's and the discard's cards reach only
the bidder.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, Protocol, TypedDict, cast


class DealEvent(TypedDict):
    type: Literal["deal"]
    hand: int
    dealer: str
    hands: dict[str, list[str]]
    nest: list[str]
    aside: list[str]
    face_up: list[str]
    turned_under: NotRequired[list[str]]  # only when a card turned up for trump went under


class SeatEvent(TypedDict):
    """bid, pass, check, misdeal, play: one seat did one thing."""

    type: str
    seat: str


class ContractEvent(TypedDict):
    type: Literal["contract"]
    seat: str
    amount: int
    forced: bool
    moon: bool


class CardsEvent(TypedDict):
    """take_nest and discard: the bidder's cards (``points_in_nest`` on a discard)."""

    type: str
    seat: str
    cards: list[str]


# "raise" is a Python keyword, so this one is spelled the functional way. "rook": "high" or
# "low", only where the trump caller calls the Rook Bird with trump (rook=called).
TrumpEvent = TypedDict("TrumpEvent", {"type": Literal["trump"], "seat": "str | None",
                                      "color": "str | None", "raise": int, "rook": NotRequired[str]})


class TrickEvent(TypedDict):
    type: Literal["trick"]
    number: int
    leader: str
    winner: str
    cards: list[list[str]]
    points: int


class HandEndEvent(TypedDict):
    type: Literal["hand_end"]
    hand: int
    bidder: str | None
    bid: int | None
    sides: list[list[str]]
    captured: dict[str, int]
    nest_to: str | None
    nest_points: int
    nest: list[str]  # the nest's cards where a seat takes it, else empty
    bonuses: dict[str, int]
    made: bool | None
    score: dict[str, int]
    totals: dict[str, int]


class GameEndEvent(TypedDict):
    type: Literal["game_end"]
    winners: list[str]
    totals: dict[str, int]


# Events stay plain dicts at run time (the record's JSON objects); the TypedDicts above name
# their keys for readers and the type checker. ``Event`` is what every event has in common.
Event = dict[str, Any]
EVENT_TYPES = frozenset({
    "game", "deal", "misdeal", "bid", "check", "pass", "contract", "redeal", "take_nest",
    "partner_trump", "trump", "discard", "call", "play", "trick", "hand_end", "game_end",
})


class EventSink(Protocol):
    """Where ``GameState.step`` puts the events it causes: a list, or a ``view.SeatLog``."""

    def append(self, event: Event, /) -> None: ...


# What another seat does not learn of the bidder's nest, which it is told by its count.
NEST_HIDDEN = ("cards", "points_in_nest")


def seen_by(event: Event, seat: str, bidder: str | None, blind: bool = False,
            nest_points_told: str = "never") -> Event:
    """The part of ``event`` that ``seat`` may learn. ``bidder`` is the hand's bidder (None
    before the contract); ``blind``: the deal's hands stay hidden until the contract;
    ``nest_points_told`` (rules.md): whether the others hear that points went into the nest —
    ``never``; ``forced``: only that they did; ``always``: whether they did or not."""
    kind = event["type"]
    if kind == "deal":
        deal = cast(DealEvent, event)
        face_up = set(deal["face_up"])
        own = {} if blind else {seat: deal["hands"].get(seat, [])}
        return {**deal, "hands": own, "nest": [c for c in deal["nest"] if c in face_up], "aside": []}
    if kind in ("take_nest", "discard") and seat != bidder:
        hidden = {k: v for k, v in event.items() if k not in NEST_HIDDEN}
        hidden["count"] = len(event["cards"])
        told = event.get("points_in_nest")
        if kind == "discard" and (nest_points_told == "always" or (nest_points_told == "forced" and told)):
            hidden["points_in_nest"] = told
        return hidden
    return event
