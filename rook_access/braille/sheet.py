"""Label sheets: every card of a deck, each label in a fixed-width slot, ready to cut apart.

Layout (BRF, PEF and SVG): labels go in deck order (red, green, black, yellow, each lowest
number first, then the Rook Bird), left to right in slots of ``slot`` cells. A slot is the label
followed by blank cells, so neighbouring labels are at least one blank cell (about 10 mm of bare
paper between their dots) apart. Between two rows of labels go ``row_gap`` blank lines (one by
default: 15 mm of bare paper between the dots of two rows, room to cut). With ``both_corners``
each label is given twice, side by side, for the card's two opposite corners.

BRF and PEF hold labels only: no title, no page numbers, no print; every embossed cell belongs
to a label. The deck's name goes in the file name and in the PEF's metadata.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from xml.sax.saxutils import escape

from ..core import cards as C
from ..core.errors import RuleError
from .ascii import BLANK, ascii_to_cells, cell_dots
from .labels import LabelStyle, label_brf, label_cells, label_dots

# Standard braille spacing, in millimetres.
DOT_PITCH = 2.5  # between dot centres in a cell
CELL_PITCH = 6.0  # from cell to cell
LINE_PITCH = 10.0  # from line to line
DOT_RADIUS = 0.75

# How each format's sheet begins, so a sheet this program wrote is known again (``is_label_sheet``).
TEXT_HEADING = "Rook card labels for the "  # text: its first line
TITLE = "Rook card labels: "  # svg: its <title>
IDENTIFIER = "rook-access-labels-"  # pef: its dc:identifier
_BRF_LABEL = re.compile(r"#?\d{1,2}[RGXBY]")  # a numbered card's label; brf has nothing else to know it by


@dataclass(frozen=True)
class SheetLayout:
    """Page and slot sizes. ``slot=None`` means the longest label plus one blank cell."""

    width: int = 40
    lines: int = 25
    slot: int | None = None
    row_gap: int = 1
    both_corners: bool = False


@dataclass(frozen=True)
class Sheet:
    """A laid-out sheet: ``pages`` of lines of upper-case Braille ASCII, trailing blanks cut."""

    cards: tuple[int, ...]  # the labels in order (each card twice with both corners)
    labels: tuple[str, ...]  # Braille ASCII, one per entry of ``cards``
    slot: int
    per_row: int
    layout: SheetLayout
    pages: tuple[tuple[str, ...], ...]


def sheet_cards(mask: int, both_corners: bool = False) -> list[int]:
    """The cards of a deck in sheet order; each twice in a row with ``both_corners``."""
    order = list(C.cards_in(mask))
    return [card for card in order for _ in range(2 if both_corners else 1)]


def _paired(count: int, both_corners: bool) -> int:
    """Labels a row holds: an even number with both corners, so a card's two labels sit side by
    side and never split across rows."""
    return count - count % 2 if both_corners and count > 1 else count


MAX_CELLS = 200  # 1.2 m of braille: any more is a typing slip (and built a line that size in memory)
MAX_LINES = 200  # a page of 200 lines is 2 m of paper; --lines 99999999 with a row gap filled the memory


def _cells(count: int) -> str:
    return f"{count} cell" if count == 1 else f"{count} cells"


def _wider_or_narrower(needed: int, widest: int, longest: int) -> str:
    """The advice for slots too wide for the line: a width of ``needed`` cells where paper has
    one (a --width over MAX_CELLS advised was then refused: the braille sweep of session 29), or
    a slot of at most ``widest`` cells, each label's ``longest`` and a blank cell at least."""
    wider = f"--width {needed} or more" if needed <= MAX_CELLS else ""
    narrower = ("" if longest + 1 > widest else f"--slot {widest}" if longest + 1 == widest
                else f"a --slot of {longest + 1} to {widest}")
    return "use " + ", or ".join(advice for advice in (wider, narrower) if advice)


def check_deck(mask: int) -> None:
    """RuleError for a deck with no cards: no sheet of any format has labels to show."""
    if mask == 0:
        raise RuleError("the deck has no cards, so there are no labels to make")


