"""`python -m cli`: the `shabgraph` command without the console script."""

from cli.main import main

main()
