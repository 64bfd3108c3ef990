"""A hint for the player: what the hard bot would do in the player's seat, with one sentence why.

Signature (the console's ``hint`` command calls exactly this)::

    hint(view: SeatView, seed: int = 0) -> tuple[Action, str]

``view`` is the player's own ``SeatView`` (``state.view(seat)``, taken when it is that seat's
turn: ``view.legal`` must not be empty) — never the state, so a hint cannot reveal a hidden card.
The same view and seed always give the same hint. The reason is one plain sentence that begins
with the action, e.g. "Play 5 red: your partner's 14 red is winning this trick." Card names are
spoken names ("14 red", "Rook Bird"). Raises ``ValueError`` when the view has no legal action.
"""

from __future__ import annotations

from ..core import Action, Phase, SeatView
from ..core import actions as A
from ..core import cards as C
from ..core.auction import misdeal_reason
from ..core.text import counted, seat_title
from ..core.tricks import legal_plays
from . import bid_search
from .auction_search import PASS_MARGIN, PASS_NOW, AuctionSearch, Outcome
from .bid_search import legal_discard_plan, moon_line
from .context import Table, deck_of, suits_of, team_of
from .discard import planned_trump
from .hand_value import hand_worth, team_share
from .hard import BidDecision, HardBot, plans_trump
from .search import pick_card


def hint(view: SeatView, seed: int = 0) -> tuple[Action, str]:
    """The hard level's choice for this view and why; the why may be two sentences, one to a
    line (a play's fact, then the search's evidence)."""
    if not view.legal:
        raise ValueError("no hint: it is not this seat's turn")
    bot = HardBot(seed)
    kinds = {a.kind for a in view.legal}
    if view.phase == Phase.PLAY:
        values = bot.card_values(view)
        card = pick_card(values, view)
        return A.PLAYS[card], _play_reason(view, card, values)
    if view.phase == Phase.AUCTION:
        decision = bot.bid_decision(view)
        return decision.action, _auction_reason(view, decision)
    call = bot.trump_call(view) if view.phase == Phase.TRUMP and A.TRUMP in kinds else None
    if call is not None:  # what the bot chose by: the same samples, the same seed
        return A.TRUMPS[call[0]], _trump_reason(view, call[0], call[1], bot.trump_samples)
    action = bot.choose(view)
    if action.kind == A.DISCARD and plans_trump(view):  # the bot's plan, and the trump it is for
        plan = bot.discard_plan(view)
        return action, _discard_reason(view, action.value, A.trump_parts(plan.call)[0], plan.rest(view))
    return action, reason(view, action)


def misdeal_offer_hint(view: SeatView, seed: int = 0) -> str:
    """The hint when the player may call a misdeal off turn (before the first bid, whoever's turn
    it is): the hard level's call as if it chose now between the misdeal and bidding on."""
    action = HardBot(seed).choose_bid(view._replace(legal=(A.MISDEALS[view.seat], A.PASS_ACTION)))
    if action.kind == A.MISDEAL:
        return reason(view, action)
    return f"Keep these cards: {_kept_takes(view, seed)} Press Enter, or type keep."


def _kept_takes(view: SeatView, seed: int) -> str:
    """What the kept hand takes at the lowest bid in the hard level's play-outs (the bid's own
    hint counts the same ones). The hand's estimate was said instead, "your side could expect
    about 178 points" of seven small reds and no counters, whose play-outs took 70 or more in 39
    of 40 deals; as the bidder it took about 142 on average (the sweep of session 39)."""
    counts = bid_search.bid_counts(view, seed)
    lowest = view.options.min_bid
    made = sum(c >= lowest for c in counts)
    only = "only " if 2 * made < len(counts) else ""
    return (f"played out over {len(counts)} likely deals, with the nest {_side_takes(view)} {lowest} or "
            f"more in {only}{made} of them.")


