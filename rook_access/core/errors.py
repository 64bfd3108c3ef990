"""Errors the core raises. Each message is one sentence a player can act on."""


class RuleError(ValueError):
    """Bad configuration or input: an unknown preset, option, card code or deal."""


class IllegalAction(RuleError):
    """An action the rules do not allow now; the message says why and what would work."""
