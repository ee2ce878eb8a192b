"""The phone's engine against the server: the requests it replays and how they are compared
(docs/phone.md "The test that keeps them identical")."""