def build_sheet(mask: int, style: LabelStyle, layout: SheetLayout) -> Sheet:
    """Lay out the labels of every card in ``mask``; RuleError when they cannot fit."""
    check_deck(mask)
    cards = sheet_cards(mask, layout.both_corners)
    labels = [label_brf(card, style) for card in cards]
    longest = max(len(label) for label in labels)
    if layout.lines < 1:
        raise RuleError("a page needs at least 1 line: use --lines 1 or more")
    if layout.lines > MAX_LINES:
        raise RuleError(f"a page of more than {MAX_LINES} lines is longer than any paper: use --lines {MAX_LINES} or "
                        "less")
    if layout.width < 0:  # "a line of -1 cells cannot hold..." (the braille sweep)
        # The width said is one the slot and corners asked for take (it said 5 for a slot of 8).
        slot = max(longest + 1, layout.slot or 0)
        raise RuleError(f"a line cannot have {layout.width} cells: use --width "
                        f"{slot + longest if layout.both_corners else slot} or more")
    if layout.slot is not None and layout.slot < 0:
        raise RuleError(f"a slot cannot have {layout.slot} cells: use --slot {longest + 1} or more")
    if max(layout.width, layout.slot or 0) > MAX_CELLS:
        raise RuleError(f"a line of more than {MAX_CELLS} cells is wider than any paper: use --width and --slot "
                        f"of {MAX_CELLS} or less")
    if layout.row_gap < 0:
        raise RuleError(f"the gap between rows of labels must be 0 or more lines, not {layout.row_gap}")
    slot = longest + 1 if layout.slot is None else layout.slot
    if slot < longest + 1:
        raise RuleError(
            f"a slot of {slot} cell{'' if slot == 1 else 's'} is too narrow: the longest label is {longest} cells "
            f"and needs one blank cell after it, so use --slot {longest + 1} or more"
        )
    if slot > layout.width:
        # With both corners a line holds two labels: the width said is one that works (it was
        # refused again for want of the second label: found by the braille sweep).
        needed, widest = (slot + longest, layout.width - longest) if layout.both_corners else (slot, layout.width)
        raise RuleError(f"a line of {_cells(layout.width)} cannot hold one slot of {slot} cells: "
                        f"{_wider_or_narrower(needed, widest, longest)}")
    # The last slot of a line may lose its trailing blank cells: nothing follows it.
    per_row = (layout.width - longest) // slot + 1
    if layout.both_corners and per_row < 2:
        raise RuleError("with both corners a line holds a card's two labels side by side: "
                        f"{_wider_or_narrower(slot + longest, layout.width - longest, longest)}")
    per_row = _paired(per_row, layout.both_corners)
    rows = [labels[i:i + per_row] for i in range(0, len(labels), per_row)]
    lines_of_rows = ["".join(label.ljust(slot) for label in row).rstrip(" ") for row in rows]
    rows_per_page = (layout.lines + layout.row_gap) // (1 + layout.row_gap)
    pages = []
    for start in range(0, len(lines_of_rows), rows_per_page):
        page: list[str] = []
        for line in lines_of_rows[start:start + rows_per_page]:
            if page:
                page.extend([""] * layout.row_gap)
            page.append(line)
        pages.append(tuple(page))
    return Sheet(tuple(cards), tuple(labels), slot, per_row, layout, tuple(pages))


def to_brf(sheet: Sheet) -> bytes:
    """BRF: upper-case Braille ASCII, CR LF after every line, a form feed between pages."""
    text = "\f".join("".join(f"{line}\r\n" for line in page) for page in sheet.pages)
    return text.encode("ascii")


def deck_summary(mask: int) -> str:
    """Print description of a deck's cards: "red 5 to 14, green 5 to 14, ..., Rook Bird"."""
    parts = []
    for color, color_name in enumerate(C.COLORS):
        numbers = [C.number_of(card) for card in C.cards_in(mask & C.COLOR_MASK[color])]
        if not numbers:
            continue
        runs: list[list[int]] = []
        for n in numbers:
            if runs and runs[-1][-1] == n - 1:
                runs[-1].append(n)
            else:
                runs.append([n])
        spans = [f"{r[0]} to {r[-1]}" if len(r) > 2 else " and ".join(map(str, r)) for r in runs]
        parts.append(f"{color_name} {', '.join(spans)}")
    if mask & C.BIT[C.ROOK]:
        parts.append("the Rook Bird")
    return ", ".join(parts)


