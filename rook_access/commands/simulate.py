"""``rook-access simulate``: computer players play whole games; prints a summary and speed.

Who plays: ``--ns`` / ``--ew`` set a level for a side (refused where the two seats are no side
of these rules), ``--north`` etc. for one seat, and
``--bot SEAT=SPEC`` puts any level or importable ``module:factory`` in a seat (later flags win
over earlier ones in that order: side, seat, --bot). Seats not named play ``random``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys

from ..ai.players import level_named, load_factory
from ..console.printer import put
from ..core.options import SEAT_NAMES, Options
from ..core.seats import game_groups
from ..simulation import simulate
from ..speech.cardtext import join_words
from .common import add_rules_arguments, checked_deal, file_arg, options_from, record_arg, seed_arg, whole_arg

SIDES = {"ns": ("north", "south"), "ew": ("east", "west")}
MAX_GAMES = 1_000_000  # beyond this a run would take days: a typing slip, not a plan


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = sub.add_parser("simulate", help="computer players play whole games; prints a summary")
    add_rules_arguments(parser)
    parser.add_argument("--games", type=whole_arg, default=100,
                        help="games to play (default 100); with --duplicate, deals (each played twice)")
    parser.add_argument("--seed", type=seed_arg, default=1, help="random seed (default 1)")
    parser.add_argument("--record", type=record_arg, metavar="FILE", help="write every game as a rook-record/1 file")
    parser.add_argument("--deal", type=file_arg, metavar="FILE",
                        help="start every game from this deal file: one JSON object of the dealer, each "
                             "seat's hand and the nest, in card codes like 14r or rook (a wrong one "
                             "is refused, saying what it needs)")
    parser.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    # Each default said, as play --help says "(default normal)": a side not named plays random,
    # which the help left to docs/simulate.md (the newcomer sweep of session 37).
    for side, seats in SIDES.items():
        parser.add_argument(f"--{side}", metavar="LEVEL", help=f"player for {' and '.join(seats)} (default random): "
                                                              "random, easy, normal, hard or module:factory")
    for seat in SEAT_NAMES:
        if seat != "dummy":
            parser.add_argument(f"--{seat}", metavar="LEVEL", help=f"player for {seat} ({_seat_default(seat)})")
    parser.add_argument("--bot", action="append", default=[], metavar="SEAT=SPEC",
                        help="put a level or an importable module:factory in a seat; may be repeated")
    parser.add_argument("--duplicate", action="store_true",
                        help="play every deal twice, the second time with the players moved one seat "
                             "clockwise (the sides' bots swapped), to cancel the luck of the deal")
    parser.set_defaults(func=run)


def _seat_default(seat: str) -> str:
    """What a seat not named plays: its side's level where --ns or --ew names one, else random."""
    side = next((side for side, seats in SIDES.items() if seat in seats), None)
    return f"default: as --{side}, else random" if side else "default random"


def seat_players(args: argparse.Namespace, in_rules: tuple[str, ...] | list[str] = SEAT_NAMES) -> dict[str, str]:
    from ..cli import UsageError

    players: dict[str, str] = {}
    for side, seats in SIDES.items():
        spec = _named(side, getattr(args, side))
        if spec is not None:
            players.update(dict.fromkeys(seats, level_named(spec)))
    for seat in SEAT_NAMES:
        spec = _named(seat, getattr(args, seat, None))
        if spec is not None:
            players[seat] = level_named(spec)
    for item in args.bot:
        seat, sep, spec = item.partition("=")
        seat = seat.strip().lower()  # EAST=normal is east
        if not sep or not spec or seat not in SEAT_NAMES:
            # The seats that choose in these rules: every name ever listed, the dummy too, was
            # advice the next run refused (the first-run sweep).
            choosing = [seat for seat in in_rules if seat != "dummy"]
            raise UsageError(f"--bot {item!r}: write it as SEAT=SPEC, like {choosing[0]}=mypkg.bots:make, "
                             f"with a seat among {', '.join(choosing)}")
        players[seat] = level_named(spec)  # "Hard" is the level hard, said so in the summary
    return players


def _check_side(side: str, spec: str | None, options: Options) -> None:
    """Refuse ``--ns``/``--ew`` where its two seats are no side of these rules: it put one level
    on seats that play against each other (six-teams' north and south), in silence (the simulate
    sweep of session 39). The sides are the core's ``game_groups``. The level is checked first:
    six-teams' --ns x advised "--north x --southeast x --southwest x", refused in turn as "unknown
    player 'x'" (the re-check of session 39)."""
    from ..cli import UsageError

    if not spec:
        return
    load_factory(spec)  # an unknown level is refused as one, before any advice repeats it
    seats = SIDES[side]
    choosing = [seat for seat in options.seats if seat != "dummy"]
    missing = [seat for seat in seats if seat not in options.seats]
    said = f"--{side} sets {join_words(list(seats))}"
    if missing:
        verb = "is not a seat" if len(missing) == 1 else "are not seats"
        present = next((seat for seat in seats if seat in options.seats), choosing[0])
        raise UsageError(f"{said}, but {join_words(missing)} {verb} in these rules (the seats are "
                         f"{join_words(choosing)}): name the seats one by one, like --{present} {spec}")
    groups = [[options.seats[s] for s in group] for group in game_groups(options)]
    if any(set(seats) <= set(group) for group in groups):
        return
    partnered = [group for group in groups if len(group) > 1]
    if partnered:
        why = f"the sides are {'; '.join(join_words(group) for group in partnered)}"
        like = next((group for group in partnered if seats[0] in group), list(seats))
    else:
        why, like = "no two seats are partners for the whole game", list(seats)
    raise UsageError(f"{said}, who are not partners in these rules ({why}): name the seats one by one, "
                     f"like {' '.join(f'--{seat} {spec}' for seat in like)}")


def _named(flag: str, spec: str | None) -> str | None:
    """The player ``--FLAG`` names, or None; an empty one is refused as the slip it is, as an empty
    --record is: "--ns ''" played random in silence (the simulate sweep of session 39)."""
    from ..cli import UsageError

    if spec is not None and not spec:
        raise UsageError(f"--{flag} is empty: give a level, like --{flag} normal (random, easy, normal, hard "
                         "or module:factory)")
    return spec


def run(args: argparse.Namespace) -> int:
    from ..cli import UsageError

    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be 1 to {MAX_GAMES:,}, not {args.games}")
    options = options_from(args)
    for side in SIDES:
        _check_side(side, getattr(args, side), options)
    players = seat_players(args, options.seats)
    unknown = sorted(set(players) - set(options.seats))
    if unknown:
        names = " and ".join([", ".join(unknown[:-1]), unknown[-1]] if len(unknown) > 1 else unknown)
        raise UsageError(f"{names} {'are not seats' if len(unknown) > 1 else 'is not a seat'} in these rules: "
                         f"the seats are {', '.join(options.seats)}")
    if "dummy" in players:
        raise UsageError("the dummy never chooses: its cards are played by a player; leave out dummy")
    deal = checked_deal(args.deal, args.rules, options) if args.deal else None
    # A bot that prints must not spoil the one JSON object other tools read: its words go to stderr.
    with contextlib.redirect_stdout(sys.stderr) if args.json else contextlib.nullcontext():
        summary = simulate(args.rules, options, args.games, args.seed, players, args.record, args.duplicate,
                           deal=deal)
    if args.json:
        print(json.dumps(summary.to_json()))
    else:
        put("\n".join(summary.lines()))
    return 0
