"""Rule IDs of getaway.md that the Getaway referee cites (findings and penalties).

The texts live in `rulesets/games/getaway.yaml`; a test checks that these IDs
and the presets' `cites` lists match both ways.
"""

PENALTY = "GW-4.1"
LATE_PLAY = "GW-4.2"
OUT_OF_TURN = "GW-4.3"
REVOKE = "GW-4.4"
FAILED_TO_TRUMP = "GW-4.5"
FALSE_BREAK = "GW-4.6"
PLAYED_NOT_BROKE = "GW-4.7"
DRAWN_NOT_LED = "GW-4.8"
WRONG_FIRST_LEAD = "GW-4.9"
NOT_HELD = "GW-4.10"
INVALID_DEAL = "GW-4.11"
ILLEGAL_TAKE = "GW-4.12"
DRAW_ERROR = "GW-4.13"
SEQUENCE = "GW-4.14"
CLAIM_DIFFERS = "GW-4.15"
BAD_SETUP = "GW-4.16"
DEAD_ROUND = "GW-10.1"
TRICK_READING = "GW-10.6"
