/**
 * Share of the progress bar each stage of a model's load ends at. Downloading dominates the wait
 * for a generated model (tens of MB over the network); decoding and GPU upload take the last
 * sliver. A module of its own, free of the words, so tests read the same figures.
 */
export const DOWNLOAD_END = 90;
/** Where the bar stands while the model is decoded. */
export const DECODE_AT = 93;
export const UPLOAD_AT = 97;
