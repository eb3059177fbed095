// Mecatol: type-ahead search, "/" to search, rule previews, copy citation, arrival highlight.
// Plain JS, no framework. URLs come from data- attributes; text goes in via textContent only.
"use strict";
(function () {
  const root = document.documentElement;
  root.classList.add("js");
  const body = document.body;

  // "/" focuses the search box from anywhere, unless the user is typing somewhere.
  document.addEventListener("keydown", (event) => {
    const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
    if (event.key !== "/" || typing || event.ctrlKey || event.metaKey || event.altKey) return;
    const box = document.querySelector("input[data-typeahead]");
    if (box) { event.preventDefault(); box.focus(); box.select(); }
  });

  // Search as you type: debounced, aborts stale requests, arrow keys + Enter, Escape closes.
  function typeahead(input, index) {
    const list = input.form.querySelector(".typeahead");
    const endpoint = new URL(body.dataset.typeaheadUrl, location.href);
    let timer = 0, pending = null, active = -1;
    list.id = "typeahead-" + index;
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-controls", list.id);
    input.setAttribute("aria-expanded", "false");
    input.setAttribute("aria-autocomplete", "list");

    const items = () => Array.from(list.querySelectorAll("li[role=option]"));
    function close() {
      list.hidden = true; active = -1;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
    }
    function select(next) {
      const all = items();
      if (!all.length) return;
      active = (next + all.length) % all.length;
      all.forEach((li, i) => li.setAttribute("aria-selected", String(i === active)));
      input.setAttribute("aria-activedescendant", all[active].id);
      all[active].scrollIntoView({ block: "nearest" });
    }
    // A snippet is server-sanitized HTML with <mark> only: rebuild it from text nodes and marks.
    function snippetNode(html) {
      const span = document.createElement("span");
      span.className = "tsnippet";
      // A textarea decodes entities but parses no tags, and keeps a part's leading space (an HTML
      // document drops it: "<mark>Space</mark> Cannon" read "SpaceCannon").
      const box = document.createElement("textarea");
      const text = (part) => { box.innerHTML = part; return box.value; };
      html.split(/(<mark>[\s\S]*?<\/mark>)/).forEach((part) => {
        if (part.startsWith("<mark>")) {
          const mark = document.createElement("mark");
          mark.textContent = text(part.slice(6, -7));
          span.append(mark);
        } else if (part) {
          span.append(text(part));
        }
      });
      return span;
    }
    function option(hit, n) {
      const li = document.createElement("li");
      li.id = list.id + "-" + n;
      li.setAttribute("role", "option");
      const a = document.createElement("a");
      a.href = hit.url;
      const kind = document.createElement("span");
      kind.className = "kind";
      const label = hit.label || hit.kind;  // "Action Card", not "section"
      const on = label.lastIndexOf(" on ");  // "FAQ on 77.3c": the rule keeps its case under the label's capitals
      if (on < 0) {
        kind.textContent = label;
      } else {
        const rule = document.createElement("span");
        rule.className = "rid";
        rule.textContent = label.slice(on + 4);
        kind.append(label.slice(0, on + 4), rule);
      }
      const numbered = hit.kind === "rule" || hit.kind === "text";  // other ids mean little to a reader
      const sentence = snippetNode(hit.snippet || "");
      // A title that is only the text's first words cut short is the sentence again: say it once
      // (corpus.snippets.said_again, for the results page and the CLI).
      const start = hit.title.replace(/…$/, "").trim();
      const title = start && sentence.textContent.trim().startsWith(start) ? "" : hit.title;
      if (hit.lead) {  // a list item ("In place of spending one resource.") after the sentence it continues
        const lead = document.createElement("em");
        lead.textContent = hit.lead + " ";
        sentence.prepend(lead);
      }
      a.append(kind, (numbered ? hit.id + " " : "") + title, sentence);
      li.append(a);
      return li;
    }
    // Each page once, with its best entries beneath it.
    function show(groups, query) {
      list.replaceChildren();
      // Which query these options answer: a lookup can land while the next keys are still coming.
      list.dataset.query = query;
      let n = 0;
      groups.forEach((group) => {
        const head = document.createElement("li");
        head.setAttribute("role", "presentation");
        head.className = "group-title";
        head.textContent = group.title;
        if (group.label) {  // the Action Cards topic and the list of every action card share a title
          const label = document.createElement("span");
          label.className = "gkind";
          label.textContent = group.label;
          head.append(" ", label);
        }
        list.append(head);
        group.hits.slice(0, 2).forEach((hit) => list.append(option(hit, n++)));
      });
      active = -1;
      list.hidden = n === 0;
      input.setAttribute("aria-expanded", String(!list.hidden));
    }
    async function lookup(query) {
      if (pending) pending.abort();
      pending = new AbortController();
      const url = new URL(endpoint);
      url.searchParams.set("q", query);
      url.searchParams.set("limit", body.dataset.typeaheadLimit || "8");
      try {
        const response = await fetch(url, { signal: pending.signal, headers: { Accept: "application/json" } });
        const data = await response.json();
        if (data.ok && input.value.trim() === query) show(data.groups, query);
      } catch (err) {
        if (err.name !== "AbortError") close();
      }
    }
    input.addEventListener("input", () => {
      clearTimeout(timer);
      const query = input.value.trim();
      if (!query) { close(); return; }
      timer = setTimeout(() => lookup(query), 120);
    });
    // Up from the box goes to the last option, not the one before it (-1 - 1 would wrap to the last but one).
    const step = (key) => (active < 0 && key === "ArrowUp" ? -1 : active + (key === "ArrowDown" ? 1 : -1));
    input.addEventListener("keydown", (event) => {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (list.hidden) {
          // Escape closed the list: an arrow opens it again, as a combobox does.
          if (items().length && input.value.trim()) {
            event.preventDefault();
            list.hidden = false;
            input.setAttribute("aria-expanded", "true");
          }
          return;
        }
        event.preventDefault();
        select(step(event.key));
      } else if (event.key === "Enter" && !list.hidden && active >= 0) {
        event.preventDefault();
        location.assign(items()[active].querySelector("a").href);
      } else if (event.key === "Escape" && !list.hidden) {
        event.preventDefault();
        close();
      }
    });
    document.addEventListener("click", (event) => { if (!input.form.contains(event.target)) close(); });
    // Tabbing out of the form closes the list too, so it does not stay open over the page. Only when
    // focus lands somewhere: a tap on an option may blur the box with no new focus (Safari), and the
    // list must still be there for that tap's click.
    input.form.addEventListener("focusout", (event) => {
      if (event.relatedTarget && !input.form.contains(event.relatedTarget)) close();
    });
  }
  document.querySelectorAll("input[data-typeahead]").forEach(typeahead);

  // Previews: hovering or focusing a cross-link shows the target's text, fetched once. A touch screen has
  // no hover, so there the first tap on a cross-link shows the preview, its title a link to follow, and a
  // second tap on the same cross-link follows it; a tap anywhere else closes it.
  const preview = document.getElementById("preview");
  const cache = new Map();
  let showing = null, hoverTimer = 0, tapped = null, touch = false;
  function fetchEntry(url) {
    if (!cache.has(url)) {
      cache.set(url, fetch(url, { headers: { Accept: "application/json" } })
        .then((r) => r.json()).then((data) => (data.ok ? data.entry : null)).catch(() => null));
    }
    return cache.get(url);
  }
  async function openPreview(link) {
    showing = link;
    const entry = await fetchEntry(new URL(link.dataset.preview, location.href).href);
    if (showing !== link) return;
    if (!entry) { if (tapped === link) location.assign(link.href); return; }  // no preview: the tap still leads there
    // Opened by a tap, the title is a link: a finger cannot hover back onto the cross-link to find it.
    const head = document.createElement(tapped === link ? "a" : "strong");
    if (tapped === link) { head.href = link.href; head.className = "preview-open"; }
    head.textContent = (entry.number ? entry.number + " " : "") + entry.title;
    const text = document.createElement("span");
    text.textContent = entry.text.length > 420 ? entry.text.slice(0, 420) + " …" : entry.text;
    preview.replaceChildren(head, text);
    // A tooltip holds no controls: opened by a tap, with its link inside, it is a small non-modal dialog.
    preview.setAttribute("role", tapped === link ? "dialog" : "tooltip");
    if (tapped === link) preview.setAttribute("aria-label", "Preview of " + head.textContent);
    else preview.removeAttribute("aria-label");
    const box = link.getBoundingClientRect();
    preview.hidden = false;
    const left = Math.min(box.left + scrollX, scrollX + root.clientWidth - preview.offsetWidth - 8);
    preview.style.left = Math.max(8, left) + "px";
    preview.style.top = box.bottom + scrollY + 6 + "px";
    link.setAttribute("aria-describedby", "preview");
  }
  function closePreview() {
    clearTimeout(hoverTimer);
    if (showing) showing.removeAttribute("aria-describedby");
    showing = tapped = null;
    preview.hidden = true;
  }
  const xref = (target) => target.closest && target.closest("a.xref[data-preview]");
  // Pointer events, not mouse events: a tap also sends mouseover and mouseout, and its mouseout would
  // close the preview the tap opened.
  document.addEventListener("pointerover", (event) => {
    const link = xref(event.target);
    if (event.pointerType === "touch" || !link || link === showing) return;
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(() => openPreview(link), 150);
  });
  document.addEventListener("pointerout", (event) => {
    if (event.pointerType !== "touch" && xref(event.target)) closePreview();
  });
  // Whether the coming click is a tap. A tap elsewhere closes a tapped preview (on pointerdown: Safari
  // sends no click for a tap on plain text); a key pressed goes back to keyboard behaviour.
  document.addEventListener("pointerdown", (event) => {
    touch = event.pointerType === "touch";
    if (touch && tapped && !xref(event.target) && !preview.contains(event.target)) closePreview();
  }, true);
  document.addEventListener("keydown", () => { touch = false; tapped = null; }, true);
  document.addEventListener("click", (event) => {
    const link = touch && xref(event.target);
    touch = false;
    if (!link || link === tapped) return;  // the second tap on a cross-link follows it
    event.preventDefault();
    closePreview();  // another preview may be open, or this one, shown by the tap's focus, without its link
    tapped = link;
    openPreview(link);
  });
  // A tap focuses the cross-link and moves focus away from it: the tap's click, not its focus, decides.
  document.addEventListener("focusin", (event) => { const link = xref(event.target); if (link && !touch) openPreview(link); });
  document.addEventListener("focusout", (event) => { if (xref(event.target) && !touch && !tapped) closePreview(); });
  document.addEventListener("keydown", (event) => { if (event.key === "Escape") closePreview(); });

  // Copy citation: the server wrote the exact text, 77.7d (Space Cannon, LRR 2.0): "…" — https://host/r/77.7d
  function citation(button) {
    return button.dataset.citation;
  }
  function fallbackCopy(button, text) {
    let area = button.parentElement.querySelector("textarea.copy-fallback");
    if (!area) {
      area = document.createElement("textarea");
      area.className = "copy-fallback";
      area.readOnly = true;
      area.rows = 3;
      area.setAttribute("aria-label", "Citation to copy");
      button.after(area);
    }
    area.value = text;
    area.select();
    try { document.execCommand("copy"); } catch (err) { /* the selected text stays for a manual copy */ }
  }
  document.addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest("button.cite");
    if (!button) return;
    const text = citation(button);
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = "copied";
      button.classList.add("done");
    } catch (err) {
      fallbackCopy(button, text);
    }
  });

  // Arriving at /rules/space-cannon#77.7d: highlight the rule (ids contain dots, so no querySelector).
  function arrive() {
    document.querySelectorAll(".arrived").forEach((el) => el.classList.remove("arrived"));
    document.querySelectorAll("p.context").forEach((el) => el.remove());
    if (location.hash.length < 2) return;
    const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!el) return;
    el.classList.add("arrived");
    // After the browser's own jump to the anchor (on load), place the rule with its context.
    if (document.readyState === "complete") requestAnimationFrame(() => place(el));
    else window.addEventListener("load", () => requestAnimationFrame(() => place(el)), { once: true });
  }
  function place(el) {
    // Show the rule with the heading it sits under (77.7d under "Space Cannon Defense"), if both fit.
    // Else (a phone, a long step) name the heading, and the step if that is too far too, in a line
    // right above: a rule alone does not say whether it is Offense or Defense.
    if (!el.matches(".rule, .note")) return;
    const depth = (node) => Number((node.className.match(/\bd(\d)\b/) || [0, 0])[1]);
    let head = el.previousElementSibling, parent = null;
    while (head && !head.matches(".rule.heading, h2")) {
      if (!parent && head.matches(".rule, .note") && depth(head) < depth(el)) parent = head;
      head = head.previousElementSibling;
    }
    const top = (node) => window.scrollTo(0, window.scrollY + node.getBoundingClientRect().top - 8);
    const fits = (node) => node && el.getBoundingClientRect().bottom - node.getBoundingClientRect().top < window.innerHeight * 0.9;
    if (fits(head)) return top(head);
    const title = head ? (head.querySelector("h2") || head).textContent : (document.querySelector("h1") || {}).textContent;
    const above = fits(parent) ? parent : el;
    const crumb = document.createElement("p");
    crumb.className = "context";
    crumb.textContent = [title, above === el && parent ? summary(parent) : ""].filter(Boolean).join(" › ").trim();
    if (!crumb.textContent) return top(above);
    above.before(crumb);
    top(crumb);
  }
  function summary(rule) {
    // "77.7 Step 1 – Roll Dice: Each player may …": the number and the rule's first words.
    const number = rule.querySelector(".rid, .nlabel");
    const words = (rule.querySelector(".body") || rule).textContent.trim().split(/\s+/);
    return (number ? number.textContent + " " : "") + words.slice(0, 8).join(" ") + (words.length > 8 ? " …" : "");
  }
  window.addEventListener("hashchange", arrive);
  arrive();
})();
