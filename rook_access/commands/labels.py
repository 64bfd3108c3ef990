"""``rook-access labels``: braille label sheets for a preset's deck, to emboss and cut apart.

Formats: ``brf`` (Braille ASCII for any embosser), ``pef`` (Portable Embosser Format),
``text`` (Unicode braille with print names, for the screen and a braille display) and ``svg``
(a true-size picture of the dots, for a sighted helper or swell paper). Without --format the
format comes from the --output file's extension (.brf, .pef, .txt, .svg; another is refused),
and standard output gets text. ``--all --output-dir DIR``
writes DIR/<preset>.brf and DIR/<preset>.pef for every preset (the repository's braille/ folder
is made this way).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

from ..braille.labels import BLACK_LETTERS, LabelStyle
from ..braille.sheet import SheetLayout, build_sheet, check_deck, is_label_sheet, to_brf, to_pef, to_svg, to_text
from ..cli import UsageError
from ..console.printer import braille_unshown, put, warn
from ..core import DEFAULT_PRESET, load_preset, preset_names
from ..core.deck import deck_mask
from ..core.text import said_text
from ..store.atomic import too_long, write_atomic
from ..store.family_rules import family_names, resolve_rules
from .common import add_rules_arguments, choice_arg, file_arg, names_folder, whole_arg

FORMATS = ("brf", "pef", "text", "svg")
EXTENSIONS = {"brf": ".brf", "pef": ".pef", "text": ".txt", "svg": ".svg"}
# The formats each layout option shapes: a text sheet is one card a line, and the svg picture is
# laid out at true size, each card twice with --both-corners. Given for another format, an option
# was ignored without a word, yet its value checked (the shell-commands sweep of session 38).
LAID_OUT = {"width": ("brf", "pef"), "lines": ("brf", "pef"), "slot": ("brf", "pef"),
            "row_gap": ("brf", "pef"), "both_corners": ("brf", "pef", "svg")}
WHY_NOT = {"text": "a text sheet, which is one card a line", "svg": "the svg picture, which is drawn at true size"}


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser(
        "labels",
        help="braille label sheets for a deck, to emboss (brf, pef), read (text) or check (svg)",
        description="Make braille labels for every card of a preset's deck: the number in Nemeth "
        "dropped digits, then the colour letter (r, g, x, y). BRF and PEF sheets hold labels "
        "only, in slots to cut apart.",
    )
    add_rules_arguments(parser)
    parser.set_defaults(rules=None)  # so --all can tell whether --rules was given
    parser.add_argument("--format", type=choice_arg, choices=FORMATS, default=None,
                        help="brf, pef, text or svg (default: from the --output extension, "
                             ".brf, .pef, .txt or .svg; text on standard output)")
    parser.add_argument("--output", type=file_arg, metavar="FILE", help="file to write (default: standard output)")
    parser.add_argument("--all", action="store_true",
                        help="write a sheet for every built-in preset into --output-dir, named after the preset "
                             "(your own rules: --rules NAME)")
    parser.add_argument("--output-dir", metavar="DIR", help="folder for --all (for example braille)")
    # None where not given: an option given for a format it does not shape is refused (``run``).
    parser.add_argument("--width", type=whole_arg, default=None, metavar="CELLS",
                        help="cells a line (brf and pef); default 40")
    parser.add_argument("--lines", type=whole_arg, default=None, metavar="LINES",
                        help="lines a page (brf and pef); default 25")
    parser.add_argument("--slot", type=whole_arg, default=None, metavar="CELLS",
                        help="cells from one label's start to the next (brf and pef); default: longest label plus 1")
    parser.add_argument("--row-gap", type=whole_arg, default=None, metavar="LINES",
                        help="blank lines between rows of labels, for cutting (brf and pef); default 1")
    parser.add_argument("--both-corners", action="store_true",
                        help="each label twice, for the card's two opposite corners (brf, pef and svg)")
    parser.add_argument("--rook-label", default="rook", metavar="TEXT",
                        help="the Rook Bird's label, spelled uncontracted (default rook; for example bird)")
    # --no-numeric-indicator too, as play and table take it: "give the same options to labels as
    # to the game" (docs/braille.md; refused: the labels sweep of session 31).
    parser.add_argument("--numeric-indicator", action=argparse.BooleanOptionalAction, default=False,
                        help="put the numeric indicator (dots 3456) before each number (default: not)")
    parser.add_argument("--black-letter", type=choice_arg, choices=BLACK_LETTERS, default="x",
                        help="letter for black: x (the kit's, default) or b")
    parser.set_defaults(func=run)


def render(fmt: str, preset: str, overrides: list[str], style: LabelStyle, layout: SheetLayout,
           built_in: bool = False, dots: bool = False) -> bytes:
    """One sheet in one format, as the bytes of the file. ``built_in``: the preset shipped with
    the program, never a family's rules of that name (``--all``: a family's hasbro with 57 cards
    was written as hasbro.brf, and a broken family file stopped every sheet: the labels sweep of
    session 31). A family's own rules are named so in the sheet. ``dots``: text with each label
    as its dot numbers, for a terminal that cannot show the cells."""
    options = load_preset(preset).options if built_in else resolve_rules(preset, overrides)
    mask = deck_mask(options)
    said = ([] if built_in or preset not in family_names() else ["your family's rules"]) + overrides
    deck_name = f"{preset} ({', '.join(said)})" if said else preset
    check_deck(mask)
    if fmt == "text":
        return to_text(mask, deck_name, style, dots).encode("utf-8")
    if fmt == "svg":
        return to_svg(mask, deck_name, style, layout.both_corners).encode("utf-8")
    sheet = build_sheet(mask, style, layout)  # the layout checked where it is used
    if fmt == "brf":
        return to_brf(sheet)
    return to_pef(sheet, mask, deck_name, style)


PATH_SHOWN = 150  # a longer path is cut in a refusal (one of 300 was said whole), below the CLI's own cut


def _named(path: Path) -> str:
    """A path as a refusal or "wrote" says it: one printable line (a newline in it forged a line)."""
    return said_text(str(path), PATH_SHOWN)


def _check_target(path: Path, flag: str, typed: str = "", example: str = "") -> None:
    """Refuse a path no sheet can be written to before any sheet is written (with --all, a
    folder where one sheet goes, or a read-only sheet, stopped the run after half the files). A
    folder that does not exist yet is made. ``typed``: the name as given ("new/" names a folder,
    and became a file called "new"); ``example``: the sheet's own file name, for the advice."""
    fix = f"give a file name such as {_named(path / example)}" if flag == "--output" else "move it away"
    if too_long(path):  # refused before a new folder above it is made
        raise UsageError(f"cannot write {_named(path)}: a name too long for this system; give a shorter one")
    try:
        if path.is_dir():
            raise UsageError(f"{_named(path)} is a folder: {fix}")
        if names_folder(typed):  # not there yet: "is a folder" was said of it
            ends = "/" if typed.endswith(("/", os.sep)) else os.path.basename(typed)
            raise UsageError(f"{said_text(typed, PATH_SHOWN)} names a folder (it ends in {ends}): {fix}")
        if path.is_file() and not os.access(path, os.W_OK):
            raise UsageError(f"cannot write {_named(path)}: the file is read-only")
        _kept(path, flag)
    except OSError as exc:  # a name too long for the file system
        raise UsageError(f"cannot write {_named(path)}: {exc.strerror or exc}") from None


