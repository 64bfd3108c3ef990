"""An independent referee for ``rook-record/1`` files, written from rules.md and game-record.md.

It imports nothing from ``rook_access``: cards are strings, hands are sets, and every rule is
re-derived from the ``game`` line's options, so a bug in the core cannot hide by agreeing with
itself. ``check_record(lines)`` raises ``RefereeError`` naming the line that breaks a rule.
"""

from __future__ import annotations

from typing import Any

COLORS = {"red": "r", "green": "g", "black": "x", "yellow": "y"}
LETTER_COLOR = {v: k for k, v in COLORS.items()}


class RefereeError(AssertionError):
    pass


def deck_of(o: dict[str, Any]) -> set[str]:
    numbers = set(range(5, 15))
    if o["low_cards"] in ("fours", "in"):
        numbers.add(4)
    if o["low_cards"] == "in":
        numbers |= {2, 3}
    if o["ones"] != "out":
        numbers.add(1)
    deck = {f"{n}{c}" for n in numbers for c in "rgxy"}
    if o["rook"] != "none":
        deck.add("rook")
    deck |= set(specials(o))
    return deck


def specials(o: dict[str, Any]) -> dict[str, tuple[int, float]]:
    """The trumps beside the Rook Bird, whatever the colour: card -> (points, rank). The red 1 is
    above the Rook Bird; the readers' little Rook (black 1) and baby Rook (red 2) come second to
    the big Rook Bird, above every numbered trump (a high 1 too), the little above the baby."""
    out: dict[str, tuple[int, float]] = {}
    if o["red_one"]:
        out["1r"] = (30, 100)
    if o.get("little_rook"):
        out["1x"] = (o["little_rook"], 17)
    if o.get("baby_rook"):
        out["2r"] = (o["baby_rook"], 16)
    return out


def number(card: str) -> int:
    return int(card[:-1])


def value(o: dict[str, Any], card: str) -> int:
    if card in specials(o):
        return specials(o)[card][0]
    key = "rook" if card == "rook" else str(number(card))
    return int(o["counters"].get(key, 0))


def is_special(o: dict[str, Any], card: str) -> bool:
    """Trump whatever the trump colour: the Rook Bird, and the special trumps."""
    return card == "rook" or card in specials(o)


def suit(o: dict[str, Any], card: str, trump: str | None) -> str:
    """The suit a card belongs to this hand: a colour letter, 'T' for trump, 'W' for the special
    cards in a no-trump hand."""
    if is_special(o, card):
        return "T" if trump else "W"
    letter = card[-1]
    return "T" if trump and COLORS[trump] == letter else letter


def rank(o: dict[str, Any], card: str, rook_call: str | None = None) -> float:
    """``rook_call``: how the trump caller called the Rook Bird this hand (rook=called, the
    encyclopedia: "when called low, it is the lowest possible trump (below the 2 card); when
    called high, it is the highest possible trump"). Before the call it may still be called
    high, so it counts as high (rules.md: a card of 10 or higher for a misdeal)."""
    if card in specials(o):
        return specials(o)[card][1]
    if card == "rook":
        return {"high": 50, "low": -1, "ten-and-half": 10.5, "called": 50}[rook_call or o["rook"]]
    n = number(card)
    return 15 if n == 1 and o["ones"] == "high" else n


