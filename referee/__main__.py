"""`python -m referee` is the `referee` command (same name, same completion)."""

from .cli import main

main(prog_name="referee", complete_var="_REFEREE_COMPLETE")
