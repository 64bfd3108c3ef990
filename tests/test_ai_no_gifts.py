"""The hard level (and so the hint) throws no counter onto a trick the opponents are sure to win
while a card worth nothing may go instead: its play-outs' rule cashes sure winners early and loses
the last trick and the nest with it, so keeping a counter looked worse than it is (the bot-review
sweep of session 27: 26 such gifts in 100 hasbro hands at hard, none at normal)."""

from __future__ import annotations

from rook_access.ai.context import Table
from rook_access.ai.play_heuristics import opponents_sure
from rook_access.ai.players import make_player
from rook_access.ai.search import Budget, card_values
from rook_access.core import Phase, new_game
from rook_access.core import cards as C

SMALL = Budget(playouts=120, card_plays=2000)  # the rule is what is checked, not the search's strength


def gift_spots(seed: int) -> list:
    """Views of a normal-level hasbro game where the player may throw a counter onto the
    opponents' sure trick or a plain card worth nothing, before the exact endgame."""
    state, _ = new_game("hasbro", ["hands=2"], seed)
    bots = [make_player("normal", seat, state.options, seed + i) for i, seat in enumerate(state.seats)]
    spots = []
    while not state.is_over():
        view = state.view(state.actor)
        if view.phase == Phase.PLAY and view.trick and sum(view.hand_sizes) > SMALL.exact_cards:
            table = Table(view)
            cards = table.playable()
            points, trump = table.deck.points, table.trump_mask
            if opponents_sure(table) and any(points[c] for c in cards) and \
                    any(not points[c] and not trump & C.BIT[c] for c in cards):
                spots.append(view)
        state.apply(bots[state.actor].choose(view))
    return spots


def test_no_counter_is_searched_onto_the_opponents_sure_trick_while_a_worthless_card_may_go() -> None:
    spots = [view for seed in range(1, 6) for view in gift_spots(seed)][:6]
    assert len(spots) >= 4
    for view in spots:
        points = Table(view).deck.points
        values = card_values(view, 7, SMALL)
        assert not [C.code(c) for c in values if points[c]], (view.hand, view.trick, values)


def test_with_only_counters_or_trumps_left_to_give_the_search_still_chooses() -> None:
    """The rule only removes a gift where a worthless plain card is there instead."""
    for seed in range(1, 6):
        for view in gift_spots(seed):
            table = Table(view)
            kept = [c for c in table.playable() if not table.deck.points[c]]
            assert kept, "a worthless plain card is there, so something is always left to play"
