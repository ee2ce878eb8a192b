"""The skeleton serves its home page with strict security headers."""

from flask.testing import FlaskClient


def test_home_page_is_served(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert b"Scorekeeper" in response.data


def test_security_headers_are_strict(client: FlaskClient) -> None:
    headers = client.get("/").headers
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"


def test_hsts_only_over_https(client: FlaskClient) -> None:
    assert "Strict-Transport-Security" not in client.get("/").headers
    secure = client.get("/", base_url="https://localhost")
    assert secure.headers["Strict-Transport-Security"].startswith("max-age=")
