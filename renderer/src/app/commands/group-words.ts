/**
 * The words of the command groups (the app menu's menus) in the artist's language, for the
 * palette's and the shortcut sheet's headings. The groups themselves are `shared/commands.ts`'s.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { CommandGroup } from '../../../../shared/commands';

/** Each group's heading, translated where shown (`i18n._`). */
export const GROUP_WORDS: Readonly<Record<CommandGroup, MessageDescriptor>> = {
  File: msg`File`,
  Edit: msg`Edit`,
  View: msg`View`,
  Model: msg`Model`,
  Window: msg`Window`,
  Help: msg`Help`,
};
