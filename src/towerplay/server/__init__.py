"""The web app: ``towerplay serve`` (FastAPI + uvicorn, SQLAlchemy storage).

:func:`towerplay.server.app.create_app` builds the app; :mod:`.storage` keeps tables and
actions, :mod:`.live` drives the tables in memory, :mod:`.pool` lets bots think in worker
processes, :mod:`.limits` holds what one client may ask.
"""
