"""The message catalogue: complete in every language, the same cases as the browser's formatter
(tests/js/messages.test.mjs reads tests/messages_cases.json too), English as describe gives it."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from saboteur.engine import RULESETS, new_game
from saboteur.engine.base import Event
from saboteur.engine.classic.cards import deck_cards as classic_deck
from saboteur.engine.duel.cards import deck_cards as duel_deck
from saboteur.engine.duel.cards import goal_cards
from saboteur.engine.messages import CATALOGUE, LANGS, Message, Seat, load, named, placeholders
from saboteur.engine.messages import render as render_message
from saboteur.play.simulate import play_random_game
from saboteur.server.messages import STATIC, catalogue_body, static_text
from tests.test_words import codes

ROOT = Path(__file__).resolve().parent.parent
CASES: list[dict[str, Any]] = json.loads((ROOT / "tests" / "messages_cases.json").read_text())
PLAYERS = {"classic": 5, "duel": 2, "solo": 1}


def test_every_key_has_every_language_with_the_same_placeholders() -> None:
    assert len(CATALOGUE) > 80
    for key, texts in CATALOGUE.items():
        assert sorted(texts) == sorted(LANGS), key
        assert all(isinstance(text, str) and text for text in texts.values()), key
        used = {lang: placeholders(text) for lang, text in texts.items()}
        assert used["de"] == used["en"], (key, used)


def test_a_key_defined_in_two_catalogues_is_refused() -> None:
    with pytest.raises(ValueError, match=r"saboteur.engine defines keys again: .*\btool\.cart\b"):
        load(["saboteur.engine", "saboteur.engine"])


@pytest.mark.parametrize("case", CASES, ids=[c["message"]["key"] for c in CASES])
def test_the_shared_cases(case: dict[str, Any]) -> None:
    """Each case's message gives its English and German text; a case with an event is what
    that ruleset makes of it, and its English is what ``describe`` says."""
    names = case["names"]
    for lang in LANGS:
        assert render_message(case["message"], lang, names) == case[lang]
    if "event" in case:
        data = dict(case["event"])
        event = Event(data.pop("kind"), data.pop("seat"), data)
        game = new_game(case["ruleset"], PLAYERS[case["ruleset"]])
        assert game.message(event).to_json() == case["message"]
        assert game.describe(event, names) == case["en"]


def test_the_cases_cover_every_event_message() -> None:
    keys = {c["message"]["key"] for c in CASES if "event" in c}
    events = {k for k in CATALOGUE if re.match(r"(event|classic|duel)\.", k)}
    parts = {k for k in events if k.endswith(("seat-role", "seat-gold")) or ".end." in k}
    assert events - parts - keys == set()


@pytest.mark.parametrize("ruleset", sorted(PLAYERS))
def test_every_event_of_a_game_has_a_message_of_the_catalogue(ruleset: str) -> None:
    game = new_game(ruleset, PLAYERS[ruleset])
    state = play_random_game(game, seed=3)
    for event in state.events:
        message = game.message(event)
        assert message.key in CATALOGUE and message.key != "event.other", event
        for lang in LANGS:
            text = render_message(message, lang, ["Ann", "Ben", "Cat", "Dan", "Eve"])
            assert "{" not in text and "seat " not in text and "Platz " not in text, text


def test_every_card_has_a_name() -> None:
    body = catalogue_body()
    assert set(body["cards"]) == set(RULESETS)
    cards = {"classic": classic_deck(), "duel": duel_deck() + goal_cards()}
    for ruleset, deck in cards.items():
        table = body["cards"][ruleset]
        assert set(deck) <= set(table)
        for card in set(deck):
            for lang in LANGS:
                text = render_message(table[card], lang)
                assert text and "{" not in text and "card." not in text, (card, text)
    for ruleset, table in body["cards"].items():  # every name is words, no code (test_words.py)
        for card, name in table.items():
            for lang in LANGS:
                assert codes(render_message(name, lang)) == [], (ruleset, card, lang)
    opened = render_message(body["cards"]["duel"]["green-nEW+open"], "de")
    assert opened == "T-Kreuzung Nord–Ost–West mit Tür grün im Norden (geöffnet)"
    assert render_message(body["cards"]["classic"]["xNE"], "en") == "dead end north–east"


def test_the_browser_gets_the_catalogue_from_the_package() -> None:
    """web/static/messages.json is written from the catalogues: run
    ``python -m saboteur.server.messages`` after changing one."""
    assert STATIC.read_text(encoding="utf-8") == static_text()
    assert json.loads(static_text()) == catalogue_body()


def test_the_client_defines_none_of_the_catalogue_texts() -> None:
    """i18n.js keeps the interface's texts; event texts and names are the catalogue's only."""
    i18n = (ROOT / "saboteur" / "web" / "static" / "i18n.js").read_text(encoding="utf-8")
    own = set(re.findall(r'^\s+"([\w.-]+)": "', i18n, flags=re.MULTILINE))
    assert len(own) > 100
    assert own & set(CATALOGUE) == set()
    for words in ("hat gepasst", "zerbrochen", "Spitzhacke", "Steinschlag ausgelöst", "Brücke"):
        assert words not in i18n


def test_named_messages_travel_without_the_table() -> None:
    message = Message("event.break", {"actor": Seat(0), "target": Seat(7), "tool": "cart"})
    alone = named(message, ["Ann", "Ben"])
    assert alone.to_json()["args"] == {"actor": "Ann", "target": {"seat": 7}, "tool": "cart"}
    assert render_message(alone, "de") == "Ann hat die cart von Platz 7 zerbrochen"


def test_no_placeholder_nests_another() -> None:
    """A plural's forms are plain text: ``{n:plural:a card|{n} cards}`` would stay unfilled (in
    Python and in the browser alike)."""
    catalogue_body()  # every registered ruleset's catalogue loaded
    nested = re.compile(r"\{\w+:[^{}]*\{")
    for key, texts in CATALOGUE.items():
        for lang, text in texts.items():
            assert not nested.search(text), (key, lang, text)
    assert "darkcave.draw" in CATALOGUE


def test_zwergengold_german_declines_after_mit_and_names_scrolls() -> None:
    """A symbol after "mit" takes the dative ("mit kompliziertem Schloss", not "mit kompliziertes
    Schloss"); a scroll read is named as the scroll, so no case ending can go wrong."""
    table = catalogue_body()["cards"]["zwergengold"]
    assert (
        render_message(table["I-draught-lock"], "de")
        == "Gerade (Krafttrank) mit kompliziertem Schloss"
    )
    assert (
        render_message(table["I-draught-lock"], "en")
        == "straight (strength draught) with complicated lock"
    )
    assert render_message(table["D-foreboding-rot"], "de").endswith(" mit morschem Boden")
    assert render_message(table["D-farsight-dragon"], "de").endswith(" mit Drachen")
    nominative = ("kompliziertes", "morscher", "mit Drache ", "mit magischer")
    for card, name in table.items():  # every symbol of every card, in German
        text = render_message(name, "de") + " "
        assert not any(word in text for word in nominative), (card, text)
    read = Message(
        "zwergengold.to-pile.scroll",
        {"actor": "Ann", "scroll": Message("zwergengold.scroll.duster", id="duster")},
    )
    assert render_message(read, "de") == (
        "Ann liest die Schriftrolle „magischer Staubwedel“; die Karte passt nirgends und kommt "
        "unter den Stapel"
    )
