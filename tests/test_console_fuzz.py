"""1,000+ random command lines at every phase: a refused line changes nothing and says why in one
line; a line that only looks (hand, score, help...) never changes the game."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from rook_access.console.commands import naming_trump
from rook_access.console.parse import SHORT_FORMS, ParseError, parse
from rook_access.core import cards as C
from tests.console_helpers import Table

ACTIONS = {"bid", "pass", "check", "misdeal", "discard", "trump", "notrump", "partner", "call", "play",
           "card", "cards", "number", "colour"}
WORDS = [w for name, shorts in SHORT_FORMS.items() for w in (name, *shorts)] + [
    "no trump", "red", "green", "black", "yellow", "none", "bird", "rook", "on", "off", "brief", "full",
    "after", "only", "tts", "screen-reader", "plays", "bids", "trump", "and", ",", "xyzzy", "-1", "?",
    "the", "of", "15g", "0r", "14q", "b10", "red 14", "14 red", "", "  ", "\t",
]


def random_line(rng: random.Random) -> str:
    parts = []
    for _ in range(rng.randrange(1, 5)):
        roll = rng.random()
        if roll < 0.35:
            parts.append(rng.choice(WORDS))
        elif roll < 0.65:
            parts.append(C.code(rng.randrange(C.CARD_COUNT)))
        elif roll < 0.85:
            parts.append(str(rng.choice([rng.randrange(0, 250), rng.randrange(0, 50) * 5])))
        else:
            parts.append("".join(rng.choice("abcdxyz019 ,.;!") for _ in range(rng.randrange(1, 6))))
    return " ".join(parts)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    return tmp_path


def test_random_lines_change_nothing_they_should_not() -> None:
    rng = random.Random(20261121)
    phases: Counter[str] = Counter()
    sent = 0
    games = [("hasbro", 1), ("georgia", 2), ("kentucky-west", 3), ("call-partner", 4), ("call-partner", 9),
             ("two-player", 5), ("beginner", 6), ("kentucky-discard", 7), ("hasbro", 8)]
    for preset, seed in games:
        table = Table(preset, seed=seed, options=["target=150"] if preset != "beginner" else ["target=30"])
        for _step in range(400):
            phase = table.state.phase
            for _ in range({"over": 40, "play": 5, "auction": 10}.get(phase, 25)):
                line = random_line(rng)
                before = table.state.to_dict()
                try:  # as the session reads it: a lone r names red at the player's trump call
                    name = parse(line, naming=naming_trump(table.session)).name
                except ParseError:
                    name = "refused by the parser"
                reply = table.run(line)
                sent += 1
                phases[phase] += 1
                if reply.refused:
                    assert table.state.to_dict() == before, line
                    assert len(reply.lines) == 1, (line, reply.lines)
                    reason = reply.lines[0]
                    assert len(reason) > 10 and reason[0].isupper() and reason.endswith("."), (line, reason)
                elif name not in ACTIONS:
                    assert table.state.to_dict() == before, (line, reply.lines)
                    assert reply.lines, line
                if "Error" in table.text():
                    pytest.fail(f"{line!r} raised: {table.text()[-300:]}")
            if table.state.is_over():
                break
            if table.my_turn():
                eager = preset == "call-partner" or rng.random() < 0.5  # the partner call needs the bid
                reply = table.run(table.move_text(rng, bid=eager))
                assert not reply.refused, reply.lines
    assert sent >= 1000, sent
    for phase in ("auction", "discard", "trump", "call", "play", "over"):
        assert phases[phase] >= 20, phases
