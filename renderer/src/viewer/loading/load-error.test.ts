import { describe, expect, it } from 'vitest';
import { describeLoadError, isAbortError, loadErrorSentence, ModelLoadError } from './load-error';

describe('loadErrorSentence', () => {
  it('explains missing files without a bare status code', () => {
    const sentence = loadErrorSentence(new ModelLoadError('http', 'x', { status: 404 }));
    expect(sentence).toMatch(/^Could not open this model: the file is no longer available\./);
    expect(sentence).not.toMatch(/404/);
  });

  it('points refused access at the API key', () => {
    expect(describeLoadError(new ModelLoadError('http', 'x', { status: 401 }))).toMatch(/API key/);
  });

  it('keeps the parser detail for broken files, without three prefixes', () => {
    const error = new ModelLoadError('format', 'x', {
      cause: new Error('THREE.GLTFLoader: Unsupported asset. glTF versions >=2.0 are supported.'),
    });
    expect(describeLoadError(error)).toBe(
      'the file is not a readable GLB model (Unsupported asset. glTF versions >=2.0 are supported.). Export or download it again.',
    );
  });

  it('says a glTF 1.0 file is not read, and how to convert it with the user’s file name', () => {
    const sentence = loadErrorSentence(
      new ModelLoadError('legacy', 'x', { version: '1.0', file: 'old chair.gltf' }),
    );
    expect(sentence).toBe(
      'Could not open this model: it is a glTF 1.0 file, an older format that Kiln does not read (Kiln reads glTF 2.0). ' +
        'Convert it on your computer with the free gltf-pipeline tool (Node.js: npm install -g gltf-pipeline), ' +
        'then run: gltf-pipeline -i "old chair.gltf" -o "old chair-gltf2.glb" and open "old chair-gltf2.glb".',
    );
    expect(describeLoadError(new ModelLoadError('legacy', 'x', { version: '1.0' }))).toContain(
      'gltf-pipeline -i model.gltf -o model-gltf2.glb',
    );
  });

  it('names a web page served instead of the file', () => {
    expect(describeLoadError(new ModelLoadError('web-page', 'x'))).toMatch(/web page instead/);
    expect(describeLoadError(new ModelLoadError('not-gltf', 'x'))).toMatch(/not a GLB model/);
  });

  it('truncates long details', () => {
    const error = new ModelLoadError('gpu', 'x', { cause: new Error('x'.repeat(500)) });
    expect(describeLoadError(error).length).toBeLessThan(260);
  });

  it('handles unknown throwables', () => {
    expect(loadErrorSentence('boom')).toBe(
      'Could not open this model: something unexpected happened (boom). Try opening it again.',
    );
    expect(loadErrorSentence(undefined)).toMatch(/something unexpected happened\. Try/);
  });
});

describe('isAbortError', () => {
  it('recognises aborts only', () => {
    expect(isAbortError(new DOMException('a', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('a'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});
