/**
 * Server file names made safe: no way out of the chosen folder, no hidden or dangerous extension,
 * no device names, and " (2)" numbering for names already taken.
 */
import { describe, expect, it } from 'vitest';
import { numbered, sanitizeFilename } from './filename';

const glb = { fallbackStem: 'teapot-export', extensions: ['glb'] };

describe('sanitizeFilename', () => {
  it('keeps a plain name', () => {
    expect(sanitizeFilename('teapot.glb', glb)).toBe('teapot.glb');
    expect(sanitizeFilename('Teapot v2.GLB', glb)).toBe('Teapot v2.glb');
  });

  it('keeps only the last path segment, whatever the separator', () => {
    expect(sanitizeFilename('../../etc/passwd.glb', glb)).toBe('passwd.glb');
    expect(sanitizeFilename('..\\..\\Windows\\evil.glb', glb)).toBe('evil.glb');
    expect(sanitizeFilename('/abs/path/x.glb', glb)).toBe('x.glb');
  });

  it('replaces an extension the operation does not produce', () => {
    expect(sanitizeFilename('model.exe', glb)).toBe('model.glb');
    expect(sanitizeFilename('run.desktop', glb)).toBe('run.glb');
    expect(sanitizeFilename('pack.zip', { fallbackStem: 'x', extensions: ['zip'] })).toBe(
      'pack.zip',
    );
    expect(sanitizeFilename('noext', glb)).toBe('noext.glb');
  });

  it('removes direction marks and control characters that disguise a name', () => {
    expect(sanitizeFilename('photo\u202egnp.exe', glb)).toBe('photognp.glb');
    expect(sanitizeFilename('a\u0000b\nc.glb', glb)).toBe('abc.glb');
  });

  it('refuses hidden files, device names and empty names', () => {
    expect(sanitizeFilename('.bashrc', glb)).toBe('bashrc.glb');
    expect(sanitizeFilename('CON.glb', glb)).toBe('_CON.glb');
    expect(sanitizeFilename('lpt1', glb)).toBe('_lpt1.glb');
    expect(sanitizeFilename('', glb)).toBe('teapot-export.glb');
    expect(sanitizeFilename(undefined, glb)).toBe('teapot-export.glb');
    expect(sanitizeFilename('...', glb)).toBe('teapot-export.glb');
    expect(sanitizeFilename('a:b*c?.glb', glb)).toBe('a_b_c_.glb');
  });

  it('shortens very long names', () => {
    expect(sanitizeFilename(`${'x'.repeat(500)}.glb`, glb)).toBe(`${'x'.repeat(100)}.glb`);
  });
});

describe('numbered', () => {
  it('numbers from the second copy', () => {
    expect(numbered('a.glb', 1)).toBe('a.glb');
    expect(numbered('a.glb', 2)).toBe('a (2).glb');
    expect(numbered('a', 3)).toBe('a (3)');
  });
});
