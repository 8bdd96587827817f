"""Reclaim's words as the table shows them: terrain, cost icons, maps and tiers.
The engine names them by identifiers (``forest``, ``wood``, ``river``); these
tables are marked for the catalogue and translated where they are shown, so a
change of language shows at the next redraw. Qt-free."""

from __future__ import annotations

from reclaimdesk.core.i18n import N_, _

TERRAIN = {
    "castle": N_("castle"),
    "forest": N_("forest"),
    "field": N_("field"),
    "mountain": N_("mountain"),
    "water": N_("water"),
    "grass": N_("grass"),
}
ICONS = {
    "wood": N_("wood"),
    "wheat": N_("wheat"),
    "stone": N_("stone"),
    "water": N_("water"),
}
MAPS = {
    "river": N_("River"),
    "lake": N_("Lake"),
}
TIER_NAMES = {80: N_("Bronze"), 90: N_("Silver"), 100: N_("Gold")}


def terrain_name(value: str) -> str:
    return _(TERRAIN[value]) if value in TERRAIN else value


def icon_name(value: str) -> str:
    return _(ICONS[value]) if value in ICONS else value


def icon_list(values) -> str:
    """Cost icons for a sentence: ``wood, stone``."""
    return _(", ").join(icon_name(str(v)) for v in values)


def map_name(map_id: str, fallback: str = "") -> str:
    """A map's name (the data's own name for a map these tables do not know)."""
    return _(MAPS[map_id]) if map_id in MAPS else (fallback or map_id)


def tier_name(tier: int) -> str:
    return _(TIER_NAMES[tier]) if tier in TIER_NAMES else str(tier)
