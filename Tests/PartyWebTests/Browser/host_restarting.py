"""A host that keeps a journal is killed (kill -9) under a phone and the TV: both say "The host is
restarting… N s", counting down, while they keep trying; when the host's restart wait (4 s here) is
over, both show the gone state. (Coming back into the seat after a real restart is the journal's
scenario.)"""
from browser import Browser, Failure, Host, run

# Records every text the link-state label shows, so a short state is seen however the polling falls.
RECORD = """
window.__linkStates = [];
const label = document.getElementById('link-state');
new MutationObserver(() => window.__linkStates.push(label.textContent))
  .observe(label, { childList: true, characterData: true, subtree: true });
"""


def restarting(page):
    """The distinct 'The host is restarting… N s' texts the page showed so far."""
    texts = page.driver.execute_script("return window.__linkStates || []")
    return sorted({t for t in texts if t.startswith("The host is restarting… ")})


def gone(page):
    if not page.visible("#done"):
        return False
    return "The host has gone away: nothing answers at" in page.find("#done-message")[0].text


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "fourinarow", "--dedicated", "--bots", "1", "--bot-level", "easy",
                "--host-restart-wait", "4")
    phone = Browser()
    tv = Browser("desktop")
    try:
        phone.join(host.url, "Nomad")
        tv.driver.get(host.url + "tv")
        tv.wait("the table on the TV", lambda: tv.visible("#players li"))
        welcome = next(m for m in phone.received() if m.get("type") == "welcome")
        if welcome.get("restartWait") != 4:
            raise Failure(f"the welcome does not carry restartWait 4: {welcome}")
        for page in (phone, tv):
            page.driver.execute_script(RECORD)
        host.process.kill()  # kill -9: no goodbye, nothing listens any more
        phone.wait("'The host is restarting… N s' on the phone", lambda: restarting(phone))
        if phone.find("#link-state")[0].text.startswith("The host is restarting… "):
            phone.shoot(shots, "host-restarting")
        tv.wait("'The host is restarting… N s' on the TV", lambda: restarting(tv))
        phone.wait("the phone's gone state after the wait", lambda: gone(phone))
        tv.wait("the TV's gone state after the wait", lambda: gone(tv))
        phone.shoot(shots, "host-gone")
        shown = restarting(phone)
        # It counted down (the label is redrawn every half second), never past the host's 4 s.
        if len(shown) < 2:
            raise Failure(f"the phone's countdown did not move: {shown}")
        if any(int(t.split("… ")[1].split(" ")[0]) > 4 for t in shown):
            raise Failure(f"more seconds than the host's restart wait: {shown}")
        print(f"phone showed {shown}; TV showed {restarting(tv)}")
    finally:
        phone.quit()
        tv.quit()
        host.stop()


run(scenario)
