"""Computer players play whole games: the engine behind ``rook-access simulate``.

Timing covers everything (dealing included) but only player decisions count as actions, as
the benchmark asks: bids, checks, discards, trump calls, partner calls and card plays. Each
decision is also timed on its own, per player level, for the ``decision_ms`` percentiles.

With ``duplicate`` every deal is played twice: the second time the players move one bidding
seat clockwise (north's player sits east, and so on), so in a partnership game the two sides'
bots swap cards while the cards stay where they were dealt. Luck of the deal then cancels out of
the per-level win rates.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from .ai.players import Player, make_player, search_compiled
from .ai.random_player import RandomPlayer
from .core import Action, GameState, Options, new_game
from .core import actions as A
from .core.errors import IllegalAction, RuleError
from .core.events import Event
from .core.model import Phase
from .core.scoring import HandResult
from .core.text import shorten
from .speech.cardtext import join_words
from .store.record import RecordWriter, game_line, holds_games

Z95 = 1.959963984540054
PLAY, OVER, DISCARD = Phase.PLAY, Phase.OVER, Phase.DISCARD


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (better than the normal approximation for
    small samples and rates near 0 or 1)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of an already sorted list."""
    if not sorted_values:
        return 0.0
    index = max(0, math.ceil(q / 100 * len(sorted_values)) - 1)
    return sorted_values[min(index, len(sorted_values) - 1)]


def _rate(wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"rate": round(wins / n, 4) if n else 0.0, "ci95": [round(low, 4), round(high, 4)]}


def _percentiles(times: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    out = {}
    for level, values in times.items():
        ordered = sorted(values)
        out[level] = {
            "p50": round(percentile(ordered, 50), 3),
            "p95": round(percentile(ordered, 95), 3),
            "max": round(ordered[-1], 3) if ordered else 0.0,
        }
    return out


@dataclass
class Summary:
    games: int = 0
    hands: int = 0
    actions: int = 0
    seconds: float = 0.0
    duplicate: bool = False
    wins: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)  # side -> points summed over hands
    made: dict[str, int] = field(default_factory=dict)  # side -> contracts made
    set: dict[str, int] = field(default_factory=dict)  # side -> contracts set
    decision_times: dict[str, list[float]] = field(default_factory=dict)  # level -> ms, wall clock
    decision_cpu: dict[str, list[float]] = field(default_factory=dict)  # level -> ms, process CPU
    level_games: dict[str, int] = field(default_factory=dict)
    level_wins: dict[str, int] = field(default_factory=dict)
    # By level: the hands it played, its side's score summed over them (a level seated on
    # several sides counts their mean), and the contracts its own seats held, made or set.
    level_hands: dict[str, int] = field(default_factory=dict)
    level_points: dict[str, float] = field(default_factory=dict)
    level_made: dict[str, int] = field(default_factory=dict)
    level_set: dict[str, int] = field(default_factory=dict)
    # Games won by more than one side together ("north and south"): partners of the last hand
    # tied at the top, so the sides' wins add up to more than the games.
    shared: dict[tuple[str, ...], int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "games": self.games,
            "hands": self.hands,
            "wins": dict(self.wins),
            "points_per_hand": {
                side: round(total / self.hands, 3) if self.hands else 0.0
                for side, total in self.points.items()
            },
            "actions_per_second": round(self.actions / self.seconds) if self.seconds else 0,
            "win_rate": {side: _rate(w, self.games) for side, w in self.wins.items()},
            "contracts": {side: {"made": self.made.get(side, 0), "set": self.set.get(side, 0)}
                          for side in self.wins},
            "decision_ms": _percentiles(self.decision_times),
            "decision_cpu_ms": _percentiles(self.decision_cpu),
            "games_per_second": round(self.games / self.seconds, 3) if self.seconds else 0.0,
            "search": "compiled" if search_compiled() else "python",
        }
        if self.level_hands:
            data["level_points_per_hand"] = {
                level: round(self.level_points[level] / n, 3) for level, n in self.level_hands.items()}
            data["level_contracts"] = {
                level: {"made": self.level_made.get(level, 0), "set": self.level_set.get(level, 0)}
                for level in self.level_hands}
        if self.duplicate:
            data["level_win_rate"] = {
                level: _rate(self.level_wins.get(level, 0), n) for level, n in self.level_games.items()
            }
        return data

    def lines(self) -> list[str]:
        data = self.to_json()
        out = [f"Games: {self.games}. Hands: {self.hands}."]
        for side in self.wins:
            rate = data["win_rate"][side]
            low, high = rate["ci95"]
            contracts = data["contracts"][side]
            out.append(
                f"{side}: {self.wins[side]} {'game' if self.wins[side] == 1 else 'games'} won "
                f"({rate['rate']:.1%}, 95% interval "
                f"{low:.1%} to {high:.1%}), {data['points_per_hand'][side]} points per hand, "
                f"contracts made {contracts['made']}, set {contracts['set']}."
            )
        for level, rate in data.get("level_win_rate", {}).items():
            low, high = rate["ci95"]
            out.append(f"Level {level}: won {rate['rate']:.1%} of its games "
                       f"(95% interval {low:.1%} to {high:.1%}).")
        for level, ms in data["decision_ms"].items():  # in words: a voice read "ms" as "em ess" (session 38)
            out.append(f"Level {level}: decisions take {ms['p50']} milliseconds at the median, {ms['p95']} "
                       f"milliseconds at the 95th percentile, {ms['max']} milliseconds at most.")
        out.extend(self._shared_lines())
        out.append(f"Speed: {data['actions_per_second']} actions per second "
                   f"({self.actions} actions in {self.seconds:.2f} seconds).")
        return out

    def _shared_lines(self) -> list[str]:
        """Why the wins add up to more than the games, when they do: the text summary said the
        wins with no word why (the re-check of session 34)."""
        count = sum(self.shared.values())
        if not count:
            return []
        two = all(len(names) == 2 for names in self.shared)
        most_first = sorted(self.shared.items(), key=lambda item: -item[1])
        # Semicolons between the groups: with commas inside a group of three too, "north, south
        # and northwest 2, north, southeast and south 2" could not be told apart by ear (the
        # re-check of session 35).
        parts = "; ".join(f"{join_words(list(names))}: {n}" for names, n in most_first)
        return [f"{count} {'game was' if count == 1 else 'games were'} won by {'two' if two else 'several'} "
                f"seats together, partners of the last hand tied at the top ({parts}): so the wins add up "
                "to more than the games."]


