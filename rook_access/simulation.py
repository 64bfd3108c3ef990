"""Computer players play whole games: the engine behind ``rook-access simulate``.

Timing covers everything (dealing included) but only player decisions count as actions, as
the benchmark asks: bids, checks, discards, trump calls, partner calls and card plays.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

from .ai.players import Player, make_player
from .core import GameState, Options, new_game
from .store.record import RecordWriter, game_line


@dataclass
class Summary:
    games: int = 0
    hands: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)  # side -> points summed over hands

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "hands": self.hands,
            "wins": dict(self.wins),
            "points_per_hand": {
                side: round(total / self.hands, 3) if self.hands else 0.0
                for side, total in self.points.items()
            },
            "actions_per_second": round(self.actions / self.seconds) if self.seconds else 0,
        }

    def lines(self) -> list[str]:
        data = self.to_json()
        out = [f"Games: {self.games}. Hands: {self.hands}."]
        for side in self.wins:
            out.append(
                f"{side}: {self.wins[side]} games won, {data['points_per_hand'][side]} points per hand."
            )
        out.append(f"Speed: {data['actions_per_second']} actions per second "
                   f"({self.actions} actions in {self.seconds:.2f} seconds).")
        return out


def side_names(state: GameState) -> list[tuple[str, list[int]]]:
    """Sides for the summary, named by their seats joined with '-' (``north-south``)."""
    return [("-".join(state.seats[s] for s in group), group) for group in state.game_groups()]


def game_seed(seed: int, index: int) -> int:
    return random.Random(f"rook-access/simulate/{seed}/{index}").getrandbits(48)


def play_game(state: GameState, players: dict[int, Player], events_sink: RecordWriter | None,
              summary: Summary) -> None:
    sides = side_names(state)
    while not state.is_over():
        actor = state.actor
        player = players[actor]
        action = player.choose(state.view(actor))
        events = state.apply(action)
        summary.actions += 1
        if events_sink is not None:
            events_sink.write(events)
        for event in events:
            if event["type"] == "hand_end":
                summary.hands += 1
                for name, group in sides:
                    summary.points[name] = summary.points.get(name, 0) + event["score"][state.seats[group[0]]]
    winners = set(state.winners)
    for name, group in sides:
        if winners & set(group):
            summary.wins[name] = summary.wins.get(name, 0) + 1


def simulate(preset: str, options: Options, games: int, seed: int, seat_players: dict[str, str],
             record: str | None = None) -> Summary:
    summary = Summary()
    writer = RecordWriter(record) if record else None
    try:
        start = time.perf_counter()
        for index in range(games):
            state, events = new_game(preset, options, game_seed(seed, index))
            players = {
                i: make_player(seat_players.get(seat, "random"), seat, options, game_seed(seed, index) + i)
                for i, seat in enumerate(state.seats)
            }
            for name, _group in side_names(state):
                summary.wins.setdefault(name, 0)
                summary.points.setdefault(name, 0)
            if writer is not None:
                names = {seat: seat_players.get(seat, "random") for seat in state.seats}
                writer.write([game_line(state, names)] + events)
            play_game(state, players, writer, summary)
            summary.games += 1
        summary.seconds = time.perf_counter() - start
    finally:
        if writer is not None:
            writer.close()
    return summary
