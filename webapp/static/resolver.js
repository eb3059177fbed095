// Mecatol step resolver: enhances the widget's form, which works without JavaScript. On each change it sends
// the form's fields to the server (data-fragment) and swaps in the answer the server renders; the encoding,
// the markup, the chart and the error messages all live in Python (webapp/widget.py and its templates).
"use strict";
(function () {
  const box = document.getElementById("resolver");
  if (!box) return;
  const form = box.querySelector("form.rs-form");
  const offline = box.querySelector(".rs-offline");
  const answer = () => box.querySelector(".rs-answer");

  // Modifiers that do not apply to the chosen ability (or battle type) are hidden and not sent.
  function follow() {
    const chosen = form.querySelector("input[name=ability]:checked") || form.querySelector("input[name=ability]");
    form.querySelectorAll("label[data-for]").forEach((label) => {
      const applies = label.dataset.for.split(" ").includes(chosen.value);
      label.hidden = !applies;
      label.querySelector("input, select").disabled = !applies;
    });
    form.querySelectorAll("p[data-hint-for]").forEach((hint) => {  // the chosen ability's examples only
      hint.hidden = hint.dataset.hintFor !== chosen.value;
    });
  }

  // The server names the controls its error is about: "u:1" is the second field named u, "seed" all of them.
  function markInvalid(names) {
    form.querySelectorAll("[aria-invalid]").forEach((node) => {
      node.removeAttribute("aria-invalid");
      node.removeAttribute("aria-describedby");
    });
    names.split(" ").filter(Boolean).forEach((name) => {
      const [key, position] = name.split(":");
      const fields = Array.from(form.elements).filter((node) => node.name === key);
      (position === undefined ? fields : [fields[Number(position)]]).filter(Boolean).forEach((node) => {
        node.setAttribute("aria-invalid", "true");
        node.setAttribute("aria-describedby", "rs-error");
      });
    });
  }

  // A choice only some units have (Exotrireme II's, a table fact a card asks) is offered to the sides whose units
  // the server found one in (the answer's data-exotrireme: "a", "d"; its data-facts: "a:FIELD"). Returns true when
  // a set one was just put away: that answer is for a request that still had it, so it is asked again without it.
  // A box put away is cleared, so one shown again agrees with the answer it comes with.
  function offer(fresh) {
    if (fresh.dataset.exotrireme === undefined) return false;
    const sides = fresh.dataset.exotrireme.split(" ");
    const facts = (fresh.dataset.facts || "").split(" ");
    let dropped = false;
    form.querySelectorAll("label[data-exotrireme] input, label[data-fact] input, label[data-fact] select")
      .forEach((input) => {
        const label = input.closest("label");
        const side = input.name.slice(0, -1);  // "ax" and "af" are the attacker's ("a")
        const shown = label.dataset.fact === undefined ? sides.includes(side)
          : facts.includes(side + ":" + label.dataset.fact);
        const set = input.type === "checkbox" ? input.checked : input.value !== "";
        if (!shown && !input.disabled && set) dropped = true;
        if (!shown && input.type === "checkbox") input.checked = false;
        if (!shown && input.type !== "checkbox") input.value = "";
        label.hidden = !shown;
        input.disabled = !shown;
      });
    return dropped;
  }

  // The parts are refilled rather than replaced, so screen readers announce the live result and alert.
  function swap(fresh) {
    const current = answer();
    [".rs-actions", ".rs-error", ".rs-result"].forEach((part) => {
      const next = fresh.querySelector(part);
      current.querySelector(part).replaceChildren(...Array.from(next.childNodes));  // a copy: moving empties it
      current.querySelector(part).hidden = next.hidden;
    });
    current.dataset.invalid = fresh.dataset.invalid || "";
    if (fresh.dataset.exotrireme !== undefined) current.dataset.exotrireme = fresh.dataset.exotrireme;
    if (fresh.dataset.facts !== undefined) current.dataset.facts = fresh.dataset.facts;
    markInvalid(current.dataset.invalid);
    const link = current.querySelector(".rs-permalink");
    if (link.getAttribute("href")) history.replaceState(history.state, "", link.getAttribute("href"));
    setupCopy();
    centerCharts();
    cueScrolls();
    box.dataset.answers = String(Number(box.dataset.answers || 0) + 1);
  }

  // A chart wider than its box (a phone, many hit counts) scrolls: start it at the likeliest count,
  // not at 0 hits with the tallest bars out of view.
  function centerCharts() {
    box.querySelectorAll(".rs-scroll").forEach((scroll) => {
      if (scroll.scrollWidth <= scroll.clientWidth) return;
      const bars = Array.from(scroll.querySelectorAll(".rs-bar rect"));
      const tallest = bars.reduce((a, b) => (Number(b.getAttribute("height")) > Number(a.getAttribute("height")) ? b : a), bars[0]);
      if (!tallest) return;
      const middle = Number(tallest.getAttribute("x")) + Number(tallest.getAttribute("width")) / 2;
      scroll.scrollLeft = middle - scroll.clientWidth / 2;
    });
  }

  // A phone shows no scrollbar until the player swipes, so a table or chart cut off at the screen's edge
  // looked whole. Each box wider than its content area gets a shadow on each edge with more beyond it and
  // a line above saying which way to scroll; a box that fits (a laptop) gets neither.
  function cueScroll(scroll) {
    let hint = scroll.previousElementSibling;
    if (!hint || !hint.classList.contains("rs-scroll-hint")) {
      hint = document.createElement("p");
      hint.className = "rs-scroll-hint";
      hint.setAttribute("aria-hidden", "true");  // for eyes only: a screen reader reads the whole table anyway
      scroll.before(hint);
    }
    const left = scroll.scrollLeft > 1;  // 1px of slack: zoomed pages scroll by fractions
    const right = scroll.scrollLeft + scroll.clientWidth < scroll.scrollWidth - 1;
    scroll.classList.toggle("rs-more-left", left);
    scroll.classList.toggle("rs-more-right", right);
    hint.hidden = !left && !right;
    hint.textContent = (left ? "← " : "") + "scroll for more" + (right ? " →" : "");
  }
  const cueScrolls = () => box.querySelectorAll(".rs-scroll").forEach(cueScroll);
  // Scroll events do not bubble: listen in the capture phase, so boxes swapped in later are heard too.
  box.addEventListener("scroll", (event) => {
    if (event.target.classList && event.target.classList.contains("rs-scroll")) cueScroll(event.target);
  }, { capture: true, passive: true });
  window.addEventListener("resize", cueScrolls);

  let pending = null;
  async function run() {
    const query = new URLSearchParams(new FormData(form)).toString();
    if (pending) pending.abort();
    const mine = pending = new AbortController();
    try {
      const response = await fetch(box.dataset.fragment + "?" + query,
        { signal: mine.signal, headers: { Accept: "text/html" } });
      if (!response.ok) throw new Error(response.statusText);
      const html = await response.text();
      if (mine !== pending) return;
      offline.hidden = true;
      const fresh = new DOMParser().parseFromString(html, "text/html").querySelector(".rs-answer");
      if (!fresh) throw new Error("no answer in the response");
      if (offer(fresh)) return run();
      swap(fresh);
    } catch (err) {
      if (err.name !== "AbortError") offline.hidden = false;
    }
  }
  // Resolve again shortly after every change, once some row is filled in.
  let timer = 0;
  function resolveSoon() {
    clearTimeout(timer);
    const rows = Array.from(form.querySelectorAll(".rs-row input"));
    if (rows.some((input) => input.value.trim())) timer = setTimeout(run, 250);
  }

  // "Add a row" copies the last row (a producer's row has its planet box too), emptied.
  form.querySelectorAll(".rs-add").forEach((button) => {
    button.hidden = false;
    button.addEventListener("click", () => {
      const rows = button.parentElement.querySelector(".rs-rows");
      const row = rows.lastElementChild.cloneNode(true);
      row.querySelectorAll("input").forEach((input) => {
        input.value = "";
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
        input.setAttribute("aria-label", input.getAttribute("aria-label").replace(/\d+$/, String(rows.children.length + 1)));
      });
      rows.append(row);
      row.querySelector("input").focus();
    });
  });

  function setupCopy() {
    const copy = box.querySelector(".rs-copy");
    const permalink = box.querySelector(".rs-permalink");
    copy.hidden = permalink.hidden;
    copy.addEventListener("click", async () => {
      const url = new URL(permalink.getAttribute("href"), location.href).href;
      try {
        await navigator.clipboard.writeText(url);
        copy.textContent = "Copied";
      } catch (err) {  // no clipboard (plain http, permissions): show the link selected for a manual copy
        permalink.textContent = url;
        getSelection().selectAllChildren(permalink);
      }
    });
  }

  // Hovering or focusing a step card highlights its rule on the page; a click keeps it highlighted.
  let pinned = null;
  function highlight(rule) {
    document.querySelectorAll(".rs-governing").forEach((node) => node.classList.remove("rs-governing"));
    const target = rule ? document.getElementById(rule) : null;  // ids contain dots: no querySelector
    if (target) target.classList.add("rs-governing");
    box.querySelectorAll(".rs-step").forEach((card) => card.classList.toggle("rs-active", card.dataset.rule === rule));
  }
  const cardOf = (event) => event.target.closest && event.target.closest(".rs-step");
  const pin = (card) => { pinned = card.dataset.rule; highlight(pinned); };
  box.addEventListener("mouseover", (event) => { if (cardOf(event)) highlight(cardOf(event).dataset.rule); });
  box.addEventListener("focusin", (event) => { if (cardOf(event)) highlight(cardOf(event).dataset.rule); });
  box.addEventListener("mouseleave", () => highlight(pinned));
  box.addEventListener("click", (event) => { if (cardOf(event)) pin(cardOf(event)); });
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.classList.contains("rs-step")) pin(event.target);
  });

  form.addEventListener("submit", (event) => { event.preventDefault(); clearTimeout(timer); run(); });
  // Dice typed in replace the seed "Roll dice" left (and a seed typed in, the dice): the two cannot go together.
  form.addEventListener("input", (event) => {
    const other = { rolls: "seed", seed: "rolls" }[event.target.name];
    if (other && event.target.value.trim()) form.elements[other].value = "";
  });
  form.addEventListener("input", resolveSoon);
  form.addEventListener("change", (event) => {
    if (event.target.name === "ability") follow();
    resolveSoon();
  });
  const roll = box.querySelector(".rs-roll");
  if (roll) {
    roll.hidden = false;
    roll.addEventListener("click", () => {
      form.elements.rolls.value = "";
      form.elements.seed.value = String(crypto.getRandomValues(new Uint32Array(1))[0]);
      run();
    });
  }
  setupCopy();
  box.addEventListener("toggle", () => { if (box.open) { centerCharts(); cueScrolls(); } });  // a closed box has no width
  if (location.hash === "#resolver") box.open = true;
  if (form.querySelector("input[name=ability]")) follow();
  centerCharts();
  cueScrolls();
  box.dataset.ready = "true";
})();
