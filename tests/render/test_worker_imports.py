"""What a layout worker imports before its first face: the chunk code (render/workers/chunks.py)
and the layout it calls, not the templates nor the game model, which the build's own
process uses (a worker imports them on the first face of a one-card edit, while the build
waits for that face)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
NOT_IN_A_WORKER = ("cardforge.model.game_model", "cardforge.render.templating.template_env",
                   "cardforge.render.layout.deck_underlays", "cardforge.loading.yaml_source")


def test_the_chunk_code_imports_no_templates_nor_game_model():
    probe = ("import json, sys; import cardforge.render.workers.chunks; "
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith('cardforge.'))))")
    done = subprocess.run([sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True,
                          check=True)
    imported = set(json.loads(done.stdout))
    assert "cardforge.render.layout.underlays" in imported  # the markup the worker reads
    assert imported.isdisjoint(NOT_IN_A_WORKER)
