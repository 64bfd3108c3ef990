"""benchmarks/combine_simulations.py: chunks of ``simulate --duplicate --json`` added up by matchup,
and its command line (``--help`` and a folder not there printed ``{}`` with status 0: the
simulate sweep of session 39)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rook_access.cli import main as rook_access
from tests.benchmark_scripts import load

combine = load("combine_simulations")


def test_help_says_what_it_takes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        combine.main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "RESULTS_DIR" in out and "{}" not in out


def test_a_folder_not_there_or_without_results_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for folder, said in ((tmp_path / "none", "is not a folder"), (tmp_path, "no *.json file in")):
        with pytest.raises(SystemExit) as done:
            combine.main([str(folder)])
        out = capsys.readouterr()
        assert done.value.code == 2 and out.out == "" and said in out.err, out.err


def test_a_file_that_is_no_summary_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "hasbro-easy_1.json").write_text("{", "utf-8")
    with pytest.raises(SystemExit) as done:
        combine.main([str(tmp_path)])
    assert done.value.code == 2 and "hasbro-easy_1.json: cannot be read as JSON" in capsys.readouterr().err
    (tmp_path / "hasbro-easy_1.json").write_text("{}", "utf-8")
    with pytest.raises(SystemExit):
        combine.main([str(tmp_path)])
    assert "hasbro-easy_1.json: is no simulate summary: it has no level_win_rate" in capsys.readouterr().err


def _refused(folder: Path, capsys: pytest.CaptureFixture[str]) -> str:
    """What the script says of ``folder``, which it refuses with status 2 in one line."""
    with pytest.raises(SystemExit) as done:
        combine.main([str(folder)])
    out = capsys.readouterr()
    assert done.value.code == 2 and out.out == "" and out.err.count("\n") == 2, out.err  # usage, then the error
    return out.err.splitlines()[-1]


def _duplicate_run(capsys: pytest.CaptureFixture[str], *flags: str) -> str:
    assert rook_access(["simulate", "--ns", "normal", "--ew", "easy", "--games", "1", "--seed", "1", "--json",
                        *flags]) == 0
    return capsys.readouterr().out


def test_each_file_that_is_no_summary_is_named_with_what_is_wrong(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A list, a summary without --duplicate and a file named a.json were "hasbro-normal_*.json:
    not simulate --duplicate --json summaries ... (TypeError: list indices must be integers or
    slices, not str)", "(KeyError: 'level_win_rate')" and "(IndexError ...)": no file named, and
    Python's words (the re-check of session 39). Each file is named now, with what is wrong."""
    run = _duplicate_run(capsys, "--duplicate")
    plain = _duplicate_run(capsys)
    changed = json.loads(run)
    del changed["decision_cpu_ms"]["easy"]["p95"]
    cases = [("hasbro-normal_2.json", "[1, 2]", "holds a list, not a summary (a JSON object)"),
             ("hasbro-normal_2.json", plain, "is a summary of simulate without --duplicate: it has no level_win_rate"),
             ("a.json", run, "its name says no matchup: name each run <rules>-<opponent>_<seed>.json"),
             ("hasbro_2.json", run, "its name says no matchup"),
             ("hasbro-hard_2.json", run, "its name gives the opponent hard, but the levels it measures are easy "
                                         "and normal"),
             ("hasbro-easy_2.json", json.dumps(changed), "has no number at decision_cpu_ms > easy > p95"),
             ("hasbro-easy_2.json", "[" * 200_000 + "]" * 200_000, "cannot be read as JSON (it is nested too deeply)")]
    for number, (name, text, said) in enumerate(cases):
        folder = tmp_path / str(number)
        folder.mkdir()
        (folder / "hasbro-easy_1.json").write_text(run, "utf-8")  # a good run beside it
        (folder / name).write_text(text, "utf-8")
        line = _refused(folder, capsys)
        assert f"{folder / name}: {said}" in line, line
        assert not any(word in line for word in ("Error", "*")), line


def test_chunks_add_up_by_matchup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (1, 2):
        assert rook_access(["simulate", "--ns", "normal", "--ew", "easy", "--games", "1", "--duplicate",
                            "--seed", str(seed), "--json"]) == 0
        (tmp_path / f"hasbro-easy_{seed}.json").write_text(capsys.readouterr().out, "utf-8")
    combine.main([str(tmp_path)])
    out = json.loads(capsys.readouterr().out)
    assert out["hasbro-easy"]["level"] == "normal"
    assert out["hasbro-easy"]["chunks"] == 2 and out["hasbro-easy"]["games"] == 4


def test_a_run_of_other_levels_in_a_matchup_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A matchup's second run measuring another level failed on the first's, in Python's words
    (the re-check of session 39): the file is named, with both levels."""
    run = json.loads(_duplicate_run(capsys, "--duplicate"))
    hard = {key: {("hard" if level == "normal" else level): value for level, value in value.items()}
            if key.startswith(("level_", "decision_")) else value for key, value in run.items()}
    (tmp_path / "hasbro-easy_1.json").write_text(json.dumps(run), "utf-8")
    (tmp_path / "hasbro-easy_2.json").write_text(json.dumps(hard), "utf-8")
    assert _refused(tmp_path, capsys).endswith(
        f"{tmp_path / 'hasbro-easy_2.json'}: measures hard against easy, where hasbro-easy_1.json measures normal: "
        "the runs of one matchup are of the same two levels")
