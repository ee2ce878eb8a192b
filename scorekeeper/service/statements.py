"""The write protocol's statements (:mod:`.writing`), built once, and on PostgreSQL run on the
driver's own connection: the hot path of a hand POST (issue 37 point 6).

Building and keying a statement at each request cost more than running it (issue 14), so each
is built once, as a Core statement on the tables (no ORM bookkeeping). On PostgreSQL each is
also compiled once, by SQLAlchemy for the session's dialect, and sent by :func:`run` straight
to the driver connection the session's transaction holds (psycopg): the same SQL and the same
transaction, past SQLAlchemy's execution (its compile cache, parameter processing and result
set-up: about 0.1 ms of CPU a statement on this machine, a thirtieth of a hand POST), and the
locked match's row becomes the session's object without the ORM's loading (:func:`loaded`).
Measured in one process, a hand POST's lock and ``UPDATE``: about 0.8 ms of CPU against 1.25
ms through the ORM and Core (docs/hosting.md "Capacity"). A driver's error is raised as
SQLAlchemy would raise it (a lost connection invalidated first), so the callers and the error
pages see no difference. SQLite keeps SQLAlchemy's execution: its write is one local call.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.orm import make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value

from ..extensions import db
from ..models import Hand, IdempotentWrite, Match, utcnow

_HANDS = cast(sa.Table, Hand.__table__)
INSERT_HAND = sa.insert(_HANDS)
#: The record of an idempotency key (:mod:`.idempotency`), stored with its write.
INSERT_KEY = sa.insert(cast(sa.Table, IdempotentWrite.__table__))
_BUMP = (
    sa.update(cast(sa.Table, Match.__table__))
    .where(Match.__table__.c.id == sa.bindparam("row"))
    .values(
        version=sa.bindparam("version"), updated_at=sa.bindparam("updated_at"), hands_version=None
    )
)
# PostgreSQL: the new hand's INSERT rides in the UPDATE's statement (a data-modifying WITH),
# one round trip instead of two: each costs the server process about 0.1 ms of CPU in this
# driver, a twentieth of a hand POST (issue 37). SQLite has no such WITH.
_ADD_AND_BUMP = _BUMP.add_cte(
    sa.insert(_HANDS)
    .values(
        match_id=sa.bindparam("row"),
        number=sa.bindparam("number"),
        input=sa.bindparam("input", type_=_HANDS.c.input.type),
        created_at=sa.bindparam("updated_at"),
    )
    .cte("added_hand")
)


def on_driver() -> bool:
    """Whether the session's database runs :func:`run` on its driver (PostgreSQL). Asked once
    per session (the session's bind never changes; looking it up each time was 1 % of a hand
    POST)."""
    info = db.session().info
    found = info.get(_ON_DRIVER)
    if found is None:
        found = info[_ON_DRIVER] = db.session.get_bind().dialect.name == "postgresql"
    return bool(found)


_ON_DRIVER = "scorekeeper.on_driver"


@functools.cache
def _compiled(statement: sa.ClauseElement, dialect: sa.Dialect) -> tuple[str, dict[str, Any]]:
    """``statement``'s SQL for ``dialect`` and the values of its bound parameters that have
    one (those given at :func:`run` replace them)."""
    compiled = statement.compile(dialect=dialect)
    return str(compiled), dict(compiled.params)


def run(statement: sa.ClauseElement, values: Mapping[str, Any]) -> Any:
    """Run ``statement`` with ``values`` on the driver connection of the session's transaction
    (PostgreSQL: :func:`on_driver`); its cursor. A JSON value is given as its text. A driver's
    error is raised as SQLAlchemy's ``DBAPIError`` of that kind, as SQLAlchemy's execution
    would, and a lost connection is invalidated (the pool then opens a new one)."""
    connection = db.session.connection()
    dialect = connection.dialect
    sql, defaults = _compiled(statement, dialect)
    driver = connection.connection.driver_connection
    assert driver is not None  # the connection of a transaction that is open
    given = {**defaults, **values}
    try:
        return driver.execute(sql, given)
    except dialect.loaded_dbapi.Error as error:
        lost = dialect.is_disconnect(error, connection.connection.dbapi_connection, None)
        if lost:
            connection.invalidate(error)
        raise sa.exc.DBAPIError.instance(
            sql,
            given,
            error,
            dialect.loaded_dbapi.Error,
            connection_invalidated=lost,
            dialect=dialect,
        ) from error


@functools.cache
def _keys(model: Any) -> tuple[str, ...]:
    """The attributes of ``model``'s columns, in the order ``select(model)`` reads them."""
    mapper = sa.inspect(model)
    return tuple(mapper.get_property_by_column(column).key for column in mapper.columns)


def loaded(model: Any, row: Sequence[Any]) -> tuple[Any, ...]:
    """``row`` read by ``select(model, *more)`` as the ORM gives it: the session's object of
    ``model`` whose columns the row starts with, then the row's other columns. The object is
    made as the ORM's loading with ``populate_existing`` makes it: one already in the session
    takes the row's values, else a new one joins the session as persistent (its relationships
    load when asked)."""
    keys = _keys(model)
    return (_instance(model, dict(zip(keys, row[: len(keys)], strict=True))), *row[len(keys) :])


def _instance(model: Any, values: dict[str, Any]) -> Any:
    session = db.session()
    mapper = sa.inspect(model)
    identity = mapper.identity_key_from_primary_key([values[key] for key in _primary(model)])
    present = session.identity_map.get(identity)
    if present is not None:
        session.expire(present)  # its relationships too: they load again when asked
        for key, value in values.items():
            set_committed_value(present, key, value)
        return present
    made = mapper.class_manager.new_instance()
    made.__dict__.update(values)  # as the ORM's loading sets them: no change events
    make_transient_to_detached(made)
    session.add(made)
    return made


@functools.cache
def _primary(model: Any) -> tuple[str, ...]:
    mapper = sa.inspect(model)
    return tuple(mapper.get_property_by_column(column).key for column in mapper.primary_key)


def bump(match: Match, added: tuple[int, Mapping[str, Any]] | None) -> None:
    """Store hand ``added`` (its number and entry), if any, and move the locked match to its
    next version: on PostgreSQL one statement, else an ``INSERT`` (the database refuses a second
    hand with this number) and an ``UPDATE``; the object told its new values as the database's
    (nothing left for the unit of work to flush)."""
    version, now = match.version + 1, utcnow()
    bumped = {"row": match.id, "version": version, "updated_at": now}
    if on_driver():
        if added is None:
            run(_BUMP, bumped)
        else:
            entry = json.dumps(dict(added[1]))  # as the column's type would write it
            run(_ADD_AND_BUMP, {**bumped, "number": added[0], "input": entry})
    else:
        connection = db.session.connection()
        if added is not None:
            number, entry_map = added
            hand = {"match_id": match.id, "number": number, "input": dict(entry_map)}
            connection.execute(INSERT_HAND, {**hand, "created_at": now})
        connection.execute(_BUMP, bumped)
    set_committed_value(match, "version", version)
    set_committed_value(match, "updated_at", now)
    set_committed_value(match, "hands_version", None)  # a change to the hands (the model's note)
