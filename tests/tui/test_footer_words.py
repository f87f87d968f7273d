"""The footer names the keys in the reader's language: every key a screen shows has words in
labels.json (the German snapshots show them)."""

from __future__ import annotations

from textual.binding import Binding

from saboteur.tui.boardview import BoardView
from saboteur.tui.game import GameScreen
from saboteur.tui.lobby import LobbyScreen
from saboteur.tui.signin import SignInScreen
from saboteur.tui.texts import labels


def test_every_key_a_footer_shows_has_german_words() -> None:
    shown = [
        binding.description
        for owner in (GameScreen, LobbyScreen, SignInScreen, BoardView)
        for binding in owner.BINDINGS
        if isinstance(binding, Binding) and binding.show
    ]
    assert "New table" in shown and "Zoom +" in shown
    words = labels()
    missing = [d for d in shown if f"bind.{d}" not in words]
    assert missing == []
    same = [d for d in shown if words[f"bind.{d}"]["de"] == d]
    assert sorted(set(same)) == ["Chat", "EN/DE", "Hand", "Lobby", "Zoom +", "Zoom −"]
