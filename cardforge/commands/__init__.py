"""One module per subcommand; each ``run(...)`` reads top to bottom like a recipe."""
