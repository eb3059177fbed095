"""A question pasted from a forum post is read whole: its asking sentence often comes last (issue 8)."""
from __future__ import annotations

# In our own words: a scene of three hundred characters, then what is asked.
SCENE = ("Last night my friend and I had a long argument during our game. He moved his dreadnought and two "
         "cruisers into a system next to my home, where I had a carrier with two fighters and a destroyer. We "
         "fought the space combat over three rounds and he lost everything, while I only lost my old destroyer "
         "there. ")
ASKED = "Then, when the combat was over, he wanted to look at my secret objectives. Does he get to see them?"


def test_the_asking_sentence_after_the_scene_is_read(default_corpus):
    assert len(SCENE) >= 300  # cut there, the question would be about the combat alone
    assert default_corpus.search(SCENE[:300], limit=3).hits[0].topic == "space-combat"
    assert default_corpus.search(SCENE + ASKED, limit=3).hits[0].topic == "objective-cards"


def test_the_api_reads_it_whole_too(default_client):
    body = default_client.get("/api/search", query_string={"q": SCENE + ASKED}).get_json()
    assert body["query"].endswith("see them?") and body["results"][0]["topic"] == "objective-cards"
