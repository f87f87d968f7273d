"""Names that look alike: ``users.name_key`` becomes the name's skeleton (UTS #39), not its case
folding, so that one user holds each look of a name (see ``saboteur.server.lookalike``).

Users whose names already look alike keep them: the oldest gets the skeleton, each later one a
key of its own (the skeleton and its id), so that nobody new can take that look.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from saboteur.server.lookalike import skeleton

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

users = sa.table(
    "users",
    sa.column("id", sa.Integer),
    sa.column("name", sa.String),
    sa.column("name_key", sa.String),
)


def _rekey(key_of: Callable[[str], str]) -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.select(users.c.id, users.c.name).order_by(users.c.id)).all()
    taken: set[str] = set()
    for row in rows:  # first to a temporary key each, so that no two rows meet on the way
        temporary = users.update().where(users.c.id == row.id).values(name_key=f"#{row.id}")
        connection.execute(temporary)
    for row in rows:
        key = key_of(row.name)
        if key in taken:
            key = f"{key}#{row.id}"
        taken.add(key)
        connection.execute(users.update().where(users.c.id == row.id).values(name_key=key))


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.alter_column("name_key", type_=sa.String(128), existing_nullable=False)
    _rekey(skeleton)


def downgrade() -> None:
    _rekey(str.casefold)
    with op.batch_alter_table("users") as batch:
        batch.alter_column("name_key", type_=sa.String(32), existing_nullable=False)
