"""/tv: a big-screen spectator view with the join address and its QR code (drawn by the host), the
table and the running game."""
from browser import Browser, Failure, Host, run


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "fourinarow", "--dedicated", "--bots", "1", "--bot-level", "easy")
    tv = Browser("desktop")
    player = Browser()
    try:
        tv.driver.get(host.url + "tv")
        tv.resize("desktop")
        tv.wait("the join address", lambda: tv.find("#join-url")[0].text == host.url)
        tv.wait("the QR code image", lambda: tv.driver.execute_script(
            "const i = document.querySelector('img.qr'); return i.complete && i.naturalWidth > 0"))
        tv.wait("the table", lambda: tv.visible("#players li"))
        player.join(host.url, "Pia")
        player.click("#ready-button")
        tv.wait("the board on the TV", lambda: tv.visible(".c4-grid"))
        if tv.find(".c4-grid .column:not([disabled])"):
            raise Failure("the TV is offered moves")
        if "watching" not in tv.text():
            raise Failure("the TV does not say it watches")
        player.click('.c4-grid .column[data-column="4"]')
        tv.wait("the move on the TV", lambda: len(tv.find(".cell.red, .cell.yellow")) >= 1)
        if shots:
            tv.driver.save_screenshot(f"{shots}/tv-desktop.png")
            tv.resize("phone")
            tv.driver.save_screenshot(f"{shots}/tv-phone.png")
    finally:
        tv.quit()
        player.quit()
        host.stop()


run(scenario)
