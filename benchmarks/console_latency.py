"""Response time of console commands that do not wait for a computer player (target: 50 ms at
the 99th percentile). Prints figures; it asserts nothing, so a busy machine never fails a build.

Two measurements:
- in process: ``execute()`` of the command plus printing its reply, at every phase of a game;
- through a terminal: the installed ``rook-access play --plain`` in a pseudo-terminal, from the
  typed line's Enter to the next prompt (what a player feels, terminal and process included).

Usage: python benchmarks/console_latency.py [--rounds N] [--no-terminal]
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

COMMANDS = ["hand", "hand red", "trick", "last", "score", "status", "legal", "help", "help discard",
            "repeat", "history 20", "rules", "", "verbosity", "braille", "xyzzy", "bid 3", "99r",
            "play 5r", "review", "14r", "red"]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def report(title: str, samples: list[float]) -> None:
    ms = [s * 1000 for s in samples]
    print(f"{title}: {len(ms)} commands; median {statistics.median(ms):.2f} ms, "
          f"p95 {percentile(ms, 95):.2f} ms, p99 {percentile(ms, 99):.2f} ms, max {max(ms):.2f} ms")


def in_process(rounds: int) -> list[float]:
    from rook_access.console.commands import execute
    from tests.console_helpers import Table

    rng = random.Random(1)
    samples: list[float] = []
    for preset, seed in (("hasbro", 1), ("kentucky-west", 2), ("georgia", 3)):
        table = Table(preset, seed=seed, options=["target=200"])
        while not table.state.is_over():
            if table.my_turn():
                for _ in range(rounds):
                    line = rng.choice(COMMANDS)
                    table.printer.stream = io.StringIO()
                    start = time.perf_counter()
                    table.printer.new_block()
                    reply = execute(table.session, line, table.prefs)
                    table.printer.write(reply.lines)
                    samples.append(time.perf_counter() - start)
                    assert not reply.quit
            table.run(table.move_text(rng, bid=rng.random() < 0.3))
    return samples


def through_terminal(count: int) -> list[float]:
    import pexpect

    from tests.e2e.driver import Player, spawn

    samples: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp)
        child = spawn(["--seed", "3", "--plain"], home, plain=True)
        player = Player(child, home, seed=3, plain=True)
        player.wait_prompt()
        rng = random.Random(2)
        for i in range(count):
            if i % 25 == 24 and player.state() is not None:
                player.play_turn()  # move the game on now and then (not timed)
                continue
            line = rng.choice(COMMANDS)
            start = time.perf_counter()
            player.type(line)
            samples.append(time.perf_counter() - start)
        child.sendline("quit")
        child.expect(pexpect.EOF)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="commands typed at each turn (in process)")
    parser.add_argument("--terminal-commands", type=int, default=500)
    parser.add_argument("--no-terminal", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ROOK_ACCESS_HOME"] = tmp
        report("in process", in_process(args.rounds))
    if not args.no_terminal:
        report("through a terminal", through_terminal(args.terminal_commands))
    print("target: p99 under 50 ms")


if __name__ == "__main__":
    main()
