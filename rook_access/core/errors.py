"""Errors the core raises. Each message is one sentence a player can act on."""


class RuleError(ValueError):
    """Bad configuration or input: an unknown preset, option, card code or deal."""


class DealError(RuleError):
    """A deal that cannot be dealt: a deal file, a record's deal line or a save's first deal. The
    message is the fault alone ("north has 8 cards; each hand needs 9"); the caller says whose
    deal it is, as only it knows (it was reworded by stripping "deal file: " in three places)."""


class IllegalAction(RuleError):
    """An action the rules do not allow now; the message says why and what would work."""


class NotTheirTurn(IllegalAction):
    """An entry at a real table for a seat whose turn it is not: the message says whose it is,
    and the console adds what the table waits for, which only it words ("It is your turn, not
    the dummy's." said no more: the table sweep of session 30)."""
