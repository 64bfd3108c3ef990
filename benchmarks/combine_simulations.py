"""Add up `rook-access simulate --duplicate --json` runs made in chunks (separate runs, different
seeds) into one line per matchup: games, the level's wins and Wilson 95% interval recomputed
from the summed counts, points per hand and contracts by level, and the decision times.

    python benchmarks/combine_simulations.py RESULTS_DIR

Files are named ``<matchup>_<seed>.json`` (e.g. ``hasbro-normal_201.json``); the level measured
is the first one that is not the opponent named last in the matchup. A file that is no such
run is refused, named, with what is wrong with it.
"""

from __future__ import annotations

import argparse
import json
import pathlib
from collections import defaultdict
from typing import Any

from rook_access.simulation import wilson
from rook_access.speech.cardtext import join_words

# How a run is made, said after what is wrong with a file.
REMAKE = "write each run with rook-access simulate --duplicate --json > <rules>-<opponent>_<seed>.json"


def combine(files: list[pathlib.Path]) -> dict[str, dict[str, Any]]:
    """The runs added up by matchup; ValueError naming the file that is no summary of its
    matchup, and what is wrong with it, in words: it said "hasbro-normal_*.json: not simulate
    --duplicate --json summaries ... (TypeError: list indices must be integers or slices, not
    str)", naming no file (the re-check of session 39)."""
    groups: dict[str, list[tuple[pathlib.Path, dict[str, Any]]]] = defaultdict(list)
    for path in sorted(files):
        matchup = _matchup(path)
        groups[matchup].append((path, _summary(path, _read(path), matchup.rpartition("-")[2])))
    return {matchup: _one(matchup, _same_level(matchup, runs)) for matchup, runs in sorted(groups.items())}


def _matchup(path: pathlib.Path) -> str:
    """The matchup a run's file is named for: ``hasbro-normal`` of ``hasbro-normal_201.json``."""
    matchup, _, seed = path.stem.rpartition("_")
    rules, _, opponent = matchup.rpartition("-")
    if not (rules and opponent and seed):
        raise ValueError(f"{path}: its name says no matchup: name each run <rules>-<opponent>_<seed>.json, "
                         "like hasbro-normal_201.json, the opponent being the level the other is measured against")
    return matchup


def _read(path: pathlib.Path) -> Any:
    """The JSON a file holds; ValueError naming it where it cannot be read."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: cannot be read as JSON ({exc})") from None
    except RecursionError:  # a traceback for "[" 200,000 deep (the re-check of session 39)
        raise ValueError(f"{path}: cannot be read as JSON (it is nested too deeply)") from None


def _summary(path: pathlib.Path, data: Any, opponent: str) -> dict[str, Any]:
    """``data`` if it is a --duplicate summary measuring a level against ``opponent``, with every
    number ``_one`` adds up; else ValueError saying what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"{path}: holds {_kind(data)}, not a summary (a JSON object): {REMAKE}")
    rates = data.get("level_win_rate")
    if not isinstance(rates, dict):
        made = "a summary of simulate without --duplicate" if "win_rate" in data else "no simulate summary"
        raise ValueError(f"{path}: is {made}: it has no level_win_rate; {REMAKE}")
    if opponent not in rates or len(rates) < 2:
        levels = join_words(sorted(map(str, rates))) or "none"
        raise ValueError(f"{path}: its name gives the opponent {opponent}, but the levels it measures are "
                         f"{levels}: a matchup is a level against the opponent named last, like "
                         "hasbro-normal_201.json for a level against normal")
    missing = next((at for at in _numbers(data, _measured(data, opponent), opponent) if not _number(data, at)), None)
    if missing is not None:
        raise ValueError(f"{path}: has no number at {' > '.join(missing)}, as every simulate --duplicate "
                         f"--json summary has; {REMAKE}")
    rate = data["level_win_rate"][_measured(data, opponent)]["rate"]
    if not (isinstance(data["games"], int) and data["games"] >= 1 and 0 <= rate <= 1):
        raise ValueError(f"{path}: says {data['games']} games, won at a rate of {rate}: a run is a whole "
                         f"number of games, 1 or more, won at a rate from 0 to 1; {REMAKE}")
    return data


def _numbers(data: dict[str, Any], level: str, opponent: str) -> list[tuple[str, ...]]:
    """Where ``_one`` finds each number it adds up in a run: the keys, one inside another."""
    wanted = [("games",), ("level_win_rate", level, "rate")]
    wanted += [(times, who, at) for times in ("decision_ms", "decision_cpu_ms") for who in (level, opponent)
               for at in ("p50", "p95", "max")]
    if "level_points_per_hand" in data:  # a run of random players has none
        wanted += [("hands",)] + [(field, who, *at) for who in (level, opponent) for field, *at in
                                  (("level_points_per_hand",), ("level_contracts", "made"),
                                   ("level_contracts", "set"))]
    return wanted


def _measured(data: dict[str, Any], opponent: str) -> str:
    """The level a run measures: its first that is not the opponent."""
    return next(str(name) for name in data["level_win_rate"] if name != opponent)


def _same_level(matchup: str, runs: list[tuple[pathlib.Path, dict[str, Any]]]) -> list[dict[str, Any]]:
    """A matchup's runs, each measuring the level its first measures: else ValueError naming the
    file that differs, as its numbers cannot be added up with the others'."""
    first, opponent = runs[0][0], matchup.rpartition("-")[2]
    level = _measured(runs[0][1], opponent)
    for path, data in runs[1:]:
        other = _measured(data, opponent)
        if other != level:
            raise ValueError(f"{path}: measures {other} against {opponent}, where {first.name} measures {level}: "
                             "the runs of one matchup are of the same two levels")
    return [data for _, data in runs]


def _number(data: dict[str, Any], at: tuple[str, ...]) -> bool:
    """Whether ``data`` holds a number (not true or false) at the keys ``at``, one inside another."""
    value: Any = data
    for key in at:
        if not isinstance(value, dict) or key not in value:
            return False
        value = value[key]
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _kind(data: Any) -> str:
    """What JSON value ``data`` is, in words: "a list", "a number"."""
    kinds = ((list, "a list"), (str, "a string"), (bool, "true or false"), ((int, float), "a number"))
    return next((said for kind, said in kinds if isinstance(data, kind)), "null")


def _one(matchup: str, runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One matchup's runs, each checked by ``_summary`` and ``_same_level``, added up."""
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
