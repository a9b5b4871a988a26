// What a secure page (HTTPS, a party server behind its proxy) may do for the party: keep the
// screen awake while a game is on (Screen Wake Lock), and invite friends with the room's link
// (Web Share, else the clipboard, else the link shown to copy by hand). On a LAN host (plain HTTP)
// the browser offers neither, and the page does without.
import { ROOM, roomLink } from "./room.js";

let lock = null;
let wanted = false;

/** Asks for the screen to stay awake while `on` (a game is on); lets it go otherwise. */
export async function keepAwake(on) {
  wanted = on;
  if (!("wakeLock" in navigator) || !globalThis.isSecureContext) return;
  if (on && !lock && document.visibilityState === "visible") {
    try {
      lock = await navigator.wakeLock.request("screen");
      document.documentElement.dataset.wakeLock = "held";
      lock.addEventListener("release", () => {
        lock = null;
        delete document.documentElement.dataset.wakeLock;
      });
    } catch {
      lock = null; // refused (battery saver): the page goes on without it
    }
  } else if (!on && lock) {
    const held = lock;
    lock = null;
    await held.release().catch(() => {});
  }
}

// While the lock is held, <html data-wake-lock="held"> says so (for the curious, and the tests).
// The browser drops the lock when the page is hidden; it is asked for again on return.
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible" && wanted) keepAwake(true);
});

/** Adds "Invite" to the bar on a party server's room page. */
export function offerInvite() {
  if (!ROOM || document.getElementById("invite")) return;
  const button = document.createElement("button");
  button.id = "invite";
  button.type = "button";
  button.textContent = `Invite · ${ROOM}`;
  button.addEventListener("click", async () => {
    const url = roomLink();
    if (navigator.share) {
      try {
        await navigator.share({ title: "Join my party", text: `Room ${ROOM}`, url });
        return;
      } catch (error) {
        if (error?.name === "AbortError") return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      button.textContent = "Link copied";
    } catch {
      button.textContent = url;
    }
    setTimeout(() => { button.textContent = `Invite · ${ROOM}`; }, 3000);
  });
  document.getElementById("bar")?.append(button);
}
