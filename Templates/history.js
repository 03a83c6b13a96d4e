// The bar of a snapshot's pages: names the snapshot the page is read in and links the
// snapshots before and after it and the latest. The lines above this script, written with
// each snapshot, list them; a page a later snapshot shares is the same file in both, so the
// snapshot is read from the page's address, history/<name>/…, not from the page.
//
// On an item's comments page (live or in a snapshot), it also says where in the history the
// item is: it loads the item's spans of snapshots from history/items/<last two characters
// of its ID>.js, one call of feedsiteHistoryItems(shard, {ID: [[from, to or null], …]}), and
// writes them out with the DOM alone, so no text is read as HTML.
(function () {
  "use strict";
  var history = window.feedsiteHistory;
  var section = document.querySelector(".item-history");
  if (!history || !section) return;
  var config = section.dataset;
  var names = history.snapshots.map(function (snapshot) { return snapshot.name; });
  var lang = document.documentElement.lang;
  var numbers;
  try { numbers = new Intl.NumberFormat(lang || undefined); } catch (error) { numbers = new Intl.NumberFormat(); }
  function time(index) {
    var times = history.snapshots[index].time;
    return times[lang] || times[Object.keys(times)[0]];
  }
  function link(index, page) {
    var anchor = document.createElement("a");
    anchor.href = config.root + names[index] + "/" + config.locale + page;
    anchor.textContent = config.time ? config.time.replace("%@", time(index)) : time(index);
    return anchor;
  }
  // A string table's text with %@ (or %1$@, %2$@ …) replaced by `values`, nodes or numbers.
  function filled(tag, text, values) {
    var node = document.createElement(tag);
    var next = 0;
    var parts = String(text).split(/(%(?:\d+\$)?@)/);
    parts.forEach(function (part) {
      var found = /^%(?:(\d+)\$)?@$/.exec(part);
      if (!found) {
        if (part) node.appendChild(document.createTextNode(part.replace(/%%/g, "%")));
        return;
      }
      var value = values[found[1] ? Number(found[1]) - 1 : next++];
      if (value === undefined) return;
      node.appendChild(typeof value === "number" ? document.createTextNode(numbers.format(value)) : value);
    });
    return node;
  }
  function show(spans) {
    var held = [];
    spans.forEach(function (span) {
      var from = names.indexOf(span[0]);
      var to = span[1] === null ? names.length - 1 : names.indexOf(span[1]);
      for (var at = from; from >= 0 && at <= to; at++) held.push(at);
    });
    if (held.length === 0) return;
    var page = "comments/" + config.item + ".html";
    var first = held[0];
    var last = held[held.length - 1];
    section.appendChild(filled("p", config["in"], [held.length, names.length]));
    var seen = filled("p", config.first, [link(first, page)]);
    seen.appendChild(document.createTextNode(" · "));
    if (last === names.length - 1) {
      seen.appendChild(document.createTextNode(config.still));
    } else {
      var lastSeen = filled("span", config.last, [link(last, page)]);
      var gone = filled("span", config.gone, [link(last + 1, "index.html")]);
      seen.appendChild(lastSeen);
      seen.appendChild(document.createTextNode(" · "));
      seen.appendChild(gone);
    }
    section.appendChild(seen);
    var details = document.createElement("details");
    var summary = document.createElement("summary");
    summary.textContent = config.all;
    var list = document.createElement("ol");
    held.forEach(function (index) {
      var item = document.createElement("li");
      item.appendChild(link(index, page));
      list.appendChild(item);
    });
    details.appendChild(summary);
    details.appendChild(list);
    section.appendChild(details);
    section.hidden = false;
  }
  window.feedsiteHistoryItems = function (shard, items) {
    if (Object.prototype.hasOwnProperty.call(items, config.item)) show(items[config.item]);
  };
  var script = document.createElement("script");
  script.src = config.root + "items/" + config.item.slice(-2).toLowerCase() + ".js";
  script.onload = script.onerror = function () { script.remove(); };
  document.head.appendChild(script);
})();

(function () {
  "use strict";
  var history = window.feedsiteHistory;
  var bar = document.querySelector(".archive-bar");
  var found = /\/history\/(\d{8}T\d{6}Z(?:-\d+)?)\//.exec(window.location.pathname);
  if (!history || !bar || !found) return;
  var names = history.snapshots.map(function (snapshot) { return snapshot.name; });
  var at = names.indexOf(found[1]);
  if (at < 0) return;
  var lang = document.documentElement.lang;
  var times = history.snapshots[at].time;
  var when = bar.querySelector(".archive-when");
  when.textContent = bar.dataset.taken.replace("%@", times[lang] || times[Object.keys(times)[0]]);
  // A link in the bar, before its link to all snapshots.
  function add(href, label, rel) {
    var anchor = document.createElement("a");
    anchor.href = href;
    anchor.textContent = label;
    if (rel) anchor.rel = rel;
    var all = bar.querySelector(".archive-all");
    all.parentNode.insertBefore(anchor, all);
  }
  function link(label, index, rel) {
    add(bar.dataset.root + names[index] + "/" + bar.dataset.locale + "index.html", label, rel);
  }
  if (at > 0) link(bar.dataset.previous, at - 1, "prev");
  if (at < names.length - 1) {
    link(bar.dataset.next, at + 1, "next");
    link(bar.dataset.latest, names.length - 1);
  }
  // What this snapshot changed since the one before it, a page of the history's own.
  if (at > 0 && bar.dataset.changes) {
    add(bar.dataset.root + bar.dataset.locale + "changes/" + names[at - 1] + "_" + names[at] + ".html", bar.dataset.changes);
  }
  // A snapshot's comments page links back to the snapshot's first feed page, whichever page
  // holds its item (so an item that only moved keeps its page), and a snapshot's feed page,
  // cut where its items say, names no number (so a page whose items stayed keeps its
  // file). The snapshot's places.js, its feed pages and their items' IDs, sends the link to
  // the item's page and says which page of how many this one is. (A snapshot made before
  // its pages were cut by their items lists the IDs in feed order and the page size.)
  var back = document.querySelector("a.back");
  var item = /\/comments\/([0-9A-F-]{36})\.html$/.exec(window.location.pathname);
  var position = document.querySelector(".pagination .position");
  var page = /\/(page\/[^/]+\.html)$/.exec(window.location.pathname);
  var here = page ? page[1] : /\/(index\.html)?$/.test(window.location.pathname) ? "index.html" : null;
  var numbering = position && position.textContent === "" && here && bar.dataset.position;
  if ((back && item) || numbering) {
    window.feedsiteSnapshotPlaces = function (places) {
      var paths = (places.pages || []).map(function (each) { return each.path; });
      if (numbering && paths.indexOf(here) >= 0) {
        position.textContent = bar.dataset.position.replace("%1$@", paths.indexOf(here) + 1).replace("%2$@", paths.length);
      }
      if (!back || !item) return;
      var target = null;
      (places.pages || []).forEach(function (each) {
        if (each.ids.indexOf(item[1]) >= 0) target = each.path;
      });
      if (!target && places.ids && places.pageSize > 0) {
        var index = places.ids.indexOf(item[1]);
        var number = Math.floor(index / places.pageSize) + 1;
        if (index >= 0) target = number === 1 ? "index.html" : "page/" + number + ".html";
      }
      if (target) back.href = bar.dataset.root + names[at] + "/" + bar.dataset.locale + target + "#image-" + item[1];
    };
    var places = document.createElement("script");
    places.src = bar.dataset.root + names[at] + "/places.js";
    places.onload = places.onerror = function () { places.remove(); };
    document.head.appendChild(places);
  }
})();
