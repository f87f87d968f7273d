"""The footer's key names in the reader's language.

Textual's bindings carry English words ("New table"); a :class:`WordedScreen` shows the label
``bind.<those words>`` of ``labels.json`` in their place, so that the footer speaks German with
the rest of the screen. Every key a screen shows has such a label (``tests/tui``).

>>> from saboteur.server.messages import catalogue_body
>>> from saboteur.tui.texts import Texts
>>> key_words(Texts(catalogue_body(), "de"), "New table")
'Neuer Tisch'
>>> key_words(Texts(catalogue_body(), "de"), "words without a label")
'words without a label'
"""

from __future__ import annotations

import dataclasses

from textual.binding import ActiveBinding
from textual.screen import Screen

from saboteur.tui.texts import Texts


def key_words(texts: Texts, description: str) -> str:
    """A binding's ``description`` in the reader's language (as it is without a label)."""
    key = f"bind.{description}"
    return texts.t(key) if key in texts.catalogue else description


class WordedScreen(Screen[None]):
    """A screen whose footer names the keys in the app's language (``app.texts``)."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        shown = super().active_bindings
        texts = getattr(self.app, "texts", None)
        if not isinstance(texts, Texts):
            return shown
        return {
            key: active._replace(
                binding=dataclasses.replace(
                    active.binding, description=key_words(texts, active.binding.description)
                )
            )
            for key, active in shown.items()
        }
