"""Scoring a hand and deciding the game, as rules.md says.

Each side counts its counters (plus the nest and bonuses). The bidding side scores its count if
it reached the bid, else loses the bid; other sides always score their count. Scores and totals
are kept per seat; partners carry equal numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from . import cards as C
from .options import Options

if TYPE_CHECKING:
    from .state import GameState


class HandResult(NamedTuple):
    """A scored hand. (A named tuple, not a frozen dataclass: random play scores a hand every
    50 actions, and the dataclass's ``__init__`` cost a tenth of the scoring.)"""

    sides: list[list[int]]
    bonuses: list[int]  # by seat: the bonus of the seat's side
    side_counts: list[int]  # by side index
    made: bool | None
    score: list[int]  # by seat
    nest_to: int = -1  # the seat that took the nest's points, -1 if none
    nest_points: int = 0
    moon_game: bool | None = None  # a moon won (True) or lost (False) the game at once


def hand_result(state: GameState, captured: list[int], tricks_won: list[int], last_winner: int,
                bid: int | None = None) -> HandResult:
    """The score of ``state``'s hand once its tricks are played, given what each seat took: the
    core's end of hand and the computer players' play-outs both ask here. ``bid``: score the
    contract at this amount instead of the state's (a computer player weighing one play-out at
    every amount the auction might end at)."""
    o, deck = state.options, state.deck
    final_nest = nest_at_end(state)
    nest_to = last_winner if o.nest_to == "last-trick" and final_nest else -1
    nest_points = deck.points_of(final_nest) if nest_to >= 0 else 0
    return score_hand(
        o, state.hand_sides(), captured, tricks_won, nest_to, nest_points, last_winner,
        points_in_play(state), state.bidder, (state.bid if bid is None else bid) + state.raise_,
        state.moon, state.bidding_seats, state.totals[state.bidder] if state.bidder >= 0 else 0,
    )


def nest_at_end(state: GameState) -> int:
    """The nest as it lies when the hand ends: the bidder's discard, or the nest as dealt where
    there is no auction."""
    return C.to_mask(state.discards) if state.options.auction else C.to_mask(state.nest_dealt)


def points_in_play(state: GameState) -> int:
    """The counters in play this hand: the deck's, less the cards aside and the hand of a partner
    sitting a moon out (``moon_alone``: its cards are out of play, their points for nobody)."""
    deck = state.deck
    out = state.aside
    for seat in C.cards_in(state.sitting):  # a seat mask, read bit by bit
        out |= state.hands[seat]
    return deck.total - deck.points_of(out) if out else deck.total


def side_bonuses(
    o: Options,
    sides: list[list[int]],
    tricks_won: list[int],
    side_points: list[int],
    last_winner: int,
    points_in_play: int,
) -> list[int]:
    if not (o.last_trick_bonus or o.most_tricks_bonus or o.sweep_bonus or o.trick_points):
        return [0] * len(sides)  # most rules have no bonus: scoring is a hot path of random play
    side_tricks = [sum([tricks_won[s] for s in side]) for side in sides]
    top = max(side_tricks)
    leaders = [i for i, t in enumerate(side_tricks) if t == top]
    bonuses = []
    for i, side in enumerate(sides):
        bonus = 0
        if o.last_trick_bonus and last_winner in side:
            bonus += o.last_trick_bonus
        if o.most_tricks_bonus and leaders == [i]:
            bonus += o.most_tricks_bonus
        if o.sweep_bonus and points_in_play and side_points[i] == points_in_play:
            bonus += o.sweep_bonus
        bonus += o.trick_points * side_tricks[i]
        bonuses.append(bonus)
    return bonuses


def score_hand(
    o: Options,
    sides: list[list[int]],
    captured: list[int],
    tricks_won: list[int],
    nest_to: int,
    nest_points: int,
    last_winner: int,
    points_in_play: int,
    bidder: int,
    bid: int,
    moon: bool,
    scoring_seats: int,
    bidder_total: int = 0,
) -> HandResult:
    """``bidder`` is -1 when there was no auction. ``scoring_seats`` masks seats that score
    (a dummy scores nothing of its own). ``bidder_total``: the bidder's total before this hand
    (a moon that takes a side out of the hole, ``moon_made=hole``)."""
    # Plain loops, not nested comprehensions: random play scores a hand every 50 actions.
    side_points = []
    for side in sides:
        points = nest_points if nest_to in side else 0
        for seat in side:
            points += captured[seat]
        side_points.append(points)
    bonus = side_bonuses(o, sides, tricks_won, side_points, last_winner, points_in_play)
    counts = [p + b for p, b in zip(side_points, bonus)] if any(bonus) else side_points
    n = len(captured)
    score = [0] * n
    bonuses = [0] * n
    made: bool | None = None
    moon_game: bool | None = None
    for i, side in enumerate(sides):
        value = counts[i]
        if bidder in side:
            made = value >= bid
            if moon:
                side_tricks = sum([tricks_won[s] for s in side])
                made = moon_made(o, value, bid, side_points[i], points_in_play, side_tricks, sum(tricks_won))
                value, moon_game = moon_score(o, made, value, bid, bidder_total)
            elif not made:
                value = -bid
        for seat in side:
            bonuses[seat] = bonus[i]
            if scoring_seats >> seat & 1:
                score[seat] = value
    return HandResult(sides, bonuses, counts, made, score, nest_to, nest_points, moon_game)


def moon_made(o: Options, count: int, bid: int, points: int, points_in_play: int, tricks: int,
              all_tricks: int) -> bool:
    """Whether a moon is made, as ``moon_needs`` says: the bid reached (georgia: a bid of every
    point); every counter in play captured; or every trick taken."""
    if o.moon_needs == "points":
        return points >= points_in_play
    if o.moon_needs == "tricks":
        return tricks == all_tricks
    return count >= bid


def moon_score(o: Options, made: bool, count: int, bid: int, total: int = 0) -> tuple[int, bool | None]:
    """(the bidding side's score for a moon, whether it won (True) or lost (False) the game at
    once, else None). ``moon_made``: points, ``game`` (the hand scores its count and the game
    is won), or ``hole`` (readers: "either wins you the game or takes you out of the hole no
    matter how deep in it you were": a side whose ``total`` is below zero goes back to zero,
    any other wins the game); ``moon_set``: points lost, ``bid`` (the bid is lost), or ``game``."""
    if made:
        if o.moon_made == "hole" and total < 0:
            return -total, None
        return (count, True) if o.moon_made in ("game", "hole") else (int(o.moon_made), None)
    if o.moon_set == "game":
        return -bid, False
    return (-bid if o.moon_set == "bid" else -int(o.moon_set)), None


def game_winners(totals: list[int], groups: list[list[int]], o: Options, hands_played: int,
                 made_by: list[int] | None = None, moon_game: bool | None = None,
                 bidder: int = -1, hand_sides: list[list[int]] | None = None) -> list[int]:
    """Seats that have won, or [] to play on: at or above the target, highest total, no tie at
    the top (seats tied who were one side of this hand, ``hand_sides``, win together where
    ``tied_partners_win``: ``_top``).
    With ``hands``, after that many hands the highest total wins (a tie plays on). With
    ``win_on_bid`` only the side that bid and made this hand (``made_by``) can reach the target.
    A moon that wins or loses the game (``moon_game``) decides it for the ``bidder``'s side."""
    if moon_game is not None:
        ours = [g for g in groups if bidder in g]
        return sorted(ours[0]) if moon_game else sorted(next(g for g in groups if bidder not in g))
    top = _top(totals, groups, o, hands_played, made_by, hand_sides)
    return sorted(top[0]) if len(top) == 1 else []


def tied_at_top(totals: list[int], groups: list[list[int]], o: Options, hands_played: int,
                made_by: list[int] | None = None, hand_sides: list[list[int]] | None = None) -> int | None:
    """The total several sides share at the top of those that could win now, so that another
    hand decides (rules.md, Game end), or None: what the end of a hand says to explain a game
    that goes on past its target."""
    top = _top(totals, groups, o, hands_played, made_by, hand_sides)
    return totals[top[0][0]] if len(top) > 1 else None


def waiting_on_bid(totals: list[int], groups: list[list[int]], o: Options, hands_played: int,
                   made_by: list[int] | None = None, hand_sides: list[list[int]] | None = None) -> list[list[int]]:
    """With ``win_on_bid``: the sides at or past the target that do not go out on this hand, not
    having bid and made it ([] when the game ends now): what the end of a hand says to explain a
    game that goes on past its target."""
    if not o.win_on_bid or o.hands or len(_top(totals, groups, o, hands_played, made_by, hand_sides)) == 1:
        return []
    made = set(made_by or ())
    return [g for g in groups if totals[g[0]] >= o.target and not set(g) & made]


def _top(totals: list[int], groups: list[list[int]], o: Options, hands_played: int,
         made_by: list[int] | None, hand_sides: list[list[int]] | None = None) -> list[list[int]]:
    """The sides that could win now (at the target, or after the last of ``hands``; with
    ``win_on_bid`` only the side that made the contract) with the highest total among them.

    Where each seat keeps its own score but sides change from hand to hand (a called partner,
    the two against a lone bidder, rotating partners), seats tied at the top who were one side
    of this hand (``hand_sides``) are one: they reached the target together, as partners always
    score alike, and rules.md's Game end says a side at the target wins. Read as a tie, the
    bidder and the partner it called were told "Tied at the top" and played on, and one of the
    others could win the next hand (found by the call-partner sweep of session 34). Only with
    ``tied_partners_win``: a game saved or recorded before that option played such a tie on."""
    if o.hands:
        reached = groups if hands_played >= o.hands else []
    else:
        reached = [g for g in groups if totals[g[0]] >= o.target
                   and (not o.win_on_bid or (made_by is not None and set(g) & set(made_by)))]
    if not reached:
        return []
    best = max(totals[g[0]] for g in reached)
    top = [g for g in reached if totals[g[0]] == best]
    if len(top) == 1 or not hand_sides or not o.tied_partners_win:  # the search asks at every play-out's end
        return top
    tied = sorted(seat for g in top for seat in g)
    return [tied] if any(set(tied) <= set(side) for side in hand_sides) else top


def winners_after(state: GameState, result: HandResult) -> list[int]:
    """The seats that win the game if ``state``'s hand ends with ``result`` (the totals so far
    plus its scores), or [] to play on: what the end of a hand would decide, for search."""
    return winners_with(state, [t + s for t, s in zip(state.totals, result.score)], result)


def winners_with(state: GameState, totals: list[int], result: HandResult) -> list[int]:
    """``game_winners`` at ``totals`` once ``state``'s hand scored ``result``: the side that
    made the contract (``win_on_bid``) and a moon that decides the game are read from it. The
    end of a hand (``finish_hand``) and search (``winners_after``) both ask here."""
    made_by = None
    if result.made:
        for side in result.sides:
            if state.bidder in side:
                made_by = side
                break
    return game_winners(totals, state.game_groups(), state.options, state.hand_number, made_by,
                        result.moon_game, state.bidder, result.sides)
