"""Card play by rules of thumb, from a seat's view.

``easy_play`` follows the rules a beginner is taught: lead your best card, win the trick if you
can and it is worth it, otherwise play low, and give your partner points when it is winning.
``normal_play`` adds what a good club player does: it counts the cards played (a card is a
"boss" when nothing left outranks it), remembers who has shown a void, draws trump when its
side holds the contract, leads into its partner's void, and reads its partner's card — it
schmears counters only onto a trick its side is sure to keep.
"""

from __future__ import annotations

from ..core import cards as C
from .context import Table


def cheapest(table: Table, cards: list[int]) -> int:
    """The cheapest card to give away: fewest points, lowest rank, trump last."""
    deck, trump = table.deck, table.trump_mask
    return min(cards, key=lambda c: (bool(C.BIT[c] & trump), deck.points[c], deck.rank[c], c))


def _schmear(table: Table, cards: list[int]) -> int:
    """The card that gives the partner most points without throwing away trump or a winner: a
    trump nothing still out beats (the Rook Bird, a top trump) wins a trick of its own later, its
    points with it, so it goes only when nothing else may (it went onto the partner's sure trick
    whenever trump was led: found by the partner sweep)."""
    deck, trump = table.deck, table.trump_mask
    return max(cards, key=lambda c: (not _sure_trump(table, c), not C.BIT[c] & trump, deck.points[c],
                                     -deck.rank[c], -c))


def _sure_trump(table: Table, card: int) -> bool:
    """A trump no card still out beats: it takes a trick whenever it is played, so its points are
    the side's whenever it goes."""
    return bool(C.BIT[card] & table.trump_mask) and table.is_boss(card)


def _cheapest_winner(table: Table, cards: list[int], beat: int) -> int | None:
    led = table.led_suit
    winners = [c for c in cards if table.power(c, led) > beat]
    if not winners:
        return None
    deck = table.deck
    return min(winners, key=lambda c: (table.power(c, led), deck.points[c], c))


# ----- easy --------------------------------------------------------------------------------
def easy_play(table: Table) -> int:
    cards = table.playable()
    if len(cards) == 1:
        return cards[0]
    if not table.view.trick:
        return _easy_lead(table, cards)
    seat, _card, power = table.winning
    if table.is_partner(seat):
        return _schmear(table, cards) if not table.still_to_play else cheapest(table, cards)
    winner = _cheapest_winner(table, cards, power)
    if winner is not None and (table.trick_points or not table.still_to_play):
        return winner
    return cheapest(table, cards)


def _easy_lead(table: Table, cards: list[int]) -> int:
    """Lead the highest plain card if it is the top card of its colour in the deck, else a low
    card of the longest plain colour."""
    deck, suits = table.deck, table.suits
    assert suits is not None
    plain = [c for c in cards if not C.BIT[c] & suits.trump]
    if not plain:  # only trump: its top card if nothing in the deck beats it, else a low one
        return _trump_lead(table, cards, among=deck.mask)
    for card in sorted(plain, key=lambda c: (-deck.rank[c], c)):
        if table.is_boss(card, among=deck.mask & ~C.BIT[card]):
            return card
    lengths = {s: (table.hand & suits.masks[s]).bit_count() for s in range(5)}
    return min(plain, key=lambda c: (-lengths[suits.suit_of[c]], deck.points[c], deck.rank[c], c))


# ----- normal ------------------------------------------------------------------------------
def normal_play(table: Table) -> int:
    cards = table.playable()
    if len(cards) == 1:
        return cards[0]
    if not table.view.trick:
        return _normal_lead(table, cards)
    return _normal_follow(table, cards)


def _possible(table: Table, seat: int) -> int:
    """Cards still out that ``seat`` may hold: the dummy's are face up; others hold anything out
    but the suits they have shown void in (the nest and the other hands are not told apart)."""
    suits = table.suits
    assert suits is not None
    view = table.view
    if seat == view.dummy and view.trump >= 0:
        return view.dummy_hand
    if seat == view.seat:
        return view.hand
    mask = table.unseen
    voids = table.voids[seat]
    for suit in range(5):
        if voids >> suit & 1:
            mask &= ~suits.masks[suit]
    return mask


