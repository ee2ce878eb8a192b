"""Pinochle kept by points (docs/rules.md §1, §4): the meld tables, counting systems and meld
calculator every pinochle form shares (:mod:`.melds`), and the two-, three- and four-handed
forms and partnership auction (:mod:`.forms`, which gathers them: the plain forms in
:mod:`.plain_forms`, their base form and replay in :mod:`.plain`, reading their hands in
:mod:`.plain_hand`, partnership auction in :mod:`.partnership`), and what every pinochle form's
methods share, auction's too (:mod:`.form_parts`)."""
