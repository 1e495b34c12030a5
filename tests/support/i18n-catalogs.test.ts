/**
 * Catalog completeness: every message of every area's source catalog has a translation in each
 * shipped locale (the pseudo-locale is generated from the source, so it needs none).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parsePo } from 'pofile-ts';
import { describe, expect, it } from 'vitest';
import { LOCALES, SOURCE_LOCALE } from '../../shared/locale';

const ROOT = new URL('../../renderer/src/locales/', import.meta.url).pathname;
/** The areas' catalog folders (`app/`, `account/`…); files beside them are not catalogs. */
const areas: string[] = readdirSync(ROOT).filter((name) => !name.includes('.'));

function read(area: string, locale: string) {
  return parsePo(readFileSync(path.join(ROOT, area, `${locale}.po`), 'utf8')).items;
}

for (const area of areas) {
  describe(`catalog ${area}`, () => {
    const source = read(area, SOURCE_LOCALE).map((i) => i.msgid);

    it.each(LOCALES.filter((l) => l !== SOURCE_LOCALE))('is translated in %s', (locale) => {
      const translated = new Map(read(area, locale).map((i) => [i.msgid, i.msgstr.join('')]));
      const missing = source.filter((id) => !translated.get(id));
      expect(missing).toEqual([]);
    });
  });
}
