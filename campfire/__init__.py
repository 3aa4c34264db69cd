"""The `campfire` command line: the outermost shell that wires games, companion and printgen."""
