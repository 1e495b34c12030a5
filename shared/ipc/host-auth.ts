/**
 * How the browser host's page proves it is the page the host served. The host prints an address
 * whose fragment carries a start token (`http://127.0.0.1:5317/#token=…`: a fragment is never sent
 * to any server, nor in a `Referer`). The page reads it once, removes it from the address bar and
 * proves it where no other page can: inside its WebSocket handshake and in a header of its
 * uploads. There is no cookie: browsers send a cookie of 127.0.0.1 to every port of 127.0.0.1.
 */

/** The bridge's WebSocket sub-protocol: the host answers with it, and only it. */
export const BRIDGE_PROTOCOL = 'kiln.bridge.v1';
/** Prefix of the sub-protocol value that carries the start token (`kiln.token.<token>`). */
export const TOKEN_PROTOCOL_PREFIX = 'kiln.token.';
/** Header that carries the start token on the page's uploads. */
export const TOKEN_HEADER = 'x-kiln-token';
/** Name of the start token in the address's fragment (`#token=…`). */
export const TOKEN_FRAGMENT = 'token';
/** The WebSocket close code of a message the bridge refuses (RFC 6455: policy violation). */
export const CLOSE_REFUSED = 1008;
