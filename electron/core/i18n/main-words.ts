/**
 * The main process's words: the app menu, its native dialogs and the desktop notifications, as
 * Lingui messages of the `main` catalog (renderer/src/locales/main). Plain objects with an
 * explicit id, marked `/*i18n*\/` for the extractor: no macro runs in the main process or the
 * core (docs/i18n.md). `MainLanguage.say` shows them in the user's language.
 *
 * Menu labels keep `&` before the mnemonic letter (Windows and Linux; macOS drops it); labels of
 * Electron's roles say what Electron's own English labels say, so English reads as before.
 */
import type { Words } from '../../../shared/words';

/** The app menu: its menus, Kiln's own items and the labels of Electron's roles. */
export const MENU = {
  file: /*i18n*/ { id: 'menu.file', message: '&File' },
  edit: /*i18n*/ { id: 'menu.edit', message: '&Edit' },
  view: /*i18n*/ { id: 'menu.view', message: '&View' },
  model: /*i18n*/ { id: 'menu.model', message: '&Model' },
  window: /*i18n*/ { id: 'menu.window', message: '&Window' },
  help: /*i18n*/ { id: 'menu.help', message: '&Help' },
  open: /*i18n*/ { id: 'menu.open', message: '&Open…' },
  openRecent: /*i18n*/ { id: 'menu.openRecent', message: 'Open &Recent' },
  noRecent: /*i18n*/ { id: 'menu.noRecent', message: 'No recent files' },
  clearRecent: /*i18n*/ { id: 'menu.clearRecent', message: '&Clear Recent' },
  preferences: /*i18n*/ { id: 'menu.preferences', message: '&Preferences…' },
  checkForUpdates: /*i18n*/ { id: 'menu.checkForUpdates', message: 'Check for &Updates…' },
  openLogs: /*i18n*/ { id: 'menu.openLogs', message: 'Open &Logs Folder' },
  copyDiagnostics: /*i18n*/ { id: 'menu.copyDiagnostics', message: '&Copy Diagnostics' },
} as const satisfies Record<string, Words>;

/**
 * Labels of the Electron roles Kiln's menus use (Electron's own labels are English only). A
 * label with `{appName}` is given the app's name.
 */
export const ROLE_WORDS = {
  about: /*i18n*/ { id: 'menu.role.about', message: 'About {appName}' },
  services: /*i18n*/ { id: 'menu.role.services', message: 'Services' },
  hide: /*i18n*/ { id: 'menu.role.hide', message: 'Hide {appName}' },
  hideOthers: /*i18n*/ { id: 'menu.role.hideOthers', message: 'Hide Others' },
  unhide: /*i18n*/ { id: 'menu.role.unhide', message: 'Show All' },
  close: /*i18n*/ { id: 'menu.role.close', message: 'Close Window' },
  undo: /*i18n*/ { id: 'menu.role.undo', message: 'Undo' },
  redo: /*i18n*/ { id: 'menu.role.redo', message: 'Redo' },
  cut: /*i18n*/ { id: 'menu.role.cut', message: 'Cut' },
  copy: /*i18n*/ { id: 'menu.role.copy', message: 'Copy' },
  paste: /*i18n*/ { id: 'menu.role.paste', message: 'Paste' },
  selectAll: /*i18n*/ { id: 'menu.role.selectAll', message: 'Select All' },
  reload: /*i18n*/ { id: 'menu.role.reload', message: 'Reload' },
  toggleDevTools: /*i18n*/ { id: 'menu.role.toggleDevTools', message: 'Toggle Developer Tools' },
  resetZoom: /*i18n*/ { id: 'menu.role.resetZoom', message: 'Actual Size' },
  zoomIn: /*i18n*/ { id: 'menu.role.zoomIn', message: 'Zoom In' },
  zoomOut: /*i18n*/ { id: 'menu.role.zoomOut', message: 'Zoom Out' },
  togglefullscreen: /*i18n*/ { id: 'menu.role.togglefullscreen', message: 'Toggle Full Screen' },
  minimize: /*i18n*/ { id: 'menu.role.minimize', message: 'Minimize' },
  zoom: /*i18n*/ { id: 'menu.role.zoom', message: 'Zoom' },
  front: /*i18n*/ { id: 'menu.role.front', message: 'Bring All to Front' },
} as const satisfies Record<string, Words>;

/** Quit, as each OS's apps name it (Electron's own labels: "Quit Kiln", "E&xit", "&Quit"). */
export const QUIT_WORDS = {
  darwin: /*i18n*/ { id: 'menu.role.quit.mac', message: 'Quit {appName}' },
  win32: /*i18n*/ { id: 'menu.role.quit.windows', message: 'E&xit' },
  other: /*i18n*/ { id: 'menu.role.quit', message: '&Quit' },
} as const satisfies Record<string, Words>;

