"""A browser spectator of Snap sees the table's face-up cards and never a face-down one: every view it
gets has only counts for the closed piles, and the page draws one card (the top) per pile at most."""
from browser import Browser, Failure, Host, run

PLAYER_KEYS = {"seat", "name", "closed", "open", "top", "out", "gone", "away", "ready"}


def scenario(partyhost, shots):
    host = Host(partyhost, "--game", "snap", "--dedicated", "--bots", "2", "--turn-seconds", "1")
    page = Browser()
    try:
        page.join(host.url, "Watcher", watch=True)
        page.wait("the piles", lambda: len(page.visible(".pile")) == 2)
        page.wait("a card turned up", lambda: page.find(".card[data-card]"))
        page.shoot(shots, "game-snap-spectator")
        seen = set()

        def more_cards():
            piles = page.find(".pile")
            cards = page.find(".card[data-card]")
            if len(cards) > len(piles):
                raise Failure(f"{len(cards)} cards drawn for {len(piles)} piles")
            seen.update(c.get_attribute("data-card") for c in cards)
            return len(seen) >= 6

        page.wait("six different face-up cards", more_cards)
        if page.visible("#snap-button") or page.visible("#turn-button"):
            raise Failure("a spectator is offered moves")
        views = [m for m in page.received() if m.get("type") == "view"]
        if len(views) < 3:
            raise Failure(f"only {len(views)} views arrived")
        for message in views:
            view = message["view"]
            if "me" in view:
                raise Failure(f"a spectator's view names a seat: {view}")
            for player in view["players"]:
                if not set(player) <= PLAYER_KEYS or not isinstance(player["closed"], int):
                    raise Failure(f"a pile carries more than counts and its top card: {player}")
        print(f"{len(views)} views, no face-down card")
    finally:
        page.quit()
        host.stop()


run(scenario)
