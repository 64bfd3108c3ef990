"""Label sheets: BRF limits and characters, PEF against the official schema, text and SVG.

A sheet is read back here as an embosser or checker would: BRF split on form feeds and CR LF,
PEF through lxml and the official schema files vendored in tests/schemas/pef, SVG as XML.
Expected labels come from the card codes (the spec: a BRF label is the card code in upper case),
not from the sheet code.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from pathlib import Path

import elementpath
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from rook_access.braille import LabelStyle, ascii_to_cells
from rook_access.braille.sheet import SheetLayout, build_sheet, is_label_sheet, to_brf, to_pef, to_svg, to_text
from rook_access.core import preset_names, resolve
from rook_access.core.cards import ROOK, cards_in, code, name
from rook_access.core.deck import deck_mask
from rook_access.core.errors import RuleError

SCHEMAS = Path(__file__).resolve().parent / "schemas" / "pef"  # vendored; see SOURCE.md there
PEF_NS = "http://www.daisy.org/ns/2008/pef"
NS = {"pef": PEF_NS, "dc": "http://purl.org/dc/elements/1.1/"}
SCH_NS = {"sch": "http://purl.oclc.org/dsdl/schematron"}

LAYOUTS = [
    SheetLayout(),
    SheetLayout(both_corners=True),
    SheetLayout(width=20, lines=5),
    SheetLayout(width=13, lines=7, slot=6, row_gap=0, both_corners=True),
    SheetLayout(width=32, lines=28, slot=7, row_gap=2),
]


def expected_labels(preset: str, both: bool, style: LabelStyle | None = None) -> list[str]:
    style = style or LabelStyle()
    out = []
    for card in cards_in(deck_mask(resolve(preset))):
        label = style.rook_label.upper() if card == ROOK else code(card).upper()
        out += [label] * (2 if both else 1)
    return out


def brf_pages(data: bytes) -> list[list[str]]:
    text = data.decode("ascii")
    pages = text.split("\f")
    out = []
    for page in pages:
        assert page.endswith("\r\n"), "every line, the last one too, ends in CR LF"
        lines = page[:-2].split("\r\n")
        assert all("\r" not in line and "\n" not in line for line in lines), "bare CR or LF"
        out.append(lines)
    return out


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda x: f"{x.width}x{x.lines}s{x.slot}g{x.row_gap}{x.both_corners:d}")
@pytest.mark.parametrize("preset", preset_names())
def test_brf(preset: str, layout: SheetLayout) -> None:
    data = to_brf(build_sheet(deck_mask(resolve(preset)), LabelStyle(), layout))
    assert all(0x20 <= b <= 0x5F or b in (0x0D, 0x0A, 0x0C) for b in data)
    assert not re.search(rb"[a-z]", data)
    assert not data.startswith(b"\f") and not data.endswith(b"\f")
    pages = brf_pages(data)
    labels: list[str] = []
    expected = expected_labels(preset, layout.both_corners)
    slot = layout.slot or max(map(len, expected)) + 1  # default: the longest label and a blank cell
    for page in pages:
        assert 1 <= len(page) <= layout.lines
        assert page[0] and page[-1], "no blank line at a page's top or bottom"
        for line in page:
            assert len(line) <= layout.width
            assert line == line.rstrip(" ")
            for match in re.finditer(r"\S+", line):
                assert match.start() % slot == 0, f"label {match.group()} is out of its slot: {line!r}"
                labels.append(match.group())
        # Rows of labels and gap lines alternate: row_gap blank lines between rows.
        pattern = "".join("L" if line else "g" for line in page)
        assert pattern == ("g" * layout.row_gap).join("L" * pattern.count("L"))
    assert labels == expected


def test_page_counts_worked_out_by_hand() -> None:
    # hasbro: 41 labels, 8 slots of 5 in 40 cells -> 6 rows, with 5 gap lines -> 11 lines, 1 page.
    pages = brf_pages(to_brf(build_sheet(deck_mask(resolve("hasbro")), LabelStyle(), SheetLayout())))
    assert [len(p) for p in pages] == [11]
    # kentucky-west, both corners: 114 labels -> 15 rows of 8 (the last has 2); a page of 25
    # lines holds 13 rows and 12 gaps, so 2 pages: 25 lines, then 2 rows and a gap = 3 lines.
    sheet = build_sheet(deck_mask(resolve("kentucky-west")), LabelStyle(), SheetLayout(both_corners=True))
    pages = brf_pages(to_brf(sheet))
    assert [len(p) for p in pages] == [25, 3]
    assert pages[1][-1] == "ROOK ROOK"
    # width 13, slot 6: labels start at 0 and 6; a third would start at 12 and not fit 4 cells.
    sheet = build_sheet(deck_mask(resolve("hasbro")), LabelStyle(), SheetLayout(width=13, slot=6))
    assert sheet.per_row == 2


def test_style_on_the_sheet() -> None:
    style = LabelStyle(rook_label="bird", numeric_indicator=True, black_letter="b")
    pages = brf_pages(to_brf(build_sheet(deck_mask(resolve("hasbro")), style, SheetLayout())))
    labels = [label for page in pages for line in page for label in line.split()]
    assert labels[0] == "#5R" and "#10B" in labels and labels[-1] == "BIRD"
    assert len(labels) == 41 and all(len(label) <= 4 for label in labels)


@pytest.mark.parametrize("layout", [
    SheetLayout(slot=4),  # ROOK needs 4 cells and a blank
    SheetLayout(width=4),  # less than one slot
    SheetLayout(lines=0),
    SheetLayout(width=0),
    SheetLayout(row_gap=-1),
])
def test_layouts_that_cannot_work(layout: SheetLayout) -> None:
    with pytest.raises(RuleError):
        build_sheet(deck_mask(resolve("hasbro")), LabelStyle(), layout)


@pytest.mark.parametrize(("layout", "message"), [
    (SheetLayout(width=0), "a line of 0 cells cannot hold one slot of 5 cells: use --width 5 or more"),
    (SheetLayout(width=1), "a line of 1 cell cannot hold one slot of 5 cells: use --width 5 or more"),
    (SheetLayout(lines=0), "a page needs at least 1 line: use --lines 1 or more"),
    (SheetLayout(width=999_999_999, slot=99_999_999), "a line of more than 200 cells is wider than any paper"),
    (SheetLayout(width=201), "use --width and --slot of 200 or less"),
    # Found by the second braille sweep: no cap on the lines (a page of 99,999,999 lines with a
    # row gap filled the memory), "a line of -1 cells", "a --slot of 5 to 5".
    (SheetLayout(lines=999_999, row_gap=99_999), "a page of more than 200 lines is longer than any paper: use "
                                                  "--lines 200 or less"),
    (SheetLayout(width=-1), "a line cannot have -1 cells: use --width 5 or more"),
    (SheetLayout(slot=-3), "a slot cannot have -3 cells: use --slot 5 or more"),
    # The width advised for a negative one was refused in turn with both corners or a wide slot
    # (found by the braille sweep).
    (SheetLayout(width=-1, both_corners=True), "a line cannot have -1 cells: use --width 9 or more"),
    (SheetLayout(width=-1, slot=8), "a line cannot have -1 cells: use --width 8 or more"),
    (SheetLayout(width=5, slot=6), "a line of 5 cells cannot hold one slot of 6 cells: use --width 6 or more, or "
                                   "--slot 5"),
    # Both corners: the width that holds both labels, at once (found by the braille sweep).
    (SheetLayout(width=4, both_corners=True), "a line of 4 cells cannot hold one slot of 5 cells: use --width 9 "
                                              "or more"),
    (SheetLayout(width=12, slot=14, both_corners=True), "use --width 18 or more, or a --slot of 5 to 8"),
    # A width over 200 advised was then refused: the slot that fits instead (the braille sweep of
    # session 29).
    (SheetLayout(width=200, slot=200, both_corners=True), "side by side: use a --slot of 5 to 196"),
    (SheetLayout(width=190, slot=197, both_corners=True), "cannot hold one slot of 197 cells: use a --slot of 5 "
                                                          "to 186"),
])
def test_a_refused_layout_says_what_would_work(layout: SheetLayout, message: str) -> None:
    """"At least 1 cell a line" was itself refused at 1; a slot of a hundred million cells was
    built in memory (a MemoryError, or a minute's wait) before any check (found by the braille
    sweep)."""
    with pytest.raises(RuleError, match=re.escape(message)):
        build_sheet(deck_mask(resolve("hasbro")), LabelStyle(), layout)
    advised = re.search(r"--width (\d+) or more", message)
    if advised and layout.width < 0:  # the advice followed is taken
        build_sheet(deck_mask(resolve("hasbro")), LabelStyle(), replace(layout, width=int(advised.group(1))))
    assert build_sheet(deck_mask(resolve("hasbro")), LabelStyle(), SheetLayout(width=200, slot=200)).per_row == 1


# --- PEF ---------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def relaxng() -> etree.RelaxNG:
    return etree.RelaxNG(etree.parse(str(SCHEMAS / "pef-2008-1.rng")))


@pytest.fixture(scope="module")
def schematron_asserts() -> list[tuple[str, str, str]]:
    """(context, test, message) of each sch:assert in the official pef-2008-1.sch."""
    sch = etree.parse(str(SCHEMAS / "pef-2008-1.sch"))
    out = []
    for rule in sch.iterfind(".//sch:rule", SCH_NS):
        for check in rule.iterfind("sch:assert", SCH_NS):
            out.append((rule.get("context"), check.get("test"), (check.text or "").strip()))
    return out


def schematron_failures(doc: etree._ElementTree, asserts: list[tuple[str, str, str]]) -> list[str]:
    """Evaluate each assert with an XPath 2.0 engine (lxml's XSLT 1.0 cannot compile rule 1)."""
    failures = []
    for context, test, message in asserts:
        parser = elementpath.XPath2Parser(namespaces={"pef": PEF_NS})
        token = parser.parse(test)
        for node in elementpath.select(doc, f"//{context}", namespaces={"pef": PEF_NS}):
            if not token.boolean_value(token.evaluate(elementpath.XPathContext(doc, item=node))):
                failures.append(message)
    return failures


def test_schematron_has_the_two_rules(schematron_asserts: list[tuple[str, str, str]]) -> None:
    assert [a[0] for a in schematron_asserts] == ["pef:page", "pef:row"]


@pytest.mark.parametrize("layout", LAYOUTS[:4], ids=["default", "both", "20x5", "13x7"])
@pytest.mark.parametrize("preset", preset_names())
def test_pef_valid_and_holds_the_labels(preset: str, layout: SheetLayout, relaxng: etree.RelaxNG,
                                        schematron_asserts: list[tuple[str, str, str]]) -> None:
    mask = deck_mask(resolve(preset))
    data = to_pef(build_sheet(mask, LabelStyle(), layout), mask, preset, LabelStyle())
    doc = etree.ElementTree(etree.fromstring(data))
    assert relaxng.validate(doc), relaxng.error_log
    assert schematron_failures(doc, schematron_asserts) == []
    root = doc.getroot()
    assert root.findtext("pef:head/pef:meta/dc:format", namespaces=NS) == "application/x-pef+xml"
    assert root.findtext("pef:head/pef:meta/dc:identifier", namespaces=NS)
    assert preset in root.findtext("pef:head/pef:meta/dc:title", namespaces=NS)
    volume = root.find("pef:body/pef:volume", NS)
    assert (volume.get("cols"), volume.get("rows")) == (str(layout.width), str(layout.lines))
    assert volume.get("duplex") == "false" and volume.get("rowgap") == "0"
    cells: list[str] = []
    for page in volume.iterfind("pef:section/pef:page", NS):
        rows = page.findall("pef:row", NS)
        assert len(rows) <= layout.lines
        for row in rows:
            text = row.text or ""
            assert len(text) <= layout.width
            assert all(0x2800 <= ord(c) <= 0x283F for c in text)
            cells += [c for c in text.split("\u2800") if c]
    assert cells == [ascii_to_cells(label) for label in expected_labels(preset, layout.both_corners)]


def test_schematron_check_can_fail(relaxng: etree.RelaxNG, schematron_asserts: list[tuple[str, str, str]]) -> None:
    mask = deck_mask(resolve("kentucky-west"))
    data = to_pef(build_sheet(mask, LabelStyle(), SheetLayout()), mask, "kentucky-west", LabelStyle())
    too_many_rows = data.replace(b'rows="25"', b'rows="3"')
    failures = schematron_failures(etree.ElementTree(etree.fromstring(too_many_rows)), schematron_asserts)
    assert failures and all(f.startswith("[Rule 1]") for f in failures)
    too_long = data.replace(b'cols="40"', b'cols="10"')
    failures = schematron_failures(etree.ElementTree(etree.fromstring(too_long)), schematron_asserts)
    assert failures and all(f.startswith("[Rule 2]") for f in failures)
    not_braille = data.replace("<row>\u2802".encode(), b"<row>1", 1)
    assert not relaxng.validate(etree.ElementTree(etree.fromstring(not_braille)))


def test_pef_is_deterministic_and_identifier_differs_by_deck() -> None:
    def pef(preset: str) -> bytes:
        mask = deck_mask(resolve(preset))
        return to_pef(build_sheet(mask, LabelStyle(), SheetLayout()), mask, preset, LabelStyle())

    assert pef("hasbro") == pef("hasbro")
    ids = {etree.fromstring(pef(p)).findtext("pef:head/pef:meta/dc:identifier", namespaces=NS) for p in preset_names()}
    assert len(ids) == len(preset_names())


# --- text and SVG ------------------------------------------------------------------------------

def test_text_one_card_a_line() -> None:
    mask = deck_mask(resolve("red-one"))
    lines = to_text(mask, "red-one", LabelStyle()).splitlines()
    assert lines[0].isascii() and "red-one" in lines[0] and "42 cards" in lines[0]
    expected = [f"{name(c)}: {ascii_to_cells(code(c).upper() if c != ROOK else 'ROOK')}" for c in cards_in(mask)]
    assert lines[1:] == expected
    assert "1 red: \u2802\u2817" in lines
    assert all(len(line) <= 40 for line in lines[1:])


def test_svg_dots_at_standard_spacing() -> None:
    mask = deck_mask(resolve("kentucky-west"))
    svg = etree.fromstring(to_svg(mask, "kentucky-west", LabelStyle()).encode())
    ns = {"s": "http://www.w3.org/2000/svg"}
    assert svg.get("width").endswith("mm") and float(svg.get("width")[:-2]) <= 216  # fits A4 and Letter
    groups = svg.findall("s:g", ns)
    assert [g.findtext("s:text", namespaces=ns) for g in groups] == [name(c) for c in cards_in(mask)]
    for group, card in zip(groups, cards_in(mask)):
        label = "ROOK" if card == ROOK else code(card).upper()
        cells = ascii_to_cells(label)
        circles = group.findall("s:circle", ns)
        raised = [(float(c.get("cx")), float(c.get("cy"))) for c in circles if c.get("fill") == "black"]
        assert len(circles) == 6 * len(cells)  # every dot place is drawn, raised or not
        assert len(raised) == sum(bin(ord(c) - 0x2800).count("1") for c in cells)
        places = sorted({(float(c.get("cx")), float(c.get("cy"))) for c in circles})
        xs = sorted({x for x, _ in places})
        ys = sorted({y for _, y in places})
        assert [round(b - a, 3) for a, b in zip(ys, ys[1:])] == [2.5, 2.5]
        # Columns: 0 and 2.5 mm in a cell; the next cell starts 6 mm after the last.
        steps = [round(b - a, 3) for a, b in zip(xs, xs[1:])]
        assert steps == ([2.5, 3.5] * len(cells))[: 2 * len(cells) - 1]
        # Dot by dot: dot n of cell i is at column (n-1)//3, row (n-1)%3.
        x0, y0 = xs[0], ys[0]
        for i, cell in enumerate(cells):
            bits = ord(cell) - 0x2800
            for dot in range(6):
                place = (x0 + 6.0 * i + 2.5 * (dot // 3), y0 + 2.5 * (dot % 3))
                is_raised = any(abs(place[0] - x) < 1e-6 and abs(place[1] - y) < 1e-6 for x, y in raised)
                assert is_raised == bool(bits >> dot & 1), (label, i, dot + 1)
    # Rows of labels are at least a braille line (10 mm) apart.
    tops = sorted({min(float(c.get("cy")) for c in g.findall("s:circle", ns)) for g in groups})
    assert min(b - a for a, b in zip(tops, tops[1:])) >= 10.0
    assert Counter(g.findtext("s:text", namespaces=ns) for g in groups).most_common(1)[0][1] == 1


@settings(max_examples=150, deadline=None)
@given(
    preset=st.sampled_from(preset_names()),
    width=st.integers(1, 60),
    lines=st.integers(1, 30),
    extra=st.one_of(st.none(), st.integers(0, 8)),
    row_gap=st.integers(0, 3),
    both=st.booleans(),
)
def test_any_layout_keeps_the_limits_or_refuses(preset: str, width: int, lines: int, extra: int | None,
                                                row_gap: int, both: bool) -> None:
    expected = expected_labels(preset, both)
    longest = max(map(len, expected))
    slot = None if extra is None else longest + 1 + extra
    layout = SheetLayout(width, lines, slot, row_gap, both)
    step = slot or longest + 1
    if step > width or both and (width - longest) // step + 1 < 2:  # both corners: two labels a line
        with pytest.raises(RuleError):
            build_sheet(deck_mask(resolve(preset)), LabelStyle(), layout)
        return
    pages = brf_pages(to_brf(build_sheet(deck_mask(resolve(preset)), LabelStyle(), layout)))
    assert all(len(page) <= lines and all(len(line) <= width for line in page) for page in pages)
    assert [label for page in pages for line in page for label in line.split()] == expected


def test_both_corners_keeps_each_cards_pair_on_one_row() -> None:
    """With an odd number of slots a row, a card's second label went to the next row."""
    from rook_access.braille.labels import LabelStyle
    from rook_access.braille.sheet import SheetLayout, build_sheet
    from rook_access.core import resolve
    from rook_access.core.deck import deck_mask

    for slot in (6, 7, 8):
        sheet = build_sheet(deck_mask(resolve("hasbro")), LabelStyle(), SheetLayout(40, 25, slot, 1, True))
        for page in sheet.pages:
            for line in page:
                labels = line.split()
                assert len(labels) % 2 == 0 or line is page[-1], (slot, line)
                assert all(labels[i] == labels[i + 1] for i in range(0, len(labels) - 1, 2)), (slot, line)


def test_a_pef_says_the_rook_birds_label_only_for_a_deck_with_it() -> None:
    from rook_access.braille.labels import LabelStyle
    from rook_access.braille.sheet import SheetLayout
    from rook_access.commands.labels import render

    assert b"the Rook Bird's label" not in render("pef", "regular-partnership", [], LabelStyle(), SheetLayout())
    assert b"the Rook Bird's label is rook" in render("pef", "hasbro", [], LabelStyle(), SheetLayout())
    indicator = render("pef", "hasbro", [], LabelStyle(numeric_indicator=True), SheetLayout())
    assert b"the numeric indicator, then" in indicator


@pytest.mark.parametrize("layout", LAYOUTS, ids=["default", "both", "20x5", "13x7", "32x28"])
@pytest.mark.parametrize("preset", preset_names())
def test_every_sheet_is_known_as_ours(preset: str, layout: SheetLayout) -> None:
    """``labels --output`` replaces only a sheet this program wrote (the braille sweep of session
    37): every format of every deck, in any style, is known from its first kilobytes."""
    mask = deck_mask(resolve(preset, []))
    for style in (LabelStyle(), LabelStyle("\u283f\u283f", numeric_indicator=True, black_letter="b")):
        sheet = build_sheet(mask, style, layout)
        for data in (to_brf(sheet), to_pef(sheet, mask, preset, style), to_text(mask, preset, style).encode(),
                     to_svg(mask, preset, style, layout.both_corners).encode()):
            assert is_label_sheet(data[:4096]), data[:200]


@pytest.mark.parametrize("head", [
    b"my notes\n", b"5R\n", b"5R 6R\r\nnotes\r\n", b"HELLO WORLD\r\n", b"ROOK\r\n", b"\r\n",
    b'<?xml version="1.0"?>\n<svg><title>My picture</title></svg>',
    b'<?xml version="1.0"?>\n<pef><dc:identifier>book-1</dc:identifier></pef>',
    "Rook card labels, my own list: \u2822\u281b\n".encode(),
])
def test_other_files_are_not_known_as_ours(head: bytes) -> None:
    assert not is_label_sheet(head)
