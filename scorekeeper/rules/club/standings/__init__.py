"""A club night's standings (docs/club.md §9-§11): the ranking with its formulas and
tie-breaks (:mod:`.ranking`), each round's lines, the settings, the awards, the purse and the
room's settle-up in units."""
