"""The contract every game keeps, as checks any game can run: ``python -m towerplay.testing
GAME`` runs them against a registered game (one of the project's or one installed from
outside), the way PettingZoo's ``api_test`` checks an environment; the project's own tests
call the same functions over every registered game.

Each check plays seeded random games and raises :class:`ContractError` (an
``AssertionError``) naming what broke:

- :func:`check_rules`: the rules contract (legal actions, notation and ids that round-trip,
  masks, copies, refusals that change nothing, the end and its scores);
- :func:`check_hidden`: hidden information (a seat's view, log and observation are the
  same in every state it cannot tell apart; hidden parts are really re-dealt);
- :func:`check_determinize`: a determinization is a full, valid position that plays on;
- :func:`check_records`: a record replays to the same position, and bad ones are refused;
- :func:`check_words`, :func:`check_events_worded`: the game's words in English, Polish
  and Hungarian;
- :func:`check_board`: a board for every view.

>>> from towerplay import games
>>> check_rules(games.load("castle"), players=2, seed=1)
>>> [check.title for check in CHECKS]  # doctest: +NORMALIZE_WHITESPACE
['rules contract', 'hidden information', 'determinize', 'records round trip',
 'words in three languages', 'a board for every view']
"""
from towerplay.testing.checks import (
    CHECKS,
    GARBAGE,
    Case,
    Check,
    ContractError,
    cases,
    check_bad_options,
    check_bad_records,
    check_board,
    check_determinize,
    check_events_worded,
    check_hidden,
    check_legal,
    check_records,
    check_rules,
    check_words,
    near_misses,
    random_states,
)
from towerplay.testing.runner import Outcome, run

__all__ = ["CHECKS", "GARBAGE", "Case", "Check", "ContractError", "Outcome", "cases",
           "check_bad_options", "check_bad_records", "check_board", "check_determinize",
           "check_events_worded", "check_hidden", "check_legal", "check_records",
           "check_rules", "check_words", "near_misses", "random_states", "run"]
