"""Accessibility, measured: Chromium's accessibility tree (CDP Accessibility.getFullAXTree) has a live
region and a name for every control; the live region says my turn and the bot's move; the page is
played from the keyboard alone (Tab to a column, Enter drops; SunTouch: arrows aim, Enter strikes);
Four in a Row's discs carry a mark as well as a colour; every piece of text has a contrast of at
least 4.5:1 (3:1 for large text) in light and in dark mode."""
import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from browser import Browser, Failure, Host, run

CONTROLS = {"button", "textbox", "slider", "checkbox", "link", "combobox", "spinbutton", "radio", "switch",
            "menuitem", "searchbox", "application"}

# Every visible text node's colour against the background behind it (WCAG 2 contrast ratio).
CONTRAST = r"""
const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null;
  const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 }; };
const lum = ({ r, g, b }) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
const background = (node) => { for (let n = node; n; n = n.parentElement) {
  const c = parse(getComputedStyle(n).backgroundColor); if (c && c.a > 0.5) return c; }
  return parse(getComputedStyle(document.documentElement).backgroundColor) ?? { r: 255, g: 255, b: 255 }; };
const failures = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let t = walker.nextNode(); t; t = walker.nextNode()) {
  const node = t.parentElement;
  if (!t.textContent.trim() || !node || node.closest("[hidden], .visually-hidden, [disabled], svg, canvas")) continue;
  if (!node.getClientRects().length || getComputedStyle(node).visibility === "hidden") continue;
  let faded = false; for (let n = node; n; n = n.parentElement) if (Number(getComputedStyle(n).opacity) < 1) faded = true;
  if (faded) continue;
  const style = getComputedStyle(node);
  const fg = parse(style.color), bg = background(node);
  const a = lum(fg), b = lum(bg), ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
  const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
  if (ratio < need) failures.push(`${ratio.toFixed(2)} < ${need}: "${t.textContent.trim().slice(0, 40)}" (${style.color} on rgb(${bg.r}, ${bg.g}, ${bg.b}))`);
}
return failures;
"""


def ax_problems(page):
    page.driver.execute_cdp_cmd("Accessibility.enable", {})
    nodes = page.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
    live, unnamed = [], []
    for node in nodes:
        if node.get("ignored"):
            continue
        role = node.get("role", {}).get("value", "")
        name = (node.get("name") or {}).get("value", "")
        properties = {p["name"]: p.get("value", {}).get("value") for p in node.get("properties", [])}
        if properties.get("live") in ("polite", "assertive"):
            live.append(node)
        if role in CONTROLS and not str(name).strip():
            unnamed.append(role)
    return live, unnamed


def check_tree(page, where):
    live, unnamed = ax_problems(page)
    if not live:
        raise Failure(f"{where}: no live region in the accessibility tree")
    if unnamed:
        raise Failure(f"{where}: controls without a name: {unnamed}")


def check_contrast(page, where):
    for scheme in ("light", "dark"):
        page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        failures = page.driver.execute_script(CONTRAST)
        if failures:
            raise Failure(f"{where}, {scheme} mode: text under the contrast it needs:\n" + "\n".join(failures))
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def announced(page):
    region = page.find("#announce")
    return region[0].get_attribute("textContent") if region else ""


def tab_to(page, selector, presses=60):
    """Presses Tab until the focus is on an element matching `selector`."""
    for _ in range(presses):
        ActionChains(page.driver).send_keys(Keys.TAB).perform()
        if page.driver.execute_script("return document.activeElement && document.activeElement.matches(arguments[0])", selector):
            return True
    raise Failure(f"Tab never reached {selector}")


def four_in_a_row(partyhost):
    host = Host(partyhost, "--game", "fourinarow", "--dedicated", "--bots", "1", "--bot-level", "easy")
    page = Browser()
    try:
        page.join(host.url, "Kim")
        check_tree(page, "the lobby")
        check_contrast(page, "the lobby")
        tab_to(page, "#ready-button")
        ActionChains(page.driver).send_keys(Keys.ENTER).perform()
        page.wait("the board", lambda: page.visible(".c4-grid"))
        # The bot moves first: the live region says its move and then my turn.
        page.wait("the bot's move and my turn said aloud", lambda: "dropped a disc in column" in announced(page)
                  and "Your turn" in announced(page))
        check_tree(page, "the game")
        check_contrast(page, "the game")
        marks = page.driver.execute_script("""
            const mark = (s) => { const e = document.querySelector(s); return e ? getComputedStyle(e, '::after').content : null; };
            return [mark('.disc.red'), mark('.disc.yellow')];""")
        if not marks[0] or not marks[1] or marks[0] in ("none", '""') or marks[0] == marks[1]:
            raise Failure(f"the two players' discs are told apart by colour only: {marks}")
        # From the keyboard alone: Tab to a column, Enter drops a disc there.
        discs = len(page.find(".cell.red, .cell.yellow"))
        tab_to(page, ".c4-grid .column:not([disabled])")
        ActionChains(page.driver).send_keys(Keys.ENTER).perform()
        page.wait("my disc dropped from the keyboard", lambda: len(page.find(".cell.red, .cell.yellow")) > discs)
        if page.errors():
            raise Failure(f"console errors: {page.errors()}")
    finally:
        page.quit()
        host.stop()


def sun_touch(partyhost):
    host = Host(partyhost, "--game", "suntouch", "--dedicated", "--bots", "1", "--time-limit", "30")
    page = Browser()
    try:
        page.join(host.url, "Sol")
        page.click("#ready-button")
        page.wait("the field", lambda: page.visible("canvas.field"))
        page.click("button.toss")
        page.wait("play", lambda: page.visible("label.size"))
        check_tree(page, "SunTouch")
        tab_to(page, "canvas.field")
        ActionChains(page.driver).send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_UP, Keys.ENTER).perform()

        def my_strike():
            for message in page.received():
                view = message.get("view") if message.get("type") == "view" else None
                for strike in (view or {}).get("strikes", []):
                    if strike["seat"] == view.get("you") and abs(strike["x"] - 0.4) < 0.02 and abs(strike["y"] - 0.45) < 0.02:
                        return True
            return False

        page.wait("a strike made from the keyboard", my_strike)
    finally:
        page.quit()
        host.stop()


def scenario(partyhost, shots):
    four_in_a_row(partyhost)
    sun_touch(partyhost)


run(scenario)
