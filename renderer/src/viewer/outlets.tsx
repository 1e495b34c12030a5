/**
 * What the viewer's tool panels need from the app around it (saving a recording, the results
 * folder, the print tool's size, a saved file's actions). The app hands them in as one prop of
 * {@link ModelViewer}; the viewer itself imports nothing of the app, so it stays a component any
 * page could host.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { OpenRecording } from './turntable/save-recording';

/** The app's services the viewer's tools use. */
export interface ViewerOutlets {
  /**
   * Opens a place for a recording in `folder` before it is recorded (a folder that cannot take
   * it is refused at once); it is saved there under a safe name, never replacing a file.
   */
  openRecording(fileName: string, folder: string): Promise<OpenRecording>;
  /** The folder results go to unless the user types another. */
  readonly exportDir: string | undefined;
  /** Asks the OS for a folder; absent where a page cannot (the browser host). */
  readonly chooseFolder: (() => Promise<string | undefined>) | undefined;
  /** The print tool's longest side in mm: the size the printability check starts from. */
  readonly printLengthMm: number | undefined;
  /** The actions a saved recording offers (drag out, show in folder), like any saved result. */
  recordingActions(recordingId: string): ReactNode;
  /** The tool panels' remembered choices by key (see `use-remembered.ts`). */
  readonly tools?: Readonly<Record<string, unknown>>;
  /** Remembers a tool panel's choice for the next start. */
  rememberTool?(key: string, value: string | number | boolean): void;
}

const OutletsContext = createContext<ViewerOutlets | null>(null);

/** Provides the app's outlets to the viewer's panels. */
export const ViewerOutletsProvider = OutletsContext.Provider;

/** The app's outlets; null where the viewer is hosted without them (tools' panels then say so). */
export function useViewerOutlets(): ViewerOutlets | null {
  return useContext(OutletsContext);
}
