/**
 * Settings › Advanced (shown in sandbox mode only): the sandbox's build-failure trigger, a share
 * of each tool's builds that fail and are refunded as the service's workers fail, to see Kiln's
 * error-and-refund path without a real failure. Applied at once; the sandbox keeps it.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import {
  OP_KINDS,
  type OpKind,
  type SandboxBuildFailuresView,
} from '../../../../shared/ipc/contract';
import { toolLabel } from '../../../../shared/tools';
import { useKiln } from '../../store/StoreProvider';

/** The shares offered, with their words. */
const SHARES: ReadonlyArray<readonly [number, MessageDescriptor]> = [
  [0, msg`Never`],
  [0.25, msg`1 build in 4`],
  [0.5, msg`Every other build`],
  [1, msg`Every build`],
];

/** The sandbox's build-failure settings. */
export function SandboxBuildFailures() {
  const read = useKiln((s) => s.sandboxBuildFailures);
  const id = useId();
  const [shares, setShares] = useState<SandboxBuildFailuresView['shares']>();
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const { t, i18n } = useLingui();
  useEffect(() => {
    let live = true;
    read().then(
      (view) => live && setShares(view.shares),
      (e: unknown) => live && setMessage({ ok: false, text: (e as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [read]);

  /** A share the list does not offer (set elsewhere): "10 % of builds". */
  const otherShareWords = (share: number) => {
    const percent = Math.round(share * 100);
    return t`${percent} % of builds`;
  };

  const change = (kind: OpKind, share: number) => {
    const next = { ...shares, [kind]: share };
    setMessage(undefined);
    read(next).then(
      (view) => {
        setShares(view.shares);
        setMessage({ ok: true, text: t`Applied.` });
      },
      (e: unknown) => setMessage({ ok: false, text: (e as Error).message }),
    );
  };

  return (
    <fieldset className="settings-sandbox" data-testid="settings-sandbox-failures">
      <legend>
        <Trans>Sandbox: builds that fail</Trans>
      </legend>
      <p className="muted" id={`${id}-hint`}>
        <Trans>
          Make a share of each tool’s builds fail in the sandbox, refunded as the service refunds a
          failed build, to see how Kiln shows a failure. A build the service hands out at once (a
          GLB export) never fails.
        </Trans>
      </p>
      {shares
        ? OP_KINDS.map((kind) => (
            <div className="settings-field" key={kind}>
              <label htmlFor={`${id}-${kind}`}>{i18n._(toolLabel(kind))}</label>
              <select
                id={`${id}-${kind}`}
                aria-describedby={`${id}-hint`}
                value={String(shares[kind] ?? 0)}
                onChange={(e) => change(kind, Number(e.target.value))}
                data-testid={`sandbox-fail-${kind}`}
              >
                {SHARES.map(([share, label]) => (
                  <option key={share} value={String(share)}>
                    {i18n._(label)}
                  </option>
                ))}
                {SHARES.some(([s]) => s === (shares[kind] ?? 0)) ? null : (
                  <option value={String(shares[kind])}>{otherShareWords(shares[kind] ?? 0)}</option>
                )}
              </select>
            </div>
          ))
        : null}
      {message ? (
        <p
          className={message.ok ? 'ok-text' : 'field-error'}
          role={message.ok ? 'status' : 'alert'}
          data-testid="sandbox-fail-status"
        >
          {message.text}
        </p>
      ) : null}
    </fieldset>
  );
}
