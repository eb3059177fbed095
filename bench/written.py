"""Player questions written for Mecatol from the rule texts (bench/data/written_questions.jsonl).

Four hundred and seven sets of 30 to 60 questions ("set" 13 to 419, the checks of bench/README.md), each written by a
helper who plays, reading only the shared rule texts, never our code or a search, and measured before
anyone read it: asked as players ask at the table (a scene first, typos, "pds", "ac"), labelled with the
pages and LRR rules that answer. Sets 32, 34 to 36, 52, 54, 56, 60, 61, 63, 65 to 67, 70 and 71 describe
the situation in plain words and never name the mechanic ("pull my ships out", "the cloudy tile"); 37,
48, 50, 57, 59, 80 and 81 are forum posts, a scene then the question; 38 and 49 are typed on a phone
mid-game; 39, 43, 45, 46, 47 and 53 are new players asking in everyday words; 40, forum posts on a
dispute; 41 and 42, whole posts over 1,100 characters, an evening's story that asks at its end; 44, forum
posts in the players' jargon; 51, rules threads naming the cards that interact; 55, a rules channel's mix
of searches, questions and scenes; 58, half plain-words scenes, half terse questions typed mid-game; 62
and 64, what a game word means ("does purge just mean discard?"); 68, 69, 72 and 73, forum questions that
name a card, faction or leader in passing while a general LRR rule decides; 74 and 75, an edge case
inside one topic, labelled with the lettered sub-rule that settles it; 76 and 77, replies in a rules
thread ("But can I ...", a quoted rule that is not the one that settles it); 78 and 79, timing and order
("who goes first", "is it too late to ..."); 82 and 83, a named card against a general rule, the card's
page labelled too where its text is part of the answer; 84 and 85, sums and counts worked out at the
table ("how many ... can this dock make"); 86 and 87, two general rules meeting with no card named; 88 and
89, players who learned the third edition or house rules and use old or wrong names ("command counters");
90 and 91, what a player types into a search box (one to six words); 92 and 93, movement and position
told in map terms; 94 and 95, forum posts cut to fragments joined by " ... "; 96 and 97, follow-ups in a
thread, typed without the post above ("But can I choose not to fire them?"); 98 and 99, players writing
in English as a second language; 100 and 101, units and technologies by their short or upgraded names
("carrier 2", "AFB") where a general rule decides; 102 and 103, table disputes ("my friend says X, I say
Y"); 104 and 105, messages in a Discord rules channel (@mentions, emoji codes); 106 and 107, players hunting
for loopholes ("what stops me from ..."); 108 and 109, a host teaching new players; 110 and 111, a
half-remembered or paraphrased rule; 112 and 113, the player on the receiving end ("he just moved in, can
I ..."); 114 and 115, questions dictated to a phone; 116 and 117, the difference between two things that get
mixed up; 118 and 119, a game already played looked back on; 120 and 121, the order of steps and phases;
122 and 123, clipped questions of a few words; 124 and 125, a spectator of a stream or a game asking about
what they saw; 126 and 127, a player planning the next turns; 128 and 129, a player's own reading put up
for confirmation ("just to confirm ..."), right or wrong; 130 and 131, a card's or rule's wording quoted
and weighed word by word; 132 and 133, slangy, very informal players; 134 and 135, players told no who
look for a way round; 136 and 137, an asynchronous game played over Discord with a bot; 138 and 139,
"what happens if ..." edge states; 140 and 141, one line of a group's cheat sheet checked; 142 and 143,
players coming from another big strategy game who compare; 144 and 145, forum thread titles alone; 146 and
147, quiz questions ("true or false: ..."); 148 and 149, players hoping for a yes; 150 and 151, the number
of players or the seats in the frame; 152 and 153, negations; 154 and 155, pieces named by how they look
("the little plastic ring"); 156 and 157, a practice game played alone; 158 and 159, two questions in one
message; 160 and 161, the last rounds with the win at stake; 162 and 163, questions typed to a chatbot;
164 and 165, a follow-up built on a wrong premise; 166 and 167, "how does X work" with the detail that
matters inside; 168 and 169, why a rule is as it is; 170 and 171, "always", "never", "every time" put up for
checking; 172 and 173, a rule vented about, the question inside the rant; 174 and 175, formal ruling requests
to a tournament judge; 176 and 177, a player speaking from their faction's seat where a general rule
decides; 178 and 179, a group's first game round, from setup to the first status phase; 180 and 181, a step
or timing forgotten and noticed later ("we forgot to ..."); 182 and 183, the board laid out in shorthand, then
the question; 184 and 185, two texts that seem to disagree (the Learn to Play booklet, a card, a video
against the Rules Reference); 186 and 187, a rule quoted or paraphrased, sometimes with the wrong number,
and asked about the player's own case; 188 and 189, a component in hand ("what is this token for"); 190
and 191, a turn narrated step by step, then "did I do it right?"; 192 and 193, caps, maximums and running
out; 194 and 195, what an expansion, a Codex or a later rules version changed; 196 and 197, must I or may
I; 198 and 199, either/or questions offering two answers; 200 and 201, who owns, chooses or gets something;
202 and 203, a request for the rule that says so; 204 and 205, what happens to a player's things after a
loss; 206 and 207, what a digital table (the Tabletop Simulator mod, an app) did against the rule; 208 and
209, odds and dice; 210 and 211, "does X count as Y?"; 212 and 213, "is it legal to ...", a plan checked; 214 and
215, doing something twice or again; 216 and 217, a named planet or system as the scene; 218 and 219, how long an
effect lasts; 220 and 221, a combo planned; 222 and 223, stopping or answering an opponent; 224 and 225, what is
left over or unused; 226 and 227, out of turn; 228 and 229, how-to questions; 230 and 231, quick calls to a
tournament judge; 232 and 233, analogies from one rule to another; 234 and 235, where a token, card or unit goes;
236 and 237, "why can't I?" after a no; 238 and 239, three or more players in the scene; 240 and 241, cards named
by what they do; 242 and 243, a wrong picture of rounds, phases and turns; 244 and 245, a player teaching
a newcomer; 246 and 247, "is there ever a case where ..."; 248 and 249, a number worked out for a scene;
250 and 251, which of two things comes first; 252 and 253, nothing there (no units left, an empty deck,
zero votes); 254 and 255, search-box queries of two to six words; 256 and 257, shorthand and typos typed on
a phone; 258 and 259, loopholes; 260 and 261, "what happens if ..." after one event; 262 and 263, a belief
with its reason, half of them wrong; 264 and 265, what a game word means; 266 and 267, last night's
disputed call; 268 and 269, what one unit type can do; 270 and 271, the question after a long preamble; 272
and 273, two things players confuse; 274 and 275, English as a second language with literal translations;
276 and 277, habits from other games; 278 and 279, extreme cases; 280 and 281, a statement with a question
mark; 282 and 283, a strategy question a rule decides; 284 and 285, a number misremembered; 286 and 287,
a claim heard second-hand; 288 and 289, first-game basics; 290 and 291, the edges of a phase or step; 292 and 293, undo and take-backs;
294 and 295, hidden and public information; 296 and 297, deals and promises; 298 and 299, ties and
tiebreakers; 300 and 301, prerequisites; 302 and 303, short of means; 304 and 305, a board state
explained backwards; 306 and 307, two things at once; 308 and 309, thresholds; 310 and 311, the scope of
an effect; 312 and 313, automatic or declared; 314 and 315, a message laid out as a list; 316 and 317, the
opponent's questionable move; 318 and 319, before and after a change of state; 320 and 321, one rule
across unit types; 322 and 323, numbers and symbols on components; 324 and 325, speeding up play; 326 and
327, consent and permission; 328 and 329, "why him and not me"; 330 and 331, self-corrections; 332 and
333, setup and the first minutes; 334 and 335, "technically"; 336 and 337, where a piece is; 338 and 339,
chains of consequences; 340 and 341, vague quantities; 342 and 343, stacking; 344 and 345, a risk check
before a move; 346 and 347, what resets and what stays; 348 and 349, run-on messages; 350 and 351, what
the other side gets or loses; 352 and 353, who it applies to; 354 and 355, the exception's exception;
356 and 357, a named unit where a general rule decides; 358 and 359, one moment inside a combat; 360 and
361, paying and spending; 362 and 363, planets in a scene; 364 and 365, a player far behind; 366 and 367,
agenda phase table talk; 368 and 369, the wrong topic guessed first; 370 and 371, short follow-ups with a
number; 372 and 373, the map told by tiles; 374 and 375, leaders; 376 and 377, exploration and relics; 378
and 379, promissory notes between two factions; 380 and 381, the edges of a turn or round; 382 and 383, a
rule read aloud in paraphrase; 384 and 385, ground forces on planets; 386 and 387, space against planet;
388 and 389, a forum post with the player's own guess; 390 and 391, search-box words; 392 and 393, a
dispute at the table; 394 and 395, a named card where a general rule decides; 396 and 397, combat dice and
hits; 398 and 399, a new player's plain words; 400 and 401, Prophecy of Kings additions meeting an older
rule; 402 and 403, "can I" moves, transport and activation on the map; 404 and 405, a card's wording
paraphrased, a general rule deciding; 406 and 407, an old forum post with two or three questions; 408 and
409, which happens first; 410 and 411, counting and limits with the numbers given; 412 and 413, words from
other games or everyday speech; 414 and 415, the difference between two terms; 416 and 417, English as a
second language; 418 and 419, last night's game, was it done right.
The leave-one-out questions are the corpus's own (wiki FAQs, open questions), mostly about one card and asked
in a writer's words; these are the other half of the picture. Sets 13 to 18, 29 to 31, 34, 35, 42, 43, 46, 48,
50, 53, 54, 56, 59, 61, 62, 65, 66, 68, 70 and every even set from 72 to 418 are the train part, fitted on
beside the leave-one-out train part (and alone by bench/fit_adapter.py); the other 207 are held out.
"""
from __future__ import annotations

import json
from pathlib import Path

import loo  # bench/loo.py, beside this file
from ingest.slugs import page_slug

WRITTEN = Path(__file__).resolve().parent / "data" / "written_questions.jsonl"


def questions(corpus, which: str | None = None, path: Path = WRITTEN) -> list[dict]:
    """The written questions of one part ("train", "held-out"; None: both) in the leave-one-out
    questions' shape: nothing is left out, the first expected page is the home."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        asked = json.loads(line)
        if which and asked["part"] != which:
            continue
        pages = [page_slug(name) for name in asked["expected_topics"]]
        home = {pages[0]}
        rules = [r for r in asked["expected_rules"] if r in corpus.by_id]
        found.append({"id": f"written.{asked['set']}.{number}", "set": asked["set"], "kind": "written",
                      "part": asked["part"], "q": asked["q"], "pages": set(pages), "home": home, "rules": rules,
                      "exclude": frozenset(), "stratum": loo.stratum(corpus, home),
                      "named": loo.names_its_own(corpus, asked["q"], home, rules)})
    return found
