"""Bar charts the resolver's answers show, as SVG geometry for the templates (no chart code in JavaScript)."""
from __future__ import annotations

from corpus.resolve.steps import pct  # one way to print a probability, in the steps and the charts

BAR, GAP, PLOT, TOP, FOOT = 36, 8, 100, 18, 20


def bars(values: list[tuple[str, float]], bar: int = BAR, name=lambda label: label) -> dict:
    """Bars for labelled probabilities: x, y, height in SVG units, labels, percentages, a description."""
    peak = max((p for _, p in values), default=0) or 1
    out = []
    for i, (label, p) in enumerate(values):
        height = round(PLOT * p / peak, 1) if p else 0
        out.append({"label": label, "pct": pct(p), "x": GAP + i * (bar + GAP), "y": round(TOP + PLOT - height, 1),
                    "height": height, "mid": GAP + i * (bar + GAP) + bar // 2})
    desc = "; ".join(f"{name(label)}: {pct(p)}" for label, p in values) + "."
    return {"bars": out, "width": GAP + len(out) * (bar + GAP), "height": TOP + PLOT + FOOT, "bar": bar,
            "base": TOP + PLOT, "desc": desc}


def hits_chart(distribution: list[float]) -> dict:
    """Bars for P(k hits); long tails that round to 0% are cut."""
    shown = range(len(distribution))
    if len(distribution) > 25:  # keep the hit counts that can happen
        likely = [k for k, p in enumerate(distribution) if p >= 0.0005]
        shown = range(likely[0], likely[-1] + 1)
    chart = bars([(str(k), distribution[k]) for k in shown], name=lambda k: f"{k} {'hit' if k == '1' else 'hits'}")
    if len(shown) < len(distribution):
        chart["desc"] += " Hit counts under 0.05% are left out."
    return chart


def num(x: float) -> str:
    """A number with at most three decimals: 1.2 -> "1.2"."""
    return f"{x:.3f}".rstrip("0").rstrip(".") or "0"