def _expected(view: SeatView) -> str:
    """What ``hand_worth`` is, said as a family player would: what the side could expect to take
    as the bidder, with the nest and a partner's share where the figure counts them ("your own
    cards are worth about 73 points" was said of a hand with no counters: the hint sweep of
    session 38). Bidding blind, the figure is no seen hand's."""
    help_ = _partner_help(view)
    helped = " and ".join((["the nest"] if view.options.nest_size else []) + ([help_] if help_ else []))
    who = "your side" if help_ else "you"
    cards = " from a hand no one has seen" if not view.hand else ""
    worth = round(hand_worth(view.hand, view.options))
    return f"as the bidder{f', with {helped}' if helped else ''}, {who} could expect about {worth} points{cards}"


def _partner_help(view: SeatView) -> str:
    """The partner's share ``hand_worth`` counts, named: "" where it counts none (three players,
    every player for themselves), so no partner who does not exist is named; under call-partner,
    the partner the bidder would call (none is known in the auction)."""
    if not team_share(view.options):
        return ""
    partners = _partners(view)
    if partners:
        return "your partners' help" if partners > 1 else "your partner's help"
    return "the partner you would call" if view.options.sides == "called-partner" else ""


def _name(view: SeatView, card: int) -> str:
    """The card's name in these rules ("Red 1" where the red 1 is a special trump)."""
    return C.name(card, deck_of(view.options).special)


def reason(view: SeatView, action: Action) -> str:
    """One sentence saying what ``action`` does and why, from the view alone (for the decisions
    the hard level makes by rule: the discard, handing over the trump call, the partner card; a
    play is described as it is, without the search's comparison)."""
    kind = action.kind
    if kind == A.PLAY:
        return f"{_play_fact(view, action.value)}."
    if kind == A.DISCARD:
        return _discard_reason(view, action.value, planned_trump(view))
    if kind == A.TRUMP:
        return _trump_reason(view, action.value, {}, 0)
    if kind == A.PARTNER:
        return "Let your partner name trump: you have no strong colour of your own."
    if kind == A.CALL:
        return (f"Call the {_name(view, action.value)}: a high card you lack; whoever holds it "
                "becomes your secret partner.")
    if kind == A.MISDEAL:
        held = misdeal_reason(view.options, deck_of(view.options), view.hand)
        return f"Call a misdeal: you hold {held}, so the cards are dealt again."
    if kind == A.CHECK:
        return "Check: you stay in the auction without bidding yet."
    return f"{str(action).capitalize()}."


def _trump_name(value: int) -> str:
    """A trump call by its action value: "red trump", "red trump with the Rook Bird low"."""
    trump, rook = A.trump_parts(value)
    name = "no trump" if trump == C.NO_TRUMP else f"{C.COLORS[trump]} trump"
    return f"{name} with the Rook Bird {rook}" if rook else name


def _trump_reason(view: SeatView, value: int, totals: dict[int, float], runs: int) -> str:
    """Why this trump call: the play-outs' totals when there are some, else (or when the
    play-outs cannot tell it from the next call) the hand's length and, where the Rook Bird is
    called, whether the hand holds it."""
    trump, rook = A.trump_parts(value)
    count = (view.hand & suits_of(view.options, trump).trump).bit_count() if trump != C.NO_TRUMP else 0
    # Each colour's own cards, as a player counts them (not the Rook Bird, a trump of every colour).
    special = deck_of(view.options).special
    lengths = {c: (view.hand & C.COLOR_MASK[c] & ~special).bit_count() for c in range(4)}
    longest = max(lengths, key=lambda c: (lengths[c], c == trump))
    strongest = ("your high cards are spread over every colour" if trump == C.NO_TRUMP
                 else f"it is your strongest colour, with {count} trump cards" if lengths[longest] <= lengths[trump]
                 # "Strongest" is by the tricks its cards count for: said of a shorter colour, a player
                 # heard it as the longest (found by the hint sweep).
                 # The longer colour's count first, then the trump's, named: "your yellow is longer
                 # (3 cards against 5)" was heard as 3 yellow (the hint sweep of session 34).
                 else f"by its cards it counts for the most tricks, though your {C.COLORS[longest]} is longer: "
                      f"{lengths[longest]} cards against {lengths[trump]} {C.COLORS[trump]}")
    if rook:
        held = bool(view.hand >> C.ROOK & 1)
        strongest += (", and you hold the Rook Bird, so called high it is your sure top trump"
                      if held and rook == "high" else
                      ", and another player holds the Rook Bird, so called low it is the weakest trump, "
                      "caught when trump is led" if not held and rook == "low" else "")
    if runs and len(totals) > 1:
        mine = totals[value] / runs
        second = max((t for t in totals if t != value), key=lambda t: totals[t])
        ahead = round(mine - totals[second] / runs)
        played = (f"Name {_trump_name(value)}: played out over {runs} likely deals, {_side_takes(view)} "
                  f"about {round(mine)} points with it")
        if ahead > 0:
            return f"{played}, {ahead} more than with {_trump_name(second)}."
        # Within the play-outs' noise of the best: named for what the hand holds.
        return f"{played}, about as much as with {_trump_name(second)}, and {strongest}."
    return f"Name {_trump_name(value)}: {strongest}."