def side_names(state: GameState) -> list[tuple[str, list[int]]]:
    """Sides for the summary, named by their seats joined with '-' (``north-south``)."""
    return [("-".join(state.seats[s] for s in group), group) for group in state.game_groups()]


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"rook-access/simulate/{seed}/{index}").getrandbits(48)


def player_name(player: Player) -> str:
    name = getattr(player, "name", None)
    return shorten(name) if isinstance(name, str) else "computer"


# Decisions of players that choose from the legal actions alone are timed one in this many:
# reading the clock costs as much as their decision and the core's step together.
QUICK_SAMPLE = 16
# A game of 1,000 six-player hands (the most ``hands`` allows) is under 100,000 moves. Some rules
# the core accepts never end for some players (a lowest bid no computer player reaches is passed
# and dealt again for ever): past this many moves the run stops and says so.
MAX_GAME_ACTIONS = 200_000


def _endless(state: GameState) -> RuleError:
    return RuleError(f"a game went on for more than {MAX_GAME_ACTIONS:,} moves without a winner (hand "
                     f"{state.hand_number}, totals {', '.join(map(str, state.totals))}): with these rules these "
                     "players may never finish; lower min_bid, give the counters more points, or set hands")


def play_game(state: GameState, players: dict[int, Player], events_sink: RecordWriter | None,
              summary: Summary, levels: dict[int, str] | None = None) -> None:
    sides = side_names(state)
    side_of = {seat: name for name, group in sides for seat in group}
    clock, cpu = time.perf_counter_ns, time.process_time_ns
    times, cpu_times = summary.decision_times, summary.decision_cpu
    # The built-in random player decides from the legal actions alone (``choose_from``) and picks
    # a card from a mask (``choose_card``) when the choice is only of cards (a play, a discard:
    # ``card_choice``): building a seat view or a list of actions would cost more than its
    # decision. Every other player gets its view (a bot from --bot may have methods of those
    # names for its own use). Every choice must be one of those the player was given: a view's
    # ``legal`` holds only its own seat's actions, never another seat's misdeal.
    from_legal = {seat: p.choose_from for seat, p in players.items() if isinstance(p, RandomPlayer)}
    from_mask = {seat: p.choose_card for seat, p in players.items() if isinstance(p, RandomPlayer)}
    actions = 0
    randoms = _all_random(players) if events_sink is None else None

    by_level = _seats_by_level(levels) if levels is not None else []

    def count(result: HandResult, bidder: int) -> None:
        _count_hand(summary, result, sides, side_of, bidder)
        if levels is not None:
            _count_levels(summary, levels, by_level, result, bidder)

    def took(actor: int, ms: float) -> None:
        if levels is not None:
            times.setdefault(levels[actor], []).append(ms)

    if randoms is not None:
        actions = _play_random(state, randoms, took, count)
    while state.phase is not OVER:
        actor = state.actor
        try:
            quick = from_legal.get(actor)
            if quick is None:
                view = state.view(actor)
                if levels is None:
                    action = players[actor].choose(view)
                else:
                    start, cpu_start = clock(), cpu()
                    action = players[actor].choose(view)
                    times.setdefault(levels[actor], []).append((clock() - start) / 1e6)
                    cpu_times.setdefault(levels[actor], []).append((cpu() - cpu_start) / 1e6)
                # Its own actions only (never another seat's misdeal), and as Actions of whole
                # numbers: ("bid", 80) and Action("bid", 80.0) compare equal to Action("bid", 80).
                if _malformed(action) or action not in view.legal:
                    raise IllegalAction(_refused(state, action))
            else:
                timed = levels is not None and not actions % QUICK_SAMPLE
                pick = from_mask.get(actor)
                choice = state.card_choice() if pick is not None else None
                if pick is not None and choice is not None:
                    table, mask = choice
                    start = clock() if timed else 0
                    card = pick(mask)
                    if not (isinstance(card, int) and 0 <= card < len(table) and mask >> card & 1):
                        raise IllegalAction(f"{shorten(repr(card))}, not one of the cards it may play")
                    action = table[card]
                else:
                    legal = state.legal_actions()
                    start = clock() if timed else 0
                    action = quick(legal)
                    if action not in legal:
                        raise IllegalAction(_refused(state, action))
                if timed:
                    times.setdefault(levels[actor], []).append((clock() - start) / 1e6)  # type: ignore[index]
        except IllegalAction as exc:
            raise RuleError(f"the {player_name(players[actor])} player at {state.seats[actor]} chose {exc}") from None
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # a bot from --bot is someone else's code: said in one line
            what = "called sys.exit" if isinstance(exc, SystemExit) else \
                f"{exc.__class__.__name__}: {shorten(' '.join(str(exc).split()), 200)}"
            raise RuleError(f"the {player_name(players[actor])} player at {state.seats[actor]} "
                            f"failed: {what}") from None
        bidder = state.bidder
        if events_sink is None:
            result = state.step(action)
        else:
            events: list[Event] = []
            result = state.step(action, events)
            events_sink.write(events)
        actions += 1
        if result is not None:
            count(result, bidder)
        if actions > MAX_GAME_ACTIONS:
            raise _endless(state)
    summary.actions += actions
    winners = set(state.winners)
    won = [name for name, group in sides if winners & set(group)]
    for name in won:
        summary.wins[name] = summary.wins.get(name, 0) + 1
    if len(won) > 1:
        summary.shared[tuple(won)] = summary.shared.get(tuple(won), 0) + 1
    if levels is not None:
        for level in sorted(set(levels.values())):
            summary.level_games[level] = summary.level_games.get(level, 0) + 1
            if any(levels[s] == level for s in winners):
                summary.level_wins[level] = summary.level_wins.get(level, 0) + 1


