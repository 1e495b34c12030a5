/**
 * How a version of a model reads ("coffee · v2 Retexture"): its own module, because the viewer's
 * title uses it from the entry chunk while the rest of the library's rules load with the library.
 */
import { msg, t } from '@lingui/core/macro';
import { i18n, type MessageDescriptor } from '@lingui/core';
import type { LibraryItemView } from '../../../../shared/ipc/contract';

/** A version as the user knows it: its model's name, number and kind ("coffee · v2 Retexture"). */
export function versionName(
  item: Pick<LibraryItemView, 'modelId' | 'name' | 'version' | 'kind'>,
): string {
  const name = item.name ?? item.modelId;
  const kind = kindLabel(item.kind);
  const { version } = item;
  return version !== undefined ? t`${name} · v${version} ${kind}` : t`${name} · ${kind}`;
}

/** The words of each version kind the service names (`generation` is the original). */
const KIND_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  // A kind names what a version is ("v2 · Retexture"), not what a button does: its own context,
  // so that a language can write a noun where the button's word is a verb.
  generation: msg({ message: 'Original', context: 'version kind' }),
  retexture: msg({ message: 'Retexture', context: 'version kind' }),
  rig: msg({ message: 'Rig', context: 'version kind' }),
  parts: msg({ message: 'Parts', context: 'version kind' }),
  remesh: msg({ message: 'Remesh', context: 'version kind' }),
};

/** Label of a version's kind; a kind Kiln does not know yet reads as the service names it. */
export function kindLabel(kind: string | undefined): string {
  const key = kind ?? 'generation';
  return Object.hasOwn(KIND_LABELS, key) ? i18n._(KIND_LABELS[key]!) : key;
}
