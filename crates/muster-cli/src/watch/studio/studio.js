// The map studio's page script, served as a file of its own so the page's CSP
// admits scripts from the server only. It draws the map a built briefing holds
// (the umpire's or a side's, exactly as that briefing shows it), swaps it in
// place after each rebuild (zoom and scroll kept), and turns pointing into
// coordinates and map items into source lines.
(function () {
  "use strict";

  var MARKS = ["data-element", "data-unit", "data-feature", "data-stretch"];
  var MARK_SELECTOR = MARKS.map(function (a) { return "[" + a + "]"; }).join(",");
  var SVG_NS = "http://www.w3.org/2000/svg";

  var state = {
    scenarios: [], folder: null, layer: "umpire", version: null, serial: 0,
    cursor: null, svg: null, base: 0, view: { x: 0, y: 0, k: 1 },
    items: new Map(), press: null, loading: 0, editor: false
  };

  function $(id) { return document.getElementById(id); }

  function scenario() {
    return state.scenarios.find(function (s) { return s.folder === state.folder; }) || null;
  }

  // --- Geometry: SVG user units are ground metres, y down from the table's far
  // edge; the map carries the table's depth and the ground scale (m per table mm).
  function ground(evt) {
    var svg = state.svg;
    var ctm = svg && svg.getScreenCTM();
    if (!ctm) return null;
    var p = new DOMPoint(evt.clientX, evt.clientY).matrixTransform(ctm.inverse());
    var depth = parseFloat(svg.getAttribute("data-table-depth"));
    var scale = parseFloat(svg.getAttribute("data-ground-scale"));
    return { x: p.x, y: depth - p.y, scale: scale };
  }

  function round(v) { return Math.round(v); }

  function cm(metres, scale) { return (metres / scale / 10).toFixed(1); }

  function point(p) { return "(" + round(p.x) + "," + round(p.y) + ")"; }

  // Degrees clockwise from north, as `facing` takes them.
  function bearing(a, b) {
    var deg = Math.atan2(b.x - a.x, b.y - a.y) * 180 / Math.PI;
    return round((deg + 360) % 360) % 360;
  }

  // --- The view: pan and zoom as one transform on the stage, which a swapped
  // map keeps.
  function applyView() {
    var v = state.view;
    $("stage").style.transform = "translate(" + v.x + "px," + v.y + "px) scale(" + v.k + ")";
  }

  function zoomAt(clientX, clientY, factor) {
    var r = $("viewport").getBoundingClientRect();
    var px = clientX - r.left, py = clientY - r.top, v = state.view;
    var k = Math.min(40, Math.max(0.2, v.k * factor));
    v.x = px - (px - v.x) * (k / v.k);
    v.y = py - (py - v.y) * (k / v.k);
    v.k = k;
    applyView();
  }

  // --- Loading: the scenarios, then the chosen view's map out of its briefing.
  function sheet() {
    return state.layer === "umpire" ? "umpire.html" : "side-" + state.layer + ".html";
  }

  function loadIndex() {
    return fetch("/__muster/studio.json", { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (list) {
        state.scenarios = list;
        if (!scenario() && list.length) state.folder = list[0].folder;
        fillChoices();
        showFindings();
      });
  }

  function fillChoices() {
    var pick = $("scenario");
    pick.replaceChildren();
    state.scenarios.forEach(function (s) {
      var o = new Option(s.display, s.folder, false, s.folder === state.folder);
      pick.add(o);
    });
    var layer = $("layer");
    layer.replaceChildren();
    var s = scenario();
    var views = ["umpire"].concat(s ? s.sides : []);
    if (views.indexOf(state.layer) < 0) state.layer = "umpire";
    views.forEach(function (v) {
      layer.add(new Option(v === "umpire" ? "umpire" : "side " + v, v, false, v === state.layer));
    });
    state.items = new Map();
    (s ? s.items : []).forEach(function (i) { state.items.set(i.attr + "=" + i.value, i); });
  }

  function loadMap() {
    if (!state.folder) return Promise.resolve();
    var ticket = ++state.loading;
    var url = "/" + encodeURIComponent(state.folder) + "/" + sheet();
    return fetch(url, { cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (text) {
        if (text === null || ticket !== state.loading) return;
        var doc = new DOMParser().parseFromString(text, "text/html");
        var found = doc.querySelector("figure.map svg");
        if (!found) return;
        var svg = document.importNode(found, true);
        var box = svg.viewBox.baseVal;
        if (!state.base) state.base = Math.max(400, $("viewport").clientWidth - 20);
        svg.removeAttribute("style");
        svg.setAttribute("width", state.base);
        svg.setAttribute("height", state.base * box.height / box.width);
        $("stage").replaceChildren(svg);
        state.svg = svg;
        svg.setAttribute("data-studio-version", String(state.version));
        decorate();
      });
  }

  // --- What the studio draws over the map, in ground metres.
  function overlay(name) {
    var g = state.svg.querySelector("g[data-studio='" + name + "']");
    if (g) g.remove();
    g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("data-studio", name);
    g.setAttribute("pointer-events", "none");
    state.svg.appendChild(g);
    return g;
  }

  // A mark's box in the map's user units.
  function boxOf(mark) {
    var b = mark.getBBox();
    var m = state.svg.getScreenCTM().inverse().multiply(mark.getScreenCTM());
    var a = new DOMPoint(b.x, b.y).matrixTransform(m);
    var c = new DOMPoint(b.x + b.width, b.y + b.height).matrixTransform(m);
    return { x: Math.min(a.x, c.x), y: Math.min(a.y, c.y), w: Math.abs(c.x - a.x), h: Math.abs(c.y - a.y) };
  }

  function markOf(attr, value) {
    if (!state.svg) return null;
    return state.svg.querySelector("[" + attr + "=\"" + CSS.escape(value) + "\"]");
  }

  function shape(parent, kind, attrs) {
    var el = document.createElementNS(SVG_NS, kind);
    Object.keys(attrs).forEach(function (k) { el.setAttribute(k, attrs[k]); });
    parent.appendChild(el);
    return el;
  }

  function em() {
    var box = state.svg.viewBox.baseVal;
    return box.width / 120;
  }

  function decorate() {
    if (!state.svg) return;
    drawRings();
    drawLinks();
    drawSheets();
    drawFindings();
    highlightCursor();
  }

  // Hot/cold (§24): a ring round every element the map shows, at the
  // distance the index gives.
  function drawRings() {
    var g = overlay("rings");
    var s = scenario();
    if (!s || !$("show-rings").checked) return;
    state.svg.querySelectorAll("[data-element]").forEach(function (mark) {
      var c = centreOf(mark);
      shape(g, "circle", { cx: c.x, cy: c.y, r: s.hot_m, fill: "none", stroke: "#b5562a",
        "stroke-width": em() * 0.12, "stroke-dasharray": em() * 0.5 + " " + em() * 0.3 });
    });
  }

  function centreOf(mark) {
    var m = state.svg.getScreenCTM().inverse().multiply(mark.getScreenCTM());
    return new DOMPoint(0, 0).matrixTransform(m);
  }

  var MEANS = { "telephone": "#5b3a8c", "long-range radio": "#0b6e4f", "radio": "#1c8a6a",
    "voice": "#333", "runner": "#9a6a00" };

  // Each element's link up its chain of command (§87–§89), on the umpire's map
  // only: a side's briefing map draws none.
  function drawLinks() {
    var g = overlay("links");
    var s = scenario();
    if (!s || state.layer !== "umpire" || !$("show-links").checked) return;
    s.links.forEach(function (l) {
      var a = markOf("data-element", l.from), b = markOf("data-element", l.to);
      if (!a || !b) return;
      var p = centreOf(a), q = centreOf(b);
      var line = shape(g, "line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y,
        stroke: MEANS[l.means] || "#333", "stroke-width": em() * 0.18,
        "stroke-dasharray": l.means === "voice" ? "none" : em() * 0.5 + " " + em() * 0.25,
        "data-link": l.from + ">" + l.to });
      var t = document.createElementNS(SVG_NS, "title");
      t.textContent = l.from + " to " + l.to + " by " + l.means;
      line.appendChild(t);
    });
  }

  // The pages of the set-up sheet: each tile's window on the table, read from
  // the built set-up sheet itself.
  var sheets = { version: null, folder: null, windows: [] };

  function drawSheets() {
    var g = overlay("sheets");
    if (!$("show-grid").checked || !state.folder) return;
    if (sheets.version !== state.version || sheets.folder !== state.folder) {
      sheets.version = state.version;
      sheets.folder = state.folder;
      sheets.windows = [];
      fetch("/" + encodeURIComponent(state.folder) + "/setup.html", { cache: "no-store" })
        .then(function (r) { return r.ok ? r.text() : ""; })
        .then(function (text) {
          var doc = new DOMParser().parseFromString(text, "text/html");
          doc.querySelectorAll("section.tile rect[data-frame='window']").forEach(function (r) {
            sheets.windows.push(["x", "y", "width", "height"].map(function (k) {
              return parseFloat(r.getAttribute(k));
            }));
          });
          drawSheets();
        });
      return;
    }
    sheets.windows.forEach(function (w, n) {
      shape(g, "rect", { x: w[0], y: w[1], width: w[2], height: w[3], fill: "none",
        stroke: "#7a2e6b", "stroke-width": em() * 0.2, "data-sheet": String(n + 1),
        "stroke-dasharray": em() * 0.8 + " " + em() * 0.3 });
      var label = shape(g, "text", { x: w[0] + em() * 0.5, y: w[1] + em() * 1.2,
        fill: "#7a2e6b", "font-size": em() * 1.1 });
      label.textContent = "sheet " + (n + 1);
    });
  }

  // Findings with a place, on the umpire's map only: a side's view shows
  // what its briefing shows and nothing more.
  function drawFindings() {
    var g = overlay("findings");
    var s = scenario();
    if (!s || state.layer !== "umpire" || !$("show-findings").checked) return;
    s.findings.forEach(function (f, n) {
      if (!f.item) return;
      var mark = markOf(f.item[0], f.item[1]);
      if (!mark) return;
      var b = boxOf(mark);
      var ring = shape(g, "circle", { cx: b.x + b.w / 2, cy: b.y + b.h / 2,
        r: Math.max(em() * 1.2, Math.min(b.w, b.h) / 2), fill: "none",
        stroke: f.severity === "error" ? "#c01818" : "#d08a00", "stroke-width": em() * 0.3,
        "data-finding": String(n) });
      var t = document.createElementNS(SVG_NS, "title");
      t.textContent = f.code + " " + f.message;
      ring.appendChild(t);
    });
  }

  function showFindings() {
    var list = $("findings");
    list.replaceChildren();
    var s = scenario();
    var findings = s ? s.findings : [];
    $("finding-count").textContent = "(" + findings.length + ")";
    findings.forEach(function (f) {
      var li = document.createElement("li");
      li.className = f.severity;
      li.textContent = f.code + " " + f.message + (f.line ? " (line " + f.line + ")" : "");
      li.addEventListener("click", function () { if (f.file) openSource(f, f.code); });
      list.appendChild(li);
    });
  }

  // The item under the editor's cursor: the smallest one whose lines hold it.
  function highlightCursor() {
    var g = overlay("cursor");
    var c = state.cursor;
    if (!c || !state.svg) return;
    var best = null;
    state.items.forEach(function (i) {
      if (i.file !== c.file || c.line < i.line || c.line > i.line_end) return;
      if (!markOf(i.attr, i.value)) return;
      if (!best || i.line_end - i.line < best.line_end - best.line) best = i;
    });
    if (!best) return;
    var b = boxOf(markOf(best.attr, best.value));
    var pad = em() * 0.6;
    shape(g, "rect", { x: b.x - pad, y: b.y - pad, width: b.w + 2 * pad, height: b.h + 2 * pad,
      fill: "#ffb000", "fill-opacity": 0.25, stroke: "#e07b00", "stroke-width": em() * 0.25,
      "data-cursor": best.attr + "=" + best.value });
  }

  // --- Map to source: the editor opens it when connected, else a link.
  function openSource(at, what) {
    var where = at.file + ":" + at.line;
    var out = $("source");
    out.replaceChildren();
    var a = document.createElement("a");
    a.href = "vscode://file" + encodeURI(at.file) + ":" + at.line;
    a.textContent = where;
    a.setAttribute("data-file", at.file);
    a.setAttribute("data-line", String(at.line));
    out.append(what + " ", a);
    var q = "?file=" + encodeURIComponent(at.file) + "&line=" + at.line;
    fetch("/__muster/open" + q, { method: "POST", cache: "no-store" })
      .then(function (r) {
        out.append(r.status === 200 ? " · opened in the editor" : "");
      })
      .catch(function () {});
  }

  function itemAt(target) {
    var mark = target && target.closest ? target.closest(MARK_SELECTOR) : null;
    while (mark) {
      for (var i = 0; i < MARKS.length; i++) {
        var v = mark.getAttribute(MARKS[i]);
        var item = v === null ? null : state.items.get(MARKS[i] + "=" + v);
        if (item) return { item: item, label: v };
      }
      mark = mark.parentElement ? mark.parentElement.closest(MARK_SELECTOR) : null;
    }
    return null;
  }

  function copy(text) {
    $("copied").textContent = text;
    if (navigator.clipboard) navigator.clipboard.writeText(text).catch(function () {});
  }

  // --- Pointing.
  function onMove(evt) {
    var p = ground(evt);
    if (!p) return;
    $("readout").textContent = point(p) + " m · table " + cm(p.x, p.scale) + " × " +
      cm(p.y, p.scale) + " cm";
    var press = state.press;
    if (!press) return;
    if (press.pan) {
      state.view.x = press.vx + evt.clientX - press.cx;
      state.view.y = press.vy + evt.clientY - press.cy;
      applyView();
      return;
    }
    if (Math.abs(evt.clientX - press.cx) + Math.abs(evt.clientY - press.cy) > 4) press.moved = true;
    if (!press.moved) return;
    $("bearing").textContent = "from " + point(press.at) + " to " + point(p) + ": facing " +
      bearing(press.at, p) + ", " + round(Math.hypot(p.x - press.at.x, p.y - press.at.y)) + " m";
    var g = overlay("drag");
    var depth = parseFloat(state.svg.getAttribute("data-table-depth"));
    if (press.line) {
      shape(g, "line", { x1: press.at.x, y1: depth - press.at.y, x2: p.x, y2: depth - p.y,
        stroke: "#0b5ed7", "stroke-width": em() * 0.25 });
    } else {
      shape(g, "rect", { x: Math.min(press.at.x, p.x), y: depth - Math.max(press.at.y, p.y),
        width: Math.abs(p.x - press.at.x), height: Math.abs(p.y - press.at.y),
        fill: "#0b5ed7", "fill-opacity": 0.12, stroke: "#0b5ed7", "stroke-width": em() * 0.2 });
    }
  }

  function onDown(evt) {
    if (!state.svg) return;
    var pan = evt.button === 1 || evt.shiftKey;
    if (evt.button !== 0 && !pan) return;
    evt.preventDefault();
    state.press = { pan: pan, line: evt.altKey, at: ground(evt), cx: evt.clientX, cy: evt.clientY,
      vx: state.view.x, vy: state.view.y, moved: false, target: evt.target };
  }

  function onUp(evt) {
    var press = state.press;
    state.press = null;
    if (!press || press.pan) return;
    var p = ground(evt);
    if (!p || !press.at) return;
    if (!press.moved) {
      copy(point(p));
      var hit = itemAt(press.target);
      if (hit) openSource(hit.item, hit.label);
      return;
    }
    if (press.line) {
      copy(point(press.at) + " " + point(p));
    } else {
      var w = round(Math.abs(p.x - press.at.x)), h = round(Math.abs(p.y - press.at.y));
      var sw = { x: Math.min(press.at.x, p.x), y: Math.min(press.at.y, p.y) };
      copy("rect " + point(sw) + " size " + w + "m by " + h + "m");
    }
  }

  // --- Live: the build counter and the editor's cursor, polled.
  function poll() {
    fetch("/__muster/studio/state", { cache: "no-store" })
      .then(function (r) { return r.json(); })
      .then(function (s) {
        if (s.editor !== state.editor) {
          state.editor = s.editor;
          $("editor").textContent = s.editor ? "editor connected" : "no editor connected";
        }
        var jobs = [];
        if (s.version !== state.version) {
          state.version = s.version;
          jobs.push(loadIndex().then(loadMap));
        }
        if (s.serial !== state.serial) {
          state.serial = s.serial;
          state.cursor = s.cursor;
          highlightCursor();
        }
        return Promise.all(jobs);
      })
      .then(function () { setTimeout(poll, 300); },
        function () { setTimeout(poll, 1500); });
  }

  function start() {
    var hash = decodeURIComponent(location.hash.slice(1)).split("/");
    if (hash[0]) state.folder = hash[0];
    if (hash[1]) state.layer = hash[1];
    var vp = $("viewport");
    vp.addEventListener("mousemove", onMove);
    vp.addEventListener("mousedown", onDown);
    window.addEventListener("mouseup", onUp);
    vp.addEventListener("wheel", function (evt) {
      evt.preventDefault();
      zoomAt(evt.clientX, evt.clientY, evt.deltaY < 0 ? 1.2 : 1 / 1.2);
    }, { passive: false });
    $("scenario").addEventListener("change", function (evt) {
      state.folder = evt.target.value;
      location.hash = state.folder + "/" + state.layer;
      fillChoices();
      showFindings();
      loadMap();
    });
    $("layer").addEventListener("change", function (evt) {
      state.layer = evt.target.value;
      location.hash = state.folder + "/" + state.layer;
      loadMap();
    });
    ["show-findings", "show-rings", "show-links", "show-grid"].forEach(function (id) {
      $(id).addEventListener("change", decorate);
    });
    $("fit").addEventListener("click", function () {
      state.view = { x: 0, y: 0, k: 1 };
      applyView();
    });
    poll();
  }

  start();
})();