/** The native dialogs of the main process. */
export const DIALOG = {
  chooseFolder: /*i18n*/ { id: 'dialog.chooseFolder.title', message: 'Save results in' },
  openModel: /*i18n*/ { id: 'dialog.openModel.title', message: 'Open a model' },
  modelFiles: /*i18n*/ { id: 'dialog.openModel.filter', message: '3D models' },
  keyOriginTitle: /*i18n*/ {
    id: 'dialog.keyOrigin.title',
    message: 'Use your key with another address?',
  },
  keyOriginMessage: /*i18n*/ {
    id: 'dialog.keyOrigin.message',
    message: 'Use “{keyName}” with {to}?',
  },
  keyOriginDetail: /*i18n*/ {
    id: 'dialog.keyOrigin.detail',
    message:
      'This key was added for {from}. The service address is now {to} (platform {platform}). From now on Kiln sends the key with every request there, and that service can spend your balance. Confirm only if you changed the address yourself and trust it.',
  },
  keyOriginKeep: /*i18n*/ { id: 'dialog.keyOrigin.keep', message: 'Keep it for {from}' },
  keyOriginUse: /*i18n*/ { id: 'dialog.keyOrigin.use', message: 'Use it with {to}' },
  diagnosticsCopied: /*i18n*/ { id: 'dialog.diagnostics.copied', message: 'Diagnostics copied' },
  diagnosticsDetail: /*i18n*/ {
    id: 'dialog.diagnostics.detail',
    message: 'Paste them into your support request. They hold no key or token:\n\n{diagnostics}',
  },
  upToDate: /*i18n*/ { id: 'dialog.updates.current', message: 'Kiln is up to date' },
  downloading: /*i18n*/ {
    id: 'dialog.updates.downloading',
    message: 'Kiln {version} is downloading',
  },
  downloadingDetail: /*i18n*/ {
    id: 'dialog.updates.downloading.detail',
    message: 'Activity shows its progress. Kiln asks before it restarts; until then, keep working.',
  },
  ready: /*i18n*/ { id: 'dialog.updates.ready', message: 'Kiln {version} is ready' },
  readyDetail: /*i18n*/ {
    id: 'dialog.updates.ready.detail',
    message: 'It installs when you quit Kiln, or restart now from Activity.',
  },
  checking: /*i18n*/ { id: 'dialog.updates.checking', message: 'Checking for updates…' },
  updateFailed: /*i18n*/ { id: 'dialog.updates.error', message: 'Kiln could not update' },
  updates: /*i18n*/ { id: 'dialog.updates.title', message: 'Updates' },
} as const satisfies Record<string, Words>;

/** What Kiln says when its window's page crashed or hung (`renderer-recovery.ts`). */
export const RECOVERY = {
  crashed: /*i18n*/ {
    id: 'recovery.crashed',
    message:
      'Kiln’s window stopped unexpectedly and was reloaded. Your jobs carried on in the background; nothing was lost.',
  },
  hung: /*i18n*/ {
    id: 'recovery.hung',
    message:
      'Kiln’s window stopped responding and was reloaded. Your jobs carried on in the background; nothing was lost.',
  },
  outOfMemory: /*i18n*/ {
    id: 'recovery.outOfMemory',
    message:
      'Kiln’s window ran out of memory and was reloaded. Your jobs carried on in the background; nothing was lost.',
  },
  giveUpTitle: /*i18n*/ { id: 'recovery.giveUp.title', message: 'Kiln’s window keeps stopping' },
  giveUp: /*i18n*/ {
    id: 'recovery.giveUp',
    message:
      'Kiln’s window stopped {count} times within a minute, so Kiln will not reload it again. Your jobs are saved and resume at the next start. Help → Open Logs Folder has the details for a support request.',
  },
} as const satisfies Record<string, Words>;

/** The desktop notifications of finished jobs (`job-notices.ts`). */
export const NOTICE = {
  readyTitle: /*i18n*/ { id: 'notice.ready.title', message: 'Ready: {source}' },
  readySaved: /*i18n*/ {
    id: 'notice.ready.saved',
    message: 'Saved as {path}. Click to open the model.',
  },
  readyOpen: /*i18n*/ { id: 'notice.ready.open', message: 'Click to open the model in Kiln.' },
  failedTitle: /*i18n*/ { id: 'notice.failed.title', message: 'Failed: {source}' },
  failedBody: /*i18n*/ {
    id: 'notice.failed.body',
    message: 'Open Kiln’s Activity list to see what happened.',
  },
  manyTitle: /*i18n*/ {
    id: 'notice.many.title',
    message: '{count, plural, one {# job finished} other {# jobs finished}}',
  },
  manyReady: /*i18n*/ { id: 'notice.many.ready', message: '{ready} ready.' },
  manyFailed: /*i18n*/ { id: 'notice.many.failed', message: '{failed} failed.' },
  manyReadyFailed: /*i18n*/ {
    id: 'notice.many.readyFailed',
    message: '{ready} ready, {failed} failed.',
  },
  manyOpen: /*i18n*/ { id: 'notice.many.open', message: 'Click to open the latest model.' },
  manyDetails: /*i18n*/ {
    id: 'notice.many.details',
    message: 'Open Kiln’s Activity list for details.',
  },
  /** Two sentences of a notice's body: a translator may drop the space (Chinese, Japanese). */
  manyBody: /*i18n*/ { id: 'notice.many.body', message: '{summary} {action}' },
} as const satisfies Record<string, Words>;
