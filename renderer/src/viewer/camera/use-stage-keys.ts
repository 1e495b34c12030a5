import { useCallback, type KeyboardEvent, type RefObject } from 'react';
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
 * work next.
 */
export function useStageKeys(
  stageRef: RefObject<HTMLDivElement | null>,
  commandsRef: RefObject<ViewerCommands | null>,
  turntable: boolean,
  patch: (p: Partial<ViewerSettings>) => void,
): StageKeys {
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const step = keyboardStep(event.key, event.shiftKey);
      if (!step) return;
      event.preventDefault();
      const commands = commandsRef.current;
      if (step === 'fit') commands?.fit();
      else if (step === 'reset') commands?.reset();
      else if (step === 'turntable') patch({ turntable: !turntable });
      else if ('preset' in step) commands?.view(step.preset);
      else commands?.nudge(step);
    },
    [commandsRef, patch, turntable],
  );
  const onPointerDown = useCallback(() => {
    if (document.activeElement !== stageRef.current)
      stageRef.current?.focus({ preventScroll: true });
  }, [stageRef]);
  return { onKeyDown, onPointerDown };
}
