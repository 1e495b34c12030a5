/** The library: every model of the account (issue 8 builds the grid here). */
export function LibraryPanel() {
  return <p className="muted">The library opens here.</p>;
}
