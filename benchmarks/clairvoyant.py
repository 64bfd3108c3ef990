"""The hard level's own search shown the hidden cards: how much seeing them would be worth.

    ROOK_ACCESS_PURE=1 pip install -e .   # plain Python (see below)
    PYTHONPATH=benchmarks rook-access simulate --rules georgia --ew normal --duplicate \\
        --bot north=clairvoyant:make --bot south=clairvoyant:make --games 20 --seed 8001 --json

``make``: every sample of every decision is the real deal, in the auction and the play.
``make_play``: only the card play's; ``make_auction``: only the auction's;
``make_play_declaring`` and ``make_play_defending``: the card play's only in the hands its side
holds the contract, or only in those the other side does. In the card play only, and part of
the cards: ``make_opponents`` (each honest sample corrected so both opponents hold their real
hands), ``make_partner`` (the partner's hand), ``make_counters`` (every counter where it really
is), ``make_trumps`` (every trump), ``make_top`` (the two highest cards of each colour, and the
Rook Bird); in defence only, ``make_defending_opponents``, ``make_defending_partner`` and
``make_defending_top``. Everything else is the hard level as it is (the same budget, play-outs,
discard and trump rules). Fixed partners (seat + 2) are assumed for the partial ones.

Why: the hard level guesses the hidden cards (``ai/sampling.py``). Played against the same
opponents on the same deals, the clairvoyant level bounds what better guessing could buy, and
says where (auction or play) it would pay; docs/bots.md quotes it. A measuring tool, never a
level a player meets: it reads cards no player can see.

How: the simulator builds each seat's view from the game state (``GameState.view``); installed,
this module notes which state each seat's view came from, and a clairvoyant seat's sampler
returns the real holding instead of a guess. Plain Python only: a compiled install's search
calls the sampler directly, past the patch, so ``install`` refuses there.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rook_access.ai import sampling
from rook_access.ai.context import team_of
from rook_access.ai.hard import HardBot
from rook_access.ai.inference import worth_model
from rook_access.core import Phase, SeatView
from rook_access.core import cards as C
from rook_access.core.determinize import Holding
from rook_access.core.options import Options
from rook_access.core.state import GameState

# seat name -> (the phases in which it sees, and what: "all", "opponents", "partner", or a kind of
# card in every place: "counters", "trumps", "top" (``part_cards``); and in which hands: "any",
# "declaring" (its side holds the contract) or "defending")
_SEES: dict[str, tuple[frozenset[str], str, str]] = {}
_STATE: dict[int, GameState] = {}  # seat index -> the state its last view came from
_ORIGINAL: dict[str, Callable] = {}  # type: ignore[type-arg]


def true_holding(state: GameState, view: SeatView) -> Holding:
    """Where the cards ``view`` does not show really lie, in the sampler's terms: every hand,
    the nest (the cards in no hand, not played, not aside, not the viewer's own discards) and
    the cards aside."""
    hands = tuple(state.hands)
    taken = 0
    for hand in hands:
        taken |= hand
    nest = state.deck.mask & ~taken & ~view.played & ~state.aside & ~C.to_mask(view.discards)
    return Holding(hands, nest, state.aside)


def part_cards(state: GameState, part: str) -> int:
    """The cards a clairvoyant ``part`` of that kind sees wherever they lie (a mask): every
    counter, every trump (with the trump named), or the two highest cards of each colour and the
    Rook Bird; 0 for the parts that see whole hands."""
    deck = state.deck
    if part == "counters":
        return deck.counters
    if part == "trumps":
        return state.suits.trump if state.suits is not None else 0  # built from the deck: nothing outside it
    if part == "top":
        top = deck.special
        for colour in range(4):
            plain = C.cards_in(deck.mask & C.COLOR_MASK[colour] & ~deck.special)
            for card in sorted(plain, key=lambda c: -deck.rank[c])[:2]:
                top |= C.BIT[card]
        return top
    return 0


def corrected(holding: Holding, truth: Holding, me: int, part: str, cards: int,
              rng: random.Random) -> Holding:
    """``holding`` with ``part``'s cards moved to where ``truth`` has them (for a kind of card,
    ``cards``: ``part_cards``): each missing card swapped with a random card of that place that
    is not its own (one not pinned anywhere when there is one), so every size stays as it was."""
    n = len(holding.hands)
    where: dict[int | str, int] = {seat: hand for seat, hand in enumerate(holding.hands)}
    where["nest"] = holding.nest
    real: dict[int | str, int] = {seat: hand for seat, hand in enumerate(truth.hands)}
    real["nest"] = truth.nest
    places: list[int | str]
    if part == "opponents":
        places = [(me + 1) % n, (me + 3) % n]
    elif part == "partner":
        places = [(me + 2) % n]
    else:  # a kind of card: every such card not in this hand, wherever it lies
        places = [seat for seat in range(n) if seat != me] + ["nest"]
        real = {place: held & cards for place, held in real.items()}
    pinned = 0
    for place in places:
        pinned |= real[place]
    for place in places:
        for card in list(C.cards_in(real[place] & ~where[place])):
            source = next(p for p in where if where[p] >> card & 1)
            spare = list(C.cards_in(where[place] & ~real[place] & ~pinned)) or list(
                C.cards_in(where[place] & ~real[place]))
            other = spare[rng.randrange(len(spare))]
            where[place] = (where[place] | C.BIT[card]) & ~C.BIT[other]
            where[source] = (where[source] | C.BIT[other]) & ~C.BIT[card]
    return Holding(tuple(where[seat] for seat in range(n)), where["nest"], holding.aside)


def install() -> None:
    """Patch ``GameState.view`` (to note each view's state) and ``Sampler.draw`` (to deal a
    clairvoyant seat the real holding). Idempotent; ``uninstall`` undoes it."""
    if _ORIGINAL:
        return
    if not sampling.__file__ or not sampling.__file__.endswith(".py"):
        raise SystemExit("clairvoyant: the sampler is compiled here; use a plain-Python install "
                         "(ROOK_ACCESS_PURE=1 pip install -e .)")
    view, draw = GameState.view, sampling.Sampler.draw
    _ORIGINAL.update(view=view, draw=draw)

    def noting_view(self: GameState, seat: int | str) -> SeatView:
        seen = view(self, seat)
        _STATE[seen.seat] = self
        return seen

    def seeing_draw(self: sampling.Sampler, rng: random.Random) -> Holding:
        phases, part, role = _SEES.get(self.view.seats[self.view.seat], (frozenset(), "all", "any"))
        state = _STATE.get(self.view.seat)
        if self.view.phase not in phases or state is None or not _plays(role, self.view):
            return draw(self, rng)
        truth = true_holding(state, self.view)
        if part == "all":
            return truth
        return corrected(draw(self, rng), truth, self.view.seat, part, part_cards(state, part), rng)

    GameState.view = noting_view  # type: ignore[method-assign]
    sampling.Sampler.draw = seeing_draw  # type: ignore[method-assign]


def _plays(role: str, view: SeatView) -> bool:
    """Whether a seat that sees only in ``role``'s hands sees in this one."""
    if role == "any":
        return True
    declaring = view.bidder >= 0 and bool(team_of(view, view.seat) >> view.bidder & 1)
    return declaring == (role == "declaring")


