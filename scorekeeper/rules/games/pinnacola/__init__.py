"""Pinnacola, the Italian rummy game (docs/rules.md §3): card values (:mod:`.cards`), melds
(:mod:`.melds`), reading a deal (:mod:`.entry`), deal scoring (:mod:`.deal`) and the form
(:mod:`.form`)."""
