/** CSV as spreadsheets read it (RFC 4180, CRLF line ends), safe to open. */

/** One CSV field, quoted when it needs to be; a leading formula character is defused. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows (the header first) as CSV text. */
export function csvText(rows: ReadonlyArray<readonly string[]>): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
