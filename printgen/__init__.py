"""The ReportLab print-and-play generator (see DESIGN.md)."""
