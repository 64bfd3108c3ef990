"""Monte Carlo for the auction and the trump call (the hard level).

The hidden cards are sampled as for card play; for each sample the hand takes the nest, picks
its discard and trump by the discard module's rules, and the hand is played out. The counts its
side captures give, for every possible bid, the chance of making it — so the bid reflects the
nest's expected worth and the trump the hand would really choose, not a formula. Where partners
are fixed, ``auction_search`` decides the bid itself and these counts decide only the moon.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import SeatView
from ..core import actions as A
from ..core import cards as C
from ..core.deck import ROOK_CALLS
from ..core.determinize import Holding
from ..core.determinize import play_state as core_play_state
from ..core.nest import discardable_cards
from ..core.options import Options
from ..core.seats import hand_partner
from ..core.state import GameState
from .context import decision_rng, deck_of, rook_call_for, suits_of
from .discard import plan_discard
from .hand_value import best_trump, trump_choices
from .playout import Rules, play_out
from .sampling import Sampler

BID_SAMPLES = 40
TRUMP_SAMPLES = 40
# How far (points a play-out) another trump must do better than the normal rules' call to be
# named instead: within the play-outs' noise a person names their strongest colour. With 12
# play-outs and no such margin the hard level named a colour of one card over one of five
# (little-rook, found by the partner sweep).
TRUMP_MARGIN = 4.0
CONFIDENCE = 0.40  # the share of play-outs a bid must be made in (see ceiling_of)
MOON_SHARE = 0.7  # shoot the moon only when this share of play-outs take every point


def legal_discard_plan(hand: int, count: int, laid: list[int], trump: int, view: SeatView) -> list[int]:
    """The whole rest of the discard as the bot would lay it, card by card as the core allows
    each one (trump counts as named only where trump is named before the discard)."""
    o = view.options
    deck = deck_of(o)
    named = trump if o.trump_before_discard else -1
    laid_mask = C.to_mask(laid)
    plan: list[int] = []
    for _ in range(count):
        allowed = discardable_cards(o, deck, hand, laid_mask, named)
        if o.discard_counters == "allowed":  # one plan is legal as a whole
            return plan + plan_discard(hand, count - len(plan), allowed, trump, o)
        card = plan_discard(hand, count - len(plan), allowed, trump, o)[0]
        plan.append(card)
        hand &= ~C.BIT[card]
        laid_mask |= C.BIT[card]
    return plan


def play_state(view: SeatView, holding: Holding, bidder: int, trump: int, hand: int | None = None,
               discards: list[int] | None = None, rook_call: str | None = None, alone: bool = False) -> GameState:
    """The core's first-lead state for ``bidder`` with ``trump``; ``hand``/``discards`` override
    the bidder's cards when it has just planned its discard. The Rook Bird is called as
    ``rook_call`` says, or as the view shows it called, or as the trump caller would call it
    (rook=called). In a called-partner game it calls the highest trump it lacks, as the discard
    module would."""
    o = view.options
    if hand is not None:
        hands = list(holding.hands)
        hands[bidder] = hand
        holding = Holding(tuple(hands), holding.nest, holding.aside)
    if discards is None:
        discards = list(view.discards) if view.discards else sorted(C.cards_in(holding.nest))
    if rook_call is None:
        caller = view.trump_caller if view.trump_caller >= 0 else bidder
        rook_call = view.rook_call if view.trump >= 0 else rook_call_for(holding.hands[caller], o, trump)
    called = [-1, -1]
    if o.sides == "called-partner":
        suits = suits_of(o, trump, rook_call)
        deck = deck_of(o, rook_call)
        lacking = [c for c in C.cards_in(suits.trump & deck.mask) if not holding.hands[bidder] >> c & 1]
        lacking.sort(key=lambda c: deck.rank[c], reverse=True)
        called[:len(lacking[:o.calls])] = lacking[:o.calls]
    sitting = 1 << hand_partner(o, view.hand_number, bidder) if alone or view.sitting else 0
    return core_play_state(o, view.dealer, holding, discards, bidder, trump, called[0], view.hand_number,
                           rook_call, called[1], sitting, _blank(o), view.totals)


_BLANK: list[tuple[Options, GameState]] = []


def _blank(o: Options) -> GameState:
    """A fresh state for these options, kept to be cloned (building the deck tables costs half a
    millisecond, as much as a play-out)."""
    if not _BLANK or _BLANK[0][0] is not o:
        _BLANK[:] = [(o, GameState.begin("determinized", o, 0))]
    return _BLANK[0][1]


def side_count(state: GameState, seat: int) -> int:
    """Play the hand out and return what ``seat``'s side counts (points, nest and bonuses)."""
    return play_out(Rules.of(state), state)[seat]


def as_bidder(view: SeatView, holding: Holding, seat: int, trump: int | None = None, alone: bool = False) -> GameState:
    """The hand played with ``seat`` as bidder: it takes the nest, chooses trump and discards
    as the computer players do."""
    o = view.options
    full = holding.hands[seat] | holding.nest  # the sampler fills a blind hand too
    if trump is None:
        trump = best_trump(full, o)[0]
    discards = legal_discard_plan(full, o.nest_size, [], trump, view) if o.nest_size else []
    hand = full & ~C.to_mask(discards)
    nest_left = Holding(holding.hands, 0, holding.aside)
    return play_state(view, nest_left, seat, trump, hand, discards, alone=alone)


def bid_counts(view: SeatView, seed: int, samples: int = BID_SAMPLES, infer: bool = True,
               alone: bool = False) -> list[int]:
    """The side's count in each sampled hand, were this seat to take the contract now; with
    ``infer`` the others' hands fit what their bids and passes said; ``alone``: its partner
    sitting the hand out (a moon played alone)."""
    rng = decision_rng(seed, view, "bid")
    sampler = Sampler(view, infer)
    me = view.seat
    return sorted(side_count(as_bidder(view, sampler.draw(rng), me, alone=alone), me) for _ in range(samples))


