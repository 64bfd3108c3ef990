"""The easy level: plain rules a beginner would follow (see ``play_heuristics.easy_play``); it
bids cautiously, never overcalls its partner and keeps its counters when discarding."""

from __future__ import annotations

from ..core.options import Options
from .rule_bot import EASY, RuleBot


def make(seat: str, options: Options, seed: int) -> RuleBot:
    return RuleBot(EASY, seed)
