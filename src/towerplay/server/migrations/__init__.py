"""The database's schema migrations (Alembic): each file of ``versions/`` one step, run
in order by :func:`towerplay.server.storage.migrate.upgrade` when a server or a worker
opens its database. Never edit a step that was released; add one."""
