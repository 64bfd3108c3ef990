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
    assert "hasbro-easy_*.json: not simulate --duplicate --json summaries" in capsys.readouterr().err


def test_chunks_add_up_by_matchup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for seed in (1, 2):
        assert rook_access(["simulate", "--ns", "normal", "--ew", "easy", "--games", "1", "--duplicate",
                            "--seed", str(seed), "--json"]) == 0
        (tmp_path / f"hasbro-easy_{seed}.json").write_text(capsys.readouterr().out, "utf-8")
    combine.main([str(tmp_path)])
    out = json.loads(capsys.readouterr().out)
    assert out["hasbro-easy"]["level"] == "normal"
    assert out["hasbro-easy"]["chunks"] == 2 and out["hasbro-easy"]["games"] == 4
