from shabgraph.cli import main

main()
