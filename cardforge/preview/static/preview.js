// cardforge preview: follow the server's updates (server-sent events) and swap the view in
// place. Image URLs carry content keys, so only faces that changed are fetched again; a
// card whose figure is unchanged keeps its very element (its image is not even redrawn).
(function () {
  "use strict";
  let version = Number(document.body.dataset.version || 0);
  let shown = version;
  const status = document.getElementById("status");

  function swap(html) {
    const fresh = document.createElement("div");
    fresh.innerHTML = html;
    fresh.querySelectorAll("figure[id]").forEach(function (figure) {
      const old = document.getElementById(figure.id);
      if (old && old.outerHTML === figure.outerHTML) { figure.replaceWith(old); }
    });
    document.getElementById("view").replaceChildren(...fresh.childNodes);
  }

  async function refresh() {
    const response = await fetch("/part" + window.location.search, {cache: "no-store"});
    const served = Number(response.headers.get("X-Preview-Version") || 0);
    if (!response.ok || served <= shown) { return; }
    const html = await response.text();
    if (served <= shown) { return; }
    shown = served;
    swap(html);
    document.body.dataset.version = String(served);
    status.textContent = "updated (version " + served + ")";
  }

  const events = new EventSource("/events?after=" + version);
  events.addEventListener("update", function (event) {
    const update = JSON.parse(event.data);
    if (update.version <= version) { return; }
    version = update.version;
    refresh();
  });
  events.onerror = function () { status.textContent = "reconnecting…"; };
  events.onopen = function () { status.textContent = "live"; };
}());
