"""Hand forms as the match page posts them, for the engine's page ops: per form a hand the rules
take, a typing mistake the page itself refuses, and one the rules refuse (a bid under the
minimum, tricks over the counting's total). Field names as the page's forms have them
(``scorekeeper/rules/hand_fields``; cases as in tests/rules/entry/test_hand_fields.py)."""

from __future__ import annotations

#: form -> (new-match page's variant, [fields posted, ...]).
PAGE_CASES: dict[str, tuple[str, list[dict[str, str]]]] = {
    "pinochle-2": (
        "pinochle-2",
        [
            {"meld_0": "150", "tricks_0": "130", "melds_1": "dix"},
            {"meld_0": "12a", "tricks_0": "130"},
            {"meld_0": "40", "tricks_0": "300", "tricks_1": "20"},
            {"meld_0": "20", "tricks_0": "100", "meld_1": "60"},
        ],
    ),
    "pinochle-3": (
        "pinochle-3",
        [
            {"meld_0": "40", "tricks_0": "100", "meld_1": "20", "tricks_1": "80"},
            {"meld_0": "4o", "tricks_0": "100"},
            {"meld_0": "40", "tricks_0": "200", "tricks_1": "100", "tricks_2": "0"},
        ],
    ),
    "pinochle-4": (
        "pinochle-4",
        [
            {"meld_0": "120", "tricks_0": "150", "meld_1": "40"},
            {"meld_1": "x", "tricks_0": "150"},
        ],
    ),
    "auction": (
        "auction",
        [
            {
                "bidder": "Ben",
                "bid": "350",
                "trump": "clubs",
                "bidder_meld": "200",
                "bidder_tricks": "160",
                "result": "played",
            },
            {"bidder": "Ana", "bid": "12a", "trump": "hearts", "result": "played"},
            {
                "bidder": "Ana",
                "bid": "100",
                "trump": "hearts",
                "result": "played",
                "bidder_meld": "100",
                "bidder_tricks": "100",
            },
            {"result": "all_pass"},
        ],
    ),
    "partnership-auction": (
        "partnership-auction",
        [
            {
                "bidder": "Ana",
                "bid": "300",
                "trump": "spades",
                "meld_0": "120",
                "tricks_0": "150",
                "meld_1": "40",
                "result": "played",
            },
            {
                "bidder": "Ana",
                "bid": "50",
                "trump": "spades",
                "meld_0": "120",
                "tricks_0": "150",
                "result": "played",
            },
        ],
    ),
    "pinnacola": (
        "pinnacola",
        [
            {
                "table_0": "385",
                "hand_0": "0",
                "table_1": "120",
                "hand_1": "45",
                "ending": "closed:0",
            },
            {"table_0": "385", "table_1": "12a", "ending": "closed:0"},
            {"table_0": "200", "table_1": "120", "hand_1": "45"},
        ],
    ),
}
