import { Trans, useLingui } from '@lingui/react/macro';
import type { JSX } from 'react';
import { CloseButton } from '../panels/CloseButton';
import type { ModelSource } from './dropped-files';

/** Props of {@link ViewerTitle}. */
export interface ViewerTitleProps {
  readonly source: ModelSource;
  /** Closes a local file (the app's model shows again). */
  readonly onClose: () => void;
}

/** The name of the model on screen; a local file is tagged and can be closed. */
export function ViewerTitle({ source, onClose }: ViewerTitleProps): JSX.Element {
  const { t } = useLingui();
  const name = source.name;
  return (
    <div className="kiln-viewer__title" data-testid="viewer-title">
      <span className="kiln-viewer__name" title={source.name}>
        {source.name}
      </span>
      {source.local ? (
        <span className="kiln-viewer__tag">
          <Trans>Local file</Trans>
        </span>
      ) : null}
      {source.local ? (
        <CloseButton
          label={t`Close ${name}`}
          title={t`Close`}
          testId="viewer-close"
          onClick={onClose}
        />
      ) : null}
    </div>
  );
}