def _auction_reason(view: SeatView, decision: BidDecision) -> str:
    action, counts = decision.action, decision.counts
    runs = len(counts)
    if decision.why == "partner-has-contract":
        return (f"Pass: your partner holds the high bid at {view.high_bid} and both opponents have "
                "passed; bidding higher would only risk a set.")
    if decision.why == "moon":
        line = moon_line(view.options)
        every = sum(c >= line for c in counts)
        # What the play-outs counted: the moon's bid where it needs no more (moon_bid=70 was
        # said as "every point": the options fuzz).
        took = "every point" if line >= deck_of(view.options).total else f"{line} or more"
        return (f"Bid {action.value}: it shoots the moon; {_side(view)} took {took} in {every} of "
                f"{runs} play-outs of likely deals.")
    if decision.why == "rules":
        return reason(view, action)
    if decision.search is not None:
        return _search_reason(decision.action, decision.search, _partner_name(view))
    if action.kind == A.BID:
        made = sum(c >= action.value for c in counts)
        return (f"Bid {action.value}: played out over {runs} likely deals, with the nest "
                f"{_side_takes(view)} {action.value} or more in {made} of them.")
    lowest = min((a.value for a in view.legal if a.kind == A.BID), default=view.options.max_bid)
    made = sum(c >= lowest for c in counts)
    if decision.why == "partner-high":
        return (f"Pass: your partner holds the bid at {view.high_bid}, and your hand does not add "
                f"enough to take it over at {lowest}.")
    if decision.capped:
        blind = "the bidding is blind, and " if not view.hand else ""  # no hand's figure (the parity sweep)
        return f"{_opening(action)}: {blind}{_expected(view)}, too little to bid {lowest}."
    return (f"{_opening(action)}: played out over {runs} likely deals, {_side_takes(view)} {lowest} "
            f"or more in only {made} of them.")


def _search_reason(action: Action, found: AuctionSearch, partner: str = "your partner") -> str:
    """The auction search's choice, then on lines of their own its evidence (as a play's hint, so
    no line runs long on a braille display or in speech): what going on to the best limit, or
    bidding now, led to in the deals played out, and what passing did. ``partner``: who holds
    the contract where passing leaves it to this side ("your partner")."""
    lowest, deals = found.lowest, found.deals
    now = found.outcomes[PASS_NOW]
    if action.kind == A.BID:
        best = found.best
        at = found.outcomes[best]
        upto = f"bidding on up to {best}" if best > lowest else "bidding no higher"
        why = _why_best(found, best)
        # Short clauses, "they" for the other side: the line is read on a 40-cell display.
        text = (f"Bid {lowest}: {upto} does best{why}.\nIn {deals} likely deals played out, your side gets "
                f"the contract in {at.ours} and makes it in {at.made}")
        if at.theirs:
            text += f"; they outbid you in {at.theirs} and are set in {at.set}"
        # What the bid is weighed against, which a contract seldom made needs said.
        return f"{text}.{_line(_if_you_pass(now, partner, f'make it in {now.theirs - now.set}'))}"
    bid = found.outcomes.get(lowest)
    passing = _if_you_pass(now, partner, f"are set in {now.set}")
    if bid is None:  # only moon shots are left to bid, which the search does not weigh (the options fuzz)
        played = f"In {deals} likely deals played out, {passing[0].lower()}{passing[1:]}" if passing else ""
        return f"Pass: every bid left, {lowest} or more, shoots the moon.{_line(played)}"
    if max(found.gain(limit) for limit in found.outcomes) <= 0:
        text = "Pass: no bid does better than passing."
    else:
        text = (f"Pass: bidding would gain under {PASS_MARGIN} points a hand, not enough to tell your partner "
                "you are strong.")
    text += (f"\nIn {deals} likely deals played out, bidding {lowest}, your side would get the contract "
             f"in {bid.ours} and make it in {bid.made}.")
    return text + _line(passing)