def _malformed(action: object) -> str | None:
    """Why a player's choice is no Action of the protocol's shape, or None."""
    if type(action) is not Action:
        return f"{shorten(repr(action))}, which is no Action"
    if type(action.value) is not int:
        return f"{shorten(repr(action))}, whose value is no whole number (a card, an amount or a seat)"
    return None


def _refused(state: GameState, action: object) -> str:
    """Why a player's choice is refused: what it chose and the rules' reason."""
    malformed = _malformed(action)
    if malformed:
        return malformed
    assert isinstance(action, Action)  # _malformed said so
    if action.kind == A.MISDEAL and action.value != state.actor:
        return f"{action}, a misdeal for another seat's hand: its value is the seat calling it"
    return f"{action}, which is not among its legal actions: {state.why_illegal(action) or 'not its to choose'}"


def _all_random(players: dict[int, Player]) -> dict[int, RandomPlayer] | None:
    """The players, when every one is the built-in random player: the speed benchmark's game,
    played by ``_play_random``. Only our own player qualifies, as its choices go unchecked."""
    if not all(type(p) is RandomPlayer for p in players.values()):
        return None
    return cast(dict[int, RandomPlayer], players)


def _play_random(state: GameState, players: dict[int, RandomPlayer], took: Callable[[int, float], None],
                 count: Callable[[HandResult, int], None]) -> int:
    """A game of random players to its end, as ``play_game`` would play it, minus what only
    other players need (their seat views, the check of their choices, one clock read per
    decision): each card chosen from a mask, a hand's cards at a time (the core's
    ``play_hand``) and a discard's cards at a time (``lay_aside``), the other decisions from
    the legal actions. One decision in ``QUICK_SAMPLE`` of those others is timed
    (``took(seat, ms)``); each scored hand goes to ``count(result, bidder)``. Returns the
    actions taken."""
    picks = {seat: p.choose_card for seat, p in players.items()}
    clock, actions, untimed = time.perf_counter_ns, 0, 0
    while state.phase is not OVER:
        bidder, phase = state.bidder, state.phase
        if phase is PLAY:
            actions += sum(state.hands).bit_count()
            count(state.play_hand([picks[state.player_for(seat)] for seat in range(state.n)]), bidder)
            if actions > MAX_GAME_ACTIONS:
                raise _endless(state)
            continue
        seat = state.turn  # outside play the seat on turn chooses (only the dummy's cards are played for it)
        if phase is DISCARD:
            laid = state.lay_aside(picks[seat])
            if laid:
                actions += laid
                continue  # (none laid: the call may go to the partner instead, asked below)
        untimed += 1
        start = clock() if untimed == QUICK_SAMPLE else 0
        action = players[seat].choose_from(state.legal_actions())
        if start:
            took(seat, (clock() - start) / 1e6)
            untimed = 0
        result = state.step(action)
        actions += 1
        if result is not None:
            count(result, bidder)
        if actions > MAX_GAME_ACTIONS:  # dealt again and again, or no side ever reaching the target
            raise _endless(state)
    return actions


