/** What every tool panel gets from the Tools column. */
export interface ToolProps {
  readonly modelId: string;
  readonly modelName: string;
  /** The folder to save in, or undefined while the folder field is wrong. */
  readonly folder: string | undefined;
}
