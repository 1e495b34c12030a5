/**
 * The names artists know a texture's material slot and format by ("Base colour", "Normal"),
 * in their language: the inspection keeps three.js's property names as data.
 */
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RAW_FORMAT } from './model-inspection';

/** Material properties that hold textures, with the name artists know them by. */
const SLOT_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  map: msg`Base colour`,
  normalMap: msg`Normal`,
  roughnessMap: msg`Roughness`,
  metalnessMap: msg`Metalness`,
  aoMap: msg`Occlusion`,
  emissiveMap: msg`Emissive`,
  alphaMap: msg`Alpha`,
  bumpMap: msg`Bump`,
  displacementMap: msg`Displacement`,
  lightMap: msg`Light`,
  clearcoatMap: msg`Clearcoat`,
  clearcoatNormalMap: msg`Clearcoat normal`,
  clearcoatRoughnessMap: msg`Clearcoat roughness`,
  sheenColorMap: msg`Sheen colour`,
  sheenRoughnessMap: msg`Sheen roughness`,
  transmissionMap: msg`Transmission`,
  thicknessMap: msg`Thickness`,
  specularIntensityMap: msg`Specular`,
  specularColorMap: msg`Specular colour`,
  iridescenceMap: msg`Iridescence`,
  iridescenceThicknessMap: msg`Iridescence thickness`,
  anisotropyMap: msg`Anisotropy`,
};

/** A slot's name ("Base colour" for `map`); an unknown property stays as three.js names it. */
export function slotText(slot: string): string {
  const name = SLOT_NAMES[slot];
  return name ? i18n._(name) : slot;
}

/** A texture's format in words: the file's ("PNG", "WebP"), or "Raw" for pixels made in code. */
export function formatText(format: string): string {
  return format === RAW_FORMAT ? i18n._(msg`Raw`) : format;
}
