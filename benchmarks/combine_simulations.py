"""Add up `rook-access simulate --duplicate --json` runs made in chunks (separate runs, different
seeds) into one line per matchup: games, the level's wins and Wilson 95% interval recomputed
from the summed counts, points per hand and contracts by level, and the decision times.

    python benchmarks/combine_simulations.py RESULTS_DIR

Files are named ``<matchup>_<seed>.json`` (e.g. ``hasbro-normal_201.json``); the level measured
is the first one that is not the opponent named last in the matchup.
"""

from __future__ import annotations

import argparse
import json
import pathlib
from collections import defaultdict
from typing import Any

from rook_access.simulation import wilson


def combine(files: list[pathlib.Path]) -> dict[str, dict[str, Any]]:
    """The runs added up by matchup; ValueError naming the file or matchup that is no summary."""
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for path in sorted(files):
        try:
            groups[path.stem.rsplit("_", 1)[0]].append(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            raise ValueError(f"{path}: cannot be read as JSON ({exc})") from None
    return {matchup: _checked_one(matchup, runs) for matchup, runs in sorted(groups.items())}


def _checked_one(matchup: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    """``_one``, or ValueError saying the matchup's files are no --duplicate --json summaries."""
    try:
        return _one(matchup, runs)
    except (KeyError, StopIteration, TypeError, AttributeError, IndexError, ZeroDivisionError) as exc:
        raise ValueError(f"{matchup}_*.json: not simulate --duplicate --json summaries of a matchup named "
                         f"<rules>-<opponent> ({exc.__class__.__name__}: {exc})") from None


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


def main(argv: list[str] | None = None) -> None:
    """``--help`` and a folder that is not there printed ``{}`` with status 0, as did one with no
    results in it (the simulate sweep of session 39): each is said now, status 2."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", metavar="RESULTS_DIR",
                        help="a folder of simulate --duplicate --json summaries named <matchup>_<seed>.json")
    folder = pathlib.Path(parser.parse_args(argv).folder)
    if not folder.is_dir():
        parser.error(f"{folder} is not a folder: give the folder holding the runs' JSON summaries")
    files = list(folder.glob("*.json"))
    if not files:
        parser.error(f"no *.json file in {folder}: write each run there with simulate --duplicate --json "
                     "> MATCHUP_SEED.json")
    try:
        print(json.dumps(combine(files), indent=1))
    except ValueError as exc:
        parser.error(str(exc))


if __name__ == "__main__":
    main()
