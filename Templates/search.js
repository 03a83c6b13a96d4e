/* feedsite: the search field of the feed pages.
 *
 * It works from file:// as well as from a server, so it uses no modules and no fetch (file://
 * refuses both). The index is a set of script files, each one call of feedsiteSearch(name,
 * value), loaded with <script src> elements: the root when the field is first used, then only
 * the pieces a query needs. The page is built with DOM methods alone, so no text of the feed
 * is ever read as HTML. The page writes the field; without JavaScript it is hidden, and the
 * page is otherwise the same. The page's own <script> element says where things are and holds the labels:
 *
 *   data-index   the locale's search/index.js     data-pages   the locale's root folder
 *   data-images  the images folder                data-label, -one, -many, -more, -none,
 *                                                 -unavailable  the locale's strings
 *
 * The history's search (on its calendar) also has data-snapshots, the history's folder, and
 * data-locale, the locale's folder in a snapshot: each of its results names the snapshot
 * that last had the item, and its link and picture are that snapshot's. A snapshot's feed
 * pages search the history's index too, with data-within: only the items of the snapshot
 * the page is read in (named by the page's address, as several snapshots may share the
 * page), which the index's file s-<snapshot> lists, each result in that snapshot.
 */
(() => {
  "use strict";

  const script = document.currentScript;
  if (!script || !script.dataset.index) return;
  const config = script.dataset;
  /** The snapshot a snapshot's page searches within, from the page's address. */
  const within = config.within !== undefined ? /\/history\/(\d{8}T\d{6}Z(?:-\d+)?)\//.exec(window.location.pathname)?.[1] : undefined;

  const MAX_SHOWN = 50;
  // An index holds each term of an item's own words (its location and description) again,
  // after this mark; the items whose own words hold every query word come first.
  const OWN = "=";
  const SNIPPET_LENGTH = 150;
  const TITLE_LENGTH = 60;

  // ---- The rule: a text's terms, exactly as the index builder makes them. ----

  /** The most code points a term keeps: a longer run keeps its first ones. */
  const MAX_TERM_LENGTH = 64;

  /** The folded runs of letters and digits of `text`, in order, duplicates kept. */
  const terms = (text) =>
    (
      String(text)
        .normalize("NFKD")
        .toLowerCase()
        .normalize("NFKD")
        .replace(/\p{M}/gu, "")
        .replace(/ς/g, "σ")
        .match(/[\p{L}\p{N}]+/gu) ?? []
    ).map((term) => Array.from(term).slice(0, MAX_TERM_LENGTH).join(""));

  /** A query's words: its terms, each once. An item matches when, for every word, one of its
   * terms starts with that word. */
  const wordsOf = (query) => [...new Set(terms(query))];

  // ---- Loading the index's files. ----

  const arrived = new Map(); // a file's name -> its value, as the files call feedsiteSearch
  const loading = new Map(); // a file's name -> the promise of its value

  /** Every file of the index is one call of this: its name and its value. */
  function feedsiteSearch(name, value) {
    arrived.set(String(name), value);
  }
  feedsiteSearch.terms = terms;
  window.feedsiteSearch = feedsiteSearch;

  /** The value of the file at `src`, which calls feedsiteSearch(`name`, …). Rejected when the
   * file cannot be loaded or does not make that call; a file that failed is tried again the
   * next time it is wanted. */
  function load(name, src) {
    if (!loading.has(name)) {
      const promise = new Promise((resolve, reject) => {
        const element = document.createElement("script");
        element.src = src;
        element.onload = () => {
          element.remove();
          if (arrived.has(name)) resolve(arrived.get(name));
          else reject(new Error(`${src} did not define ${name}`));
        };
        element.onerror = () => {
          element.remove();
          reject(new Error(`${src} could not be loaded`));
        };
        document.head.append(element);
      });
      loading.set(name, promise);
      promise.catch(() => loading.delete(name));
    }
    return loading.get(name);
  }

  const indexFolder = config.index.slice(0, config.index.lastIndexOf("/") + 1);

  async function loadIndex() {
    const index = await load("index", config.index);
    if (index?.version !== 1 || !/^[0-9a-f]{16}$/.test(index.generation)) {
      throw new Error(`${config.index} is not a search index of version 1`);
    }
    return index;
  }

  /** One of the index's data files, `t3`, `u0` or `d12`, from the index's generation folder. */
  const loadPart = (index, name) => load(name, `${indexFolder}${index.generation}/${name}.js`);

  // ---- Postings: sets of item numbers (feed order) written over 64 characters. ----

  const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
  const DIGIT_VALUES = new Map([...DIGITS].map((character, value) => [character, value]));

  function digit(character) {
    const value = DIGIT_VALUES.get(character);
    if (value === undefined) throw new Error(`${character} is not a digit of the postings`);
    return value;
  }

  /** The item numbers of a postings string, ascending. The bitmap form ("~" first): bit j of
   * character k says whether item 6k + j is there. The list form: the gaps between the items
   * (the first from -1, less one), each in base 32, high digits first, every digit but the
   * last written 32 higher. */
  function decode(postings) {
    const items = [];
    if (postings.startsWith("~")) {
      for (let k = 1; k < postings.length; k++) {
        const bits = digit(postings[k]);
        for (let j = 0; j < 6; j++) if (bits & (1 << j)) items.push(6 * (k - 1) + j);
      }
      return items;
    }
    let previous = -1;
    let gap = 0;
    for (const character of postings) {
      const value = digit(character);
      if (value >= 32) {
        gap = gap * 32 + value - 32;
      } else {
        previous += gap * 32 + value + 1;
        items.push(previous);
        gap = 0;
      }
    }
    return items;
  }

  const has = (object, key) => typeof object === "object" && object !== null && Object.hasOwn(object, key);
  const ascending = (a, b) => a - b;

  /** The items having a term that starts with `word`, ascending. The index's keys are walked a
   * code point at a time: a leaf holds every term under its key with its postings, a union
   * the items of every term under its key at once, and a prefix that is neither has no term. */
  async function itemsOf(index, word) {
    return (await termItems(index, word)).items;
  }

  /** The items having a term that starts with `word`, and those having `word` itself as a
   * term (null where the index keeps only the items under a prefix, as a union does). */
  async function termItems(index, word) {
    const points = [...word];
    for (let length = 1; length <= points.length; length++) {
      const prefix = points.slice(0, length).join("");
      if (has(index.leaves, prefix)) {
        const leaf = await loadPart(index, `t${index.leaves[prefix]}`);
        const found = new Set();
        let whole = [];
        for (let k = 0; k + 1 < leaf.length; k += 2) {
          if (!leaf[k].startsWith(word)) continue;
          const items = decode(leaf[k + 1]);
          for (const item of items) found.add(item);
          if (leaf[k] === word) whole = items;
        }
        return { items: [...found].sort(ascending), whole };
      }
      if (!has(index.unions, prefix)) return { items: [], whole: [] };
      if (length === points.length) return { items: decode(await loadPart(index, `u${index.unions[prefix]}`)), whole: null };
    }
    return { items: [], whole: [] };
  }

  /** The items in every one of `lists`, ascending. */
  function intersection(lists) {
    const [shortest, ...others] = [...lists].sort((a, b) => a.length - b.length);
    return others.reduce((items, list) => {
      const members = new Set(list);
      return items.filter((item) => members.has(item));
    }, shortest);
  }

  /** Item `number`'s document: [id, image, width, height, location, text]. */
  async function documentOf(index, number) {
    const documents = await loadPart(index, `d${Math.floor(number / index.docsPerFile)}`);
    const found = documents[number % index.docsPerFile];
    if (!Array.isArray(found)) throw new Error(`the index has no document for item ${number}`);
    return found;
  }

  /** How closely the terms of `text` hold the query's terms `phrase`: 2 when they hold them one
   * after another, in order, each whole; 1 when so but some as a term's start; else 0. */
  function closeness(text, phrase) {
    const found = terms(text || "");
    let best = 0;
    for (let at = 0; at + phrase.length <= found.length && best < 2; at++) {
      if (!phrase.every((word, k) => found[at + k].startsWith(word))) continue;
      best = phrase.every((word, k) => found[at + k] === word) ? 2 : 1;
    }
    return best;
  }

  /** `items` by relevance, from the index alone: first those whose own words hold every word
   * of the query each as a whole word, then those whose own words hold them as words'
   * starts, then the items found through their comments or words spread over both. Each
   * group keeps the feed's order, gone items of a history's index included. An index made
   * before own words were marked has none, and keeps the feed's order. Returns the items,
   * and how many of them come first for their own words. */
  async function ranked(index, items, words) {
    const owns = await Promise.all(words.map((word) => termItems(index, OWN + word)));
    const own = new Set(intersection(owns.map((found) => found.items)));
    const whole = new Set(intersection(owns.map((found) => found.whole ?? found.items)));
    const first = items.filter((number) => whole.has(number)).concat(items.filter((number) => own.has(number) && !whole.has(number)));
    return { items: first.concat(items.filter((number) => !own.has(number))), own: first.length };
  }

  /** The shown `documents` (of `numbers`) with those whose location or text holds the query's
   * terms (`phrase`) one after another, in order, moved first: whole terms before terms'
   * starts, each group in the order it had. Only the items whose own words match (`own`,
   * how many of the first are) are moved. */
  function byCloseness(documents, own, phrase) {
    const scored = documents.map((doc, k) => ({ doc, k, score: k < own ? Math.max(closeness(doc[4], phrase), closeness(doc[5], phrase)) : -1 }));
    return scored.sort((a, b) => (a.score >= 0 && b.score >= 0 ? b.score - a.score || a.k - b.k : a.k - b.k)).map((each) => each.doc);
  }

  /** The query's words, the count of its items, and the first MAX_SHOWN items' documents by
   * relevance; null for a query without words. */
  async function search(query) {
    const words = wordsOf(query);
    if (words.length === 0) return null;
    const index = await loadIndex();
    let items = intersection(await Promise.all(words.map((word) => itemsOf(index, word))));
    if (within) {
      const bits = atob(await loadPart(index, `s-${within}`));
      items = items.filter((number) => (bits.charCodeAt(number >> 3) >> (number & 7)) & 1);
    }
    const own = await ranked(index, items, words);
    const owned = own.own;
    items = own.items;
    const documents = await Promise.all(items.slice(0, MAX_SHOWN).map((number) => documentOf(index, number)));
    return { words, count: items.length, documents: byCloseness(documents, owned, terms(query)) };
  }

  // ---- Showing the results. ----

  let numbers;
  try {
    numbers = new Intl.NumberFormat(document.documentElement.lang || undefined);
  } catch {
    numbers = new Intl.NumberFormat();
  }

  /** A string table's text with %@ (in order), %1$@, %2$@ … replaced by formatted numbers;
   * %% is %. */
  function format(text, values) {
    let next = 0;
    return String(text ?? "").replace(/%(?:(\d+)\$)?([@d%])/g, (whole, position, kind) => {
      if (kind === "%") return "%";
      const at = position ? Number(position) - 1 : next++;
      return at < values.length ? numbers.format(values[at]) : "";
    });
  }

  function countLabel(count, shown) {
    if (count === 0) return format(config.none, []);
    if (count === 1) return format(config.one, [1]);
    if (count > shown) return format(config.more, [count, shown]);
    return format(config.many, [count]);
  }

  function element(name, className, text) {
    const node = document.createElement(name);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** The words of a text as written (letters, digits and their marks), with where they are. */
  const writtenWords = (text) => text.matchAll(/[\p{L}\p{N}\p{M}]+/gu);

  /** Whether a written word has a term that starts with one of the query's words. */
  const matches = (written, words) => terms(written).some((term) => words.some((word) => term.startsWith(word)));

  /** `parent` with `text` appended, every written word that matches in a <mark>. */
  function appendMarked(parent, text, words) {
    let done = 0;
    for (const found of writtenWords(text)) {
      if (!matches(found[0], words)) continue;
      parent.append(text.slice(done, found.index), element("mark", "", found[0]));
      done = found.index + found[0].length;
    }
    parent.append(text.slice(done));
    return parent;
  }

  /** `at`, moved off the second half of a surrogate pair. */
  function whole(text, at) {
    const code = text.charCodeAt(at);
    return code >= 0xdc00 && code <= 0xdfff ? at + 1 : at;
  }

  /** A document text's lines that are not blank. */
  const linesOf = (text) => text.split("\n").filter((line) => line.trim() !== "");

  /** About SNIPPET_LENGTH characters of a document's text (its lines joined by " · ") around
   * its first word that matches, cut at spaces where it can be. */
  function snippet(text, words) {
    const line = linesOf(text).join(" · ");
    if (line.length <= SNIPPET_LENGTH) return line;
    let at = 0;
    for (const found of writtenWords(line)) {
      if (matches(found[0], words)) {
        at = found.index;
        break;
      }
    }
    let start = Math.max(0, Math.min(at - 40, line.length - SNIPPET_LENGTH));
    const space = line.indexOf(" ", start);
    if (start > 0 && space >= 0 && space < at) start = space + 1;
    let end = Math.min(line.length, start + SNIPPET_LENGTH);
    const lastSpace = line.lastIndexOf(" ", end);
    if (end < line.length && lastSpace > at) end = lastSpace;
    start = whole(line, start);
    end = whole(line, end);
    return (start > 0 ? "…" : "") + line.slice(start, end) + (end < line.length ? "…" : "");
  }

  /** A result's title and the text its snippet is taken from: the location and the whole
   * text; without a location, the text's first line (shortened) and the lines after it. */
  function titleAndRest(location, text) {
    if (location) return [location, text];
    const lines = linesOf(text);
    const first = lines[0] ?? "";
    if (first.length <= TITLE_LENGTH) return [first, lines.slice(1).join("\n")];
    const space = first.lastIndexOf(" ", TITLE_LENGTH);
    return [first.slice(0, whole(first, space > TITLE_LENGTH / 2 ? space : TITLE_LENGTH)) + "…", text];
  }

  /** A result: the image, a link to the comments page named by the title, the snippet. */
  function resultItem([id, image, , , location, text, last], words) {
    const snapshot = within ?? last;
    const inSnapshot = config.snapshots !== undefined && snapshot ? `${config.snapshots}${encodeURIComponent(snapshot)}/` : null;
    const pages = inSnapshot ? inSnapshot + (config.locale ?? "") : config.pages;
    const images = inSnapshot ? `${inSnapshot}images/` : config.images;
    const item = element("li", "search-result");
    if (image) {
      const picture = element("img");
      picture.src = images + encodeURIComponent(image);
      picture.alt = "";
      picture.width = 64;
      picture.height = 64;
      picture.loading = "lazy";
      picture.decoding = "async";
      item.append(picture);
    } else {
      item.append(element("span", "search-no-image"));
    }
    const [title, rest] = titleAndRest(String(location ?? ""), String(text ?? ""));
    const found = snippet(rest, words);
    const body = element("div", "search-result-text");
    const link = element("a", "search-link");
    link.href = `${pages}comments/${encodeURIComponent(id)}.html`;
    body.append(appendMarked(link, title || String(id), words));
    if (found) body.append(appendMarked(element("p", "search-snippet"), found, words));
    item.append(body);
    return item;
  }

  // ---- The form, under the page's snapshot line. ----

  // The page writes the form, so nothing moves when the script arrives (a style in a
  // <noscript> hides it where scripts do not run); a theme's page from before has none, and
  // gets it here.
  const main = document.querySelector("main") ?? document.body;
  let form = main.querySelector("form.search");
  if (!form) {
    form = element("form", "search");
    form.setAttribute("role", "search");
    const label = element("label", "search-label", config.label);
    label.htmlFor = "feedsite-search";
    const input = element("input", "search-field");
    Object.assign(input, { type: "search", id: "feedsite-search", autocomplete: "off", spellcheck: false });
    input.setAttribute("enterkeyhint", "search");
    const said = element("p", "search-status");
    said.setAttribute("role", "status");
    said.setAttribute("aria-live", "polite");
    const results = element("ol", "search-results");
    results.hidden = true;
    form.append(label, input, said, results);
    const snapshot = main.querySelector(":scope > .snapshot");
    main.insertBefore(form, snapshot ? snapshot.nextSibling : main.firstChild);
  }
  const field = form.querySelector(".search-field");
  const status = form.querySelector(".search-status");
  const list = form.querySelector(".search-results");

  /** Shows an answer: the count (or another word) and the results. */
  function show(text, items = []) {
    list.replaceChildren(...items);
    list.hidden = items.length === 0;
    status.textContent = text;
    status.removeAttribute("aria-busy");
  }

  function unavailable(error) {
    show(config.unavailable);
    console.warn("feedsite search:", error?.message);
  }

  let latest = 0;

  /** Searches for the field's text; an answer that comes after a later query started is
   * dropped. The status is busy until the latest query's answer is shown. */
  async function run() {
    const ticket = ++latest;
    status.setAttribute("aria-busy", "true");
    try {
      const found = await search(field.value);
      if (ticket !== latest) return;
      if (found === null) show("");
      else show(countLabel(found.count, found.documents.length), found.documents.map((doc) => resultItem(doc, found.words)));
    } catch (error) {
      if (ticket === latest) unavailable(error);
    }
  }

  const links = () => [...list.querySelectorAll("a")];

  form.addEventListener("submit", (event) => event.preventDefault());
  field.addEventListener("focus", () => loadIndex().catch(unavailable), { once: true });
  field.addEventListener("input", run);
  field.addEventListener("keydown", (event) => {
    if (event.key === "ArrowDown" && links().length > 0) {
      event.preventDefault();
      links()[0].focus();
    } else if (event.key === "Escape" && field.value !== "") {
      event.preventDefault();
      field.value = "";
      latest++;
      show("");
    }
  });
  list.addEventListener("keydown", (event) => {
    const all = links();
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    if (event.key === "ArrowDown" && at + 1 < all.length) {
      event.preventDefault();
      all[at + 1].focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      (at > 0 ? all[at - 1] : field).focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      field.focus();
    }
  });
})();
