"""The club night (docs/club.md), pure: the seating of its rounds (``rotation/``, one module
per movement), its standings, awards, purse and the room's settle-up (``standings/``), and when
a round's match is over (:mod:`.limit`). The server's alone: not on the phone."""
