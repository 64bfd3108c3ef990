"""The hint: a legal action and one sentence that starts by saying it, at every kind of table and
in every phase, in words the console takes as that action when typed as said."""

from __future__ import annotations

import re

import pytest

from rook_access.ai.auction_search import PASS_MARGIN, PASS_NOW
from rook_access.ai.context import Table
from rook_access.ai.hard import HardBot
from rook_access.ai.hint import _play_fact, hint
from rook_access.ai.players import make_player
from rook_access.console.parse import parse
from rook_access.core import actions as A
from rook_access.core import cards as C
from rook_access.core import new_game, resolve
from rook_access.core.actions import Action
from rook_access.core.tricks import legal_plays
from tests.ai_tables import tables
from tests.core_helpers import act, game

TABLES = tables()
OPENINGS = {
    "play": "Play ", "bid": "Bid ", "pass": "Pass", "check": "Check", "misdeal": "Call a misdeal",
    "discard": "Discard ", "trump": "Name ", "partner": "Let your partner", "call": "Call the ",
}


def typed_as_said(reason: str) -> Action:
    """The action the console takes from the hint's opening words (up to its first colon or full
    stop) typed as they are said: a player who hears "Discard 5 black, ..." types just that."""
    said = re.split(r"[:.]", reason, maxsplit=1)[0]
    command = parse(said)
    if command.name in ("play", "discard", "call"):
        return Action(command.name, command.cards[0])
    if command.name == "bid":
        return Action(A.BID, command.number)
    if command.name in ("trump", "notrump"):
        colour = C.NO_TRUMP if command.name == "notrump" else command.colour
        assert colour is not None, reason
        return A.trump_action(colour, command.rook)
    return Action(command.name)


@pytest.mark.parametrize(("label", "preset", "overrides"), TABLES, ids=[t[0] for t in TABLES])
def test_hints_are_legal_and_say_what_to_do(label: str, preset: str, overrides: dict | None) -> None:
    options = resolve(preset, overrides)
    state, _ = new_game(preset, options, 21)
    players = {i: make_player("normal", s, options, i) for i, s in enumerate(state.seats)}
    seen: set[str] = set()
    step = 0
    while not state.is_over() and state.hand_number <= 1:
        view = state.view(state.actor)
        step += 1
        if step % 4 == 1 or view.phase != "play":
            action, reason = hint(view, seed=5)
            assert action in view.legal
            assert reason.startswith(OPENINGS[action.kind]), reason
            assert typed_as_said(reason) == action, reason
            # One sentence, or for a play or an auction search's call its choice and then the
            # search's evidence on a second line (for a call, and what passing led to on a third).
            first, *evidence = reason.split("\n")
            assert all(line.endswith(".") for line in [first, *evidence]), reason
            assert not evidence or (action.kind == "play" and len(evidence) == 1
                                    and evidence[0].startswith(("In play-outs of likely deals ",
                                                                "This hand can end the game: "))) or (
                action.kind in ("bid", "pass") and len(evidence) in (1, 2)
                and evidence[0].startswith("In 40 likely deals played out, ")
                and all(line.startswith("If you pass, ") for line in evidence[1:])), reason
            if action.kind in ("play", "discard", "call"):
                assert state.card_name(action.value) in reason  # "Little Rook", not "1 black"
            seen.add(view.phase)
        state.apply(players[state.actor].choose(view))
    assert "play" in seen


def test_no_hint_when_it_is_not_the_seats_turn() -> None:
    state, _ = new_game("hasbro", None, 1)
    waiting = (state.actor + 1) % 4
    with pytest.raises(ValueError):
        hint(state.view(waiting))


