"""The hard level's sampling reads the table: bids and passes, the trump call, the nest's
face-up card the bidder took, what a bidder lays down."""

from __future__ import annotations

import random

from rook_access.ai.context import suits_of, voids_from_tricks
from rook_access.ai.discard import plan_discard
from rook_access.ai.hand_value import best_trump, hand_worth
from rook_access.ai.inference import AuctionReading, auction_says, worth_model
from rook_access.ai.players import make_player
from rook_access.ai.sampling import INFER_TRIES, Sampler
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


def _play_on(state, players, cards: int) -> None:  # type: ignore[no-untyped-def]
    """Play ``cards`` more cards (fewer if the hand ends)."""
    for _ in range(cards):
        if state.phase != "play":
            return
        state.apply(players[state.actor].choose(state.view(state.actor)))


def _split_views(preset: str, seeds: range, bidder_level: str = "normal"):  # type: ignore[no-untyped-def]
    """(state, a defender's or the partner's view) a few tricks into each deal's play."""
    for seed in seeds:
        state, _ = new_game(preset, None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while state.phase != "play":
            seat = state.actor
            player = players[seat]
            if state.phase == "discard" and bidder_level != "normal":
                player = make_player(bidder_level, state.seats[seat], state.options, seed)
            state.apply(player.choose(state.view(seat)))
        _play_on(state, players, 4 * (seed % 4) + seed % 3)
        if state.phase == "play":
            yield state, state.view((state.bidder + 1 + seed % 3) % 4)


def test_the_bidders_discards_are_what_its_rule_lays_down() -> None:
    """Each sample's nest is the discard the rule makes from the bidder's sampled hand, its
    discards and its played cards; no card it played lies there; it keeps no card of a colour
    it showed void in."""
    checked = 0
    for _state, view in _split_views("georgia", range(12)):
        sampler = Sampler(view, True)
        assert sampler.split
        o = view.options
        played = C.to_mask(c for _lead, plays, _w in view.tricks for s, c in plays if s == view.bidder)
        played |= C.to_mask(c for s, c in view.trick if s == view.bidder)
        suits = suits_of(o, view.trump, view.rook_call)
        void = voids_from_tricks(view, suits)[view.bidder]
        rng = random.Random(checked)
        for _ in range(20):
            holding = sampler.draw(rng)
            if sampler.fallback is not None:
                break
            hand = holding.hands[view.bidder]
            held = hand | holding.nest | played
            assert holding.nest == C.to_mask(plan_discard(held, 5, held, best_trump(held, o)[0], o))
            assert not holding.nest & played
            assert all(not hand & suits.masks[s] for s in range(5) if void >> s & 1)
            checked += 1
    assert checked > 150


def test_split_samples_put_the_nest_nearer_the_real_discards() -> None:
    """Over real normal-level discards (georgia and hasbro), the samples' nests hold more of the
    real discards and fewer trumps with the split than without it."""
    for preset in ("georgia", "hasbro"):
        near = {True: 0, False: 0}
        trumps = {True: 0, False: 0}
        for state, view in _split_views(preset, range(16)):
            real = C.to_mask(state.discards)
            assert state.suits is not None
            for split in (True, False):
                sampler = Sampler(view, True, split=split)
                rng = random.Random(7)
                for _ in range(30):
                    nest = sampler.draw(rng).nest
                    near[split] += (nest & real).bit_count()
                    trumps[split] += (nest & state.suits.trump).bit_count()
        assert near[True] > 1.2 * near[False], (preset, near)
        assert trumps[True] < 0.5 * trumps[False], (preset, trumps)


def test_a_bidder_who_discards_its_own_way_is_sampled_without_the_rule() -> None:
    """A random bidder's discards break the rule; where the table shows it (a played card the
    rule would have laid down), splits stop fitting and the sampler draws without them, every
    sample still keeping the sizes and voids."""
    fell_back = 0
    for _state, view in _split_views("georgia", range(40), bidder_level="random"):
        sampler = Sampler(view, True)
        suits = suits_of(view.options, view.trump, view.rook_call)
        voids = voids_from_tricks(view, suits)
        rng = random.Random(3)
        for _ in range(40):
            holding = sampler.draw(rng)
            assert tuple(h.bit_count() for h in holding.hands) == view.hand_sizes
            assert holding.nest.bit_count() == 5
            for seat in range(4):
                assert all(not holding.hands[seat] & suits.masks[s] for s in range(5) if voids[seat] >> s & 1)
        fell_back += sampler.fallback is not None
    assert fell_back >= 3


def test_a_pool_that_does_not_fit_counts_toward_a_samples_deals() -> None:
    """The reading's cost is bounded: a sample deals about INFER_TRIES pools however few of them
    split to fit (counting only the fitting ones, a view where a quarter fit dealt 24)."""
    views = 0
    for preset in ("georgia", "hasbro"):
        for _state, view in _split_views(preset, range(24)):
            sampler = Sampler(view, True)
            rng = random.Random(2)
            for _ in range(50):
                sampler.draw(rng)
            if sampler.fallback is None:
                views += 1
                assert sampler.split_tried <= 50 * (INFER_TRIES + 2), (preset, sampler.split_tried)
    assert views > 30
