"""The database's tables, as SQLAlchemy describes them: what the migrations
(:mod:`towerplay.server.migrations`) build, step by step, and what the SQL storage
(:mod:`.sql`) reads and writes. A change here comes with a migration (a test compares the
two)."""
from __future__ import annotations

from sqlalchemy import (
                        JSON,
                        BigInteger,
                        Boolean,
                        Column,
                        DateTime,
                        ForeignKey,
                        Index,
                        Integer,
                        MetaData,
                        String,
                        Table,
                        Text,
                        text,
                        true,
)

metadata = MetaData()
UNFINISHED = text("finished IS NULL")

tables = Table(
    "tables", metadata,
    Column("id", String(40), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("rules_version", String(20), nullable=False, default="1"),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("players", Integer, nullable=False),
    Column("seats", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("finished", DateTime(timezone=True), nullable=True),
    Column("result", JSON, nullable=True),
    Column("hints", Boolean, nullable=False, default=True, server_default=true()),
    Column("version", Integer, nullable=False, default=0, server_default="0"),
    Column("bot_queue", String(20), nullable=True),
    Column("owner", String(64), nullable=True),
    Column("updated", DateTime(timezone=True), nullable=True),
    Column("chat", String(10), nullable=True),  # CHAT_SETTINGS; NULL (older tables): all
    Column("rematch", String(40), nullable=True),  # the table of "play again"
    Column("clock", JSON, nullable=True),  # {"mode", "seconds", "bot"}; NULL: no clock
    Column("clock_state", JSON, nullable=True),  # {"left": [...], "ran_out": [indices]}
    Column("deadline", DateTime(timezone=True), nullable=True),  # of the person to move
    # the sweep's bots waiting and the clock watch's deadlines, among unfinished tables
    Index("tables_unfinished_updated", "updated",
          sqlite_where=UNFINISHED, postgresql_where=UNFINISHED),
    Index("tables_unfinished_deadline", "deadline",
          sqlite_where=UNFINISHED, postgresql_where=UNFINISHED),
    Index("tables_owner_created", "owner", "created"),  # the limits per address
)

seat_tokens = Table(
    "seat_tokens", metadata,
    Column("table_id", String(40), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False),
    Column("name", String(80), nullable=True),  # the person's name (issue #30)
    Column("away", String(100), nullable=True),  # the bot playing for the person who left
)

chat_lines = Table(
    "chat_lines", metadata,
    Column("table_id", String(40), ForeignKey("tables.id"), primary_key=True),
    Column("index", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),  # NULL: a spectator
    Column("name", String(80), nullable=True),
    Column("text", String(1200), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

actions = Table(
    "actions", metadata,
    Column("table_id", String(40), ForeignKey("tables.id"), primary_key=True),
    Column("index", Integer, primary_key=True),  # (table_id, index) is unique
    Column("text", String(200), nullable=False),
    Column("mover", Integer, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

uploads = Table(
    "uploads", metadata,
    Column("id", String(40), primary_key=True),
    Column("text", Text, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

hint_requests = Table(
    "hint_requests", metadata,
    Column("id", String(40), primary_key=True),
    Column("table_id", String(40), ForeignKey("tables.id"), nullable=False, index=True),
    Column("version", Integer, nullable=False),
    Column("seat", Integer, nullable=False),
    Column("address", String(64), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("result", JSON, nullable=True),
    Column("failed", Boolean, nullable=False, default=False),
)

reviews = Table(
    "reviews", metadata,
    Column("table_id", String(40), ForeignKey("tables.id"), primary_key=True),
    Column("state", String(10), nullable=False),  # queued, running, done, failed
    Column("review", JSON, nullable=True),
    Column("address", String(64), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
)

rate_events = Table(
    "rate_events", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(120), nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
    Index("rate_events_key_at", "key", "at"),
)