def test_hint_sentences_are_true_to_the_hand() -> None:
    """Issue 12: no "a low lead" for the highest card of its colour in hand; a bid above the
    hand's own worth says where the rest comes from; a discard of several cards names them all."""
    import re

    from rook_access.core import Phase

    checked = {"bid": 0, "discard": 0, "lead": 0}
    for seed in range(1, 7):
        state, _ = new_game("hasbro", None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        leads = 0
        while not state.is_over() and state.hand_number <= 1:
            view = state.view(state.actor)
            leads += view.phase == Phase.PLAY and not view.trick
            if view.phase == Phase.PLAY and (view.trick or leads > 3):  # a play hint searches: a few
                state.apply(players[state.actor].choose(view))
                continue
            action, reason = hint(view, seed=3)
            worth = re.match(r"Bid (\d+): your hand is worth about (\d+) points", reason)
            if worth:
                assert int(worth.group(2)) >= int(worth.group(1)), reason
            checked["bid"] += reason.startswith("Bid ")
            checked["lead"] += view.phase == Phase.PLAY
            if view.phase == Phase.DISCARD and state.options.nest_size - len(view.discards) > 1:
                named = re.match(r"Discard (.*)\. First the ", reason)
                assert named, reason
                checked["discard"] += 1
                assert len(named.group(1).replace(" and ", ", ").split(", ")) == state.options.nest_size - len(
                    view.discards), reason
            if ": a low " in reason:
                card = action.value
                colour_cards = [c for c in C.cards_in(view.hand) if C.color_of(c) == C.color_of(card)
                                and c != C.ROOK]
                assert min(colour_cards, key=lambda c: (C.number_of(c) == 1, C.number_of(c))) == card or \
                    card == C.ROOK, reason
            state.apply(players[state.actor].choose(view))
    assert all(checked.values()), checked


def _lead_views(preset: str, seed: int) -> list:  # type: ignore[type-arg]
    state, _ = new_game(preset, None, seed)
    players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
    views = []
    while not state.is_over() and state.hand_number <= 1:
        view = state.view(state.actor)
        if view.phase == "play" and not view.trick:
            views.append(view)
        state.apply(players[state.actor].choose(view))
    return views


@pytest.mark.parametrize("preset", ["hasbro", "kentucky-west", "georgia"])
def test_a_lead_is_described_as_what_it_is(preset: str) -> None:
    """Never "a low lead" for the highest card of its colour in the hand (issue 13: "Play 13
    red: a low lead" when 13 was the highest red); "highest" only for the highest."""
    described = 0
    for view in [v for seed in range(4, 10) for v in _lead_views(preset, seed)]:
        table = Table(view)
        assert table.suits is not None
        for card in table.playable():
            fact = _play_fact(view, card)
            suit = table.suits.suit_of[card]
            mine = [c for c in C.cards_in(table.hand & table.suits.masks[suit])]
            ranks = [table.deck.rank[c] for c in mine]
            if ": a low " in fact:
                assert table.deck.rank[card] == min(ranks), fact
                described += 1
            if "your highest" in fact:
                assert table.deck.rank[card] == max(ranks) and len(mine) > 1, fact
                described += 1
    assert described > 10


def test_a_bid_hint_gives_the_search_that_justifies_it() -> None:
    """The reason is the auction search's own evidence, read from the search the bot chose by:
    a bid names what going on to the best limit led to in the sampled deals, a pass what bidding
    would have led to; never a count the search did not see."""
    seen: set[str] = set()
    for view in _auction_views("hasbro", range(6)):
        action, why = hint(view, seed=1)
        decision = HardBot(1).bid_decision(view)
        assert decision.action == action
        if decision.search is None:
            assert decision.why in ("moon", "partner-has-contract"), decision
            continue
        found = decision.search
        lowest = min(a.value for a in view.legal if a.kind == "bid")
        if action.kind == "bid":
            at = found.outcomes[found.best]
            assert found.best >= lowest
            first, evidence, *passing = why.split("\n")
            upto = f"bidding on up to {found.best}" if found.best > lowest else "bidding no higher"
            assert first.startswith(f"Bid {lowest}: {upto} does best") and first.endswith("."), why
            assert evidence.startswith(f"In {found.deals} likely deals played out, your side gets the "
                                       f"contract in {at.ours} and makes it in {at.made}"), why
            now = found.outcomes[PASS_NOW]
            assert bool(passing) == bool(now.ours or now.theirs), why
            if now.theirs:  # what the bid is weighed against is said too
                assert passing[0].endswith(f"they take it in {now.theirs} and make it in {now.theirs - now.set}."), why
                seen.add("against passing")
            if now.ours:  # and what passing leaves the partner
                assert passing[0].startswith(f"If you pass, your partner gets it in {now.ours} and makes it in "
                                             f"{now.made}"), why
        else:
            bid = found.outcomes[lowest]
            assert all(found.gain(limit) < PASS_MARGIN for limit in found.outcomes)
            first, evidence, *_passing = why.split("\n")
            assert (first == "Pass: no bid does better than passing.") == all(
                found.gain(limit) <= 0 for limit in found.outcomes), why
            assert evidence.startswith(f"In {found.deals} likely deals played out, bidding {lowest}, your side "
                                       f"would get the contract in {bid.ours} and make it in {bid.made}"), why
        seen.add(action.kind)
    assert seen == {"bid", "pass", "against passing"}


def _auction_views(preset: str, seeds: range) -> list:  # type: ignore[type-arg]
    """Every auction view of the first hand of each seed's game, the normal level bidding."""
    views = []
    for seed in seeds:
        state, _ = new_game(preset, None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while state.phase == "auction" and state.hand_number == 1:
            view = state.view(state.actor)
            views.append(view)
            state.apply(players[state.actor].choose(view))
    return views


def test_a_hint_without_fixed_partners_gives_the_play_outs() -> None:
    """Where nobody's partner is known in the auction (call-partner), the bid rests on the
    play-outs of this hand as bidder, and the hint says so."""
    seen = set()
    for seed in range(12):
        state, _ = new_game("call-partner", None, seed)
        view = state.view(state.actor)
        action, why = hint(view, seed=1)
        decision = HardBot(1).bid_decision(view)
        assert decision.action == action and decision.search is None
        if action.kind == "bid":
            made = re.search(r"takes (\d+) or more in (\d+) of them", why)
            assert made and int(made.group(1)) == action.value
            assert int(made.group(2)) >= 0.4 * len(decision.counts)
        seen.add(action.kind)
    assert "bid" in seen


def test_a_partner_with_the_contract_is_the_reason_to_pass() -> None:
    state = game("hasbro", dealer="north", fixed={"north": ["rook", "14g", "13g", "12g", "11g", "10g"]})
    act(state, "pass", "bid 70", "pass")  # east passes, south (north's partner) bids, west passes
    action, why = hint(state.view("north"), seed=2)
    assert action.kind == "pass"
    assert why == ("Pass: your partner holds the high bid at 70 and both opponents have passed; "
                   "bidding higher would only risk a set.")


def test_every_kind_of_hint_typed_as_said_is_that_action() -> None:
    """The kinds a game rarely reaches in the tables above: handing over the trump call, calling a
    misdeal, checking, calling a partner card, a trump with the Rook Bird called, no trump."""
    from rook_access.ai.hint import _trump_reason, reason

    state, _ = new_game("georgia", None, 3)
    view = state.view(state.actor)
    for action in (A.PARTNER_ACTION, A.CHECK_ACTION, A.CALLS[C.make(14, 0)], A.trump_action(1, "low"),
                   A.trump_action(2, "high"), A.trump_action(C.NO_TRUMP), A.trump_action(3)):
        said = _trump_reason(view, action.value, {}, 0) if action.kind == A.TRUMP else reason(view, action)
        assert typed_as_said(said) == action, said
    misdeal = reason(view, A.MISDEALS[view.seat])
    assert typed_as_said(misdeal).kind == A.MISDEAL, misdeal


@pytest.mark.parametrize("preset", ["hasbro", "georgia", "call-partner-high-low", "two-player"])
def test_what_a_following_card_does_to_the_trick_is_said_truly(preset: str) -> None:
    """"You cannot win this trick" only when no legal card beats the card winning it so far;
    when one would, the sentence says the card lets the trick go and names the one that would.
    "Takes the trick" only when no seat still to play could hold a card that beats it."""
    said = {"cannot": 0, "lets go": 0, "takes": 0, "still out": 0, "trumped": 0, "given": 0, "named early": 0}
    # Deals enough that each kind of fact comes up (normal's play decides which): in two-player a
    # hidden hand is still to play in fewer tricks, so twice as many.
    for seed in range(1, 11 if preset == "two-player" else 6):
        state, _ = new_game(preset, None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while not state.is_over() and state.hand_number <= 2:
            view = state.view(state.actor)
            if view.phase == "play" and view.trick:
                table = Table(view)
                power = table.winning[2]
                legal = table.playable()
                beaten = [c for c in legal if table.power(c, table.led_suit) > power]
                # The seats still to play that could beat a card: not a partner's dummy, nor the
                # player's own hand while it plays the dummy's card (their cards are seen, and the
                # player chooses among them: the re-check of 6431a95).
                later = [s for s in table.still_to_play
                         if not (s == view.dummy and table.is_partner(s)) and s != view.seat]
                # A face-up dummy still to play holds only what it may play: it must follow (two-player
                # seed 5: the dummy's 14 black, trump, with greens in it to follow a green lead).
                dummy = legal_plays(view.dummy_hand, table.suits, table.led_suit) \
                    if view.dummy in later and view.dummy != table.me else 0
                # What a seat still to play may hold: unseen, and not of a suit it showed none of
                # (a higher trump "still out" was said of seats that had shown no trump: the hint sweep).
                hidden = 0
                for seat in later:
                    if seat != view.dummy:
                        shown_out = sum(m for i, m in enumerate(table.suits.masks) if table.voids[seat] >> i & 1)
                        hidden |= table.unseen & ~shown_out
                unseen = list(C.cards_in(hidden | dummy))
                # The legal cards of a hand the player plays later in this trick (its own dummy).
                chosen = [c for s in table.still_to_play if s not in later for c in C.cards_in(legal_plays(
                    view.hand if s == view.seat else view.dummy_hand, table.suits, table.led_suit))]
                for card in legal:
                    fact = _play_fact(view, card)
                    mine = table.power(card, table.led_suit)
                    safe = not later or all(table.power(c, table.led_suit) < mine for c in unseen)
                    if "takes the trick" in fact:
                        assert card in beaten and safe, fact
                        said["takes"] += 1
                    if "beats the" in fact and "higher card is still out" in fact:
                        assert not safe, fact
                        said["still out"] += 1
                    if "beats the" in fact and "it may be trumped" in fact:
                        # Only a trump could overtake it: the colour led is not trump.
                        assert not safe and table.led_suit != table.suits.trump_suit, fact
                        over = [c for c in unseen if table.power(c, table.led_suit) > mine]
                        assert all(C.BIT[c] & table.suits.trump for c in over), fact
                        said["trumped"] += 1
                    if "cannot win this trick" in fact:
                        assert not beaten, fact
                        said["cannot"] += 1
                    if "cannot win this trick" in fact or "lets this trick go" in fact:
                        # A counter given up is said (found by the partner sweep).
                        points = table.deck.points[card]
                        # To the seat that takes it when nobody is still to play (the re-check of session 35),
                        # or nothing still to play can beat its card: no card a seat still to play may hold,
                        # nor a legal one of a hand the player plays later (the re-check of session 36).
                        winner = table.winning[0]
                        settled = all(table.power(c, table.led_suit) < power for c in unseen + chosen)
                        taker = "whoever wins it" if not settled else "the dummy" if winner == view.dummy else \
                            view.seats[winner].capitalize()
                        assert (f"its {points} points go to {taker}" in fact) == (points > 0), fact
                        said["given"] += points > 0
                        said["named early"] += points > 0 and settled and bool(table.still_to_play)
                    if "lets this trick go" in fact:
                        assert beaten and card not in beaten, fact
                        assert any(f"the {C.name(c, table.deck.special)} would" in fact for c in beaten), fact
                        said["lets go"] += 1
            state.apply(players[state.actor].choose(view))
    assert all(said.values()), said


def _at_the_discard(preset: str, seed: int):  # noqa: ANN202 - a GameState or None
    """A game of normal players played to its first discard, or None when it ended first."""
    from rook_access.core import Phase

    state, _ = new_game(preset, None, seed)
    players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
    while state.phase not in (Phase.DISCARD, Phase.OVER):
        state.apply(players[state.actor].choose(state.view(state.actor)))
    return None if state.phase == Phase.OVER else state


@pytest.mark.parametrize("preset", ["kentucky-west"])  # little-rook: 40 deals, none where it binds
def test_a_whole_discard_hinted_is_legal_typed_as_said(preset: str) -> None:
    """Where counters go to the nest only when forced, the discard the hint names, typed whole as
    said ("discard 5 black, 3 green, ..."), is one the rules take (it once named counters the
    second card could not be: a player following the hints was stuck)."""
    from rook_access.ai.discard import plan_discard
    from rook_access.ai.hand_value import best_trump
    from rook_access.core import IllegalAction

    bound = 0
    for seed in range(1, 200):  # 39 deals at least, and on until the rule has bound twice
        if seed >= 40 and bound >= 2:
            break
        state = _at_the_discard(preset, seed)
        if state is None:
            continue
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        view = state.view(state.actor)
        if not any(a.kind == A.DISCARD for a in view.legal):
            state.apply(players[state.actor].choose(view))  # the trump call comes first here
            view = state.view(state.actor)
        _action, reason = hint(view, seed=3)
        command = parse(re.split(r"[:.]", reason, maxsplit=1)[0])
        assert command.name == "discard" and len(command.cards) == state.options.nest_size, reason
        trial = state.clone()
        for card in command.cards:
            try:
                trial.apply(Action(A.DISCARD, card))
            except IllegalAction as exc:
                raise AssertionError(f"seed {seed}: {reason} -> {exc}") from None
        # The rule binds where the whole plan the first card's legal set allows breaks it.
        allowed = C.to_mask(a.value for a in view.legal if a.kind == A.DISCARD)
        trump = view.trump if view.trump >= 0 else best_trump(view.hand, view.options)[0]
        naive = state.clone()
        try:
            for card in plan_discard(view.hand, state.options.nest_size, allowed, trump, view.options):
                naive.apply(Action(A.DISCARD, card))
        except IllegalAction:
            bound += 1
    assert bound, "no deal where the rule binds: the test would not see the fault"


@pytest.mark.parametrize("preset", ["two-player", "three-player"])
def test_an_auction_hint_without_a_partner_never_speaks_of_one(preset: str) -> None:
    from rook_access.core import Phase

    said = []
    # A lone bidder's hand is worth at least the minimum bid of 50 with the nest (hand_value's
    # LONE_TRICK_SHARE): a minimum of 70 reaches the case that said "partner" too.
    for seed, options in [(seed, None) for seed in range(1, 9)] + [(1, ["min_bid=70"])]:
        state, _ = new_game(preset, options, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while state.phase == Phase.AUCTION:
            view = state.view(state.actor)
            said.append(hint(view, seed=3)[1])
            state.apply(players[state.actor].choose(view))
    assert any("as the bidder, with the nest, you could expect about" in reason for reason in said)  # it said one
    assert any(reason.startswith("Bid") for reason in said)
    assert not [reason for reason in said if "partner" in reason]


def test_a_discard_said_to_empty_a_colour_empties_it() -> None:
    """"It helps empty your red so you can trump it" was said of a discard that kept the 14 red."""
    said = 0
    for preset, seed in [("hasbro", seed) for seed in range(60, 80)] + [("georgia", seed) for seed in range(1, 10)]:
        state = _at_the_discard(preset, seed)
        if state is None:
            continue
        view = state.view(state.actor)
        _action, reason = hint(view, seed=3)
        emptied = re.search(r"helps empty your (\w+)", reason)
        if emptied is None:
            continue
        laid = C.to_mask(parse(re.split(r"[:.]", reason, maxsplit=1)[0]).cards)
        colour = C.COLORS.index(emptied.group(1))
        assert not view.hand & ~laid & C.COLOR_MASK[colour] & ~C.BIT[C.ROOK], (preset, seed, reason)
        said += 1
    assert said  # some discard empties a colour


@pytest.mark.parametrize("preset", ["five-player", "six-player"])
def test_where_every_player_is_alone_the_hint_never_speaks_of_a_side(preset: str) -> None:
    """Five and six players each score for themselves: the hint says "you take", not "your side
    takes" (found by a helper playing these presets)."""
    said = []
    for seed in range(1, 5):
        state, _ = new_game(preset, None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        step = 0
        while not state.is_over() and state.hand_number == 1:
            view = state.view(state.actor)
            step += 1
            if view.phase != "play" or step % 7 == 0:
                said.append(hint(view, seed=3)[1])
            state.apply(players[state.actor].choose(view))
    assert any("you take" in reason for reason in said)
    assert any("leaves you about" in reason for reason in said)
    assert not [reason for reason in said if "your side" in reason or "partner" in reason]


def test_the_dummys_card_is_called_the_dummys_in_a_hint() -> None:
    """Two players: the dummy is nobody's partner ("your partner's 7 black is winning" was said)."""
    for seed in range(1, 40):
        state, _ = new_game("two-player", None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while not state.is_over() and state.hand_number == 1:
            view = state.view(state.actor)
            if (view.phase == "play" and view.trick and view.seat != view.dummy and view.turn != view.dummy
                    and Table(view).winning[0] == view.dummy and Table(view).is_partner(view.dummy)):
                cards = [a.value for a in view.legal]
                facts = [_play_fact(view, card) for card in cards]
                assert all("the dummy's" in fact and "partner" not in fact for fact in facts
                           if "is winning this trick" in fact), facts
                return
            state.apply(players[state.actor].choose(view))
    raise AssertionError("the dummy never won a trick so far beside its player")


def test_a_trump_call_within_the_noise_says_why_this_call_of_the_rook_bird() -> None:
    """Black with the Rook Bird low, within the play-outs' noise of black with it high: the hint
    said only "your strongest colour", which does not tell low from high (found by the re-check).
    Its reason now says what the hand holds, as the call without play-outs does."""
    from rook_access.ai.context import suits_of
    from rook_access.ai.hint import _trump_reason
    from rook_access.core import Phase

    for seed in range(1, 30):
        state, _ = new_game("call-partner-high-low", None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while state.phase not in (Phase.TRUMP, Phase.OVER):
            state.apply(players[state.actor].choose(state.view(state.actor)))
        view = state.view(state.actor)
        if state.phase == Phase.TRUMP and not view.hand >> C.ROOK & 1:
            break
    else:
        pytest.fail("no trump call by a hand without the Rook Bird")
    # The hand's longest colour, so "your strongest colour" is true of it by length too.
    colour = max(range(4), key=lambda c: (view.hand & suits_of(view.options, c).trump).bit_count())
    name = C.COLORS[colour]
    low, high = A.trump_value(colour, "low"), A.trump_value(colour, "high")
    said = _trump_reason(view, low, {low: 800.0, high: 800.0}, 40)
    assert said.startswith(f"Name {name} trump with the Rook Bird low: played out over 40 likely deals")
    count = (view.hand & suits_of(view.options, colour).trump).bit_count()
    assert said.endswith(f"about as much as with {name} trump with the Rook Bird high, and it is your strongest "
                         f"colour, with {count} trump cards, and "
                         "another player holds the Rook Bird, so called low it is the weakest trump, caught "
                         "when trump is led.")


def test_a_hint_for_the_dummys_card_speaks_of_the_dummy() -> None:
    """"Play 6 black: you have no yellow, so trump the trick", of the dummy's void, while the
    player held yellow (found by the re-check)."""
    seen = 0
    for seed in range(1, 6):
        state, _ = new_game("two-player", None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while not state.is_over() and state.hand_number <= 1:
            actor = state.actor
            view = state.view(actor)
            if view.phase == "play" and view.turn == view.dummy and view.turn != view.seat:
                for card in Table(view).playable():
                    fact = _play_fact(view, card)
                    assert not re.search(r"\byou have\b|\byour only\b|\byour highest\b|\byou cannot\b|"
                                         r"\byour partner", fact), fact  # two players: no partner
                    seen += "the dummy" in fact
            state.apply(players[actor].choose(view))
    assert seen


def test_the_hints_words_are_true_of_the_hand_and_the_trick() -> None:
    """Found by the hint sweep: the Rook Bird played at any time was "you have no red" while red
    was held; "it may be trumped" was said of a trump; a lone 10 led was "a low lead that gives
    little away"; higher cards in the player's own dummy were "still out"; "1 points"."""
    from rook_access.ai.hint import _overtaken_by
    from tests.console_helpers import Table as Console
    from tests.test_ai_heuristics import west_contract

    # West (green trump) leads the 14 red; North holds red and the Rook Bird.
    state = west_contract(north=["5r", "rook"], east=["6r"], south=["7r"], west=["14r"])
    act(state, "play 14r")
    view = state.view("north")
    said = _play_fact(view, C.ROOK)
    assert "no red" not in said and said.startswith("Play Rook Bird: it may be played at any time"), said
    # A trump that would beat the trick: the threat to it is a higher trump, not "trumped".
    assert _overtaken_by(Table(view), C.from_code("10g")) == "a higher trump is still out"
    # A lone red led: its only red, and its points.
    west = ["10r", "5x", "6x", "7x", "8x", "9x", "10x", "11x", "12x"]
    state = west_contract(north=["5r"], east=["6r"], south=["7r"], west=west)
    assert _play_fact(state.view("west"), C.from_code("10r")) == \
        "Play 10 red: your only red, and its 10 points may be lost"
    # Two-player: the dummy the player plays holds the higher yellows.
    two = Console("two-player", seed=3, level="normal", options=["hands=1"])
    for line in ("pass", "pass", "pass", "5g", "8g", "10x", "8x", "4g", "11y", "14x", "5x"):
        two.run(line)
    assert two.run("hint").lines[0] == "Hint: Play 12 red: your highest red, and only your side holds higher ones."
    assert two.state.view("south").dummy_hand & C.to_mask([C.from_code("13r"), C.from_code("14r")])
    # Nor is the player's own dummy, still to play, a threat to the card that wins the trick
    # (the tenth re-check: "it beats the 6 green, though a higher card is still out").
    two = Console("two-player", seed=4, level="normal", options=["hands=1"])
    for line in ("bid 50", "pass", "11y", "8y", "5x", "4x", "11x", "8x", "5r", "13r", "13x", "14r", "4r", "6r", "8r",
                 "10r", "5y", "6y"):
        two.run(line)
    assert two.run("hint").lines[0] == "Hint: Play 8 green: it beats the 6 green and takes the trick."
    # The dummy leads its highest yellow, the 13; the higher one is the player's own 14, not the
    # dummy's (the tenth re-check: "only the dummy holds higher ones").
    deal = {"dealer": "north", "nest": ["11x", "12x", "13x", "14x", "7y"], "aside": ["8y", "9y", "10y"],
            "hands": {"south": ["12y", "14y", "7g", "8g", "9g", "7x", "8x", "9x", "10x", "4y", "5y", "6y"],
                      "dummy": ["11y", "13y", "4r", "5r", "6r", "7r", "4g", "5g", "6g", "4x", "5x", "6x"],
                      "north": ["8r", "9r", "10r", "11r", "12r", "13r", "14r", "10g", "11g", "12g", "13g", "14g"]}}
    led = Console("two-player", deal=deal, level="normal")
    led.run("pass")
    assert led.run("hint").lines[0] == \
        "Hint: Play 13 yellow: the dummy's highest yellow, and only your side holds higher ones."
    beginner = Console("beginner", seed=1, level="normal")
    beginner.run("Play 6 green")
    assert "its 1 point goes to whoever wins it" in beginner.run("hint").lines[0]


def test_a_hand_without_counters_is_thrown_in_on_turn_as_off_it() -> None:
    """Georgia seed 671: off turn the hint said to call a misdeal, on the player's turn "Pass":
    the hard level's auction search never weighed a misdeal (found by the hint sweep). Now the
    hard level calls it by the normal rule on its turn too, and the hint says so."""
    from tests.console_helpers import Table as Console

    table = Console("georgia", seed=671, level="normal")
    view = table.state.view(table.session.me)
    assert A.MISDEALS[view.seat] in view.legal and any(a.kind == A.BID for a in view.legal)
    assert HardBot(1).choose(view) == A.MISDEALS[view.seat]
    assert table.run("hint").lines == ["Hint: Call a misdeal: you hold no counters, so the cards are dealt again."]


@pytest.mark.parametrize(("preset", "seed", "said"), [
    ("call-partner", 3, "Hint: Pass: as the bidder, with the nest and the partner you would call, your side could "
                        "expect about 73 points, too little to bid 85."),
    ("baby-rook", 178, "Hint: Keep these cards: played out over 40 likely deals, with the nest your side takes "
                       "70 or more in 36 of them. Press Enter, or type keep.")])
def test_the_bid_figure_is_said_as_what_the_bidders_side_could_expect(preset: str, seed: int, said: str) -> None:
    """"Your own cards are worth about 73 points" and "they are worth about 102 points" were said
    of hands with no counters: the figure is what the hand is worth to its side as the bidder,
    the nest and a partner's share in it (the hint sweep of session 38)."""
    from tests.console_helpers import Table as Console

    table = Console(preset, seed=seed, level="hard")
    assert table.run("hint").lines == [said]


def test_keeping_seven_small_trumps_is_said_by_what_they_take_in_play_outs() -> None:
    """Baby-rook, seven small reds and three small greens, no counters: "Keep these cards: ...
    your side could expect about 178 points" was the hand's estimate, where its play-outs took
    70 or more in 39 of 40 deals and as the bidder it took about 142 (the sweep of session 39). The
    keep is said by the play-outs at the lowest bid, as the bid's own hint says it."""
    from rook_access.ai.hint import misdeal_offer_hint

    reds = ["6r", "7r", "8r", "9r", "11r", "12r", "13r", "6g", "7g", "8g"]
    state = game("baby-rook", dealer="west", fixed={"south": reds})
    view = state.view(state.seats.index("south"))
    assert view.may_misdeal
    said = misdeal_offer_hint(view, 5)
    assert re.fullmatch(r"Keep these cards: played out over 40 likely deals, with the nest your side takes 70 "
                        r"or more in (\d+) of them\. Press Enter, or type keep\.", said), said
    assert "expect" not in said


def test_a_trump_call_names_a_longer_colour_it_passes_over() -> None:
    """"It is your strongest colour, with 2 trump cards" was said of the hand's shortest colour:
    strongest by the tricks its cards count for (found by the hint sweep). The longer colour's
    count comes first and the trump is named: "your yellow is longer (3 cards against 5)" was
    heard as 3 yellow (the hint sweep of session 34)."""
    from rook_access.ai.hint import _trump_reason

    state, _ = new_game("georgia", None, 3)
    hand = C.to_mask(C.from_code(c) for c in "1r 6r 11r 13g 14g 9x 13x 12y 13y 14y".split())
    view = state.view(state.actor)._replace(hand=hand)
    assert _trump_reason(view, C.BLACK, {}, 0) == ("Name black trump: by its cards it counts for the most tricks, "
                                                   "though your red is longer: 3 cards against 2 black.")
    assert _trump_reason(view, C.YELLOW, {}, 0) == "Name yellow trump: it is your strongest colour, with 3 trump cards."
    # The colours' own cards, not the Rook Bird, which is a trump of every colour in hasbro: "your
    # yellow is longer (3 cards against 5)" of 2 black and 4 yellow (the eleventh re-check).
    state, _ = new_game("hasbro", None, 3)
    hand = C.to_mask(C.from_code(c) for c in "6r 11r 13g 14g 9x 13x 10y 12y 13y 14y rook".split())
    view = state.view(state.actor)._replace(hand=hand)
    assert _trump_reason(view, C.BLACK, {}, 0).endswith("though your yellow is longer: 4 cards against 2 black.")


def test_a_face_up_dummy_last_to_play_threatens_only_with_what_it_may_play() -> None:
    """Two-player, seed 13: North leads the 14 red; the player, with no red, trumps; only the
    other side's dummy, face up with red and no trump, is still to play. The hint said "though a
    higher trump is still out" (found by the eleventh re-check): cards still out come only through
    a hidden hand, and the dummy must follow."""
    from tests.console_helpers import Table as Console

    table = Console("two-player", seed=13, level="normal")
    said: list[str] = []
    while not table.state.is_over() and table.state.hand_number == 1:
        if not table.my_turn():
            table.run("")
            continue
        line = table.run("hint").lines[0]
        said.append(line)
        table.run(line.removeprefix("Hint: ").split(":")[0].split(".")[0])
    assert "Hint: Play 6 green: you have no red, so trump the trick worth 10 points." in said, said


def test_a_blind_auctions_hint_does_not_value_the_unseen_hand() -> None:
    """Found by the parity sweep: bidding blind (the Rook Bird face up), the hint said "your own
    cards are worth about 65 points" of a hand nobody had seen, the same figure for any hand."""
    from rook_access.core import Phase

    deal = {"dealer": "east", "nest": ["11y", "12y", "13y", "14y", "rook"], "hands": {
        "south": ["1r", "14r", "13r", "12r", "1g", "14g", "13g", "1x", "14x", "1y"],
        "west": ["5r", "6r", "7r", "8r", "9r", "10r", "11r", "5g", "6g", "7g"],
        "north": ["8g", "9g", "10g", "11g", "12g", "5x", "6x", "7x", "8x", "9x"],
        "east": ["10x", "11x", "12x", "13x", "5y", "6y", "7y", "8y", "9y", "10y"]}}
    state, _ = new_game("georgia", ["blind_bid_on_rook=true"], 1, deal)
    assert state.blind and state.phase == Phase.AUCTION
    said = []
    players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
    while state.phase == Phase.AUCTION:
        view = state.view(state.actor)
        said.append(hint(view, seed=3)[1])
        state.apply(players[state.actor].choose(view))
    assert not [reason for reason in said if "your own cards" in reason]
    assert any("the bidding is blind, and as the bidder" in reason and "from a hand no one has seen" in reason
               for reason in said), said


def test_a_card_that_takes_the_partners_trick_is_not_said_to_add_to_it() -> None:
    """"Play 10 black: your partner's 13 yellow is winning this trick, so add 10 points to it.",
    of a trump that took the partner's trick (found by the console sweep)."""
    checked = 0
    for seed in range(1, 4):
        state, _ = new_game("kentucky-west", None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while not state.is_over() and state.hand_number == 1:
            view = state.view(state.actor)
            if view.phase == "play" and view.trick:
                table = Table(view)
                seat, _best, power = table.winning
                if table.is_partner(seat):
                    for card in (a.value for a in view.legal if len(view.legal) > 1):
                        fact = _play_fact(view, card)
                        takes = table.power(card, table.led_suit) > power
                        assert ("is winning this trick" in fact) != takes, fact
                        assert not takes or re.search(r": it (trumps|overtakes) your partner's ", fact), fact
                        checked += takes
            state.apply(players[state.actor].choose(view))
    assert checked


@pytest.mark.parametrize("preset", ["hasbro", "two-player", "kentucky-west"])
def test_what_a_lead_does_is_said_truly(preset: str) -> None:
    """Found by the hint sweep: "a low lead that gives little away" was said of a 10 led, and
    "leading trump draws the opponents' trump" where no opponent could hold one (each had shown
    none, and the dummy's face-up cards held none)."""
    said = {"low": 0, "draws": 0}
    for seed in range(1, 9):
        state, _ = new_game(preset, None, seed)
        players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
        while not state.is_over() and state.hand_number <= 2:
            view = state.view(state.actor)
            if view.phase == "play" and not view.trick and view.turn == view.seat:
                table = Table(view)
                for card in table.playable():
                    fact = _play_fact(view, card)
                    if "lead that gives little away" in fact:
                        assert not table.deck.points[card], fact
                        said["low"] += 1
                    if "draws the opponents' trump" in fact:
                        suits = table.suits
                        could = 0
                        for seat in range(table.n):
                            if seat == table.me or table.is_partner(seat):
                                continue
                            if seat == view.dummy:
                                could |= view.dummy_hand
                            else:
                                out = sum(m for i, m in enumerate(suits.masks) if table.voids[seat] >> i & 1)
                                could |= table.unseen & ~out
                        assert could & suits.trump, fact
                        said["draws"] += 1
            state.apply(players[state.actor].choose(view))
    assert said["low"] and said["draws"], said


def _hint_after(preset: str, seed: int, options: list[str], lines: list[str],
                deal: dict[str, object] | None = None) -> str:
    """The console's hint after ``lines`` typed against random computer players."""
    from tests.console_helpers import Table as Console

    table = Console(preset, seed, options=options, level="random", **({"deal": deal} if deal else {}))
    for line in lines:
        assert not table.run(line).refused, line
    return table.run("hint").lines[0]


def test_the_players_own_hand_is_not_read_as_a_hidden_one_when_it_plays_the_dummys_card() -> None:
    """Two-player, the dummy leads the 14 black: "unless it is trumped" where North had shown no
    trump and the player's own hand must follow black (the re-check of 6431a95: the own hand was
    read as a hidden one holding every unseen card)."""
    lines = ("pass 7r 8r 8g 6g 10x 5x 8y 9y 12y 11y 5g 4g 12x 9x 6x 12r 13x 7y 4y 14x 14g 6r 11r 4x "
             "pass 7r 13r 6g 14g 10r 8g 6x 10x").split()
    assert _hint_after("two-player", 14, [], lines) == (
        "Hint: Play 14 black: nobody else holds a higher black, so it should win.")


def test_a_partner_sitting_out_a_moon_holds_no_card_that_could_trump() -> None:
    """Georgia with moon_alone: the partner's cards are out of play, and both opponents had shown
    no trump, yet the hint said "unless it is trumped" (the re-check of 6431a95)."""
    lines = ["bid 180", "discard 1r 8r 9r 11r 12r", "trump yellow", *"6x 8x 11g 6g 13y 1g 12g 7x 13x 9x".split(),
             "bid 180", "discard 10r 11r 12r 8g 14g", "trump black", *"12y 8y 13x 10x 7x 1y 9y 12x".split()]
    assert _hint_after("georgia", 17, ["moon_alone=true"], lines) == (
        "Hint: Play 10 yellow: nobody else holds a higher yellow, so it should win.")


def test_with_must_trump_a_seat_that_threw_off_a_plain_card_holds_no_trump() -> None:
    """must_trump: a seat out of the colour led that plays a plain card has no trump; "leading
    trump draws the opponents' trump" was said when both opponents had so shown none (the re-check
    of 6431a95). The voids are the core's reading of the rules (``tricks.suits_shown_out``)."""
    deal = {"dealer": "east", "nest": "7x 14x 14g 14y 6x".split(), "hands": {
        "south": "5r 6r 7r 8r 9r 10r 11r 12r 13r".split(), "north": "14r 5y 6y 7y 5g 6g 7g 5x rook".split(),
        "west": "8g 9g 10g 11g 12g 13g 8x 9x 10x".split(), "east": "8y 9y 10y 11y 12y 13y 11x 12x 13x".split()}}
    said = _hint_after("hasbro", 1, ["must_trump=true"], ["bid 120", "discard 5r 6r 6x 7x 14x", "trump red", "14y",
                                                          "14g"], deal)
    assert "draws the opponents' trump" not in said, said


def test_a_bid_hint_where_only_moon_shots_are_left_to_bid() -> None:
    """Georgia after a bid of 175: every bid left shoots the moon, which the auction search does
    not weigh, and the hint failed ("Error: that command failed (180)": the options fuzz). A moon
    it would bid is said by what it needs, not "every point" for a moon bid of 70."""
    state, _ = new_game("georgia", None, 1)
    state.apply(Action("bid", 175))
    action, reason = hint(state.view(state.actor), seed=1)
    assert action == Action("pass", 0) and reason.startswith("Pass: every bid left, 180 or more, shoots the moon.")
    state, _ = new_game("hasbro", ["moon=on", "moon_bid=70"], 1)
    while state.actor != state.seats.index("south"):
        state.apply(Action("pass", 0))
    action, reason = hint(state.view(state.actor), seed=1)
    assert reason.startswith("Bid 70: it shoots the moon; your side took 70 or more in "), reason


def test_a_tricks_worth_says_when_it_counts_the_hints_own_card() -> None:
    """"Trump the trick worth 5 points" was said where the only 5 points were the player's own
    5 red: heard as points on the table to win (the new-player sweep of session 30)."""
    from tests.test_ai_heuristics import west_contract

    state = west_contract(north=["7r"], east=["8r"], south=["10g", "6y"], west=["9r"])
    act(state, "play 9r", "play 7r", "play 8r")
    said = _play_fact(state.view("south"), C.from_code("10g"))
    assert said == "Play 10 green: you have no red, so trump the trick worth 10 points with your card", said
    state = west_contract(north=["10r"], east=["8r"], south=["10g", "6y"], west=["9r"])
    act(state, "play 9r", "play 10r", "play 8r")
    said = _play_fact(state.view("south"), C.from_code("10g"))
    assert "the trick worth 20 points with your card" in said, said


def test_the_worth_of_a_trick_taken_with_the_dummys_card_names_the_dummys() -> None:
    """Two-player: the player plays the dummy's 14 red; "with your card" was said of it (the
    second re-check of session 30, on seed 1 before lone bidders bid more)."""
    from tests.console_helpers import Table as Console

    table = Console("two-player", seed=6, level="normal", options=["hands=1"])
    for line in ("pass", "9x", "4x", "5r"):
        table.run(line)
    hint = table.run("hint").lines[0]
    assert hint == ("Hint: Play 14 red: it beats the 6 red and takes the trick worth 15 points with the dummy's "
                    "card."), hint


@pytest.mark.parametrize(("preset", "seed", "lines", "said"), [
    ("two-player", 2, ["pass", "4r", "6r"], "Hint: Play 5 green: you cannot win this trick, so keep your better "
                                             "cards; its 5 points go to North."),
    ("call-partner", 1, ["pass", "7r", "11x"], "Hint: Play 5 red: you cannot win this trick, so keep your better "
                                                "cards; its 5 points go to Northwest.")])
def test_a_counter_given_up_to_a_card_nothing_still_to_play_can_beat_names_the_seat(
        preset: str, seed: int, lines: list[str], said: str) -> None:
    """"its 5 points go to whoever wins it" was said of North's top trump with only the player's
    own dummy, holding no trump, still to play, and of Northwest's 1 green with the Rook Bird gone
    (the re-check of session 36)."""
    from tests.console_helpers import Table as Console

    table = Console(preset, seed=seed, level="normal")
    for line in lines:
        assert not table.run(line).refused, line
    assert table.run("hint").lines[0] == said


def test_points_added_to_the_partners_trick_say_what_may_still_take_it() -> None:
    """"your partner's 12 red is winning this trick, so add 10 points to it" was heard as safe,
    and West's 13 red, still to play, took it (the partner sweep of session 31)."""
    from tests.test_ai_heuristics import west_contract

    state = west_contract(north="11r 10r 9r 8r 6x 7x 8x 9x 10x".split(),
                          east="10y 11y 12y 13y 14y 11x 12x 13x 14x".split(),
                          south="rook 5r 6r 7r 5y 6y 7y 8y 9y".split(),
                          west="14r 13r 12r 10g 11g 12g 13g 14g 5x".split())
    act(state, "play 12r", "play 8r")
    assert _play_fact(state.view("east"), C.from_code("10y")) == ("Play 10 yellow: your partner's 12 red is winning "
                                                                  "this trick, so add 10 points to it, though a "
                                                                  "higher card is still out")


def test_a_bid_seldom_made_where_they_may_bid_on_is_said_to_be_a_push() -> None:
    """Georgia seed 19: "Bid 135: bidding no higher does best" on a weak hand whose contract the
    play-outs made in 9 of 21 deals, heard as a claim that it can make 135 (the hint sweep of
    session 32)."""
    from rook_access.ai.auction_search import AuctionSearch, Outcome
    from rook_access.ai.hint import _search_reason

    outcomes = {PASS_NOW: Outcome(-20.0, 0, 0, 30, 10), 135: Outcome(-5.0, 21, 9, 19, 12)}
    said = _search_reason(Action("bid", 135), AuctionSearch(40, 135, outcomes))
    assert said.startswith("Bid 135: bidding no higher does best, to push them higher.\n"), said
    plain = "Bid 135: bidding no higher does best.\n"
    outcomes[135] = Outcome(-5.0, 21, 15, 19, 12)  # made in most: no push
    assert _search_reason(Action("bid", 135), AuctionSearch(40, 135, outcomes)).startswith(plain)
    # Outbid in 7 of 40 and never set: no push, but passing lets them make theirs (hasbro seed 5:
    # the re-check of session 32).
    outcomes.update({PASS_NOW: Outcome(-30.0, 0, 0, 40, 2), 135: Outcome(-5.0, 33, 12, 7, 0)})
    assert _search_reason(Action("bid", 135), AuctionSearch(40, 135, outcomes)).startswith(
        "Bid 135: bidding no higher does best, rather than let them make theirs.\n")
    outcomes.update({PASS_NOW: Outcome(-30.0, 0, 0, 40, 30)})  # they would be set: neither
    assert _search_reason(Action("bid", 135), AuctionSearch(40, 135, outcomes)).startswith(plain)
    # Outbid in 15 of 40 but set in only 3, where passing leaves the partner set in 13 of 27: not
    # a push (hasbro seed 5: the hint sweep of session 38).
    outcomes = {PASS_NOW: Outcome(-52.5, 27, 14, 13, 0), 85: Outcome(-47.0, 25, 11, 15, 3)}
    assert _search_reason(Action("bid", 85), AuctionSearch(40, 85, outcomes)).startswith(
        "Bid 85: bidding no higher does best, rather than leave the contract to your partner.\n")


def test_a_bids_evidence_says_what_passing_leaves_the_partner() -> None:
    """Hasbro seed 5: "if you pass, they take it in 13 and make it in 13" left out that passing
    left the partner the contract in 27 deals, set in 13 of them, the reason to bid; and "to push
    them higher" was said of it (the hint sweep of session 38)."""
    from tests.console_helpers import Table as Console

    table = Console("hasbro", seed=5, level="hard")
    assert table.run("hint").lines == [
        "Hint: Bid 85: bidding no higher does best, rather than leave the contract to your partner.",
        "In 40 likely deals played out, your side gets the contract in 25 and makes it in 11; they outbid you "
        "in 15 and are set in 3.",
        "If you pass, your partner gets it in 27 and makes it in 14; they take it in 13 and make it in 13."]


@pytest.mark.parametrize("seed", [1, 4])
def test_the_hinted_discard_buries_none_of_the_trump_the_hint_names(seed: int) -> None:
    """Found by the partner sweep of session 32 (two-player seeds 1 and 4): the hint's discard
    was planned for the normal rules' trump and its trump call chosen by play-outs of the kept
    hand, so it buried the 4 yellow and then named yellow. Now the hard level chooses the trump
    and its discard together as the discard begins, and names that trump. A whole game, the
    bidder's discard and trump call as the hint says, the rest normal players."""
    from rook_access.ai.hand_value import suits_of
    from rook_access.core import Phase

    state, _ = new_game("two-player", None, seed)
    players = {i: make_player("normal", s, state.options, i) for i, s in enumerate(state.seats)}
    laid: list[int] = []
    calls = 0
    while state.phase != Phase.OVER:
        view = state.view(state.actor)
        hinted = state.phase in (Phase.DISCARD, Phase.TRUMP) and view.seat == view.bidder
        action = hint(view, seed=seed)[0] if hinted else players[state.actor].choose(view)
        if action.kind == A.DISCARD:
            laid.append(action.value)
        elif action.kind == A.TRUMP and laid:
            calls += 1
            trump = suits_of(state.options, A.trump_parts(action.value)[0]).trump
            assert not C.to_mask(laid) & trump, f"{[C.code(c) for c in laid]} then {action}"
        if state.phase == Phase.PLAY:
            laid = []
        state.apply(action)
    assert calls >= 3


@pytest.mark.parametrize(("preset", "seed", "level", "bids"), [
    ("georgia", 17, "hard", ["bid 105", "bid 120", "bid 135"]),
    ("hasbro", 6, "normal", ["bid 70", "bid 85", "bid 95"])])
def test_the_consoles_hint_keeps_one_plan_through_the_discard_and_the_trump_call(
        preset: str, seed: int, level: str, bids: list[str]) -> None:
    """Georgia seed 17: the hint said to bury three reds, then three blacks, then the reds again,
    and at the trump call named red: its seed moved on with each card laid, and the hard level
    plans the discard and the trump together from its seed (the hint sweep of session 36). Each
    hint of the discard is now the rest of the one before, and the trump named is the plan's."""
    from rook_access.ai.hand_value import suits_of
    from rook_access.core import Phase
    from tests.console_helpers import Table as Console

    table = Console(preset, seed, level=level)
    for line in bids:
        assert not table.run(line).refused, line
    plans: list[tuple[int, ...]] = []
    while table.state.phase == Phase.DISCARD and table.my_turn():
        said = table.run("hint").lines[0]
        plans.append(parse(re.split(r"[:.]", said.removeprefix("Hint: "), maxsplit=1)[0]).cards)
        assert not table.run(f"discard {C.code(plans[-1][0])}").refused
    assert len(plans) == table.state.options.nest_size
    assert all(later == earlier[1:] for earlier, later in zip(plans, plans[1:])), plans
    said = table.run("hint").lines[0]
    action = typed_as_said(said.removeprefix("Hint: "))
    trump = suits_of(table.state.options, A.trump_parts(action.value)[0]).trump
    assert action.kind == A.TRUMP and not C.to_mask(table.state.discards) & trump, said


@pytest.mark.parametrize(("dummy", "north", "said"), [
    (["12r", "4x"], ["13r", "4r"], "the dummy's 12 red will take this trick after you"),
    (["12r", "4r"], ["13r", "7y"], "the dummy's 12 red can take this trick after you"),
    (["12r", "13r"], ["4r", "7y"], "the dummy will take this trick after you, whatever it plays")])
def test_a_trick_the_dummy_played_next_takes_is_not_said_to_be_let_go(
        dummy: list[str], north: list[str], said: str) -> None:
    """Two-player: North leads the 7 red and the player's dummy, last to play, holds the 12 red:
    "Play 5 red: it lets this trick go, though the 9 red would take it; its 5 points go to whoever
    wins it" was said of a trick the dummy's 12 was sure to take (two-player seed 13: the hint
    sweep of session 36). Said as the dummy may take it: its only red, one of two, or any red."""
    nest = [*"12g 13g 14g 6y".split(), *({"4x", "7y", "4r"} - {*dummy, *north})]
    state = game("two-player", dealer="south", nest=nest, fixed={
        "north": [*north, *"14r 11r 10r 8r 7r 6r 14y 13y 12y 11y".split()],
        "south": "5r 9r 4g 5g 6g 7g 8g 9g 10g 11g 4y 5y".split(),
        "dummy": [*dummy, *"14x 13x 12x 11x 10x 9x 8x 7x 6x 5x".split()]})
    act(state, "bid 50", "pass", *(f"discard {c}" for c in nest), "trump red")
    act(state, "play 5x", "play 6r", "play 4g", "play 7r")  # the dummy leads; North takes it and leads
    view = state.view("south")
    assert _play_fact(view, C.from_code("5r")) == f"Play 5 red: {said}, so add 5 points to it"
    assert _play_fact(view, C.from_code("9r")) == "Play 9 red: it beats the 7 red and takes the trick"


@pytest.mark.parametrize(("preset", "seed", "level", "bids", "laid", "then"), [
    ("georgia", 17, "hard", ["bid 105", "bid 120", "bid 135"], "discard 6x 7x 8x", "discard 9x 13x"),
    ("hasbro", 6, "normal", ["bid 70", "bid 85", "bid 95"], "discard 5r 6r", "discard 7r 9r 12r")])
def test_the_consoles_hint_plans_again_after_cards_laid_outside_its_plan(
        preset: str, seed: int, level: str, bids: list[str], laid: str, then: str) -> None:
    """Georgia seed 17: after "discard 6x 7x 8x", not the hint's cards, the hint still named all
    five of its first plan, and after "discard 9x 13x" said "Name black trump" with no black
    left; hasbro seed 6 named red with one red left (the re-check of session 36). A card laid
    outside the plan now ends it: the hint names only the cards left to lay, stays one plan
    while it is followed, and names a trump the discard buried none of and the hand holds."""
    from rook_access.ai.hand_value import suits_of
    from tests.console_helpers import Table as Console

    for extra in (None, then):
        table = Console(preset, seed, level=level)
        for line in [*bids, laid]:
            assert not table.run(line).refused, line
        if extra is not None:
            assert not table.run(extra).refused, extra
        plans: list[tuple[int, ...]] = []
        while table.state.phase == "discard" and table.my_turn():
            said = table.run("hint").lines[0]
            plans.append(parse(re.split(r"[:.]", said.removeprefix("Hint: "), maxsplit=1)[0]).cards)
            left = table.state.options.nest_size - len(table.state.discards)
            hand = table.state.hands[table.state.seats.index("south")]
            assert len(plans[-1]) == left and not C.to_mask(plans[-1]) & ~hand, said
            assert not table.run(f"discard {C.code(plans[-1][0])}").refused
        assert all(later == earlier[1:] for earlier, later in zip(plans, plans[1:])), plans
        said = table.run("hint").lines[0]
        action = typed_as_said(said.removeprefix("Hint: "))
        trump = suits_of(table.state.options, A.trump_parts(action.value)[0]).trump
        kept = table.state.hands[table.state.seats.index("south")]
        assert action.kind == A.TRUMP and not C.to_mask(table.state.discards) & trump, said
        assert kept & trump, said


def test_a_higher_card_kept_out_of_a_lost_trick_says_it_keeps_the_counter_out() -> None:
    """"Play 11 red: you cannot win this trick, so keep your better cards" was said where the
    11 was played to keep the 5 red's 5 points out of it (the sweep of session 34): "keep your
    better cards" is said only of the lowest card."""
    from tests.test_ai_heuristics import west_contract

    state = west_contract(north=["6r"], east=["7r"], south=["5r", "11r", "8y"], west=["14r"])
    act(state, "play 14r", "play 6r", "play 7r")
    view = state.view("south")
    assert _play_fact(view, C.from_code("11r")) == (
        "Play 11 red: you cannot win this trick, so your 5 red keeps its 5 points out of it")
    assert _play_fact(view, C.from_code("5r")) == (
        "Play 5 red: you cannot win this trick, so keep your better cards; its 5 points go to West")
    state = west_contract(north=["6r"], east=["7r"], south=["5r", "10r", "12r"], west=["14r"])
    act(state, "play 14r", "play 6r", "play 7r")
    assert _play_fact(state.view("south"), C.from_code("12r")) == (
        "Play 12 red: you cannot win this trick, so your 5 red and 10 red keep their 15 points out of it")
