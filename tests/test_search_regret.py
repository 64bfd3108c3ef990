"""benchmarks/search_regret.py: the oracle's own choices cost nothing, and a budget is read from
its field names."""

from __future__ import annotations

import pytest

from rook_access.ai.search import Budget
from tests.benchmark_scripts import load


def test_the_oracles_own_search_loses_nothing_and_a_small_one_loses_something() -> None:
    sr = load("search_regret")
    oracle = sr.build("hasbro", 40, 10)
    assert len(oracle["values"]) == len(sr.play_decisions("hasbro", 40))
    choices = sum(1 for v in oracle["values"] if len(v) > 1)
    assert choices >= 5
    same = sr.evaluate(oracle, sr.oracle_budget(10), repeats=1, seed=sr.ORACLE_SEED)
    assert len(same.losses) == choices and same.mean() == 0.0  # the same samples choose the same card
    assert len(same.times) == len(oracle["values"])
    small = sr.evaluate(oracle, Budget(playouts=4, min_samples=1, max_samples=2), repeats=2)
    assert len(small.losses) == 2 * choices
    assert all(loss >= 0 for loss in small.losses) and small.mean() > 0
    assert "loss" in sr.report(small, "small")


def test_a_budget_is_read_from_its_fields() -> None:
    sr = load("search_regret")
    assert sr.parse_budget("") == Budget()
    assert sr.parse_budget("card_plays=8000, race=false") == Budget(card_plays=8000, race=False)
    with pytest.raises(SystemExit, match="no budget field 'cards'"):
        sr.parse_budget("cards=3")