def to_pef(sheet: Sheet, mask: int, deck_name: str, style: LabelStyle) -> bytes:
    """PEF 2008-1: one volume, one section, rows of Unicode braille (blank lines are empty rows)."""
    layout = sheet.layout
    count = C.count(mask)
    title = f"{TITLE}{deck_name} deck, {count} cards"
    corners = ", each twice for the two corners" if layout.both_corners else ""
    indicator = "the numeric indicator, then " if style.numeric_indicator else ""
    # In print: letters as letters, and a label of other cells as the cells themselves (Braille
    # ASCII punctuation read "==" for ⠿⠿: the labels sweep of session 31).
    brf = label_brf(C.ROOK, style)
    shown = brf.lower() if brf.isalnum() else label_cells(C.ROOK, style)
    rook = f"; the Rook Bird's label is {shown}" if mask & C.BIT[C.ROOK] else ""
    description = (
        f"Braille labels to cut apart and stick on the cards of the {deck_name} Rook deck "
        f"({count} cards{corners}), left to right in slots of {sheet.slot} cells: {deck_summary(mask)}. "
        f"Each label is {indicator}the number in Nemeth dropped digits, then the colour letter "
        f"r, g, {style.black_letter} or y{rook}."
    )
    digest = hashlib.sha256()
    digest.update(f"{deck_name}|{layout}|{sheet.slot}".encode())
    for page in sheet.pages:
        digest.update(("\n".join(page) + "\f").encode("ascii"))
    identifier = f"{IDENTIFIER}{deck_name}-{digest.hexdigest()[:16]}"
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<pef xmlns="http://www.daisy.org/ns/2008/pef" xmlns:dc="http://purl.org/dc/elements/1.1/"'
        ' version="2008-1">',
        "  <head>",
        "    <meta>",
        "      <dc:format>application/x-pef+xml</dc:format>",
        f"      <dc:identifier>{escape(identifier)}</dc:identifier>",
        f"      <dc:title>{escape(title)}</dc:title>",
        f"      <dc:description>{escape(description)}</dc:description>",
        "      <dc:creator>rook-access</dc:creator>",
        "      <dc:language>en</dc:language>",
        "    </meta>",
        "  </head>",
        "  <body>",
        f'    <volume cols="{layout.width}" rows="{layout.lines}" rowgap="0" duplex="false">',
        "      <section>",
    ]
    for page in sheet.pages:
        out.append("        <page>")
        for line in page:
            cells = ascii_to_cells(line)
            out.append(f"          <row>{cells}</row>" if cells else "          <row/>")
        out.append("        </page>")
    out += ["      </section>", "    </volume>", "  </body>", "</pef>", ""]
    return "\n".join(out).encode("utf-8")


def to_text(mask: int, deck_name: str, style: LabelStyle, dots: bool = False) -> str:
    """Text for the screen and a braille display: a heading, then one card a line.

    One card a line, print name first and its cells after (``14 red: ⠂⠲⠗``), because a line
    that short fits a 40-cell display whole, so no panning, and a speech user hears the card's
    name before the braille-pattern names. The cells are Unicode braille, which screen readers
    pass to the display as they are, so the display shows the same dots as the embossed labels.
    ``dots``: each label as its dot numbers instead (``14 red: dots 2, 256, 1235``), plain ASCII
    for a terminal that cannot show the cells.
    """
    said = "its label's dots, cell by cell" if dots else "its label"
    lines = [f"{TEXT_HEADING}{deck_name} deck, {C.count(mask)} cards: card name, then {said}."]
    lines += [f"{C.name(card)}: {f'dots {label_dots(card, style)}' if dots else label_cells(card, style)}"
              for card in C.cards_in(mask)]
    return "\n".join(lines) + "\n"


