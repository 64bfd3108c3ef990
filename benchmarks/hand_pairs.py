"""Where one level's edge over another comes from, hand by hand, on duplicate deals.

    python benchmarks/hand_pairs.py [--rules hasbro] [--deals 100] [--seed 7001]
                                    [--level hard] [--against normal]

Each deal is played twice as ``simulate --duplicate`` plays it (the same game seeds, the players
seeded the same way): ``--level`` in north and south against ``--against``, then the sides'
players swapped. Prints two tables:

- by who took the contract and its level: hands, the share made, and the level's mean margin in
  the hand (its side's score less the other side's);
- by deal, each hand number present in both games (the same cards, dealt the same way): the
  level's *edge* is its margin in the first game plus its margin in the second, so the luck of
  the cards cancels; grouped by who took the contract with which cards. "level both": the
  level's side took it in both games, once with each side's cards; "same cards": the same cards
  took it both times, once held by each level (the level's contract and result against the
  other's). Contracts are grouped in bands of ten points.

Why: a win rate says how much, not where. The first hand of a game is always compared; later
hands are compared only where both games reached them.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from dataclasses import dataclass

from rook_access.ai.players import make_player
from rook_access.core import new_game, resolve
from rook_access.core.options import Options
from rook_access.simulation import game_seed


@dataclass(frozen=True)
class Hand:
    contract: int  # 0: nobody held one
    level_bid: bool  # the level's side held the contract
    ns_bid: bool  # north and south's cards held it
    made: bool
    margin: int  # the level's side's score less the other side's, this hand


def play(preset: str, options: Options, seed: int, level: str, against: str, level_ns: bool) -> dict[int, Hand]:
    """One game from ``game_seed``'s deal, the level in north-south or east-west: its hands."""
    state, _ = new_game(preset, options, seed)
    players = {i: make_player(level if (i % 2 == 0) == level_ns else against, name, options, seed + i)
               for i, name in enumerate(state.seats)}
    hands: dict[int, Hand] = {}
    contract = 0
    while not state.is_over():
        actor = state.actor
        for event in state.apply(players[actor].choose(state.view(actor))):
            if event["type"] == "contract":
                contract = event["amount"]
            elif event["type"] == "hand_end":
                score = event["score"]
                ns = score["north"] - score["east"]
                bidder = event["bidder"]
                ns_bid = bidder in ("north", "south")
                hands[event["hand"]] = Hand(contract if bidder else 0, bidder is not None and ns_bid == level_ns,
                                            ns_bid, bool(event["made"]), ns if level_ns else -ns)
                contract = 0
    return hands


def band(amount: int) -> str:
    """A contract's band of ten points ("80-85"), so the tables stay short."""
    low = amount // 10 * 10
    return f"{low}-{low + 5}"


def level_name(hand: Hand, who: str) -> str:
    return f"{who} {band(hand.contract)} {'made' if hand.made else 'set'}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="hasbro")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7001)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--against", default="normal")
    args = parser.parse_args()
    options = resolve(args.rules)
    if options.sides != "partners" or len(options.seats) != 4 or options.rotate_partners:
        parser.error(f"{args.rules} is not four players in fixed partnerships: the comparison needs "
                     "north-south against east-west (hasbro, kentucky-west, georgia ...)")
    by_contract: dict[tuple[str, int], list[Hand]] = defaultdict(list)
    edges: dict[str, list[int]] = defaultdict(list)
    total_hands = pairs = 0
    for index in range(args.deals):
        seed = game_seed(args.seed, index)
        first = play(args.rules, options, seed, args.level, args.against, True)
        second = play(args.rules, options, seed, args.level, args.against, False)
        for hand in (*first.values(), *second.values()):
            total_hands += 1
            if hand.contract:
                by_contract[(args.level if hand.level_bid else args.against, hand.contract // 10 * 10)].append(hand)
        for number in sorted(first.keys() & second.keys()):
            a, b = first[number], second[number]
            if not (a.contract and b.contract):
                continue
            pairs += 1
            edge = a.margin + b.margin
            if a.ns_bid == b.ns_bid:  # the same cards held the contract, once under each level
                mine, theirs = (a, b) if a.level_bid else (b, a)
                edges["same cards"].append(edge)
                edges[f"same cards: {level_name(mine, args.level)} vs {level_name(theirs, args.against)}"].append(edge)
            else:
                edges[f"{args.level if a.level_bid else args.against} both"].append(edge)
    print(f"{args.rules}: {args.level} against {args.against}, {args.deals} deals played both ways, "
          f"{total_hands} hands, {pairs} hands compared")
    print(f"\n{'held by':<12} {'bid':>7} {'hands':>6} {'made':>6} {'margin':>8}")
    for (who, low), hands in sorted(by_contract.items()):
        made = sum(h.made for h in hands) / len(hands)
        margin = sum(h.margin for h in hands) / len(hands)
        print(f"{who:<12} {band(low):>7} {len(hands):>6} {made:>6.0%} {margin:>+8.1f}")
    print(f"\n{'compared hands':<48} {'n':>5} {'mean edge':>10} {'share of all':>13}")
    for key, values in sorted(edges.items(), key=lambda kv: -abs(sum(kv[1]))):
        print(f"{key:<48} {len(values):>5} {sum(values) / len(values):>+10.1f} {sum(values) / pairs:>+13.2f}")


if __name__ == "__main__":
    main()