def _count_hand(summary: Summary, result: HandResult, sides: list[tuple[str, list[int]]],
                side_of: dict[int, str], bidder: int) -> None:
    """A finished hand in the summary: each side's score, and the contract made or set."""
    summary.hands += 1
    for name, group in sides:
        summary.points[name] = summary.points.get(name, 0) + result.score[group[0]]
    if result.made is not None and bidder >= 0:
        side = side_of.get(bidder)
        if side is not None:
            book = summary.made if result.made else summary.set
            book[side] = book.get(side, 0) + 1


def _count_levels(summary: Summary, levels: dict[int, str], by_level: list[tuple[str, list[int]]],
                  result: HandResult, bidder: int) -> None:
    """Per-level points and contracts for one scored hand (``by_level``: ``_seats_by_level``)."""
    for level, mine in by_level:
        points = sum([result.score[s] for s in mine]) / len(mine)
        summary.level_points[level] = summary.level_points.get(level, 0.0) + points
        summary.level_hands[level] = summary.level_hands.get(level, 0) + 1
    if result.made is not None and bidder in levels:
        book = summary.level_made if result.made else summary.level_set
        book[levels[bidder]] = book.get(levels[bidder], 0) + 1


def _seats_by_level(levels: dict[int, str]) -> list[tuple[str, list[int]]]:
    """Each level with the seats it plays, in a stable order (made once a game)."""
    return [(level, [s for s, spec in levels.items() if spec == level]) for level in sorted(set(levels.values()))]


