"""Layout workers: the faces the cache lacks, laid out in parallel, chunk by chunk.

Owns the worker processes, started early and warmed up (:mod:`~cardforge.render.workers.layout_workers`),
chunks of faces laid out as one document each (:mod:`~cardforge.render.workers.chunks`,
:mod:`~cardforge.render.workers.parallel_layout`) and faces sent to the workers while templates are
still rendering (:mod:`~cardforge.render.workers.early_layout`), and text fitted in the workers
(:mod:`~cardforge.render.workers.pooled_fits`). May import ``cache``, ``layout``,
``templating``, ``pdf``, :mod:`cardforge.proc` and the foundation."""
