/**
 * A refused IPC input as a sentence that says what to fix ("Poly count must be at least 10000."),
 * instead of zod's own wording ("Too small: expected number to be >=10000"), which names types
 * and operators rather than the setting the user touched.
 */
import type { z } from 'zod';

/** "options.polyCount" → "Poly count"; "lengthMm" → "Length (mm)"; "fileIds.2" → "File ids (item 3)". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const names = path.filter((p) => typeof p === 'string');
  const last = names.at(-1);
  const index = path.at(-1);
  const unit = last?.match(/[a-z](Usd|Mm|M)$/)?.[1];
  const stem = unit ? last!.slice(0, -unit.length) : last;
  const words = stem
    ? stem.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase() +
      (unit ? ` (${unit === 'Usd' ? 'USD' : unit.toLowerCase()})` : '')
    : 'the request';
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return typeof index === 'number' ? `${label} (item ${index + 1})` : label;
}

const KINDS: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'on or off (true or false)',
  array: 'a list',
  object: 'a group of settings',
};

/** The value at `path` inside `input`, to tell a missing field from a wrong one. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let current = input;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * The sentence for the first issue of a refused input.
 * @param issue zod's issue
 * @param input the input as received (to tell "missing" from "wrong")
 */
export function issueMessage(issue: z.core.$ZodIssue, input: unknown): string {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.path.length > 0 && valueAt(input, issue.path) === undefined) {
        return `${label} is missing. Fill it in and try again.`;
      }
      return `${label} must be ${KINDS[issue.expected] ?? issue.expected}.`;
    }
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? `${label} is empty. Fill it in and try again.`
          : `${label} is too short: use at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array') return `${label}: choose at least ${issue.minimum}.`;
      return `${label} must be ${issue.inclusive === false ? 'more than' : 'at least'} ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') {
        return `${label} is too long: use at most ${issue.maximum} characters.`;
      }
      if (issue.origin === 'array') return `${label}: choose at most ${issue.maximum}.`;
      return `${label} must be ${issue.inclusive === false ? 'less than' : 'at most'} ${issue.maximum}.`;
    case 'invalid_value':
      return `${label} must be ${issue.values.map((v) => `“${String(v)}”`).join(', ')}.`;
    case 'invalid_format':
      return issue.format === 'url'
        ? `${label} must be a web address such as https://example.com.`
        : `${label} ${describeRule(issue.message)}`;
    case 'invalid_union':
      return `${label} is not one Kiln knows. Choose one from the list.`;
    case 'unrecognized_keys':
      return `Kiln does not know ${issue.keys.map((k) => `“${k}”`).join(', ')}. Remove ${issue.keys.length > 1 ? 'them' : 'it'}.`;
    case 'custom':
      return `${label} ${describeRule(issue.message)}`;
    default:
      return `${label} is not accepted. Check it and try again.`;
  }
}

/** A schema's own rule text ("use 1024, 2048 or 4096", "a maker id such as …") as a predicate. */
function describeRule(message: string): string {
  const rule = message
    .trim()
    .replace(/\.$/, '')
    .replace(/^expected /i, '');
  if (/^use /i.test(rule)) return `is not accepted: ${rule}.`;
  if (/^(a|an) /i.test(rule)) return `must be ${rule}.`;
  return `is not accepted: ${rule.charAt(0).toLowerCase()}${rule.slice(1)}.`;
}
