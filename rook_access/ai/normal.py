"""The normal level: good heuristics — card counting, voids, reading the partner's card (see
``play_heuristics.normal_play``), bidding close to the hand's worth, burying losing counters."""

from __future__ import annotations

from ..core.options import Options
from .rule_bot import NORMAL, RuleBot


def make(seat: str, options: Options, seed: int) -> RuleBot:
    return RuleBot(NORMAL, seed)