def _line(sentence: str) -> str:
    """``sentence`` on a line of its own, with its full stop; "" for none."""
    return f"\n{sentence}." if sentence else ""


def _if_you_pass(now: Outcome, partner: str, theirs: str) -> str:
    """What passing now led to: the contracts it leaves to this side's ``partner`` and how many
    it makes, then the other side's (``theirs``: "make it in 13" or "are set in 2"); "" where
    passing left no contract to either. "If you pass, they take it in 13 and make it in 13" left
    out that the partner got it in 27 and made it in 14, the reason to bid (hasbro seed 5: the
    hint sweep of session 38)."""
    said = []
    if now.ours:
        said.append(f"{partner} gets it in {now.ours} and makes it in {now.made}")
    if now.theirs:
        said.append(f"they take it in {now.theirs} and {theirs}")
    return f"If you pass, {'; '.join(said)}" if said else ""


def _partner_name(view: SeatView) -> str:
    """Who holds the contract where the player's pass leaves it to the player's side."""
    return "one of your partners" if _partners(view) > 1 else "your partner"


def _partners(view: SeatView) -> int:
    """How many partners the player's side gives it this hand, as far as the auction knows."""
    return (team_of(view, view.seat) & ~(1 << view.seat)).bit_count()


def _why_best(found: AuctionSearch, best: int) -> str:
    """Why a bid goes on when the play-outs seldom make its contract, said after "does best",
    from what decides it: "" when the contract is made in half the deals it is won in; else,
    where passing leaves the partner a contract it is set in at least as often as it leaves
    them one they make, and more often than bidding sets theirs, that the bid takes it off the
    partner ("to push them higher" was said where passing's own losses drove it: hasbro seed 5,
    the partner set in 13 of 27, the hint sweep of session 38); a push where they outbid it in a
    quarter of the deals or more and are set more often than if you pass; a sacrifice where
    passing lets them make theirs. "Bid 135" on a weak hand was heard as a claim it could make
    135 (georgia seed 19: made in 9 of 21; the hint sweep of session 32), and "to push them
    higher" was said where they outbid it in 7 of 40 (hasbro seed 5: the re-check of session 32)."""
    at, now = found.outcomes[best], found.outcomes[PASS_NOW]
    if 2 * at.made >= at.ours:
        return ""
    partner_set, they_make, pushed = now.ours - now.made, now.theirs - now.set, at.set - now.set
    if partner_set and partner_set >= max(they_make, pushed + 1):
        return ", rather than leave the contract to your partner"
    if 4 * at.theirs >= found.deals and pushed > 0:
        return ", to push them higher"
    if now.theirs and 2 * they_make > now.theirs:
        return ", rather than let them make theirs"
    return ""


def _side(view: SeatView) -> str:
    """Who the play-outs score for: "your side" where the seat has partners this hand (a called
    partner, even while still unknown), "you" where every player is for themselves (five or six
    players, a bidder alone against two or a dummy)."""
    alone = not team_of(view, view.seat) & ~(1 << view.seat) and view.options.sides != "called-partner"
    return "you" if alone else "your side"


def _side_takes(view: SeatView) -> str:
    side = _side(view)
    return f"{side} takes" if side != "you" else "you take"


def _opening(action: Action) -> str:
    return "Check" if action.kind == A.CHECK else "Pass"


