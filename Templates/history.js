// The bar of a snapshot's pages: names the snapshot the page is read in and links the
// snapshots before and after it and the latest. The lines above this script, written with
// each snapshot, list them; a page a later snapshot shares is the same file in both, so the
// snapshot is read from the page's address, history/<name>/…, not from the page.
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
  function link(label, index, rel) {
    var anchor = document.createElement("a");
    anchor.href = bar.dataset.root + names[index] + "/" + bar.dataset.locale + "index.html";
    anchor.textContent = label;
    if (rel) anchor.rel = rel;
    var all = bar.querySelector(".archive-all");
    all.parentNode.insertBefore(anchor, all);
  }
  if (at > 0) link(bar.dataset.previous, at - 1, "prev");
  if (at < names.length - 1) {
    link(bar.dataset.next, at + 1, "next");
    link(bar.dataset.latest, names.length - 1);
  }
})();
