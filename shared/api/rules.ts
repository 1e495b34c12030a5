/**
 * The service's parameter rules and limits (service-api.md §1, §4, §8), as data.
 *
 * One source for the sandbox's validation, the client's typed inputs and the renderer's checks
 * before upload, so the three can never disagree about a range or a default.
 */

import { formatBytes } from '../format';
import type { Words } from '../words';

/** The three generation model versions a route or text `mode` can select (service-api.md §1). */
export const MODEL_TIERS = ['ultra', 'quality', 'fast'] as const;
/** A generation model version, by the name of its text `mode`. */
export type ModelTier = (typeof MODEL_TIERS)[number];

/** What each tier means, its routes and its defaults. */
export interface TierInfo {
  /** The service's model version number. */
  readonly version: '2' | '1.1' | '1';
  /** The label shown to users: a message of the shared catalog (`i18n._`). */
  readonly label: Words;
  /** Route of single-photo generation. */
  readonly photoPath: string;
  /** Route of multi-view generation. */
  readonly multiPath: string;
  /** Default `poly_count` on the photo and multi-view routes. */
  readonly defaultPolyCount: number;
  /**
   * Default `texture_size`: "the model version's own size". The document lists 1 = 1024,
   * 1.1 = 2048 and 1.2 = 4096 but not version 2; Kiln assumes 4096 for the best-quality version.
   */
  readonly defaultTextureSize: TextureSize;
}

/** Per-tier routes and defaults. */
export const TIERS: Readonly<Record<ModelTier, TierInfo>> = {
  ultra: {
    version: '2',
    label: /*i18n*/ { id: 'tier.ultra', message: 'Best quality' },
    photoPath: '/generate/cloud/ultra',
    multiPath: '/generate/cloud/multi/ultra',
    defaultPolyCount: 250_000,
    defaultTextureSize: 4096,
  },
  quality: {
    version: '1.1',
    label: /*i18n*/ { id: 'tier.quality', message: 'Quality' },
    photoPath: '/generate/cloud',
    multiPath: '/generate/cloud/multi',
    defaultPolyCount: 100_000,
    defaultTextureSize: 2048,
  },
  fast: {
    version: '1',
    label: /*i18n*/ { id: 'tier.fast', message: 'Fastest' },
    photoPath: '/generate/cloud/fast',
    multiPath: '/generate/cloud/multi/fast',
    defaultPolyCount: 70_000,
    defaultTextureSize: 1024,
  },
};

/** Allowed texture sizes (generation, retexture, retopo). */
export const TEXTURE_SIZES = [1024, 2048, 4096] as const;
/** One of {@link TEXTURE_SIZES}. */
export type TextureSize = (typeof TEXTURE_SIZES)[number];

/** A retexture's `texture_size` when the call names none (§4.6). */
export const RETEXTURE_DEFAULT_TEXTURE_SIZE: TextureSize = 2048;
/** Allowed texture formats. */
export const TEXTURE_FORMATS = ['webp', 'png'] as const;
/** One of {@link TEXTURE_FORMATS}. */
export type TextureFormat = (typeof TEXTURE_FORMATS)[number];

/** Numeric limits of service-api.md §8. */
export const LIMITS = {
  polyCount: { min: 10_000, max: 1_000_000 },
  views: { min: 2, max: 4 },
  lengthMm: { min: 30, max: 400 },
  colors: { min: 1, max: 8 },
  paletteMaxChars: 80,
  faces: { min: 500, max: 100_000, step: 100 },
  sizeM: { exclusiveMin: 0, max: 1000 },
  libraryLimit: { min: 1, max: 200, default: 50 },
  hollowShellMm: 2.5,
  requestsPerMinute: 60,
  concurrentJobs: 5,
  keysPerUser: 10,
} as const;

/** Image types the photo routes accept. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** One of {@link PHOTO_TYPES}. */
export type PhotoType = (typeof PHOTO_TYPES)[number];
/**
 * Largest photo the service accepts: "at most 20 MB". Kiln reads MB as 20 × 1024 × 1024 bytes in
 * both the client and the sandbox.
 */
export const PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Identifies JPEG, PNG or WebP from a file's first bytes (at least 12). The file name and the
 * browser's MIME guess are not trusted: a renamed `.exe` must not pass as a photo.
 */
