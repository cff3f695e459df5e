"""The report's tests (towerplay.sim.significance) against values worked out by hand and by
SciPy: the score test and its Wilson interval, Holm's correction, the paired and Welch
t-tests with their effect sizes, and the smallest detectable differences."""
from __future__ import annotations

import math

import pytest
from scipy import stats

from towerplay.sim.ladder import wilson
from towerplay.sim.significance import (
    adjust,
    detectable_rate,
    holm,
    paired,
    rate_p,
    unpaired,
    z_of,
)

Z80 = 0.8416212335729143  # the normal quantile of 80% power


def test_the_score_test_by_hand_and_its_agreement_with_the_wilson_interval() -> None:
    # 60 of 100 against 0.5: z = 0.1 / sqrt(0.25 / 100) = 2
    assert rate_p(60, 100, 0.5) == pytest.approx(2 * stats.norm.sf(2.0))
    assert rate_p(25, 100, 0.25) == pytest.approx(1.0)
    for wins in range(35, 66):  # p < 0.05 exactly when the interval leaves 0.5 out
        low, high = wilson(wins, 100)
        assert (rate_p(wins, 100, 0.5) < 0.05) == (not low <= 0.5 <= high)
    assert rate_p(3, 0, 0.5) == 1.0 and rate_p(3, 10, 1.0) == 1.0  # nothing to test


def test_holm_by_hand() -> None:
    # sorted 0.01, 0.02, 0.03, 0.04 -> 4*0.01, 3*0.02, 2*0.03, 1*0.04, kept non-decreasing
    assert holm([0.03, 0.01, 0.04, 0.02]) == pytest.approx([0.06, 0.04, 0.06, 0.06])
    assert holm([0.2, 0.6, 0.01]) == pytest.approx([0.4, 0.6, 0.03])
    assert holm([]) == []


def test_adjust_marks_cells_by_their_corrected_p_and_the_tables_resolution() -> None:
    cells = [{"p": 0.02, "expected": 0.5, "games": 800},
             {"p": 0.03, "expected": 0.5, "games": 800}]
    adjust(cells)
    # 0.02 alone would be beyond noise; two cells make it 0.04 and 0.04 (< 0.05)
    assert [c["p_holm"] for c in cells] == pytest.approx([0.04, 0.04])
    assert all(c["beyond_noise"] for c in cells)
    three = [{"p": 0.02}, {"p": 0.03}, {"p": 0.5}]
    adjust(three)
    assert [c["beyond_noise"] for c in three] == [False, False, False]  # 0.06, 0.06, 0.5
    # resolution at the strictest threshold 0.05 / 2, by hand
    z = stats.norm.isf(0.025 / 2) + Z80
    assert cells[0]["detectable"] == pytest.approx(z * math.sqrt(0.25 / 800))


def test_the_paired_test_against_scipy_and_by_hand() -> None:
    before, after = [1, 2, 3, 4], [2, 3, 4, 5.5]  # differences 1, 1, 1, 1.5: sd 0.25
    test = paired(before, after)
    assert test["p"] == pytest.approx(stats.ttest_rel(after, before).pvalue)
    assert test["p"] == pytest.approx(2 * stats.t.sf(1.125 / (0.25 / 2), 3))  # t = 9
    assert test["difference"] == pytest.approx(1.125)
    assert test["effect_size"] == pytest.approx(4.5)  # d_z = 1.125 / 0.25
    assert test["detectable"] == pytest.approx((z_of(0.05) + Z80) * 0.25 / 2)
    # with three cells the resolution is judged at 0.05 / 3
    assert paired(before, after, cells=3)["detectable"] == pytest.approx(
        (stats.norm.isf(0.05 / 6) + Z80) * 0.25 / 2)
    same = paired([1, 2], [1, 2])
    assert (same["p"], same["effect_size"]) == (1.0, None)
    # one game: no spread is known, so nothing can be beyond noise (not a certain p = 0)
    assert paired([3.0], [7.0])["p"] == 1.0
    assert unpaired([3.0], [7.0, 8.0])["p"] == 1.0


def test_welchs_test_against_scipy_and_cohens_d_by_hand() -> None:
    before, after = [3.0, 4.0, 5.0, 6.0, 7.0], [5.0, 6.0, 8.0, 9.0]
    test = unpaired(before, after)
    assert not test["paired"]
    assert test["p"] == pytest.approx(
        stats.ttest_ind(after, before, equal_var=False).pvalue)
    # means 5 and 7; variances 2.5 and 10/3; pooled sd sqrt((4*2.5 + 3*10/3) / 7)
    pooled = math.sqrt((4 * 2.5 + 3 * 10 / 3) / 7)
    assert test["difference"] == pytest.approx(2.0)
    assert test["effect_size"] == pytest.approx(2.0 / pooled)
    assert test["detectable"] == pytest.approx(
        (z_of(0.05) + Z80) * math.sqrt(2.5 / 5 + (10 / 3) / 4))


def test_the_smallest_detectable_rate_by_hand() -> None:
    assert detectable_rate(0.5, 800) == pytest.approx(
        (1.959963984540054 + Z80) * math.sqrt(0.25 / 800))
    assert detectable_rate(0.2, 800, alpha=0.01) == pytest.approx(
        (stats.norm.isf(0.005) + Z80) * math.sqrt(0.16 / 800))
    assert detectable_rate(0.5, 0) == 1.0
