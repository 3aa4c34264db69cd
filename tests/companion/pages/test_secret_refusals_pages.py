"""The secret-equivalence check of test_secret_refusals.py through the page forms (issue 27,
F1 and F2): every change a panel form or the generic adjust makes, and the page undo, with
and without htmx, from a phone without the secret's seat. A slow module (conftest.py):
each answer is a rendered panel or page."""

from __future__ import annotations

from secret_pairs import no_answer_tells_a_secret, same_chance

__all__ = ["same_chance"]  # the fixture: one seed for every draw

test_no_page_answer_tells_a_secret_to_a_phone_without_its_seat = no_answer_tells_a_secret(
    forms=True
)
