"""The rules in force, in plain sentences a screen reader reads well.

Every sentence is built from the options, never from the preset's name, so an overridden option
is explained exactly as it will be played.
"""

from __future__ import annotations

from ..core import Options, load_preset, preset_names
from ..core import cards as C
from ..core.auction import misdeal_terms
from ..core.deck import RED_ONE, DeckInfo, numbers_in_play, special_trumps
from ..core.options import changed_keys, record_options, sides_change, without_effect
from ..core.presets import Preset
from ..core.seats import ROTATION
from .cardtext import SPECIAL_NAMES


def _number_range(numbers: list[int]) -> str:
    """"5 to 14", "1 and 5 to 14": a run of three or more as its ends (eleven numbers one by one
    were tiring to hear: found by the sound sweep)."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts: list[str] = []
    for run in runs:
        parts += [f"{run[0]} to {run[-1]}"] if len(run) > 2 else [str(n) for n in run]
    return _list(parts)


# A card number in the plural, as words: "1s" and "14s" were read "one z", "fourteen z" by
# espeak-ng and the screen readers that use it (found by the listening sweep).
PLURALS = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes", 7: "sevens", 8: "eights",
           9: "nines", 10: "tens", 11: "elevens", 12: "twelves", 13: "thirteens", 14: "fourteens"}


def _list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def deck_sentence(o: Options) -> str:
    deck = DeckInfo.build(o)
    size = deck.mask.bit_count()
    numbers = numbers_in_play(o)
    text = f"Deck: {size} cards, the numbers {_number_range(numbers)} in red, green, black and yellow"
    extras = []
    for card, _rank, _points in special_trumps(o):
        if C.number_of(card) not in numbers:
            extras.append(_printed(card))
    if o.rook != "none":
        extras.append("the Rook Bird")
    if extras:
        text += ", plus " + _list(extras)
    seats = len(o.seats)
    dealt = (size - o.nest_size - o.aside) // seats
    players = seats - 1 if o.sides == "dummy" else seats
    table = f"{players} players and a dummy hand" if o.sides == "dummy" else f"{players} players"
    text += f". {table}, {dealt} cards each"
    if o.nest_size:
        text += f", {o.nest_size} in the nest"
        if o.nest_deal == "end":
            text += " from the last cards dealt"
    if o.aside:
        text += f", {o.aside} set aside out of play"
    text += "."
    if o.sides == "dummy" and o.dummy_face_up:
        text += f" {o.dummy_face_up} of the dummy's cards lie face up during the bidding."
    return text


def ones_sentence(o: Options) -> str | None:
    if o.ones == "high":
        return "The ones rank above the fourteens."
    if o.ones == "low":
        return "The ones are the lowest cards."
    return None


def sides_sentence(o: Options) -> str:
    if o.rotate_partners:
        hands = "hand" if o.rotate_partners == 1 else f"{o.rotate_partners} hands"
        turns = ", then ".join(" and ".join(f"{o.seats[a]} with {o.seats[b]}" for a, b in pairs)
                               for pairs in ROTATION)
        # Partners of the last hand may tie at the top and win together (tied_partners_win): "won
        # by one player" was said beside "win together" (found by the re-check of session 35).
        together = ", or by partners of the last hand tied at the top" if o.tied_partners_win else ""
        return (f"Partners change every {hands}: {turns}, and round again. Everyone keeps their own "
                f"score, and the game is won by one player{together}.")
    return {
        "teams": (f"Two teams of {len(o.seats) // 2}, seated alternately: every other player is your "
                  "partner, and each team scores together."),
        "partners": "Partners sit opposite each other and score together.",
        "solo": "Every player plays and scores for themselves.",
        "bidder-vs-rest": "The high bidder plays alone against the others, who are partners for the hand.",
        "called-partner": ("After trump, the bidder calls a card they do not hold; its holder is the secret "
                           "partner, revealed when that card is played." if o.calls == 1 else
                           "After trump, the bidder calls two cards they do not hold, one after the other; their "
                           "holders are the secret partners (one partner if one player holds both), each revealed "
                           "when the card is played."),
        "dummy": ("A dummy hand sits between the two players; the player who did not win the bid plays "
                  "it too."),
    }[o.sides]


def bidding_sentences(o: Options) -> list[str]:
    if not o.auction:
        # Every card with no colour of its own goes under, the red 1 too (core: state._turn_up_trump;
        # only the Rook Bird was named: found by the rules sweep).
        always = _always_trump(o)
        rook = (f"; if it is {' or '.join(always)}, it goes to the bottom of the nest and the next card is "
                "turned up" if always else "")
        return [f"There is no bidding: the top card of the nest is turned up and its colour is trump{rook}. "
                + _nest_capture(o)]
    out = [f"Bids: {o.min_bid} to {o.max_bid} in fives; a pass is final for the hand."]
    if o.check:
        text = "Before anyone bids, a player may check once instead of bidding"
        if o.sides == "partners":
            text += ("; not a player whose partner checked and whose opponents have both passed, "
                     "who must bid or pass")
        out.append(text + ".")
    if o.misdeal_no_counters or o.misdeal_no_ten:
        text = (f"Before the first bid, any player {misdeal_terms(o)} may call a misdeal, on turn or "
                "not, and the same dealer deals again")
        if o.misdeal_no_ten:
            text += ("; the tens to fourteens count as high, and so do ones ranked above the fourteens and special "
                     "trumps such as the Rook Bird ranked above the 10")
        if o.blind_bid_on_rook:
            text += "; not while the bidding is blind"
        out.append(text + ".")
    if o.all_pass == "dealer-forced":
        out.append(f"If everyone passes, the dealer must take the bid at {o.min_bid}.")
    else:
        out.append("If everyone passes, the cards are thrown in and the next dealer deals.")
    if o.moon == "on":
        out.append(moon_sentence(o) + ".")
    if o.nest_face_up:
        out.append(f"The top {o.nest_face_up} nest cards lie face up during the bidding."
                   if o.nest_face_up > 1 else "The top nest card lies face up during the bidding.")
    if o.blind_bid_on_rook:
        out.append("If the face-up nest card is the Rook Bird, the bidding is blind.")
    return out


def moon_sentence(o: Options) -> str:
    """The moon as the options play it, without the closing full stop."""
    at = o.moon_bid_amount
    bid = f"A bid of {at}" + (" or more" if at < o.max_bid else "")
    needs = {"bid": "", "points": ", by taking every counter", "tricks": ", by taking every trick"}[o.moon_needs]
    made = ("it wins the game at once" if o.moon_made == "game"
            else "it wins the game at once, or takes a side below zero out of the hole, back to 0"
            if o.moon_made == "hole" else f"it scores {o.moon_made}")
    lost = ("it loses the game at once" if o.moon_set == "game"
            else (f"it loses {at}" if at == o.max_bid else "it loses the bid") if o.moon_set == "bid"
            else f"it loses {o.moon_set}")
    alone = (". The moon is played alone: the bidder's partner lays the hand down and sits it out; its cards "
             "and their points are out of play for that hand" if o.moon_alone else "")
    never = ", and ".join(_moon_never(o))
    return f"{bid} shoots the moon: made{needs}, {made}; failed, {lost}{alone}" + (
        f". {never[0].upper()}{never[1:]}" if never else "")


def _moon_never(o: Options) -> list[str]:
    """What never makes or plays a moon, said only where these rules can do it: "A bid forced on
    the dealer" was said with one-high's moon=on, whose dealer is never forced (found by the QA
    sweep of session 39)."""
    never = ["a bid forced on the dealer is never a moon"] if o.all_pass == "dealer-forced" else []
    if o.partner_calls_trump:
        never.append("the partner sitting it out never names trump" if o.moon_alone
                     else "handing the trump call to the partner never raises a moon")
    return never


def nest_sentences(o: Options) -> list[str]:
    if not o.auction or not o.nest_size:
        return ["There is no nest exchange."] if o.auction else []
    out = [f"The high bidder takes the nest and lays {o.nest_size} {'card' if o.nest_size == 1 else 'cards'} "
           "aside face down."]
    if o.discard_counters == "forced-only":
        out.append(_forced_only_sentence(o))
    elif o.discard_counters == "never":
        out.append(f"Counters may never be laid aside, unless the bidder holds fewer than "
                   f"{o.nest_size} other cards; then all of those go in, and counters only fill "
                   "the places left.")
    else:
        out.append("Any cards may be laid aside, counters too.")
    out.append({
        "never": ("Only the high bidder sees the rest of the nest." if o.nest_face_up else
                  "Only the high bidder knows what is in the nest."),
        "forced": "When counters go into the nest, everyone is told that points are in the nest.",
        "always": "The high bidder tells everyone whether points are in the nest.",
    }[o.nest_points_told])
    out.append(_nest_capture(o))
    return out


def _forced_only_sentence(o: Options) -> str:
    """Counters go in only when forced: plain cards are neither counters nor trump, and trump is
    known at the discard only where it is named first, or the partner names it first (the core's
    ``nest.plain_cards``: "neither counters nor trump" was said where trump comes after, and the
    colour to be named counts as plain: found by the rules sweep and its re-check)."""
    rule = (f"Counters may be laid aside only when the bidder holds fewer than {o.nest_size} plain cards, "
            "{plain}; then every plain card goes in, and counters fill at most the places left.")
    if o.trump_before_discard:
        return rule.format(plain="neither counters nor trump") + " Trump without a count may go freely."
    always = " or ".join(_always_trump(o))
    plain = (f"neither counters nor {always}" if always else "any card but a counter") + (
        " (trump is named after the discard, so the colour to be named counts as plain")
    if o.partner_calls_trump:
        plain += "; when the partner names trump before the discard, trump is not plain either"
    free = " and ".join(([always] if always else []) + (["trump the partner named"] if o.partner_calls_trump else []))
    return rule.format(plain=plain + ")") + (f" {free[0].upper()}{free[1:]} without a count may go freely."
                                             if free else "")


def _nest_capture(o: Options) -> str:
    if o.nest_to == "last-trick":
        return "The winner of the last trick captures the nest."
    return "Nobody captures the nest."


def trump_sentences(o: Options) -> list[str]:
    anytime = (" The Rook Bird played by a player who could follow the colour led does not break it."
               if o.rook_anytime and o.rook != "none" else "")
    broken = ([f"Trump may not be led until someone has trumped in, unless the leader holds only trump.{anytime}"]
              if o.trump_broken else [])
    if not o.auction:
        return broken
    if not o.nest_size:
        out = ["The high bidder names trump as soon as the bidding ends."]
    else:
        when = "before laying the nest aside" if o.trump_before_discard else "after laying the nest aside"
        out = [f"The high bidder names trump {when}."]
    if o.no_trump:
        out.append("The bidder may also name no trump: then the highest card of the colour led wins.")
    if o.partner_calls_trump:
        # Before the discard the bid rises by 5 (core: nest.hand_to_partner): where trump comes
        # first it always does, and with no nest it never does (found by the rules sweep).
        cost = ("it costs nothing" if not o.nest_size else "it raises the bid by 5" if o.trump_before_discard
                else "before the discard it raises the bid by 5, after it, it costs nothing")
        out.append(f"The bidder may ask the partner to name trump: {cost}.")
    return out + broken


def rook_sentences(o: Options) -> list[str]:
    out = []
    if o.rook != "none":
        highest = "the second-highest trump, below the red 1" if o.red_one else "the highest trump"
        place = {"high": highest,
                 "low": "the lowest trump",
                 "ten-and-half": "a trump between the 10 and the 11"}.get(o.rook, "")
        text = f"The Rook Bird is {place}"
        if o.rook == "called":
            text = (f"The player who names trump calls the Rook Bird high or low with it, for that hand: "
                    f"called high, it is {highest}; called low, the lowest trump, below every trump number. It")
        # Any time, and still a trump: the rule books' consequence (rules.md, Following) is said too.
        follows = (" It is a trump all the same: when it is led, the others must play trump if they hold "
                   "any, and when trump is led, a player whose only trump it is must play it.")
        text += (" may be played at any time." + follows if o.rook == "called" and o.rook_anytime else
                 ", and may be played at any time." + follows if o.rook_anytime else
                 " plays like any other trump: it follows trump, and may not be played while "
                 "you can follow another colour led." if o.rook == "called" else
                 ", and plays like any other trump: it follows trump, and may not be played while "
                 "you can follow another colour led.")
        out.append(text)
    if o.no_trump:
        out += _no_trump_specials(o)
    if o.red_one:
        above = "above the Rook Bird and every other trump" if o.rook != "none" else "above every other trump"
        out.append(f"The red 1 is worth 30 and is the highest trump, {above}, whatever colour is trump.")
    out += [_little_trump_sentence(o, card, rank) for card, rank, _points in special_trumps(o)
            if card != RED_ONE]
    return out


def _no_trump_specials(o: Options) -> list[str]:
    """In a no-trump hand every special card (the Rook Bird, the red 1, the little and baby Rook)
    is wild (``tricks.Suits``): each of them named, highest first. Only the Rook Bird was said,
    though the little Rook took tricks so too (found by the options sweep)."""
    deck = DeckInfo.build(o)
    titles = [_title(c) for c in sorted(C.cards_in(deck.special), key=lambda c: -deck.rank[c])]
    if not titles:
        return []
    if len(titles) == 1:
        return [f"In a no-trump hand {titles[0]} may be played at any time and wins its trick; when it is led, "
                "the others may play any card."]
    return [f"In a no-trump hand {_list(titles)} may be played at any time, and each wins its trick, "
            f"{' over '.join(titles)}; when one is led, the others may play any card."]


def _printed(card: int) -> str:
    """A special trump by its printed face, colour first as families say it: "the black 1"."""
    return f"the {C.COLORS[C.color_of(card)]} {C.number_of(card)}"


def _always_trump(o: Options) -> list[str]:
    """The cards trump whatever the colour is, by name: the Rook Bird, the red 1, the little Rook."""
    return (["the Rook Bird"] if o.rook != "none" else []) + [_title(card) for card, _r, _p in special_trumps(o)]


def _title(card: int) -> str:
    """"the Rook Bird", "the red 1", "the little Rook"."""
    if card == C.ROOK:
        return "the Rook Bird"
    return _printed(card) if card == RED_ONE else "the " + SPECIAL_NAMES[card].replace("Little", "little").replace(
        "Baby", "baby")


def _little_trump_sentence(o: Options, card: int, rank: int) -> str:
    """The little or baby Rook: what it is called, and where it ranks among the special trumps."""
    deck = DeckInfo.build(o)
    above = sorted((c for c in C.cards_in(deck.special) if deck.rank[c] > rank), key=lambda c: -deck.rank[c])
    titles = [_title(c) + (" when it is called high" if c == C.ROOK and o.rook == "called" else "")
              for c in above]
    place = ("the highest trump" if not above
             else f"a trump below {_list(titles)}, above every numbered trump")
    return f"{_printed(card).capitalize()} is {_title(card)}: {place}, whatever colour is trump."


def lead_sentence(o: Options) -> str:
    who = {
        "left-of-dealer": "the player left of the dealer",
        "bidder": "the high bidder",
        "left-of-bidder": "the player left of the high bidder",
        "dummy": "the dummy",
    }[o.first_lead]
    text = f"The first trick is led by {who}. You must follow the colour led if you can."
    if o.must_trump:
        # A no-trump hand has no trump colour to play, so a void player plays any card (core:
        # Suits.build); said, or must_trump seemed to bind there too (the family-rules sweep of session 34).
        no_trump = " (not in a no-trump hand)" if o.no_trump and without_effect(o, "no_trump") is None else ""
        text += f" A player void in the colour led must play trump if able{no_trump}."
    return text


def scoring_sentences(o: Options) -> list[str]:
    deck = DeckInfo.build(o)
    values: dict[int, list[str]] = {}
    rook_points = 0
    for key, points in sorted(o.counters.items(), key=lambda kv: (kv[0] == "rook", kv[0].isdigit() and int(kv[0]))):
        if not points:
            continue
        if key == "rook":
            rook_points = points if o.rook != "none" else 0
        elif int(key) in numbers_in_play(o):
            values.setdefault(points, []).append(PLURALS[int(key)])
    parts = [f"{_list(names)} score {points} {'point' if points == 1 else 'points'} each"
             for points, names in sorted(values.items())]
    if rook_points:
        parts.append(f"the Rook Bird scores {rook_points}")
    for card, _rank, card_points in special_trumps(o):
        parts.append(f"{_title(card)} scores {card_points}")
    total = deck.total
    out = [f"Counters: {'; '.join(parts)}; {total} points in all." if parts else "No card counts points."]
    bonus = []
    if o.last_trick_bonus:
        bonus.append(f"{o.last_trick_bonus} for the last trick")
    if o.most_tricks_bonus:
        bonus.append(f"{o.most_tricks_bonus} for the side with most tricks, none on a tie")
    if o.sweep_bonus:
        bonus.append(f"{o.sweep_bonus} for taking every counter")
    if o.trick_points:
        bonus.append(f"{o.trick_points} {'point' if o.trick_points == 1 else 'points'} for every trick won")
    if bonus:
        out.append("Bonuses: " + _list(bonus) + ".")
    if o.auction:
        out.append(_contract_sentence(o))
    if o.hands:
        text = (f"Game: {o.hands} {'hand' if o.hands == 1 else 'hands'}; the highest total wins, "
                "and a tie plays another hand.")
    else:
        text = f"Game: {o.target} points; if several reach it, the highest total wins, and a tie plays another hand."
        if o.win_on_bid:
            text += " A side reaches the target only on a hand it bid and made."
    if sides_change(o):
        # scoring._top: partners of a hand score alike, so they often tie (session 34)
        text += (" Partners of the last hand tied at the top win together." if o.tied_partners_win
                 else " Partners of the last hand tied at the top play another hand too.")
    out.append(text)
    return out


def _contract_sentence(o: Options) -> str:
    """Who scores what at the end of a hand with a contract, as the core's sides are counted
    (``seats.hand_sides``): bonuses count towards the bid."""
    if o.sides in ("partners", "teams"):
        return ("The bidding side scores what it took, bonuses included, if it reaches the bid, otherwise "
                "it loses the bid; the other side always scores what it took.")
    bidder = (("The bidder and the called partner score" if o.calls == 1 else "The bidder and the called partners "
               "score") if o.sides == "called-partner" else "The bidder scores")
    made = (f"{bidder} what they took, bonuses included, if they reach the bid, otherwise they lose the bid; ")
    rest = {
        "solo": "every other player scores what they took.",
        "bidder-vs-rest": "each of the others scores what the others took together.",
        "called-partner": ("each of the others scores what the others took together. " + (
            "If the called card is in the nest, the bidder plays alone." if o.calls == 1 else
            "A called card in the nest brings no partner; if both are there, the bidder plays alone.")),
        "dummy": ("the other player scores what they and the dummy took together. The dummy scores nothing, "
                  "never deals and never bids, and is turned face up once trump is named."),
    }[o.sides]
    return made + rest


def explain(name: str, o: Options, preset: Preset | None = None) -> list[str]:
    """The rules in force, one sentence a line. ``preset``: the rules named ``name`` when they are
    not built in (a family's own), else the built-in preset is read; a name that is neither (a
    game saved with a family's rules, read where they are not saved) is told by its options alone."""
    if preset is None and name in preset_names():
        preset = load_preset(name)
    base = preset.options if preset is not None else o
    # The preset's description holds only for the preset's own options.
    title = f"Rules: {name}. {preset.description}" if preset is not None and o == base else (
        f"Rules: {name}." if preset is None else f"Rules: {name}, with the changes listed at the end.")
    lines = [title, deck_sentence(o)]
    for extra in (ones_sentence(o),):
        if extra:
            lines.append(extra)
    lines.append(sides_sentence(o))
    # Named for deal files and --seat (deal-files.md sends players here for them: the rules sweep).
    lines.append(f"The seats, clockwise: {_list(['the dummy' if s == 'dummy' else s for s in o.seats])}.")
    lines += bidding_sentences(o) + nest_sentences(o) + trump_sentences(o) + rook_sentences(o)
    lines.append(lead_sentence(o))
    lines += scoring_sentences(o)
    changed = changes(o, base)
    if changed:
        lines.append(f"Changed from the preset: {'; '.join(changed)}.")
    return lines


def changes(o: Options, base: Options, idle: bool = True, said: tuple[str, ...] = ()) -> list[str]:
    """Each option of ``o`` that differs from ``base``, as "must_trump = yes", but those ``said``
    already. ``idle``: also those that do nothing beside the others, each saying why; the game's
    opening leaves them to the rules text. Callers join them with semicolons: a value may hold
    commas (counters = 5 = 5, 10 = 10)."""
    # As rules.md and the record name them: moon = georgia, not the "on" it is kept as (found
    # by the rules sweep).
    named = record_options(o)
    return [f"{key} = {_value(named[key])}" + (f" (no effect: {why})" if (why := without_effect(o, key)) else "")
            for key in changed_keys(o, base, idle) if key not in said]


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return ", ".join(f"{k} = {v}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return str(value)
