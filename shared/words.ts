/**
 * Words of a `shared/` table (a command's label) as a Lingui message of the `shared` catalog:
 * an explicit id and its English text. Written as plain objects marked `/*i18n*\/` so Lingui's
 * extractor finds them without a macro (the core and the main process run this code too); the
 * renderer shows them with `i18n._(words)`, the main process reads `message`.
 */
export interface Words {
  readonly id: string;
  readonly message: string;
  /** Values of the message's `{placeholders}` (a limit from the contract). */
  readonly values?: Readonly<Record<string, string | number>>;
}
