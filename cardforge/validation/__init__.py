"""JSON Schema validation: which schema checks which file, and its errors as located Problems.

Owns validation turned into Problems (:mod:`~cardforge.validation.schema_validate`), jsonschema-rs
as a fast first check (:mod:`~cardforge.validation.fast_schema`), every schema by name
(:mod:`~cardforge.validation.schema_registry`), a workspace game's card schema made from its
``fields:`` (:mod:`~cardforge.validation.field_schema`) and the schema of each game's card files
(:mod:`~cardforge.validation.game_schemas`). May import :mod:`cardforge.model`,
:mod:`cardforge.dice`, :mod:`cardforge.loading`, :mod:`cardforge.boundary` and the root's shapes."""
