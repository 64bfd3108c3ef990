"""Writes the damaged-file corpus: for each kind of file the game reads from outside (saved games,
game records, deal files, settings), a good file and variants of it damaged one way each, as a
careless editor, a full disk or a hostile hand would leave them. tests/test_damaged_files.py
gives every variant to the installed command and expects one line naming the file, never a
traceback and never a game built from it.

Run from the repository's root to rebuild it: ``python -m tests.corpus.make_corpus``. The files
are committed, so the test reads fixed bytes, not what today's code happens to write.
"""

from __future__ import annotations

import copy
import json
import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
DEEP = 3000


def _table_save() -> dict[str, Any]:
    import os
    import tempfile

    os.environ["ROOK_ACCESS_HOME"] = tempfile.mkdtemp()  # the settings commands write settings
    from tests.console_helpers import Table

    table = Table("hasbro", seed=11, level="random")
    table.advance(lambda t: t.state.phase == "play" and len(t.state.tricks) >= 2, random.Random(11))
    data: dict[str, Any] = json.loads(json.dumps(table.session.to_dict()))
    data["record"] = None
    data["record_size"] = None
    return data


def _state_edit(edit: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        edit(data["state"])
    return change


def _move_card(state: dict[str, Any], source: int, target: int) -> None:
    state["hands"][target].append(state["hands"][source].pop())


SAVE_EDITS: dict[str, Callable[[dict[str, Any]], None]] = {
    "me-unknown-seat": lambda d: d.update(me="nobody"),
    "me-a-number": lambda d: d.update(me=5),
    "players-empty": lambda d: d.update(players={}),
    "players-import-code": lambda d: d["players"].update(east="os:system"),
    "players-two-humans": lambda d: d["players"].update(east="human"),
    "no-game": lambda d: d.pop("game"),
    "game-not-a-table": lambda d: d.update(game=[1, 2]),
    "seed-text": lambda d: d["game"].update(seed="abc"),
    "seed-true": lambda d: d["game"].update(seed=True),
    "preset-number": lambda d: d["game"].update(preset=7),
    "options-missing-one": lambda d: d["game"]["options"].pop("target"),
    "options-bad-value": lambda d: d["game"]["options"].update(rook="middle"),
    "options-unknown": lambda d: d["game"]["options"].update(colour="red"),
    "options-endless": lambda d: d["game"]["options"].update(counters={}),
    "actions-missing": lambda d: d.pop("actions"),
    "actions-not-a-list": lambda d: d.update(actions="pass"),
    "action-unknown": lambda d: d["actions"].insert(3, "fly away"),
    "action-illegal": lambda d: d["actions"].insert(0, "play 14r"),
    "action-number-text": lambda d: d["actions"].__setitem__(0, "bid ²"),
    "actions-one-lost": lambda d: d["actions"].pop(),
    "actions-one-more": lambda d: d["actions"].append("pass"),
    "state-missing": lambda d: d.pop("state"),
    "state-turn-99": _state_edit(lambda s: s.update(turn=99)),
    "state-phase-unknown": _state_edit(lambda s: s.update(phase="nap")),
    "state-leader-negative": _state_edit(lambda s: s.update(leader=-7)),
    "state-high-bid-text": _state_edit(lambda s: s.update(high_bid="lots")),
    "state-fourteen-cards": _state_edit(lambda s: s["hands"][0].extend(["5r", "6r", "7r", "8r", "9r"])),
    "state-card-in-two-hands": _state_edit(lambda s: s["hands"][1].append(s["hands"][0][0])),
    "state-played-card-back": _state_edit(lambda s: s["hands"][2].append(s["tricks"][0][1][0][1])),
    "state-card-moved": _state_edit(lambda s: _move_card(s, 0, 1)),
    "state-totals-raised": _state_edit(lambda s: s["totals"].__setitem__(2, 290)),
    "state-no-hands": _state_edit(lambda s: s.pop("hands")),
    "state-a-list": lambda d: d.update(state=[]),
    "format-old": lambda d: d.update(format="rook-save/1"),
    "format-unknown": lambda d: d.update(format="rook-save/9"),
    "format-missing": lambda d: d.pop("format"),
}

SAVE_TEXTS: dict[str, Callable[[str], bytes]] = {
    "not-utf8": lambda t: t[:200].encode() + b"\xff\xfe" + t[200:].encode(),
    "cut-short": lambda t: t[: len(t) // 2].encode(),
    "empty": lambda t: b"",
    "a-list": lambda t: b"[]",
    "nested-deep": lambda t: ('{"format": "rook-save/2", "history": ' + "[" * DEEP + "]" * DEEP + "}").encode(),
    "huge-integer": lambda t: t.replace('"seed":11', '"seed":' + "9" * 5000).encode(),
    "nan": lambda t: t.replace('"seed":11', '"seed":NaN').encode(),
    "infinity": lambda t: t.replace('"review_pos":0', '"review_pos":Infinity').encode(),
    "binary": lambda t: bytes(range(256)),
}


def write_saves() -> None:
    folder = HERE / "saves"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    base = _table_save()
    text = json.dumps(base, separators=(",", ":"))
    assert '"seed":11' in text and '"review_pos":0' in text
    (folder / "good.json").write_text(text, "utf-8")
    (folder / "good-with-bom.json").write_bytes(b"\xef\xbb\xbf" + text.encode())
    for name, edit in SAVE_EDITS.items():
        data = copy.deepcopy(base)
        edit(data)
        (folder / f"bad-{name}.json").write_text(json.dumps(data, separators=(",", ":")), "utf-8")
    for name, change in SAVE_TEXTS.items():
        (folder / f"bad-{name}.json").write_bytes(change(text))


def _record(preset: str, seed: int) -> list[dict[str, Any]]:
    from rook_access.ai.players import make_player
    from rook_access.core import new_game
    from rook_access.simulation import Summary, play_game
    from rook_access.store.record import game_line

    state, events = new_game(preset, ["target=150"], seed)
    players = {i: make_player("random", seat, state.options, seed + i) for i, seat in enumerate(state.seats)}
    lines = [game_line(state, {s: "random" for s in state.seats}), *events]

    class Sink:
        def write(self, more: list[dict[str, Any]]) -> None:
            lines.extend(e for e in more if e["type"] != "partner_trump")

    play_game(state, players, Sink(), Summary())  # type: ignore[arg-type]
    return json.loads(json.dumps(lines))


def _first(lines: list[dict[str, Any]], kind: str, after: int = 0) -> int:
    return next(i for i, line in enumerate(lines) if line["type"] == kind and i >= after)


def _swap_plays(lines: list[dict[str, Any]]) -> None:
    i = _first(lines, "play")
    lines[i], lines[i + 1] = lines[i + 1], lines[i]


def _card_not_held(lines: list[dict[str, Any]]) -> None:
    i = _first(lines, "play")
    hands = lines[1]["hands"]
    other = next(s for s in hands if s != lines[i]["seat"])
    lines[i]["card"] = hands[other][0]


RECORD_EDITS: dict[str, Callable[[list[dict[str, Any]]], None]] = {
    "version-9": lambda ls: ls[0].update(format="rook-record/9"),
    "no-game-line": lambda ls: ls.pop(0),
    "seats-missing": lambda ls: ls[0].pop("seats"),
    "players-missing-a-seat": lambda ls: ls[0]["players"].pop("east"),
    "options-unknown": lambda ls: ls[0]["options"].update(colour="red"),
    "options-endless": lambda ls: ls[0]["options"].update(min_bid=1000, max_bid=1000),
    "seed-huge-text": lambda ls: ls[0].update(seed="9" * 5000),
    "deal-card-twice": lambda ls: ls[1]["hands"]["north"].__setitem__(0, ls[1]["hands"]["east"][0]),
    "deal-short-hand": lambda ls: ls[1]["hands"]["north"].pop(),
    "deal-unknown-card": lambda ls: ls[1]["hands"]["north"].__setitem__(0, "15q"),
    "card-not-in-hand": _card_not_held,
    "play-out-of-turn": _swap_plays,
    "play-unknown-card": lambda ls: ls[_first(ls, "play")].update(card="99z"),
    "play-no-card": lambda ls: ls[_first(ls, "play")].pop("card"),
    "bid-not-fives": lambda ls: ls[_first(ls, "bid")].update(amount=73),
    "bid-text": lambda ls: ls[_first(ls, "bid")].update(amount="lots"),
    "bid-too-high": lambda ls: ls[_first(ls, "bid")].update(amount=500),
    "trick-wrong-winner": lambda ls: ls[_first(ls, "trick")].update(
        winner=next(s for s in ls[0]["seats"] if s != ls[_first(ls, "trick")]["winner"])),
    "trick-wrong-points": lambda ls: ls[_first(ls, "trick")].update(points=999),
    "score-wrong": lambda ls: ls[_first(ls, "hand_end")]["score"].update(north=500),
    "totals-wrong": lambda ls: ls[_first(ls, "hand_end")]["totals"].update(east=-1),
    "contract-wrong": lambda ls: ls[_first(ls, "contract")].update(amount=120),
    "trump-unknown-colour": lambda ls: ls[_first(ls, "trump")].update(color="purple"),
    "discard-card-not-held": lambda ls: ls[_first(ls, "discard")]["cards"].__setitem__(0, "rook")
    if "rook" not in ls[_first(ls, "discard")]["cards"] else ls[_first(ls, "discard")]["cards"].__setitem__(0, "5r"),
    "play-after-game-end": lambda ls: ls.append({"type": "play", "seat": "north", "card": "14r"}),
    "line-unknown-type": lambda ls: ls.insert(5, {"type": "dance", "seat": "north"}),
    "line-dropped": lambda ls: ls.pop(_first(ls, "play") + 2),
    "game-end-early": lambda ls: ls.insert(_first(ls, "play"), {"type": "game_end", "winners": ["north"],
                                                                 "totals": {}}),
}

RECORD_TEXTS: dict[str, Callable[[str], bytes]] = {
    "not-utf8": lambda t: t.replace("\n", "\n\xff", 1).encode("latin-1", "replace"),
    "nested-deep": lambda t: (t.split("\n", 1)[0] + "\n" + "[" * DEEP + "]" * DEEP + "\n").encode(),
    "huge-integer": lambda t: t.replace('"amount":', '"amount":' + "9" * 5000, 1).encode(),
    "nan": lambda t: t.replace('"seed":', '"seed":NaN,"x":', 1).encode(),
    "not-an-object": lambda t: (t.split("\n", 1)[0] + "\n[1, 2, 3]\n").encode(),
}


def write_records() -> None:
    folder = HERE / "records"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    base = _record("hasbro", 5)
    text = "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in base)
    (folder / "good.jsonl").write_text(text, "utf-8")
    # call-partner seed 8: seed 7's three defenders reach the target together after one hand
    # (partners of a hand tied at the target win together since session 34), and a record of two
    # hands replays more.
    for preset, seed in (("two-player", 6), ("call-partner", 8), ("beginner", 8), ("kentucky-west", 9)):
        lines = _record(preset, seed)
        (folder / f"good-{preset}.jsonl").write_text(
            "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines), "utf-8")
    (folder / "good-unfinished.jsonl").write_text("".join(text.splitlines(keepends=True)[:40]), "utf-8")
    # Cut in the middle of its last line (a crash or a full disk while writing): heard up to the
    # last whole line, as game-record.md promises ("a crash loses at most the line being written").
    (folder / "good-cut-mid-line.jsonl").write_bytes(text[: text.index("\n", 3000) - 10].encode())
    # game-record.md: "Fields not listed may be added; a reader ignores what it does not know".
    (folder / "good-added-fields.jsonl").write_text(
        "".join(json.dumps({**line, "note": "from another tool"}, separators=(",", ":")) + "\n" for line in base),
        "utf-8")
    for name, edit in RECORD_EDITS.items():
        lines = copy.deepcopy(base)
        edit(lines)
        (folder / f"bad-{name}.jsonl").write_text(
            "".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines), "utf-8")
    for name, change in RECORD_TEXTS.items():
        (folder / f"bad-{name}.jsonl").write_bytes(change(text))


def write_deals() -> None:
    from rook_access.core import new_game

    folder = HERE / "deals"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    _, events = new_game("hasbro", [], 3)
    deal = {key: events[0][key] for key in ("dealer", "hands", "nest", "aside")}
    text = json.dumps(deal)
    (folder / "good.json").write_text(text, "utf-8")
    (folder / "good-with-bom.json").write_bytes(b"\xef\xbb\xbf" + text.encode())
    edits: dict[str, Callable[[dict[str, Any]], None]] = {
        "dealer-unknown": lambda d: d.update(dealer="nobody"),
        "dealer-missing": lambda d: d.pop("dealer"),
        "hands-missing": lambda d: d.pop("hands"),
        "hands-a-list": lambda d: d.update(hands=[]),
        "card-twice": lambda d: d["hands"]["north"].__setitem__(0, d["hands"]["east"][0]),
        "card-unknown": lambda d: d["hands"]["north"].__setitem__(0, "15q"),
        "card-a-number": lambda d: d["hands"]["north"].__setitem__(0, 14),
        "hand-short": lambda d: d["hands"]["north"].pop(),
        "nest-long": lambda d: d["nest"].append(d["hands"]["north"].pop()),
        "seat-unknown": lambda d: d["hands"].update(middle=d["hands"].pop("north")),
    }
    for name, edit in edits.items():
        data = copy.deepcopy(deal)
        edit(data)
        (folder / f"bad-{name}.json").write_text(json.dumps(data), "utf-8")
    texts = {
        "nested-deep": ("[" * DEEP + "]" * DEEP).encode(),
        "huge-integer": text.replace('"dealer": "', '"x": ' + "9" * 5000 + ', "dealer": "').encode(),
        "nan": text.replace('"dealer": "', '"x": NaN, "dealer": "').encode(),
        "not-utf8": b"\xff\xfe" + text.encode(),
        "not-json": b"dealer = north",
        "a-list": b"[1, 2]",
        "empty": b"",
    }
    for name, raw in texts.items():
        (folder / f"bad-{name}.json").write_bytes(raw)


def write_settings() -> None:
    folder = HERE / "settings"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    good = 'verbosity = "brief"\nrules = "georgia"\noptions = ["target=400"]\n'
    (folder / "good.toml").write_text(good, "utf-8")
    (folder / "good-with-bom.toml").write_bytes(b"\xef\xbb\xbf" + good.encode())
    bad = {
        "nested-deep": "x = " + "[" * DEEP + "]" * DEEP + "\n",
        "huge-integer": "tts_rate = " + "9" * 5000 + "\n",
        "preset-unknown": 'rules = "nowhere"\n',
        "option-unknown": 'options = ["colour=red"]\n',
        "option-bad-value": 'options = ["target=lots"]\n',
        "option-endless": 'options = ["counters="]\n',
        "options-not-a-list": 'options = "target=400"\n',
        "verbosity-bad": 'verbosity = "loud"\n',
        "speech-a-number": "speech = 3\n",
        "setting-unknown": 'colour = "red"\n',
        "not-toml": "verbosity: brief\n",
    }
    for name, text in bad.items():
        (folder / f"bad-{name}.toml").write_text(text, "utf-8")
    (folder / "bad-not-utf8.toml").write_bytes(b'verbosity = "\xff\xfe"\n')


if __name__ == "__main__":
    write_saves()
    write_records()
    write_deals()
    write_settings()
    for kind in ("saves", "records", "deals", "settings"):
        files = sorted((HERE / kind).iterdir())
        print(f"{kind}: {sum(f.name.startswith('bad-') for f in files)} damaged, "
              f"{sum(f.name.startswith('good') for f in files)} good")
