"""Database models (filled in by the persistence issue)."""