class Referee:
    def __init__(self) -> None:
        self.o: dict[str, Any] = {}
        self.seats: list[str] = []
        self.totals: dict[str, int] = {}
        self.over = True
        self.hand_no = 0
        self.prev_dealer: str | None = None
        self.pending_deal: str | None = None  # "same" after a misdeal, "next" otherwise

    # ----- helpers -------------------------------------------------------------------------
    def fail(self, msg: str) -> None:
        raise RefereeError(f"line {self.line_no}: {msg}")

    def expect(self, cond: bool, msg: str) -> None:
        if not cond:
            self.fail(msg)

    def left(self, seat: str, among: list[str] | None = None) -> str:
        among = self.seats if among is None else among
        i = self.seats.index(seat)
        for step in range(1, len(self.seats) + 1):
            nxt = self.seats[(i + step) % len(self.seats)]
            if nxt in among:
                return nxt
        self.fail("no seat to move to")
        raise AssertionError

    @property
    def players(self) -> list[str]:
        """Seats that deal and bid (not the dummy)."""
        return [s for s in self.seats if not (self.o["sides"] == "dummy" and s == "dummy")]

    # ----- line by line ---------------------------------------------------------------------
    def check(self, lines: list[dict[str, Any]], finished: bool = True) -> int:
        games = 0
        for self.line_no, line in enumerate(lines, 1):
            kind = line.get("type")
            handler = getattr(self, f"on_{kind}", None)
            self.expect(handler is not None, f"unknown line type {kind!r}")
            if kind != "game":
                self.expect(not self.over, f"{kind} line after the game ended or before it began")
            assert handler is not None
            handler(line)
            games += kind == "game_end"
        if finished:
            self.expect(self.over, "the record ends in the middle of a game")
        return games

    def on_game(self, g: dict[str, Any]) -> None:
        self.expect(self.over, "a new game began before the last one ended")
        self.expect(g["format"] == "rook-record/1", "wrong format")
        self.o = g["options"]
        self.seats = list(g["seats"])
        self.expect(set(g["players"]) == set(self.seats), "players must name every seat")
        self.totals = {s: 0 for s in self.seats}
        self.over = False
        self.hand_no = 1
        self.prev_dealer = None
        self.pending_deal = None
        self.phase = "deal"

    def on_deal(self, d: dict[str, Any]) -> None:
        o = self.o
        self.expect(self.phase == "deal", f"deal during {self.phase}")
        self.expect(d["hand"] == self.hand_no, f"hand number {d['hand']}, expected {self.hand_no}")
        dealer = d["dealer"]
        self.expect(dealer in self.players, f"{dealer} may not deal")
        if self.pending_deal == "same":
            self.expect(dealer == self.prev_dealer, "after a misdeal the same dealer deals again")
        elif self.pending_deal == "next":
            assert self.prev_dealer is not None
            self.expect(dealer == self.left(self.prev_dealer, self.players), "the deal passes to the left")
        self.dealer = dealer
        hands = {s: list(d["hands"][s]) for s in self.seats}
        all_cards = [c for h in hands.values() for c in h] + list(d["nest"]) + list(d["aside"])
        deck = deck_of(o)
        self.expect(len(all_cards) == len(set(all_cards)), "a card was dealt twice")
        self.expect(set(all_cards) == deck, "the deal does not hold exactly the preset's deck")
        sizes = {len(h) for h in hands.values()}
        self.expect(len(sizes) == 1, f"hands of different sizes {sizes}")
        self.expect(len(d["nest"]) == o["nest_size"], "wrong nest size")
        self.expect(len(d["aside"]) == o["aside"], "wrong number of cards aside")
        self.hands = {s: set(h) for s, h in hands.items()}
        self.nest = list(d["nest"])
        self.aside = set(d["aside"])
        self.face_up = list(d["face_up"])
        for card in self.face_up:
            self.expect(card in self.nest or card in self.hands.get("dummy", set()), f"{card} face up from nowhere")
        # auction state
        self.high = 0
        self.high_bidder: str | None = None
        self.passed: set[str] = set()
        self.checked: set[str] = set()
        self.turn = self.left(dealer, self.players)
        self.bidder: str | None = None
        self.bid = 0
        self.moon = False
        self.trump: str | None = None
        self.rook_call: str | None = None
        self.trump_named = False
        self.discard: list[str] = []
        self.calls: list[str] = []
        self.partners: set[str] = set()
        self.raise_ = 0
        self.sitting: set[str] = set()
        self.tricks_won = {s: 0 for s in self.seats}
        self.captured = {s: 0 for s in self.seats}
        self.trick: list[tuple[str, str]] = []
        self.trick_no = 0
        self.broken = False
        self.last_winner: str | None = None
        self.prev_dealer = dealer
        self.pending_deal = "next"
        self.phase = "auction" if o["auction"] else "turn-up"

    # auction
    def _bidder_turn(self, line: dict[str, Any]) -> None:
        self.expect(self.phase == "auction", f"{line['type']} outside the auction")
        self.expect(line["seat"] == self.turn, f"{line['seat']} acted out of turn; {self.turn} was to bid")

    def _after_auction_action(self) -> None:
        active = [s for s in self.players if s not in self.passed]
        if self.high_bidder and (self.high >= self.o["max_bid"] or active == [self.high_bidder]):
            self.phase = "contract"
            self.expected_contract = (self.high_bidder, self.high, False)
        elif not active:
            if self.o["all_pass"] == "dealer-forced":
                self.phase = "contract"
                self.expected_contract = (self.dealer, self.o["min_bid"], True)
            else:
                self.phase = "redeal"
        else:
            self.turn = self.left(self.turn, active)

    def on_bid(self, b: dict[str, Any]) -> None:
        self._bidder_turn(b)
        o, amount = self.o, b["amount"]
        low = max(o["min_bid"], self.high + 5) if self.high_bidder else o["min_bid"]
        self.expect(amount % 5 == 0 and low <= amount <= o["max_bid"], f"bid {amount} out of {low}..{o['max_bid']}")
        self.high, self.high_bidder = amount, b["seat"]
        self._after_auction_action()

    def on_pass(self, p: dict[str, Any]) -> None:
        self._bidder_turn(p)
        self.passed.add(p["seat"])
        self._after_auction_action()

    def pairs(self) -> list[list[str]]:
        """This hand's partnerships (rules.md; the Hasbro book's "change partners after every four
        hands": opposite, then north-east and south-west, then north-west and east-south), or the
        two teams seated alternately."""
        s, n = self.seats, len(self.seats)
        if self.o["sides"] == "teams":
            return [s[0::2], s[1::2]]
        rotate = self.o.get("rotate_partners", 0)
        if rotate:
            turn = (self.hand_no - 1) // rotate % 3
            return [[[s[0], s[2]], [s[1], s[3]]], [[s[0], s[1]], [s[2], s[3]]], [[s[0], s[3]], [s[1], s[2]]]][turn]
        return [[s[i], s[i + n // 2]] for i in range(n // 2)]

    def partner_of(self, seat: str) -> str:
        return next(b if a == seat else a for a, b in self.pairs() if seat in (a, b))

    def on_check(self, c: dict[str, Any]) -> None:
        self._bidder_turn(c)
        seat = c["seat"]
        self.expect(self.o["check"], "check is not allowed in these rules")
        self.expect(self.high_bidder is None, "check after a bid")
        self.expect(seat not in self.checked, "a second check")
        self.expect(len(self.checked) < len(self.players), "a check after every player had checked")
        if self.o["sides"] == "partners":
            partner = self.partner_of(seat)
            opponents = [s for s in self.players if s not in (seat, partner)]
            self.expect(not (partner in self.checked and all(s in self.passed for s in opponents)),
                        f"{seat} checked though the partner checked and both opponents passed")
        self.checked.add(seat)
        self._after_auction_action()

    def blind(self) -> bool:
        return bool(self.o["blind_bid_on_rook"]) and "rook" in self.face_up and self.bidder is None

    def on_misdeal(self, m: dict[str, Any]) -> None:
        # rules.md: before the first bid, any player holding no counters, on turn or not; never
        # while a blind auction hides the hands.
        seat = m["seat"]
        self.expect(self.phase == "auction", "misdeal outside the auction")
        self.expect(self.o["misdeal_no_counters"] or self.o.get("misdeal_no_ten"),
                    "misdeal calls are not in these rules")
        self.expect(seat in self.players, f"{seat} may not call a misdeal")
        self.expect(self.high_bidder is None, "misdeal after a bid")
        self.expect(not self.blind(), "misdeal called while the hands were hidden by a blind auction")
        hand = self.hands[seat]
        no_counters = self.o["misdeal_no_counters"] and all(value(self.o, c) == 0 for c in hand)
        # A reader's house rule: no card of 10 or higher (by rank: a high 1, a Rook above the 10).
        no_ten = self.o.get("misdeal_no_ten") and all(rank(self.o, c) < 10 for c in hand)
        self.expect(no_counters or no_ten, "misdeal called holding counters or a card of 10 or higher")
        reason = "no counters" if no_counters else "no card of 10 or higher"
        self.expect(m.get("reason") == reason, f"misdeal reason {m.get('reason')!r}, expected {reason!r}")
        self.pending_deal = "same"
        self.phase = "deal"

    def on_redeal(self, r: dict[str, Any]) -> None:
        self.expect(self.phase == "redeal", "redeal while someone could still bid")
        self.phase = "deal"

    def on_contract(self, c: dict[str, Any]) -> None:
        self.expect(self.phase == "contract", "contract before the auction ended")
        seat, amount, forced = self.expected_contract
        self.expect((c["seat"], c["amount"], c["forced"]) == (seat, amount, forced),
                    f"contract {c['seat']} {c['amount']} forced={c['forced']}, expected {seat} {amount} {forced}")
        moon_at = self.o.get("moon_bid") or self.o["max_bid"]
        moon = self.o["moon"] != "off" and amount >= moon_at and not forced
        self.expect(c["moon"] == moon, "moon flag wrong")
        self.bidder, self.bid, self.moon = seat, amount, moon
        # A reader's moon played alone: the partner lays the hand down and sits it out; its cards
        # are out of play and the tricks are of the others' cards (moon_alone).
        self.sitting = {self.partner_of(seat)} if moon and self.o.get("moon_alone") else set()
        self.phase = "take_nest" if self.o["nest_size"] else "after_nest"

    def on_take_nest(self, t: dict[str, Any]) -> None:
        self.expect(self.phase == "take_nest", "take_nest out of place")
        self.expect(t["seat"] == self.bidder and sorted(t["cards"]) == sorted(self.nest), "wrong nest taken")
        assert self.bidder is not None
        self.hands[self.bidder] |= set(self.nest)
        self.phase = "after_nest"

    def _discard_left(self) -> bool:
        return self.o["nest_size"] > 0 and not self.discard

    def on_trump(self, t: dict[str, Any]) -> None:
        o = self.o
        color = t["color"]
        if self.phase == "turn-up":
            self.expect(t["seat"] is None, "a turned-up trump is named by nobody")
            top = self.face_up[-1] if self.face_up else None
            self.expect(top is not None and LETTER_COLOR[top[-1]] == color, "trump is not the turned-up card's colour")
            self.trump, self.trump_named = color, True
            self._start_play()
            return
        self.expect(self.phase == "after_nest" and not self.trump_named, "trump named out of place")
        if self._discard_left() and not o["trump_before_discard"]:
            self.expect(o["partner_calls_trump"] and t["seat"] != self.bidder, "trump named before the discard")
        caller = t["seat"]
        if t["raise"] or caller != self.bidder:
            self.expect(o["partner_calls_trump"], "only the bidder names trump here")
            assert self.bidder is not None
            self.expect(caller == self.partner_of(self.bidder),
                        "trump named by someone other than the bidder's partner")
            self.expect(caller not in self.sitting, "trump named by a partner sitting the moon out")
            # The raise never applies to a moon (rules.md, moon).
            raise_ = 5 if self._discard_left() and not self.moon else 0
            self.expect(t["raise"] == raise_, f"raise {t['raise']} for the partner's call, expected {raise_}")
        self.raise_ = t["raise"]
        self.expect(color is not None or o["no_trump"], "no trump is not allowed")
        self.expect(color is None or color in COLORS, f"unknown colour {color}")
        # rook=called: the caller calls the Rook Bird high or low with a colour (the
        # encyclopedia); never in no trump (it is wild there), never where the rules rank it.
        if o["rook"] == "called" and color is not None:
            self.expect(t.get("rook") in ("high", "low"), f"trump named without calling the Rook Bird high or low: {t}")
        else:
            self.expect("rook" not in t, f"a Rook Bird call where the rules rank it or in no trump: {t}")
        self.rook_call = t.get("rook")
        self.trump, self.trump_named = color, True
        self._after_exchange_step()

    def on_discard(self, d: dict[str, Any]) -> None:
        o = self.o
        self.expect(self.phase == "after_nest" and self._discard_left(), "discard out of place")
        if o["trump_before_discard"]:
            self.expect(self.trump_named, "trump must be named before the discard")
        cards = list(d["cards"])
        assert self.bidder is not None
        hand = self.hands[self.bidder]
        self.expect(len(cards) == o["nest_size"] and len(set(cards)) == len(cards), "wrong number of discards")
        self.expect(set(cards) <= hand, "discarded a card not held")
        counters = [c for c in cards if value(o, c)]
        if o["discard_counters"] in ("forced-only", "never") and counters:
            # forced-only: a counter goes only when every plain card (neither counter nor trump)
            # goes too, and the counters fill at most the shortfall; never: the same, every card
            # without a count being plain.
            plain = [c for c in hand if value(o, c) == 0 and (
                o["discard_counters"] == "never" or not (self.trump_named and self._is_trump(c)))]
            kept = [c for c in plain if c not in cards]
            self.expect(not kept, f"counters buried while the plain card(s) {kept} were kept")
            shortfall = o["nest_size"] - len(plain)
            self.expect(len(counters) <= shortfall,
                        f"{len(counters)} counters buried, more than the shortfall of {shortfall} plain cards")
        self.expect(d["points_in_nest"] == bool(counters), "points_in_nest wrong")
        self.hands[self.bidder] = hand - set(cards)
        self.discard = cards
        self._after_exchange_step()

    def _after_exchange_step(self) -> None:
        if self._discard_left() or not self.trump_named:
            return
        if self.o["sides"] == "called-partner":
            self.phase = "call"
            return
        self._start_play()

    def on_call(self, c: dict[str, Any]) -> None:
        """The bidder calls a card it does not hold; with ``calls=2`` (the encyclopedia's six
        players: "the bid winner is allowed to call 2 cards as partners") a second, another one."""
        self.expect(self.phase == "call" and c["seat"] == self.bidder, "call out of place")
        assert self.bidder is not None
        self.expect(c["card"] in deck_of(self.o) and c["card"] not in self.hands[self.bidder], "called a held card")
        self.expect(c["card"] not in self.calls, "the same card called twice")
        self.calls.append(c["card"])
        holders = [s for s in self.seats if c["card"] in self.hands[s]]
        if holders:
            self.partners.add(holders[0])
        if len(self.calls) == self.o.get("calls", 1):
            self._start_play()

    def _start_play(self) -> None:
        o = self.o
        lead = o["first_lead"]
        if lead == "bidder" and self.bidder:
            self.turn = self.bidder
        elif lead == "left-of-bidder" and self.bidder:
            self.turn = self.left(self.bidder, self.playing())
        elif lead == "dummy":
            self.turn = "dummy"
        else:
            self.turn = self.left(self.dealer, self.playing())
        self.leader = self.turn
        self.phase = "play"

    def playing(self) -> list[str]:
        """The seats that play cards this hand: all but one sitting a moon out."""
        return [s for s in self.seats if s not in self.sitting]

    def _is_trump(self, card: str) -> bool:
        return suit(self.o, card, self.trump) == "T"

    def on_play(self, p: dict[str, Any]) -> None:
        o = self.o
        self.expect(self.phase == "play", "play out of place")
        seat, card = p["seat"], p["card"]
        self.expect(seat == self.turn, f"{seat} played out of turn; {self.turn} was to play")
        hand = self.hands[seat]
        self.expect(card in hand, f"{seat} played {card}, not held")
        if not self.trick:
            if o["trump_broken"] and self.trump and not self.broken and self._is_trump(card):
                self.expect(all(self._is_trump(c) for c in hand), "trump led before it was broken")
        else:
            led = suit(o, self.trick[0][1], self.trump)
            mine = suit(o, card, self.trump)
            can_follow = any(suit(o, c, self.trump) == led for c in hand)
            anytime = (card == "rook" and o["rook_anytime"] and self.trump is not None) or mine == "W"
            if led != "W" and can_follow and mine != led and not anytime:
                self.fail(f"{seat} played {card} but could follow {led}")
            # A house rule: void in the colour led, a player must trump if able (not in no trump).
            if (o.get("must_trump") and self.trump and not can_follow and mine != "T"
                    and any(suit(o, c, self.trump) == "T" for c in hand)):
                self.fail(f"{seat} played {card}, void in {led}, but held trump")
            if mine == "T" and led != "T" and not can_follow:  # void in the colour led (rules.md)
                self.broken = True
        hand.discard(card)
        self.trick.append((seat, card))
        self.turn = self.left(seat, self.playing())

    def on_trick(self, t: dict[str, Any]) -> None:
        o = self.o
        self.expect(len(self.trick) == len(self.playing()), "trick line before every seat played")
        self.expect([list(x) for x in self.trick] == t["cards"], "trick cards differ from the plays")
        self.trick_no += 1
        self.expect(t["number"] == self.trick_no and t["leader"] == self.trick[0][0], "trick number or leader wrong")
        led = suit(o, self.trick[0][1], self.trump)

        def power(card: str) -> float:
            s = suit(o, card, self.trump)
            if s in ("T", "W"):
                return 1000 + rank(o, card, self.rook_call)
            return rank(o, card, self.rook_call) if s == led else -1

        winner = max(self.trick, key=lambda sc: power(sc[1]))[0]
        self.expect(t["winner"] == winner, f"trick won by {winner}, record says {t['winner']}")
        points = sum(value(o, c) for _, c in self.trick)
        self.expect(t["points"] == points, f"trick worth {points}, record says {t['points']}")
        self.tricks_won[winner] += 1
        self.captured[winner] += points
        self.trick = []
        self.turn = self.leader = winner
        self.last_winner = winner
        if not any(cards for s, cards in self.hands.items() if s not in self.sitting):
            self.phase = "hand_end"

    def sides(self) -> list[list[str]]:
        o, seats = self.o, self.seats
        if o["sides"] in ("partners", "teams"):
            return self.pairs()
        if o["sides"] == "solo" or self.bidder is None:
            return [[s] for s in seats]
        first = [self.bidder]
        if o["sides"] == "called-partner":
            first += sorted(self.partners - {self.bidder})
        return [sorted(first, key=seats.index), [s for s in seats if s not in first]]

    def on_hand_end(self, h: dict[str, Any]) -> None:
        o = self.o
        self.expect(self.phase == "hand_end", "hand_end before the last trick")
        self.expect(h["hand"] == self.hand_no, "hand number wrong")
        sides = self.sides()
        self.expect([sorted(s) for s in h["sides"]] == [sorted(s) for s in sides],
                    f"sides {h['sides']}, expected {sides}")
        self.expect(h["captured"] == self.captured, "captured points wrong")
        final_nest = self.discard if o["auction"] else self.nest
        nest_to = self.last_winner if o["nest_to"] == "last-trick" and final_nest else None
        nest_points = sum(value(o, c) for c in final_nest) if nest_to else 0
        self.expect(h["nest_to"] == nest_to and h["nest_points"] == nest_points, "nest capture wrong")
        out_of_play = set(self.aside).union(*(self.hands[s] for s in self.sitting))
        in_play = sum(value(o, c) for c in deck_of(o)) - sum(value(o, c) for c in out_of_play)
        all_points = sum(self.captured.values()) + nest_points
        if o["nest_to"] == "last-trick" or not final_nest:
            self.expect(all_points == in_play, f"hand points {all_points} do not add up to {in_play}")
        counts: dict[str, int] = {}
        tricks = [sum(self.tricks_won[s] for s in side) for side in sides]
        for i, side in enumerate(sides):
            key = side[0]
            pts = sum(self.captured[s] for s in side) + (nest_points if nest_to in side else 0)
            bonus = 0
            if o["last_trick_bonus"] and self.last_winner in side:
                bonus += o["last_trick_bonus"]
            if o["most_tricks_bonus"] and tricks[i] == max(tricks) and tricks.count(max(tricks)) == 1:
                bonus += o["most_tricks_bonus"]
            if o["sweep_bonus"] and in_play and pts == in_play:
                bonus += o["sweep_bonus"]
            bonus += o.get("trick_points", 0) * tricks[i]  # a house rule: points per trick won
            for s in side:
                self.expect(h["bonuses"][s] == bonus, f"bonus for {s} wrong")
            counts[key] = pts + bonus
        contract = self.bid + self.raise_
        self.expect(h["bidder"] == self.bidder and h["bid"] == (contract if self.bidder else None),
                    "bidder or bid wrong")
        made = None
        moon_game = None
        for side in sides:
            score = counts[side[0]]
            if self.bidder in side:
                made = score >= contract
                if self.moon:
                    nest_share = nest_points if nest_to in side else 0
                    score, made, moon_game = self.moon_result(side, score, contract, nest_share, in_play)
                elif not made:
                    score = -contract
            for s in side:
                expected = 0 if (o["sides"] == "dummy" and s == "dummy") else score
                self.expect(h["score"][s] == expected, f"score for {s}: {h['score'][s]}, expected {expected}")
                self.totals[s] += expected
        self.expect(h["made"] == made, "made flag wrong")
        self.expect(h["totals"] == self.totals, "running totals wrong")
        self.phase = "decide"
        fixed = o["sides"] in ("partners", "teams") and not o.get("rotate_partners")
        groups = self.pairs() if fixed else [[s] for s in self.players]
        bid_side = next((side for side in sides if self.bidder in side), [])
        if o.get("hands"):  # a fixed number of hands: then the highest total wins
            reached = groups if self.hand_no >= o["hands"] else []
        else:
            reached = [g for g in groups if self.totals[g[0]] >= o["target"] and not (
                o.get("win_on_bid") and not (made and set(g) & set(bid_side)))]
        best = max((self.totals[g[0]] for g in reached), default=None)
        top = [g for g in reached if self.totals[g[0]] == best]
        tied = sorted(s for g in top for s in g)
        # Seats scored alone, tied as partners of this hand, win together where the option says
        # so; a record written before the option existed played the tie on.
        if len(top) > 1 and o.get("tied_partners_win", False) and any(set(tied) <= set(side) for side in sides):
            top = [tied]
        self.winners = sorted(top[0]) if len(top) == 1 else None
        if moon_game is not None:  # a moon that wins or loses the game at once
            self.winners = sorted(next(g for g in groups if (self.bidder in g) == moon_game))
        self.hand_no += 1
        self.phase = "game_end" if self.winners else "deal"

    def moon_result(self, side: list[str], count: int, contract: int, nest: int,
                    in_play: int) -> tuple[int, bool, bool | None]:
        """(score, made, game won True / lost False / None) of a moon: made by the bid reached,
        every counter taken or every trick taken (moon_needs); scored as moon_made and moon_set
        say (points, the bid, the game, or out of the hole). Files from before these options read as
        georgia's."""
        o = self.o
        needs = o.get("moon_needs", "bid")
        if needs == "points":
            made = sum(self.captured[s] for s in side) + nest >= in_play
        elif needs == "tricks":
            made = sum(self.tricks_won[s] for s in side) == sum(self.tricks_won.values())
        else:
            made = count >= contract
        won, lost = o.get("moon_made", 500), o.get("moon_set", "bid")
        if made:
            # A reader's "takes you out of the hole": a side below zero goes back to zero (its
            # total before this hand); a side at zero or above wins the game.
            before = self.totals[self.bidder] if self.bidder else 0
            if won == "hole" and before < 0:
                return -before, True, None
            return (count, True, True) if won in ("game", "hole") else (won, True, None)
        if lost == "game":
            return -contract, False, False
        return (-contract if lost == "bid" else -lost), False, None

    def on_game_end(self, e: dict[str, Any]) -> None:
        self.expect(self.phase == "game_end", "game ended while no side had won")
        self.expect(sorted(e["winners"]) == self.winners, f"winners {e['winners']}, expected {self.winners}")
        self.expect(e["totals"] == self.totals, "final totals wrong")
        self.over = True


def told_points_in_nest(options: dict[str, Any], seat: str, bidder: str, fact: bool) -> bool | None:
    """What ``seat`` may know of whether points lie in the nest once the discard is done
    (rules.md, nest_points_told): the bidder knows; the others are told nothing (``never``),
    told when points went in so that silence says none did (``forced``), or told either way
    (``always``). None: not known."""
    if seat == bidder:
        return fact
    told = options["nest_points_told"]
    return None if told == "never" else fact


def heard_points_in_nest(options: dict[str, Any], seat: str, bidder: str, fact: bool) -> bool | None:
    """What ``seat`` hears said of the nest's points when the discard is laid: ``forced`` says
    only that points are in; ``always`` says either way; ``never`` nothing (None)."""
    if seat == bidder:
        return fact
    told = options["nest_points_told"]
    if told == "always" or (told == "forced" and fact):
        return fact
    return None


def check_record(lines: list[dict[str, Any]], finished: bool = True) -> int:
    """Check every line; returns the number of games that ended. ``finished=False`` accepts a
    record that stops in the middle of its last game (a game cut short by its caller)."""
    return Referee().check(lines, finished)
