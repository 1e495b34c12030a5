/** The model the tools work on: the open one, or a website model the service would not send. */
export interface ToolsModel {
  readonly modelId: string;
  readonly name: string;
  readonly source?: string | undefined;
  /** Set when the viewer shows a saved result instead of the library model. */
  readonly savedPath?: string | undefined;
}

/** What every tool panel gets from the Tools column. */
export interface ToolProps {
  readonly modelId: string;
  readonly modelName: string;
  /** The folder to save in, or undefined while the folder field is wrong. */
  readonly folder: string | undefined;
}
