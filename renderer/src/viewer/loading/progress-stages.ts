/**
 * The viewer's loading bar in figures: how long an open goes before the bar shows, and the share
 * of the bar each stage of a model's load ends at. Downloading dominates the wait for a generated
 * model (tens of MB over the network); decoding and GPU upload take the last sliver. A module of
 * its own, free of the words, so tests read the same figures.
 */
export const DOWNLOAD_END = 90;
/** Where the bar stands while the model is decoded. */
export const DECODE_AT = 93;
export const UPLOAD_AT = 97;

/**
 * How long a model may take to open before its progress shows. A quicker open, such as a switch
 * between two models already in the cache, would only flash the bar; and every frame the bar
 * animates is one the compositor draws while the viewer is preparing the model's first: with
 * WebGL drawn on the CPU, bench B2's switch took ~605 ms with the bar from the start and ~526 ms
 * with this grace (and the tools' state changes unfaded, `viewer.css`).
 * Half a second is about where a wait starts to need feedback; a switch keeps the previous model
 * on screen meanwhile.
 */
export const PROGRESS_GRACE_MS = 500;
