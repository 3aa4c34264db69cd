"""The ReportLab print-and-play generator (docs/architecture.md)."""
