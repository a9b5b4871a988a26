"""A full host: a browser loading the page gets the 503 page (styled, counting down), which loads
the page again by itself once there is room."""
import os
import socket
import time

from browser import Browser, Failure, Host, run


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "fourinarow", "--dedicated", "--max-connections-per-address", "1")
    page = Browser()
    silent = None
    try:
        # A connection in its handshake (it has sent nothing yet) holds the address's one place.
        silent = socket.create_connection(("127.0.0.1", host.port))
        time.sleep(0.3)
        page.driver.get(host.url)
        page.wait("the busy page", lambda: "The host is busy" in page.text())
        left = page.wait("the countdown", lambda: page.find("#left") and page.find("#left")[0].text)
        if page.driver.execute_script("return getComputedStyle(document.body).display") != "grid":
            raise Failure("the busy page has no style (its policy refused it)")
        if shots:
            os.makedirs(shots, exist_ok=True)
            page.driver.save_screenshot(os.path.join(shots, "busy-503.png"))
        page.wait("the countdown to move", lambda: page.find("#left") and page.find("#left")[0].text != left)
        silent.close()
        silent = None
        # The page tries again by itself and this time gets the join page (its HTML: with one connection
        # an address, its modules may still find the host full).
        page.wait("the join page after the retry", lambda: page.find("#join-form"), timeout=30)
    finally:
        if silent:
            silent.close()
        page.quit()
        host.stop()


run(scenario)