def _discard_reason(view: SeatView, card: int, trump: int, plan: list[int] | None = None) -> str:
    """The whole discard when more than one card is to go (``plan``, the cards the bot lays
    card by card, for ``trump``), then why its first card goes."""
    count = view.options.nest_size - len(view.discards)
    if count <= 1:
        return _discard_card_reason(view, card, [card], trump)
    if plan is None:
        # Card by card as the core allows each (where counters go only when forced, the whole
        # plan the current legal cards allow may break the rule by its second card).
        plan = legal_discard_plan(view.hand, count, list(view.discards), trump, view)
    if card not in plan:
        return _discard_card_reason(view, card, [card], trump)
    why = _discard_card_reason(view, card, plan, trump)
    names = [_name(view, c) for c in [card] + [c for c in plan if c != card]]
    first = why.split(": ", 1)[1]
    return f"Discard {', '.join(names[:-1])} and {names[-1]}. First the {names[0]}: {first}"


def _discard_card_reason(view: SeatView, card: int, laid: list[int], trump: int) -> str:
    """Why ``card`` goes, one of the cards ``laid`` in this discard planned for ``trump``."""
    o = view.options
    deck = deck_of(o)
    suits = suits_of(o, trump)
    suit = suits.suit_of[card]
    name = _name(view, card)
    kept = view.hand & ~C.to_mask(laid)
    if 0 <= suit < 4 and suit != trump and not kept & suits.masks[suit]:  # the colour is emptied
        return f"Discard the {name}: it helps empty your {C.COLORS[suit]} so you can trump it."
    if deck.points[card] and o.nest_to == "last-trick":
        return (f"Discard the {name}: its {_points(deck.points[card])} come back to whoever "
                "takes the last trick, and your trump should take it.")
    return f"Discard the {name}: a low card you will not need."


def _play_reason(view: SeatView, card: int, values: dict[int, float]) -> str:
    """What the card does at the table, then why search chose it over the next best card."""
    what = _play_fact(view, card)
    if len(values) < 2:
        return f"{what}."
    second = max((c for c in values if c != card), key=lambda c: (values[c], -c))
    ahead = values[card] - values[second]
    # The search's evidence is a sentence of its own, on its own line: the two together run to
    # 170 characters, four lines of a 40-cell braille display.
    points = round(ahead)
    if points < 1:  # not "about 0 points better"
        return f"{what}.\nIn play-outs of likely deals it does as well as the {_name(view, second)}."
    if _game_at_stake(view):  # a game won or lost counts as two hands' points (playout.GAME_HANDS)
        return (f"{what}.\nThis hand can end the game: with the game won or lost counted, play-outs "
                f"of likely deals put it about {points} point{'s' if points != 1 else ''} ahead of "
                f"the {_name(view, second)}.")
    return (f"{what}.\nIn play-outs of likely deals it leaves {_side(view)} about {points} "
            f"point{'s' if points != 1 else ''} better off than the {_name(view, second)}.")


def _game_at_stake(view: SeatView) -> bool:
    """Whether this hand may end the game (so the search also weighed winning it): a fixed
    number of hands, a moon, or a total within one hand's points and bonuses of the target."""
    o = view.options
    reach = deck_of(o).total + o.last_trick_bonus + o.most_tricks_bonus + o.sweep_bonus
    return bool(o.hands) or view.moon or any(t + reach >= o.target for t in view.totals)


