"""Rows inserted unless a unique key of theirs is taken, many in one statement.

A :class:`NewRow` is a write job (a function of a ``Connection``) that inserts one row with
``ON CONFLICT DO NOTHING`` and says whether it went in: a taken key (a seat someone else took
first, an action number another node appended) is an answer, not an error, so the rest of a
group commit goes on.  :func:`insert_new_rows` runs a run of them for one table as a single
multi-row ``INSERT … RETURNING`` — one round trip for the moves of forty games instead of forty.

>>> from sqlalchemy import Column, Integer, MetaData, Table, create_engine
>>> pairs = Table("pairs", MetaData(), Column("a", Integer, primary_key=True), Column("b", Integer))
>>> engine = create_engine("sqlite://")
>>> pairs.metadata.create_all(engine)
>>> with engine.begin() as conn:
...     insert_new_rows(conn, [NewRow(pairs, {"a": 1, "b": 2}), NewRow(pairs, {"a": 1, "b": 3})])
[True, False]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Table
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

MOST_PER_STATEMENT = 500  # rows in one INSERT (well under both databases' parameter limits)


class NewRow:
    """Insert ``row`` into ``table`` unless one of its unique keys is taken; whether it did."""

    __slots__ = ("row", "table")

    def __init__(self, table: Table, row: dict[str, Any]) -> None:
        self.table = table
        self.row = row

    def __call__(self, conn: Connection) -> bool:
        return insert_new_rows(conn, [self])[0]

    def key(self) -> tuple[Any, ...]:
        return tuple(self.row[column.name] for column in self.table.primary_key)


def insert_new_rows(conn: Connection, new: Sequence[NewRow]) -> list[bool]:
    """Insert rows of one table, each unless a unique key of it is taken; which went in."""
    if not new:
        return []
    table = new[0].table
    assert all(item.table is table for item in new), "one table at a time"
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    keys = table.primary_key.columns
    inserted: set[tuple[Any, ...]] = set()
    # executemany with RETURNING: SQLAlchemy sends it as multi-row INSERTs ("insertmanyvalues")
    # from one statement compiled once (rows written into the statement compile anew each time)
    adding = dialect.insert(table).on_conflict_do_nothing().returning(*keys)
    options = {"insertmanyvalues_page_size": MOST_PER_STATEMENT}
    rows = [item.row for item in new]
    inserted.update(tuple(row) for row in conn.execute(adding, rows, execution_options=options))
    outcomes = []
    for item in new:  # the same key twice in one batch: the first one went in
        key = item.key()
        outcomes.append(key in inserted)
        inserted.discard(key)
    return outcomes
