// The bar of a snapshot's pages: names the snapshot the page is read in and links the
// snapshots before and after it and the latest. The lines above this script, written with
// each snapshot, list them; a page a later snapshot shares is the same file in both, so the
// snapshot is read from the page's address, history/<name>/…, not from the page.
//
// On an item's comments page (live or in a snapshot), it also says where in the history the
// item is: it loads the item's line from history/items/<last characters of its ID>.js (as
// many as feedsiteHistory.itemsShard says; all.js when it says 0),
// one call of feedsiteHistoryItems(shard, {ID: {spans, versions, gone, first_seen}}), and writes it out
// with the DOM alone, so no text is read as HTML. Spans are runs of kept snapshots that hold
// the item; versions are what the runs saw, [from, to or null, holder], whatever thinning
// removed since: holder is the folder that keeps the version's page, a kept snapshot or
// what thinning left of one.
(function () {
"use strict";
// The time a snapshot's name (20261126T120000Z) says; null for anything else.
function snapshotTime(name) {
  var parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(name);
  return parts ? new Date(Date.UTC(+parts[1], +parts[2] - 1, +parts[3], +parts[4], +parts[5], +parts[6])) : null;
}
// A date and time in UTC as the calendar writes them, in `lang`; null where the browser
// cannot.
function longUTC(lang) {
  try {
    return new Intl.DateTimeFormat(lang || undefined, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });
  } catch (error) { return null; }
}

(function () {
  var history = window.feedsiteHistory;
  var section = document.querySelector(".item-history");
  if (!history || !section) return;
  var config = section.dataset;
  var names = history.snapshots.map(function (snapshot) { return snapshot.name; });
  var lang = document.documentElement.lang;
  var numbers;
  try { numbers = new Intl.NumberFormat(lang || undefined); } catch (error) { numbers = new Intl.NumberFormat(); }
  var formats = longUTC(lang);
  // A snapshot's time as the calendar writes it; for one thinned since, from its name.
  function when(name) {
    var index = names.indexOf(name);
    if (index >= 0) {
      var times = history.snapshots[index].time;
      return times[lang] || times[Object.keys(times)[0]];
    }
    var time = snapshotTime(name);
    return time && formats ? formats.format(time) : name;
  }
  function stamp(name) {
    return config.time ? config.time.replace("%@", when(name)) : when(name);
  }
  function link(name, page) {
    var anchor = document.createElement("a");
    anchor.href = config.root + name + "/" + config.locale + page;
    anchor.textContent = stamp(name);
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
      node.appendChild(typeof value === "number" ? document.createTextNode(numbers.format(value)) : typeof value === "string" ? document.createTextNode(value) : value);
    });
    return node;
  }
  function list(label, entries) {
    var details = document.createElement("details");
    var summary = document.createElement("summary");
    summary.appendChild(label);
    var items = document.createElement("ol");
    entries.forEach(function (entry) {
      var item = document.createElement("li");
      item.appendChild(entry);
      items.appendChild(item);
    });
    details.appendChild(summary);
    details.appendChild(items);
    section.appendChild(details);
  }
  function show(line) {
    // A line written before versions were recorded is its spans alone.
    if (Array.isArray(line)) line = { spans: line, versions: [], gone: null };
    var held = [];
    (line.spans || []).forEach(function (span) {
      var from = names.indexOf(span[0]);
      var to = span[1] === null ? names.length - 1 : names.indexOf(span[1]);
      for (var at = from; from >= 0 && at <= to; at++) held.push(at);
    });
    var versions = line.versions || [];
    if (held.length === 0 && versions.length === 0) return;
    var page = "comments/" + config.item + ".html";
    // Once thinning took every snapshot that held it, only its versions are left to say.
    if (held.length) section.appendChild(filled("p", config["in"], [held.length, names.length]));
    // First seen, last seen and gone since are the runs' facts, kept through thinning.
    var first = versions.length ? versions[0] : [names[held[0]], null, names[held[0]]];
    var last = versions.length ? versions[versions.length - 1] : [null, held[held.length - 1] === names.length - 1 ? null : names[held[held.length - 1]], null];
    // The link leads to the page of the version, wherever it is kept; its text is when the
    // runs first saw the item (which the exported data says too), else its first snapshot.
    var firstLink = link(first[2], page);
    var firstSeen = line.first_seen ? new Date(line.first_seen) : null;
    firstLink.textContent = firstSeen && formats && !isNaN(firstSeen)
      ? (config.time ? config.time.replace("%@", formats.format(firstSeen)) : formats.format(firstSeen))
      : stamp(first[0]);
    var seen = filled("p", config.first, [firstLink]);
    seen.appendChild(document.createTextNode(" · "));
    if (last[1] === null) {
      seen.appendChild(document.createTextNode(config.still));
    } else {
      var lastLink = link(last[2] || last[1], page);
      lastLink.textContent = stamp(last[1]);
      seen.appendChild(filled("span", config.last, [lastLink]));
      var gone = line.gone;
      if (gone) {
        seen.appendChild(document.createTextNode(" · "));
        var goneAt = names.indexOf(gone) >= 0 ? link(gone, "index.html") : document.createTextNode(stamp(gone));
        seen.appendChild(filled("span", config.gone, [goneAt]));
      }
    }
    section.appendChild(seen);
    if (versions.length && config.versions) {
      list(filled("span", config.versions, [versions.length]), versions.map(function (version) {
        var anchor = link(version[2], page);
        anchor.textContent = "";
        anchor.appendChild(filled("span", config.span || "%1$@ – %2$@", [stamp(version[0]), version[1] === null ? (config.now || "…") : stamp(version[1])]));
        return anchor;
      }));
    }
    if (held.length) {
      list(document.createTextNode(config.all), held.map(function (index) { return link(names[index], page); }));
    }
    section.hidden = false;
  }
  window.feedsiteHistoryItems = function (shard, items) {
    if (Object.prototype.hasOwnProperty.call(items, config.item)) show(items[config.item]);
  };
  var script = document.createElement("script");
  var shard = history.itemsShard === 0 ? "all" : config.item.slice(-(history.itemsShard || 2)).toLowerCase();
  script.src = config.root + "items/" + shard + ".js";
  script.onload = script.onerror = function () { script.remove(); };
  document.head.appendChild(script);
})();

