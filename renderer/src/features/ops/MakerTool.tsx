/**
 * Craft makers: the kinds the service offers (papercraft, and any `make.<id>` row of the live
 * price list), the result saved as a file.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { MAKER_KINDS } from '../../../../shared/api/rules';
import { useKiln } from '../../store/StoreProvider';
import { Choice, Field } from './Field';
import { buildMaker } from './op-forms';
import { RunSection } from './RunSection';
import type { ToolProps } from './tool-props';
import { useToolRun } from './use-tool-run';

/** Maker ids: the known ones, then those the price list adds, each with its description. */
export function makerChoices(
  items: ReadonlyArray<{ operation: string; description?: string | undefined }>,
): Array<{ id: string; label: string }> {
  const described = new Map<string, string | undefined>();
  for (const id of MAKER_KINDS) described.set(id, undefined);
  for (const row of items) {
    if (row.operation.startsWith('make.') && row.operation.length > 5) {
      described.set(row.operation.slice(5), row.description);
    }
  }
  return [...described].map(([id, description]) => ({
    id,
    label: description ?? id.charAt(0).toUpperCase() + id.slice(1).replace(/[-_]/g, ' '),
  }));
}

/** The makers panel. */
export function MakerTool({ modelId, modelName, folder }: ToolProps) {
  const items = useKiln((s) => s.prices?.items);
  const choices = makerChoices(items ?? []);
  const [maker, setMaker] = useState(choices[0]!.id);
  const built = buildMaker(maker);
  const runKey = `make.${maker}`;
  const run = useToolRun(runKey, modelId, { kind: 'make', maker }, folder, built);
  const { t } = useLingui();
  return (
    <div className="tool-body" data-testid="tool-make">
      <Field label={t`Project`}>
        <Choice
          testId="maker-kind"
          value={maker}
          options={choices.map((c) => [c.id, c.label] as const)}
          onChange={setMaker}
        />
      </Field>
      <RunSection run={run} built={built} label={t`Make`} modelName={modelName} testId="make" />
    </div>
  );
}
