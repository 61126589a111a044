// bridgescore's console: the traveller grid by keyboard alone. Tab moves between cells (the
// browser's own order); Enter stores the row (the server answers only once the result is
// committed) and moves to the next row, or to the next board after the last row.
//
// A live part of a page (the watch page, the phones at the tables: `data-live`) learns of a
// change to the session from the server's event stream (`data-events`) and fetches itself
// again within a second; without a stream it asks every 5 s with the ETag it has (an answer
// 304 says nothing changed, and costs the server next to nothing).
(function () {
  "use strict";
  if (window.htmx) {
    // Show the server's words for a refused row (422) and other errors in the row itself.
    htmx.config.responseHandling = [
      { code: "204", swap: false },
      { code: "[23]..", swap: true },
      { code: "[45]..", swap: true, error: true },
    ];
  }
  function store(row) {
    htmx.ajax("POST", row.dataset.store, {
      source: row,
      target: row,
      swap: "outerHTML",
      headers: { "X-Bridgescore-Target": row.dataset.status },
    });
  }
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    const cell = event.target;
    const row = cell && cell.closest ? cell.closest("tr.entry") : null;
    if (!row) return;
    event.preventDefault();
    store(row);
  });
  document.addEventListener("htmx:load", function (event) {
    const row = event.target;
    if (!row.classList || !row.classList.contains("just-stored")) return;
    let next = row.nextElementSibling;
    while (next && !next.classList.contains("entry")) next = next.nextElementSibling;
    const target = next ? next.querySelector("input.first") : document.getElementById("next-board");
    if (target) target.focus();
  });
  function live(part) {
    let tag = null;
    let busy = false;
    let again = false;
    async function refresh() {
      if (busy) { again = true; return; }
      busy = true;
      try {
        const headers = tag ? { "If-None-Match": tag } : {};
        const answer = await fetch(part.dataset.live, { headers, cache: "no-store", credentials: "same-origin" });
        if (answer.status === 200) {
          tag = answer.headers.get("ETag");
          const page = new DOMParser().parseFromString(await answer.text(), "text/html");
          const fresh = page.getElementById(part.id);
          if (fresh) {
            part.innerHTML = fresh.innerHTML;
            part.dataset.revision = fresh.dataset.revision;
          }
        }
      } catch (error) {
        /* no connection: the next change or poll tries again */
      } finally {
        busy = false;
        if (again) { again = false; refresh(); }
      }
    }
    let polling = null;
    function poll() { if (!polling) polling = setInterval(refresh, 5000); }
    if (!window.EventSource || !part.dataset.events) { poll(); return; }
    const stream = new EventSource(part.dataset.events);
    // Closed as the page is left, rather than cut off mid-stream by the next page.
    window.addEventListener("pagehide", function () { stream.close(); });
    stream.addEventListener("change", function (event) {
      if (event.data !== part.dataset.revision) refresh();
    });
    stream.addEventListener("open", function () {
      if (polling) { clearInterval(polling); polling = null; }
    });
    stream.addEventListener("error", function () { poll(); });
  }
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-live]").forEach(live);
  });
  document.addEventListener("DOMContentLoaded", function () {
    const grid = document.getElementById("grid");
    if (!grid) return;
    const empty = Array.from(grid.querySelectorAll("tr.entry:not(.stored) input.first"));
    const first = empty[0] || grid.querySelector("input.first");
    if (first) first.focus();
  });
})();