def _play_fact(view: SeatView, card: int) -> str:
    """A true description of the card in this trick, beginning "Play <card>"."""
    table = Table(view)
    name = _name(view, card)
    legal = table.playable()
    deck = table.deck
    suits = table.suits
    assert suits is not None
    dummy = view.turn == view.dummy and view.turn != view.seat  # the player plays the dummy's card
    your, you_have, you = ("the dummy's", "the dummy has", "the dummy") if dummy else ("your", "you have", "you")
    if len(legal) == 1:
        return f"Play {name}: it is {your} only legal card"
    if not view.trick:
        # Cards that may beat this lead: unseen ones, and the other side's face-up dummy's (a
        # partner's dummy is no threat).
        others = table.unseen | (view.dummy_hand if view.dummy >= 0 and not table.is_partner(view.dummy) else 0)
        is_trump = bool(C.BIT[card] & suits.trump)
        suit = suits.suit_of[card]
        colour = "trump" if is_trump else _suit_name(suit, suits.trump_suit)
        if table.is_boss(card):
            # "Boss" counts only cards held elsewhere: the hand may still hold higher ones of the
            # colour (the dummy's 14, 13, 12 behind its 11), so say exactly that, not "highest".
            if view.trump == C.NO_TRUMP and is_trump:
                colour = "card"  # the wild cards of a no-trump hand
            ruff = ", unless it is trumped" if not is_trump and _may_trump(table, suit) else ""
            return f"Play {name}: nobody else holds a higher {colour}, so it should win{ruff}"
        if is_trump and table.on_bidding_side and _opponents_trump(table):
            return f"Play {name}: leading trump draws the opponents' trump"
        mine = [c for c in C.cards_in(table.hand & suits.masks[suit])]
        rank = deck.rank
        counter = f", and its {_points(deck.points[card])} may be lost" if deck.points[card] else ""
        if len(mine) == 1:  # "a low lead that gives little away" was said of a lone 10
            return f"Play {name}: {your} only {colour}{counter}"
        if all(rank[c] <= rank[card] for c in mine):
            if any(rank[c] > rank[card] for c in C.cards_in(others & suits.masks[suit])):
                return f"Play {name}: {your} highest {colour}, though a higher one is still out{counter}"
            return f"Play {name}: {your} highest {colour}, and only your side holds higher ones"
        if all(rank[c] >= rank[card] for c in mine):  # a low 10 gives its 10 points away (the hint sweep)
            return f"Play {name}: a low {colour} lead{counter or ' that gives little away'}"
        return f"Play {name}: a middle {colour} lead"
    seat, best, power = table.winning
    led = table.led_suit
    points = table.trick_points
    if table.is_partner(seat):
        who = "your" if seat in (table.me, view.seat) else "the dummy's" if seat == view.dummy else "your partner's"
        if table.power(card, led) > power:  # "add 10 points to it" was said of a trump that took it (a sweep)
            worth = _worth(points, deck.points[card], your)
            threat = _overtaken_by(table, card)
            verb = "trumps" if C.BIT[card] & suits.trump and led != suits.trump_suit else "overtakes"
            if threat:  # "takes the trick" only when nothing still to play can beat it
                return f"Play {name}: it {verb} {who} {_name(view, best)}{f' in a trick{worth}' if worth else ''}, " \
                       f"though {threat}"
            return f"Play {name}: it {verb} {who} {_name(view, best)} and takes the trick{worth}"
        extra = f", so add {_points(deck.points[card])} to it" if deck.points[card] else ""
        if extra and (threat := _overtaken_by(table, best)):  # "add 10 points" heard as safe: West's
            extra += f", though {threat}"  # 13 took it (the partner sweep of session 31)
        return f"Play {name}: {who} {_name(view, best)} is winning this trick{extra}"
    if table.power(card, led) > power:
        worth = _worth(points, deck.points[card], your)
        threat = _overtaken_by(table, card)
        if C.BIT[card] & suits.trump and led != suits.trump_suit:
            though = f", though {threat}" if threat else ""
            if table.hand & suits.masks[led]:  # the Rook Bird, played at any time: "no red" was false
                return f"Play {name}: it may be played at any time, so trump the trick{worth}{though}"
            return f"Play {name}: {you_have} no {_suit_name(led, suits.trump_suit)}, so trump the trick{worth}{though}"
        if threat:
            trick = f" in a trick{worth}" if worth else ""
            return f"Play {name}: it beats the {_name(view, best)}{trick}, though {threat}"
        return f"Play {name}: it beats the {_name(view, best)} and takes the trick{worth}"
    later = _taken_later(table, "the dummy" if dummy else "you")
    if later:
        extra = f", so add {_points(deck.points[card])} to it" if deck.points[card] else ""
        return f"Play {name}: {later}{extra}"
    # A counter given up is said: the sweep found hints that gave points away in silence. "go to
    # that trick" read oddly (the whole-game sweep of session 35): the seat that takes it, when
    # nothing still to play can beat its card, else whoever wins it.
    to_whom = "whoever wins it" if _may_be_beaten(table, best) else seat_title(view.seats[seat])
    given = (f"; its {_points(deck.points[card])} {'goes' if deck.points[card] == 1 else 'go'} to {to_whom}"
             if deck.points[card] else "")
    takers = [c for c in legal if table.power(c, led) > power]
    if takers:
        # Another card would win the trick so far: the search chose to let it go (the evidence
        # line says by how much), so say that, not "you cannot win".
        taker = min(takers, key=lambda c: table.power(c, led))
        threat = _overtaken_by(table, taker)
        if threat:
            return (f"Play {name}: it lets this trick go; the {_name(view, taker)} would beat the "
                    f"{_name(view, best)}, but {threat}{given}")
        return f"Play {name}: it lets this trick go, though the {_name(view, taker)} would take it{given}"
    return f"Play {name}: {you} cannot win this trick{_kept_back(table, card, legal, dummy)}{given}"


