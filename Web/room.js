// On a party server (`partyhost serve`) a page belongs to one room: /ABCD (phones) or /ABCD/tv.
// Its code names the room's socket (/ABCD/ws), its QR code, and the keys the page keeps in storage,
// so that rooms on one server never mix their seats. On a LAN host ROOM is null.

/** The room's four-letter code, or null on a LAN host. */
export const ROOM = (() => {
  const match = (globalThis.location?.pathname ?? "").match(/^\/([A-Za-z]{4})(?:\/tv)?\/?$/);
  return match ? match[1].toUpperCase() : null;
})();

/** A storage key of this room (the key itself on a LAN host). */
export function roomKey(key) {
  return ROOM ? `${key}:${ROOM}` : key;
}

/**
 * The origin of the node the page's WebSocket uses: the page's own, until a fleet's node died and
 * another took the room (fleet.js). Invitations and the TV's QR code name it: the page's own may
 * be gone.
 */
let nodeOrigin = null;

/** The page's WebSocket now goes to `origin` (`http://b.example.org:8080`). */
export function useNode(origin) {
  nodeOrigin = origin === globalThis.location?.origin ? null : origin;
}

/** The origin of the node in use (the page's own unless it moved). */
export function currentOrigin() {
  return nodeOrigin ?? globalThis.location?.origin;
}

/** The room's link, for inviting (at the node in use). */
export function roomLink() {
  return ROOM ? `${currentOrigin()}/${ROOM}` : `${currentOrigin()}/`;
}
