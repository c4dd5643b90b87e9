"""Rule IDs of tjuv.md that the Tjuv referee cites in findings and notes.

The texts live in `rulesets/games/tjuv.yaml`; a test checks that these IDs
and the presets' `cites` lists match both ways. Rules of the digest that no
finding can cite (definitions, procedure, the clarifications of section 11)
are in the catalogue but not here.
"""

PACK = "TJ-2.1"
PLAYERS = "TJ-2.3"
ROUND_ONE = "TJ-2.5"
EXPOSE = "TJ-2.6"
TWO_PLAYERS = "TJ-2.7"
THREE_PLAYERS = "TJ-2.8"
REMOVAL = "TJ-2.9"
ROUND_TWO = "TJ-2.10"
REMOVED_AT_BOTTOM = "TJ-2.12"

SEQUENCE = "TJ-3.1"
PLAY = "TJ-3.2"
CAPTURE_SET = "TJ-3.3"
COMPULSORY = "TJ-3.4"
ELIGIBLE = "TJ-3.6"
STEAL_NEEDS_CAPTURE = "TJ-3.7"
STEAL_MODE = "TJ-3.8"
WHOLE_PILES = "TJ-3.9"
OWN_PILE = "TJ-3.10"
NEW_PILE = "TJ-3.11"
DRAW = "TJ-3.12"
REFILL_NEEDED = "TJ-3.13"
REFILL_FROM_HAND = "TJ-3.14"
REFILL_FROM_TALON = "TJ-3.15"
END_OF_PLAY = "TJ-3.17"
SWEEP = "TJ-3.18"
HAND_LIMIT = "TJ-3.19"

ADVISORY = "TJ-4.4"

COUNT = "TJ-5.1"
SUM = "TJ-5.2"
WINNER = "TJ-5.3"
RANKING = "TJ-5.4"
NEXT_DEALER = "TJ-5.5"
TIE_BREAK = "TJ-5.6"
SESSION = "TJ-5.7"

HEADER = "TJ-10.1"
DEAL_RECORD = "TJ-10.2"
TURN_RECORD = "TJ-10.3"
OUTCOME_RECORD = "TJ-10.5"
MISSING_DATA = "TJ-10.7"
