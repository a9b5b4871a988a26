"""A name with <script> in it shows as text on every page at the table and runs nothing."""
from browser import Browser, Failure, Host, run

NAME = "<script>window.pwned=1</script><img src=x onerror=window.pwned=2>"


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "snap", "--dedicated", "--bots", "1")
    evil = Browser()
    other = Browser()
    try:
        evil.join(host.url, NAME)
        other.join(host.url, "Olga")
        for page in (evil, other):
            page.wait("the name shown", lambda: any(e.text.startswith("<script>") for e in page.find("#players .name")))
            names = [e.text for e in page.find("#players .name")]
            shown = next(n for n in names if n.startswith("<script>"))
            # The host cuts names to 24 characters; what is left is shown exactly, as text.
            if not NAME.startswith(shown) or len(shown) < 20:
                raise Failure(f"the name shows as {shown!r}")
            if page.driver.execute_script("return window.pwned === undefined") is not True:
                raise Failure("the name ran as code")
            if page.driver.execute_script("return document.querySelectorAll('main script, main img').length") != 0:
                raise Failure("the name became HTML elements")
        other.shoot(shots, "lobby-script-name")
    finally:
        evil.quit()
        other.quit()
        host.stop()


run(scenario)
