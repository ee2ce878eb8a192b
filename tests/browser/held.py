"""Answers of the test server held back until the test lets them go: the app's WSGI callable
wrapped so that each request :attr:`HeldAnswers.holds` picks marks ``reached`` and waits for
:meth:`HeldAnswers.let_go` (bounded: a failed test never hangs), then is answered as the app
answers it. A page is then seen in the state it has while that answer is on its way."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

#: A WSGI environ.
Environ = dict[str, Any]


class HeldAnswers:
    """``wsgi`` with the requests ``holds`` picks held back, at most ``most_s`` seconds each."""

    def __init__(
        self, wsgi: Callable[..., Iterable[bytes]], holds: Callable[[Environ], bool], most_s: float
    ) -> None:
        self.wsgi, self.holds, self.most_s = wsgi, holds, most_s
        self.reached, self.released = threading.Event(), threading.Event()

    def let_go(self) -> None:
        """Answer the held requests, and every later one at once."""
        self.released.set()

    def __call__(self, environ: Environ, respond: Callable[..., Any]) -> Iterable[bytes]:
        if self.holds(environ):
            self.reached.set()
            self.released.wait(self.most_s)
        return self.wsgi(environ, respond)
