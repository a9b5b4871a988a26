"""A host with a join code: the page asks for it, says why a wrong one is refused, and lets the right one in."""
from browser import Browser, Failure, Host, run


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "fourinarow", "--dedicated", "--code", "4321")
    page = Browser()
    try:
        page.driver.get(host.url)
        page.wait("the name prompt", lambda: page.visible("#name-input"))
        page.find("#name-input")[0].send_keys("Cody")
        page.click("#join-button")
        page.wait("the code prompt", lambda: page.visible("#code-input"))
        page.find("#code-input")[0].send_keys("1111")
        page.click("#code-form button[type=submit]")
        page.wait("the refusal", lambda: "wrong" in page.find("#code-message")[0].text.lower()
                  and page.visible("#code-input"))
        page.shoot(shots, "join-code-wrong")
        field = page.find("#code-input")[0]
        field.clear()
        field.send_keys("4321")
        page.click("#code-form button[type=submit]")
        page.wait("the table", lambda: page.visible("#players li"))
        if "Cody" not in page.text():
            raise Failure("not seated after the right code")
    finally:
        page.quit()
        host.stop()


run(scenario)