def rotated(seats: tuple[str, ...], bidding: list[int], seat_players: dict[str, str],
            default: str) -> dict[str, str]:
    """The duplicate replay's players: each bidding seat's player moves to the next bidding seat
    clockwise (in a four-seat partnership game the sides swap bots)."""
    specs = [seat_players.get(seats[s], default) for s in bidding]
    moved = specs[-1:] + specs[:-1]
    out = dict(seat_players)
    for s, spec in zip(bidding, moved):
        out[seats[s]] = spec
    return out


def simulate(preset: str, options: Options, games: int, seed: int, seat_players: dict[str, str],
             record: str | None = None, duplicate: bool = False, default: str = "random",
             deal: dict[str, Any] | None = None) -> Summary:
    """Play ``games`` games (with ``duplicate``, ``games`` deals played twice each).
    ``seat_players`` maps a seat name to a level or ``module:factory``; others get ``default``.
    ``deal`` (a deal file's JSON) fixes the first deal of every game; later deals are shuffled."""
    summary = Summary(duplicate=duplicate)
    if record:
        holds_games(record)  # a file holding anything but game records is refused, never written into
    writer = RecordWriter(record) if record else None
    try:
        start = time.perf_counter()
        for index in range(games):
            seating = [seat_players]
            if duplicate:
                probe, _ = new_game(preset, options, 0)
                bidding = [s for s in range(probe.n) if probe.bidding_seats >> s & 1]
                seating.append(rotated(probe.seats, bidding, seat_players, default))
            for playing, specs in enumerate(seating):
                which = _which_game(seed, index, playing, duplicate)
                _one_game(preset, options, game_seed(seed, index), specs, default, writer, summary, deal, which)
        summary.seconds = time.perf_counter() - start
    finally:
        if writer is not None:
            writer.close()
    return summary


def _which_game(seed: int, index: int, playing: int, duplicate: bool) -> str:
    """A failing game named as the run counts it, with the command line that plays it again: its
    seed alone, named before, is no --seed (found by the simulate sweep). With ``duplicate`` a
    deal's second playing was named as the deal's number with a command that left out
    --duplicate, which ran clean (the simulate sweep of session 39)."""
    if not duplicate:
        return f"game {index + 1} (--seed {seed} --games {index + 1} plays it again)"
    how = "first playing" if playing == 0 else "second playing, the players moved one seat clockwise"
    return (f"game {2 * index + playing + 1} (deal {index + 1}, {how}; --seed {seed} --games {index + 1} "
            "--duplicate plays it again)")


def _one_game(preset: str, options: Options, seed: int, specs: dict[str, str], default: str,
              writer: RecordWriter | None, summary: Summary, deal: dict[str, Any] | None, which: str) -> None:
    state, events = new_game(preset, options, seed, deal=deal)
    levels = {i: specs.get(seat, default) for i, seat in enumerate(state.seats)}
    players = {i: make_player(levels[i], seat, options, seed + i) for i, seat in enumerate(state.seats)}
    for name, _group in side_names(state):
        summary.wins.setdefault(name, 0)
        summary.points.setdefault(name, 0)
    if writer is not None:
        writer.write([game_line(state, {state.seats[i]: spec for i, spec in levels.items()})] + events)
    # The dummy never chooses: its seat takes no part in the per-level counts.
    acting = {i: spec for i, spec in levels.items() if state.bidding_seats >> i & 1}
    try:
        play_game(state, players, writer, summary, acting)
    except RuleError as exc:
        raise RuleError(f"in {which}, hand {state.hand_number}: {exc}") from None
    summary.games += 1
