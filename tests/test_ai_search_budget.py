"""The hard level's budget savers: a card clearly behind the leader is dropped from the search,
the weighted sampler keeps deals in proportion to their weight over the view's top weight, and
the bid search clones one blank state instead of rebuilding the deck tables."""

from __future__ import annotations

import random
from collections.abc import Callable

from rook_access.ai import bid_search, search
from rook_access.ai.players import make_player
from rook_access.ai.sampling import Sampler
from rook_access.ai.search import Budget, _behind, card_values, equivalent
from rook_access.core import new_game, resolve
from rook_access.core.determinize import Holding, play_state
from rook_access.core.state import GameState


def test_a_card_clearly_behind_is_dropped_and_noise_keeps_it() -> None:
    assert _behind([10.0, 12.0, 9.0, 11.0] * 4)  # the leader always about 10 points better
    assert _behind([0.0] * 16)  # the two cards scored alike on every sample
    assert not _behind([30.0, -30.0] * 8)  # as often better as worse
    assert not _behind([20.0, -15.0, 5.0, -8.0] * 4)  # a small edge in much noise


def _play_view(preset: str, seed: int):  # noqa: ANN202 - a SeatView
    """The first view after the first trick of a normal-bots game whose contract went 10 over the
    lowest bid (the auction said something for the sampler to read)."""
    options = resolve(preset)
    state, _ = new_game(preset, options, seed)
    players = {i: make_player("normal", s, options, i) for i, s in enumerate(state.seats)}
    while True:
        view = state.view(state.actor)
        if view.phase == "play" and view.tricks and view.high_bid >= options.min_bid + 10:
            return view
        state.apply(players[state.actor].choose(view))
        assert not state.is_over()


def _play_views(preset: str, seed: int, cards_over: int, searched: Callable[[int], bool]) -> list:  # noqa: ANN401
    """The play views of a normal-bots game's first hand with more than ``cards_over`` cards in
    all hands, where the number of cards worth searching passes ``searched``."""
    options = resolve(preset)
    state, _ = new_game(preset, options, seed)
    players = {i: make_player("normal", s, options, i) for i, s in enumerate(state.seats)}
    out = []
    while state.hand_number == 1 and not state.is_over():
        view = state.view(state.actor)
        if view.phase == "play" and sum(view.hand_sizes) > cards_over:
            plays = [a.value for a in view.legal if a.kind == "play"]
            if searched(len(equivalent(view, plays))):
                out.append(view)
        state.apply(players[state.actor].choose(view))
    return out


def _two_card_views(preset: str, seed: int) -> list:  # noqa: ANN401 - SeatViews
    """Views where the seat on turn chooses between two cards that play differently, early
    enough for a long play-out."""
    return _play_views(preset, seed, 16, lambda count: count == 2)


def _draws(view, stop_z: float) -> int:  # noqa: ANN001 - a SeatView
    """Samples drawn by the search for ``view`` with the stopping rule at ``stop_z``."""
    drawn = []
    original = Sampler.draw

    def counting(self: Sampler, rng: random.Random) -> Holding:
        drawn.append(1)
        return original(self, rng)

    saved = search.STOP_Z
    Sampler.draw = counting  # type: ignore[method-assign]
    search.STOP_Z = stop_z
    try:
        card_values(view, 4, Budget())
    finally:
        Sampler.draw = original  # type: ignore[method-assign]
        search.STOP_Z = saved
    return len(drawn)


def test_a_clear_choice_between_two_cards_spends_fewer_samples() -> None:
    views = _two_card_views("hasbro", 3)
    assert views
    spent = [(_draws(v, search.STOP_Z), _draws(v, 1e9)) for v in views]  # 1e9: never behind
    assert all(early <= full for early, full in spent)
    assert any(early < full for early, full in spent), spent


def test_a_cloned_blank_state_is_the_state_built_afresh() -> None:
    options = resolve("georgia")
    state, _ = new_game("georgia", options, 8)
    holding = Holding(tuple(state.hands), 0, state.aside)
    discards = sorted(state.nest_dealt)
    blank = GameState.begin("determinized", options, 0)
    fresh = play_state(options, 1, holding, discards, 2, 3)
    cloned = play_state(options, 1, holding, discards, 2, 3, blank=blank)
    assert cloned == fresh
    assert blank == GameState.begin("determinized", options, 0)  # the blank itself is untouched
    assert bid_search._blank(options) is bid_search._blank(options)


def _views_with_choices(preset: str, seed: int, least: int) -> list:  # noqa: ANN401 - SeatViews
    """Views with at least ``least`` cards worth searching, before the exact endgame."""
    return _play_views(preset, seed, 8, lambda count: count >= least)


def test_a_dropped_card_is_valued_below_its_leader_and_never_chosen_unless_tied() -> None:
    drops: list[tuple[int, int]] = []  # (card dropped, the leader then)
    original = search._drop_behind

    def recording(running, scores, drawn, dropped) -> None:  # noqa: ANN001
        before = dict(dropped)
        original(running, scores, drawn, dropped)
        drops.extend((card, leader) for card, (leader, _gap) in dropped.items() if card not in before)

    search._drop_behind = recording  # type: ignore[assignment]
    try:
        checked = 0
        for preset, seed in (("hasbro", 3), ("kentucky-west", 5)):
            for view in _views_with_choices(preset, seed, 3):
                drops.clear()
                values = card_values(view, 4, Budget())
                assert set(values) == set(equivalent(view, [a.value for a in view.legal if a.kind == "play"]))
                for card, leader in drops:
                    assert values[card] < values[leader] or values[card] == values[leader] and card > leader
                    # A card every sample scored alike with its leader ties with it: either may
                    # be played, and the tie goes as a person would play it (``pick_card``).
                    assert search.pick_card(values, view) != card or values[card] == values[leader]
                    checked += 1
        assert checked  # some card was dropped
    finally:
        search._drop_behind = original  # type: ignore[assignment]
