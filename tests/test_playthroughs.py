"""Recorded playthroughs: each preset's fixed-seed game, played through the console, must give
the stored transcript and record line for line. A difference fails with a unified diff; when the
change is intended, rewrite the files with ``python -m tests.playthroughs.regenerate`` (or run
this test with ``ROOK_REGENERATE=1``) and review ``git diff tests/playthroughs``."""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from tests.playthroughs.driver import Case, cases, play
from tests.playthroughs.regenerate import paths, write

REGENERATE = os.environ.get("ROOK_REGENERATE", "") not in ("", "0")
HOW = "If the change is intended: python -m tests.playthroughs.regenerate, then review git diff tests/playthroughs."


def _compare(path: Path, actual: str) -> None:
    if not path.exists():
        pytest.fail(f"{path.name} is missing. {HOW}")
    expected = path.read_text(encoding="utf-8")
    if expected == actual:
        return
    diff = difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                f"stored/{path.name}", f"played/{path.name}", lineterm="", n=2)
    lines = list(diff)
    shown = lines[:120] + ([f"... {len(lines) - 120} more diff lines"] if len(lines) > 120 else [])
    pytest.fail(f"{path.name} differs from the stored playthrough. {HOW}\n" + "\n".join(shown), pytrace=False)


@pytest.mark.parametrize("case", cases(), ids=lambda c: c.stem)
def test_playthrough_matches_stored(case: Case) -> None:
    transcript, record = play(case)
    if REGENERATE:
        write(case, transcript, record)
    text_path, record_path = paths(case)
    _compare(text_path, transcript)
    if record is not None:
        _compare(record_path, record)


def test_no_stray_stored_files() -> None:
    """Every stored file belongs to a case, so a renamed preset leaves no stale playthrough."""
    expected = {p.name for case in cases() for p in paths(case)[: 2 if case.record else 1]}
    stored = {p.name for p in Path(paths(cases()[0])[0]).parent.iterdir() if p.suffix in (".txt", ".jsonl")}
    assert stored == expected
