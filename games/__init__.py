"""Pure rules and component catalogs, one package per game.

Standard library only: no Flask, no ReportLab, no database, no file I/O. The companion
(`companion/`) and the print generator (`printgen/`) both read these packages; nothing
here imports them.
"""

from games.errors import N_, RuleError, Term

__all__ = ["N_", "RuleError", "Term"]
