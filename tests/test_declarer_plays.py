"""benchmarks/declarer_plays.py: the real deal always agrees with the normal declaring side's
plays, sampled deals often do not, and asking twice gives the same answer (no state carried over
from one holding to the next)."""

from __future__ import annotations

import random

from rook_access.ai.players import make_player
from rook_access.ai.sampling import Sampler
from rook_access.core import new_game
from tests.benchmark_scripts import load


def test_the_real_deal_agrees_and_sampled_deals_are_judged_each_on_its_own() -> None:
    dp = load("declarer_plays")
    cv = load("clairvoyant")
    views = agree = disagree = 0
    for seed in (1, 2):
        state, _ = new_game("georgia", None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        rng = random.Random(seed)
        while not state.is_over() and state.hand_number <= 3:
            view = state.view(state.actor)
            if state.actor == 0 and view.phase == "play" and view.bidder % 2 == 1 and len(view.tricks) >= 2:
                replay = dp.PlaysReplay(view, 0b1010)  # East and West
                assert replay.agrees(cv.true_holding(state, view))
                sampler = Sampler(view, True)
                drawn = [sampler.draw(rng) for _ in range(8)]
                first = [replay.agrees(h) for h in drawn]
                assert [replay.agrees(h) for h in reversed(drawn)] == first[::-1]
                views += 1
                agree += sum(first)
                disagree += len(first) - sum(first)
            state.apply(players[state.actor].choose(view))
    assert views >= 5 and disagree > 0 and agree > 0
