"""Gaussian elimination for the small linear systems that Duranium Armor's repairs create."""
from __future__ import annotations

from ..errors import ResolveError


def gauss(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Solve matrix x = rhs by elimination with partial pivoting."""
    n = len(matrix)
    rows = [row[:] + [b] for row, b in zip(matrix, rhs)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-14:
            raise ResolveError("attacker", "these units can never finish the combat (every round undoes its hits)")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for row in range(col + 1, n):
            factor = rows[row][col] / rows[col][col]
            if factor:
                rows[row] = [a - factor * b for a, b in zip(rows[row], rows[col])]
    out = [0.0] * n
    for row in reversed(range(n)):
        acc = rows[row][n] - sum(rows[row][c] * out[c] for c in range(row + 1, n))
        out[row] = acc / rows[row][row]
    return out
