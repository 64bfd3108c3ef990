"""The encyclopedia's call-partner game for six (two called cards), played at the console."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rook_access.core import cards as C
from tests.console_helpers import Table
from tests.core_helpers import make_deal


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROOK_ACCESS_HOME", str(tmp_path))
    return tmp_path


def test_console_six_players_the_bidder_calls_two_partner_cards(home: Path) -> None:
    deal = make_deal("call-partner-6", "southeast", {"south": ["1r", "rook"], "north": ["14r"], "northwest": ["13r"]})
    table = Table("call-partner-6", seed=2, deal=deal, level="normal")
    table.run("bid 200")  # the maximum: the auction ends at once
    south = table.state.seats.index("south")
    cards = [C.code(c) for c in C.cards_in(table.state.hands[south]) if c not in (C.ROOK, C.from_code("1r"))]
    table.run("discard " + " ".join(cards[:3]))
    table.run("trump red")
    assert table.run("status").lines[-1] == "Your turn to call a partner card."
    table.run("call 14r")
    assert table.run("legal").lines == ["Call any card you do not hold, not the 14 red you called, like call 1g."]
    refused = table.run("call 14r")
    assert refused.refused and refused.lines == ["You called the 14 red already: call another card you do not hold."]
    table.run("call 13r")
    assert "Called cards: 14 red and 13 red." in table.run("status").lines
    assert "You call the 14 red as partner card." in table.text()
    assert "You call the 13 red as partner card." in table.text()
    assert table.state.phase == "play"
    assert {table.state.partner, table.state.partner2} == {table.state.seats.index("north"),
                                                           table.state.seats.index("northwest")}


def test_before_the_reveal_nobody_is_grouped_with_the_secret_partner(home: Path) -> None:
    """score grouped "You, Northeast, Southwest and Northwest" against the bidder while one of
    them was its secret partner; each stands alone until the called card falls, and status then
    says who the partner is (found by a helper playing call-partner)."""
    for seed in range(2, 40):
        table = Table("call-partner", seed=seed)
        table.advance(lambda t: t.state.phase == "play" and len(t.state.tricks) >= 1 and t.my_turn(),
                      random.Random(seed))
        view = table.session.view()
        if view.phase != "play" or view.partner >= 0 or view.bidder == view.seat:
            continue
        lines = table.run("score").lines
        start = lines.index(f"This hand, after {len(view.tricks)} {'trick' if len(view.tricks) == 1 else 'tricks'}:")
        rows = lines[start + 1:-1]
        assert len(rows) == len(view.seats) and not any(" and " in row for row in rows), rows
        called = table.state.called
        table.advance(lambda t, card=called: t.state.played >> card & 1 or t.state.phase != "play",
                      random.Random(seed))
        if table.state.phase != "play" or table.state.hand_number != view.hand_number:
            continue
        partner = table.session.describer.seat(table.session.view(), table.state.partner)
        bidder = table.session.describer.seat(table.session.view(), table.state.bidder)
        said = f"{partner[:1].upper() + partner[1:]} is {bidder}'s partner."
        assert said in table.run("status").lines
        return
    raise AssertionError("no deal left the player a defender with the partner unknown")


def test_a_called_card_in_the_nest_with_two_calls_brings_no_partner_but_the_other_may(home: Path) -> None:
    """"The 10 green is in the nest: you play alone." then the second call made North a partner
    (found by the variants sweep); and one seat holding both called cards was "You and you are
    North's partners."."""
    from rook_access.speech.rules_text import explain

    deal = make_deal("call-partner-6", "southeast", {"south": ["1r", "rook", "10g"], "north": ["14r"]})
    table = Table("call-partner-6", seed=2, deal=deal, level="normal")
    table.run("bid 200")
    others = [C.code(c) for c in C.cards_in(table.state.hands[table.session.me])
              if c not in (C.ROOK, C.from_code("1r"), C.from_code("10g"))]
    table.run("discard 10g " + " ".join(others[:2]))
    table.run("trump red")
    assert table.run("call 10g").lines == [] and "The 10 green is in the nest: it brings no partner." in table.text()
    table.run("call 14r")
    assert table.state.seats.index("north") in (table.state.partner, table.state.partner2)  # the call that counts
    view = table.session.view()
    both = view._replace(bidder=table.state.seats.index("north"), partner=table.session.me, partner2=table.session.me)
    lines = table.session.describer.status_lines(both)
    assert "You are North's partner." in lines and not any("You and you" in line for line in lines), lines
    assert any("A called card in the nest brings no partner; if both are there, the bidder plays alone." in line
               for line in explain("call-partner-6", table.state.options))
