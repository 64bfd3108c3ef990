"""benchmarks/defence_regret.py: the probe plays the hard level's own card, judges it by the search
that sees the real deal, and records only cards played in defence."""

from __future__ import annotations

import sys

from rook_access.ai.context import team_of
from rook_access.ai.hard import HardBot
from rook_access.ai.players import make_player
from rook_access.core import new_game
from rook_access.core.state import GameState
from tests.benchmark_scripts import load


def test_the_probe_plays_the_honest_card_and_judges_it_by_sight() -> None:
    dr = load("defence_regret")
    cv = sys.modules["clairvoyant"]
    state, _ = new_game("georgia", None, 11)
    players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
    cv.install()
    compared = 0
    try:
        while state.hand_number <= 2 and not compared:
            actor = state.actor
            view = state.view(actor)
            if actor == 0 and view.phase == "play" and not team_of(view, 0) >> view.bidder & 1:
                decisions: list = []
                played = dr.Probe(5, decisions).choose_play(view)
                assert played == HardBot(5).choose_play(view)  # the honest card, untouched by the judging
                if decisions and decisions[0].seen != decisions[0].played:
                    seeing = cv.make_play("north", state.options, 5)  # north now sees the real deal
                    assert seeing.choose_play(view).value == decisions[0].seen
                    assert decisions[0].regret >= 0
                    compared += 1
            state.apply(players[actor].choose(view))
    finally:
        cv.uninstall()
    assert compared, "no defence card where sight plays another was met"


def test_run_records_defence_only_and_puts_the_game_back() -> None:
    dr = load("defence_regret")
    view_before = GameState.view
    decisions = dr.run("georgia", 1, 8003, hands=2)
    assert GameState.view is view_before
    assert decisions and sum(d.regret for d in decisions) > 0  # seed 8003: sight would play better
    for d in decisions:
        assert d.bidder % 2 == 1  # east or west holds the contract: north and south defend
        assert d.regret >= 0
        assert d.played != d.seen or d.regret == 0
    rows = dr.table(decisions)
    shares = [int(row.rsplit("|", 2)[1].strip().rstrip("%")) for row in rows[2:]]
    assert len(rows) > 2 and 97 <= sum(shares) <= 103  # rounded shares of all the regret
