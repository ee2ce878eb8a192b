"""What every game shares: cards, the one error type, a typed entry's readers, the match
state (seating, running totals, the dealer, the target), a hand's facts, house-rule options,
names, the words the rules hand to people, the kitty and the settle-up (docs/rules.md)."""
