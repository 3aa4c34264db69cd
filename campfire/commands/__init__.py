"""One module per `campfire` subcommand; each exposes ``register(subparsers)``."""
