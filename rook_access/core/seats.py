"""Seats and sides: who sits where, who partners whom, who scores and who wins together.

Seats are indexes into ``options.seats``, clockwise. Fixed partners sit opposite: with ``n``
seats, seat ``s`` partners ``s + n // 2``. Everything that asks "who is on my side" asks here.
"""

from __future__ import annotations

from .options import Options


def partner_of(seat: int, n: int) -> int:
    """The seat opposite: the fixed partner in a partnership game."""
    return (seat + n // 2) % n


def fixed_pairs(n: int) -> list[list[int]]:
    """The partnerships of a partnership game: each seat with the seat opposite."""
    return [[i, i + n // 2] for i in range(n // 2)]


def next_seat(seat: int, among: int, n: int) -> int:
    """The next seat clockwise after ``seat`` whose bit is set in the mask ``among``."""
    for step in range(1, n + 1):
        nxt = (seat + step) % n
        if among >> nxt & 1:
            return nxt
    raise ValueError("no seat to move to")


def dummy_seat(options: Options) -> int:
    """The dummy's seat index, or -1 when there is no dummy."""
    return options.seats.index("dummy") if options.sides == "dummy" else -1


def bidding_seats(options: Options) -> int:
    """Seats that deal, bid and score (a mask): every seat but a dummy."""
    n, dummy = len(options.seats), dummy_seat(options)
    return ((1 << n) - 1) & ~(1 << dummy if dummy >= 0 else 0)


def hand_sides(options: Options, n: int, bidder: int, partner: int) -> list[list[int]]:
    """This hand's sides: fixed partners; each seat alone; or the bidder (with a called partner,
    once known) against the rest."""
    if options.sides == "partners":
        return fixed_pairs(n)
    if options.sides == "solo" or bidder < 0:
        return [[i] for i in range(n)]
    if options.sides == "called-partner" and partner >= 0:
        first = sorted([bidder, partner])
    else:
        first = [bidder]
    return [first, [s for s in range(n) if s not in first]]


def game_groups(options: Options) -> list[list[int]]:
    """Who wins the game together: fixed partners, otherwise each scoring seat alone."""
    n = len(options.seats)
    if options.sides == "partners":
        return fixed_pairs(n)
    scoring = bidding_seats(options)
    return [[s] for s in range(n) if scoring >> s & 1]
