"""Auction pinochle (docs/rules.md §2): the form, each hand's payments in units and the kitty's
part (:mod:`.form`), reading a hand's contract and outcome (:mod:`.hands`), the units schedules
(:mod:`.schedules`)."""