def alone_moon_likely(view: SeatView, seed: int, samples: int = BID_SAMPLES, infer: bool = True) -> bool:
    """Where a moon is played alone (``moon_alone``), whether it is still likely with the partner
    sitting it out: its play-outs counted again without the partner. True otherwise."""
    if not view.options.moon_alone:
        return True
    counts = bid_counts(view, seed, samples, infer, alone=True)
    return sum(c >= moon_line(view.options) for c in counts) >= MOON_SHARE * len(counts)


def ceiling_of(counts: Sequence[int], o: Options, confidence: float = CONFIDENCE) -> tuple[int, bool]:
    """The ceiling for sorted play-out ``counts``: the count reached in ``confidence`` of them.

    Why 0.40 and not a safer 0.55 or 0.65: holding the contract (the nest, naming trump) is
    worth more than the risk of a set. Measured on hasbro, 60 deals played both ways against the
    normal level, hard's edge per hand was -6.8 points at 0.65, +8 at 0.55, +12 at 0.45, +14 at
    0.35 and +11 at 0.25 (standard errors 4 to 7 points). Tried again with the compiled search
    (docs/bots.md, "bolder bids"): 0.35 led on 200 games of other deals but won 290 of the long
    run's 400 hasbro games against 294 at 0.40, and georgia 253 against 250 (margins -0.2 and
    -1.9 points a hand): no gain, so 0.40 stays.
    """
    k = len(counts)
    at = counts[min(k - 1, int((1 - confidence) * k))]
    ceiling = at // 5 * 5
    moon = o.moon != "off" and sum(c >= moon_line(o) for c in counts) >= MOON_SHARE * k
    if o.moon != "off" and not moon:
        ceiling = min(ceiling, o.moon_bid_amount - 5)
    return min(ceiling, o.max_bid), moon


def moon_line(o: Options) -> int:
    """The count a moon needs: the bid, or every point or trick (as good as every point here)."""
    return o.moon_bid_amount if o.moon_needs == "bid" else max(o.moon_bid_amount, deck_of(o).total)


def pick_trump(totals: dict[int, float], favoured: int | None = None, margin: float = 0.0) -> int:
    """The trump call with the best total, unless ``favoured`` (the normal rules' call) is within
    ``margin`` of it; other ties go to the lowest value (colour index, and the Rook Bird high
    before low)."""
    best = max(totals, key=lambda t: (totals[t], -t))
    if favoured is not None and favoured in totals and totals[favoured] >= totals[best] - margin:
        return favoured
    return best


def trump_totals(view: SeatView, seed: int, samples: int = TRUMP_SAMPLES, infer: bool = True) -> dict[int, float]:
    """Each candidate trump call's total count for this side over the same sampled play-outs
    (the bidder discards for each candidate when it has not yet), keyed by the call's action
    value: each colour, and where the caller calls the Rook Bird (rook=called) each colour with
    it high and with it low."""
    rng = decision_rng(seed, view, "trump")
    sampler = Sampler(view, infer)
    holdings = [sampler.draw(rng) for _ in range(samples)]
    bidder = view.bidder
    totals: dict[int, float] = {}
    for trump in trump_choices(view.options):
        calls = rook_calls_worth_trying(view, trump)
        for rook in calls:
            total = 0.0
            for holding in holdings:
                if view.seat == bidder and len(view.discards) < view.options.nest_size:
                    state = _as_bidder_after_nest(view, holding, trump, rook)
                elif view.seat != bidder and view.hand_sizes[bidder] > view.hand_sizes[view.seat]:
                    state = _as_partner_before_discard(view, holding, trump, rook)
                else:
                    state = play_state(view, holding, bidder, trump, rook_call=rook)
                total += side_count(state, view.seat)
            totals[A.trump_value(trump, rook)] = total
    return totals


def rook_calls_worth_trying(view: SeatView, trump: int) -> tuple[str, ...]:
    """The Rook Bird calls to play out with ``trump`` (rook=called): holding the Rook Bird, only
    high — a higher rank never loses a trick a lower one wins, so high is never worse for its
    holder; lacking it, both (low weakens an opponent's, high helps a partner's)."""
    if view.options.rook != "called" or trump == C.NO_TRUMP:
        return ("",)
    return ("high",) if view.hand >> C.ROOK & 1 else ROOK_CALLS


def _as_partner_before_discard(view: SeatView, holding: Holding, trump: int, rook_call: str) -> GameState:
    """The partner names trump before the bidder has laid the nest back (georgia's hand-over):
    the sampled bidder still holds the nest, so its discard is planned for ``trump`` as it would
    lay it. Played out with the nest in its hand, the core ran a trick short and failed ("negative
    shift count": the re-check of session 36)."""
    bidder = view.bidder
    hand = holding.hands[bidder]
    plan = legal_discard_plan(hand, view.hand_sizes[bidder] - view.hand_sizes[view.seat], [], trump, view)
    return play_state(view, holding, bidder, trump, hand & ~C.to_mask(plan), plan, rook_call)


def _as_bidder_after_nest(view: SeatView, holding: Holding, trump: int, rook_call: str) -> GameState:
    """The bidder holds the nest already (trump before discard): plan the discard for ``trump``."""
    o = view.options
    left = o.nest_size - len(view.discards)
    plan = legal_discard_plan(view.hand, left, list(view.discards), trump, view)
    hand = view.hand & ~C.to_mask(plan)
    return play_state(view, holding, view.seat, trump, hand, list(view.discards) + plan, rook_call)

