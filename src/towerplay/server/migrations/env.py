"""Alembic's entry point: the migrations run on the connection the caller opened (inside
its transaction, under its lock: :func:`towerplay.server.storage.migrate.upgrade`), or,
from the ``alembic`` command, on ``$TOWERPLAY_DATABASE_URL`` (else the default SQLite
file)."""
from __future__ import annotations

from alembic import context

from towerplay.server.storage.migrate import ours
from towerplay.server.storage.schema import metadata


def run(connection: object) -> None:
    context.configure(connection=connection, target_metadata=metadata,  # type: ignore[arg-type]
                      render_as_batch=True,  # SQLite alters a table by copying it
                      include_name=ours)  # not the job queue's tables
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    given = context.config.attributes.get("connection")
    if given is not None:
        run(given)
        return
    # the alembic command: its own engine
    from towerplay.server.storage.migrate import locked
    from towerplay.server.storage.sql import database_url, make_engine

    engine = make_engine(database_url())
    with engine.begin() as connection:
        locked(connection)
        run(connection)
    engine.dispose()


if getattr(context, "config", None) is not None:  # run by Alembic (not merely imported)
    main()
