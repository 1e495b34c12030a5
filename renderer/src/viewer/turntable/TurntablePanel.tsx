import { useEffect, useId, useState, type JSX } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { formatFixed, formatNumber } from '../../../../shared/format';
import { useElapsedSeconds } from '../loading/use-elapsed-seconds';
import { useViewerOutlets } from '../outlets';
import { ChoiceSelect, RadioChoices } from '../panels/Choices';
import { useRemembered } from '../use-remembered';
import type { ViewerStage } from '../viewer-types';
import {
  DURATION,
  FORMATS,
  formatOf,
  FRAME_RATES,
  optionsError,
  SIZES,
  type BackgroundKind,
  type RecordingSize,
  type FormatId,
  type Motion,
  type TurntableOptions,
} from './turntable-plan';
import { useTurntable, type RecordingState } from './use-turntable';
import { ProgressBar } from '../../ui/ProgressBar';
import './turntable.css';

/** Props of {@link TurntablePanel}. */
export interface TurntablePanelProps {
  /** The canvas's insides (the open model), or null while there is none. */
  readonly stage: () => ViewerStage | null;
  readonly modelName: string | undefined;
  /** The open model's clip names (empty without a rig). */
  readonly clip: string | null;
}

/** How the camera can move. */
const MOTIONS: readonly Motion[] = ['turn', 'swing', 'still'];

/** The camera motions as the menu names them. */
function useMotionLabels(): Record<Motion, string> {
  const { t } = useLingui();
  return {
    turn: t`Turn 360°`,
    swing: t`Swing back and forth`,
    still: t`Still camera (clip only)`,
  };
}

/** A frame size as the menu names it ("1920 × 1080 (HD)", "1080 × 1080 (square)"). */
function useSizeOptions(): { id: string; label: string }[] {
  const { t } = useLingui();
  const name = ({ width, height, standardName }: RecordingSize): string => {
    // Pixel counts as screen sizes are written everywhere: no grouping ("1920 × 1080").
    const pixels = `${width} × ${height}`;
    if (standardName) return `${pixels} (${standardName})`;
    return width === height ? t`${pixels} (square)` : pixels;
  };
  return SIZES.map((size) => ({ id: size.id, label: name(size) }));
}

function Progress({
  state,
}: {
  state: Extract<RecordingState, { phase: 'recording' | 'saving' }>;
}) {
  const elapsed = useElapsedSeconds();
  const { t } = useLingui();
  const { frame, frames, stage } =
    state.phase === 'recording'
      ? state.progress
      : { frame: 1, frames: 1, stage: t`Saving the file` };
  const frameText = formatNumber(frame);
  const framesText = formatNumber(frames);
  return (
    <div className="kiln-turntable__progress" role="status" data-testid="turntable-progress">
      <ProgressBar label={t`Recording progress`} percent={(frame / frames) * 100} />
      <span>
        {state.phase === 'recording'
          ? t`${stage} frame ${frameText} of ${framesText} · ${elapsed} s`
          : t`${stage}… · ${elapsed} s`}
      </span>
    </div>
  );
}

/** The recording's settings as the user sets them. */
function useTurntableForm(clip: string | null) {
  const [format, setFormat] = useRemembered<FormatId>(
    'turntable.format',
    'webm-vp9',
    FORMATS.map((f) => f.id),
  );
  const [sizeId, setSizeId] = useRemembered<string>(
    'turntable.size',
    '1080p',
    SIZES.map((s) => s.id),
  );
  const [fps, setFps] = useRemembered<TurntableOptions['fps']>('turntable.fps', 30, FRAME_RATES);
  const [duration, setDuration] = useRemembered<string>('turntable.duration', '8');
  const [motion, setMotion] = useRemembered<Motion>('turntable.motion', 'turn', MOTIONS);
  const [playClip, setPlayClip] = useState(Boolean(clip));
  const [background, setBackground] = useRemembered<BackgroundKind>(
    'turntable.background',
    'environment',
    ['environment', 'solid', 'transparent'],
  );
  const [colour, setColour] = useRemembered<string>('turntable.colour', '#1d2027');
  const [folder, setFolder] = useState<string | null>(null);
  return {
    format,
    setFormat,
    sizeId,
    setSizeId,
    fps,
    setFps,
    duration,
    setDuration,
    motion,
    setMotion,
    playClip,
    setPlayClip,
    background,
    setBackground,
    colour,
    setColour,
    folder,
    setFolder,
  };
}
type TurntableForm = ReturnType<typeof useTurntableForm>;

/** A format as the menu names it ("GIF (for chat)"), marked when this browser cannot record it. */
function useFormatLabel(): (id: FormatId, formatName: string, unavailable: boolean) => string {
  const { t } = useLingui();
  return (id, formatName, unavailable) => {
    const name = id === 'gif' ? t`${formatName} (for chat)` : formatName;
    return unavailable ? t`${name} — not available here` : name;
  };
}

