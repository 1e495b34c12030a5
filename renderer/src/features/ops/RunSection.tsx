/** The foot of every tool: cost before running, the Run button, and the last job's status. */
import { useLingui } from '@lingui/react/macro';
import { jobOf } from '../../../../shared/tools';
import type { Built } from './op-forms';
import { OpStatus } from './OpStatus';
import { CostLine } from '../billing/use-paid-action';
import type { ToolRun } from './use-tool-run';

/** Cost, Run and status of one tool. */
export function RunSection(props: {
  run: ToolRun;
  built: Built;
  /** The button's words ("Export GLB"). */
  label: string;
  /** The model's name: the confirmation names the job as Activity will ("Quad remesh of Teapot"). */
  modelName: string;
  testId: string;
}) {
  const { run, built, label, modelName, testId } = props;
  const { t, i18n } = useLingui();
  const what = 'op' in built ? i18n._(jobOf(built.op, modelName)) : modelName;
  return (
    <div className="run-section">
      <CostLine action={run.paid} />
      <button
        type="button"
        className="primary"
        data-testid={`${testId}-run`}
        disabled={run.busy}
        onClick={() => void run.run(built, what)}
      >
        {run.busy ? t`Starting…` : label}
      </button>
      {run.error ? (
        <p className="error-text" role="alert" data-testid="op-refused">
          {run.error}
        </p>
      ) : null}
      {run.paid.dialog}
      {run.job ? <OpStatus job={run.job} /> : null}
    </div>
  );
}
