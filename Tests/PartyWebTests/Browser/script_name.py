"""Names with <script> and <img onerror> in them show as text on every page at the table and run
nothing. (The page refuses a name over 24 characters where it is typed, so each stays within 24;
the host cuts longer names from other clients, NameCleanerTests.)"""
from browser import Browser, Failure, Host, run

SCRIPT = "<script>pwned=1</script>"
IMG = "<img src=x onerror=p=2>"


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "snap", "--dedicated", "--bots", "1")
    evil = Browser()
    other = Browser()
    try:
        evil.join(host.url, SCRIPT)
        other.join(host.url, IMG)
        for page in (evil, other):
            page.wait("both names shown", lambda: {SCRIPT, IMG} <= {e.text for e in page.find("#players .name")})
            if page.driver.execute_script("return window.pwned === undefined && window.p === undefined") is not True:
                raise Failure("a name ran as code")
            if page.driver.execute_script("return document.querySelectorAll('main script, main img').length") != 0:
                raise Failure("a name became HTML elements")
        other.shoot(shots, "lobby-script-name")
    finally:
        evil.quit()
        other.quit()
        host.stop()


run(scenario)
