/** Post-processing tools for the open model (issue 9 builds the panels here). */
export function ToolsPanel() {
  return <p className="muted">Open a model to export, print, remesh or rig it.</p>;
}
