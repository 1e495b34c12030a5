/**
 * The notes the core writes on a job while and after it runs ("Waiting for a free slot…"), and
 * what a generation is called when no file name says it ("coffee.png + 2 views"), as words of the
 * `shared` catalog (a tool's job: `jobOf` of shared/tools.ts): the core keeps the message and its values in the job, and the
 * page shows it in the artist's language at the time it is read (a note stored as a sentence
 * would stay in the language it was written in). English `message`s are what logs and the batch
 * CSV read.
 */
import type { Words } from './words';

/** The core's notes that take no values. */
export const JOB_NOTES = {
  keyRefusedWhileRunning: /*i18n*/ {
    id: 'job.note.keyRefused',
    message:
      'Kiln cannot check on this job: the service refused the API key. Replace the key in Account → Keys; the job keeps running on the service and Kiln picks it up again.',
  },
  accountFull: /*i18n*/ {
    id: 'job.note.accountFull',
    message:
      'Waiting: the service says your account already runs as many generations as it may. This one starts by itself when a slot frees.',
  },
  rateLimited: /*i18n*/ {
    id: 'job.note.rateLimited',
    message:
      'The service asked Kiln to slow down (too many requests this minute), so nothing was sent or charged. Kiln sends it as soon as the service allows.',
  },
  cancelledBeforeSent: /*i18n*/ {
    id: 'job.note.cancelledBeforeSent',
    message: 'Cancelled before anything was sent: nothing was charged.',
  },
  cancelledFree: /*i18n*/ {
    id: 'job.note.cancelledFree',
    message: 'Cancelled: nothing was charged.',
  },
  dismissed: /*i18n*/ {
    id: 'job.note.dismissed',
    message:
      'Dismissed. If the service did charge it, the charge stands; look for the model in your library.',
  },
  replaced: /*i18n*/ { id: 'job.note.replaced', message: 'Replaced by a new attempt.' },
  otherConnection: /*i18n*/ {
    id: 'job.note.otherConnection',
    message:
      'Paused: started with another service connection. It carries on when Kiln uses that connection again.',
  },
  asking: /*i18n*/ {
    id: 'job.note.asking',
    message:
      'Kiln stopped before it read the service’s answer, so it is asking the service whether this build started (free if it did).',
  },
  reasked: /*i18n*/ {
    id: 'job.note.reasked',
    message:
      'The download link had expired, so Kiln asked the service again for a fresh one (free: the result is stored).',
  },
} as const satisfies Record<string, Words>;

/** Waiting for one of the account's `capacity` job slots. */
export function slotNote(capacity: number): Words {
  return /*i18n*/ {
    id: 'job.note.slot',
    message:
      'Waiting for a free slot: your account runs at most {capacity} generations at once. This one starts by itself when one finishes.',
    values: { capacity },
  };
}

/** The service cannot be reached; nothing was sent; Kiln tries again in `seconds`. */
export function unreachableNote(seconds: number): Words {
  return /*i18n*/ {
    id: 'job.note.unreachable',
    message:
      'Kiln cannot reach the service, so nothing was sent or charged. It tries again in {seconds} s.',
    values: { seconds: Math.max(1, Math.round(seconds)) },
  };
}

/** What a compatible-GLB conversion made (textures, size, and a missed budget). */
export function convertedNote(
  report: Readonly<{
    bytes: number;
    textures: ReadonlyArray<{ from: string; to: string }>;
    extensionsRequired: readonly string[];
    withinBudget: boolean;
  }>,
): Words {
  const kind = (mime: string) => mime.replace('image/', '').toUpperCase();
  const changed = report.textures.filter((t) => t.from !== t.to);
  return /*i18n*/ {
    id: 'job.note.converted',
    message:
      'Compatible GLB, {mb} MB: {changed, plural, =0 {textures already PNG/JPEG} one {# texture re-encoded ({kinds})} other {# textures re-encoded ({kinds})}}. {required, select, none {Opens in every glTF 2.0 importer.} other {Needs {required} (the compression you chose).}}{withinBudget, select, yes {} other { The size budget could not be met even with the smallest textures: this is the smallest file Kiln could make.}}',
    values: {
      mb: Math.round((report.bytes / (1024 * 1024)) * 10) / 10,
      changed: changed.length,
      kinds: [...new Set(changed.map((t) => `${kind(t.from)} → ${kind(t.to)}`))].join(', '),
      required: report.extensionsRequired.length ? report.extensionsRequired.join(', ') : 'none',
      withinBudget: report.withinBudget ? 'yes' : 'no',
    },
  };
}

/** Whether a job's note is `words` (the same message; its values may differ). */
export function isNote(note: Words | undefined, words: Words): boolean {
  return note?.id === words.id;
}

/** Whether two notes say the same: the same message with the same values. */
export function sameWords(a: Words | undefined, b: Words | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What a multi-view generation is called: its front view's file and how many more. */
export function viewsSource(front: string, more: number): Words {
  return /*i18n*/ {
    id: 'job.source.views',
    message: '{front} + {more, plural, one {# view} other {# views}}',
    values: { front, more },
  };
}

/** What a retexture is called: the photo it paints from. */
export function retextureSource(photo: string): Words {
  return /*i18n*/ {
    id: 'job.source.retexture',
    message: 'Retexture from {photo}',
    values: { photo },
  };
}

/** What a model from a concept picture is called when the prompt gave it no label. */
export function conceptSource(conceptId: string): Words {
  return /*i18n*/ {
    id: 'job.source.concept',
    message: 'Concept {id}',
    values: { id: conceptId.slice(0, 8) },
  };
}
