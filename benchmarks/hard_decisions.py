"""The hard level's decision time on a fixed, repeatable set of decisions.

    python benchmarks/hard_decisions.py [--rules hasbro] [--decisions 100] [--seed 0]
                                        [--bot rook_access.ai.hard:make] [--profile N]
                                        [--actions FILE] [--compare FILE]

The decisions are the views of the north and south seats in games where normal bots play every
seat (cheap, and the same games for every version of the hard level), taken in order from game
``seed`` on until ``--decisions`` are collected; every decision counts, trivial ones included, as
in ``simulate --json``. Each view is given to a fresh hard bot of that seat and timed in process
CPU time. Prints p50 / p95 / worst in ms, and per phase. ``--actions FILE`` writes the chosen
actions (one per line) and ``--compare FILE`` counts the decisions that differ from such a file,
so a change meant only for speed can be shown to choose the same. ``--profile N`` prints the N
costliest functions (cProfile, cumulative) instead of timing.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from rook_access.ai.players import make_player
from rook_access.core import SeatView, new_game, resolve
from rook_access.simulation import percentile


def collect(preset: str, count: int, seed: int) -> list[tuple[int, SeatView]]:
    """(seat, view) pairs of north and south, in game order, from normal-vs-normal games."""
    options = resolve(preset)
    out: list[tuple[int, SeatView]] = []
    game = seed
    while len(out) < count:
        state, _ = new_game(preset, options, 5000 + game)
        players = {i: make_player("normal", s, options, 5000 + game + i) for i, s in enumerate(state.seats)}
        while not state.is_over() and len(out) < count:
            actor = state.actor
            view = state.view(actor)
            if state.seats[actor] in ("north", "south"):
                out.append((actor, view))
            state.apply(players[actor].choose(view))
        game += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="hasbro")
    parser.add_argument("--decisions", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--profile", type=int, default=0)
    parser.add_argument("--actions")
    parser.add_argument("--compare")
    args = parser.parse_args()
    options = resolve(args.rules)
    decisions = collect(args.rules, args.decisions, args.seed)
    bots = {seat: make_player(args.bot, decisions[0][1].seats[seat], options, 17 + seat)
            for seat in {s for s, _v in decisions}}
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for seat, view in decisions:
            bots[seat].choose(view)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(args.profile)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)
        return
    times: list[float] = []
    by_phase: dict[str, list[float]] = {}
    chosen: list[str] = []
    for seat, view in decisions:
        start = time.process_time_ns()
        action = bots[seat].choose(view)
        ms = (time.process_time_ns() - start) / 1e6
        times.append(ms)
        by_phase.setdefault(str(view.phase), []).append(ms)
        chosen.append(f"{action.kind} {action.value}")

    def line(label: str, values: list[float]) -> str:
        v = sorted(values)
        return (f"{label:<16} n={len(v):<4} p50 {percentile(v, 50):7.1f}  p95 {percentile(v, 95):7.1f}  "
                f"worst {v[-1]:7.1f}  total {sum(v) / 1000:6.2f} s")

    print(line("all (CPU ms)", times))
    for phase, values in sorted(by_phase.items()):
        print(line(phase, values))
    if args.actions:
        with open(args.actions, "w", encoding="utf-8") as f:
            f.write("\n".join(chosen) + "\n")
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            before = f.read().split("\n")
        differ = sum(1 for a, b in zip(chosen, before) if a != b)
        print(f"decisions differing from {args.compare}: {differ} of {len(chosen)}")


if __name__ == "__main__":
    main()
