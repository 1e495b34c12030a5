/**
 * Path handling on every OS, whatever OS runs the test: the same functions under Windows rules
 * (`path.win32`: drive letters, backslashes, UNC shares) and POSIX rules (`path.posix`).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appPaths } from '../app-paths';
import { filesFromArgv } from '../desktop/open-args';
import { confinedPath } from './confined-path';

describe('confinedPath under Windows and POSIX rules', () => {
  const cases = [
    { p: path.win32, root: 'C:\\Program Files\\Kiln\\resources\\renderer' },
    { p: path.win32, root: '\\\\studio-nas\\apps\\Kiln\\renderer' },
    { p: path.posix, root: '/opt/Kiln/resources/renderer' },
  ];
  for (const { p, root } of cases) {
    it(`serves files inside ${root} and nothing outside it`, () => {
      expect(confinedPath(root, '/index.html', p)).toBe(p.join(root, 'index.html'));
      expect(confinedPath(root, '/assets/viewer-1a.js', p)).toBe(
        p.join(root, 'assets', 'viewer-1a.js'),
      );
      expect(confinedPath(root, '/assets/a%20b.css', p)).toBe(p.join(root, 'assets', 'a b.css'));
      // `..` is folded inside the root, never above it.
      expect(confinedPath(root, '/../../secret.txt', p)).toBe(p.join(root, 'secret.txt'));
      for (const hostile of [
        '/..%5c..%5csecret.txt',
        '/assets\\..\\..\\secret.txt',
        '/%00.html',
        '/C:/Windows/win.ini',
        '/C:%5cWindows%5cwin.ini',
        '//evil-share/x',
        '/%E0%A4%A',
        '/',
      ]) {
        const file = confinedPath(root, hostile, p);
        expect(file === undefined || file.startsWith(root + p.sep), `${hostile} → ${file}`).toBe(
          true,
        );
      }
      expect(confinedPath(root, '/C:/Windows/win.ini', p) ?? '').not.toMatch(/^C:\\Windows/);
    });
  }
});

describe('filesFromArgv under Windows and POSIX rules', () => {
  it('takes the models of a Windows command line, relative or on another drive', () => {
    expect(
      filesFromArgv(
        [
          'C:\\Program Files\\Kiln\\Kiln.exe',
          '--allow-file-access',
          'cup.glb',
          'D:\\art\\Lamp.GLTF',
          'notes.txt',
          'bracket.3mf',
        ],
        'C:\\Users\\Ann\\Desktop',
        path.win32,
      ),
    ).toEqual([
      'C:\\Users\\Ann\\Desktop\\cup.glb',
      'D:\\art\\Lamp.GLTF',
      'C:\\Users\\Ann\\Desktop\\bracket.3mf',
    ]);
  });

  it('takes the models of a Linux command line', () => {
    expect(
      filesFromArgv(
        ['/opt/Kiln/kiln', '--no-sandbox', '../cup.glb', '/srv/art/lamp.gltf'],
        '/home/ann/Desktop',
        path.posix,
      ),
    ).toEqual(['/home/ann/cup.glb', '/srv/art/lamp.gltf']);
  });
});

describe('appPaths under Windows and POSIX rules', () => {
  it('keeps cache and scratch on the data folder’s volume, logs where the platform says', () => {
    expect(appPaths('C:\\Users\\Ann\\AppData\\Roaming\\Kiln', undefined, path.win32)).toEqual({
      data: 'C:\\Users\\Ann\\AppData\\Roaming\\Kiln',
      cache: 'C:\\Users\\Ann\\AppData\\Roaming\\Kiln\\cache\\models',
      temp: 'C:\\Users\\Ann\\AppData\\Roaming\\Kiln\\cache\\tmp',
      logs: 'C:\\Users\\Ann\\AppData\\Roaming\\Kiln\\logs',
    });
    expect(
      appPaths(
        '/Users/ann/Library/Application Support/Kiln',
        '/Users/ann/Library/Logs/Kiln',
        path.posix,
      ),
    ).toEqual({
      data: '/Users/ann/Library/Application Support/Kiln',
      cache: '/Users/ann/Library/Application Support/Kiln/cache/models',
      temp: '/Users/ann/Library/Application Support/Kiln/cache/tmp',
      logs: '/Users/ann/Library/Logs/Kiln',
    });
  });
});