SNIFFED = 1 << 12  # bytes read of a file already there: every sheet says what it is well within them


def _kept(path: Path, flag: str) -> None:
    """Refuse a file already there that is not a label sheet this program wrote (``--output
    notes.txt`` replaced the notes without a word: the braille sweep of session 37), as
    ``--record`` refuses one that is not a game record. An empty file has nothing to lose."""
    fix = ("give another file name, or delete that file first" if flag == "--output"
           else "give another folder, or move that file away first")
    if not path.is_file() or path.stat().st_size == 0:  # a pipe to an embosser is never read
        return
    try:
        with open(path, "rb") as handle:
            head = handle.read(SNIFFED)
    except OSError as exc:
        raise UsageError(f"cannot read {_named(path)} to see what it holds ({exc.strerror or exc}), "
                         f"so it is kept: {fix}") from None
    if not is_label_sheet(head):
        raise UsageError(f"{_named(path)} already holds something that is not a label sheet, so it is kept: {fix}")


def _made_folder(path: Path) -> str:
    """The line for the folder that writing ``path`` will make ("made the folder new/sheets"),
    or "" when it is there: the folder of the file written, a link's target (the folder of a
    link to a missing one was made unsaid: the braille sweep of session 29)."""
    real = Path(os.path.realpath(path)).parent
    if real.exists():
        return ""
    return f"\nmade the folder {_named(real if path.parent.exists() else path.parent)}"