def _fmt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def to_svg(mask: int, deck_name: str, style: LabelStyle, both_corners: bool = False) -> str:
    """A picture of the labels at true size, in millimetres, with each card's print name beside.

    Dots are 2.5 mm apart within a cell and cells 6 mm apart (standard braille spacing); rows of
    labels are 15 mm apart (a 10 mm braille line and half a line more, room to cut), in as many
    columns as fit an A4 page's width (210 mm). Raised dots are solid black. The six dot places
    of each cell are also marked by tiny pale grey circles, so a sighted helper can tell dot 2
    from dot 5; they are too pale and thin to swell on swell (capsule) paper.
    """
    cards = sheet_cards(mask, both_corners)
    labels = [ascii_to_cells(label_brf(card, style)) for card in cards]
    longest = max(len(cells) for cells in labels)
    margin = 6.0
    name_gap = 3.0
    braille_width = (longest - 1) * CELL_PITCH + DOT_PITCH
    column_width = braille_width + name_gap + 24.0  # the name, about 20 mm, and a space
    width = 210.0
    columns = max(1, int((width - 2 * margin) // column_width))
    columns = _paired(columns, both_corners)
    row_pitch = 1.5 * LINE_PITCH
    top = margin + 14.0
    rows = (len(cards) + columns - 1) // columns
    height = top + (rows - 1) * row_pitch + 2 * DOT_PITCH + margin
    title = f"{TITLE}{deck_name} deck, {C.count(mask)} cards"
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(width)}mm" height="{_fmt(height)}mm" '
        f'viewBox="0 0 {_fmt(width)} {_fmt(height)}">',
        f"  <title>{escape(title)}</title>",
        f'  <rect x="0" y="0" width="{_fmt(width)}" height="{_fmt(height)}" fill="white"/>',
        f'  <text x="{_fmt(margin)}" y="{_fmt(margin + 5)}" font-family="sans-serif" font-size="5" '
        f'fill="black">{escape(title)}</text>',
    ]
    for index, (card, cells) in enumerate(zip(cards, labels)):
        x0 = margin + (index % columns) * column_width
        y0 = top + (index // columns) * row_pitch
        out.append(f'  <g id="label-{index + 1}">')
        for position, cell in enumerate(cells):
            raised = cell_dots(cell)
            for dot in "123456":
                d = int(dot) - 1
                cx = _fmt(x0 + position * CELL_PITCH + (d // 3) * DOT_PITCH)
                cy = _fmt(y0 + (d % 3) * DOT_PITCH)
                if dot in raised:
                    out.append(f'    <circle cx="{cx}" cy="{cy}" r="{DOT_RADIUS}" fill="black"/>')
                else:
                    out.append(f'    <circle cx="{cx}" cy="{cy}" r="0.3" fill="none" stroke="#c0c0c0" '
                               f'stroke-width="0.1"/>')
        out.append(
            f'    <text x="{_fmt(x0 + braille_width + name_gap)}" y="{_fmt(y0 + DOT_PITCH + 1.5)}" '
            f'font-family="sans-serif" font-size="4.2" fill="black">{escape(C.name(card))}</text>'
        )
        out.append("  </g>")
    out += ["</svg>", ""]
    return "\n".join(out)


def is_label_sheet(head: bytes) -> bool:
    """Whether ``head``, the start of a file (a few kilobytes), is a label sheet this program
    wrote, in any format: rewriting one replaces it, and any other file is kept (``labels
    --output notes.txt`` replaced the notes: the braille sweep of session 37)."""
    if head.startswith(TEXT_HEADING.encode()):
        return True
    if head.startswith(b"<?xml"):
        return f"<dc:identifier>{IDENTIFIER}".encode() in head or f"<title>{TITLE}".encode() in head
    return _is_brf_sheet(head)


def _is_brf_sheet(head: bytes) -> bool:
    """A BRF sheet's start: Braille ASCII lines ended by CR LF, the first a row of labels, each a
    numbered card's but perhaps the last (the Rook Bird's, when the whole deck fits one row)."""
    first, ended, _ = head.partition(b"\r\n")
    if not ended or any(not 0x20 <= byte <= 0x5F and byte not in b"\r\n\f" for byte in head):
        return False
    labels = first.decode("ascii").split()
    return bool(labels) and all(_BRF_LABEL.fullmatch(label) for label in labels[:1] + labels[1:-1])


__all__ = [
    "BLANK", "Sheet", "SheetLayout", "build_sheet", "deck_summary", "is_label_sheet", "sheet_cards", "to_brf",
    "to_pef", "to_svg", "to_text",
]
