"""Rewrite the stored playthroughs: ``python -m tests.playthroughs.regenerate`` from the
repository's root. Review the change with ``git diff tests/playthroughs`` before committing."""

from __future__ import annotations

from pathlib import Path

from .driver import Case, cases, play

FOLDER = Path(__file__).resolve().parent


def paths(case: Case) -> tuple[Path, Path]:
    """Where a case's transcript and record are kept."""
    return FOLDER / f"{case.stem}.txt", FOLDER / f"{case.stem}.jsonl"


def write(case: Case, transcript: str, record: str | None) -> None:
    text_path, record_path = paths(case)
    text_path.write_text(transcript, encoding="utf-8")
    if record is not None:
        record_path.write_text(record, encoding="utf-8")


def main() -> None:
    for case in cases():
        write(case, *play(case))
        print(f"wrote {case.stem}")


if __name__ == "__main__":
    main()
