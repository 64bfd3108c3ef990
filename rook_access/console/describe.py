"""Answers to the information commands (hand, trick, last, score, status, legal) and the prompt
sentence, built from the player's own ``SeatView`` only, so they can never reveal a hidden card.

Lines are short with the important word first ("Red: 14, 10, 5."), because a braille display
shows about 40 cells and a screen-reader user skips a line after its first words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import Event, Options, Phase, SeatView
from ..core import actions as A
from ..core import cards as C
from ..core.auction import misdeal_reason
from ..core.deck import DeckInfo, hand_deck
from ..core.nest import counters_rule
from ..core.seats import bidding_seats, dummy_player, game_groups, hand_partner
from ..core.text import counted
from ..core.tricks import Suits, winner_index
from ..core.view import buried_calls, known_sides, plays_alone_known
from ..speech.cardtext import (
    CardNamer,
    cards_by_colour,
    group_text,
    hand_groups,
    hand_parts,
    join_words,
    number,
    rook_call_words,
)
from ..speech.cardtext import points as point_words
from .naming import seat_word

NO_DUMMY = "No dummy in these rules."  # "dummy", "dummy red", "dummy 14y" where none sits


def _no_trump_colour(view: SeatView) -> str:
    """What ``hand trump`` says where trump is no colour: not named yet, or a no-trump hand."""
    return "No trump colour yet." if view.trump < 0 else "No trump this hand."


class Describer:
    """Describes one seat's game. Built once per game: the deck tables are computed here once."""

    def __init__(self, options: Options, me: str, namer: CardNamer) -> None:
        self.options = options
        self.me = me
        self.namer = namer
        self.deck = DeckInfo.build(options)
        self._suits: dict[tuple[int, str], Suits] = {}  # by trump and Rook Bird call: built once

    # ----- small helpers -------------------------------------------------------------------
    def seat(self, view: SeatView, seat: int, capital: bool = False) -> str:
        if seat == view.dummy:
            return "The dummy" if capital else "the dummy"
        return seat_word(view.seats[seat], self.me, capital)

    def by_colour(self, cards: int, view: SeatView) -> str:
        """Cards as the hand reads them: "trump 14 and 10; green 12" (colour by colour)."""
        return cards_by_colour(cards, view.trump, self.deck_for(view), self.namer)

    def by_rank(self, cards: int, view: SeatView) -> list[int]:
        """Highest first, in the order the rules rank them this hand (a high 1 above the 14)."""
        rank = self.deck_for(view).rank
        return sorted(C.cards_in(cards), key=lambda c: -rank[c])

    def deck_for(self, view: SeatView) -> DeckInfo:
        """This hand's deck tables: the Rook Bird ranked as the trump caller called it."""
        return hand_deck(self.deck, view.rook_call)

    def suits(self, view: SeatView) -> Suits:
        """The core's suit tables for this hand's trump (named before any card is played)."""
        key = (view.trump, view.rook_call)
        if key not in self._suits:
            self._suits[key] = Suits.build(self.deck_for(view), view.trump, self.options.rook_anytime,
                                           self.options.must_trump)
        return self._suits[key]

    def trump_mask(self, view: SeatView) -> int:
        return self.suits(view).trump if view.trump >= 0 else 0

    def led_suit_mask(self, view: SeatView) -> int:
        """The cards that follow the card led this trick (the Rook Bird and the red 1 follow
        trump, never their printed colour)."""
        suits = self.suits(view)
        return suits.masks[suits.suit_of[view.trick[0][1]]]

    def side_names(self, view: SeatView) -> list[tuple[str, list[int]]]:
        """Who scores together in this game, as (words, seats): "you and north", "east and west"."""
        groups = game_groups(self.options)
        if len(groups[0]) > 1:
            mine = view.seats.index(self.me)
            groups.sort(key=lambda g: mine not in g)
        return self._named(view, groups)

    def hand_side_names(self, view: SeatView) -> list[tuple[str, list[int]]]:
        """Who counts together this hand, as far as this seat knows (the dummy with the player who
        plays it, a called partner once revealed), as (words, seats), this seat's side first."""
        sides = known_sides(view)
        sides.sort(key=lambda side: view.seat not in side)
        return self._named(view, sides)

    def _named(self, view: SeatView, groups: list[list[int]]) -> list[tuple[str, list[int]]]:
        """Each group of seats with its words, "you" first: ("you and North", [0, 2])."""
        return [(join_words(sorted((self.seat(view, s) for s in group), key=lambda w: w != "you")), group)
                for group in groups]

    # ----- hand ------------------------------------------------------------------------------
    def hand_lines(self, view: SeatView, colour: int | None = None, trump_only: bool = False,
                   dummy: bool = False) -> list[str]:
        """``hand``: the player's cards, then the dummy's face-up cards (every player sees them);
        ``dummy``: only the dummy's. ``colour`` or ``trump_only``: that one colour of either."""
        if dummy:
            return self._dummy_hand_lines(view, colour, trump_only)
        if view.phase == Phase.AUCTION and not view.hand and view.hand_sizes[view.seat]:
            return ["Hidden: this auction is bid blind; you see your hand once it ends."]
        hand = view.hand
        if trump_only and not 0 <= view.trump < 4:
            return [_no_trump_colour(view)]
        if trump_only or colour is not None:
            return [group_text(*self._colour_group(view, hand, colour), self.deck_for(view), self.namer)]
        parts = hand_parts(hand, view.trump, self.deck_for(view), self.namer)
        return [f"Hand: {counted(hand.bit_count(), 'card')}.", *parts, *self.dummy_lines(view)]

    def _dummy_hand_lines(self, view: SeatView, colour: int | None, trump_only: bool) -> list[str]:
        """``dummy``, ``dummy red``: the dummy's face-up cards, or one colour of them, as a sighted
        player glances at the dummy's column of the colour led ("dummy red" was "Not a command or
        a card: dummy": the QA sweep of session 39)."""
        lines = self.dummy_lines(view)
        if not lines:
            return [NO_DUMMY if view.dummy < 0 else "The dummy has no cards face up now."]
        if not (trump_only or colour is not None):
            return lines
        if trump_only and not 0 <= view.trump < 4:
            return [_no_trump_colour(view)]
        # During the auction only part of it is face up: "Dummy's red, face up: 13, 12.", and a
        # colour it shows none of "none face up", as the whole dummy says it.
        partial = view.dummy_hand.bit_count() < view.hand_sizes[view.dummy]
        label, group = self._colour_group(view, view.dummy_hand, colour)
        label = f"Dummy's {label[0].lower()}{label[1:]}" + (", face up" if partial and group else "")
        return [group_text(label, group, self.deck_for(view), self.namer, "none face up" if partial else "none")]

    def _colour_group(self, view: SeatView, cards: int, colour: int | None) -> tuple[str, int]:
        """One colour of ``cards`` as ``hand`` labels it ("Yellow, trump" holds the Rook Bird),
        or trump's where ``colour`` is None: its label and its cards."""
        wanted = C.COLORS[view.trump if colour is None else colour].capitalize()
        groups = hand_groups(cards, view.trump, self.deck_for(view))
        return next(((label, group) for label, group in groups if label.startswith(wanted)), (wanted, 0))

    def dummy_lines(self, view: SeatView) -> list[str]:
        """The dummy's face-up cards, as every player at the table sees them; [] when none. Where
        only part of it is face up, an empty colour is "none face up": "Green: none", heard line
        by line, said the dummy held no green (the dummy sweep of session 34)."""
        if view.dummy < 0 or not view.dummy_hand:
            return []
        shown, held = view.dummy_hand.bit_count(), view.hand_sizes[view.dummy]
        if shown == held:
            return [f"Dummy: {counted(shown, 'card')}.",
                    *hand_parts(view.dummy_hand, view.trump, self.deck_for(view), self.namer)]
        return [f"Dummy, face up: {shown} of its {counted(held, 'card')}.",
                *hand_parts(view.dummy_hand, view.trump, self.deck_for(view), self.namer, "none face up")]

    # ----- tricks ----------------------------------------------------------------------------
    def plays_words(self, view: SeatView, plays: tuple[tuple[int, int], ...] | list[tuple[int, int]]) -> str:
        return ", ".join(f"{self.seat(view, s)} {self.namer.name(c)}" for s, c in plays)

    def led_word(self, view: SeatView, card: int) -> str:
        if C.BIT[card] & self.trump_mask(view) and view.trump != C.NO_TRUMP:
            return "trump"
        if C.BIT[card] & self.deck.special:
            return "the " + self.namer.spoken(card)
        return C.COLORS[C.color_of(card)]

    def trick_lines(self, view: SeatView) -> list[str]:
        if view.phase != Phase.PLAY:
            if view.phase == Phase.OVER:
                return ["No trick: the game is over."]
            return [f"No trick yet: the hand is in the {self.phase_word(view.phase)}."]
        number = len(view.tricks) + 1
        if not view.trick:
            return [f"Trick {number}: no cards yet; {self.seat(view, view.turn)} to lead."]
        led = self.led_word(view, view.trick[0][1])
        line = f"Trick {number}, {led} led: {self.plays_words(view, view.trick)}."
        suits = self.suits(view)
        cards = [c for _, c in view.trick]
        best = view.trick[winner_index(cards, suits)][0]
        winning = self.seat(view, best, capital=True)
        verb = "are" if winning == "You" else "is"
        return [line, f"{winning} {verb} winning it. {self.seat(view, view.turn, capital=True)} next."]

    def trick_summary(self, event: dict[str, Any], view: SeatView, last: bool = False,
                      of_hand: int | None = None) -> str:
        """One line for a trick event (``last`` and ``review``): winner and points first, then
        the cards, a sentence of their own (its first word capital, so a voice pauses before it).
        ``of_hand``: the last trick came from that hand, not this one."""
        seats = list(view.seats)
        plays = [(seats.index(s), C.from_code(c)) for s, c in event["cards"]]
        winner = self.seat(view, seats.index(event["winner"]), capital=True)
        cards = self.plays_words(view, plays)
        which = (f"Last trick{f' of hand {of_hand}' if of_hand is not None else ''}, number {event['number']}"
                 if last else f"Trick {event['number']}")
        return f"{which}: {winner} won, {point_words(int(event['points']))}. {cards[:1].upper()}{cards[1:]}."

    def seat_lines(self, view: SeatView, seat: int) -> list[str]:
        """``seat north``, "what did north play": what one player has done that the whole table
        saw this hand, their bids and their cards in this trick and the last, as a person at
        the table would remember or glance at."""
        who = self.seat(view, seat, capital=True)
        lines: list[str] = []
        if self.options.auction and (view.phase != Phase.OVER or view.auction):  # the last hand's, once over
            lines.append(self._auction_words(view, seat, who))
        if seat == view.dummy and view.bidder >= 0 and view.phase != Phase.OVER:  # who reaches for its cards
            player = self.seat(view, dummy_player(view.bidder, bidding_seats(self.options), len(view.seats)),
                               capital=True)
            lines.append(f"{player} {'play' if player == 'You' else 'plays'} its cards this hand.")
        if view.trump_caller == seat and view.trump >= 0 and view.phase != Phase.OVER:  # the partner's call too
            named = "no trump" if view.trump == C.NO_TRUMP else f"{C.COLORS[view.trump]} trump"
            lines.append(f"{who} named {named}{rook_call_words(view.rook_call)}.")
        if view.phase in (Phase.PLAY, Phase.OVER):
            lines.extend(self._played_words(view, seat))
        if view.phase != Phase.OVER:  # seen at a glance at the table (the parity sweep)
            held = view.hand_sizes[seat]
            lines.append(f"{who} {'hold' if who == 'You' else 'holds'} {held} card{'' if held == 1 else 's'}.")
        return lines or [f"{who}: nothing yet this hand."]

    @staticmethod
    def _auction_words(view: SeatView, seat: int, who: str) -> str:
        if seat == view.dummy:
            return f"{who} never bids."
        said = [f"bid {amount}" if kind == "bid" else "checked" if kind == "check" else "passed"
                for actor, kind, amount in view.auction if actor == seat]
        if said:
            return f"{who} {', then '.join(said)}."
        have = "have" if who == "You" else "has"
        return f"{who} {have} not bid yet." if view.phase == Phase.AUCTION else f"{who} made no bid this hand."

    def _played_words(self, view: SeatView, seat: int) -> list[str]:
        who = self.seat(view, seat)
        number = len(view.tricks) + 1
        played = [i for i, (actor, _) in enumerate(view.trick) if actor == seat]
        if played:
            return [f"Trick {number}: {who} {self._played(view.trick, played[0])}."]
        lines = [f"Trick {number}: {who} {'have' if who == 'you' else 'has'} not played yet."] \
            if view.trick and view.phase == Phase.PLAY else []
        if view.tricks:
            _, plays, _ = view.tricks[-1]
            lines += [f"Last trick: {who} {self._played(plays, i)}." for i, (actor, _) in enumerate(plays)
                      if actor == seat]
        return lines

    def _played(self, plays: tuple[tuple[int, int], ...], i: int) -> str:
        return f"{'led' if i == 0 else 'played'} {self.namer.name(plays[i][1])}"

    # ----- score and status --------------------------------------------------------------------
    def score_lines(self, view: SeatView, winners: Sequence[int] = ()) -> list[str]:
        """The game score; once the game is over, first who won it (``winners``)."""
        o = self.options
        n = view.hand_number
        game = (f"game to {o.target}" if not o.hands else f"hand {n} of {o.hands}" if n <= o.hands
                else f"hand {n}, past the {o.hands} to break a tie")
        lines = [f"Score, {game}:", *self.won_lines(view, winners)]
        for words, group in self.side_names(view):
            lines.append(f"{words[:1].upper() + words[1:]}: {number(view.totals[group[0]])}.")
        if view.phase == Phase.PLAY and view.tricks:
            done = len(view.tricks)
            lines.append(f"This hand, after {done} {'trick' if done == 1 else 'tricks'}:")
            for words, group in self.hand_side_names(view):
                tricks = sum(view.tricks_won[s] for s in group)
                points = sum(view.captured[s] for s in group)
                lines.append(f"{words[:1].upper() + words[1:]}: {self._taken(view, tricks, points)}.")
        if view.phase == Phase.PLAY and view.bidder >= 0:
            lines.append(f"Contract: {view.bid}, {self.seat(view, view.bidder)}.")
        return lines

    @staticmethod
    def _taken(view: SeatView, tricks: int, points: int) -> str:
        """Tricks and counter points taken, and the points the rules give for each trick
        (``trick_points``: they count towards the bid)."""
        per = view.options.trick_points
        extra = f", and {per * tricks} for the {'trick' if tricks == 1 else 'tricks'}" if per and tricks else ""
        return f"{counted(tricks, 'trick')}, {counted(points, 'point')}{extra}"

    def out_lines(self, view: SeatView, colour: int | None = None, trump_only: bool = False) -> list[str]:
        """``out``: the cards not yet played this hand and not in the player's hand (nor its own
        discards, nor the dummy's face-up cards), colour by colour, highest first: what a
        sighted player who watched every card would still be counting."""
        if view.phase == Phase.OVER:
            return ["No cards: the game is over."]
        seen = view.played | view.hand | C.to_mask(view.discards) | view.dummy_hand
        if not self.options.auction:  # the nest nobody takes: its face-up card and any turned under
            seen |= C.to_mask(view.face_up) | C.to_mask(view.turned_under)
        out = self.deck.mask & ~seen
        parts = hand_parts(out, view.trump, self.deck_for(view), self.namer)
        groups = hand_groups(out, view.trump, self.deck_for(view))
        if trump_only:
            if not 0 <= view.trump < 4:
                return ["No trump colour yet." if view.trump < 0 else "No trump this hand."]
            return [_still_out(parts[0])]
        if colour is not None:
            label = C.COLORS[colour].capitalize()
            for (group_label, _), part in zip(groups, parts):
                if group_label.startswith(label):
                    return [_still_out(part)]
            return [f"{label} still out: none."]
        return [f"Out, not yet played and not yours: {counted(out.bit_count(), 'card')}.", *parts]

    def hand_offer(self, view: SeatView) -> str:
        """On resuming: the hand offered, not read out unasked (it may be long)."""
        count = view.hand.bit_count()
        if not count and view.phase == Phase.AUCTION and view.hand_sizes[view.seat]:
            # A blind auction hides the hand: it is held all the same (found by the re-check).
            return f"You hold {view.hand_sizes[view.seat]} cards, unseen: the bidding is blind until it ends."
        if not count:
            return "You hold no cards now."
        return f"You hold {count} {'card' if count == 1 else 'cards'}: type hand to hear them."

    def taken_lines(self, view: SeatView) -> list[str]:
        """``taken``: each player's tricks and counter points this hand, as a sighted player sees
        the piles in front of each seat (every trick was played face up)."""
        if view.phase != Phase.PLAY or not view.tricks:
            if view.phase == Phase.OVER:
                return ["No tricks: the game is over."]
            return ["No tricks taken yet this hand."]
        done = len(view.tricks)
        lines = [f"Taken after {done} {'trick' if done == 1 else 'tricks'}:"]
        for seat in range(len(view.seats)):
            won = view.tricks_won[seat]
            name = self.seat(view, seat, capital=True)
            lines.append(f"{name}: {self._taken(view, won, view.captured[seat])}.")
        return lines

    @staticmethod
    def phase_word(phase: str) -> str:
        return {"auction": "auction", "discard": "discard", "trump": "trump call", "call": "partner call",
                "play": "play", "over": "end"}[phase]

    def _held_line(self, view: SeatView) -> str:
        """How many cards each player holds, seen at a glance at the table (the parity sweep)."""
        if len(set(view.hand_sizes)) == 1:
            return f"Cards held: {view.hand_sizes[0]} each."
        held = [f"{self.seat(view, s)} {n}" for s, n in enumerate(view.hand_sizes)]
        return f"Cards held: {join_words(held)}."

    @staticmethod
    def _aside_lines(view: SeatView) -> list[str]:
        """The cards dealt aside, out of play (two- and three-player): the pile lies on the table
        face down, and its points are why a hand's scores add up to less than the deck's (never
        said before: a sweep of session 32)."""
        if not view.options.aside:
            return []
        return [f"Aside, out of play: {counted(view.options.aside, 'card')}, face down."]

    def won_lines(self, view: SeatView, winners: Sequence[int]) -> list[str]:
        """Who won the game, once it is over ("Won by you and Southeast."): two equal totals at
        the top, of partners who won together, sounded like a tie with no winner named (the
        re-check of session 34)."""
        if view.phase != Phase.OVER or not winners:
            return []
        names = sorted((self.seat(view, s) for s in winners), key=lambda w: w != "you")
        return [f"Won by {join_words(names)}."]

    def status_lines(self, view: SeatView, winners: Sequence[int] = ()) -> list[str]:
        lines = [f"Hand {view.hand_number}, {self.seat(view, view.dealer)} dealt."]
        if view.phase == Phase.OVER:
            return lines[:0] + ["Game over."] + self.score_lines(view, winners)[1:]
        if view.phase == Phase.AUCTION:
            if view.high_bidder >= 0:
                lines.append(f"High bid: {view.high_bid}, {self.seat(view, view.high_bidder)}.")
            else:
                lines.append("No bid yet.")
            passed = [self.seat(view, s) for s, kind, _ in view.auction if kind == "pass"]
            if passed:
                lines.append(f"Passed: {join_words(passed)}.")
        elif view.bidder >= 0:
            lines.append(self.contract_line(view))
        lines += self.face_up_lines(view)
        if view.trump >= 0 or view.phase != Phase.AUCTION:
            lines.append(self.trump_line(view))
        lines.append(self._held_line(view))
        lines += self._aside_lines(view)
        lines += self._nest_points_lines(view)
        if view.called2 >= 0:
            lines.append(f"Called cards: {self.namer.names([view.called, view.called2])}.")
        elif view.called >= 0:
            lines.append(f"Called card: {self.namer.name(view.called)}.")
        lines += self._buried_call_lines(view)
        # One seat holding both called cards is one partner ("You and you are ..." was said).
        known = list(dict.fromkeys(s for s in (view.partner, view.partner2) if s >= 0 and s != view.bidder))
        if known and view.bidder >= 0:
            whose = "your" if view.bidder == view.seat else f"{self.seat(view, view.bidder)}'s"
            names = join_words([self.seat(view, s) for s in known])
            lines.append(f"{names[:1].upper() + names[1:]} {'are' if names == 'you' or len(known) > 1 else 'is'} "
                         f"{whose} {'partner' if len(known) == 1 else 'partners'}.")
        if view.phase == Phase.DISCARD and view.discards:  # a discard half done: which went (a resume too)
            lines.append(f"Laid aside so far: {self.namer.names(list(view.discards))}.")
        if view.phase == Phase.PLAY:  # the cards on the table too: a resumed game opens with these lines
            lines += self.trick_lines(view) if view.trick else [f"Trick {len(view.tricks) + 1}."]
        lines.append(self.turn_line(view))
        return lines

    def _buried_call_lines(self, view: SeatView) -> list[str]:
        """The called cards the bidder laid in the nest, and what that leaves: a sighted bidder
        knows it plays alone, where "Called card: 14 yellow." alone left it to remember (the
        presets sweep of session 37). No other seat saw the discard: it hears nothing here."""
        buried = buried_calls(view)
        if not buried:
            return []
        verb = "is" if len(buried) == 1 else "are"
        rest = "you play alone." if plays_alone_known(view) else "it brings no partner."  # two buried: alone
        return [f"The {' and the '.join(self.namer.name(card) for card in buried)} {verb} in the nest: {rest}"]

    def face_up_lines(self, view: SeatView, dummy: bool = True) -> list[str]:
        """The cards seen face up on the nest, and who took them: for ``status`` and ``nest``;
        with ``dummy``, the half of the dummy shown in the auction, said as the dummy's (two-player:
        "nest" said the dummy's six cards "Face up" beside the nest: the last sweep of session 32)."""
        lines = []
        shown = [c for c in view.face_up if not C.BIT[c] & view.dummy_hand] if view.phase == Phase.AUCTION else []
        if shown:
            lines.append(f"Face up: {self.namer.names(shown)}.")
        if view.phase == Phase.AUCTION and dummy and view.dummy_hand:
            lines.append(f"The dummy shows: {self.namer.names(list(C.cards_in(view.dummy_hand)))}.")
        elif view.phase != Phase.AUCTION and view.bidder >= 0:
            nest_up = list(view.face_up[:view.options.nest_face_up])
            if nest_up:  # seen by all when the bidder took it into the hand
                taker = self.seat(view, view.bidder)
                lines.append(f"Face up on the nest, taken by {taker}: {self.namer.names(nest_up)}.")
        if not view.options.auction and view.phase != Phase.AUCTION:  # out of play all hand, as at the table
            if view.turned_under:
                lines.append(f"Turned up and put under the nest: {self.namer.names(list(view.turned_under))}.")
            if view.face_up:
                lines.append(f"Face up on the nest: {self.namer.names(view.face_up)}.")
        return lines

    @staticmethod
    def _nest_points_lines(view: SeatView) -> list[str]:
        """Whether points lie in the nest, as a seat other than the bidder has been told."""
        if view.points_in_nest is None or view.seat == view.bidder:
            return []
        return ["Points are in the nest." if view.points_in_nest else "No points in the nest."]

    def nest_lines(self, view: SeatView) -> list[str]:
        """``nest``: what this seat knows of the nest: its size and who took it, the cards seen
        face up (as ``status`` says them), and for the bidder what it took and laid aside. In
        georgia "nest" was "Not a command or a card" (the first-hour sweep of session 32)."""
        if view.phase == Phase.OVER:
            return ["No nest: the game is over."]
        size = counted(view.options.nest_size, "card")
        if view.phase == Phase.AUCTION or view.bidder < 0:
            taker = ", for the winner of the bid" if view.options.auction else ""
            lines = [f"The nest: {size}{taker}."]
        else:
            lines = [f"The nest: {size}, taken by {self.seat(view, view.bidder)}."]
        lines += self._aside_lines(view)
        lines += self.face_up_lines(view, dummy=False)
        if view.nest_taken:
            lines.append(f"You took: {self.namer.names(list(view.nest_taken))}.")
        if view.discards:
            said = "You laid aside" if len(view.discards) == view.options.nest_size else "Laid aside so far"
            lines.append(f"{said}: {self.namer.names(list(view.discards))}.")
        return lines + self._nest_points_lines(view)

    def contract_line(self, view: SeatView, last: Event | None = None, moon: bool = False) -> str:
        """``contract``: the bid and who holds it, or where the auction stands; once the game is
        over, the contract of its last hand (``last``, that hand's ``hand_end``; ``moon``, it
        was a moon), as review says it: "No contract: the game is over." alone was said while
        review said "Contract: 75, North." (the re-check of session 36)."""
        if view.phase == Phase.OVER:
            held = self._contract_of(last, view, moon) if last is not None else ""
            return "No contract: the game is over." + (f" The last hand's contract was {held}." if held else "")
        if view.bidder >= 0:
            extra = " (forced)" if view.forced else " (shooting the moon)" if view.moon else ""
            sitting = [s for s in range(len(view.seats)) if view.sitting >> s & 1]
            if sitting:
                who = self.seat(view, sitting[0])
                extra = f" (shooting the moon alone: {who} {'sit' if who == 'you' else 'sits'} this hand out)"
            return f"Contract: {view.bid}, {self.seat(view, view.bidder)}{extra}."
        if not self.options.auction:
            return "No contract: these rules have no auction."
        if view.high_bidder >= 0:
            return f"No contract yet: high bid {view.high_bid}, {self.seat(view, view.high_bidder)}."
        return "No contract yet: nobody has bid."

    def hand_over_contract(self, end: Event, trump: Event | None, moon: bool, view: SeatView) -> list[str]:
        """A finished hand's contract and trump, from its ``hand_end`` and ``trump`` events, for
        review: "Contract: 110, Southeast; trump yellow, named by Northwest." (``view``, the next
        hand's, only names the seats). Nothing for what a hand did not have (no auction)."""
        seats = view.seats
        parts = []
        bidder = end.get("bidder")
        held = self._contract_of(end, view, moon)
        if held:
            parts.append(f"Contract: {held}")
        if trump is not None:
            colour = trump.get("color")
            named = trump.get("seat")
            by = (f", named by {self.seat(view, seats.index(named))}"
                  if isinstance(named, str) and named in seats and named != bidder else "")
            rook = trump.get("rook")  # rook=called: the Rook Bird high or low (the 11 black beat it)
            call = rook_call_words(rook) if rook in ("high", "low") else ""
            parts.append(f"trump {colour if colour in C.COLORS else 'none, a no-trump hand'}{call}{by}")
        said = "; ".join(parts)
        return [f"{said[0].upper()}{said[1:]}."] if parts else []

    def _contract_of(self, end: Event, view: SeatView, moon: bool) -> str:
        """A finished hand's contract, "75, North", from its ``hand_end``; "" without one."""
        bidder = end.get("bidder")
        if not isinstance(bidder, str) or bidder not in view.seats:
            return ""
        return f"{end.get('bid')}, {self.seat(view, view.seats.index(bidder))}{' (shooting the moon)' if moon else ''}"

    def trump_line(self, view: SeatView, dealt: bool = True) -> str:
        """``trump`` asked outside the trump call: the colour and, when the partner named it, who
        did; or why there is none yet (``dealt``: False at a real table before the hand is entered)."""
        if view.phase == Phase.OVER:
            return "No trump: the game is over."
        named = "" if view.trump_caller < 0 or view.trump_caller == view.bidder else (
            f", named by {self.seat(view, view.trump_caller)}")  # the partner named it: said as it was
        if view.trump == C.NO_TRUMP:
            return f"Trump: none, a no-trump hand{named}."
        if view.trump >= 0:
            return f"Trump: {C.COLORS[view.trump]}{rook_call_words(view.rook_call)}{named}{self._broken(view)}."
        if not view.options.auction:
            return "Trump: not named yet; the card turned up at the deal names it."
        if not dealt:
            return "Trump: not named yet; the hand is not entered yet."
        if view.phase == Phase.AUCTION:
            return "Trump: not named yet; the auction is on."
        return "Trump: not named yet."

    @staticmethod
    def _broken(view: SeatView) -> str:
        """Whether trump may be led yet, where the rules say it must be broken first: the lead
        prompt said it, and "is trump broken" was refused (the new-player sweep)."""
        if not view.options.trump_broken or view.phase != Phase.PLAY:
            return ""
        if view.trump_broken:
            return "; broken, so it may be led"
        # The rule's exception said too: "may not be led" was false to a leader holding only trump.
        return "; not broken yet, so it may be led only by a player holding nothing else"

    def colour_choices(self, view: SeatView) -> str:
        """The colours ``trump`` takes under these rules (no trump only where allowed)."""
        if view.phase == Phase.TRUMP and view.actor == view.seat:
            return self.trump_choices(view)
        words = list(C.COLORS) + (["no trump"] if self.options.no_trump else [])
        return join_words(words, "or")

    def turn_line(self, view: SeatView) -> str:
        if view.phase == Phase.OVER:
            return "Game over."
        what = {"auction": "bid", "discard": "discard", "trump": "name trump", "call": "call a partner card",
                "play": "play"}[view.phase]
        if view.actor == view.seat:
            if view.turn != view.seat:
                return f"Your turn to {what} for {self.seat(view, view.turn)}."
            return f"Your turn to {what}."
        return f"{self.seat(view, view.actor, capital=True)} to {what}."

    # ----- what is legal, and the prompt -------------------------------------------------------
    def bid_range(self, view: SeatView) -> str:
        bids = [a.value for a in view.legal if a.kind == A.BID]
        if not bids:
            return ""
        if len(bids) == 1:
            return f"{bids[0]}"
        return f"{bids[0]} to {bids[-1]} in fives"

    def auction_choices(self, view: SeatView) -> str:
        kinds = {a.kind for a in view.legal}
        parts = []
        span = self.bid_range(view)
        if span:
            parts.append(span)
        if A.CHECK in kinds:
            parts.append("check")
        if A.MISDEAL in kinds:
            parts.append(f"misdeal (you hold {misdeal_reason(self.options, self.deck, view.hand)})")
        parts.append("pass")
        return join_words(parts, "or")

    def discard_left(self, view: SeatView) -> int:
        return self.options.nest_size - len(view.discards)

    def cheapest_discards(self, view: SeatView, count: int) -> list[int]:
        """Up to ``count`` cards the rules let go into the nest now, the cheapest: an example that
        is always taken ("5g 6g" was given to a hand without them)."""
        allowed = [a.value for a in view.legal if a.kind == A.DISCARD]
        return sorted(allowed, key=lambda c: (bool(C.BIT[c] & self.deck.special), self.deck.points[c],
                                              self.deck.rank[c], c))[:count]

    def partner_word(self, view: SeatView) -> str:
        partner = hand_partner(self.options, view.hand_number, view.seat)
        before_discard = view.phase == Phase.DISCARD or self.discard_left(view)
        raise_note = ", contract up 5" if before_discard and not view.moon else ""
        return f"partner, to let {self.seat(view, partner)} name trump{raise_note}"

    def trump_choices(self, view: SeatView) -> str:
        """What the trump call takes now: the colours (each with the Rook Bird high or low, where
        the caller calls it), no trump, or the partner."""
        calls = [A.trump_parts(a.value) for a in view.legal if a.kind == A.TRUMP]
        colours = [C.COLORS[c] for c, rook in calls if c < 4 and rook in ("", "high")]
        words = colours
        if any(rook for _c, rook in calls):
            words = [f"{join_words(colours, 'or')}, with the Rook Bird high or low, like trump {colours[0]}, rook high"]
        if (C.NO_TRUMP, "") in calls:
            words.append("no trump")
        if any(a.kind == A.PARTNER for a in view.legal):
            words.append(self.partner_word(view))
        return join_words(words, "or")

    def play_choice(self, view: SeatView) -> str:
        """Leading: "any card" or the restriction; following: the colour to follow and, when
        few, the cards (numbers, highest first), or the void that frees the choice."""
        legal = C.to_mask(a.value for a in view.legal if a.kind == A.PLAY)
        for_dummy = view.turn == view.dummy and view.turn != view.seat
        hand = view.dummy_hand if for_dummy else view.hand
        if not view.trick:
            if legal == hand:
                return "any card"
            return "any card but trump, not yet broken"
        led_card = view.trick[0][1]
        led = self.led_word(view, led_card)
        count = legal.bit_count()
        if not self.led_suit_mask(view) & ~C.BIT[led_card]:
            return f"any card, nothing follows {led}"  # the Rook Bird led in no trump
        if not hand & self.led_suit_mask(view):
            holder = "the dummy has" if for_dummy else "you have"
            if legal == hand:
                return f"any card, {holder} no {led}"
            # must_trump: void in the colour led, a hand with trump must play it
            return f"trump, {holder} no {led}: {'only the ' if count == 1 else ''}{self._few(legal, view)}"
        if count == 1:
            # "only the 1": "only 1" was heard as "only one card", not the card 1 (the speech
            # sweep of session 37).
            return f"follow {led}, only the {self._few(legal, view)}"
        return f"follow {led}, {self._few(legal, view)}"

    def _few(self, cards: int, view: SeatView) -> str:
        """Up to three cards by name (numbers, highest first), so the player can answer without
        asking for the hand; more as a count."""
        if cards.bit_count() > 3:
            return f"{cards.bit_count()} cards"
        names = [self.namer.short(c) for c in self.by_rank(cards, view)]
        return " or ".join(names) if len(names) <= 2 else join_words(names, "or")

    def legal_lines(self, view: SeatView) -> list[str]:
        if not view.legal:
            if view.phase == Phase.OVER:
                return ["Nothing: the game is over."]
            return [self.turn_line(view)]
        phase = view.phase
        if phase == Phase.AUCTION:
            return [f"You may {'bid ' if self.bid_range(view) else ''}{self.auction_choices(view)}."]
        if phase == Phase.DISCARD:
            discardable = C.to_mask(a.value for a in view.legal if a.kind == A.DISCARD)
            left = self.discard_left(view)
            lines = [f"Discard {left} more {'card' if left == 1 else 'cards'}."]
            deck = self.deck_for(view)
            # Cards allowed one at a time; with counters held, the rule the whole discard keeps too.
            rule = counters_rule(view.options, deck, view.hand | C.to_mask(view.discards), view.trump) \
                if view.hand & deck.counters else None
            if discardable == view.hand:
                lines.append("Any card of your hand may go next." if rule else "Any card of your hand may go.")
            else:
                lines.append(f"Allowed: {self.by_colour(discardable, view)}.")
            if rule:
                lines.append(rule)
            if any(a.kind == A.PARTNER for a in view.legal):
                lines.append(f"Or {self.partner_word(view)}.")
            return lines
        if phase == Phase.TRUMP:
            return [f"Name trump: {self.trump_choices(view)}."]
        if phase == Phase.CALL:
            return [f"Call any card you do not hold{self._called_note(view)}, like call {self._call_example(view)}."]
        legal = C.to_mask(a.value for a in view.legal if a.kind == A.PLAY)
        # The dummy's cards, played by the player, as the table says another seat's ("North may
        # play from the dummy"): "You may play" named them as the player's own (the re-check of
        # session 33).
        source = " from the dummy" if view.turn == view.dummy >= 0 else ""
        return [f"You may play{source}: {self.by_colour(legal, view)}."]

    def _call_example(self, view: SeatView) -> str:
        """A card that may be called now, the highest (14r where the hand allows it)."""
        legal = [a.value for a in view.legal if a.kind == A.CALL]
        if not legal or C.from_code("14r") in legal:
            return "14r"
        rank = self.deck_for(view).rank
        return self.namer.code(max(legal, key=lambda c: (rank[c], -c)))

    def _called_note(self, view: SeatView) -> str:
        """", not the 14 red you called" once a first card is called (calls=2)."""
        return f", not the {self.namer.name(view.called)} you called" if view.called >= 0 else ""

    def prompt_line(self, view: SeatView) -> str:
        """The sentence that says what is expected now. Only asked when it is this seat's turn."""
        phase = view.phase
        if phase == Phase.AUCTION:
            span = self.bid_range(view)
            return f"Your bid: {self.auction_choices(view)}." if span else f"Your call: {self.auction_choices(view)}."
        if phase == Phase.DISCARD:
            left = self.discard_left(view)
            text = f"Discard {left} {'card' if left == 1 else 'cards'}"
            if left > 1 and left == self.options.nest_size:
                lowest = self.cheapest_discards(view, 2)
                text += f", like discard {' '.join(map(self.namer.code, lowest))}." if lowest else "."
            else:
                text += "."
            if any(a.kind == A.PARTNER for a in view.legal):
                text += f" Or {self.partner_word(view)}."
            return text
        if phase == Phase.TRUMP:
            return f"Name trump: {self.trump_choices(view)}."
        if phase == Phase.CALL:
            second = "a second" if view.called >= 0 else "a"
            return (f"Call {second} partner card you do not hold{self._called_note(view)}, "
                    f"like call {self._call_example(view)}.")
        who = "Your" if view.turn == view.seat else f"{self.seat(view, view.turn, capital=True)}'s"
        # Who plays the dummy's card, as a sighted player sees who reaches for it (the two-at-home
        # sweep of session 32: only turn said so).
        yours = " (yours to play)" if view.turn == view.dummy and view.actor == view.seat else ""
        if not view.trick:  # a lead starts a trick: its number is said there
            return f"{who} lead{yours}, trick {len(view.tricks) + 1}: {self.play_choice(view)}."
        return f"{who} play{yours}: {self.play_choice(view)}."


def _still_out(part: str) -> str:
    """"Red: 1, 14." as "Red still out: 1, 14." (not "Out: Red: ...": two colons read as two pauses)."""
    return part.replace(":", " still out:", 1)

