"""Seating a club night's rounds (docs/club.md §3-§5): the plan and its settings
(:mod:`.plan`), the movements, the stored designs, the heuristic and its budget, table numbers
and seats, a round's balance and a round seated by hand."""
