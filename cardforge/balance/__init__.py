"""Cost curves: a deck's costs fitted against its cards' power (CF011).

Owns the fit (:mod:`~cardforge.balance.cost_curve`), the features of a ``balance:`` entry
(:mod:`~cardforge.balance.curve_features`) and the least squares behind it
(:mod:`~cardforge.balance.least_squares`, numpy). May import :mod:`cardforge.model`,
:mod:`cardforge.cel` and :mod:`cardforge.loading`."""
