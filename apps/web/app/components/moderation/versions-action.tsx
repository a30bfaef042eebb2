import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { once, useOnDemand } from '../../lib/use-on-demand';
import type { VersionsDialogProps } from './versions-panel';

// The dialog is its own chunk, fetched on intent (its strings are the staff group, which the moderation
// pages carry and staff-video-tools.tsx loads on a video page).
const loadDialog = once(() => import('./versions-panel').then((m) => m.VersionsDialog));

/**
 * The "Versions" button moderators see on a queue item and on a published video's page (ADR 0035). Mount it
 * anywhere with the video's id; the fingerprint match list can pass its match as `suggestedId`.
 */
export function VersionsAction({
  videoId,
  suggestedId,
  defaultRole,
  onChanged,
  label,
}: Omit<VersionsDialogProps, 'onClose'> & { label?: string }) {
  const { t } = useTranslation();
  const dialog = useOnDemand(loadDialog);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--secondary"
        data-testid="versions-action"
        {...dialog.intent}
        onClick={(e) => {
          e.stopPropagation();
          dialog.fetch().then(
            () => setOpen(true),
            (error: unknown) => console.error('[versions] the dialog could not be loaded', error),
          );
        }}
      >
        {label ?? t('moderation.versions.button')}
      </button>
      {open && dialog.Component && (
        <dialog.Component
          videoId={videoId}
          suggestedId={suggestedId}
          defaultRole={defaultRole}
          onChanged={onChanged}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
