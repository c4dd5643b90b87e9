"""The referee core every game plugs into: the `State` protocol (state.py),
the one driver loop and the replay `show`, `replay` and `check` share
(driver.py), and the game registry (registry.py). No module here names a
game; a test greps for that."""