def _no_format(output: str, suffix: str) -> str:
    """The refusal of an --output whose extension names no format, without --format: hasbro.brl
    (or no extension) got the Unicode text with print names, useless on an embosser (the braille
    sweep of session 37)."""
    shown = said_text(output, PATH_SHOWN)
    ends = f"ends in {said_text(suffix, PATH_SHOWN)}, which names no format" if suffix else "has no extension"
    fixed = said_text((output[:-len(suffix)] if suffix else output.rstrip(".")) + ".brf", PATH_SHOWN)
    return (f"--output {shown} {ends}: name it {fixed} to emboss (or end it in .pef, .txt or .svg), "
            "or give --format brf, pef, text or svg")


def _before(written: list[Path]) -> str:
    """What ``--all`` wrote before a write failed (the braille sweep of session 29)."""
    if not written:
        return "; no sheet was written"
    return (f"; {'1 sheet was' if len(written) == 1 else f'{len(written)} sheets were'} written before it, "
            f"{_named(written[0])} to {_named(written[-1])}, the others left as they were")


def _write(path: Path, data: bytes) -> None:
    """Write atomically with the ordinary file mode (sheets go to an embosser or a friend)."""
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise UsageError(f"cannot write {_named(path)}: {exc.strerror or exc}") from None


def sheet_layout(args: argparse.Namespace) -> SheetLayout:
    """The layout asked for, each option not given at its default."""
    default = SheetLayout()
    return SheetLayout(default.width if args.width is None else args.width,
                       default.lines if args.lines is None else args.lines,
                       args.slot, default.row_gap if args.row_gap is None else args.row_gap, args.both_corners)


def _unshaped(fmt: str, args: argparse.Namespace, remedy: Callable[[list[str]], str]) -> None:
    """Refuse the layout options given that a ``fmt`` sheet does not use, naming the formats they
    shape; ``remedy``: what gives such a format ("give --format brf or pef", or a file name)."""
    given = [name for name, formats in LAID_OUT.items()
             if getattr(args, name) is not None and getattr(args, name) is not False and fmt not in formats]
    if not given:
        return
    flags = _listed([f"--{name.replace('_', '-')}" for name in given], "and")
    shaped = [f for f in FORMATS if all(f in LAID_OUT[name] for name in given)]
    them, shape = ("it", "it shapes") if len(given) == 1 else ("them", "they shape")
    raise UsageError(f"{flags} {'does' if len(given) == 1 else 'do'} nothing to {WHY_NOT[fmt]}: {shape} "
                     f"{_listed(shaped, 'and')} sheets only; leave {them} out, or {remedy(shaped)}")


def _listed(words: list[str], last: str) -> str:
    """``words`` as a sentence lists them: "a", "a and b", "a, b and c"."""
    return f"{', '.join(words[:-1])} {last} {words[-1]}" if len(words) > 1 else words[0]


def _format_remedy(shaped: list[str]) -> str:
    """What to type for a sheet of one of the formats ``shaped``."""
    return f"give --format {_listed(shaped, 'or')}"


def _file_remedy(shaped: list[str]) -> str:
    """What to name --output for a sheet of one of the formats ``shaped``."""
    return f"write a {_listed([EXTENSIONS[f] for f in shaped], 'or')} file"


