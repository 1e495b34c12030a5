import { describe, expect, it } from 'vitest';
import type { JobView } from '../../../../shared/ipc/contract';
import { generatingWords, windowTitle } from './presence-words';

const job = (kind: JobView['kind'], state: JobView['state']) => ({ kind, state });

describe('presence in words', () => {
  it('names what is open in the window title', () => {
    expect(windowTitle('coffee · v2 Retexture')).toBe('coffee · v2 Retexture — Kiln');
    expect(windowTitle(undefined)).toBe('Kiln');
  });

  it('counts the models being made as the artist says it', () => {
    expect(generatingWords([])).toBe('Nothing generating');
    expect(generatingWords([job('photo', 'processing'), job('rig', 'processing')])).toBe(
      '1 model generating',
    );
    expect(
      generatingWords([
        job('photo', 'queued'),
        job('multi', 'downloading'),
        job('text', 'waiting'),
        job('photo', 'done'),
      ]),
    ).toBe('2 models generating · 1 waiting');
    expect(generatingWords([job('photo', 'waiting')])).toBe('1 model waiting');
  });
});
