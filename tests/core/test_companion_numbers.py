"""core/companion.whole_number: the one check of a number a companion session is
given (each game's session had its own copy): a whole number within both ends,
never a bool or a float, refused with the field's name in the table's language."""

from __future__ import annotations

import pytest

from reclaimdesk.core import i18n
from reclaimdesk.core.companion import CompanionError, whole_number


@pytest.mark.parametrize("value", [1, 4, 6])
def test_a_whole_number_within_the_ends_is_kept(value) -> None:
    assert whole_number(value, 1, 6, "players") == value


@pytest.mark.parametrize("value", [0, 7, -1, True, False, 3.0, "3", None, [3]])
def test_anything_else_is_refused_naming_the_field(value) -> None:
    with pytest.raises(CompanionError) as info:
        whole_number(value, 1, 6, "players")
    assert str(info.value) == "players must be a whole number from 1 to 6"


def test_the_refusal_speaks_the_tables_language() -> None:
    try:
        i18n.set_language("ja")
        with pytest.raises(CompanionError) as info:
            whole_number(9, 1, 6, "プレイヤー数")
        assert str(info.value) == "プレイヤー数は1～6の整数で入力してください"
    finally:
        i18n.set_language("en")
