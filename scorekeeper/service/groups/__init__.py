"""A group's use cases: its roster (:mod:`.roster`), a match played in it (:mod:`.placing`), its
almanac (:mod:`.almanac`) and the nights it marked paid up (:mod:`.payups`); reached through the
``service`` facade (:mod:`scorekeeper.service`)."""
