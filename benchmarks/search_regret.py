"""The hard level's card choices scored against a big search: strength per decision, cheaply.

    python benchmarks/search_regret.py build --rules hasbro [--decisions 250] [--samples 400] --out FILE
    python benchmarks/search_regret.py eval FILE [--budget card_plays=8000,max_samples=120] [--repeats 3]

``build`` takes the play decisions among the first ``--decisions`` of ``hard_decisions.collect``
(north's and south's views in normal-bots games: the same views for every version of the code)
and scores every card worth searching on ``--samples`` samples each, with no early drop (the
*oracle*), writing the values to FILE. ``eval`` replays the same decisions with the search budget
given (``search.Budget`` fields; the defaults where not named), each ``--repeats`` times with other
seeds, and charges each choice the oracle's best value less the oracle's value of the card chosen:
the mean of that *loss* (points per decision; 0 = always the oracle's card) and the CPU ms of
every play decision, by cards left in all hands. Decisions with one card worth searching count
in the times, not in the loss.

Why: whole games measure a change in the search through hundreds of noisy games; the same change
shows in the loss on a few hundred fixed decisions in a minute. The oracle plays out with the
code it was built with: build it with the version being compared against (a frozen copy on
PYTHONPATH), and remember that it judges the budget, not the play-out rule (a better rule changes
what the oracle believes).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import dataclass, field, fields
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hard_decisions import collect  # noqa: E402  (a script beside this one)

from rook_access.ai.inference import worth_model  # noqa: E402
from rook_access.ai.search import Budget, card_values, pick_card  # noqa: E402
from rook_access.core import SeatView, resolve  # noqa: E402

ORACLE_SEED = 999  # the oracle's samples; eval's come from 17 + seat + 1000 * repeat


def play_decisions(rules: str, decisions: int) -> list[tuple[int, SeatView]]:
    """The play decisions among the first ``decisions`` north and south views (``collect``)."""
    return [(seat, view) for seat, view in collect(rules, decisions, 0) if view.phase == "play"]


def oracle_budget(samples: int) -> Budget:
    """Every card on ``samples`` samples, exact endgame included, nothing dropped early."""
    return Budget(playouts=10**9, card_plays=0, min_samples=samples, max_samples=samples,
                  exact_samples=samples, race=False)


def build(rules: str, decisions: int, samples: int, seed: int = ORACLE_SEED) -> dict:
    worth_model(resolve(rules))
    budget = oracle_budget(samples)
    values = [{str(card): v for card, v in card_values(view, seed + seat, budget).items()}
              for seat, view in play_decisions(rules, decisions)]
    return {"rules": rules, "decisions": decisions, "samples": samples, "seed": seed, "values": values}


@dataclass
class Regret:
    losses: list[float] = field(default_factory=list)  # decisions with a choice, every repeat
    times: list[float] = field(default_factory=list)  # CPU ms, every play decision, every repeat
    by_left: dict[int, list[float]] = field(default_factory=dict)  # losses by cards left // 8 * 8

    def mean(self) -> float:
        return sum(self.losses) / len(self.losses) if self.losses else 0.0

    def stderr(self) -> float:
        n = len(self.losses)
        if n < 2:
            return 0.0
        m = self.mean()
        return math.sqrt(sum((x - m) ** 2 for x in self.losses) / (n - 1) / n)


def evaluate(oracle: dict, budget: Budget, repeats: int = 3, seed: int = 17) -> Regret:
    rules = oracle["rules"]
    worth_model(resolve(rules))
    decisions = play_decisions(rules, oracle["decisions"])
    if len(decisions) != len(oracle["values"]):
        raise SystemExit("the oracle was built from other decisions (another version of the normal level?)")
    out = Regret()
    for repeat in range(repeats):
        for (seat, view), stored in zip(decisions, oracle["values"]):
            start = time.process_time_ns()
            card = pick_card(card_values(view, seed + seat + 1000 * repeat, budget), view)
            out.times.append((time.process_time_ns() - start) / 1e6)
            values = {int(c): v for c, v in stored.items()}
            if len(values) < 2:
                continue
            if card not in values:
                raise SystemExit("a card the oracle did not search was chosen: build the oracle with this code")
            loss = max(values.values()) - values[card]
            out.losses.append(loss)
            out.by_left.setdefault(sum(view.hand_sizes) // 8 * 8, []).append(loss)
    return out


def parse_budget(text: str) -> Budget:
    """``key=value,...`` of ``Budget``'s fields; the defaults for the rest."""
    kinds = {f.name: f.type for f in fields(Budget)}
    given: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, _, value = part.partition("=")
        if key not in kinds:
            raise SystemExit(f"no budget field {key!r}; the fields: {', '.join(kinds)}")
        given[key] = value.lower() in ("1", "true", "yes") if kinds[key] in (bool, "bool") else int(value)
    return Budget(**given)  # type: ignore[arg-type]


def report(regret: Regret, label: str) -> str:
    times = sorted(regret.times)

    def pct(q: float) -> float:
        return times[min(len(times) - 1, int(len(times) * q))]

    lines = [f"{label}: loss {regret.mean():.2f} per decision (se {regret.stderr():.2f}, n {len(regret.losses)}); "
             f"play CPU ms p50 {pct(0.5):.0f} p95 {pct(0.95):.0f} worst {times[-1]:.0f}"]
    lines.append("  by cards left: " + "  ".join(
        f"{left}+ {sum(xs) / len(xs):.2f} (n {len(xs)})" for left, xs in sorted(regret.by_left.items())))
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build")
    b.add_argument("--rules", default="hasbro")
    b.add_argument("--decisions", type=int, default=250)
    b.add_argument("--samples", type=int, default=400)
    b.add_argument("--out", required=True)
    e = sub.add_parser("eval")
    e.add_argument("oracle")
    e.add_argument("--budget", default="")
    e.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if args.command == "build":
        start = time.time()
        oracle = build(args.rules, args.decisions, args.samples)
        Path(args.out).write_text(json.dumps(oracle), encoding="utf-8")
        choices = sum(1 for v in oracle["values"] if len(v) > 1)
        print(f"{args.rules}: {len(oracle['values'])} play decisions, {choices} with a choice, "
              f"{time.time() - start:.0f} s")
        return
    oracle = json.loads(Path(args.oracle).read_text(encoding="utf-8"))
    budget = parse_budget(args.budget)
    print(report(evaluate(oracle, budget, args.repeats), f"{oracle['rules']} {args.budget or 'Budget()'}"))


if __name__ == "__main__":
    main()
