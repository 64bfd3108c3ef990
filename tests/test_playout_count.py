"""benchmarks/playout_count.py: every contract of a record is found, its real count read from the
record adds up and decides made or set as the record says, its play-out stays within the deck's
points, and a record the rules do not accept is refused."""

from __future__ import annotations

import pytest

from rook_access.core import resolve
from rook_access.core.replay import RecordError
from rook_access.simulation import simulate
from rook_access.store.record import read_record
from tests.benchmark_scripts import load


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("records") / "georgia.jsonl"
    simulate("georgia", resolve("georgia"), 1, 7001, {"north": "normal", "south": "normal"},
             record=str(path), default="easy")
    return str(path)


def test_every_contract_is_counted_as_the_record_says(record: str) -> None:
    pc = load("playout_count")
    lines = read_record(record)
    found = pc.contracts(lines)
    ends = []  # the hand_end line of every contract that is not a moon
    moon = False
    for line in lines:
        if line["type"] == "contract":
            moon = line["moon"]
        elif line["type"] == "hand_end" and line["bidder"] and not moon:
            ends.append(line)
    assert len(found) == len(ends) > 0
    total = 180  # georgia's counters
    players = next(line for line in lines if line["type"] == "game")["players"]
    for contract, end in zip(found, ends):
        assert contract.player == players[end["bidder"]]
        assert contract.bid == end["bid"]
        assert contract.real == pc.side_took(end, end["bidder"])
        every_side = sum(pc.side_took(end, side[0]) for side in end["sides"])
        assert every_side == sum(end["captured"].values()) + end["nest_points"] + sum(end["bonuses"].values())
        assert contract.made == (contract.real >= contract.bid) == end["made"]
        assert 0 <= contract.playout <= total and 0 <= contract.real <= total
        assert contract.every_point == (contract.real == total)
    assert any(c.real != c.playout for c in found)  # the rule is not the players


def test_a_record_the_rules_do_not_accept_is_refused(record: str) -> None:
    pc = load("playout_count")
    lines = read_record(record)
    tampered = [dict(line) for line in lines]
    end = next(line for line in tampered if line["type"] == "hand_end")
    end["captured"] = {seat: 0 for seat in end["captured"]}  # a count the cards do not give
    with pytest.raises(RecordError):
        pc.contracts(tampered)
