"""`python -m referee` is the `referee` command (same name, same completion)."""

from .console import main

main()
