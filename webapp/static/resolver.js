// Mecatol step resolver: enhances the widget's no-JS form (its fields are the permalink's query string),
// posts the scenario to /api/resolve, and draws numbers, an SVG chart and step cards with DOM APIs only.
// The query encoding mirrors webapp/resolver.py, which documents it.
"use strict";
(function () {
  const box = document.getElementById("resolver");
  if (!box) return;
  const form = box.querySelector("form.rs-form");
  const result = box.querySelector(".rs-result");
  const errorBox = box.querySelector(".rs-error");
  const permalink = box.querySelector(".rs-permalink");
  const copy = box.querySelector(".rs-copy");
  const FLAGS = { shield: "planetary_shield", warsun: "war_sun", harrow: "harrow" };
  const CONTEXT = ["resources", "fleet_pool", "ships_in_system", "capacity_in_system", "units_in_space"];
  const LISTS = { units: "u", producers: "p", build: "b" };
  const TRUE = ["1", "true", "on", "yes"];
  const VALUE = /^(\d{1,3})\s*(?:x\s*(\d{1,3})|\(\s*x\s*(\d{1,3})\s*\))?$/i;
  const CUSTOM = "\u0000custom";  // the select's "value and dice" option; no unit has this name

  // ---- Query string <-> request, as decode() and encode() in webapp/resolver.py ----
  function number(text) {
    text = text.trim();
    const n = Number(text);  // seeds beyond 2^53 stay text: a JSON number would lose digits
    return /^-?\d{1,19}$/.test(text) && Number.isSafeInteger(n) ? n : text;
  }
  function splitLast(text, sep) {
    const i = text.lastIndexOf(sep);
    return i < 0 ? [text, "1"] : [text.slice(0, i), text.slice(i + 1)];
  }
  function decodeUnit(text) {
    const colon = text.indexOf(":");
    let head = (colon < 0 ? text : text.slice(0, colon)).trim();
    const adjacent = head.toLowerCase().endsWith("@adj");
    if (adjacent) head = head.slice(0, -4).trim();
    const [what, count] = splitLast(head, "*");
    const m = VALUE.exec(what.trim());
    const entry = m ? { value: Number(m[1]), dice: Number(m[2] || m[3] || 1), count: number(count) }
      : { name: what.trim(), count: number(count) };
    if (colon >= 0) entry.label = text.slice(colon + 1).trim();
    if (adjacent) entry.adjacent = true;
    return entry;
  }
  function decodeBuild(text) {
    const [name, count] = splitLast(text, "*");
    return { name: name.trim(), count: number(count) };
  }
  function decodeProducer(text) {
    const at = text.lastIndexOf("@");
    const entry = decodeBuild(at < 0 ? text : text.slice(0, at));
    const where = at < 0 ? "" : text.slice(at + 1).trim();
    if (/^-?\d+$/.test(where)) entry.planet_resources = number(where);
    else if (where) entry.planet = where;
    return entry;
  }
  const values = (params, key) => params.getAll(key).map((v) => v.trim()).filter(Boolean);
  const param = (params, key) => (params.get(key) || "").trim();
  function decode(params) {
    const ability = param(params, "ability");
    if (!ability) return null;
    if (ability === "production") {
      const req = { ability };
      if (param(params, "faction")) req.faction = param(params, "faction");
      req.producers = values(params, "p").map(decodeProducer);
      req.build = values(params, "b").map(decodeBuild);
      CONTEXT.forEach((key) => { if (param(params, key)) req[key] = number(params.get(key)); });
      return req;
    }
    const req = { ability, units: values(params, "u").map(decodeUnit) };
    const modifiers = {};
    const plasma = param(params, "plasma").toLowerCase();
    if (TRUE.includes(plasma)) modifiers.plasma_scoring = true;
    else if (/^u\d{1,3}$/.test(plasma)) modifiers.plasma_scoring = Number(plasma.slice(1));
    else if (plasma && plasma !== "0") {
      const message = "use plasma=1 (the unit most likely to hit) or plasma=uN (units[N] takes the die)";
      throw Object.assign(new Error(message), { field: "modifiers.plasma_scoring" });
    }
    Object.entries(FLAGS).forEach(([key, name]) => {
      const flag = param(params, key).toLowerCase();
      if (flag && flag !== "0") modifiers[name] = TRUE.includes(flag) ? true : flag;
    });
    if (Object.keys(modifiers).length) req.modifiers = modifiers;
    if (param(params, "rolls")) req.rolls = param(params, "rolls");
    if (param(params, "seed")) req.seed = number(params.get("seed"));
    return req;
  }
  const given = (value) => value !== undefined && value !== null;
  function encode(req) {
    const pairs = [["ability", req.ability]];
    const many = (item) => "*" + (given(item.count) ? item.count : 1);
    const plain = (keys) => keys.filter((key) => given(req[key])).map((key) => [key, String(req[key])]);
    if (req.ability === "production") {
      if (req.faction) pairs.push(["faction", req.faction]);
      (req.producers || []).forEach((item) => {
        const at = item.planet ? "@" + item.planet : given(item.planet_resources) ? "@" + item.planet_resources : "";
        pairs.push(["p", item.name + many(item) + at]);
      });
      (req.build || []).forEach((item) => pairs.push(["b", item.name + many(item)]));
      return pairs.concat(plain(CONTEXT));
    }
    (req.units || []).forEach((item) => {
      const what = "name" in item ? item.name : `${item.value}x${item.dice || 1}`;
      pairs.push(["u", what + many(item) + (item.adjacent ? "@adj" : "") + (item.label ? ":" + item.label : "")]);
    });
    const modifiers = req.modifiers || {};
    const plasma = modifiers.plasma_scoring;
    if (given(plasma) && plasma !== false) pairs.push(["plasma", plasma === true ? "1" : "u" + plasma]);
    Object.entries(FLAGS).forEach(([key, name]) => { if (modifiers[name]) pairs.push([key, "1"]); });
    return pairs.concat(plain(["rolls", "seed"]));
  }
  // Escaped as werkzeug's url_for escapes a query, so a permalink made here reads like the server's.
  const queryEscape = (text) => encodeURIComponent(text).replace(/%20/g, "+")
    .replace(/%(24|2C|2F|3A|3B|3F|40)/gi, (code) => decodeURIComponent(code));
  function permalinkURL(req) {
    const url = new URL(box.dataset.page, location.href);
    url.search = encode(req).map(([k, v]) => queryEscape(k) + "=" + queryEscape(v)).join("&");
    url.hash = "resolver";
    return url;
  }

  // For the console, and for the test that checks this mirror against the Python one.
  window.MecatolResolver = Object.freeze({ decode, encode, permalinkURL });

  // ---- DOM helpers: text only ever goes in as text ----
  function el(tag, props, attrs, ...children) {
    const node = Object.assign(document.createElement(tag), props || {});
    Object.entries(attrs || {}).forEach(([k, v]) => node.setAttribute(k, v));
    node.append(...children);
    return node;
  }
  function svg(tag, attrs, text) {
    const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
    Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, String(v)));
    if (text !== undefined) node.textContent = text;
    return node;
  }
  const trim0 = (text) => (text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text);
  const pct = (p) => trim0((p * 100).toFixed(2)) + "%";  // as pct() in webapp/resolver.py
  const num = (x) => trim0(x.toFixed(3));
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  const ability = () => (form.querySelector("input[name=ability]:checked")
    || form.querySelector("input[name=ability]")).value;

  // ---- Rows: a hidden input keeps each row's encoded value; the controls beside it have no name ----
  const catalogues = new Map();
  function catalogue(picker) {
    if (!catalogues.has(picker)) {
      const url = new URL(box.dataset.catalogue, location.href);
      url.searchParams.set("ability", picker);
      catalogues.set(picker, fetch(url, { headers: { Accept: "application/json" } })
        .then((r) => r.json()).then((data) => (data.ok ? data.units : [])).catch(() => []));
    }
    return catalogues.get(picker);
  }
  const rows = new WeakMap();  // li -> its controls
  const decoders = { u: decodeUnit, p: decodeProducer, b: decodeBuild };
  const shown = (node) => !node.parentElement.hidden;
  function compose(li) {
    const c = rows.get(li);
    const name = c.select.value;
    if (!name) return "";
    const count = "*" + (c.count.value.trim() || "1");
    if (c.key === "b") return name + count;
    const planet = c.planet && shown(c.planet) ? c.planet.value.trim() : "";
    if (c.key === "p") return name + count + (planet ? "@" + planet : "");
    const adjacent = c.adjacent.checked && shown(c.adjacent) ? "@adj" : "";
    if (name !== CUSTOM) return name + count + adjacent;
    const label = c.label.value.trim() ? ":" + c.label.value.trim() : "";
    return `${c.value.value.trim()}x${c.dice.value.trim() || "1"}${count}${adjacent}${label}`;
  }
  // A number box inside a short visible label (the label is what hides and shows).
  function numberBox(value, text, className, min, max) {
    const input = el("input", { type: "number", value, min, max, className }, { inputmode: "numeric" });
    el("label", { className: "rs-small" }, {}, text + " ", input);
    return input;
  }
  function visibility(li) {
    const c = rows.get(li);
    if (c.key === "u") {
      const custom = c.select.value === CUSTOM;
      [c.value.parentElement, c.dice.parentElement, c.label].forEach((node) => { node.hidden = !custom; });
      c.adjacent.parentElement.hidden = !ability().startsWith("space_cannon");
    }
    if (c.key === "p") {
      const unit = c.units.find((u) => u.name === c.select.value);
      c.planet.parentElement.hidden = unit ? !unit.values.production.needs_planet_resources : !c.planet.value;
    }
    c.input.value = compose(li);
  }
  function optionText(unit, picker) {
    const roll = unit.values[picker.replace("_defense", "")];
    if (roll) return `${unit.name} (${roll.text})`;
    return unit.cost ? `${unit.name} (cost ${unit.cost.resources})` : unit.name;
  }
  async function fill(li, picker) {
    const c = rows.get(li);
    c.units = await catalogue(picker);
    const current = c.select.value || c.initial;
    const options = [el("option", { value: "", textContent: "Choose a unit…" })];
    c.units.forEach((u) => options.push(el("option", { value: u.name, textContent: optionText(u, picker) })));
    const known = c.units.find((u) => u.name.toLowerCase() === current.toLowerCase());
    if (current && current !== CUSTOM && !known) options.push(el("option", { value: current, textContent: current }));
    if (c.key === "u") options.push(el("option", { value: CUSTOM, textContent: "Value and dice…" }));
    c.select.replaceChildren(...options);
    c.select.value = known ? known.name : current;
    visibility(li);
  }
  function enhance(li, key, picker) {
    const input = li.querySelector("input");
    const entry = input.value.trim() ? decoders[key](input.value.trim()) : { count: 1 };
    input.type = "hidden";
    input.removeAttribute("list");
    const select = el("select", { className: "rs-unit" }, { "aria-label": "Unit" });
    ["aria-invalid", "aria-describedby"].forEach((name) => {  // the server marked this row's error
      if (input.hasAttribute(name)) select.setAttribute(name, input.getAttribute(name));
    });
    const count = el("input", { type: "number", value: String(entry.count), min: 1, max: 100, className: "rs-count" },
      { "aria-label": "How many", inputmode: "numeric" });
    const c = { key, input, select, count, initial: "value" in entry ? CUSTOM : entry.name || "", units: [] };
    const times = el("span", { className: "rs-times", textContent: "×" }, { "aria-hidden": "true" });
    li.replaceChildren(input, select, times, count);
    if (key === "u") {
      c.value = numberBox(String(entry.value || 5), "hits on", "rs-value", 1, 10);
      c.dice = numberBox(String(entry.dice || 1), "dice", "rs-dice", 1, 10);
      c.label = el("input", { type: "text", value: entry.label || "", placeholder: "label (optional)",
        className: "rs-label" }, { "aria-label": "Label", maxlength: "80" });
      c.adjacent = el("input", { type: "checkbox", checked: Boolean(entry.adjacent) });
      li.append(c.value.parentElement, c.dice.parentElement, c.label,
        el("label", { className: "rs-small" }, {}, c.adjacent, " in an adjacent system"));
    } else if (key === "p") {
      // A planet by name (listed in #rs-planets) or its resources as a number.
      const where = entry.planet || (given(entry.planet_resources) ? String(entry.planet_resources) : "");
      c.planet = el("input", { type: "text", value: where, className: "rs-planet", size: 12 },
        { list: "rs-planets", placeholder: "Mecatol Rex or 3" });
      el("label", { className: "rs-small" }, {}, "on planet ", c.planet);
      li.append(c.planet.parentElement);
    }
    const remove = el("button", { type: "button", className: "rs-remove", textContent: "Remove" });
    remove.addEventListener("click", () => {
      if (li.parentElement.children.length > 1) li.remove(); else c.select.value = "";
      visibility(li);
      resolveSoon();
    });
    li.append(remove);
    rows.set(li, c);
    ["input", "change"].forEach((type) => li.addEventListener(type, () => visibility(li)));
    return fill(li, picker);
  }
  const ADD = { u: "Add a unit", p: "Add a producing unit", b: "Add a unit to produce" };
  function setupList(fieldset) {
    const key = fieldset.dataset.param;
    const list = fieldset.querySelector(".rs-rows");
    const items = Array.from(list.children);
    // The no-JS form has two blank rows to fill in; with an "Add" button one will do.
    const blank = items.filter((li) => !li.querySelector("input").value.trim());
    blank.slice(blank.length === items.length ? 1 : 0).forEach((li) => li.remove());
    const add = el("button", { type: "button", className: "rs-add", textContent: ADD[key] });
    add.addEventListener("click", () => {
      const li = el("li", { className: "rs-row" }, {}, el("input", { name: key, value: "" }));
      list.append(li);
      enhance(li, key, fieldset.dataset.picker).then(() => rows.get(li).select.focus());
    });
    fieldset.append(add);
    return Promise.all(Array.from(list.children).map((li) => enhance(li, key, fieldset.dataset.picker)));
  }
  // Modifiers and adjacency follow the ability, and so does the unit picker.
  function follow() {
    const current = ability();
    form.querySelectorAll("label[data-for]").forEach((label) => {
      const applies = label.dataset.for.split(" ").includes(current);
      label.hidden = !applies;
      label.querySelector("input").disabled = !applies;  // disabled fields are not submitted
    });
    const units = form.querySelector(".rs-list[data-param=u]");
    if (!units || units.dataset.picker === current) return Promise.resolve();
    units.dataset.picker = current;
    return Promise.all(Array.from(units.querySelectorAll(".rs-row")).map((li) => fill(li, current)));
  }

  // ---- Results: the markup _resolver.html renders without JS ----
  function ruleLink(rule, url) {
    let href = url;  // a rule on this page is a bare anchor, so following it keeps the scenario
    if (url && new URL(url, location.href).pathname === new URL(box.dataset.page, location.href).pathname) {
      href = new URL(url, location.href).hash;
    }
    return href ? el("a", { className: "rid", href, textContent: rule })
      : el("span", { className: "rid", textContent: rule });
  }
  function steps(items) {
    const list = el("ol", { className: "rs-steps" }, {}, ...items.map((s) => el("li",
      { className: "rs-step " + s.authority, tabIndex: 0 }, { "data-rule": s.rule },
      ruleLink(s.rule, s.url), " ", el("strong", { textContent: s.title }), el("p", { textContent: s.text }))));
    return [el("h4", { textContent: "Step by step" }), list];
  }
  function numbers(pairs) {
    return el("dl", { className: "rs-numbers" }, {}, ...pairs.map(([term, value, className]) => el("div", {}, {},
      el("dt", { textContent: term }), el("dd", { className: className || "", textContent: String(value) }))));
  }
  // Bars for P(k hits): the geometry of chart() in webapp/resolver.py.
  const BAR = 36, GAP = 8, PLOT = 100, TOP = 18, FOOT = 20;
  const tenth = (x) => Math.round(x * 10) / 10;
  function chart(distribution, title) {
    let first = 0, last = distribution.length - 1;
    if (distribution.length > 25) {  // long tails round to 0%: keep the hit counts that can happen
      while (distribution[first] < 0.0005) first += 1;
      while (distribution[last] < 0.0005) last -= 1;
    }
    const peak = Math.max(...distribution), count = last - first + 1;
    const width = GAP + count * (BAR + GAP), height = TOP + PLOT + FOOT;
    const bars = [], described = [];
    for (let k = first; k <= last; k += 1) {
      const p = distribution[k], h = p ? tenth(PLOT * p / peak) : 0;
      const x = GAP + (k - first) * (BAR + GAP), y = tenth(TOP + PLOT - h);
      described.push(`${k} ${k === 1 ? "hit" : "hits"}: ${pct(p)}`);
      const bar = svg("g", { class: "rs-bar" });
      bar.append(svg("rect", { x, y, width: BAR, height: h }),
        svg("text", { class: "rs-pct", x: x + BAR / 2, y: y - 4 }, pct(p)),
        svg("text", { class: "rs-hits", x: x + BAR / 2, y: TOP + PLOT + 15 }, String(k)));
      bars.push(bar);
    }
    const cut = count < distribution.length ? " Hit counts under 0.05% are left out." : "";
    const chartBox = svg("svg", { class: "rs-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
      "aria-labelledby": "rs-chart-title rs-chart-desc" });
    chartBox.append(svg("title", { id: "rs-chart-title" }, `${title}: chance of each number of hits`),
      svg("desc", { id: "rs-chart-desc" }, described.join("; ") + "." + cut), ...bars);
    return chartBox;
  }
  function diceResult(data) {
    const out = [el("h3", { textContent: data.title })];
    if (data.blocked) out.push(el("p", { className: "rs-blocked", textContent: "Blocked: " + data.reason }));
    out.push(numbers([["Dice", data.dice], ["Expected hits", num(data.expected_hits), "rs-expected"],
      ["P(at least one hit)", pct(data.p_at_least_one), "rs-p1"]]), chart(data.distribution, data.title));
    if (data.rolled) {
      const r = data.rolled;
      const how = r.source === "seed" ? `Rolled with seed ${r.seed}` : "Dice entered";
      out.push(el("h4", { textContent: `${how}: ${plural(r.hits, "hit")}` }),
        el("ul", { className: "rs-rolled" }, {}, ...r.units.map((u) => el("li",
          { textContent: `${u.label} (${u.value}+): ${u.results.join(", ")} → ${plural(u.hits, "hit")}` }))));
    }
    return out.concat(steps(data.steps));
  }
  function findings(items, kind) {
    if (!items || !items.length) return [];
    return [el("ul", { className: "rs-" + kind }, {},
      ...items.map((f) => el("li", {}, {}, ruleLink(f.rule, f.url), " " + f.message)))];
  }
  function productionResult(data) {
    const pairs = [["Production limit", data.limit, "rs-limit"], ["Units counted", data.units_counted, "rs-counted"],
      ["Cost", data.cost, "rs-cost"]];
    if (given(data.infantry_limit)) pairs.push(["Infantry limit", data.infantry_limit]);
    const verdict = el("p", { className: "rs-verdict " + (data.allowed ? "ok" : "bad"),
      textContent: data.allowed ? "Allowed" : "Not allowed" });
    return [el("h3", { textContent: data.title }), verdict, numbers(pairs),
      ...findings(data.violations, "violations"), ...findings(data.warnings, "warnings"), ...steps(data.steps)];
  }

  // ---- Errors name a field: mark the control that holds it ----
  function clearError() {
    errorBox.hidden = true;
    errorBox.textContent = "";
    form.querySelectorAll("[aria-invalid]").forEach((node) => {
      node.removeAttribute("aria-invalid");
      node.removeAttribute("aria-describedby");
    });
  }
  function showError(message, field) {
    clearError();
    errorBox.textContent = message;
    errorBox.hidden = false;
    const m = /^(\w+)(?:\[(\d+)\])?(?:\.(\w+))?/.exec(field || "");
    if (!m) return;
    let key = LISTS[m[1]] || m[1];
    if (key === "modifiers") {
      key = m[3] === "plasma_scoring" ? "plasma" : Object.keys(FLAGS).find((k) => FLAGS[k] === m[3]);
    }
    const list = form.querySelector(`.rs-list[data-param="${key}"]`);
    let marked = Array.from(form.querySelectorAll(`[name="${key}"]:not([type=hidden])`));
    if (list) {  // units[1] is the second filled row: blank rows are not sent
      const filled = Array.from(list.querySelectorAll(".rs-row")).filter((li) => li.querySelector("input").value);
      marked = (m[2] === undefined ? filled : [filled[Number(m[2])]]).filter(Boolean)
        .map((li) => li.querySelector("select"));
    }
    marked.forEach((node) => {
      node.setAttribute("aria-invalid", "true");
      node.setAttribute("aria-describedby", "rs-error");
    });
  }

  // ---- Resolve: POST the decoded form, draw the answer, keep the address in step ----
  let pending = null;
  async function run() {
    form.querySelectorAll(".rs-row").forEach((li) => { if (rows.has(li)) rows.get(li).input.value = compose(li); });
    let req;
    try {
      req = decode(new URLSearchParams(new FormData(form)));
    } catch (err) {
      showError(`${err.field}: ${err.message}`, err.field);
      return;
    }
    if (!req) return;
    if (pending) pending.abort();
    const mine = pending = new AbortController();
    try {
      const response = await fetch(box.dataset.api, { method: "POST", signal: mine.signal, body: JSON.stringify(req),
        headers: { "Content-Type": "application/json", Accept: "application/json" } });
      const data = await response.json();
      if (mine !== pending) return;
      if (!data.ok) { showError(data.error, data.field); return; }
      clearError();
      result.replaceChildren(...(data.ability === "production" ? productionResult(data) : diceResult(data)));
      const url = permalinkURL(req);
      permalink.href = url.pathname + url.search + url.hash;
      permalink.hidden = copy.hidden = false;
      copy.textContent = "Copy link";
      history.replaceState(history.state, "", permalink.href);
    } catch (err) {
      if (err.name !== "AbortError") showError("The resolver could not be reached; try again.");
    }
  }
  // Resolve again after every change, once a unit is chosen.
  let timer = 0;
  function resolveSoon() {
    clearTimeout(timer);
    const chosen = form.querySelectorAll(".rs-list:is([data-param=u], [data-param=p]) .rs-row > input[type=hidden]");
    if (Array.from(chosen).some((input) => input.value)) timer = setTimeout(run, 60);
  }

  // Hovering or focusing a step card highlights its rule on the page; a click keeps it highlighted.
  let pinned = null;
  function highlight(rule) {
    document.querySelectorAll(".rs-governing").forEach((node) => node.classList.remove("rs-governing"));
    const target = rule ? document.getElementById(rule) : null;  // ids contain dots: no querySelector
    if (target) target.classList.add("rs-governing");
    result.querySelectorAll(".rs-step").forEach((card) => {
      card.classList.toggle("rs-active", card.dataset.rule === rule);
    });
  }
  const cardOf = (event) => event.target.closest && event.target.closest(".rs-step");
  const pin = (card) => { pinned = card.dataset.rule; highlight(pinned); };
  result.addEventListener("mouseover", (event) => { if (cardOf(event)) highlight(cardOf(event).dataset.rule); });
  result.addEventListener("focusin", (event) => { if (cardOf(event)) highlight(cardOf(event).dataset.rule); });
  result.addEventListener("mouseleave", () => highlight(pinned));
  result.addEventListener("click", (event) => { if (cardOf(event)) pin(cardOf(event)); });
  result.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && event.target.classList.contains("rs-step")) pin(event.target);
  });

  // ---- Wire up ----
  form.addEventListener("submit", (event) => { event.preventDefault(); run(); });
  form.addEventListener("change", (event) => {
    if (event.target.name !== "ability") { resolveSoon(); return; }
    follow().then(() => { form.querySelectorAll(".rs-row").forEach(visibility); resolveSoon(); });
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
  if (location.hash === "#resolver") box.open = true;
  follow();
  Promise.all(Array.from(form.querySelectorAll(".rs-list")).map(setupList)).then(() => { box.dataset.ready = "true"; });
})();