(function () {
  var history = window.feedsiteHistory;
  var bar = document.querySelector(".archive-bar");
  var found = /\/history\/(\d{8}T\d{6}Z(?:-\d+)?)\//.exec(window.location.pathname);
  if (!history || !bar || !found) return;
  var names = history.snapshots.map(function (snapshot) { return snapshot.name; });
  var at = names.indexOf(found[1]);
  var lang = document.documentElement.lang;
  var taken = snapshotTime(found[1]);
  // A snapshot's page writes its comments' dates whole (one file may serve snapshots of
  // different times); here they become relative to the snapshot the page is read in, as the
  // live site writes them: the largest whole unit, months and years by the calendar.
  if (taken && window.Intl && Intl.RelativeTimeFormat) {
    var relative;
    try { relative = new Intl.RelativeTimeFormat(lang || undefined, { numeric: "always" }); } catch (error) { relative = null; }
    Array.prototype.forEach.call(relative ? document.querySelectorAll(".comments time[datetime]") : [], function (node) {
      var date = new Date(node.getAttribute("datetime"));
      var seconds = (taken - date) / 1000;
      if (isNaN(seconds)) return;
      if (!node.title) node.title = node.textContent;
      // As the live page says it: a comment not before the snapshot is "now".
      if (seconds < 1) { node.textContent = new Intl.RelativeTimeFormat(lang || undefined, { numeric: "auto" }).format(0, "second"); return; }
      var months = (taken.getUTCFullYear() - date.getUTCFullYear()) * 12 + taken.getUTCMonth() - date.getUTCMonth();
      var shifted = new Date(date.getTime());
      shifted.setUTCMonth(date.getUTCMonth() + months);
      if (shifted > taken) months -= 1;
      if (seconds >= 28 * 86400 && months >= 12) { node.textContent = relative.format(-Math.floor(months / 12), "year"); return; }
      if (seconds >= 28 * 86400 && months > 0) { node.textContent = relative.format(-months, "month"); return; }
      var units = [["week", 604800], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];
      for (var index = 0; index < units.length; index++) {
        if (seconds >= units[index][1]) { node.textContent = relative.format(-Math.floor(seconds / units[index][1]), units[index][0]); return; }
      }
    });
  }
  if (at < 0) {
    // What thinning left of a snapshot: named by the snapshot it was, from the address.
    if (!taken || !bar.dataset.thinned) return;
    var formats = longUTC(lang);
    bar.querySelector(".archive-when").textContent = bar.dataset.thinned.replace("%@", formats ? formats.format(taken) : found[1]);
    return;
  }
  var times = history.snapshots[at].time;
  var time = times[lang] || times[Object.keys(times)[0]];
  bar.querySelector(".archive-when").textContent = bar.dataset.taken.replace("%@", time);
  // The page's title says which snapshot it is, as several may share its file.
  document.title += " · " + time;
  // A link in the bar, after the links the page was written with, so none of those moves.
  function add(href, label, rel) {
    var anchor = document.createElement("a");
    anchor.href = href;
    anchor.textContent = label;
    if (rel) anchor.rel = rel;
    bar.querySelector(".archive-all").parentNode.appendChild(anchor);
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
})();
