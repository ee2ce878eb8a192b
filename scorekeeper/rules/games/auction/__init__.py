"""Auction pinochle (docs/rules.md §2): the form, its replay and settle-up (:mod:`.form`), who
is dealt in (:mod:`.seating`), each hand's payments in units and the kitty's part
(:mod:`.payments`), the options (:mod:`.options`), reading a hand's contract and outcome
(:mod:`.hands`), the units schedules (:mod:`.schedules`)."""
