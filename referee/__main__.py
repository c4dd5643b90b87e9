"""`python -m referee` is the `referee` command."""

from .cli import main

main()
