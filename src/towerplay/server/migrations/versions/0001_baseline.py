"""The schema as it was before migrations: made on an empty database, or completed on a
database made by an earlier release (which made its tables itself and added columns
as they came: any table or column it lacks is added here, with what a column added to
existing rows starts as).

Revision ID: 0001
Revises:
Create Date: 2026-12-02
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def columns() -> dict[str, list[sa.Column[object]]]:
    """Every table's columns as the last release before migrations made them."""
    return {
        "tables": [
            sa.Column("id", sa.String(40), primary_key=True),
            sa.Column("game", sa.String(40), nullable=False),
            sa.Column("rules_version", sa.String(20), nullable=False),
            sa.Column("options", sa.JSON, nullable=False),
            sa.Column("seed", sa.BigInteger, nullable=False),
            sa.Column("players", sa.Integer, nullable=False),
            sa.Column("seats", sa.JSON, nullable=False),
            sa.Column("created", WHEN, nullable=False),
            sa.Column("finished", WHEN, nullable=True),
            sa.Column("result", sa.JSON, nullable=True),
            sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.true()),
            sa.Column("version", sa.Integer, nullable=False, server_default="0"),
            sa.Column("bot_queue", sa.String(20), nullable=True),
            sa.Column("owner", sa.String(64), nullable=True),
            sa.Column("updated", WHEN, nullable=True),
            sa.Column("chat", sa.String(10), nullable=True),
            sa.Column("rematch", sa.String(40), nullable=True),
            sa.Column("clock", sa.JSON, nullable=True),
            sa.Column("clock_state", sa.JSON, nullable=True),
            sa.Column("deadline", WHEN, nullable=True),
        ],
        "seat_tokens": [
            sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"),
                      primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("token_hash", sa.String(64), nullable=False),
            sa.Column("name", sa.String(80), nullable=True),
            sa.Column("away", sa.String(100), nullable=True),
        ],
        "chat_lines": [
            sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"),
                      primary_key=True),
            sa.Column("index", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer, nullable=True),
            sa.Column("name", sa.String(80), nullable=True),
            sa.Column("text", sa.String(1200), nullable=False),
            sa.Column("at", WHEN, nullable=False),
        ],
        "actions": [
            sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"),
                      primary_key=True),
            sa.Column("index", sa.Integer, primary_key=True),
            sa.Column("text", sa.String(200), nullable=False),
            sa.Column("mover", sa.Integer, nullable=False),
            sa.Column("at", WHEN, nullable=False),
        ],
        "uploads": [
            sa.Column("id", sa.String(40), primary_key=True),
            sa.Column("text", sa.Text, nullable=False),
            sa.Column("created", WHEN, nullable=False),
        ],
        "hint_requests": [
            sa.Column("id", sa.String(40), primary_key=True),
            sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"),
                      nullable=False),
            sa.Column("version", sa.Integer, nullable=False),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("address", sa.String(64), nullable=False),
            sa.Column("created", WHEN, nullable=False),
            sa.Column("result", sa.JSON, nullable=True),
            sa.Column("failed", sa.Boolean, nullable=False),
        ],
        "reviews": [
            sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"),
                      primary_key=True),
            sa.Column("state", sa.String(10), nullable=False),
            sa.Column("review", sa.JSON, nullable=True),
            sa.Column("address", sa.String(64), nullable=False),
            sa.Column("created", WHEN, nullable=False),
        ],
        "rate_events": [
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("key", sa.String(120), nullable=False),
            sa.Column("at", WHEN, nullable=False),
        ],
    }


INDEXES = {"hint_requests": [("ix_hint_requests_table_id", ["table_id"]),
                             ("ix_hint_requests_address", ["address"])],
           "reviews": [("ix_reviews_address", ["address"])],
           "rate_events": [("rate_events_key_at", ["key", "at"])]}
"""The indexes the last release made with its tables."""

ADDED = {("tables", "hints"), ("tables", "version"), ("tables", "bot_queue"),
         ("tables", "owner"), ("tables", "updated"), ("tables", "chat"),
         ("tables", "rematch"), ("tables", "clock"), ("tables", "clock_state"),
         ("tables", "deadline"), ("seat_tokens", "name"), ("seat_tokens", "away")}
"""The columns that releases added to tables made before them (nullable, or with a
default): the ones an older database may lack."""

BACKFILL = {
    ("tables", "version"): "UPDATE tables SET version = (SELECT COUNT(*) FROM actions "
                           "WHERE actions.table_id = tables.id)",
    # whether a bot waits is found out by the bot's job, which clears the flag if not
    ("tables", "bot_queue"): "UPDATE tables SET bot_queue = 'bots' WHERE finished IS NULL",
}
"""What a column added to an older database starts as."""


def upgrade() -> None:
    bind = op.get_bind()
    known = sa.inspect(bind)
    present = set(known.get_table_names())
    wanted = columns()
    for table in [name for name in wanted if name not in present]:  # tables first:
        op.create_table(table, *wanted[table])                     # a backfill reads them
        for name, indexed in INDEXES.get(table, []):
            op.create_index(name, table, indexed)
    for table in [name for name in wanted if name in present]:
        have = {column["name"] for column in known.get_columns(table)}
        for column in wanted[table]:
            if column.name in have:
                continue
            if (table, column.name) not in ADDED:
                raise RuntimeError(f"table {table} lacks column {column.name}: not a "
                                   "towerplay database?")
            op.add_column(table, column)
            if (table, column.name) in BACKFILL:
                op.execute(BACKFILL[table, column.name])


def downgrade() -> None:
    for table in reversed(list(columns())):
        op.drop_table(table)
