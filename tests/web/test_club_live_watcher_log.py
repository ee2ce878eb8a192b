"""The club night's live watcher (scorekeeper/club/live.py) when the database is away: it says
so once an outage, not twice a second for as long as the outage lasts, and says when it reads
again (the streams wait meanwhile)."""

from __future__ import annotations

import logging

import pytest
from flask import Flask

from scorekeeper import service
from scorekeeper.club import live


def test_an_outage_is_logged_once_and_its_end_once(
    app: Flask, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    away = True

    def night_to_read(read_id: str) -> object:
        if away:
            raise RuntimeError("unable to open database file")
        raise service.NotFound("no such night")

    monkeypatch.setattr(live, "night_to_read", night_to_read)
    hub = live.Hub(app, 4, 0.01)
    with caplog.at_level(logging.INFO, logger=live.LOG.name):
        for _ in range(5):
            assert hub.look(["n1"]) == {}
        away = False
        for _ in range(3):
            hub.look(["n1"])
    said = [(r.levelno, r.getMessage()) for r in caplog.records if r.name == live.LOG.name]
    assert said == [
        (logging.WARNING, "club live: the nights' versions could not be read"),
        (logging.INFO, "club live: the nights' versions are read again"),
    ]
