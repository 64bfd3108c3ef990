"""benchmarks/hand_pairs.py: a deal played both ways by the same deterministic level is the same
game seen from the other side, so every hand's edge is nil."""

from __future__ import annotations

from rook_access.core import resolve
from rook_access.simulation import game_seed
from tests.benchmark_scripts import load


def test_a_level_against_itself_has_no_edge_and_the_sides_mirror() -> None:
    hp = load("hand_pairs")
    seed = game_seed(7001, 0)
    options = resolve("georgia")
    first = hp.play("georgia", options, seed, "normal", "normal", True)
    second = hp.play("georgia", options, seed, "normal", "normal", False)
    assert first and first.keys() == second.keys()
    for number, a in first.items():
        b = second[number]
        assert a.margin + b.margin == 0
        assert (a.contract, a.ns_bid, a.made) == (b.contract, b.ns_bid, b.made)
        assert a.level_bid != b.level_bid
    assert any(h.margin for h in first.values())