def run(args: argparse.Namespace) -> int:
    style = LabelStyle(args.rook_label, args.numeric_indicator, args.black_letter)
    layout = sheet_layout(args)
    if args.all:
        if args.rules is not None or args.option:
            raise UsageError("--all makes a sheet for every preset with its own rules: leave out --rules and --option")
        if args.output:
            raise UsageError("--all writes one file a preset: give --output-dir instead of --output")
        if not args.output_dir:
            raise UsageError("--all needs --output-dir, the folder to write the sheets into (for example braille)")
        formats = [args.format] if args.format else ["brf", "pef"]
        for fmt in formats:
            _unshaped(fmt, args, _format_remedy)
        folder = Path(args.output_dir)
        # Render everything first, so bad input writes no file at all.
        files = {
            folder / f"{name}{EXTENSIONS[fmt]}": render(fmt, name, [], style, layout, built_in=True)
            for name in preset_names()
            for fmt in formats
        }
        for path in files:
            _check_target(path, "--output-dir")
        made = _made_folder(next(iter(files)))
        written: list[Path] = []
        for path, data in files.items():
            try:
                _write(path, data)
            except UsageError as exc:  # what was written before it, which may have replaced older sheets
                made_it = made if Path(os.path.realpath(path)).parent.is_dir() else ""  # if it could
                raise UsageError(f"{exc}{_before(written)}{made_it.replace(chr(10), '; it ')}") from None
            written.append(path)
        # Said once all are written: a reader that stops early ("| head -1") stopped the writing.
        put("\n".join(f"wrote {_named(path)}" for path in files) + made)
        return 0
    if args.output_dir:
        raise UsageError("--output-dir goes with --all; for one sheet give --output FILE")
    fmt = args.format
    suffix = Path(args.output).suffix.lower() if args.output else ""
    named = next((f for f, ext in EXTENSIONS.items() if ext == suffix), None)
    if fmt is not None and named is not None and named != fmt:
        # An embosser given "x.brf" prints what is in it: PEF's XML, character by character.
        fixed = _named(Path(args.output).with_suffix(EXTENSIONS[fmt]))
        raise UsageError(f"--output {said_text(args.output, PATH_SHOWN)} names a {named} file, but --format {fmt} "
                         f"writes {fmt}: name it {fixed}, or leave out --format")
    fmt = fmt or named or "text"  # an --output naming no format is refused below, once known to be no folder
    if not (args.output and args.format is None and named is None):  # no format named: refused below
        _unshaped(fmt, args, _file_remedy if args.output and args.format is None else _format_remedy)
    # Text to a terminal that cannot show the cells: each label as its dot numbers, said so (the
    # cells went out as UTF-8 bytes it read as other characters: the braille sweep of session 37).
    on_screen = fmt == "text" and not args.output and sys.stdout.isatty()
    unshown = braille_unshown(sys.stdout) if on_screen else None
    data = render(fmt, args.rules or DEFAULT_PRESET, args.option, style, layout, dots=unshown is not None)
    if args.output:
        # The advice names this deck's sheet in the format asked (it named hasbro.brf whatever
        # the deck: found by the braille sweep); a sheet to emboss is BRF unless asked otherwise.
        example = f"{args.rules or DEFAULT_PRESET}{EXTENSIONS[args.format or 'brf']}"
        _check_target(Path(args.output), "--output", args.output, example)
        if args.format is None and named is None:
            raise UsageError(_no_format(args.output, suffix))
        made = _made_folder(Path(args.output))
        _write(Path(args.output), data)
        # Said, as --all says it: a mistyped folder was made and written into without a word
        # (the first-run sweep).
        put(f"wrote {_named(Path(args.output))}{made}")
    else:
        # BRF and PEF are ASCII; a file or a pipe gets the UTF-8 as it is, a terminal shows it.
        if unshown:  # said where it is seen, not into the sheet
            warn(f"{unshown} Here each label is written as its dot numbers instead.")
        if on_screen:  # its heading broken between words, as a row fits
            put(data.decode("utf-8").removesuffix("\n"))
            return 0
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    return 0
