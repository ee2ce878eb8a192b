"""Pinnacola, the Italian rummy game (docs/rules.md §3): card values, melds, deal scoring and
the form (:mod:`.form`)."""
