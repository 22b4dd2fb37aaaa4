// cardforge preview: follow the server's updates (server-sent events) and swap the view in
// place; a new face's image is swapped in as soon as the event names where it goes. Image
// URLs carry content keys, so only faces that changed are fetched again; a
// card whose figure is unchanged keeps its very element (its image is not even redrawn),
// and when no card, deck or section came or went only the changed elements are replaced.
(function () {
  "use strict";
  const PRELOADED = 24;  // new faces whose images are asked for at once (an edit changes a few)
  let version = Number(document.body.dataset.version || 0);
  let shown = version;
  const status = document.getElementById("status");

  // Whether `old` and `fresh` have the same shape: the same tags down to each element that
  // holds no element with an id (a card's figure, the problem list), the same count of
  // children on the way.
  function sameShape(old, fresh) {
    if (!fresh.querySelector("[id]")) { return !old.querySelector("[id]") && old.id === fresh.id; }
    if (old.tagName !== fresh.tagName || old.id !== fresh.id
        || old.children.length !== fresh.children.length) { return false; }
    const olds = old.children;
    return Array.from(fresh.children).every(function (child, i) { return sameShape(olds[i], child); });
  }

  // Bring `old` (of the same shape) to look like `fresh`: an element holding no element with
  // an id is replaced only if it differs, so one edited card changes one figure and the
  // rest of the page is neither rebuilt nor laid out again.
  function patch(old, fresh) {
    if (!fresh.querySelector("[id]")) {
      if (old.outerHTML !== fresh.outerHTML) { old.replaceWith(fresh); }
      return;
    }
    Array.from(old.attributes).forEach(function (a) {
      if (!fresh.hasAttribute(a.name)) { old.removeAttribute(a.name); }
    });
    Array.from(fresh.attributes).forEach(function (a) {
      if (old.getAttribute(a.name) !== a.value) { old.setAttribute(a.name, a.value); }
    });
    const olds = Array.from(old.children);
    Array.from(fresh.children).forEach(function (child, i) { patch(olds[i], child); });
  }

  function swap(html) {
    const fresh = document.createElement("main");
    fresh.id = "view";
    fresh.innerHTML = html;
    const view = document.getElementById("view");
    if (sameShape(view, fresh)) {
      patch(view, fresh);
      return;
    }
    // another shape (a deck or card added or removed, another tab): rebuild, keeping the
    // figures that did not change
    fresh.querySelectorAll("figure[id]").forEach(function (figure) {
      const old = document.getElementById(figure.id);
      if (old && old.outerHTML === figure.outerHTML) { figure.replaceWith(old); }
    });
    view.replaceChildren(...fresh.childNodes);
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

  const ATTRIBUTES = ["card", "card-back", "back"];  // the data-* attributes naming an image

  // Show each new face where the update says it goes, at once: the view fetched next brings
  // the rest (names, outlines, problems) and finds these images already in place.
  function place(places) {
    const cards = document.getElementById("cards");
    if (!cards) { return; }
    places.forEach(function (p) {
      if (p.game !== cards.dataset.game || p.lang !== cards.dataset.lang
          || ATTRIBUTES.indexOf(p.attr) < 0 || !/^[0-9a-f]{64}$/.test(p.key)) { return; }
      const img = cards.querySelector("img[data-" + p.attr + '="' + CSS.escape(p.owner) + '"]');
      if (img) { img.setAttribute("src", "/img/" + p.key + ".png"); }
    });
  }

  const events = new EventSource("/events?after=" + version);
  events.addEventListener("update", function (event) {
    const update = JSON.parse(event.data);
    if (update.version <= version) { return; }
    version = update.version;
    // ask for the new faces' images now, while the view is fetched: the server rasterises
    // them meanwhile, and the figures find them in the browser's cache (they are immutable)
    (update.new_faces || []).slice(0, PRELOADED).forEach(function (key) {
      new Image().src = "/img/" + encodeURIComponent(key) + ".png";
    });
    place((update.places || []).slice(0, PRELOADED));
    refresh();
  });
  events.onerror = function () { status.textContent = "reconnecting…"; };
  events.onopen = function () { status.textContent = "live"; };
}());
