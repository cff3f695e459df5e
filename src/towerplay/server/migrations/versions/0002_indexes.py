"""Indexes for what every worker asks every second or two (the bots waiting, the
clocks' deadlines, among unfinished tables) and for the limits per address: without
them each look reads every table ever played.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

UNFINISHED = sa.text("finished IS NULL")


def upgrade() -> None:
    for name, column in (("tables_unfinished_updated", "updated"),
                         ("tables_unfinished_deadline", "deadline")):
        op.create_index(name, "tables", [column], sqlite_where=UNFINISHED,
                        postgresql_where=UNFINISHED)
    op.create_index("tables_owner_created", "tables", ["owner", "created"])


def downgrade() -> None:
    for name in ("tables_owner_created", "tables_unfinished_deadline",
                 "tables_unfinished_updated"):
        op.drop_index(name, "tables")
