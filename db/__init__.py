"""The store: schema, migrations, and the only code that writes SQL."""

from db.open import open_store
from db.sql_store import SqlStore

__all__ = ["SqlStore", "open_store"]
