"""What the A Dog's Life panel tests share."""

from __future__ import annotations

from typing import Any

from companion_testkit import send


def carry_newspaper(app: Any, table_id: str, *before: dict[str, Any]) -> int:
    """Fifi (seat 0) starts her turn, does ``before`` and picks up a newspaper: the one
    item she carries then, and its address (taken at random), which is returned."""
    view = send(
        app,
        table_id,
        {"type": "start_turn", "seat": 0},
        *before,
        {"type": "pick_up", "seat": 0, "item": "newspaper"},
    )
    (address,) = [item.address for item in view.state.dogs[0].items]
    assert address is not None
    return address
