/**
 * The selected model: its facts, whether it is saved on this computer, the actions it offers, the
 * website rule before the user runs into it, and its family's versions.
 */
import { useLingui } from '@lingui/react';
import type { LibraryItemView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import { Icon } from '../../ui/Icon';
import { FamilyTree } from './FamilyTree';
import { MODEL_ACTIONS, kindLabel, needsWebsitePlan } from './library-logic';
import { useShowInViewer } from './use-show-in-viewer';

function formatDate(iso: string | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The mark on an action the service refuses for a website model without a plan. */
function Locked() {
  return (
    <>
      {' '}
      <Icon name="lock" label="needs a website plan" />
    </>
  );
}

/** The detail of `item`. */
export function ModelDetail({ item, cached }: { item: LibraryItemView; cached: boolean }) {
  const openModel = useKiln((s) => s.openModel);
  const { i18n } = useLingui();
  const openTools = useKiln((s) => s.openTools);
  const beginRetexture = useKiln((s) => s.beginRetexture);
  const select = useKiln((s) => s.selectLibraryModel);
  const offline = useKiln((s) => s.libSource === 'offline');
  const showInViewer = useShowInViewer();
  const name = item.name ?? item.modelId;
  const website = item.source === 'website';
  const lock = (op: string) => needsWebsitePlan(item, op);
  const hasFamily = (item.versionsCount ?? 0) > 1 || item.parentId || (item.version ?? 1) > 1;
  return (
    <section className="model-detail" data-testid="model-detail" aria-label={`Model ${name}`}>
      <header className="model-detail-head">
        <h3 data-testid="detail-name">{name}</h3>
        <button type="button" className="link-button" onClick={() => select(undefined)}>
          Close
        </button>
      </header>
      <dl className="model-facts">
        <dt>Created</dt>
        <dd data-testid="detail-created">{formatDate(item.createdAt)}</dd>
        <dt>Polygons</dt>
        <dd data-testid="detail-polys">
          {item.polyCount !== undefined ? item.polyCount.toLocaleString('en-US') : '—'}
        </dd>
        <dt>Version</dt>
        <dd data-testid="detail-version">
          {item.version !== undefined ? `v${item.version}` : '—'} · {kindLabel(item.kind)}
        </dd>
        <dt>Made</dt>
        <dd data-testid="detail-source">
          {website ? 'on the website' : item.source === 'api' ? 'with the API (Kiln)' : '—'}
        </dd>
        <dt>On this computer</dt>
        <dd data-testid="detail-cached">{cached ? 'yes — opens offline' : 'no'}</dd>
      </dl>
      {website ? (
        <p className="website-note" id={`web-${item.modelId}`} data-testid="website-note">
          Made on the website: the service answers <code>subscription_required</code> to opening
          (downloading) its file, Export, Print, Retopo and Game pack unless your website account
          has a plan or a one-off unlock for it. Rig, Parts, Make and Retexture work, and are
          charged.
        </p>
      ) : null}
      <div className="model-actions" role="group" aria-label="Actions">
        <button
          type="button"
          className="primary"
          data-testid="detail-open"
          onClick={() => showInViewer(() => void openModel(item.modelId))}
          aria-describedby={lock('open') ? `web-${item.modelId}` : undefined}
        >
          Open{lock('open') ? <Locked /> : null}
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
                title={lock(a.op) ? 'Needs a website plan for this model' : undefined}
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
              Retexture
            </button>
          </>
        )}
      </div>
      {hasFamily && !offline ? <FamilyTree item={item} /> : null}
    </section>
  );
}
