import { describe, expect, it } from 'vitest';
import { DRAFT_SETTINGS, unsavedGroups, type Draft } from './settings-draft';

const saved = Object.fromEntries(DRAFT_SETTINGS.map(({ key }) => [key, ''])) as Draft;
const inGroup = (group: string) => DRAFT_SETTINGS.find((s) => s.group === group)!.key;

describe('the groups with unsaved edits', () => {
  it('are the groups of the fields whose typed value differs from the saved one', () => {
    expect(unsavedGroups(saved, saved)).toEqual(new Set());
    const files = { ...saved, [inGroup('files')]: '/renders' };
    expect(unsavedGroups(files, saved)).toEqual(new Set(['files']));
    const both = { ...files, [inGroup('spending')]: '2.50' };
    expect(unsavedGroups(both, saved)).toEqual(new Set(['files', 'spending']));
  });

  it('ignore spaces around a value, as saving does', () => {
    expect(unsavedGroups({ ...saved, [inGroup('files')]: '  ' }, saved)).toEqual(new Set());
  });
});
