"""Add up `rook-access simulate --duplicate --json` runs made in chunks (separate runs, different
seeds) into one line per matchup: games, the level's wins and Wilson 95% interval recomputed
from the summed counts, points per hand and contracts by level, and the decision times.

    python benchmarks/combine_simulations.py RESULTS_DIR

Files are named ``<matchup>_<seed>.json`` (e.g. ``hasbro-normal_201.json``); the level measured
is the first one that is not the opponent named last in the matchup.
"""

from __future__ import annotations

import json
import pathlib
import sys
from collections import defaultdict
from typing import Any

from rook_access.simulation import wilson


def combine(files: list[pathlib.Path]) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for path in sorted(files):
        groups[path.stem.rsplit("_", 1)[0]].append(json.loads(path.read_text(encoding="utf-8")))
    return {matchup: _one(matchup, runs) for matchup, runs in sorted(groups.items())}


def _one(matchup: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    opponent = matchup.rsplit("-", 1)[1]
    level = next(name for name in runs[0]["level_win_rate"] if name != opponent)
    games = sum(r["games"] for r in runs)
    wins = sum(round(r["level_win_rate"][level]["rate"] * r["games"]) for r in runs)
    low, high = wilson(wins, games)
    out: dict[str, Any] = {"level": level, "chunks": len(runs), "games": games, "wins": wins,
                           "rate": wins / games, "ci95": (low, high)}
    with_levels = [r for r in runs if "level_points_per_hand" in r]
    hands = sum(r["hands"] for r in with_levels)
    for who in (level, opponent):
        if hands:
            points = sum(r["level_points_per_hand"][who] * r["hands"] for r in with_levels)
            made = sum(r["level_contracts"][who]["made"] for r in with_levels)
            held = made + sum(r["level_contracts"][who]["set"] for r in with_levels)
            out[who] = {"points_per_hand": points / hands, "made": made, "held": held,
                        "made_rate": made / held if held else 0.0, "hands": hands}
        times = [r["decision_ms"][who] for r in runs]
        cpu = [r["decision_cpu_ms"][who] for r in runs]
        out.setdefault(who, {})
        out[who]["p95_ms"] = (min(t["p95"] for t in times), max(t["p95"] for t in times))
        out[who]["max_ms"] = max(t["max"] for t in times)
        out[who]["p95_cpu_ms"] = (min(t["p95"] for t in cpu), max(t["p95"] for t in cpu))
        out[who]["max_cpu_ms"] = max(t["max"] for t in cpu)
        out[who]["p50_cpu_ms"] = (min(t["p50"] for t in cpu), max(t["p50"] for t in cpu))
    return out


def main() -> None:
    folder = pathlib.Path(sys.argv[1])
    print(json.dumps(combine(list(folder.glob("*.json"))), indent=1))


if __name__ == "__main__":
    main()
