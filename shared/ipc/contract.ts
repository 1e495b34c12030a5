/**
 * The IPC contract: every channel's input and output schema, and every event's payload schema.
 *
 * Both transports (Electron IPC and the browser host's WebSocket) serve exactly this contract
 * through `dispatch`; the renderer only sees the `Bridge` type derived from it. The schemas live
 * in `views.ts` (what the main process answers) and `inputs.ts` (what the renderer may ask).
 */
import { COMMAND_IDS, type CommandId } from '../commands';
import { z } from 'zod';
import type { Channel, EventName } from './channels';
import {
  BatchQuoteInputSchema,
  BatchQuoteViewSchema,
  BatchRefSchema,
  BatchStartInputSchema,
  BatchViewSchema,
} from './batch';
import {
  FileRefSchema,
  ImagineInputSchema,
  JobRefSchema,
  LibraryListInputSchema,
  ResolveUnknownInputSchema,
  RetextureInputSchema,
  RunOpInputSchema,
  RepeatOpInputSchema,
  SetKeyInputSchema,
  SettingsPatchSchema,
  StartMultiInputSchema,
  StartPhotoInputSchema,
  StartTextInputSchema,
  TestKeyInputSchema,
  ActivateKeyInputSchema,
  ConfirmKeyOriginInputSchema,
  LedgerFilterSchema,
  OpenExternalInputSchema,
  RemoveKeyInputSchema,
  LibraryThumbnailInputSchema,
  LibraryThumbnailsInViewInputSchema,
  LibraryVersionsInputSchema,
  InstallUpdateInputSchema,
  RecordingAppendInputSchema,
  RecordingRefSchema,
  RecordingStartInputSchema,
} from './inputs';
import {
  AccountViewSchema,
  AppInfoSchema,
  ConceptViewSchema,
  DragSourceViewSchema,
  JobViewSchema,
  KeyStateViewSchema,
  KeyTestResultSchema,
  LibraryPageViewSchema,
  ModelViewSchema,
  OpRepeatViewSchema,
  SandboxBuildFailuresViewSchema,
  PricesViewSchema,
  SettingsViewSchema,
  ShowInFolderViewSchema,
  OpenRequestViewSchema,
  StagedFileSchema,
  LedgerExportViewSchema,
  LedgerPageViewSchema,
  LibraryCacheInfoViewSchema,
  LibraryVersionsViewSchema,
  ThumbnailViewSchema,
  UpdateViewSchema,
  AppNoticeViewSchema,
  RecordingOpenViewSchema,
  RecordingViewSchema,
} from './views';

export * from './inputs';
export * from './limits';
export * from './views';
export * from './batch';
export * from './selection';

const none = z.object({}).strict().optional();

