"""Slugs: how tirules page names and titles become stable topic slugs."""
from __future__ import annotations

import re
import unicodedata
from urllib.parse import urlsplit

# tirules page-name prefix -> slug family (R_ pages are the bare rules topics).
_FAMILIES = {"R": "", "F": "factions/", "C": "cards/"}
_PAGE = re.compile(r"^(?P<prefix>[RFC])_(?P<name>[a-z0-9_]+?)(?:\.php)?$")


def slugify(value: str) -> str:
    """Lower-case ASCII words joined by hyphens ("Anti–Fighter Barrage" -> anti-fighter-barrage)."""
    value = unicodedata.normalize("NFKD", value).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", value.lower()).strip("-")


def page_slug(page_name: str) -> str | None:
    """Topic slug for a tirules page name: R_space_cannon -> space-cannon."""
    match = _PAGE.match(page_name)
    if not match:
        return None
    return _FAMILIES[match["prefix"]] + match["name"].replace("_", "-")


def slug_for_link(href: str) -> str | None:
    """Topic slug for a link to a tirules page ("/R_pds", "R_mechs", full URL)."""
    if not href:
        return None
    parts = urlsplit(href)
    if parts.netloc and "tirules" not in parts.netloc:
        return None
    name = parts.path.rstrip("/").rsplit("/", 1)[-1]
    slug = page_slug(name)
    if slug is None:
        return None
    return slug + (f"#{parts.fragment}" if parts.fragment else "")
