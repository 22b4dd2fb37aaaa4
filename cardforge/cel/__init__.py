"""Expressions written in game.yaml, in CEL (Common Expression Language).

Owns compiling and evaluating an expression under a work budget
(:mod:`~cardforge.cel.cel_expressions`) and cel-python's parser loaded from tables shipped with
cardforge (:mod:`~cardforge.cel.cel_grammar`, with ``cel_parser.json``). Imports no other
cardforge package."""
