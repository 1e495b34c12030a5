/**
 * The versions of one family as a tree (original → retexture → rig, parts …). Any two versions
 * can be ticked and opened side by side in the viewer's compare mode; unticking one of them ends
 * the comparison, and the ticks go when it ends (Stop comparing, Escape).
 */
import { useEffect, useRef, useState } from 'react';
import type { LibraryItemView } from '../../../../shared/ipc/contract';
import { useKiln } from '../../store/StoreProvider';
import {
  flattenTree,
  kindLabel,
  needsWebsitePlan,
  versionName,
  versionTree,
} from './library-logic';
import { useShowInViewer } from './use-show-in-viewer';

/** The family tree of `item`, listed when shown. */
export function FamilyTree({ item }: { item: LibraryItemView }) {
  const family = useKiln((s) => s.libFamily);
  const error = useKiln((s) => s.libFamilyError);
  const loadFamily = useKiln((s) => s.loadFamily);
  const openModel = useKiln((s) => s.openModel);
  const openCompare = useKiln((s) => s.openCompare);
  const closeCompare = useKiln((s) => s.closeCompare);
  const compared = useKiln((s) =>
    s.compareModel && s.model ? `${s.model.modelId} ${s.compareModel.modelId}` : undefined,
  );
  const showInViewer = useShowInViewer();
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
    return <p className="muted">Listing the versions…</p>;
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
  const choice = (id: string) => ({ modelId: id, label: versionName(byId.get(id)!) });
  return (
    <div className="version-tree" data-testid="version-tree">
      <h3>
        Versions <span className="muted">({family.versions.length})</span>
      </h3>
      {!family.complete ? (
        <p className="muted">
          Some versions may be missing: the service lists a family&rsquo;s versions only by name.
        </p>
      ) : null}
      <ul role="tree" aria-label="Versions of this family">
        {nodes.map((n) => {
          const v = n.item;
          const label = `v${v.version ?? '?'} · ${kindLabel(v.kind)}`;
          return (
            <li
              key={v.modelId}
              role="treeitem"
              aria-level={n.depth + 1}
              aria-selected={picked.includes(v.modelId)}
              className="version-row"
              data-testid="version-row"
              data-model-id={v.modelId}
              data-kind={v.kind ?? 'generation'}
              style={{ paddingLeft: n.depth * 14 }}
            >
              <label>
                <input
                  type="checkbox"
                  data-testid="version-pick"
                  aria-label={`Pick ${label} to compare`}
                  checked={picked.includes(v.modelId)}
                  onChange={(e) => toggle(v.modelId, e.target.checked)}
                />
                {n.depth > 0 ? <span aria-hidden="true">↳ </span> : null}
                {label}
              </label>
              <button
                type="button"
                className="link-button"
                data-testid="version-open"
                onClick={() => showInViewer(() => void openModel(v.modelId))}
                title={needsWebsitePlan(v, 'open') ? 'Needs a website plan (see above)' : undefined}
              >
                Open
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        data-testid="compare-versions"
        disabled={!a || !b}
        onClick={() => a && b && showInViewer(() => void openCompare(choice(a), choice(b)))}
      >
        {a && b ? 'Compare the two ticked versions' : 'Tick two versions to compare them'}
      </button>
    </div>
  );
}