def _may_be_beaten(table: Table, card: int) -> bool:
    """Whether a card still to come into this trick may beat ``card``: one a seat still to play may
    hold (``_overtaken_by``), or a legal card of a hand the player plays later, the player's own
    dummy (two-player: "whoever wins it" was said of North's top trump with only the player's
    dummy, holding none, to play: the re-check of session 36)."""
    if _overtaken_by(table, card):
        return True
    mine = table.power(card, table.led_suit)
    return any(table.power(c, table.led_suit) > mine for _seat, cards in _played_later(table) for c in cards)


def _played_later(table: Table) -> list[tuple[int, list[int]]]:
    """Each hand still to play to this trick whose card the player chooses (``_chosen_here``),
    with the cards it may legally play to it."""
    suits = table.suits
    assert suits is not None
    return [(s, list(C.cards_in(legal_plays(_may_hold(table, s), suits, table.led_suit))))
            for s in table.still_to_play if _chosen_here(table, s)]


def _taken_later(table: Table, after: str) -> str:
    """Where a hand the player plays later in this trick (its dummy, or its own hand while it
    plays the dummy's) may take it with a card nothing still to play can beat, said so: "the
    dummy's 12 red will take this trick after you"; "can take" where it has a choice; "the dummy
    will take this trick after you, whatever it plays" where every card it may play does. Else
    "". "It lets this trick go" was said of a 5 red played to a trick the dummy's only red, the
    12, was sure to take (two-player seed 13: the hint sweep of session 36)."""
    led = table.led_suit
    power = table.winning[2]
    for seat, cards in _played_later(table):
        sure = [c for c in cards if table.power(c, led) > power and not _overtaken_by(table, c)]
        if sure:
            return _takes_it(table, seat == table.view.seat, sure, len(cards), after)
    return ""


def _takes_it(table: Table, own: bool, sure: list[int], playable: int, after: str) -> str:
    """How a later hand (``own``: the player's own) takes the trick with one of its ``sure``
    cards, of the ``playable`` it may play."""
    if len(sure) == playable > 1:
        return (f"{'you' if own else 'the dummy'} will take this trick after {after}, whatever "
                f"{'you play' if own else 'it plays'}")
    taker = min(sure, key=lambda c: table.power(c, table.led_suit))
    verb = "will take" if playable == 1 else "can take"
    whose = "your" if own else "the dummy's"
    return f"{whose} {_name(table.view, taker)} {verb} this trick after {after}"


def _kept_back(table: Table, card: int, legal: list[int], dummy: bool) -> str:
    """Why this losing card and not a lower one: "keep your better cards" only of the lowest; a
    higher card played to keep lower counters out of the trick says so. One sentence said both
    ("Play 11 red: ... keep your better cards" where the 5 red's 5 points were the reason: the
    sweep of session 34)."""
    deck = table.deck
    lower = [c for c in legal if deck.rank[c] < deck.rank[card]]
    if not lower:
        return f", so keep {'its' if dummy else 'your'} better cards"
    if not all(deck.points[c] > deck.points[card] for c in lower):
        return ""
    names = " and ".join(_name(table.view, c) for c in lower)
    total = _points(sum(deck.points[c] for c in lower))
    whose = "the dummy's" if dummy else "your"
    return f", so {whose} {names} {'keep their' if len(lower) > 1 else 'keeps its'} {total} out of it"