def _safe(table: Table, power: int, after: list[int], anytime: bool = False) -> bool:
    """True if a card of this power is unlikely to be beaten by the opponents still to play.

    An opponent beats it with a higher card of the led suit it may hold, or by trumping when it
    has shown a void in the led suit or few cards of that suit are left out (it is then likely
    void). With ``anytime``, also with a card played at any time it may hold (the Rook Bird
    where ``rook_anytime``): asked before feeding the partner's trick (a 10 went onto the
    partner's 14 and the Rook Bird took both, 40 points, in hasbro seed 3: the partner sweep of
    session 31), not before taking a trick of one's own, where waiting for a card the Rook Bird
    might take gave a 5 away and lost the 14 next trick (the re-check of session 31).
    """
    led = table.led_suit
    suits = table.suits
    assert suits is not None
    led_cards = suits.masks[led]
    short = (table.out & led_cards).bit_count() <= 2
    for seat in after:
        if table.is_partner(seat):
            continue
        possible = _possible(table, seat)
        threats = possible & (led_cards | (suits.anytime if anytime else 0))
        if led != suits.trump_suit and (table.voids[seat] >> led & 1 or short):
            threats |= possible & suits.trump
        for card in C.cards_in(threats):
            if table.power(card, led) > power:
                return False
    return True


def _normal_follow(table: Table, cards: list[int]) -> int:
    seat, _card, power = table.winning
    after = table.still_to_play
    if table.is_partner(seat) and _safe(table, power, after, anytime=True):
        return _schmear(table, cards)
    winner = _cheapest_winner(table, cards, power)
    if winner is None:
        return cheapest(table, cards) if table.is_partner(seat) else _given_up(table, cards)
    deck = table.deck
    led = table.led_suit
    if not after or all(table.is_partner(s) for s in after):
        # Last of the opponents: take it if there is anything to take, or cheaply, or when
        # letting it go would hand them a counter (a 14 that wins keeps its 10 points home).
        low = cheapest(table, cards)
        if table.trick_points or not deck.points[winner] or deck.points[low]:
            return winner
        return low
    # Others still to play: win only with a card they cannot beat, and only for points.
    best = max(cards, key=lambda c: (table.power(c, led), -deck.points[c]))
    safe_winners = [c for c in cards if table.power(c, led) > power and _safe(table, table.power(c, led), after)]
    if safe_winners:
        cheap = min(safe_winners, key=lambda c: (table.power(c, led), c))
        # A counter that wins is taken home now, except a sure trump: its points are safe later.
        if table.trick_points or (deck.points[cheap] and not _sure_trump(table, cheap)) or len(after) == 1:
            return cheap
    if table.trick_points >= 10 and table.power(best, led) > power and not deck.points[best]:
        return best
    low = cheapest(table, cards)
    if deck.points[low]:
        # Only counters to throw away: rather than hand the opponents one, take the trick with a
        # card worth nothing (a low trump, when void), which holds unless a later one beats it
        # (it threw its 10 onto their trick while holding a low trump: found by the partner sweep).
        # The partner's card here may still be beaten (a safe one was fed above), so the same
        # holds on the partner's trick: a 14 went onto it and the opponent after took both (the
        # bot sweep of session 35).
        takers = [c for c in cards if not deck.points[c] and table.power(c, led) > power]
        if takers:
            return min(takers, key=lambda c: (table.power(c, led), c))
        return _given_up(table, cards)
    return low


def _given_up(table: Table, cards: list[int]) -> int:
    """The card onto a trick the opponents take: the cheapest, but a low trump worth nothing
    before a counter above the least (a top 14 went onto their trumped trick beside a 6 of trump
    in call-partner seed 6: the partner sweep of session 31). A 5 goes rather than a trump, and a
    sure trump takes a trick of its own later, so it is kept."""
    deck = table.deck
    low = cheapest(table, cards)
    spare = [c for c in cards if not deck.points[c] and not _sure_trump(table, c)]
    if spare and deck.points[low] > min(p for p in deck.points if p):
        return min(spare, key=lambda c: (deck.rank[c], c))
    return low


