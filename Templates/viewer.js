/* feedsite: a photo's page as a viewer.
 *
 * The page works without it: its previous and next links (rel=prev, rel=next) and the link
 * back to the feed are plain links. With it, ← and → follow them, Esc goes back to the feed
 * page that holds the photo, a swipe sideways on a touch screen goes to the neighbour, and
 * the next photo's picture is fetched while the reader looks at this one, so the next page
 * shows at once. Its next link carries that picture's src, srcset and sizes as the next page
 * writes them, so the browser picks the same file there as here.
 */
(function () {
  "use strict";

  // The photo's own neighbours, not the snapshot bar's (which links snapshots with rel too).
  var previous = document.querySelector(".viewer a[rel=prev]");
  var next = document.querySelector(".viewer a[rel=next]");

  function go(link) {
    if (link && link.href) window.location.href = link.href;
  }

  /** The way back: read when it is wanted, as a snapshot's script may have changed it. */
  function back() {
    return document.querySelector("a.back");
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var link = { ArrowLeft: previous, ArrowRight: next, Escape: back() }[event.key];
    if (!link) return;
    event.preventDefault();
    go(link);
  });

  // A swipe: a single touch that moved mostly sideways, far enough, quickly enough. The
  // picture follows the finger only as the browser scrolls it; nothing else is drawn.
  var start = null;
  var photo = document.querySelector(".viewer");
  if (photo) {
    photo.addEventListener("touchstart", function (event) {
      start = event.touches.length === 1 ? { x: event.touches[0].clientX, y: event.touches[0].clientY, time: event.timeStamp } : null;
    }, { passive: true });
    photo.addEventListener("touchend", function (event) {
      if (!start || event.changedTouches.length !== 1) return;
      var dx = event.changedTouches[0].clientX - start.x;
      var dy = event.changedTouches[0].clientY - start.y;
      var quick = event.timeStamp - start.time < 800;
      start = null;
      if (quick && Math.abs(dx) > 60 && Math.abs(dx) > 2 * Math.abs(dy)) go(dx < 0 ? next : previous);
    }, { passive: true });
  }

  // The next photo, fetched once this page has loaded: its picture into the browser's
  // cache, and its page as a hint.
  function prefetch() {
    if (!next) return;
    var data = next.dataset;
    if (data.src) {
      var picture = new Image();
      picture.decoding = "async";
      if (data.srcset) {
        picture.sizes = data.sizes || "100vw";
        picture.srcset = data.srcset;
      }
      picture.src = data.src;
    }
    var hint = document.createElement("link");
    hint.rel = "prefetch";
    hint.href = next.href;
    document.head.appendChild(hint);
  }

  if (document.readyState === "complete") prefetch();
  else window.addEventListener("load", prefetch);
})();
