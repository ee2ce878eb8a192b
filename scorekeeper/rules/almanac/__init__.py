"""A group's almanac (docs/records.md): the counters each declared once, a match's summary,
the records, the money across nights and the ratings. The server's alone: not on the phone."""
