// bridgescore's console: the traveller grid by keyboard alone. Tab moves between cells (the
// browser's own order); Enter stores the row (the server answers only once the result is
// committed) and moves to the next row, or to the next board after the last row.
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
  document.addEventListener("DOMContentLoaded", function () {
    const grid = document.getElementById("grid");
    if (!grid) return;
    const empty = Array.from(grid.querySelectorAll("tr.entry:not(.stored) input.first"));
    const first = empty[0] || grid.querySelector("input.first");
    if (first) first.focus();
  });
})();
