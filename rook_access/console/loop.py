"""The prompt loop: computer players act, the player is asked, a line is run, and again.

The loop is the only place that catches unexpected errors: a bug becomes one line for the player
and one line in the log file, never a traceback a screen reader would read out word by word.
The player is asked only when the rules give the player a choice; the prompt sentence is said
once per decision (a blank line says it again).

A line typed while the computers played (``LineSource.typed_early``) is not run blind: a move
then was made to a decision the player had not yet heard (a card typed during one trick landed on
the next trick's lead). A question typed early is answered at once, its answer true now; a move
waits, said back to the player, until Enter takes it or another move replaces it; a question
asked meanwhile is answered and the move is offered again. Throwing it away unsaid would be no
better: a person at a table is not ignored, only asked to wait their turn.
"""

from __future__ import annotations

import logging

from .commands import Preferences, execute, makes_move
from .input import PROMPT, LineSource, echoed
from .parse import clean_line
from .session import GAME_OVER_LINE, GOODBYE, Session

log = logging.getLogger(__name__)

NEW_GAME = 3  # run()'s answer when the player asks for another game

# A move typed early, said back; how it is taken depends on whether the line can be filled in.
HELD = "Typed before your turn, not yet done: {line}."
TAKE = {
    "plain": "Press Enter to do it now, or type something else.",
    "editor": "It is on the line: press Enter to do it now, or change it.",
}
# Said instead when a line was begun after the move: plain mode shows that line at the prompt, so
# Enter there is not the move's; the editor puts the move on its line, and the begun line after it.
BEGUN = {
    "plain": ("The line you began after it is at the prompt: a question there is answered first and this "
              "move still waits; a move there replaces it."),
    "editor": ("It is on the line: press Enter to do it now, or change it; the line you began after it "
               "comes back at the next prompt."),
}


def run(session: Session, source: LineSource, prefs: Preferences) -> int:
    """Play until the player quits or input ends (the exit status), or asks for a new game."""
    printer = session.printer
    over_said = session.state.is_over()
    held: str | None = None  # a move typed early, offered until it or another move is made
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
        held, status = take_early(session, source, prefs, held)
        if status is not None:
            return status
        line = source.read(offer=held)
        if line is None:
            return end_of_input(session, [held] if held is not None else [], left_begun(source))
        made = session.actions_applied
        status = answer(session, line, prefs)
        held = held if still_held(session, line, held, made) else None
        if status is not None:
            left = ([held] if held is not None else []) + source.typed_early()
            begun = left_begun(source, status)
            if left or begun:  # typed after the quit's Enter, in one burst: said as when quit was typed early
                printer.write([not_done(left, begun)])
            return status


def still_held(session: Session, line: str, held: str | None, made: int) -> bool:
    """Whether the move ``held`` waits on after ``line``, read and run when ``made`` moves were
    made: a question, or a move refused, read instead of it leaves it to be offered again.
    Forgotten there, it was never done and never said ("sc", begun after "13r", was finished at
    the prompt and answered, and 13r was gone: the re-check of session 37)."""
    return held is not None and line != held and session.actions_applied == made


def answer(session: Session, line: str, prefs: Preferences, early: bool = False) -> int | None:
    """Run one line and say its reply; run()'s answer when the line ends it (quit, new). A line
    typed ``early`` does not cut the voice short: what it has still to say came after the line
    was typed (a question typed early dropped the trick's end, the next lead and the prompt: the
    re-check)."""
    printer = session.printer
    printer.new_block(interrupt=not early)
    try:
        reply = execute(session, line, prefs)
    except Exception as exc:
        log.exception("command %r failed", line)
        printer.write([f"Error: that command failed ({exc}). Type status to hear where the game is."])
        return None
    printer.write(reply.lines, kind=reply.speech_kind)
    if reply.new_game:
        return NEW_GAME
    return 0 if reply.quit else None


