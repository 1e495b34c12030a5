import { useCallback, useEffect, type KeyboardEvent, type RefObject } from 'react';
import { registerViewerKeys } from '../../ui/viewer-keys';
import type { ViewerSettings } from '../viewer-settings';
import type { ViewerCommands } from '../viewer-types';
import { keyboardStep } from './keyboard-steps';

/** Handlers of the stage (the canvas's focusable wrapper). */
export interface StageKeys {
  readonly onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  readonly onPointerDown: () => void;
}

/**
 * The viewer's keyboard shortcuts (see keyboard-steps.ts): camera steps, fit, reset, view
 * presets and the turntable. Clicking or dragging the model focuses the stage, so shortcuts
 * work next; the same keys are registered for the app's commands (`ui/viewer-keys.ts`), so they
 * also work from the palette and wherever the focus is not in a text field.
 */
export function useStageKeys(
  stageRef: RefObject<HTMLDivElement | null>,
  commandsRef: RefObject<ViewerCommands | null>,
  turntable: boolean,
  patch: (p: Partial<ViewerSettings>) => void,
): StageKeys {
  const press = useCallback(
    (key: string, shift: boolean): boolean => {
      const step = keyboardStep(key, shift);
      if (!step) return false;
      const commands = commandsRef.current;
      if (step === 'fit') commands?.fit();
      else if (step === 'reset') commands?.reset();
      else if (step === 'turntable') patch({ turntable: !turntable });
      else if ('preset' in step) commands?.view(step.preset);
      else commands?.nudge(step);
      return true;
    },
    [commandsRef, patch, turntable],
  );
  useEffect(() => registerViewerKeys(press), [press]);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (press(event.key, event.shiftKey)) event.preventDefault();
    },
    [press],
  );
  const onPointerDown = useCallback(() => {
    if (document.activeElement !== stageRef.current)
      stageRef.current?.focus({ preventScroll: true });
  }, [stageRef]);
  return { onKeyDown, onPointerDown };
}
