"""How far the play-outs' rule counts a contract from what its side really took, from game records.

    rook-access simulate --rules georgia --ns hard --ew normal --games 5 --duplicate --record g.jsonl
    python benchmarks/playout_count.py g.jsonl [more records ...]

Every record is replayed through the core (``core.replay``: a record is believed only once the
rules agree with every line). For each contract that is not a moon, the real deal is played out
once by the rule the hard level's searches play out with, the real bidder taking the nest,
discarding and naming trump as the computer players do (``bid_search.as_bidder``), and that count
is set against what the bidder's side really took (its counters, the nest where it took the last
trick, its bonuses). Prints, by the player that held the contract: contracts, the share made,
mean bid and count, how many took every point, and the real count less the play-out's.

Why: the auction search and the bid counts value every bid by such play-outs. Where a level
really takes more than the rule would with the same cards, its searches undervalue holding the
contract (docs/bots.md, "Where georgia's games go").
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from rook_access.ai.bid_search import as_bidder, side_count
from rook_access.core import cards as C
from rook_access.core.determinize import Holding
from rook_access.core.replay import RecordError, replay_record
from rook_access.store.record import read_record


@dataclass(frozen=True)
class Contract:
    player: str  # the level (or player name) that held the contract
    bid: int
    made: bool  # as the record says
    real: int  # what the bidder's side took
    playout: int  # what the play-out rule takes with the same cards
    every_point: bool  # the side took every counter in play


def _mask(codes: list[str]) -> int:
    return C.to_mask(C.from_code(code) for code in codes)


def side_took(hand_end: dict[str, Any], bidder: str) -> int:
    """The bidder's side's count in a record's hand_end line."""
    side = next(s for s in hand_end["sides"] if bidder in s)
    took = sum(hand_end["captured"][s] + hand_end["bonuses"][s] for s in side)
    return took + (hand_end["nest_points"] if hand_end.get("nest_to") in side else 0)


def contracts(events: list[dict[str, Any]]) -> list[Contract]:
    """Every contract of a record's games (moons and redealt hands left out)."""
    found: list[Contract] = []
    players: dict[str, str] = {}
    seats: list[str] = []
    holding = Holding((), 0, 0)
    pending: tuple[str, int] | None = None  # the bidder and the play-out's count
    for _index, line, view in replay_record(events):
        kind = line["type"]
        if kind == "game":
            players, seats = line["players"], list(line["seats"])
        elif kind == "deal":
            hands = tuple(_mask(line["hands"][seat]) for seat in seats)
            holding = Holding(hands, _mask(line["nest"]), _mask(line["aside"]))
        elif kind == "contract":
            pending = None
            if not line["moon"]:
                seat = seats.index(line["seat"])
                pending = (line["seat"], side_count(as_bidder(view, holding, seat), seat))
        elif kind == "hand_end" and pending is not None:
            bidder, playout = pending
            real = side_took(line, bidder)
            total = sum(line["captured"].values()) + line["nest_points"]
            found.append(Contract(players.get(bidder, bidder), line["bid"], bool(line["made"]), real, playout,
                                  real >= total))
            pending = None
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", help="game records written by simulate --record")
    args = parser.parse_args()
    by_player: dict[str, list[Contract]] = defaultdict(list)
    for path in args.records:
        try:
            for contract in contracts(read_record(path)):
                by_player[contract.player].append(contract)
        except (OSError, ValueError, RecordError) as error:
            parser.error(f"{path}: {error}")
    print(f"{'held by':<10} {'contracts':>9} {'made':>5} {'bid':>6} {'count':>6} {'every pt':>8} "
          f"{'real - play-out':>16} {'made by play-out':>16}")
    for player, held in sorted(by_player.items()):
        diffs = [c.real - c.playout for c in held]
        spread = statistics.pstdev(diffs)
        print(f"{player:<10} {len(held):>9} {sum(c.made for c in held) / len(held):>5.0%} "
              f"{statistics.mean(c.bid for c in held):>6.1f} {statistics.mean(c.real for c in held):>6.1f} "
              f"{sum(c.every_point for c in held):>8} {statistics.mean(diffs):>+8.1f} (sd {spread:4.1f}) "
              f"{sum(c.playout >= c.bid for c in held) / len(held):>16.0%}")


if __name__ == "__main__":
    main()
