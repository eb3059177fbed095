"""ingest.html5: pages parsed as a browser parses them, given as BeautifulSoup trees."""
from bs4 import Comment

from ingest.html5 import parse


def test_an_unclosed_li_or_p_ends_where_a_browser_ends_it():
    doc = parse("<ol><li>one<p>first<ul><li>inner</ul><li>two</ol>")
    items = doc.find("ol").find_all("li", recursive=False)
    assert [li.get_text() for li in items] == ["onefirstinner", "two"]
    assert [c.name for c in items[0].children if c.name] == ["p", "ul"]  # the list ends the p


def test_comments_keep_their_text_and_php_tags_become_comments():
    doc = parse('<?php include "prefix.php"?>\n<header>Title</header><!--  kept as written -->')
    comments = [c for c in doc.descendants if isinstance(c, Comment)]
    assert comments == ['?php include "prefix.php"?', "  kept as written "]
    assert doc.find("header").get_text() == "Title"


def test_attributes_as_bs4_gives_them():
    doc = parse('<ol class="lrr note" start=3 reversed><li>x</ol><p>a<br>b</p>')
    ol = doc.find("ol")
    assert ol["class"] == ["lrr", "note"] and ol["start"] == "3" and ol["reversed"] == ""
    assert str(doc.find("p")) == "<p>a<br/>b</p>"