/** Every request/response channel with its schemas. */
export const contract = {
  'app:info': { input: none, output: AppInfoSchema },
  'files:stagePath': { input: z.object({ path: z.string().min(1) }), output: StagedFileSchema },
  'jobs:startPhoto': { input: StartPhotoInputSchema, output: JobViewSchema },
  'jobs:startMulti': { input: StartMultiInputSchema, output: JobViewSchema },
  'jobs:startText': { input: StartTextInputSchema, output: JobViewSchema },
  'jobs:retexture': { input: RetextureInputSchema, output: JobViewSchema },
  'jobs:list': { input: none, output: z.array(JobViewSchema) },
  'jobs:cancel': { input: JobRefSchema, output: JobViewSchema },
  'jobs:retry': { input: JobRefSchema, output: JobViewSchema },
  'jobs:resolveUnknown': { input: ResolveUnknownInputSchema, output: JobViewSchema },
  'concepts:imagine': { input: ImagineInputSchema, output: ConceptViewSchema },
  'ops:run': { input: RunOpInputSchema, output: JobViewSchema },
  'batch:quote': { input: BatchQuoteInputSchema, output: BatchQuoteViewSchema },
  'batch:start': { input: BatchStartInputSchema, output: BatchViewSchema },
  'batch:pause': { input: BatchRefSchema, output: BatchViewSchema },
  'batch:resume': { input: BatchRefSchema, output: BatchViewSchema },
  'batch:cancel': { input: BatchRefSchema, output: BatchViewSchema },
  'batch:list': { input: none, output: z.array(BatchViewSchema) },
  'library:list': { input: LibraryListInputSchema, output: LibraryPageViewSchema },
  'library:model': { input: z.object({ modelId: z.string().min(1) }), output: ModelViewSchema },
  'account:balance': { input: none, output: AccountViewSchema },
  'account:prices': { input: none, output: PricesViewSchema },
  'account:ledger': { input: LedgerFilterSchema, output: LedgerPageViewSchema },
  'keys:get': { input: none, output: KeyStateViewSchema },
  'keys:set': { input: SetKeyInputSchema, output: KeyStateViewSchema },
  'keys:test': { input: TestKeyInputSchema, output: KeyTestResultSchema },
  'keys:remove': { input: RemoveKeyInputSchema, output: KeyStateViewSchema },
  'settings:get': { input: none, output: SettingsViewSchema },
  'settings:set': { input: SettingsPatchSchema, output: SettingsViewSchema },
  'keys:activate': { input: ActivateKeyInputSchema, output: KeyStateViewSchema },
  'account:exportLedger': { input: LedgerFilterSchema, output: LedgerExportViewSchema },
  /** Answers whether the page opened in the system browser (false: show it as a link). */
  'app:openExternal': { input: OpenExternalInputSchema, output: z.boolean() },
  /** The platform's folder picker; no `path` when the user cancelled. */
  'files:chooseFolder': { input: none, output: z.object({ path: z.string().optional() }) },
  /** Shows a finished job's saved GLB (a remesh) in the viewer, through the cache. */
  'ops:preview': { input: JobRefSchema, output: ModelViewSchema },
  /**
   * Whether running `op` on the model now repeats a build Kiln made or is making with identical
   * parameters: the service does not charge it again (§3.2), so the cost says so.
   */
  'ops:repeat': { input: RepeatOpInputSchema, output: OpRepeatViewSchema },
  /** The sandbox's build-failure trigger (sandbox mode only: `not_sandbox` when live). */
  'sandbox:buildFailures': { input: none, output: SandboxBuildFailuresViewSchema },
  'sandbox:setBuildFailures': {
    input: SandboxBuildFailuresViewSchema,
    output: SandboxBuildFailuresViewSchema,
  },
  'library:versions': { input: LibraryVersionsInputSchema, output: LibraryVersionsViewSchema },
  'library:thumbnail': { input: LibraryThumbnailInputSchema, output: ThumbnailViewSchema },
  /** Cancels the thumbnails not yet sent for cards no longer on screen; answers how many. */
  'library:thumbnailsInView': {
    input: LibraryThumbnailsInViewInputSchema,
    output: z.object({ cancelled: z.number().int() }),
  },
  'library:cacheInfo': { input: none, output: LibraryCacheInfoViewSchema },
  'library:clearCache': { input: none, output: LibraryCacheInfoViewSchema },
  'files:dragSource': { input: FileRefSchema, output: DragSourceViewSchema },
  'files:showInFolder': { input: FileRefSchema, output: ShowInFolderViewSchema },
  'app:takeOpenRequests': { input: none, output: z.array(OpenRequestViewSchema) },
  /** Kiln's own update: the state now. */
  'updates:get': { input: none, output: UpdateViewSchema },
  /** Asks the feed now (Help → Check for Updates); a newer version downloads in the background. */
  'updates:check': { input: none, output: UpdateViewSchema },
  'updates:install': { input: InstallUpdateInputSchema, output: UpdateViewSchema },
  /** Notices from the main process waiting for the page (each is answered once). */
  'app:takeNotices': { input: none, output: z.array(AppNoticeViewSchema) },
  /**
   * Asks the user outside the page (the desktop app's native dialog) to use a stored key with the
   * service address now set; refused in the browser host, where the key must be pasted again.
   */
  'keys:confirmOrigin': { input: ConfirmKeyOriginInputSchema, output: KeyStateViewSchema },
  /** A turntable recording, sent in pieces and saved where the user chose (then dragged out). */
  'recordings:start': { input: RecordingStartInputSchema, output: RecordingOpenViewSchema },
  'recordings:append': {
    input: RecordingAppendInputSchema,
    output: z.object({ bytes: z.number().int() }),
  },
  'recordings:finish': { input: RecordingRefSchema, output: RecordingViewSchema },
  'recordings:cancel': { input: RecordingRefSchema, output: z.object({}) },
} as const satisfies Record<Channel, { input: z.ZodType; output: z.ZodType }>;

/** Every pushed event with its payload schema. */
export const events = {
  'jobs.updated': JobViewSchema,
  'batch.updated': BatchViewSchema,
  'account.updated': AccountViewSchema,
  'keys.updated': KeyStateViewSchema,
  /** Something waits in `app:takeOpenRequests` (a file opened from the OS, a notification). */
  'app.openModel': z.object({ pending: z.number().int() }),
  'updates.updated': UpdateViewSchema,
  /** Something waits in `app:takeNotices`. */
  'app.notice': z.object({ pending: z.number().int() }),
  /** The desktop app's menu asked for the settings (Preferences…). */
  'app.openSettings': z.object({}),
  /** The desktop app's menu ran a command of the page's registry (shared/commands.ts). */
  'app.command': z.object({ id: z.enum(COMMAND_IDS as [CommandId, ...CommandId[]]) }),
} as const satisfies Record<EventName, z.ZodType>;

/** Input type of a channel (what the renderer passes). */
export type Input<C extends Channel> = z.input<(typeof contract)[C]['input']>;
/** Parsed input type of a channel (what a handler receives). */
export type ParsedInput<C extends Channel> = z.output<(typeof contract)[C]['input']>;
/** Output type of a channel. */
export type Output<C extends Channel> = z.output<(typeof contract)[C]['output']>;
/** Payload type of an event. */
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;
