"""Least squares for cost curves (:mod:`cardforge.balance.cost_curve`): the design matrix, the fit
and one judging pass. Costs, weights and residuals are in cost points; a weight is cost
points per unit of its column."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from cardforge.balance.curve_features import Tolerance

LEVERAGE_LIMIT = 1 - 1e-9
"""A card whose leverage reaches this has a feature no other card has: it cannot be judged."""


@dataclass(frozen=True)
class Fit:
    """A least-squares fit: ``intercept`` plus ``weights`` (column name → cost points per
    unit) over the kept ``columns``; ``r2`` the share of the cost's variance it explains
    (None when every cost is the same); ``n`` cards, ``p`` fitted numbers (intercept
    included); ``dropped`` the columns left out (constant, or a combination of earlier ones)."""

    columns: tuple[str, ...]
    weights: dict[str, float]
    intercept: float
    r2: float | None
    n: int
    p: int
    dropped: tuple[str, ...] = ()

    def formula(self, places: int = 2) -> str:
        """``0.52 + 0.49·attack − 0.21·defence``: the fit as a sum, weights rounded."""
        text = f"{round(self.intercept, places) + 0.0:.{places}f}"  # + 0.0: never "-0.00"
        for name in self.columns:
            weight = round(self.weights[name], places) + 0.0  # the sign of what is printed
            text += f" {'−' if weight < 0 else '+'} {abs(weight):.{places}f}·{name}"
        return text

    def summary(self) -> str:
        """``fit: <formula>; R² 0.93`` (``R² –`` when the costs do not vary)."""
        r2 = "–" if self.r2 is None else f"{self.r2:.2f}"
        return f"fit: {self.formula()}; R² {r2}"


class Pass:
    """One judging pass: the fit over the cards ``rows`` (indices into x and y), each card's
    leverage, deleted residual ``d`` and ``spread`` (the residual standard deviation of the
    fit without it), and which are ``out`` of line. ``d`` is None when the cards are too few
    to judge. ``x`` must have full column rank over ``rows`` (:func:`design` makes it so,
    and leaving out a card of leverage below 1 keeps it so)."""

    def __init__(self, x: np.ndarray, y: np.ndarray, rows: np.ndarray, kept: list[str],
                 dropped: tuple[str, ...], tolerance: Tolerance, slack: float) -> None:
        self.rows, self.tolerance, self.y, self.x = rows, tolerance, y[rows], x[rows]
        self.fit, self.leverage, residuals = solve(self.x, self.y, kept, dropped)
        self.residuals, self.names = residuals, (kept, dropped)
        self.d: np.ndarray | None = None
        if self.fit.n - self.fit.p - 1 < 1:
            return
        judged = self.leverage < LEVERAGE_LIMIT
        self.d = np.where(judged, residuals / np.where(judged, 1 - self.leverage, 1.0), np.nan)
        sse = float(residuals @ residuals)
        spread = np.sqrt(np.maximum(sse - residuals * np.nan_to_num(self.d), 0.0)
                         / (self.fit.n - self.fit.p - 1))
        self.spread = np.where(judged, spread, np.nan)
        size = np.abs(np.nan_to_num(self.d))
        self.out = judged & (size > tolerance.points + slack) & \
            (size > tolerance.deviations * np.nan_to_num(self.spread) + slack)

    def at(self, i: int) -> int:
        """The position of card ``i`` in this pass."""
        return int(np.searchsorted(self.rows, i))

    def without(self, i: int) -> Fit:
        """The fit of this pass's cards but card ``i``, by a rank-one downdate (no refit):
        ``b − (XᵀX)⁻¹ xᵢ eᵢ / (1 − hᵢ)``."""
        k = self.at(i)
        e, h = float(self.residuals[k]), float(self.leverage[k])
        coefficients = np.array([self.fit.intercept, *self.fit.weights.values()])
        coefficients = coefficients - np.linalg.pinv(self.x.T @ self.x) @ self.x[k] * (e / (1 - h))
        sse = float(self.residuals @ self.residuals) - e * e / (1 - h)
        return make_fit(coefficients, np.delete(self.y, k), sse, *self.names)

    def excess(self, i: int) -> float:
        """How many times its larger tolerance card ``i`` is off."""
        k = self.at(i)
        allowed = max(self.tolerance.points, self.tolerance.deviations * float(self.spread[k]), 1e-12)
        return abs(float(self.d[k])) / allowed


def design(matrix: np.ndarray, names: list[str]) -> tuple[np.ndarray, list[str]]:
    """The design matrix (n × p: a column of ones, then each column of ``matrix``, n cards ×
    len(names), that is not a combination of the ones before it: Gram-Schmidt, twice) and
    the kept column names."""
    n = matrix.shape[0]
    basis = np.ones((n, 1)) / math.sqrt(n)
    columns, kept = [np.ones(n)], []
    for j, name in enumerate(names):
        v = matrix[:, j].astype(float)
        norm = float(np.linalg.norm(v))
        for _ in range(2):
            v = v - basis @ (basis.T @ v)
        if norm > 0 and float(np.linalg.norm(v)) > 1e-9 * norm:
            basis = np.column_stack([basis, v / np.linalg.norm(v)])
            columns.append(matrix[:, j].astype(float))
            kept.append(name)
    return np.column_stack(columns), kept


def solve(x: np.ndarray, y: np.ndarray, kept: list[str],
           dropped: tuple[str, ...]) -> tuple[Fit, np.ndarray, np.ndarray]:
    """The :class:`Fit` of ``y`` (n costs) on ``x`` (n × p, intercept first), each card's
    leverage (the diagonal of the hat matrix) and its residual."""
    coefficients, *_ = np.linalg.lstsq(x, y, rcond=None)
    q, _ = np.linalg.qr(x)
    leverage = np.einsum("ij,ij->i", q, q)
    residuals = y - x @ coefficients
    return make_fit(coefficients, y, float(residuals @ residuals), kept, dropped), leverage, residuals


def make_fit(coefficients: np.ndarray, y: np.ndarray, sse: float, kept: list[str],
             dropped: tuple[str, ...]) -> Fit:
    """The :class:`Fit` with ``coefficients`` (intercept first) over costs ``y`` whose
    residuals' squares add up to ``sse``."""
    coefficients = np.where(np.abs(coefficients) < 1e-10, 0.0, coefficients)  # not -0.00
    total = float(((y - y.mean()) ** 2).sum())
    r2 = None if total <= 1e-12 * max(1.0, float(y @ y)) else 1 - sse / total
    return Fit(tuple(kept), {name: float(w) for name, w in zip(kept, coefficients[1:], strict=True)},
               float(coefficients[0]), r2, len(y), len(coefficients), dropped)
