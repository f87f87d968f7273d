"""Alembic environment: runs migrations over the async engine the server uses."""

import asyncio

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import async_engine_from_config
from sqlalchemy.pool import NullPool

from saboteur.server.store.schema import metadata

config = context.config


MIGRATION_LOCK = 7_341_002  # a PostgreSQL advisory lock: nodes starting together migrate in turn


def _run(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.execute(text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


async def _main() -> None:
    engine = async_engine_from_config(
        config.get_section(config.config_ini_section, {}), prefix="sqlalchemy.", poolclass=NullPool
    )
    async with engine.connect() as connection:
        await connection.run_sync(_run)
        await connection.commit()
    await engine.dispose()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    asyncio.run(_main())
