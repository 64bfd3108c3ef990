"""Seats and sides: who sits where, who partners whom, who scores and who wins together.

Seats are indexes into ``options.seats``, clockwise. Fixed partners sit opposite: with ``n``
seats, seat ``s`` partners ``s + n // 2``; with ``rotate_partners`` four players change partners
every so many hands (the Hasbro book: "change partners after every four hands, and record each
individual score"); ``sides=teams`` is two teams seated alternately (six players, three a side).
Everything that asks "who is on my side" asks here.
"""

from __future__ import annotations

from functools import cache

from .options import Options


def partner_of(seat: int, n: int) -> int:
    """The seat opposite: the fixed partner in a partnership game."""
    return (seat + n // 2) % n


def fixed_pairs(n: int) -> list[list[int]]:
    """The partnerships of a partnership game: each seat with the seat opposite."""
    return [[i, i + n // 2] for i in range(n // 2)]


# Four players' partnerships in turn: opposite, then each with the next seat, then the last.
ROTATION = ([[0, 2], [1, 3]], [[0, 1], [2, 3]], [[0, 3], [1, 2]])


def partnerships(options: Options, hand_number: int) -> list[list[int]] | None:
    """The sides that play together this hand in a partnership or team game, else None."""
    n = len(options.seats)
    if options.sides == "teams":
        return [list(range(0, n, 2)), list(range(1, n, 2))]
    if options.sides != "partners":
        return None
    if options.rotate_partners:
        return [list(p) for p in ROTATION[(hand_number - 1) // options.rotate_partners % len(ROTATION)]]
    return fixed_pairs(n)


def hand_partner(options: Options, hand_number: int, seat: int) -> int:
    """The seat's one partner this hand in a partnership game (the partner who may be handed the
    trump call, or who checked), else -1."""
    if options.sides != "partners":
        return -1
    pairs = partnerships(options, hand_number) or []
    return next((b if a == seat else a for a, b in pairs if seat in (a, b)), -1)


def teammates(options: Options, hand_number: int, seat: int) -> list[int]:
    """The other seats on ``seat``'s fixed side this hand (partners or team), [] otherwise."""
    for side in partnerships(options, hand_number) or []:
        if seat in side:
            return [s for s in side if s != seat]
    return []


def next_seat(seat: int, among: int, n: int) -> int:
    """The next seat clockwise after ``seat`` whose bit is set in the mask ``among``."""
    nxt = _next_seats(n)[among][seat]
    if nxt < 0:
        raise ValueError("no seat to move to")
    return nxt


@cache
def _next_seats(n: int) -> tuple[tuple[int, ...], ...]:
    """``next_seat`` as a table, by seat mask and seat (-1: an empty mask): the auction asks it
    at every bid and pass."""
    def after(seat: int, among: int) -> int:
        return next((nxt for step in range(1, n + 1) if among >> (nxt := (seat + step) % n) & 1), -1)
    return tuple(tuple(after(seat, among) for seat in range(n)) for among in range(1 << n))


def dummy_seat(options: Options) -> int:
    """The dummy's seat index, or -1 when there is no dummy."""
    return options.seats.index("dummy") if options.sides == "dummy" else -1


def bidding_seats(options: Options) -> int:
    """Seats that deal, bid and score (a mask): every seat but a dummy."""
    n, dummy = len(options.seats), dummy_seat(options)
    return ((1 << n) - 1) & ~(1 << dummy if dummy >= 0 else 0)


def dealing_seats(options: Options) -> list[int]:
    """The seats that deal (``bidding_seats``), in order: every seat but a dummy."""
    dealers = bidding_seats(options)
    return [seat for seat in range(len(options.seats)) if dealers >> seat & 1]


def dummy_player(bidder: int, bidding: int, n: int) -> int:
    """The seat that plays the dummy's cards this hand: the next player (of the ``bidding``
    seats, a mask: ``bidding_seats``) after the bidder."""
    return next_seat(bidder, bidding, n)


def hand_sides(options: Options, n: int, bidder: int, partner: int, hand_number: int = 1,
               partner2: int = -1) -> list[list[int]]:
    """This hand's sides: partners or teams (rotating partners by ``hand_number``); each seat
    alone; or the bidder (with its called partners, once known: ``partner2`` for a second call)
    against the rest."""
    fixed = partnerships(options, hand_number)
    if fixed is not None:
        return fixed
    if options.sides == "solo" or bidder < 0:
        return [[i] for i in range(n)]
    if options.sides == "called-partner" and (partner >= 0 or partner2 >= 0):
        first = sorted({bidder, partner, partner2} - {-1})
    else:
        first = [bidder]
    return [first, [s for s in range(n) if s not in first]]


def game_groups(options: Options) -> list[list[int]]:
    """Who wins the game together: fixed partners or teams, otherwise (partners who rotate too)
    each scoring seat alone."""
    n = len(options.seats)
    if options.sides in ("partners", "teams") and not options.rotate_partners:
        return partnerships(options, 1) or []
    scoring = bidding_seats(options)
    return [[s] for s in range(n) if scoring >> s & 1]