/** The file format, with the formats this browser cannot record marked. */
function FormatField({
  form,
  support,
  busy,
  note,
}: {
  form: TurntableForm;
  support: ReturnType<typeof useTurntable>['support'];
  busy: boolean;
  note: string | undefined;
}) {
  const formatNote = note;
  const formatLabel = useFormatLabel();
  return (
    <>
      <label className="kiln-viewer__field">
        <span>
          <Trans>Format</Trans>
        </span>
        <select
          data-testid="turntable-format"
          value={form.format}
          disabled={busy}
          onChange={(e) => form.setFormat(e.currentTarget.value as FormatId)}
        >
          {FORMATS.map((f) => (
            <option key={f.id} value={f.id} data-supported={String(support[f.id]?.supported ?? '')}>
              {formatLabel(f.id, f.formatName, support[f.id]?.supported === false)}
            </option>
          ))}
        </select>
      </label>
      {formatNote ? (
        <p
          className="kiln-viewer__note kiln-viewer__note--error"
          data-testid="turntable-format-note"
        >
          {formatNote}
        </p>
      ) : null}
    </>
  );
}

/** Size, frame rate, length and camera motion. */
function SizeFields({ form, busy }: { form: TurntableForm; busy: boolean }) {
  const sizes = useSizeOptions();
  const motions = useMotionLabels();
  const shortest = formatNumber(DURATION.min);
  const longest = formatNumber(DURATION.max);
  return (
    <>
      <div className="kiln-viewer__row">
        <label className="kiln-viewer__field">
          <span>
            <Trans>Size</Trans>
          </span>
          <ChoiceSelect
            testId="turntable-size"
            value={form.sizeId}
            disabled={busy}
            options={sizes}
            onChange={form.setSizeId}
          />
        </label>
        <label className="kiln-viewer__field">
          <span>
            <Trans>Frame rate</Trans>
          </span>
          <select
            data-testid="turntable-fps"
            value={form.fps}
            disabled={busy}
            onChange={(e) => form.setFps(Number(e.currentTarget.value) as TurntableOptions['fps'])}
          >
            {FRAME_RATES.map((r) => (
              <option key={r} value={r}>
                <Trans>{r} fps</Trans>
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="kiln-viewer__row">
        <label className="kiln-viewer__field">
          <span>
            <Trans>
              Length (s, {shortest}–{longest})
            </Trans>
          </span>
          <input
            type="number"
            data-testid="turntable-duration"
            min={DURATION.min}
            max={DURATION.max}
            value={form.duration}
            disabled={busy}
            onChange={(e) => form.setDuration(e.currentTarget.value)}
          />
        </label>
        <label className="kiln-viewer__field">
          <span>
            <Trans>Camera</Trans>
          </span>
          <select
            data-testid="turntable-motion"
            value={form.motion}
            disabled={busy}
            onChange={(e) => form.setMotion(e.currentTarget.value as Motion)}
          >
            {MOTIONS.map((id) => (
              <option key={id} value={id}>
                {motions[id]}
              </option>
            ))}
          </select>
        </label>
      </div>
    </>
  );
}

/** The background: the lighting environment, a solid colour, or transparent. */
function BackgroundFields({ form, busy }: { form: TurntableForm; busy: boolean }) {
  const { t } = useLingui();
  // The backgrounds a recording can have.
  const backgrounds: ReadonlyArray<[BackgroundKind, string]> = [
    ['environment', t`Lighting environment`],
    ['solid', t`Solid colour`],
    [
      'transparent',
      formatOf(form.format).alpha ? t`Transparent` : t`Transparent (not in this format)`,
    ],
  ];
  return (
    <fieldset className="kiln-turntable__background" disabled={busy}>
      <legend>
        <Trans>Background</Trans>
      </legend>
      <RadioChoices
        name="kiln-turntable-background"
        testIdPrefix="turntable-background-"
        value={form.background}
        options={backgrounds}
        onChange={form.setBackground}
      />
      {form.background === 'solid' ? (
        <input
          type="color"
          aria-label={t`Background colour`}
          data-testid="turntable-colour"
          value={form.colour}
          onChange={(e) => form.setColour(e.currentTarget.value)}
        />
      ) : null}
    </fieldset>
  );
}

/** The folder the recording is saved in, typed or chosen. */
function SaveFolder({
  form,
  folderText,
  busy,
}: {
  form: TurntableForm;
  folderText: string;
  busy: boolean;
}) {
  const chooseFolder = useViewerOutlets()?.chooseFolder;
  const folderId = useId();
  return (
    <div className="kiln-viewer__field">
      <label htmlFor={folderId}>
        <Trans>Save in</Trans>
      </label>
      <div className="kiln-turntable__folder">
        <input
          id={folderId}
          type="text"
          data-testid="turntable-folder"
          spellCheck={false}
          value={folderText}
          disabled={busy}
          onChange={(e) => form.setFolder(e.currentTarget.value)}
        />
        {chooseFolder ? (
          <button
            type="button"
            className="kiln-viewer__text-button"
            disabled={busy}
            onClick={() =>
              void chooseFolder().then(
                (chosen) => chosen && form.setFolder(chosen),
                () => {},
              )
            }
          >
            <Trans>Choose…</Trans>
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** What was saved: "Saved kiln-mug-turntable.webm (2.4 MB, 240 frames in 8.0 s)." */
function SavedNote(props: { name: string; megabytes: string; frames: number; seconds: string }) {
  const { name, megabytes, frames, seconds } = props;
  return (
    <p className="kiln-viewer__note">
      <Trans>
        Saved <strong data-testid="turntable-file">{name}</strong> ({megabytes} MB,{' '}
        <Plural value={frames} one="# frame" other="# frames" /> in {seconds} s).
      </Trans>
    </p>
  );
}

/** The saved file with its actions, or why the recording failed. */
function RecordingOutcome({ state }: { state: RecordingState }) {
  const outlets = useViewerOutlets();
  const recordingError = state.phase === 'error' ? state.message : '';
  return (
    <>
      {state.phase === 'saved' ? (
        <div className="kiln-turntable__result" role="status" data-testid="turntable-result">
          <SavedNote
            name={state.saved.name}
            megabytes={formatFixed(state.saved.bytes / 1024 / 1024, 1)}
            frames={state.frames}
            seconds={formatFixed(state.seconds, 1)}
          />
          <div className="kiln-turntable__actions">
            {outlets?.recordingActions(state.saved.recordingId)}
          </div>
        </div>
      ) : null}
      {state.phase === 'error' ? (
        <p
          className="kiln-viewer__note kiln-viewer__note--error"
          role="alert"
          data-testid="turntable-error"
        >
          <Trans>The recording failed: {recordingError}</Trans>
        </p>
      ) : null}
    </>
  );
}

/**
 * The Turntable panel: records the open model turning (or swinging, or playing a clip) as a
 * WebM, MP4 or GIF, frame by frame off screen at the chosen size, with the current shading and
 * the chosen background; a progress bar with Cancel; the file saved in the chosen folder, ready
 * to drag out.
 */
export function TurntablePanel({ stage, modelName, clip }: TurntablePanelProps): JSX.Element {
  const { t } = useLingui();
  const outlets = useViewerOutlets();
  const exportDir = outlets?.exportDir;
  const { state, support, probe, record, cancel } = useTurntable(stage, modelName);
  const form = useTurntableForm(clip);
  const { format, fps, duration, motion, playClip, background, colour, folder } = form;
  const size = SIZES.find((s) => s.id === form.sizeId)!;
  const folderText = folder ?? exportDir ?? '';

  useEffect(() => probe(size.width, size.height), [probe, size.width, size.height]);

  const options: TurntableOptions = {
    format,
    width: size.width,
    height: size.height,
    fps,
    duration: Number(duration),
    motion,
    clip: playClip && Boolean(clip),
    background,
    colour,
  };
  const formatNote = support[format]?.supported === false ? support[format]?.reason : undefined;
  const problem =
    optionsError(options, Boolean(clip)) ??
    formatNote ??
    (folderText.trim() ? null : t`Choose the folder to save the recording in.`);
  const busy = state.phase === 'recording' || state.phase === 'saving';
  const extension = formatOf(format).extension.toUpperCase();

  return (
    <div
      className="kiln-viewer__form kiln-turntable"
      data-testid="turntable-panel"
      data-recording-state={state.phase}
    >
      <FormatField form={form} support={support} busy={busy} note={formatNote} />
      <SizeFields form={form} busy={busy} />
      {clip ? (
        <label className="kiln-viewer__check">
          <input
            type="checkbox"
            data-testid="turntable-clip"
            checked={playClip}
            disabled={busy}
            onChange={(e) => form.setPlayClip(e.currentTarget.checked)}
          />
          <span>
            <Trans>Play the clip “{clip}”</Trans>
          </span>
        </label>
      ) : null}
      <BackgroundFields form={form} busy={busy} />
      <SaveFolder form={form} folderText={folderText} busy={busy} />
      {problem && !busy ? (
        <p className="kiln-viewer__note" data-testid="turntable-problem">
          {problem}
        </p>
      ) : null}
      {busy ? (
        <>
          <Progress state={state} />
          {state.phase === 'recording' ? (
            <button
              type="button"
              className="kiln-viewer__text-button"
              data-testid="turntable-cancel"
              onClick={cancel}
            >
              <Trans>Cancel</Trans>
            </button>
          ) : null}
        </>
      ) : (
        <button
          type="button"
          className="kiln-viewer__primary"
          data-testid="turntable-record"
          disabled={Boolean(problem) || !modelName}
          onClick={() => void record(options, folderText.trim())}
        >
          <Trans>Record {extension}</Trans>
        </button>
      )}
      <RecordingOutcome state={state} />
    </div>
  );
}
