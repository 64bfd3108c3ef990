"""The hard level's sampling reads the table: bids and passes, the trump call, the nest's
face-up card the bidder took."""

from __future__ import annotations

import random

from rook_access.ai.hand_value import hand_worth
from rook_access.ai.inference import AuctionReading, auction_says, worth_model
from rook_access.ai.players import make_player
from rook_access.ai.sampling import Sampler
from rook_access.core import cards as C
from rook_access.core import new_game, resolve
from tests.core_helpers import act, game


def test_the_worth_model_tracks_what_the_bots_bid_on() -> None:
    """The fast stand-in follows hand_value.hand_worth closely enough to read bids by."""
    for preset in ("hasbro", "kentucky-west", "georgia"):
        options = resolve(preset)
        model = worth_model(options)
        assert model.error < 0.1 * options.max_bid
        rng = random.Random(preset)
        state, _ = new_game(preset, options, 1)
        deck = list(C.cards_in(state.deck.mask))
        size = state.hands[0].bit_count()
        pairs = []
        for _ in range(200):
            hand = C.to_mask(rng.sample(deck, size))
            pairs.append((model.worth(hand), hand_worth(hand, options)))
        pairs.sort()
        low = sum(w for _m, w in pairs[:50]) / 50
        high = sum(w for _m, w in pairs[-50:]) / 50
        assert high > low + 2 * model.error, preset  # hands it ranks strong are strong


def test_a_bid_says_strength_a_pass_weakness_and_a_partners_pass_nothing() -> None:
    state = game("hasbro", dealer="north")  # east speaks first
    act(state, "bid 90", "pass", "pass")  # east bids 90, south passes, west (east's partner) passes
    said = {s.seat: s for s in auction_says(state.view("north"))}
    east, south, west = (state.seats.index(n) for n in ("east", "south", "west"))
    assert said[east].floor is not None and said[east].floor >= 75
    assert said[east].ceiling is None
    assert said[south].ceiling is not None and said[south].floor is None  # passed facing 95
    assert west not in said  # passing to one's partner says nothing of the hand


def _mean_worth(view: object, seat: int, infer: bool, draws: int = 120) -> float:
    sampler = Sampler(view, infer)  # type: ignore[arg-type]
    model = worth_model(sampler.view.options)
    rng = random.Random(4)
    return sum(model.worth(sampler.draw(rng).hands[seat]) for _ in range(draws)) / draws


def test_sampled_hands_follow_the_bids_and_passes() -> None:
    state = game("hasbro", dealer="north")
    act(state, "bid 100", "pass", "pass")  # east opens high, south and west pass
    view = state.view("north")
    east, south = state.seats.index("east"), state.seats.index("south")
    assert _mean_worth(view, east, True) > _mean_worth(view, east, False) + 5
    assert _mean_worth(view, south, True) < _mean_worth(view, south, False) - 2
    reading = AuctionReading(view)
    rng = random.Random(1)
    plain = Sampler(view, False)
    weights = sorted(reading.weight(plain.draw(rng).hands) for _ in range(100))
    assert 0 < weights[0] < 0.2 < weights[-1] <= 1  # some deals fit the auction, some do not


def _georgia_after_contract(seed: int):  # type: ignore[no-untyped-def]
    state, _ = new_game("georgia", None, seed)
    players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
    up = list(state.face_up)
    while state.phase != "play":
        state.apply(players[state.actor].choose(state.view(state.actor)))
    return state, up


def test_the_face_up_nest_card_stays_with_the_bidder_or_its_discards() -> None:
    checked = 0
    for seed in range(6):
        state, up = _georgia_after_contract(seed)
        assert up, "georgia turns the top nest card face up"
        for seat in range(4):
            if seat == state.bidder:
                continue
            view = state.view(seat)
            rng = random.Random(seed)
            sampler = Sampler(view, True)
            for _ in range(20):
                holding = sampler.draw(rng)
                for card in up:
                    if view.played >> card & 1:
                        continue
                    where = [s for s, hand in enumerate(holding.hands) if hand >> card & 1]
                    assert where == [state.bidder] or (not where and holding.nest >> card & 1)
                    checked += 1
    assert checked > 100


def test_the_trump_caller_gets_its_share_of_trump() -> None:
    """The seat that named trump is dealt more of it in the samples than a seat that did not."""
    state, _up = _georgia_after_contract(0)
    caller = state.trump_caller
    assert state.suits is not None
    trump = state.suits.trump
    for seat in range(4):
        if seat == caller:
            continue
        view = state.view(seat)
        rng = random.Random(seat)
        sampler = Sampler(view, True)
        holdings = [sampler.draw(rng) for _ in range(60)]
        others = [s for s in range(4) if s not in (seat, caller)]
        mine = sum((h.hands[caller] & trump).bit_count() for h in holdings) / view.hand_sizes[caller]
        theirs = sum((h.hands[s] & trump).bit_count() for h in holdings for s in others) / sum(
            view.hand_sizes[s] for s in others)
        assert mine > theirs, seat
