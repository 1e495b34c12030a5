/**
 * The selected model: its facts, whether it is saved on this computer, the actions it offers, the
 * website rule before the user runs into it, and its family's versions.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { LibraryItemView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { Icon } from '../../ui/Icon';
import { FamilyTree } from './FamilyTree';
import { formatNumber } from '../../../../shared/format';
import { MODEL_ACTIONS, modelDate, needsWebsitePlan } from './library-logic';
import { kindLabel } from './version-label';
import { useShowInViewer } from './use-show-in-viewer';

/** The mark on an action the service refuses for a website model without a plan. */
function Locked() {
  const { t } = useLingui();
  return (
    <>
      {' '}
      <Icon name="lock" label={t`needs a website plan`} />
    </>
  );
}

/** The detail of `item`. */
export function ModelDetail({ item, cached }: { item: LibraryItemView; cached: boolean }) {
  const openModel = useKiln((s) => s.openModel);
  const { i18n, t } = useLingui();
  const openTools = useKiln((s) => s.openTools);
  const beginRetexture = useKiln((s) => s.beginRetexture);
  const select = useKiln((s) => s.selectLibraryModel);
  const offline = useKiln((s) => s.libSource === 'offline');
  const showInViewer = useShowInViewer();
  const name = item.name ?? item.modelId;
  const website = item.source === 'website';
  const lock = (op: string) => needsWebsitePlan(item, op);
  const { version } = item;
  const kind = kindLabel(item.kind);
  const hasFamily = (item.versionsCount ?? 0) > 1 || item.parentId || (item.version ?? 1) > 1;
  return (
    <section className="model-detail" data-testid="model-detail" aria-label={t`Model ${name}`}>
      <header className="model-detail-head">
        <h3 data-testid="detail-name">{name}</h3>
        <button type="button" className="link-button" onClick={() => select(undefined)}>
          <Trans>Close</Trans>
        </button>
      </header>
      <dl className="model-facts">
        <dt>
          <Trans>Created</Trans>
        </dt>
        <dd data-testid="detail-created">
          {item.createdAt ? modelDate(item.createdAt, true) : '—'}
        </dd>
        <dt>
          <Trans>Polygons</Trans>
        </dt>
        <dd data-testid="detail-polys">
          {item.polyCount !== undefined ? formatNumber(item.polyCount) : '—'}
        </dd>
        <dt>
          <Trans>Version</Trans>
        </dt>
        <dd data-testid="detail-version">
          {version !== undefined ? t`v${version} · ${kind}` : t`— · ${kind}`}
        </dd>
        <dt>
          <Trans>Made</Trans>
        </dt>
        <dd data-testid="detail-source">
          {website ? (
            <Trans>on the website</Trans>
          ) : item.source === 'api' ? (
            <Trans>with the API (Kiln)</Trans>
          ) : (
            '—'
          )}
        </dd>
        <dt>
          <Trans>On this computer</Trans>
        </dt>
        <dd data-testid="detail-cached">
          {cached ? <Trans>yes — opens offline</Trans> : <Trans>no</Trans>}
        </dd>
      </dl>
      {website ? (
        <p className="website-note" id={`web-${item.modelId}`} data-testid="website-note">
          <Trans>
            Made on the website: the service answers <code>subscription_required</code> to opening
            (downloading) its file, Export, Print, Retopo and Game pack unless your website account
            has a plan or a one-off unlock for it. Rig, Parts, Make and Retexture work, and are
            charged.
          </Trans>
        </p>
      ) : null}
      <div className="model-actions" role="group" aria-label={t`Actions`}>
        <button
          type="button"
          className="primary"
          data-testid="detail-open"
          onClick={() => showInViewer(() => void openModel(item.modelId))}
          aria-describedby={lock('open') ? `web-${item.modelId}` : undefined}
        >
          <Trans>Open</Trans>
          {lock('open') ? <Locked /> : null}
        </button>
        {offline ? null : (
          <>
            {MODEL_ACTIONS.map((a) => (
              <button
                key={a.op}
                type="button"
                data-testid={`detail-op-${a.op}`}
                onClick={() => void openTools(item.modelId, a.op)}
                aria-describedby={lock(a.op) ? `web-${item.modelId}` : undefined}
                title={lock(a.op) ? t`Needs a website plan for this model` : undefined}
              >
                {i18n._(a.label)}
                {lock(a.op) ? <Locked /> : null}
              </button>
            ))}
            <button
              type="button"
              data-testid="detail-op-retexture"
              onClick={() => beginRetexture({ modelId: item.modelId, name })}
            >
              <Trans>Retexture</Trans>
            </button>
          </>
        )}
      </div>
      {hasFamily && !offline ? <FamilyTree item={item} /> : null}
    </section>
  );
}
