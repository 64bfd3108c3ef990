"""Trick play: which cards may be played, and who wins a trick.

``Suits`` is built once per hand, when trump is known: for each colour the mask of cards that
count as that colour (the Rook Bird and the red 1 count as trump, never as their printed colour).
In a no-trump hand those special cards form a "wild" suit of their own: they may be played at
any time and win the trick; when one is led, the others may play anything (rules.md, georgia).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from . import cards as C
from .deck import DeckInfo

WILD = C.NO_TRUMP  # index of the special cards' suit in a no-trump hand

# A trick as the trick loop finished it: (its cards, their seats, in play order; the winner).
PlayedTrick = tuple[list[int], list[int], int]
# A play-out's choice of card: (hands, seat, legal mask, trick cards, trick seats, led suit) -> card.
Chooser = Callable[[list[int], int, int, list[int], list[int], int], int]


@dataclass(frozen=True)
class Suits:
    masks: tuple[int, ...]  # by suit index 0..3, and 4 = wild (no trump only)
    trump: int  # mask of trump cards (the wild cards in no trump)
    trump_suit: int  # 0..3, or WILD
    suit_of: tuple[int, ...]  # by card
    anytime: int  # cards that may be played even when able to follow
    must_trump: bool  # a player void in the colour led must play trump if able (a house rule)
    # power[led_suit][card]: how the card plays to a trick led in that suit: -1 cannot win,
    # its rank in the led suit, 100 + rank as trump. One lookup decides a trick (search's hot path).
    power: tuple[tuple[int, ...], ...]

    @classmethod
    def build(cls, deck: DeckInfo, trump: int, rook_anytime: bool, must_trump: bool = False) -> Suits:
        masks = [C.COLOR_MASK[c] & deck.mask & ~deck.special for c in range(4)] + [0]
        if trump == C.NO_TRUMP:
            masks[WILD] = deck.special
            anytime = deck.special
        else:
            masks[trump] |= deck.special
            anytime = C.BIT[C.ROOK] & deck.mask if rook_anytime else 0
        suit_of = [-1] * C.CARD_COUNT
        for suit, mask in enumerate(masks):
            for card in C.cards_in(mask):
                suit_of[card] = suit
        trump_mask = masks[trump]
        power = []
        for led in range(5):
            row = [-1] * C.CARD_COUNT
            for card in C.cards_in(deck.mask):
                if trump_mask >> card & 1:
                    row[card] = 100 + deck.rank[card]
                elif suit_of[card] == led:
                    row[card] = deck.rank[card]
            power.append(tuple(row))
        return cls(tuple(masks), trump_mask, trump, tuple(suit_of), anytime,
                   must_trump and trump != C.NO_TRUMP, tuple(power))


_SUITS: dict[tuple[DeckInfo, int, bool, bool], Suits] = {}


def suits_for(deck: DeckInfo, trump: int, rook_anytime: bool, must_trump: bool = False) -> Suits:
    """``Suits.build``, cached: the tables depend only on the deck and trump, and every hand of
    every game with the same options shares them."""
    key = (deck, trump, rook_anytime, must_trump)
    suits = _SUITS.get(key)
    if suits is None:
        suits = _SUITS[key] = Suits.build(deck, trump, rook_anytime, must_trump)
    return suits


def legal_plays(hand: int, suits: Suits, led_suit: int, lead_restriction: int = 0) -> int:
    """The cards of ``hand`` that may be played. ``led_suit`` is -1 when leading.

    ``lead_restriction`` is a mask of cards that may not be led (unbroken trump) unless the
    hand holds nothing else.
    """
    if led_suit < 0:
        allowed = hand & ~lead_restriction
        return allowed or hand
    if led_suit == WILD and suits.trump_suit == WILD:
        return hand
    follow = hand & suits.masks[led_suit]
    if follow:
        return follow | (hand & suits.anytime)
    if suits.must_trump and hand & suits.trump:
        return hand & suits.trump
    return hand


def suits_shown_out(card: int, suits: Suits, led_suit: int, lead_restriction: int = 0) -> int:
    """The suits (bit s = suit index s) a player who played ``card`` by the rules (``led_suit``
    -1 when leading) has shown it holds none of: those any card of which would have made
    ``card`` illegal (``legal_plays``). A card off the led colour shows that colour, and with
    ``must_trump`` trump too; a trump led while unbroken, every plain colour. What every reader
    of voids (the computer players, the hint) takes from the rules, not its own copy of them."""
    bit, out = C.BIT[card], 0
    for suit, mask in enumerate(suits.masks):
        others = mask & ~suits.anytime & ~bit  # a suit's ordinary cards all follow alike
        if others and not legal_plays(bit | (others & -others), suits, led_suit, lead_restriction) & bit:
            out |= 1 << suit
    return out


def winner_index(cards: list[int] | tuple[int, ...], suits: Suits) -> int:
    """Index in ``cards`` (play order) of the card that wins: highest trump, else highest of the
    led suit. The one place a trick is decided."""
    row = suits.power[suits.suit_of[cards[0]]]
    best, best_power = 0, -1
    for i, card in enumerate(cards):
        power = row[card]
        if power > best_power:
            best, best_power = i, power
    return best


def breaks_trump(card: int, led_suit: int, suits: Suits, hand: int) -> bool:
    """A trump played to a trick led in another suit by a player void in it breaks trump (rules.md,
    trump_broken); ``hand``: the player's cards as it played. A Rook Bird played at any time by a
    player who could follow does not (found by the options sweep: it did)."""
    return bool(suits.trump >> card & 1) and led_suit != suits.trump_suit and not hand & suits.masks[led_suit]


def may_break_trump(card: int, led_suit: int, suits: Suits) -> bool:
    """What a watcher who cannot see the hand knows: a trump played to another suit's trick may
    have broken trump (``breaks_trump``); only a card playable at any time leaves it in doubt."""
    return bool(suits.trump >> card & 1) and led_suit != suits.trump_suit


def broken_before(tricks: list[tuple[tuple[int, int], ...]], suits: Suits) -> list[bool]:
    """For each trick (its ``(seat, card)`` plays, in order), whether trump may have been broken
    before it was led: what a player who watched every trick knows (``may_break_trump``: a Rook
    Bird played at any time counts, so nothing is read from a trump lead after it)."""
    out, broken = [], False
    for plays in tricks:
        out.append(broken)
        led = suits.suit_of[plays[0][1]]
        broken = broken or any(may_break_trump(card, led, suits) for _seat, card in plays[1:])
    return out


def lead_restriction(suits: Suits, restrict: bool, broken: bool) -> int:
    """Cards that may not be led: trump, while ``trump_broken`` applies and it is unbroken."""
    return suits.trump if restrict and not broken and suits.trump_suit < C.NO_TRUMP else 0


@dataclass(frozen=True)
class TrickTable:
    """What the trick loop reads and never changes during a hand."""

    suits: Suits
    points: tuple[int, ...]  # by card
    in_trick: int  # cards to a trick (seats not sitting the hand out)
    following: tuple[int, ...]  # the next seat to play after each seat
    restricted: int  # cards that may not be led while trump is unbroken (``lead_restriction``)


def run_tricks(table: TrickTable, hands: list[int], captured: list[int], won: list[int], cards: list[int],
               seats: list[int], led: int, broken: bool, turn: int, choose: Chooser | None,
               picks: Sequence[Callable[[int], int]] | None, card: int,
               log: list[PlayedTrick] | None) -> tuple[int, bool]:
    """Play the hand's remaining tricks on the lists given (changed in place) from the trick in
    progress (``cards``/``seats``, ``led``, ``broken``, ``turn``): each card chosen by
    ``picks[seat](legal)`` (every card, forced ones too) or else by ``choose`` (only where there
    is a choice); ``card`` >= 0 is the first card, already chosen; ``log`` gets each finished
    trick. Returns the last trick's winner and whether trump was broken.

    Search plays thousands of hands a decision through here, so the bookkeeping stays in locals
    and the rules are the primitives above (``legal_plays``, ``breaks_trump``, ``winner_index``);
    the module is compiled (setup.py)."""
    suits = table.suits
    points, trump, suit_of = table.points, suits.trump, suits.suit_of
    in_trick, following, restricted = table.in_trick, table.following, table.restricted
    while True:
        hand = hands[turn]
        if card < 0:
            if cards:
                legal = legal_plays(hand, suits, led)
            else:
                legal = legal_plays(hand, suits, -1, 0 if broken else restricted)
            if picks is not None:
                card = picks[turn](legal)
            elif legal & (legal - 1):
                assert choose is not None
                card = choose(hands, turn, legal, cards, seats, led)
            else:  # a forced card is played without asking
                card = legal.bit_length() - 1
        hands[turn] = hand ^ (1 << card)
        if not cards:
            led = suit_of[card]
        elif not broken and trump >> card & 1 and breaks_trump(card, led, suits, hand):
            broken = True
        cards.append(card)
        seats.append(turn)
        card = -1
        if len(cards) < in_trick:
            turn = following[turn]
            continue
        turn = seats[winner_index(cards, suits)]
        won[turn] += 1
        total = 0
        for played in cards:
            total += points[played]
        captured[turn] += total
        if log is not None:
            log.append((cards, seats, turn))
        if not hands[turn]:
            return turn, broken
        cards, seats, led = [], [], -1


def why_not(card: int, hand: int, suits: Suits, led_suit: int, lead_restriction: int,
            specials: int = 0, who: str = "you") -> str:
    """One sentence on why ``card`` may not be played now, naming what may (``specials``: the
    cards named by their own names, ``DeckInfo.special``). ``who`` holds the hand: "you", or a
    seat whose cards everyone sees (the dummy)."""
    you = who == "you"
    subject, hold = who[0].upper() + who[1:], "hold" if you else "holds"
    if not C.BIT[card] & hand:
        return f"{subject} {'do' if you else 'does'} not hold the {C.name(card, specials)}."
    if led_suit < 0:
        return (f"Trump has not been broken yet, so {who} may not lead trump while {who} {hold} "
                "other colours.")
    suit = "trump" if led_suit == suits.trump_suit else C.COLORS[led_suit]
    follow = hand & suits.masks[led_suit]
    if not follow and suits.must_trump and hand & suits.trump:
        have = "have" if you else "has"
        return f"{subject} {have} no {suit}, and these rules say {who} must then trump: play a trump."
    # Highest first, as the hand is read; a card of the colour led is its number alone.
    ordered = sorted(C.cards_in(follow), key=lambda c: -suits.power[led_suit][c])
    named = specials | C.BIT[C.ROOK]  # cards with names of their own keep them
    words = [str(C.number_of(c)) if not named >> c & 1 and C.color_of(c) == led_suit else C.name(c, specials)
             for c in ordered]
    names = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
    # A card the rules let go at any time (the Rook Bird) is said too: it is also what would work.
    free = [C.name(c, specials) for c in C.cards_in(hand & suits.anytime & ~follow)]
    also = f", or may play the {' or the '.join(free)}" if free else ""
    return f"{subject} must follow {suit}: {who} {hold} {names}{also}."