def _normal_lead(table: Table, cards: list[int]) -> int:
    deck, suits = table.deck, table.suits
    assert suits is not None
    trump = suits.trump
    rank, points = deck.rank, deck.points
    opponents = [s for s in range(table.n) if table.opponents >> s & 1]
    partners = [s for s in range(table.n) if table.is_partner(s) and s != table.me]
    out_trump = table.out & trump
    my_trump = [c for c in cards if C.BIT[c] & trump]
    plain = [c for c in cards if not C.BIT[c] & trump]
    opp_trump_void = all(table.voids[s] >> suits.trump_suit & 1 for s in opponents)

    # Draw trump while holding the contract and the opponents may still hold trump.
    if my_trump and out_trump and table.on_bidding_side and not opp_trump_void:
        top = max(my_trump, key=lambda c: rank[c])
        if table.is_boss(top):
            return top
        if len(my_trump) * 2 >= out_trump.bit_count() and plain:
            return min(my_trump, key=lambda c: (points[c], rank[c]))

    # Cash a boss card in a colour the opponents can still follow (or cannot trump).
    def ruffable(card: int) -> bool:
        """An opponent may trump it: one has shown a void in its colour, or no other card of the
        colour is out, so whoever holds trump may (a 5 of such a colour was led into the
        bidder's trump, kentucky-west seed 4: the partner sweep of session 31)."""
        suit = suits.suit_of[card]
        gone = not table.out & suits.masks[suit]
        return bool(out_trump) and any((gone or table.voids[s] >> suit & 1)
                                       and not table.voids[s] >> suits.trump_suit & 1 for s in opponents)

    bosses = [c for c in plain if table.is_boss(c) and not ruffable(c)]
    if bosses:
        return max(bosses, key=lambda c: (points[c], rank[c], c))

    # Lead into a partner's void so it can trump in.
    for partner in partners:
        for card in sorted(plain, key=lambda c: (points[c], rank[c], c)):
            suit = suits.suit_of[card]
            if table.voids[partner] >> suit & 1 and not table.voids[partner] >> suits.trump_suit & 1:
                if not points[card]:
                    return card

    if plain:
        # A low card of the longest colour, never a counter if avoidable.
        lengths = {s: (table.hand & suits.masks[s]).bit_count() for s in range(5)}
        card = min(plain, key=lambda c: (points[c] > 0, -lengths[suits.suit_of[c]], rank[c], c))
        # Only counters an opponent would trump are left outside trump: a low trump goes instead,
        # as a player would (kentucky-west seed 10: the bidder's 5 green led into two opponents
        # void in green, holding four trumps; the hint sweep of session 32). A sure trump is
        # kept for a trick of its own: led at trick 12, it left the counter to lose the last
        # trick and the nest (the re-check of session 32).
        spare = [c for c in my_trump if not table.is_boss(c)]
        if not (points[card] and spare and ruffable(card)):
            return card
        return min(spare, key=lambda c: (points[c], rank[c], c))
    return _trump_lead(table, cards) if table.on_bidding_side else cheapest(table, cards)


def _trump_lead(table: Table, cards: list[int], among: int | None = None) -> int:
    """A lead from a hand of trump only: the top trump when no card still out (or in ``among``)
    beats it; else a low one, to draw out what does. Leading a top trump into a higher special
    trump (the Red 1, the Rook Bird, a baby Rook) gave it the trick with the trump's points."""
    deck = table.deck
    top = max(cards, key=lambda c: (deck.rank[c], c))
    if table.is_boss(top, among=None if among is None else among & ~C.BIT[top]):
        return top
    return min(cards, key=lambda c: (deck.points[c], deck.rank[c], c))
