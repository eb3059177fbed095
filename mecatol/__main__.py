"""`python -m mecatol` runs the CLI."""
from mecatol.cli import main

main()