export function sniffPhotoType(head: Uint8Array): PhotoType | undefined {
  const at = (i: number) => head[i];
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b)) {
    return 'image/png';
  }
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (head.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

/** The facts about a chosen file that photo validation needs. */
export interface PhotoCandidate {
  readonly name: string;
  readonly size: number;
  /** The file's first bytes (12 are enough). */
  readonly head: Uint8Array;
}

/** Outcome of {@link checkPhoto}: the sniffed type, or a sentence that says what to fix. */
export type PhotoCheck = { ok: true; type: PhotoType } | { ok: false; message: string };

/**
 * Checks a photo against the service's rules before anything is uploaded.
 * @example checkPhoto({ name: 'cat.gif', size: 10, head }) // { ok: false, message: '“cat.gif” is not …' }
 */
export function checkPhoto(file: PhotoCandidate): PhotoCheck {
  if (file.size === 0) {
    return { ok: false, message: `“${file.name}” is empty. Choose a JPEG, PNG or WebP photo.` };
  }
  if (file.size > PHOTO_MAX_BYTES) {
    return {
      ok: false,
      message: `“${file.name}” is ${formatBytes(file.size)}; photos can be at most 20 MB. Resize or re-export it smaller.`,
    };
  }
  const type = sniffPhotoType(file.head);
  if (!type) {
    return {
      ok: false,
      message: `“${file.name}” is not a JPEG, PNG or WebP image. Convert it to one of those formats and try again.`,
    };
  }
  return { ok: true, type };
}

/**
 * Values of `style` on text imagine. The document leaves them "not shown"; these are the sandbox's
 * (electron/sandbox/README.md). A live service may accept others, so the client should not reject
 * a style it does not know when talking to it.
 */
export const IMAGINE_STYLES = ['realistic', 'cartoon', 'lowpoly', 'clay', 'voxel'] as const;
/** One of {@link IMAGINE_STYLES}. */
export type ImagineStyle = (typeof IMAGINE_STYLES)[number];
/** Longest text prompt the sandbox accepts (the document names no limit). */
export const PROMPT_MAX_CHARS = 1000;

/** `format` of `GET /model/{id}/export` (service-api.md §4.10). */
export const EXPORT_FORMATS = ['glb', 'glb_draco', 'fbx', 'obj', 'usdz', 'stl'] as const;
/**
 * Words the export `texture` pattern accepts. The document's description instead speaks of a
 * texture size (1024, 2048, 4096); both spellings are accepted.
 */
export const EXPORT_TEXTURE_WORDS = ['realistic', 'generative'] as const;
/** `format` of `GET /model/{id}/print`. */
export const PRINT_FORMATS = ['stl', '3mf'] as const;
/** `interior` of retopo. */
export const RETOPO_INTERIORS = ['keep', 'fill'] as const;
/** `format` of retopo. */
export const RETOPO_FORMATS = ['glb', 'fbx'] as const;
/** `kind` of rig. */
export const RIG_KINDS = ['humanoid', 'generic'] as const;
/** `engine` of gamepack. */
export const GAME_ENGINES = ['unity', 'unreal', 'godot'] as const;
/** `units` of gamepack. */
export const GAME_UNITS = ['m', 'cm'] as const;
/** `lod` of gamepack. */
export const GAME_LODS = ['balanced', 'light', 'detailed'] as const;
/** `collider` of gamepack. */
export const GAME_COLLIDERS = ['off', 'simple', 'balanced', 'detailed'] as const;
/**
 * Maker ids of `GET /model/{id}/make/{kind}`. The document shows only "for example papercraft";
 * the sandbox knows these, and answers 404 `feature_off` for any other id.
 */
export const MAKER_KINDS = ['papercraft'] as const;
/** The only `group` value of the library. */
export const LIBRARY_GROUPS = ['family'] as const;

/**
 * What a model made on the website may not have without a plan or a one-off unlock on the
 * platform (service-api.md §4.10, 403 `subscription_required`): its download (so Kiln's own
 * compatible-GLB conversion too), export, print, quad remesh and game pack. Rig, parts, makers
 * and retexture work.
 */
export const WEBSITE_PLAN_KINDS: ReadonlySet<string> = new Set([
  'open',
  'export',
  'compatible',
  'print',
  'retopo',
  'gamepack',
]);

/** True when `kind` on a model of this `source` needs a website plan. */
export function needsWebsitePlan(source: string | undefined, kind: string): boolean {
  return source === 'website' && WEBSITE_PLAN_KINDS.has(kind);
}
