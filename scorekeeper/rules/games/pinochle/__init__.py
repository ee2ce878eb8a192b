"""Pinochle kept by points (docs/rules.md §1, §4): the meld tables, counting systems and meld
calculator every pinochle form shares (:mod:`.melds`), and the two-, three- and four-handed
forms and partnership auction (:mod:`.forms`)."""
