/**
 * The versions of one family as a tree (original → retexture → rig, parts …). Any two versions
 * can be ticked and opened side by side in the viewer's compare mode; unticking one of them ends
 * the comparison, and the ticks go when it ends (Stop comparing, Escape).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { LibraryItemView } from '../../../../shared/ipc/contract';
import { formatNumber } from '../../../../shared/format';
import { useKiln } from '../../store/StoreProvider';
import { flattenTree, needsWebsitePlan, versionTree, type VersionNode } from './library-logic';
import { kindLabel, versionName } from './version-label';
import { useShowInViewer } from './use-show-in-viewer';

/** One version of the tree: its tick for a comparison, its name, and Open. */
function VersionRow({
  node,
  picked,
  onPick,
  onOpen,
}: {
  node: VersionNode;
  picked: boolean;
  onPick: (on: boolean) => void;
  onOpen: () => void;
}) {
  const { t } = useLingui();
  const v = node.item;
  const version = v.version ?? '?';
  const kind = kindLabel(v.kind);
  const label = t`v${version} · ${kind}`;
  return (
    <li
      role="treeitem"
      aria-level={node.depth + 1}
      aria-selected={picked}
      className="version-row"
      data-testid="version-row"
      data-model-id={v.modelId}
      data-kind={v.kind ?? 'generation'}
      style={{ paddingInlineStart: node.depth * 14 }}
    >
      <label>
        <input
          type="checkbox"
          data-testid="version-pick"
          aria-label={t`Pick ${label} to compare`}
          checked={picked}
          onChange={(e) => onPick(e.target.checked)}
        />
        {node.depth > 0 ? <span aria-hidden="true">↳ </span> : null}
        {label}
      </label>
      <button
        type="button"
        className="link-button"
        data-testid="version-open"
        onClick={onOpen}
        title={needsWebsitePlan(v, 'open') ? t`Needs a website plan (see above)` : undefined}
      >
        <Trans>Open</Trans>
      </button>
    </li>
  );
}

/** The family tree of `item`, listed when shown. */
export function FamilyTree({ item }: { item: LibraryItemView }) {
  const family = useKiln((s) => s.libFamily);
  const error = useKiln((s) => s.libFamilyError);
  const loadFamily = useKiln((s) => s.loadFamily);
  const openModel = useKiln((s) => s.openModel);
  const openCompare = useKiln((s) => s.openCompare);
  const closeCompare = useKiln((s) => s.closeCompare);
  const openBatch = useKiln((s) => s.openBatch);
  const compared = useKiln((s) =>
    s.compareModel && s.model ? `${s.model.modelId} ${s.compareModel.modelId}` : undefined,
  );
  const showInViewer = useShowInViewer();
  const { t } = useLingui();
  const [picked, setPicked] = useState<string[]>([]);
  // The ticks chose the comparison: when it ends, they go with it.
  const wasComparing = useRef(false);
  useEffect(() => {
    if (wasComparing.current && !compared) setPicked([]);
    wasComparing.current = compared !== undefined;
  }, [compared]);
  const rootId = item.rootId ?? item.modelId;
  const { name, versionsCount } = item;

  // Keyed on the family, not the row object (a refreshed page must not list it again).
  useEffect(() => {
    setPicked([]);
    void loadFamily({
      modelId: rootId,
      rootId,
      ...(name !== undefined ? { name } : {}),
      ...(versionsCount !== undefined ? { versionsCount } : {}),
    });
  }, [rootId, name, versionsCount, loadFamily]);

  if (error) {
    return (
      <p className="error-text" role="alert" data-testid="version-tree-error">
        {error}
      </p>
    );
  }
  if (!family || family.rootId !== rootId || family.loading) {
    return (
      <p className="muted">
        <Trans>Listing the versions…</Trans>
      </p>
    );
  }
  const nodes = flattenTree(versionTree(family.versions));
  const toggle = (id: string, on: boolean) => {
    setPicked((p) =>
      on ? [...p.filter((x) => x !== id), id].slice(-2) : p.filter((x) => x !== id),
    );
    // Unticking a version on screen ends its comparison.
    if (!on && compared?.split(' ').includes(id)) closeCompare();
  };
  const [a, b] = picked;
  const byId = new Map(family.versions.map((v) => [v.modelId, v]));
  const versionCount = formatNumber(family.versions.length);
  const choice = (id: string) => ({ modelId: id, label: versionName(byId.get(id)!) });
  return (
    <div className="version-tree" data-testid="version-tree">
      <h3>
        <Trans>
          Versions <span className="muted">({versionCount})</span>
        </Trans>
      </h3>
      {!family.complete ? (
        <p className="muted">
          <Trans>
            Some versions may be missing: the service lists a family’s versions only by name.
          </Trans>
        </p>
      ) : null}
      <ul role="tree" aria-label={t`Versions of this family`}>
        {nodes.map((n) => (
          <VersionRow
            key={n.item.modelId}
            node={n}
            picked={picked.includes(n.item.modelId)}
            onPick={(on) => toggle(n.item.modelId, on)}
            onOpen={() => showInViewer(() => void openModel(n.item.modelId))}
          />
        ))}
      </ul>
      <button
        type="button"
        data-testid="compare-versions"
        disabled={!a || !b}
        onClick={() => a && b && showInViewer(() => void openCompare(choice(a), choice(b)))}
      >
        {a && b ? (
          <Trans>Compare the two ticked versions</Trans>
        ) : (
          <Trans>Tick two versions to compare them</Trans>
        )}
      </button>
      <button
        type="button"
        data-testid="export-every-version"
        onClick={() => openBatch({ kind: 'ids', ids: family.versions.map((v) => v.modelId) })}
      >
        <Trans>Export every version…</Trans>
      </button>
    </div>
  );
}