def take_early(session: Session, source: LineSource, prefs: Preferences,
               held: str | None = None) -> tuple[str | None, int | None]:
    """The lines typed before the prompt: each question answered now, in turn, shown as if typed
    at the prompt (its answer is true now); the first move held (or the one still ``held``), to be
    offered at the prompt, and any later move said and not kept (each would land on a decision
    not yet heard). Returns the held move and, when a question ended the game's loop (quit, new)
    or the input ended with a move held, run()'s answer; what was typed after it is said, not
    dropped unsaid. How the move is taken is said as the prompt will take it: behind a line begun
    after it, Enter is that line's."""
    early = source.typed_early()
    dropped: list[str] = []
    for index, line in enumerate(early):
        if not session.state.is_over() and makes_move(session, line, prefs):
            if held is None:
                held = clean_line(line)  # offered as typed, without the keys' escape codes
            else:
                dropped.append(line)
            continue
        session.printer.echo(PROMPT + _shown(line))
        status = answer(session, line, prefs, early=True)
        if status is not None:
            left = ([held] if held is not None else []) + dropped + early[index + 1:]
            begun = left_begun(source, status)
            if left or begun:
                session.printer.write([not_done(left, begun)])
            return None, status
    if held is not None and source.ended:  # Enter can take it no more: said not done, as by quit
        return None, end_of_input(session, [held, *dropped], left_begun(source))
    if held is not None:
        kept_out = f" Not kept, typed after it: {_listed(dropped)}." if dropped else ""
        # A blank begun line is no line: Enter there takes the move (a stray space said "The line
        # you began after it is at the prompt", then Enter made the move: the re-check of session 37).
        take = (BEGUN if source.begun().strip() else TAKE)[source.mode]
        session.printer.write([f"{HELD.format(line=_shown(held))}{kept_out} {take}"], kind="prompts")
    return held, None


def _shown(line: str) -> str:
    return echoed(line) or "Enter alone"


def _listed(lines: list[str]) -> str:
    return "; ".join(_shown(line) for line in lines)


def not_done(lines: list[str], begun: str = "") -> str:
    """Lines typed early and left when the game's loop ended (quit, new): said, not dropped. Typed
    after a line read at the prompt ended it, they were dropped unsaid ('it', Enter, 'hand' at
    "> qu": the re-check of session 37). A line ``begun`` after them, never ended, is named last
    as one without Enter: after "quit", "hand", "5b" and "sc" the sc went unsaid (the re-check of
    session 37's typing-early commits)."""
    listed = [_shown(line) for line in lines]
    if begun:
        listed.append(f"{echoed(begun)}, without Enter")
    return f"Not done, typed early: {'; '.join(listed)}."


def left_begun(source: LineSource, status: int = 0) -> str:
    """The line begun and not ended when the loop ends with ``status``, to be said not done; ""
    when it is blank, and for a new game, whose first prompt shows it to finish or change."""
    begun = source.begun()
    return begun if begun.strip() and status != NEW_GAME else ""


def end_of_input(session: Session, left: list[str], begun: str = "") -> int:
    """Input ended (Ctrl+D): the game saved and said so, then the lines ``left`` and a line
    ``begun`` after them said not done, as quit says them; run()'s answer. A move held then was
    offered with "Press Enter to do it now" when no Enter could come, or dropped unsaid (the
    re-check of session 37)."""
    printer = session.printer
    # What was still to be said is dropped, as when the player types: the save's name
    # queued behind the opening was cut by the last words' wait (found by a re-check).
    printer.new_block()
    # Once the game is over too: Ctrl+D closed the program in silence (the terminal sweep).
    ending = GOODBYE if session.state.is_over() else input_ended(session)
    printer.write([ending, not_done(left, begun)] if left or begun else [ending])
    return 0


def input_ended(session: Session) -> str:
    """Input ended mid-game: save, and say how to go on, or why that cannot be."""
    if session.save():
        return f"Input ended: the game is saved. {session.resume_command} goes on."
    if session.unchanged():
        return (f"Input ended: nothing has changed since the last save, so nothing is lost. "
                f"{session.resume_command} goes on.")
    if session.ever_saved:
        return (f"Input ended, and the game could not be saved ({session.save_error}). "
                f"{session.resume_command} goes on from the last save that was written.")
    return f"Input ended, and the game could not be saved ({session.save_error}): nothing of it was kept."
