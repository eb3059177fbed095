"""Bytes to text for every parser: UTF-8 (with or without BOM), else cp1252."""
from __future__ import annotations


def decode(data: bytes) -> str:
    """Decode page bytes; tolerate a BOM and legacy Windows encodings."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")