def _may_hold(table: Table, seat: int) -> int:
    """The cards another ``seat`` may play from, as far as this seat knows: none where it sits
    the hand out (a moon played alone: the moon sweep), the player's own hand where the player
    plays the dummy's card (two-player: it was read as a hidden hand holding every unseen card),
    a face-up dummy's own cards, else the unseen ones of suits it has not shown it lacks
    (``Table.could_hold``)."""
    view = table.view
    if view.sitting >> seat & 1:
        return 0
    if seat == view.seat:
        return view.hand
    return view.dummy_hand if seat == view.dummy else table.could_hold(seat)


def _chosen_here(table: Table, seat: int) -> bool:
    """Another seat whose card the player chooses: a partner's face-up dummy, or the player's
    own hand while the player plays the dummy's. It threatens nothing in this trick."""
    view = table.view
    return seat != table.me and (seat == view.seat or seat == view.dummy and table.is_partner(seat))


def _may_trump(table: Table, led: int) -> bool:
    """Whether another seat could trump a lead of suit ``led``: one that may hold trump, but not
    a seat whose card the player chooses (``_chosen_here``), nor a seen hand holding the colour
    led (it must follow)."""
    suits = table.suits
    assert suits is not None
    view = table.view
    for seat in range(table.n):
        if seat == table.me or _chosen_here(table, seat) \
                or (seat in (view.dummy, view.seat) and _may_hold(table, seat) & suits.masks[led]):
            continue
        if _may_hold(table, seat) & suits.trump:
            return True
    return False


def _opponents_trump(table: Table) -> bool:
    """Whether an opponent may still hold trump ("leading trump draws the opponents' trump" was
    said with none)."""
    assert table.suits is not None
    return any(_may_hold(table, seat) & table.suits.trump for seat in range(table.n)
               if seat != table.me and not table.is_partner(seat))


def _worth(points: int, own: int, your: str = "your") -> str:
    """What a trick taken is worth, the card's own points with it: " worth 5 points" was said of
    a trick that held none but the card the hint plays (the new-player sweep of session 30).
    ``your``: "the dummy's" where the player plays the dummy's card (the re-check)."""
    if not points + own:
        return ""
    return f" worth {_points(points + own)}{f' with {your} card' if own else ''}"


def _overtaken_by(table: Table, card: int) -> str:
    """What could still beat ``card`` in this trick, said after "though": "" when nothing can; "it
    may be trumped" when only a trump could (a seat out of the colour led); else "a higher card is
    still out". A card counts when this seat has not seen it, or it lies in a face-up dummy still
    to play for the other side (whether that seat can follow, nobody knows yet)."""
    view = table.view
    # A partner's dummy still to play holds only what is seen, and the player chooses its card:
    # no threat (the tenth re-check), nor can a card still out come into the trick through it.
    later = [s for s in table.still_to_play if not _chosen_here(table, s)]
    if not later:
        return ""
    led = table.led_suit
    suits = table.suits
    assert suits is not None
    # Cards still out come only through a hidden hand; a face-up dummy plays what it may of its
    # own seen cards (it must follow: the eleventh re-check found "a higher trump is still out"
    # with only the other side's dummy, holding the colour led, to play).
    cards = 0
    for seat in later:  # nothing of a suit it has shown none of (the hint sweep); a dummy what it may play
        cards |= legal_plays(view.dummy_hand, suits, led) if seat == view.dummy else _may_hold(table, seat)
    mine = table.power(card, led)
    higher = [c for c in C.cards_in(cards) if table.power(c, led) > mine]
    if not higher:
        return ""
    if C.BIT[card] & suits.trump and led != suits.trump_suit:
        return "a higher trump is still out"  # "it may be trumped" was said of a trump
    if led != suits.trump_suit and all(C.BIT[c] & suits.trump for c in higher):
        return "it may be trumped"
    return "a higher card is still out"


def _points(count: int) -> str:
    return counted(count, "point")  # "1 points" in the beginner game


def _suit_name(suit: int, trump_suit: int) -> str:
    if suit == trump_suit:
        return "trump"
    return C.COLORS[suit] if suit < 4 else "wild cards"
