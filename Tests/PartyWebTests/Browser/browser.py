"""Shared by the browser scenarios: a real partyhost, headless Chromium through Selenium, waiting on
conditions (never fixed sleeps), screenshots at 360x640 and 1280x720.

Every scenario runs as `python3 <scenario>.py PARTYHOST SHOTS_DIR` inside the offline namespace and
exits 0 when everything it checks held; on failure it prints why (and the host's output) and exits 1.
"""
import json
import os
import re
import subprocess
import tempfile
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By

DEADLINE = 120  # seconds any one condition may take on a loaded machine
SIZES = {"phone": (360, 640), "desktop": (1280, 720)}


class Failure(Exception):
    pass


class Host:
    """partyhost with the given arguments, on a free loopback port."""

    def __init__(self, partyhost, *arguments, state=None):
        # The party's journal goes to a folder of this host's own (or the one given: a restarted
        # host resumes from the same folder), never to the home folder of whoever runs the tests.
        self.state = state or tempfile.mkdtemp(prefix="partyhost-state-")
        self.process = subprocess.Popen(
            [partyhost, "--port", "0", "--bind", "127.0.0.1", "--no-advertise", "--line-mode", "--state", self.state, *arguments],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines = []
        first = self.process.stdout.readline()
        self.lines.append(first)
        match = re.search(r"on port (\d+)[.:]", first)
        if not match:
            raise Failure(f"partyhost did not say its port: {first!r}")
        self.port = int(match.group(1))
        self.url = f"http://127.0.0.1:{self.port}/"

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
        try:
            out, _ = self.process.communicate(timeout=20)
            self.lines.append(out)
        except subprocess.TimeoutExpired:
            self.process.kill()

    @property
    def output(self):
        return "".join(self.lines)


class Browser:
    """One headless Chromium window (its own profile, so its own session storage); `extra` are
    more command-line switches (a test CA to trust)."""

    def __init__(self, size="phone", extra=()):
        options = webdriver.ChromeOptions()
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--no-first-run", "--disable-extensions", "--proxy-server=direct://", *extra]:
            options.add_argument(argument)
        options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
        binary = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
        self.driver = webdriver.Chrome(service=Service(binary), options=options)
        self.resize(size)

    def resize(self, size):
        width, height = SIZES[size]
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": size == "phone"})

    def shoot(self, directory, name):
        """Screenshots of the page at both sizes, then back to the phone size."""
        if not directory:
            return
        os.makedirs(directory, exist_ok=True)
        for size in SIZES:
            self.resize(size)
            time.sleep(0.3)  # let layout settle after the resize (the shot is for people, not checked)
            self.driver.save_screenshot(os.path.join(directory, f"{name}-{size}.png"))
        self.resize("phone")

    def wait(self, what, condition, timeout=DEADLINE):
        end = time.monotonic() + timeout
        last_error = None
        while time.monotonic() < end:
            try:
                result = condition()
                if result:
                    return result
            except Exception as error:  # the page may be mid-render
                last_error = error
            time.sleep(0.1)
        raise Failure(f"timed out waiting for {what} (last error: {last_error})\npage text:\n{self.text()}")

    def text(self):
        try:
            return self.driver.find_element(By.TAG_NAME, "body").text
        except Exception:
            return "(no page)"

    def find(self, selector):
        return self.driver.find_elements(By.CSS_SELECTOR, selector)

    def visible(self, selector):
        """The displayed elements; one redrawn between the lookup and the check does not count."""
        shown = []
        for element in self.find(selector):
            try:
                if element.is_displayed():
                    shown.append(element)
            except StaleElementReferenceException:
                pass
        return shown

    def enabled(self, selector):
        """The displayed, enabled elements (redrawn ones skipped)."""
        result = []
        for element in self.visible(selector):
            try:
                if element.is_enabled():
                    result.append(element)
            except StaleElementReferenceException:
                pass
        return result

    def click(self, selector):
        def attempt():
            for element in self.visible(selector):
                if element.is_enabled():
                    element.click()
                    return True
            return False
        self.wait(f"{selector} to be clickable", attempt)

    def join(self, url, name, watch=False):
        self.driver.get(url)
        self.wait("the name prompt", lambda: self.visible("#name-input"))
        field = self.find("#name-input")[0]
        field.clear()
        field.send_keys(name)
        self.click("#watch-button" if watch else "#join-button")
        self.wait("the table", lambda: self.visible("#players li"))

    def received(self):
        """Every WebSocket message the page received so far (from Chromium's performance log)."""
        messages = self.__dict__.setdefault("_messages", [])
        for entry in self.driver.get_log("performance"):
            event = json.loads(entry["message"])["message"]
            if event.get("method") == "Network.webSocketFrameReceived":
                payload = event["params"]["response"]["payloadData"]
                try:
                    messages.append(json.loads(payload))
                except ValueError:
                    pass
        return messages

    def errors(self):
        return [e for e in self.driver.get_log("browser") if e["level"] == "SEVERE" and "favicon" not in e["message"]]

    def quit(self):
        self.driver.quit()


def run(scenario):
    """Runs `scenario(partyhost, shots)` and exits 0 or 1 with the reason."""
    partyhost, shots = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "")
    try:
        scenario(partyhost, shots)
    except Failure as failure:
        print(f"FAILED: {failure}")
        sys.exit(1)
    print("OK")
