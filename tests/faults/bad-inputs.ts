/**
 * The catalogue of hostile user input: every IPC input and drop zone, each with the sentence the
 * user must read. `where` names the form or drop zone the input comes from; `via` is how it is
 * tried: the IPC channel (through the real `dispatch` and handlers) or the renderer's own photo
 * check (`checkPhoto`, what the drop zones run before anything is staged). `says` is what the
 * message must tell the user (what is wrong, what to do).
 */
import type { PhotoCandidate } from '../../shared/api/rules';
import type { Channel } from '../../shared/ipc/channels';

/** Files on disk the catalogue points at (built by the test). */
export interface BadFiles {
  readonly exe: string;
  readonly empty: string;
  readonly bomb: string;
  readonly speck: string;
  readonly gif: string;
  readonly svg: string;
  readonly damaged: string;
  readonly oversize: string;
  readonly folder: string;
}

/** What an entry may refer to: a good staged photo, a seeded model, the bad files. */
export interface BadContext {
  readonly photo: string;
  readonly model: string;
  readonly files: BadFiles;
}

/** One bad input. */
export interface BadInput {
  readonly name: string;
  readonly where: string;
  readonly via: Channel | 'checkPhoto' | 'unknown-channel';
  readonly input: (c: BadContext) => unknown;
  readonly says: RegExp;
  /** The field the error must name, when it is about one. */
  readonly field?: string;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const head = (bytes: number[]) => new Uint8Array([...bytes, ...new Array(16).fill(0)].slice(0, 16));
const candidate = (name: string, size: number, bytes: number[]): PhotoCandidate => ({
  name,
  size,
  head: head(bytes),
});
const photo = (c: BadContext, options: Record<string, unknown>) => ({
  fileId: c.photo,
  tier: 'fast',
  options,
});
const op = (c: BadContext, o: Record<string, unknown>, folder?: string) => ({
  modelId: c.model,
  op: o,
  ...(folder !== undefined ? { folder } : {}),
});
const HTTPS = /https:\/\//;

/** Every bad input Kiln must refuse with a clear sentence and without a request. */
export const BAD_INPUTS: readonly BadInput[] = [
  // --- Drop zones, as the renderer checks them before staging ----------------------------------
  {
    name: 'a program renamed photo.png',
    where: 'Create drop zone',
    via: 'checkPhoto',
    input: () => candidate('photo.png', 4096, [0x4d, 0x5a, 0x90, 0]),
    says: /not a JPEG, PNG or WebP.*Convert/,
  },
  {
    name: 'a 0-byte file',
    where: 'Create drop zone',
    via: 'checkPhoto',
    input: () => candidate('empty.jpg', 0, []),
    says: /is empty\. Choose a JPEG, PNG or WebP/,
  },
  {
    name: 'a 25 MB photo',
    where: 'Create drop zone',
    via: 'checkPhoto',
    input: () => candidate('huge.png', 25 * 1024 * 1024, PNG),
    says: /at most 20 MB\. Resize/,
  },
  {
    name: 'an animated GIF',
    where: 'Retexture drop zone',
    via: 'checkPhoto',
    input: () => candidate('spinner.gif', 900, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]),
    says: /not a JPEG, PNG or WebP/,
  },
  {
    name: 'a PDF named .webp',
    where: 'Multi-view drop zone',
    via: 'checkPhoto',
    input: () => candidate('front.webp', 5000, [0x25, 0x50, 0x44, 0x46]),
    says: /not a JPEG, PNG or WebP/,
  },
  // --- Staging (the main process checks every file again) ----------------------------------------
  {
    name: 'a program renamed photo.png',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: (c) => ({ path: c.files.exe }),
    says: /not a JPEG, PNG or WebP.*Convert/,
  },
  {
    name: 'a 0-byte file',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: (c) => ({ path: c.files.empty }),
    says: /is empty\. Choose/,
  },
  {
    name: 'a PNG that claims 100000×100000 pixels (dimension bomb)',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: (c) => ({ path: c.files.bomb }),
    says: /100000×100000 pixels.*Resize it/,
  },
  {
    name: 'a 1×1 image',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: (c) => ({ path: c.files.speck }),
    says: /only 1×1 pixels\. Choose a photo at least 64/,
  },
  {
    name: 'a GIF',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: (c) => ({ path: c.files.gif }),
    says: /not a JPEG, PNG or WebP/,
  },
  {
    name: 'an SVG named .png',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: (c) => ({ path: c.files.svg }),
    says: /not a JPEG, PNG or WebP/,
  },
  {
    name: 'a damaged PNG (signature, then garbage)',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: (c) => ({ path: c.files.damaged }),
    says: /cannot be read as an image.*Export it again/,
  },
  {
    name: 'a 21 MB file',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: (c) => ({ path: c.files.oversize }),
    says: /at most 20 MB/,
  },
  {
    name: 'a folder instead of a file',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: (c) => ({ path: c.files.folder }),
    says: /could not be read\. Choose the photo again/,
  },
  {
    name: 'a path that does not exist',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: (c) => ({ path: `${c.files.folder}/../../no/such/photo.png` }),
    says: /could not be read\. Choose the photo again/,
  },
  {
    name: 'a system file',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: () => ({ path: '/etc/hostname' }),
    says: /not a JPEG, PNG or WebP|could not be read/,
  },
  {
    name: 'an empty path',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: () => ({ path: '' }),
    says: /Path is empty\. Fill it in/,
    field: 'path',
  },
  {
    name: 'a number as path',
    where: 'files:stagePath',
    via: 'files:stagePath',
    input: () => ({ path: 42 }),
    says: /Path must be text/,
    field: 'path',
  },
  // --- Create: photo and multi-view --------------------------------------------------------------
  {
    name: 'an unknown tier',
    where: 'Create form',
    via: 'jobs:startPhoto',
    input: (c) => ({ fileId: c.photo, tier: 'mega' }),
    says: /Tier must be “ultra”, “quality”, “fast”/,
    field: 'tier',
  },
  {
    name: 'poly count 5',
    where: 'Create form',
    via: 'jobs:startPhoto',
    input: (c) => photo(c, { polyCount: 5 }),
    says: /Poly count must be at least 10000/,
    field: 'options.polyCount',
  },
  {
    name: 'poly count 2,000,000',
    where: 'Create form',
    via: 'jobs:startPhoto',
    input: (c) => photo(c, { polyCount: 2_000_000 }),
    says: /Poly count must be at most 1000000/,
    field: 'options.polyCount',
  },
  {
    name: 'poly count 12345.5',
    where: 'Create form',
    via: 'jobs:startPhoto',
    input: (c) => photo(c, { polyCount: 12_345.5 }),
    says: /Poly count must be a whole number/,
  },
  {
    name: 'poly count as text',
    where: 'Create form',
    via: 'jobs:startPhoto',
    input: (c) => photo(c, { polyCount: '100000' }),
    says: /Poly count must be a number/,
  },
  {
    name: 'texture size 3000',
    where: 'Create form',
    via: 'jobs:startPhoto',
    input: (c) => photo(c, { textureSize: 3000 }),
    says: /Texture size is not accepted: use 1024, 2048 or 4096/,
  },
  {
    name: 'texture format gif',
    where: 'Create form',
    via: 'jobs:startPhoto',
    input: (c) => photo(c, { textureFormat: 'gif' }),
    says: /Texture format must be “webp”, “png”/,
  },
  {
    name: 'a negative seed',
    where: 'Create form',
    via: 'jobs:startPhoto',
    input: (c) => photo(c, { seed: -1 }),
    says: /Seed must be at least 0/,
  },
  {
    name: 'remesh as a string',
    where: 'Create form',
    via: 'jobs:startPhoto',
    input: (c) => photo(c, { remesh: 'yes' }),
    says: /Remesh must be on or off/,
  },
  {
    name: 'a photo id never staged',
    where: 'Create form',
    via: 'jobs:startPhoto',
    input: () => ({ fileId: 'no-such-photo', tier: 'fast' }),
    says: /no longer available\. Drop it again/,
  },
  {
    name: 'no input at all',
    where: 'Create form',
    via: 'jobs:startPhoto',
    input: () => null,
    says: /must be a group of settings/,
  },
  {
    name: 'one view',
    where: 'Multi-view form',
    via: 'jobs:startMulti',
    input: (c) => ({ fileIds: [c.photo], tier: 'fast' }),
    says: /File ids: choose at least 2/,
  },
  {
    name: 'five views',
    where: 'Multi-view form',
    via: 'jobs:startMulti',
    input: (c) => ({ fileIds: Array(5).fill(c.photo), tier: 'fast' }),
    says: /File ids: choose at most 4/,
  },
  {
    name: 'views as a string',
    where: 'Multi-view form',
    via: 'jobs:startMulti',
    input: (c) => ({ fileIds: c.photo, tier: 'fast' }),
    says: /File ids must be a list/,
  },
  // --- Create: text ------------------------------------------------------------------------------
  {
    name: 'an empty prompt',
    where: 'Text form',
    via: 'concepts:imagine',
    input: () => ({ prompt: '' }),
    says: /Prompt is empty\. Fill it in/,
  },
  {
    name: 'a prompt of spaces',
    where: 'Text form',
    via: 'concepts:imagine',
    input: () => ({ prompt: '   \n\t ' }),
    says: /Prompt is empty/,
  },
  {
    name: 'a 10,000-character prompt',
    where: 'Text form',
    via: 'concepts:imagine',
    input: () => ({ prompt: 'a teapot '.repeat(1112).slice(0, 10_000) }),
    says: /Prompt is too long: use at most 1000 characters/,
  },
  {
    name: '10,000 emoji',
    where: 'Text form',
    via: 'concepts:imagine',
    input: () => ({ prompt: '🫖'.repeat(10_000) }),
    says: /Prompt is too long/,
  },
  {
    name: 'a 41-character style',
    where: 'Text form',
    via: 'concepts:imagine',
    input: () => ({ prompt: 'a teapot', style: 'x'.repeat(41) }),
    says: /Style is too long: use at most 40/,
  },
  {
    name: 'a text job without concept',
    where: 'Text form',
    via: 'jobs:startText',
    input: () => ({ tier: 'fast' }),
    says: /Concept id is missing\. Fill it in/,
  },
  {
    name: 'a 300-character label',
    where: 'Text form',
    via: 'jobs:startText',
    input: () => ({ conceptId: 'c1', tier: 'fast', label: 'x'.repeat(300) }),
    says: /Label is too long: use at most 200/,
  },
  // --- Retexture ---------------------------------------------------------------------------------
  {
    name: 'texture size 512',
    where: 'Retexture form',
    via: 'jobs:retexture',
    input: (c) => ({ modelId: c.model, fileId: c.photo, textureSize: 512 }),
    says: /use 1024, 2048 or 4096/,
  },
  {
    name: 'a 201-character model id',
    where: 'Retexture form',
    via: 'jobs:retexture',
    input: (c) => ({ modelId: 'm'.repeat(201), fileId: c.photo }),
    says: /Model id is too long/,
  },
  // --- Tools: print, retopo, gamepack, make, rig -------------------------------------------------
  {
    name: 'print length 10 mm',
    where: 'Print form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'print', lengthMm: 10 }),
    says: /Length \(mm\) must be at least 30/,
  },
  {
    name: 'print length 500 mm',
    where: 'Print form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'print', lengthMm: 500 }),
    says: /Length \(mm\) must be at most 400/,
  },
  {
    name: '9 colours',
    where: 'Print form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'print', colors: 9 }),
    says: /Colors must be at most 8/,
  },
  {
    name: 'palette of colour names',
    where: 'Print form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'print', palette: 'red, green' }),
    says: /Palette must be a comma-separated list of #rrggbb colours/,
  },
  {
    name: 'palette with a 5-digit colour',
    where: 'Print form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'print', palette: '#12345' }),
    says: /#rrggbb/,
  },
  {
    name: 'palette of 81 characters',
    where: 'Print form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'print', palette: Array(12).fill('#aabbcc').join(',') }),
    says: /Palette is too long: use at most 80/,
  },
  {
    name: 'retopo 100 faces',
    where: 'Retopo form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'retopo', faces: 100 }),
    says: /Faces must be at least 500/,
  },
  {
    name: 'gamepack size 0 m',
    where: 'Gamepack form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'gamepack', sizeM: 0 }),
    says: /Size \(m\) must be more than 0/,
  },
  {
    name: 'gamepack size 5000 m',
    where: 'Gamepack form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'gamepack', sizeM: 5000 }),
    says: /Size \(m\) must be at most 1000/,
  },
  {
    name: 'an unknown engine',
    where: 'Gamepack form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'gamepack', engine: 'cryengine' }),
    says: /Engine must be “unity”, “unreal”, “godot”/,
  },
  {
    name: 'a maker id with a path',
    where: 'Make form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'make', maker: '../../etc' }),
    says: /Maker must be a maker id such as "papercraft"/,
  },
  {
    name: 'a rig without its kind',
    where: 'Rig form',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'rig' }),
    says: /Rig kind must be “humanoid”, “generic”/,
  },
  {
    name: 'an operation Kiln does not know',
    where: 'Tools',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'explode' }),
    says: /is not one Kiln knows/,
  },
  {
    name: 'a relative folder with ..',
    where: 'Save folder',
    via: 'ops:run',
    input: (c) => op(c, { kind: 'export' }, '../../etc'),
    says: /Choose the folder to save in with its full path/,
  },
  // --- Library -----------------------------------------------------------------------------------
  {
    name: 'page size 0',
    where: 'Library',
    via: 'library:list',
    input: () => ({ limit: 0 }),
    says: /Limit must be at least 1/,
  },
  {
    name: 'page size 500',
    where: 'Library',
    via: 'library:list',
    input: () => ({ limit: 500 }),
    says: /Limit must be at most 200/,
  },
  {
    name: 'page 0',
    where: 'Library',
    via: 'library:list',
    input: () => ({ page: 0 }),
    says: /Page must be at least 1/,
  },
  {
    name: 'a 300-character search',
    where: 'Library',
    via: 'library:list',
    input: () => ({ search: 's'.repeat(300) }),
    says: /Search is too long/,
  },
  // --- Settings and keys -------------------------------------------------------------------------
  {
    name: 'a service address that is not a URL',
    where: 'Settings',
    via: 'settings:set',
    input: () => ({ baseUrl: 'not a url' }),
    says: /is not a web address: enter one that starts with https:/,
  },
  {
    name: 'a javascript: service address',
    where: 'Settings',
    via: 'settings:set',
    input: () => ({ baseUrl: 'javascript:alert(1)' }),
    says: HTTPS,
  },
  {
    name: 'a file: service address',
    where: 'Settings',
    via: 'settings:set',
    input: () => ({ baseUrl: 'file:///etc/passwd' }),
    says: HTTPS,
  },
  {
    name: 'plain http to another host',
    where: 'Settings',
    via: 'settings:set',
    input: () => ({ baseUrl: 'http://evil.example' }),
    says: HTTPS,
  },
  {
    name: 'credentials in the service address',
    where: 'Settings',
    via: 'settings:set',
    input: () => ({ baseUrl: 'https://user:pw@api.example.com' }),
    says: /must not carry a user name/,
  },
  {
    name: 'request budget 61',
    where: 'Settings',
    via: 'settings:set',
    input: () => ({ requestBudget: 61 }),
    says: /request budget must be a whole number from 1 to 60/,
  },
  {
    name: 'request budget 0',
    where: 'Settings',
    via: 'settings:set',
    input: () => ({ requestBudget: 0 }),
    says: /request budget must be a whole number from 1 to 60/,
  },
  {
    name: '6 jobs at once',
    where: 'Settings',
    via: 'settings:set',
    input: () => ({ maxConcurrentJobs: 6 }),
    says: /Kiln can run 1 to 5 generations at once/,
  },
  {
    name: 'a relative export folder',
    where: 'Settings',
    via: 'settings:set',
    input: () => ({ exportDir: '../../etc' }),
    says: /export folder with its full path/,
  },
  {
    name: 'a spend warning of “lots”',
    where: 'Settings',
    via: 'settings:set',
    input: () => ({ spendWarningUsd: 'lots' }),
    says: /Spend warning \(USD\) must be a decimal dollar amount/,
  },
  {
    name: 'an empty key',
    where: 'Account → Keys',
    via: 'keys:set',
    input: () => ({ key: '' }),
    says: /Key is empty\. Fill it in/,
  },
  {
    name: 'a 600-character key',
    where: 'Account → Keys',
    via: 'keys:set',
    input: () => ({ key: 'k'.repeat(600) }),
    says: /Key is too long: use at most 512/,
  },
  // --- Jobs --------------------------------------------------------------------------------------
  {
    name: 'cancelling a job that does not exist',
    where: 'Activity',
    via: 'jobs:cancel',
    input: () => ({ jobId: 'no-such-job' }),
    says: /does not know this job\. Reload the list/,
  },
  {
    name: 'an unknown resolution',
    where: 'Activity',
    via: 'jobs:resolveUnknown',
    input: () => ({ jobId: 'j', resolution: 'ignore' }),
    says: /Resolution must be “dismiss”, “retry”/,
  },
  {
    name: 'a channel that does not exist',
    where: 'IPC',
    via: 'unknown-channel',
    input: () => ({ path: '/' }),
    says: /Unknown request/,
  },
];
