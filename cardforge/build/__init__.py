"""Build state: what a build depends on, what it made, and cache entries that prove themselves.

Owns the fingerprints of the code, libraries, fonts and environment a result depends on
(:mod:`~cardforge.build.build_fingerprint`, the code half of every cache key), the build manifest
that lets an unchanged game be skipped (:mod:`~cardforge.build.build_manifest`) and sealed cache
entries checked before use (:mod:`~cardforge.build.cache_entries`). May import
:mod:`cardforge.boundary`, :mod:`cardforge.errors`, :mod:`cardforge.problem` and the package
version."""
