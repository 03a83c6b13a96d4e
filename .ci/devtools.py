"""One headless Chromium and one page in it, driven over the DevTools protocol on a pipe
(--remote-debugging-pipe: JSON messages ending in NUL, written to its fd 3, read from its
fd 4), with Python's standard library alone. Shared by .ci/check-search and .ci/check-pages.
Every wait has a deadline: a page that never answers fails a check, it never hangs it."""
import json, os, select, shutil, subprocess, time
from pathlib import Path

TIMEOUT = 15  # seconds any one wait may take


class Chromium:
    """One headless Chromium and one page in it, over the DevTools protocol on a pipe."""

    def __init__(self, profile):
        to_browser, self.write_end = os.pipe()
        self.read_end, from_browser = os.pipe()

        def wire():  # in the child: its fd 3 reads our messages, its fd 4 writes its own
            a, b = os.dup(to_browser), os.dup(from_browser)
            os.dup2(a, 3)
            os.dup2(b, 4)

        binary = "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else shutil.which("chromium")
        self.process = subprocess.Popen(
            [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
             "--no-first-run", "--no-default-browser-check", "--disable-background-networking", "--disable-extensions",
             "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}", "about:blank"],
            preexec_fn=wire, close_fds=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser)
        os.close(from_browser)
        self.buffer, self.next_id, self.events = b"", 0, []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ["Page", "Runtime", "Network", "Log"]:
            self.call(f"{domain}.enable", session=self.session)
        # Every load is asked for anew (and so recorded), never taken from a cache in memory.
        self.call("Network.setCacheDisabled", {"cacheDisabled": True}, self.session)
        # The page behaves as the focused one (focus events fire) whichever window is in front.
        self.call("Emulation.setFocusEmulationEnabled", {"enabled": True}, self.session)

    def call(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.write_end, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + TIMEOUT
        while True:
            reply = self._message(deadline, method)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})
            self.events.append(reply)

    def _message(self, deadline, method):
        """The next message from Chromium, read whole."""
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.read_end], [], [], left)[0]:
                raise TimeoutError(f"Chromium did not answer {method} within {TIMEOUT} s")
            chunk = os.read(self.read_end, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium exited")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def page(self, method, params=None):
        return self.call(method, params, self.session)

    def evaluate(self, expression):
        result = self.page("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:60]}…: {result['exceptionDetails'].get('exception', {}).get('description')}")
        return result["result"].get("value")

    def wait(self, expression, what):
        """Polls `expression` until it is truthy; its value, or a failure after TIMEOUT."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            try:
                value = self.evaluate(expression)
            except RuntimeError:  # a page between two documents
                value = None
            if value:
                return value
            time.sleep(0.05)
        raise TimeoutError(f"waited {TIMEOUT} s for {what}")

    def key(self, name, code, text=None):
        down = {"type": "keyDown", "key": name, "code": name, "windowsVirtualKeyCode": code}
        if text:
            down["text"] = text
        self.page("Input.dispatchKeyEvent", down)
        self.page("Input.dispatchKeyEvent", {"type": "keyUp", "key": name, "code": name, "windowsVirtualKeyCode": code})

    def requests(self):
        """The URLs the page asked for since the last call."""
        self.call("Browser.getVersion")  # flushes the events already sent
        urls = [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]
        # Errors the page logged; a browser's own look for /favicon.ico over HTTP is none of the site's.
        self.problems = [e["params"]["entry"]["text"] for e in self.events
                         if e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error"
                         and not e["params"]["entry"].get("url", "").endswith("/favicon.ico")]
        self.events = []
        return urls

    def close(self):
        self.process.kill()
        self.process.wait()

    def settle(self, quiet=0.3, limit=TIMEOUT):
        """Reads the page's events until nothing is in flight and nothing has happened for
        `quiet` seconds (the load and what its scripts asked for), or `limit` has passed.
        The events stay in self.events."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            before = len(self.events)
            end = min(deadline, time.monotonic() + quiet)
            while time.monotonic() < end:
                if b"\0" not in self.buffer and not select.select([self.read_end], [], [], end - time.monotonic())[0]:
                    break
                try:
                    self.events.append(self._message(end + 1, "events"))
                except TimeoutError:
                    break
            if len(self.events) == before and not self.in_flight():
                return True
        return False

    def in_flight(self):
        """The requests of the events so far that have neither finished nor failed."""
        sent = {e["params"]["requestId"] for e in self.events if e.get("method") == "Network.requestWillBeSent"}
        done = {e["params"]["requestId"] for e in self.events
                if e.get("method") in ("Network.loadingFinished", "Network.loadingFailed")}
        return sent - done
