"""D2: a turn in the pound draws as many cards as the pound space the dog is on (1, 2, 3);
on the last space it is let out without a draw, its hunger set to 2."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.dogs_life.dog import (
    HUNGER_ON_RELEASE,
    POUND_RELEASE,
    DogState,
    pound_draws,
    pound_turn,
    to_pound,
)


def test_a_free_dog_draws_nothing() -> None:
    assert pound_draws(DogState("bruno")) == 0


@pytest.mark.parametrize("space", [1, 2, 3])
def test_each_pound_space_draws_its_number(space: int) -> None:
    assert pound_draws(replace(to_pound(DogState("bruno")), pound=space)) == space


def test_the_last_space_draws_nothing_and_lets_the_dog_out_hungry() -> None:
    caged = to_pound(DogState("bruno"))
    for _turn in range(1, POUND_RELEASE):
        caged = pound_turn(caged, escaped=False)
    assert caged.pound == POUND_RELEASE == 4
    assert pound_draws(caged) == 0
    assert HUNGER_ON_RELEASE == 2
