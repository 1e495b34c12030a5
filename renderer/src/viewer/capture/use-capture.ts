import { useCallback, type RefObject } from 'react';
import type { ViewerCommands } from '../viewer-types';
import { captureFileName } from './capture-pixels';

/** What the capture panel needs from the viewer. */
export interface ViewerCapture {
  /** Renders the view into a PNG and downloads it; answers its file name and size. */
  capture(options: {
    width: number;
    height: number;
    transparent: boolean;
  }): Promise<{ fileName: string; width: number; height: number }>;
  /** The viewer's size in device pixels (the capture panel's "viewer size" choice). */
  viewerSize(): { width: number; height: number };
  /** A screenshot: the view as it is on screen, at the viewer's size (the viewer's menu). */
  screenshot(): Promise<{ fileName: string; width: number; height: number }>;
}

/** PNG capture of the view, saved under the model's name. */
export function useCapture(
  commandsRef: RefObject<ViewerCommands | null>,
  rootRef: RefObject<HTMLElement | null>,
  modelName: string | undefined,
): ViewerCapture {
  const capture = useCallback(
    async (options: { width: number; height: number; transparent: boolean }) => {
      const commands = commandsRef.current;
      if (!commands) throw new Error('the viewer is not ready');
      const shot = await commands.capture(options);
      const fileName = captureFileName(modelName ?? 'model', shot.width, shot.height);
      const href = URL.createObjectURL(shot.blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = fileName;
      link.click();
      // The download has started by the time the page gets back to its tasks.
      setTimeout(() => URL.revokeObjectURL(href), 30_000);
      return { fileName, width: shot.width, height: shot.height };
    },
    [commandsRef, modelName],
  );
  const viewerSize = useCallback(() => {
    const rect = rootRef.current?.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    return {
      width: Math.round((rect?.width ?? 800) * dpr),
      height: Math.round((rect?.height ?? 600) * dpr),
    };
  }, [rootRef]);
  const screenshot = useCallback(
    () => capture({ ...viewerSize(), transparent: false }),
    [capture, viewerSize],
  );
  return { capture, viewerSize, screenshot };
}
