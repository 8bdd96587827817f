"""core/files.stamped_name: the one way a file kept for good (a finished game's
record, an ended table, a damaged autosave or session moved aside) gets its name:
the start, the second it was made, the end, and -2, -3... when that second's name
is taken."""

from __future__ import annotations

from datetime import datetime

from reclaimdesk.core.files import stamped_name

WHEN = datetime(2026, 11, 26, 9, 5, 7)


def test_names_of_one_second_are_numbered_from_two(tmp_path) -> None:
    names = []
    for _ in range(3):
        path = stamped_name(tmp_path, "claim", "-seed12", when=WHEN)
        path.write_text("{}", encoding="utf-8")
        names.append(path.name)
    assert names == ["claim-20261126-090507-seed12.json", "claim-20261126-090507-seed12-2.json",
                     "claim-20261126-090507-seed12-3.json"]


def test_without_an_end_and_in_another_second(tmp_path) -> None:
    first = stamped_name(tmp_path, "autosave-x.damaged", when=WHEN)
    assert first == tmp_path / "autosave-x.damaged-20261126-090507.json"
    first.write_text("{}", encoding="utf-8")
    later = stamped_name(tmp_path, "autosave-x.damaged", when=datetime(2026, 11, 26, 9, 5, 8))
    assert later.name == "autosave-x.damaged-20261126-090508.json"


def test_now_is_the_default(tmp_path) -> None:
    before = datetime.now().replace(microsecond=0)
    path = stamped_name(tmp_path, "t")
    after = datetime.now()
    made = datetime.strptime(path.name[len("t-"):-len(".json")], "%Y%m%d-%H%M%S")
    assert before <= made <= after and path.parent == tmp_path and not path.exists()
