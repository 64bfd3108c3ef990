"""The prompt loop: computer players act, the player is asked, a line is run, and again.

The loop is the only place that catches unexpected errors: a bug becomes one line for the player
and one line in the log file, never a traceback a screen reader would read out word by word.
The player is asked only when the rules give the player a choice; the prompt sentence is said
once per decision (a blank line says it again).
"""

from __future__ import annotations

import logging

from .commands import Preferences, execute
from .input import LineSource
from .session import GAME_OVER_LINE, GOODBYE, Session

log = logging.getLogger(__name__)

NEW_GAME = 3  # run()'s answer when the player asks for another game


def run(session: Session, source: LineSource, prefs: Preferences) -> int:
    """Play until the player quits or input ends (the exit status), or asks for a new game."""
    printer = session.printer
    over_said = session.state.is_over()
    while True:
        try:
            session.run_computers()
        except Exception as exc:  # a computer player's bug must not end the player's game
            log.exception("computer player failed")
            saved = "The game is saved." if session.save() else f"The game could not be saved ({session.save_error})."
            printer.write([f"Error: a computer player failed ({exc}). {saved}"])
            return 1
        if session.state.is_over() and not over_said:
            printer.write([GAME_OVER_LINE])
            over_said = True
        if session.my_turn() and not session.prompted:
            printer.write([session.describer.prompt_line(session.view())], kind="prompts")
            session.prompted = True
        late = session.printer.late_notice()
        if late:
            printer.write([late])
        line = source.read()
        if line is None:
            # What was still to be said is dropped, as when the player types: the save's name
            # queued behind the opening was cut by the last words' wait (found by a re-check).
            printer.new_block()
            # Once the game is over too: Ctrl+D closed the program in silence (the terminal sweep).
            printer.write([GOODBYE if session.state.is_over() else input_ended(session)])
            return 0
        printer.new_block()
        try:
            reply = execute(session, line, prefs)
        except Exception as exc:
            log.exception("command %r failed", line)
            printer.write([f"Error: that command failed ({exc}). Type status to hear where the game is."])
            continue
        printer.write(reply.lines, kind="replies")
        if reply.new_game:
            return NEW_GAME
        if reply.quit:
            return 0


def input_ended(session: Session) -> str:
    """Input ended mid-game: save, and say how to go on, or why that cannot be."""
    if session.save():
        return f"Input ended: the game is saved. {session.resume_command} goes on."
    if session.ever_saved:
        return (f"Input ended, and the game could not be saved ({session.save_error}). "
                f"{session.resume_command} goes on from the last save that was written.")
    return f"Input ended, and the game could not be saved ({session.save_error}): nothing of it was kept."
