"""A tournament's journal: one JSON line per game played, so that a long tournament can be
interrupted and resumed where it stopped.

The first line says what is played (ruleset, players, options, bots, seed) and how many games
are planned (``games``: the most any run of it asked for, so that ``tournament --resume FILE``
needs nothing else); a journal written for another tournament is refused rather than mixed in.
A line cut short by an interruption (the last one) is dropped and its game played again.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.jsonl"
>>> journal = Journal(path, {"ruleset": "classic", "seed": 0})
>>> journal.read()
{}
>>> from saboteur.bots.pool import Played
>>> journal.write(Played(3, ("random",), ((0, "digger", "win"),), (2,), ((5, 0.1, 0),)))
>>> list(Journal(path, {"ruleset": "classic", "seed": 0}).read())
[3]
>>> Journal(path, {"ruleset": "classic", "seed": 1}).read()
Traceback (most recent call last):
...
saboteur.bots.journal.JournalError: ... was written for another tournament (seed 0, not 1): \
remove it or use another file
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from saboteur.bots.pool import Played


class JournalError(ValueError):
    """A journal that cannot be resumed (another tournament's, or not a journal)."""


PLANNED = "games"  # the header's count of games planned (not part of what is played)


class Journal:
    """The journal at ``path`` of the tournament described by ``header``, of which ``planned``
    games are to be played (recorded in the header if more than it says)."""

    def __init__(self, path: Path, header: dict[str, Any], planned: int | None = None) -> None:
        self.path = path
        self.header = header
        self.planned = planned
        self._checked: tuple[list[str], dict[int, Played], bool] | None = None

    def check(self) -> dict[int, Played]:
        """The games in the file so far, read without changing it (kept for :meth:`read`);
        :class:`JournalError` for a file that is another tournament's or no journal, ``OSError``
        if it cannot be read or its folder does not exist."""
        if not self.path.parent.is_dir():
            raise JournalError(f"{self.path}: there is no folder {self.path.parent}")
        if not self.path.exists() or self.path.stat().st_size == 0:
            return {}
        lines = self.path.read_text(encoding="utf-8").splitlines()
        self._check_header(lines[0])
        self._checked = (lines, *_games(self.path, lines))
        return self._checked[1]

    def read(self) -> dict[int, Played]:
        """The games already played, by number (none if the file does not exist yet); the
        header line is written if the file is new, a last line cut short is taken out."""
        if self._checked is None:
            self.check()
        checked, self._checked = self._checked, None
        if checked is None:
            with self.path.open("w", encoding="utf-8") as out:
                out.write(self._header_line(self.planned) + "\n")
            return {}
        lines, played, cut = checked
        if cut:  # cut short by the interruption: played again
            lines = lines[:-1]
        recorded = json.loads(lines[0])["tournament"].get(PLANNED)
        more = self.planned is not None and (
            not isinstance(recorded, int) or self.planned > recorded
        )
        if more:
            lines = [self._header_line(self.planned), *lines[1:]]
        if cut or more:
            self.path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return played

    def write(self, game: Played) -> None:
        """Add one game (flushed at once, so an interruption loses at most the games running)."""
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(game.to_json()) + "\n")

    def _header_line(self, planned: int | None) -> str:
        extra = {} if planned is None else {PLANNED: planned}
        return json.dumps({"tournament": {**self.header, **extra}})

    def _check_header(self, line: str) -> None:
        try:
            header = json.loads(line)["tournament"]
        except (ValueError, KeyError, TypeError):
            raise JournalError(f"{self.path} is not a tournament journal") from None
        for key, wanted in self.header.items():
            if header.get(key) != wanted:
                raise JournalError(
                    f"{self.path} was written for another tournament ({key} {header.get(key)}, "
                    f"not {wanted}): remove it or use another file"
                )


def read_journal(path: Path) -> tuple[dict[str, Any], dict[int, Played]]:
    """A journal's header (what is played) and the games in it so far, read without changing
    the file (a last line cut short is left out); :class:`JournalError` if it is no journal,
    ``OSError`` if it cannot be read."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return _header(path, lines[0] if lines else ""), _games(path, lines)[0]


def read_header(path: Path) -> dict[str, Any]:
    """A journal's header alone (its first line), as :func:`read_journal` checks it."""
    with path.open(encoding="utf-8") as lines:
        return _header(path, lines.readline())


def _header(path: Path, line: str) -> dict[str, Any]:
    if not line.strip():
        raise JournalError(f"{path} is empty, not a tournament journal")
    try:
        header = json.loads(line)["tournament"]
        if not isinstance(header, dict):
            raise TypeError
    except (ValueError, KeyError, TypeError):
        raise JournalError(f"{path} is not a tournament journal") from None
    return header


def _games(path: Path, lines: list[str]) -> tuple[dict[int, Played], bool]:
    """The games of a journal's ``lines`` by number, and whether its last line was cut short
    (left out); :class:`JournalError` for a bad line before the last."""
    played: dict[int, Played] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            game = Played.from_json(json.loads(line))
        except (ValueError, KeyError, TypeError) as err:
            if number == len(lines):
                return played, True
            raise JournalError(f"{path}, line {number}: not a game ({err})") from None
        played[game.key] = game
    return played, False


def code_versions(played: Mapping[int, Played]) -> str:
    """Which code played the games, by version, with the games' numbers.

    >>> from saboteur.bots.pool import Played
    >>> def game(n, code): return Played(n, ("random",), (), (0,), (), code)
    >>> code_versions({n: game(n, "a1") for n in range(4)})
    'code a1 played all 4 games'
    >>> code_versions({0: game(0, None), 1: game(1, "a1"), 2: game(2, "a1"), 4: game(4, "b2")})
    '3 versions of the code played: unrecorded (game 0), a1 (games 1-2), b2 (game 4)'
    """
    games: dict[str | None, list[int]] = {}
    for key in sorted(played):
        games.setdefault(played[key].code, []).append(key)
    if len(games) == 1:
        [(code, keys)] = games.items()
        which = "unrecorded code" if code is None else f"code {code}"
        return f"{which} played all {len(keys)} games"
    listed = ", ".join(f"{code or 'unrecorded'} ({_numbers(keys)})" for code, keys in games.items())
    return f"{len(games)} versions of the code played: {listed}"


def _numbers(keys: list[int]) -> str:
    """Ascending game numbers as runs: ``games 0-2, 5``."""
    runs: list[list[int]] = []
    for key in keys:
        if runs and key == runs[-1][1] + 1:
            runs[-1][1] = key
        else:
            runs.append([key, key])
    text = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
    return f"game {text}" if len(keys) == 1 else f"games {text}"
