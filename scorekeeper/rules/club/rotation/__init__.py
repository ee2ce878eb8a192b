"""Seating a club night's rounds (docs/club.md §3-§5): the plan (:mod:`.plan`), its
settings (:mod:`.settings`), the movements (registered in :mod:`.movements`, one module each:
:mod:`.round_robin`, :mod:`.mitchell`, :mod:`.danish`, :mod:`.progressive`), the stored
designs, the heuristic and its budget, table numbers and seats, a round's balance and a round
seated by hand."""
