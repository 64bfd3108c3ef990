"""Dealing: the order cards go round the table, the nest dealt as the rule books say, deal files.

The deal goes one card at a time clockwise from the dealer's left; after each of the first rounds
one card goes to the nest until it is full; cards set aside are dealt last. A "pattern" is where
each position of the shuffled deck goes, built once per dealer, so a deal is one shuffle and one
pass over the deck.
"""

from __future__ import annotations

import difflib
import random
from collections.abc import Callable
from functools import lru_cache
from operator import itemgetter
from typing import Any, NamedTuple

from . import cards as C
from .errors import DealError, RuleError
from .options import Options
from .text import show


class Deal(NamedTuple):
    dealer: int
    hands: tuple[int, ...]  # masks by seat
    nest: tuple[int, ...]  # cards in the order dealt; the last is the top card
    aside: int  # mask
    dummy_face_up: tuple[int, ...] | None = None  # the dummy's cards shown at the deal; None: drawn

    @property
    def nest_mask(self) -> int:
        return C.to_mask(self.nest)


def pattern(options: Options, deck_size: int, dealer: int) -> list[int]:
    """Destination of each dealt position: a seat index, ``n`` for the nest, ``n + 1`` aside.

    ``nest_deal=end`` (Hasbro's two- and three-player games) deals the hands first and makes the
    nest from the last cards."""
    return list(_pattern(len(options.seats), options.nest_size, options.aside, options.nest_deal, deck_size, dealer))


@lru_cache(maxsize=256)
def _pattern(n: int, nest: int, aside: int, nest_deal: str, deck_size: int, dealer: int) -> tuple[int, ...]:
    per_seat = (deck_size - nest - aside) // n
    order: list[int] = []
    nest_left = nest if nest_deal == "rounds" else 0
    for _ in range(per_seat):
        order.extend((dealer + 1 + i) % n for i in range(n))
        if nest_left:
            order.append(n)
            nest_left -= 1
    order.extend([n] * (nest - sum(1 for d in order if d == n)))
    order.extend([n + 1] * aside)
    return tuple(order)


@lru_cache(maxsize=64)
def _bits(deck: int) -> tuple[int, ...]:
    """Each card of the deck as its one-card set, in card order."""
    return tuple(C.BIT[card] for card in C.cards_in(deck))


def _taker(spots: tuple[int, ...]) -> Callable[[list[int]], tuple[int, ...]]:
    """The cards at these positions of a shuffled deck, as a tuple (one C call: ``itemgetter``,
    which gives a lone item instead of a tuple for one position)."""
    if len(spots) == 1:
        only = spots[0]
        return lambda order: (order[only],)
    return itemgetter(*spots) if spots else lambda order: ()


@lru_cache(maxsize=256)
def _places(n: int, nest: int, aside: int, nest_deal: str, deck_size: int, dealer: int
            ) -> tuple[tuple[Callable[[list[int]], tuple[int, ...]], ...], Callable[[list[int]], tuple[int, ...]],
                       Callable[[list[int]], tuple[int, ...]]]:
    """The deal pattern turned round: what takes from the shuffled deck the positions that go
    to each seat, to the nest (in the order dealt) and aside."""
    order = _pattern(n, nest, aside, nest_deal, deck_size, dealer)
    spots = [tuple(i for i, dest in enumerate(order) if dest == d) for d in range(n + 2)]
    return tuple(_taker(s) for s in spots[:n]), _taker(spots[n]), _taker(spots[n + 1])


