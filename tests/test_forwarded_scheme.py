"""Who may say a request came over HTTPS, asked of the real ``bin/run`` command (its gunicorn and
``gunicorn.conf.py``, started as ``tests/test_slow_clients.py`` starts it): gunicorn's
``forwarded_allow_ips`` follows ``TRUSTED_PROXIES`` (docs/hosting.md). Unset, nobody is
believed, not even a client on the loopback (gunicorn's own default believes 127.0.0.1 and ::1,
so any process on the machine could claim HTTPS); with a proxy in front, its
``X-Forwarded-Proto`` is believed. The app marks an HTTPS answer with
``Strict-Transport-Security`` (scorekeeper.infra.security), which is what is looked at.
"""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from tests.test_slow_clients import running

pytestmark = pytest.mark.slow


def _headers_of_healthz(port: int, *lines: str) -> str:
    """The header block of ``GET /healthz`` sent from the loopback with these header lines."""
    request = "\r\n".join(
        ["GET /healthz HTTP/1.1", "Host: 127.0.0.1", "Connection: close", *lines, "", ""]
    )
    with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
        conn.settimeout(10)
        conn.sendall(request.encode())
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    assert head.startswith("HTTP/1.1 200"), head
    return head.lower()


def test_without_trusted_proxies_nobody_claims_https_not_even_the_loopback(
    tmp_path: Path,
) -> None:
    with running(tmp_path) as server:
        head = _headers_of_healthz(server.port, "X-Forwarded-Proto: https")
    assert "strict-transport-security" not in head


def test_with_a_trusted_proxy_its_forwarded_scheme_is_believed(tmp_path: Path) -> None:
    with running(tmp_path, TRUSTED_PROXIES="1") as server:
        plain = _headers_of_healthz(server.port)
        forwarded = _headers_of_healthz(server.port, "X-Forwarded-Proto: https")
    assert "strict-transport-security" not in plain
    assert "strict-transport-security: max-age=31536000" in forwarded
