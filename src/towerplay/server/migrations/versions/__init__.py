"""The migration steps, oldest first (``down_revision`` chains them)."""