def uninstall() -> None:
    if _ORIGINAL:
        GameState.view = _ORIGINAL.pop("view")  # type: ignore[method-assign]
        sampling.Sampler.draw = _ORIGINAL.pop("draw")  # type: ignore[method-assign]
    _SEES.clear()
    _STATE.clear()


@contextmanager
def seeing(seat: str) -> Iterator[None]:
    """While inside, ``seat`` (a seat name) draws the real deal in the card play; ``install``
    first. For a measuring bot that asks its own search twice, honest and seeing."""
    _SEES[seat] = (PLAY, "all", "any")
    try:
        yield
    finally:
        del _SEES[seat]


def _factory(phases: frozenset[str], part: str = "all", role: str = "any") -> Callable[[str, Options, int], HardBot]:
    def make(seat: str, options: Options, seed: int) -> HardBot:
        install()
        _SEES[seat] = (phases, part, role)
        worth_model(options)
        return HardBot(seed)
    return make


PLAY = frozenset({Phase.PLAY})
make = _factory(frozenset(Phase))
make_play = _factory(PLAY)
make_play_declaring = _factory(PLAY, role="declaring")
make_play_defending = _factory(PLAY, role="defending")
make_auction = _factory(frozenset({Phase.AUCTION}))
make_opponents = _factory(PLAY, "opponents")
make_partner = _factory(PLAY, "partner")
make_counters = _factory(PLAY, "counters")
make_trumps = _factory(PLAY, "trumps")
make_top = _factory(PLAY, "top")
make_defending_opponents = _factory(PLAY, "opponents", "defending")
make_defending_partner = _factory(PLAY, "partner", "defending")
make_defending_top = _factory(PLAY, "top", "defending")