@lru_cache(maxsize=16)
def _draws(size: int) -> tuple[tuple[int, int], ...]:
    """Fisher-Yates' steps for a deck of ``size``: each position from the top down and the bits
    ``getrandbits`` draws for it (``Random._randbelow``: the bit length of the position + 1)."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def shuffled(cards: tuple[int, ...], rng: random.Random) -> list[int]:
    """The order ``rng.shuffle`` would give (Python's Fisher-Yates with ``getrandbits``, the same
    draws), without its method call per card: a deal per hand makes this the hot path of random
    play. A test holds it to ``rng.shuffle`` over many seeds."""
    deck = list(cards)
    getrandbits = rng.getrandbits
    for i, k in _draws(len(deck)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_cards(options: Options, deck: int, dealer: int, rng: random.Random) -> Deal:
    # The deck is shuffled as one-card sets (the same order as shuffling the cards): a hand is
    # then the sum of its sets, as distinct cards' bits never overlap.
    bits = _bits(deck)
    order = shuffled(bits, rng)
    seats, nest, aside = _places(len(options.seats), options.nest_size, options.aside, options.nest_deal,
                                 len(bits), dealer)
    return Deal(dealer, tuple([sum(take(order)) for take in seats]),
                tuple([bit.bit_length() - 1 for bit in nest(order)]), sum(aside(order)))


def deal_rng(seed: int, deal_index: int) -> random.Random:
    """Each deal has its own generator, so any state can be rebuilt from (seed, deal index)."""
    return random.Random(f"rook-access/{seed}/{deal_index}")


# What a deal file may hold (docs/deal-files.md); ``turned_under`` comes from a record's deal line.
DEAL_KEYS = ("dealer", "hands", "nest", "aside", "face_up", "turned_under")
NEEDS = "it needs dealer, hands and nest (aside may be left out when empty)"


def deal_part(line: dict[str, Any]) -> dict[str, Any]:
    """The deal file's keys of a record's deal line, whose other fields (its type and hand, any a
    writer added) a reader ignores (docs/game-record.md)."""
    return {key: value for key, value in line.items() if key in DEAL_KEYS}


def _check_keys(data: dict[str, Any], line: bool = False) -> None:
    """Refuse a key a deal file does not have: a misspelt "faceup" was ignored, and the game
    played other face-up cards than the file wrote (the simulate sweep of session 39). In a
    record's ``line``, a key no deal key is near is a field a writer added, ignored as a record's
    reader ignores it; one near a deal key ("faceup") is still that key misspelt."""
    for key in data:
        if key in DEAL_KEYS or (line and key in _LINE_KEYS):
            continue
        near = difflib.get_close_matches(str(key).lower(), DEAL_KEYS, n=1)
        if line and not near:
            continue
        hint = f"did you mean {near[0]}?" if near else f"a deal holds {', '.join(DEAL_KEYS[:4])} and face_up"
        raise DealError(f"unknown key {show(key)}: {hint}")


_LINE_KEYS = ("type", "hand")  # a record's deal line's own fields beside the deal's


def file_deal(data: dict[str, Any]) -> dict[str, Any]:
    """A deal file's deal, its keys checked (``_check_keys``). A record's deal line copied to a
    file (its type "deal") is read as a record's reader reads it: refused for its "type", the
    natural way to make a deal file was lost (the re-check of session 39). Another record line
    copied is said to be one, not "unknown key"."""
    if "type" not in data:
        _check_keys(data)
        return data
    if data["type"] != "deal":
        raise DealError(f"its type is {show(data['type'])}, but a deal file is a deal: copy the record's line "
                        'whose type is "deal", or leave type out')
    _check_keys(data, line=True)
    return deal_part(data)


def deal_from_data(options: Options, deck: int, data: dict[str, Any]) -> Deal:
    """Read a deal's JSON (dealer, hands, nest, aside, face_up) and check it against the deck.
    Keys it does not read are a deal file's fault (``file_deal``), not a save's: a save whose
    deal held a field more is read as the save's other fields are."""
    if not isinstance(data, dict):
        raise DealError(f"it must be a JSON object: {NEEDS}")
    seats = options.seats
    n = len(seats)
    for key in ("dealer", "hands"):
        if key not in data:
            raise DealError(f"{key!r} is missing: {NEEDS}")
    if data["dealer"] not in seats:
        raise DealError(f"dealer {show(data['dealer'])} is not a seat: use {', '.join(seats)}")
    hands_data = data["hands"]
    if not isinstance(hands_data, dict) or set(hands_data) != set(seats):
        wrong = ""  # named, as deal-files.md says: "nowhere" was not (found by the records sweep)
        if isinstance(hands_data, dict):
            strange = [show(k) for k in hands_data if k not in seats]
            missing = [s for s in seats if s not in hands_data]
            wrong = (f" ({', '.join(strange)} {'is not a seat' if len(strange) == 1 else 'are not seats'})"
                     if strange else f" ({', '.join(missing)} missing)")
        raise DealError(f"hands must give a list of cards for each of {', '.join(seats)}{wrong}")
    seen: dict[int, str] = {}

    def read(cards: Any, where: str) -> list[int]:
        if not isinstance(cards, list):
            raise DealError(f"{where} must be a list of card codes")
        out = []
        for text in cards:
            card = _card(text, deck)
            if not C.BIT[card] & deck:
                raise DealError(f"{text} ({where}) is not in this preset's deck")
            if card in seen:
                raise DealError(f"{text} appears twice, in {seen[card]} and in {where}")
            seen[card] = where
            out.append(card)
        return out

    per_seat = (deck.bit_count() - options.nest_size - options.aside) // n
    hands = []
    for seat in seats:
        cards = read(hands_data[seat], f"{seat}'s hand")
        if len(cards) != per_seat:
            raise DealError(f"{seat} has {len(cards)} cards; each hand needs {per_seat}")
        hands.append(C.to_mask(cards))
    nest = read(data.get("nest", []), "the nest")
    if len(nest) != options.nest_size:
        raise DealError(f"the nest has {len(nest)} cards; this preset's nest has {options.nest_size}")
    aside = read(data.get("aside", []), "the cards aside")
    if len(aside) != options.aside:
        raise DealError(f"{len(aside)} cards are aside; this preset puts {options.aside} aside")
    if len(seen) != deck.bit_count():
        raise DealError(f"{len(seen)} cards dealt, but the deck has {deck.bit_count()}")
    return Deal(seats.index(data["dealer"]), tuple(hands),
                tuple(_as_dealt(options, deck, nest, data.get("turned_under"))),
                C.to_mask(aside), _dummy_face_up(options, deck, hands, nest, data.get("face_up")))


