"""A party room of sixteen ends: the TV shows the final standings whole, at 1280x720 and 1920x1080
(two columns read downwards, best first; nothing under the screen, no name cut to nothing, no text
under the 32 px floor at 1920x1080), and a phone shows them too."""
import browser
from browser import Browser, Failure, Host, run

browser.SIZES["tv1080"] = (1920, 1080)
browser.SIZES["tv720"] = (1280, 720)

MEASURE = """
const rows = [...document.querySelectorAll('#done-standings li')];
const box = document.getElementById('done').getBoundingClientRect();
return {rows: rows.length, inside: rows.every((li) => { const r = li.getBoundingClientRect();
          return r.top >= box.top && r.bottom <= Math.min(box.bottom, innerHeight) + 1 && r.right <= innerWidth; }),
        smallest: Math.min(...rows.flatMap((li) => [...li.children].map((c) => parseFloat(getComputedStyle(c).fontSize)))),
        firstColumn: rows.slice(0, 8).every((li) => li.getBoundingClientRect().left === rows[0].getBoundingClientRect().left),
        names: rows.every((li) => li.querySelector('.name').getBoundingClientRect().width > 40)};
"""


def scenario(partyhost, shots):
    # Fifteen bots and a phone: the bots connect from this machine, so the per-address limit is raised.
    host = Host(partyhost, "--dedicated", "--games", "twentyfour", "--bots", "15", "--vote-seconds", "600",
                "--max-connections-per-address", "64")
    tv = Browser("desktop")
    tv.resize("tv720")
    phone = Browser()
    try:
        tv.driver.get(host.url + "tv")
        phone.join(host.url, "Annabelle Longname")
        tv.wait("sixteen on the scoreboard", lambda: len(tv.find("#scoreboard li")) == 16)
        host.process.terminate()
        for page in (tv, phone):
            page.wait("the final standings", lambda: len(page.visible("#done-standings li")) == 16)
        for size, floor in (("tv720", 0), ("tv1080", 32)):
            tv.resize(size)
            tv.wait("the layout at the new size", lambda: tv.driver.execute_script(MEASURE)["inside"])
            measured = tv.driver.execute_script(MEASURE)
            if not (measured["rows"] == 16 and measured["inside"] and measured["firstColumn"] and measured["names"]):
                raise Failure(f"at {size} the final standings do not fit: {measured}")
            if measured["smallest"] < floor:
                raise Failure(f"at {size} text is {measured['smallest']} px, under the {floor} px floor")
            if shots:
                tv.driver.save_screenshot(f"{shots}/tv-final-standings-{size}.png")
    finally:
        tv.quit()
        phone.quit()
        host.stop()


run(scenario)
