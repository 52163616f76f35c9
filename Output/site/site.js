// Scenograph's site script: plain JavaScript, no dependency, works from file:// and offline. Progressive: without
// it every page is still complete; with it the sidebar becomes a filterable tree (from nav.js) that folds behind a
// menu on narrow screens, and every diagram frame gets zoom (buttons, Ctrl/⌘ + wheel, pinch, + and − keys), pan by
// drag or arrow keys, fit-to-width and actual size.
(function () {
  "use strict";
  var doc = document;
  doc.documentElement.classList.add("js");

  function element(name, attributes, text) {
    var node = doc.createElement(name);
    Object.keys(attributes || {}).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // MARK: Sidebar

  function buildSidebar() {
    var data = window.scenographNav;
    var sidebar = doc.getElementById("sidebar");
    if (!data || !sidebar) return;
    var root = doc.body.getAttribute("data-root") || "";
    var current = doc.body.getAttribute("data-page") || "";
    var staticList = sidebar.querySelector(".nav-static");
    var container = element("div", { "class": "nav-dynamic" });
    var label = element("label", { "for": "nav-filter", "class": "nav-heading" }, "Filter scenes and flows");
    var filter = element("input", { type: "search", id: "nav-filter", placeholder: "Filter…", autocomplete: "off" });
    container.appendChild(label);
    container.appendChild(filter);

    // A name breaks where its words meet (camel case, '.', '_', '-'), as the pages' tables break it, not mid-word.
    function upper(c) { return c !== "" && c === c.toUpperCase() && c !== c.toLowerCase(); }
    function lower(c) { return c !== "" && c === c.toLowerCase() && c !== c.toUpperCase(); }
    function breakable(node, name) {
      var start = 0;
      for (var i = 1; i <= name.length; i++) {
        var previous = name.charAt(i - 1), character = name.charAt(i), next = name.charAt(i + 1);
        var humps = upper(character) && (lower(previous) || /[0-9]/.test(previous));
        var acronymEnds = upper(character) && upper(previous) && lower(next);
        var separator = (previous === "." || previous === "_" || previous === "-") && character !== "." && character !== "_" && character !== "-";
        if (i === name.length || humps || acronymEnds || separator) {
          if (start > 0) node.appendChild(doc.createElement("wbr"));
          node.appendChild(doc.createTextNode(name.slice(start, i)));
          start = i;
        }
      }
      return node;
    }
    function link(item) {
      var a = breakable(element("a", { href: root + item.path }), item.id);
      if (item.path === current) a.setAttribute("aria-current", "page");
      return a;
    }
    function tree(items) {
      var list = element("ul");
      items.forEach(function (item) {
        var li = element("li");
        li.setAttribute("data-name", item.id.toLowerCase());
        li.appendChild(link(item));
        if (item.initial) {
          li.appendChild(doc.createTextNode(" "));
          li.appendChild(element("span", { "class": "kind start", title: "the app starts here" }, "start"));
        }
        if (item.pushed) {
          li.appendChild(doc.createTextNode(" "));
          li.appendChild(element("span", { "class": "kind", title: "pushed onto this navigation controller by a show segue" }, "pushed"));
        }
        if (item.kind && item.kind !== "content") {
          li.appendChild(doc.createTextNode(" "));
          li.appendChild(element("span", { "class": "kind" }, item.kind));
        }
        if (item.children) li.appendChild(tree(item.children));
        list.appendChild(li);
      });
      return list;
    }
    container.appendChild(element("p", { "class": "nav-heading" }, "Scenes"));
    var scenes = tree(data.scenes || []);
    scenes.className = "nav-scenes";
    container.appendChild(scenes);
    // A model without flows (storyboards alone) gets no empty Flows heading.
    var flows = null;
    if ((data.flows || []).length > 0) {
      container.appendChild(element("p", { "class": "nav-heading" }, "Flows"));
      flows = element("ul", { "class": "nav-flows" });
      data.flows.forEach(function (flow) {
        var li = element("li");
        li.setAttribute("data-name", flow.id.toLowerCase());
        li.appendChild(link(flow));
        li.appendChild(doc.createTextNode(" "));
        li.appendChild(element("span", { "class": "result " + flow.result }, flow.result));
        flows.appendChild(li);
      });
      container.appendChild(flows);
    }
    if (staticList) staticList.parentNode.replaceChild(container, staticList); else sidebar.appendChild(container);

    // A filtered item shows with its ancestors, so that a stack is seen in its tab.
    filter.addEventListener("input", function () {
      var query = filter.value.trim().toLowerCase();
      function visit(li) {
        var own = li.getAttribute("data-name").indexOf(query) >= 0;
        var child = false;
        var sublist = li.querySelector(":scope > ul");
        if (sublist) Array.prototype.forEach.call(sublist.children, function (sub) { if (visit(sub)) child = true; });
        var shown = !query || own || child;
        li.hidden = !shown;
        return shown;
      }
      Array.prototype.forEach.call(scenes.children, visit);
      if (flows) Array.prototype.forEach.call(flows.children, visit);
    });

    var button = doc.querySelector(".menu-button");
    if (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var open = sidebar.classList.toggle("open");
        button.setAttribute("aria-expanded", open ? "true" : "false");
        if (open) filter.focus();
      });
      // Escape closes the open menu and gives the focus back to its button.
      doc.addEventListener("keydown", function (event) {
        if (event.key !== "Escape" || !sidebar.classList.contains("open")) return;
        sidebar.classList.remove("open");
        button.setAttribute("aria-expanded", "false");
        button.focus();
      });
    }
    // The current page's entry in view inside the sidebar (scrolling the sidebar only, never the page).
    var active = sidebar.querySelector("a[aria-current]");
    if (active && sidebar.scrollHeight > sidebar.clientHeight) {
      var offset = active.getBoundingClientRect().top - sidebar.getBoundingClientRect().top;
      sidebar.scrollTop = Math.max(0, offset - sidebar.clientHeight / 2);
    }
  }

  // MARK: Diagrams

  var minimumScale = 0.1, maximumScale = 8;
  // A diagram opens fitted to its frame unless that takes it below `smallestFit`, where its labels shrink under
  // some 8 CSS pixels: then it opens at `legibleScale` (labels of some 10 pixels), readable at its left end, to be
  // dragged or fitted, rather than whole and unreadable.
  var smallestFit = 0.55, legibleScale = 0.75;

  function setUpDiagram(figure) {
    var frame = figure.querySelector(".frame");
    var svg = frame && frame.querySelector("svg");
    if (!svg) return;
    // Graphviz sizes the picture in points; a point is 4/3 CSS pixels.
    function length(name) {
      var value = svg.getAttribute(name) || "";
      var number = parseFloat(value);
      return /pt$/.test(value) ? number * 4 / 3 : number;
    }
    var natural = { width: length("width"), height: length("height") };
    if (!(natural.width > 0 && natural.height > 0)) return;
    // The picture's links are the page's tables' links again: the keyboard skips them (a big graph would take a
    // hundred Tab presses), the pointer still follows them.
    Array.prototype.forEach.call(svg.querySelectorAll("a"), function (a) { a.setAttribute("tabindex", "-1"); });
    figure.classList.add("zoomable");
    frame.classList.add("pannable");
    var scale = 1;
    var toolbar = element("div", { "class": "toolbar", role: "toolbar", "aria-label": "Zoom" });
    function button(text, title, action) {
      var b = element("button", { type: "button", title: title, "aria-label": title }, text);
      b.addEventListener("click", action);
      toolbar.appendChild(b);
      return b;
    }
    var level = element("span", { "class": "zoom-level", "aria-live": "polite" });
    function apply(next, anchorX, anchorY) {
      next = Math.min(maximumScale, Math.max(minimumScale, next));
      // Keep the point under the pointer (or the frame's centre) in place.
      var ax = anchorX === undefined ? frame.clientWidth / 2 : anchorX;
      var ay = anchorY === undefined ? frame.clientHeight / 2 : anchorY;
      var contentX = (frame.scrollLeft + ax) / scale, contentY = (frame.scrollTop + ay) / scale;
      scale = next;
      svg.style.width = natural.width * scale + "px";
      svg.style.height = natural.height * scale + "px";
      frame.scrollLeft = contentX * scale - ax;
      frame.scrollTop = contentY * scale - ay;
      figure.setAttribute("data-scale", scale.toFixed(3));
      level.textContent = Math.round(scale * 100) + "%" + (natural.width * scale > frame.clientWidth + 1 ? " · drag to see more" : "");
    }
    function fitScale() {
      var style = getComputedStyle(frame);
      var inner = frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return Math.min(1, inner / natural.width);
    }
    function openingScale() { var fit = fitScale(); return fit >= smallestFit ? fit : legibleScale; }
    // Until the reader zooms, the picture keeps its opening scale as the window changes size.
    var fitting = true, opening = true;
    button("−", "Zoom out", function () { fitting = false; apply(scale / 1.25); });
    button("+", "Zoom in", function () { fitting = false; apply(scale * 1.25); });
    button("Fit width", "Fit to width", function () { fitting = true; opening = false; apply(fitScale()); });
    button("1:1", "Actual size", function () { fitting = false; apply(1); });
    toolbar.appendChild(level);
    figure.insertBefore(toolbar, frame);
    apply(openingScale());
    // A diagram too wide to open whole opens at the scene it is about, centred (a scene's neighbourhood on its
    // page); a segue graph at the app's initial scene, a quarter in, when it is not in view at the graph's left
    // end: a graph laid out left to right keeps its legend at its left end, which would otherwise be all a phone
    // shows at first, and one turned top to bottom starts there. A wide frame that shows the initial scene from
    // the left end opens there, with the title and legend, and scrolls down no further than the scene needs.
    // Other diagrams open at their top left.
    var focus = svg.querySelector("g.node.scene.focus");
    var start = focus || svg.querySelector("g.node.scene.initial");
    if (start && (natural.width * scale > frame.clientWidth + 1 || (focus && natural.height * scale > frame.clientHeight + 1))) {
      var at = start.getBoundingClientRect(), whole = svg.getBoundingClientRect();
      var share = focus ? 2 : 4;
      if (focus || at.right - whole.left > frame.clientWidth) {
        frame.scrollLeft = Math.max(0, at.left - whole.left + (focus ? at.width / 2 : 0) - frame.clientWidth / share);
      }
      // Down only as far as brings the initial scene in view, so that as much of the title and legend shows.
      if (focus) {
        frame.scrollTop = Math.max(0, at.top - whole.top + at.height / 2 - frame.clientHeight / 2);
      } else if (at.bottom - whole.top + 16 > frame.clientHeight) {
        frame.scrollTop = Math.max(0, at.bottom - whole.top + 16 - frame.clientHeight);
      }
    }
    window.addEventListener("resize", function () { if (fitting) apply(opening ? openingScale() : fitScale()); });

    frame.addEventListener("wheel", function (event) {
      if (!(event.ctrlKey || event.metaKey)) return;
      event.preventDefault();
      fitting = false;
      var box = frame.getBoundingClientRect();
      apply(scale * Math.exp(-event.deltaY / 300), event.clientX - box.left, event.clientY - box.top);
    }, { passive: false });

    // Drag to pan; two touching pointers pinch to zoom. A drag does not follow the link it started on.
    var pointers = {};
    var drag = null, pinch = null, moved = false;
    function distance() {
      var p = Object.keys(pointers).map(function (id) { return pointers[id]; });
      return Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y);
    }
    frame.addEventListener("pointerdown", function (event) {
      if (event.button !== 0) return;
      pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
      moved = false;
      if (Object.keys(pointers).length === 2) {
        pinch = { distance: distance(), scale: scale };
        drag = null;
      } else {
        drag = { x: event.clientX, y: event.clientY, left: frame.scrollLeft, top: frame.scrollTop, id: event.pointerId };
      }
    });
    frame.addEventListener("pointermove", function (event) {
      if (!pointers[event.pointerId]) return;
      pointers[event.pointerId] = { x: event.clientX, y: event.clientY };
      if (pinch && Object.keys(pointers).length === 2) {
        fitting = false;
        var box = frame.getBoundingClientRect();
        apply(pinch.scale * distance() / pinch.distance, event.clientX - box.left, event.clientY - box.top);
        moved = true;
        return;
      }
      if (!drag) return;
      var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
      if (!moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      if (!moved) {
        moved = true;
        frame.classList.add("panning");
        if (frame.setPointerCapture) frame.setPointerCapture(drag.id);
      }
      frame.scrollLeft = drag.left - dx;
      frame.scrollTop = drag.top - dy;
    });
    function end(event) {
      delete pointers[event.pointerId];
      if (Object.keys(pointers).length < 2) pinch = null;
      drag = null;
      frame.classList.remove("panning");
    }
    frame.addEventListener("pointerup", end);
    frame.addEventListener("pointercancel", end);
    frame.addEventListener("click", function (event) {
      if (moved) { event.preventDefault(); event.stopPropagation(); moved = false; }
    }, true);
    frame.addEventListener("dragstart", function (event) { event.preventDefault(); });

    // The keyboard reaches the frame (its links are skipped, above): arrow keys, Page Up/Down and Home/End scroll
    // it, + and − zoom about its centre, 0 fits it.
    frame.setAttribute("tabindex", "0");
    frame.setAttribute("role", "group");
    var caption = figure.querySelector("figcaption");
    frame.setAttribute("aria-label", (caption ? caption.textContent.split(" · ")[0] + ": " : "") +
      "diagram; arrow keys scroll it, + and − zoom, 0 fits it to the width");
    frame.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      var step = 60, handled = true;
      switch (event.key) {
        case "ArrowLeft": frame.scrollLeft -= step; break;
        case "ArrowRight": frame.scrollLeft += step; break;
        case "ArrowUp": frame.scrollTop -= step; break;
        case "ArrowDown": frame.scrollTop += step; break;
        case "PageUp": frame.scrollTop -= frame.clientHeight * 0.9; break;
        case "PageDown": frame.scrollTop += frame.clientHeight * 0.9; break;
        case "Home": frame.scrollLeft = 0; frame.scrollTop = 0; break;
        case "End": frame.scrollLeft = frame.scrollWidth; frame.scrollTop = frame.scrollHeight; break;
        case "+": case "=": fitting = false; apply(scale * 1.25); break;
        case "-": case "_": fitting = false; apply(scale / 1.25); break;
        case "0": fitting = true; opening = false; apply(fitScale()); break;
        default: handled = false;
      }
      if (handled) event.preventDefault();
    });
  }

  function start() {
    buildSidebar();
    Array.prototype.forEach.call(doc.querySelectorAll("figure[data-diagram]"), setUpDiagram);
    // Printing shows every folded list of callbacks.
    window.addEventListener("beforeprint", function () {
      Array.prototype.forEach.call(doc.querySelectorAll("details"), function (d) { d.open = true; });
    });
  }
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start); else start();
})();
