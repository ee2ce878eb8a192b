"""The club night's use cases (docs/club.md), each module one concern; the web layer reaches
them through the ``service`` facade (:mod:`scorekeeper.service`)."""
