"""The hard level's auction search (``ai/auction_search.py``): the auction run to its end by the
core's rules for every limit, and what each limit led to."""

from __future__ import annotations

import pytest

from rook_access.ai.auction_search import PASS_MARGIN, PASS_NOW, Auction, applies, run_auction, search
from rook_access.ai.hard import HardBot
from rook_access.ai.players import make_player
from rook_access.core import SeatView, new_game, resolve
from tests.core_helpers import act, game

PARTNERS = [0b0101, 0b1010, 0b0101, 0b1010]  # north-south, east-west
NO_SURPLUS = [0, 0, 0, 0]


def test_every_seat_bids_one_step_at_a_time_up_to_its_limit() -> None:
    """North 70, east 75, south (limit 0) passes, west will not overcall its partner east
    without 15 to spare, north 80, east (limit 80) passes: north holds it at 80."""
    o = resolve("hasbro")
    now = Auction(turn=0, high_bid=0, high_bidder=-1, passed=0, dealer=3)
    assert run_auction(o, now, [90, 80, 0, 85], [0, 15, 15, 15], PARTNERS) == (0, 80)
    # Without the surplus west takes over from its partner and outlasts north (limit 90) at 90.
    assert run_auction(o, now, [90, 80, 0, 95], NO_SURPLUS, PARTNERS) == (3, 90)


def test_the_auction_ends_by_the_core_rules() -> None:
    """Everyone passing redeals in hasbro and sticks the dealer at 100 in georgia; the top bid
    ends it at once."""
    now = Auction(turn=0, high_bid=0, high_bidder=-1, passed=0, dealer=3)
    assert run_auction(resolve("hasbro"), now, [0, 0, 0, 0], NO_SURPLUS, PARTNERS) == (-1, 0)
    assert run_auction(resolve("georgia"), now, [0, 0, 0, 0], NO_SURPLUS, PARTNERS) == (3, 100)
    assert run_auction(resolve("hasbro"), now, [200, 200, 0, 0], NO_SURPLUS, PARTNERS) == (0, 120)


def test_nobody_outbids_a_partner_once_both_opponents_passed() -> None:
    """South holds the bid, east and west have passed: north passes whatever its limit."""
    o = resolve("hasbro")
    now = Auction(turn=0, high_bid=80, high_bidder=2, passed=0b1010, dealer=3)
    assert run_auction(o, now, [120, 0, 0, 0], NO_SURPLUS, PARTNERS) == (2, 80)


def _first_view(preset: str, seed: int = 1) -> SeatView:
    state = new_game(preset, None, seed)[0]
    return state.view(state.actor)


def test_the_search_decides_only_where_partners_are_fixed_and_bids_are_the_choice() -> None:
    assert applies(_first_view("hasbro"))
    assert not applies(_first_view("call-partner"))  # nobody's partner is known
    assert not applies(_first_view("kentucky-discard"))  # a check is open: the rules' call
    state = game("hasbro", dealer="north")
    act(state, "pass", "bid 70", "pass")  # south (north's partner) has it: the bot just passes
    assert not applies(state.view("north"))


@pytest.mark.parametrize("preset", ["hasbro", "kentucky-west", "georgia"])
def test_what_each_limit_led_to_adds_up(preset: str) -> None:
    """Over the same deals: a contract is either side's or dealt again, made or set; passing now
    never gives this side the contract unless its partner keeps it; the chosen limit is the best."""
    checked = 0
    for seed in range(3):
        state, _ = new_game(preset, None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while state.phase == "auction" and state.hand_number == 1:
            view = state.view(state.actor)
            if applies(view):
                found = search(view, 5, 12)
                assert found == search(view, 5, 12)  # the same view and seed, the same search
                for limit, out in found.outcomes.items():
                    assert out.ours + out.theirs <= found.deals
                    assert out.made <= out.ours and out.set <= out.theirs
                    assert limit == PASS_NOW or limit >= min(a.value for a in view.legal if a.kind == "bid")
                top = max(out.value for out in found.outcomes.values())
                if found.best == PASS_NOW:  # passing does best, or no bid gains the margin over it
                    assert all(found.gain(limit) < PASS_MARGIN for limit in found.outcomes)
                else:
                    assert found.outcomes[found.best].value == top and found.gain(found.best) >= PASS_MARGIN
                checked += 1
            state.apply(players[state.actor].choose(view))
    assert checked >= 3


def test_the_hard_level_bids_towards_the_best_limit() -> None:
    view = _first_view("georgia", 4)
    decision = HardBot(2).bid_decision(view)
    assert decision.why == "search" and decision.search is not None
    lowest = min(a.value for a in view.legal if a.kind == "bid")
    assert (decision.action.kind == "bid") == (decision.search.best >= lowest)
    assert decision.ceiling == decision.search.best
