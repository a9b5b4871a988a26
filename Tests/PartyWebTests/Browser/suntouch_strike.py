"""SunTouch by touch: the coin toss button, then a tap on the field is a strike of the slider's size."""
from browser import Browser, Failure, Host, run


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "suntouch", "--dedicated", "--bots", "1", "--time-limit", "20")
    page = Browser()
    try:
        page.join(host.url, "Sunny")
        page.click("#ready-button")
        page.wait("the field", lambda: page.visible("canvas.field"))
        page.shoot(shots, "game-suntouch-toss")
        page.click("button.toss")
        page.wait("play", lambda: page.visible("label.size"))
        field = page.visible("canvas.field")[0]
        before = len([m for m in page.received() if m.get("type") == "view"])
        page.driver.execute_script("""
            const c = arguments[0], r = c.getBoundingClientRect();
            c.dispatchEvent(new PointerEvent('pointerdown', {clientX: r.left + r.width * 0.3, clientY: r.top + r.height * 0.6, bubbles: true}));
        """, field)

        def my_strike():
            for message in page.received():
                if message.get("type") != "view":
                    continue
                view = message["view"]
                for strike in view.get("strikes", []):
                    if strike["seat"] == view.get("you") and abs(strike["x"] - 0.3) < 0.02 and abs(strike["y"] - 0.6) < 0.02:
                        return True
            return False

        page.wait("my strike in a view", my_strike)
        page.shoot(shots, "game-suntouch")
        if before == 0:
            raise Failure("no views before the strike")
    finally:
        page.quit()
        host.stop()


run(scenario)
