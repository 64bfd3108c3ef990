"""The shape of a game, declared once: the phases, the hand's fields and the game's fields.

Everything that copies, saves or shows a state walks these field lists (``clone``,
``serialize``, ``view``), so a new field is added in one place. Each field's metadata says how
it is saved (``codec``) and whether every seat may see it as it is (``public``):

- ``plain``: ints, bools, strings and lists of ints, saved as they are;
- ``cards``: a list of cards, saved as card codes; ``mask``: a card set, saved as card codes;
  ``masks``: a card set per seat;
- ``log``: a list of tuples of ints and strings; ``tricks``: the finished tricks;
- ``derived``: rebuilt from other fields (the deck tables, the suits), never saved.
"""

from __future__ import annotations

from dataclasses import MISSING, Field, dataclass, field, fields
from enum import StrEnum
from typing import Any

from .deck import DeckInfo
from .options import Options
from .tricks import Suits


class Phase(StrEnum):
    """Where the hand stands. A ``StrEnum``: saves and views carry the plain word."""

    AUCTION = "auction"
    DISCARD = "discard"
    TRUMP = "trump"
    CALL = "call"
    PLAY = "play"
    OVER = "over"


Trick = tuple[int, tuple[tuple[int, int], ...], int]  # (leader, ((seat, card), ...), winner)
AuctionEntry = tuple[int, str, int]  # (seat, "bid" / "pass" / "check", amount)


def _f(codec: str, default: Any = None, factory: Any = None, public: bool = False,
       per_seat: bool = False, added: bool = False) -> Any:
    """A field with its codec; ``public``: every seat sees it as it is; ``per_seat``: a list
    with one entry per seat; ``added``: added after saves began, so a save written before it
    existed lacks it and reads it as its default (``ADDED``)."""
    meta = {"codec": codec, "public": public, "per_seat": per_seat, "added": added}
    if factory is not None:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(kw_only=True, eq=False)
class HandState:
    """One hand, from the deal to the last trick. Reset field by field at every deal."""

    # The deal.
    hands: list[int] = _f("masks", factory=list, per_seat=True)  # card masks by seat
    nest_dealt: list[int] = _f("cards", factory=list)  # the nest in the order dealt, top last
    aside: int = _f("mask", 0)  # cards out of play
    face_up: list[int] = _f("cards", factory=list, public=True)  # cards every seat saw
    # Seen and put out of sight again: a Rook Bird turned up for trump goes to the nest's bottom.
    turned_under: list[int] = _f("cards", factory=list, public=True, added=True)
    blind: bool = _f("plain", False)  # the hands stay hidden until the contract
    turn: int = _f("plain", 0, public=True)  # the seat whose card or call is next
    # The auction.
    high_bid: int = _f("plain", 0, public=True)
    high_bidder: int = _f("plain", -1, public=True)
    passed: int = _f("plain", 0)  # seat mask
    checked: int = _f("plain", 0)  # seat mask
    auction_log: list[AuctionEntry] = _f("log", factory=list, public=True)
    # The contract, the nest and trump.
    bidder: int = _f("plain", -1, public=True)
    bid: int = _f("plain", 0)
    forced: bool = _f("plain", False, public=True)
    moon: bool = _f("plain", False, public=True)
    raise_: int = _f("plain", 0)  # added to the bid when the partner names trump
    # Seats sitting the hand out (a mask): the bidder's partner when a moon is played alone.
    sitting: int = _f("plain", 0, public=True, added=True)
    discards: list[int] = _f("cards", factory=list)
    trump: int = _f("plain", -1, public=True)  # -1 not named, 0..3 a colour, 4 no trump
    trump_caller: int = _f("plain", -1, public=True)
    # How the trump caller called the Rook Bird with trump (rook=called): "high" or "low"; ""
    # before the call, in no trump, or where the rules fix its rank.
    rook_call: str = _f("plain", "", public=True, added=True)
    suits: Suits | None = _f("derived", None)  # built when trump is named
    called: int = _f("plain", -1, public=True)  # the called partner card
    partner: int = _f("plain", -1)  # the secret partner (its holder)
    # The second called card and its holder, where the bidder calls two (calls=2: six players).
    called2: int = _f("plain", -1, public=True, added=True)
    partner2: int = _f("plain", -1, added=True)
    # The tricks.
    leader: int = _f("plain", -1, public=True)
    trick_cards: list[int] = _f("cards", factory=list)
    trick_seats: list[int] = _f("plain", factory=list)
    led_suit: int = _f("plain", -1)
    tricks: list[Trick] = _f("tricks", factory=list, public=True)
    tricks_won: list[int] = _f("plain", factory=list, public=True, per_seat=True)
    captured: list[int] = _f("plain", factory=list, public=True, per_seat=True)  # points in tricks, by seat
    trump_broken: bool = _f("plain", False, public=True)
    played: int = _f("mask", 0, public=True)  # every card played this hand (mask)


@dataclass(kw_only=True, eq=False)
class GameFields:
    """What lasts the whole game."""

    preset: str = _f("plain", "")
    options: Options = _f("options", None)
    seed: int = _f("plain", 0)
    phase: Phase = _f("phase", Phase.AUCTION, public=True)
    hand_number: int = _f("plain", 1, public=True)
    deal_index: int = _f("plain", 0)  # deals so far (misdeals and redeals count)
    dealer: int = _f("plain", 0, public=True)
    totals: list[int] = _f("plain", factory=list, public=True, per_seat=True)
    winners: list[int] = _f("plain", factory=list)
    game_deck: DeckInfo = _f("derived", None)  # the deck tables of these options
    deck: DeckInfo = _f("derived", None)  # this hand's: the game's, the Rook Bird ranked as called


def codec(f: Field[Any]) -> str:
    return str(f.metadata["codec"])


HAND_FIELDS: tuple[Field[Any], ...] = fields(HandState)
GAME_FIELDS: tuple[Field[Any], ...] = fields(GameFields)
SAVED = tuple(f for f in GAME_FIELDS + HAND_FIELDS if codec(f) != "derived")
# Fields a save written before they existed lacks, with the value such a save means.
ADDED = {f.name: f.default_factory() if f.default_factory is not MISSING else f.default
         for f in SAVED if f.metadata["added"]}
# Lists that a clone must copy (their items are ints or tuples, which may be shared).
MUTABLE = tuple(f.name for f in GAME_FIELDS + HAND_FIELDS if f.default_factory is list)
# Fields every seat sees as they are, and their names in a seat's view (``view.py``).
PUBLIC = tuple(f.name for f in GAME_FIELDS + HAND_FIELDS if f.metadata["public"])
VIEW_NAMES = {"auction_log": "auction"}
