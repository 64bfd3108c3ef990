"""The speech engineer's Announcer, with card names from the player's braille setting.

The announcer phrases every event (the single path of architecture.md); this subclass changes
only how a card is named, so with braille labels on, "West plays 14 red" becomes "West plays
14 red ⠂⠲⠗" on the braille display, the same dots as the brailled deck on the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core import Options
from ..core import cards as C
from ..speech.announce import Announcer, AnnounceSettings
from ..speech.cardtext import card_id
from .describe import Describer
from .naming import CardNamer


class TableAnnouncer(Announcer):
    def __init__(self, seats: Sequence[str], me: int | None, settings: AnnounceSettings,
                 namer: CardNamer, options: Options) -> None:
        super().__init__(seats, me, settings, options=options)
        self.namer = namer
        self.describer = Describer(options, seats[me] if me is not None else "", namer)

    def _name(self, card: int | str) -> str:
        if self.namer.braille == "off":
            return super()._name(card)
        return self.namer.name(card_id(card))

    def _names(self, cards: Sequence[int | str]) -> str:
        if self.namer.braille == "off":
            return super()._names(cards)
        return ", ".join(self.namer.name(card_id(c)) for c in cards) or "none"

    def _hand_text(self, cards: Sequence[int | str]) -> str:
        if self.namer.braille == "off":
            return super()._hand_text(cards)
        trump = self.trump if self.trump is not None else -1
        mask = C.to_mask(card_id(c) for c in cards)
        return " ".join(self.describer.group_line(label, group)
                        for label, group in self.describer.groups_for(trump, mask))