def _card(code: object, deck: int) -> int:
    """A card code of a deal file or a record's deal line: "or rook" is advised only where the
    deck has the Rook Bird (the eighth and ninth re-checks)."""
    try:
        return C.from_code(code, rook=bool(deck & C.BIT[C.ROOK]))
    except RuleError as exc:
        raise DealError(str(exc)) from None


def _as_dealt(options: Options, deck: int, nest: list[int], turned: Any) -> list[int]:
    """The nest in the order dealt. A record's deal line lists it after the turn-up (a Rook Bird
    turned up for trump already at the bottom) and says what went under (``turned_under``): put
    back on top, the deal turns it up again, so it is told again in a replay."""
    if options.auction or not isinstance(turned, list) or not turned:
        return nest
    under = [_card(c, deck) if isinstance(c, str) else -1 for c in turned]
    if nest[:len(under)] != under[::-1]:
        raise DealError("turned_under names cards that are not at the bottom of the nest")
    return nest[len(under):] + nest[:len(under)]


def _dummy_face_up(options: Options, deck: int, hands: list[int], nest: list[int], face_up: Any
                   ) -> tuple[int, ...] | None:
    """The dummy's face-up cards a deal names (a record's deal line does); None to draw them."""
    if face_up is None:
        return None
    if not isinstance(face_up, list) or not all(isinstance(c, str) for c in face_up):
        raise DealError("face_up must be a list of card codes")
    named = [_card(c, deck) for c in face_up]
    if options.sides != "dummy" or not options.dummy_face_up:
        return None  # the deal's own face-up cards: ``check_face_up_named`` checks them once dealt
    if options.nest_face_up:  # a record's deal line lists the nest's face-up card first (the re-check)
        on_top = nest[len(nest) - options.nest_face_up:]
        named = [card for card in named if card not in on_top]
    dummy = hands[options.seats.index("dummy")]
    stray = [c for c in named if not dummy >> c & 1]
    if stray:
        raise DealError(f"face_up names {C.code(stray[0])}, which is not in the dummy's hand")
    twice = next((c for i, c in enumerate(named) if c in named[:i]), None)
    if twice is not None:  # merged in silence, where the other lists refuse it (found by the record sweep)
        raise DealError(f"face_up names {C.code(twice)} twice: name each card once")
    shown = tuple(sorted(named))
    if len(shown) != options.dummy_face_up:
        raise DealError(f"face_up shows {len(shown)} of the dummy's cards; this preset shows "
                        f"{options.dummy_face_up}")
    return shown


def check_face_up_named(data: dict[str, Any], shown: list[int]) -> None:
    """A deal file's ``face_up`` in a game without a dummy must be what the deal shows (``shown``:
    the nest's face-up card, a card turned up for trump), or empty: the nest's order decides
    it, and a card named otherwise was taken unsaid (the tamper sweep and its re-check)."""
    named = data.get("face_up")
    if named and sorted(C.from_code(code) for code in named) != sorted(shown):
        said = ", ".join(C.code(card) for card in shown) or "no card"
        raise DealError(f"face_up names {', '.join(named)}, but this deal shows {said} face up: the order of "
                        "the nest decides it (its last card is on top); leave face_up out")


def deal_to_data(options: Options, deal: Deal) -> dict[str, Any]:
    return {
        "dealer": options.seats[deal.dealer],
        "hands": {seat: C.codes(deal.hands[i]) for i, seat in enumerate(options.seats)},
        "nest": [C.code(c) for c in deal.nest],
        "aside": C.codes(deal.aside),
    }
