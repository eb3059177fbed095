"""HTML parsed as a browser does (the WHATWG HTML5 algorithm, by lexbor), given as a BeautifulSoup tree.

lexbor (through selectolax) builds the tree in C; we copy it into bs4 objects, which the
parsers walk. The copy is the tree html5lib would build, several times faster.
"""
from __future__ import annotations

from bs4 import BeautifulSoup, Comment, NavigableString, Tag
from selectolax.lexbor import LexborHTMLParser


def parse(text: str) -> BeautifulSoup:
    """The document tree of an HTML page: an unclosed li ends at the next li, a p at a list."""
    doc = BeautifulSoup("", "html.parser")  # an empty document to fill; its builder sorts out class lists
    _copy(doc, doc, LexborHTMLParser(text).root.parent)
    return doc


def _copy(doc: BeautifulSoup, parent: Tag, node) -> None:
    """Append copies of node's children to parent (elements, text, comments)."""
    child = node.child
    while child is not None:
        tag = child.tag
        if tag == "-text":
            parent.append(NavigableString(child.text_content))  # plain text, in <style> too (tirules_rules reads it)
        elif tag == "-comment":
            parent.append(Comment(child.html[4:-3]))  # "<!--…-->" (comment_content would strip it)
        elif tag is None and child.html.startswith("<?"):
            parent.append(Comment(child.html[1:-1]))  # "<?php …?>" is a comment in HTML5
        elif tag and not tag.startswith("-"):  # the doctype is left out: nothing reads it
            attrs = {name: "" if value is None else value for name, value in child.attributes.items()}
            element = Tag(doc, doc.builder, tag, attrs=attrs)
            parent.append(element)
            _copy(doc, element, child)
        child = child.next
