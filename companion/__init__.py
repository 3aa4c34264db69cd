"""The Flask table companion (see DESIGN.md)."""
