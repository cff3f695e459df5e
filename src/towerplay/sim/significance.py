"""The report's tests: a win rate against the even share (the score test, whose inversion is
the Wilson interval), Holm's correction across a table's cells, paired tests for sweeps
played on the same deals and Welch's otherwise, effect sizes, and the smallest difference
a sample can detect.

Every table of the report is one family: its cells' p-values are corrected together with
:func:`holm`, and a cell is *beyond noise* when its corrected p-value is under
:data:`ALPHA`. The smallest detectable difference is the one a two-sided test at the
table's strictest Holm threshold (``ALPHA / cells``) finds with :data:`POWER` (normal
approximation).

>>> [round(p, 3) for p in holm([0.01, 0.04, 0.03, 0.005])]
[0.03, 0.06, 0.06, 0.02]
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import Any

ALPHA = 0.05
POWER = 0.8
_NORMAL = NormalDist()


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values, in the order given (the k-th smallest is
    multiplied by ``m - k``, kept monotone and at most 1)."""
    m = len(pvalues)
    adjusted = [0.0] * m
    running = 0.0
    for k, i in enumerate(sorted(range(m), key=lambda i: pvalues[i])):
        running = max(running, min(1.0, (m - k) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def z_of(alpha: float) -> float:
    """The two-sided critical value of a normal test at ``alpha``."""
    return _NORMAL.inv_cdf(1 - alpha / 2)


def rate_p(wins: float, games: int, expected: float) -> float:
    """Two-sided p-value of the score test of a rate against ``expected`` (the test the
    Wilson interval inverts: p < 0.05 exactly when the 95% interval excludes it).

    >>> round(rate_p(60, 100, 0.5), 4)
    0.0455
    """
    if games <= 0 or not 0 < expected < 1:
        return 1.0
    z = (wins / games - expected) / math.sqrt(expected * (1 - expected) / games)
    return 2 * (1 - _NORMAL.cdf(abs(z)))


def detectable_rate(expected: float, games: int, alpha: float = ALPHA) -> float:
    """The smallest departure from ``expected`` a test at ``alpha`` finds with
    :data:`POWER`, in rate units (0.05 = five points).

    >>> round(detectable_rate(0.5, 800), 3)
    0.05
    """
    if games <= 0:
        return 1.0
    return (z_of(alpha) + _NORMAL.inv_cdf(POWER)) * math.sqrt(expected * (1 - expected) / games)


def adjust(cells: Sequence[dict[str, Any]], alpha: float = ALPHA) -> None:
    """Correct the ``p`` of a table's cells together (Holm): each gets ``p_holm``,
    ``beyond_noise`` and, where it tests a rate, ``detectable`` at the strictest
    threshold of the table."""
    adjusted = holm([cell["p"] for cell in cells])
    for cell, p in zip(cells, adjusted, strict=True):
        cell["p_holm"] = p
        cell["beyond_noise"] = p < alpha
        if "expected" in cell:
            cell["detectable"] = detectable_rate(cell["expected"], cell["games"],
                                                 alpha / len(cells))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _var(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = _mean(values)
    return sum((v - mean) ** 2 for v in values) / (n - 1)


def paired(before: Sequence[float], after: Sequence[float], cells: int = 1) -> dict[str, Any]:
    """``after`` against ``before``, game by game on the same deals: the paired t-test,
    the mean difference, its standardised size (d_z) and the smallest difference
    detectable at ``ALPHA / cells``.

    >>> test = paired([1, 2, 3, 4], [2, 3, 4, 5.5])
    >>> test["difference"], test["paired"], test["p"] < 0.05
    (1.125, True, True)
    """
    from scipy import stats

    diffs = [b - a for a, b in zip(before, after, strict=True)]
    sd = math.sqrt(_var(diffs))
    mean = _mean(diffs)
    if len(diffs) < 2:  # one game says nothing of the spread: nothing to test
        p = 1.0
    elif sd == 0:  # the same game every time: no spread to test against
        p = 1.0 if mean == 0 else 0.0
    else:
        p = _finite_p(stats.ttest_rel(after, before).pvalue)
    n = len(diffs)
    return {"paired": True, "difference": mean, "p": p,
            "effect_size": mean / sd if sd else None,
            "detectable": detectable_mean(sd, n, cells)}


def unpaired(before: Sequence[float], after: Sequence[float], cells: int = 1) -> dict[str, Any]:
    """``after`` against ``before`` on different deals: Welch's t-test, the difference of
    the means, Cohen's d (pooled sd) and the smallest detectable difference."""
    from scipy import stats

    va, vb = _var(before), _var(after)
    na, nb = len(before), len(after)
    mean = _mean(after) - _mean(before)
    if na < 2 or nb < 2:  # a side of one value has no spread to test against
        p = 1.0
    elif va == 0 and vb == 0:
        p = 1.0 if mean == 0 else 0.0
    else:
        p = _finite_p(stats.ttest_ind(after, before, equal_var=False).pvalue)
    pooled = math.sqrt(((na - 1) * va + (nb - 1) * vb) / max(1, na + nb - 2))
    spread = math.sqrt(va / na + vb / nb) if na and nb else 0.0
    return {"paired": False, "difference": mean, "p": p,
            "effect_size": mean / pooled if pooled else None,
            "detectable": _power_z(cells) * spread}


def detectable_mean(sd: float, n: int, cells: int = 1) -> float | None:
    """The smallest mean difference (of ``n`` values of spread ``sd``: paired differences)
    a two-sided test at ``ALPHA / cells`` finds with :data:`POWER`; None without values.

    >>> round(detectable_mean(1.0, 100), 3)
    0.28
    """
    return _power_z(cells) * sd / math.sqrt(n) if n else None


def _finite_p(p: float) -> float:
    """A test's p-value, 1 where there is too little data to test (NaN)."""
    return float(p) if math.isfinite(p) else 1.0


def _power_z(cells: int) -> float:
    return z_of(ALPHA / max(1, cells)) + _NORMAL.inv_cdf(POWER)
