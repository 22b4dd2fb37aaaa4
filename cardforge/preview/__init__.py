"""``cardforge preview``: a local web page showing every card face as it will print, kept
up to date while the workspace is edited.

``views`` holds the shapes the page shows (plain dataclasses); ``images`` turns cached face
PDFs and product pages into PNGs served by content key; ``faces`` and ``products`` make the
views of one game; ``rebuild`` re-loads, re-renders and re-lints what changed; ``state``
publishes each new snapshot to the waiting page streams; ``watcher`` follows the workspace
(watchfiles); ``page`` renders the HTML (Jinja2, autoescaped); ``server`` serves it on the
loopback interface only. Sits between ``commands`` and ``products`` in the layers.
"""
