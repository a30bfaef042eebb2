import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang, loadStrings } from '../../lib/i18n';
import { once, useOnDemand } from '../../lib/use-on-demand';

// Both dialogs are one chunk fetched on intent, with the upload strings: no page's first load carries them.
const loadDialogs = once(() =>
  Promise.all([import('./own-video-dialogs'), loadStrings(currentLang(), ['upload'])]).then(([m]) => m),
);
const loadEdit = () => loadDialogs().then((m) => m.EditVideoDialog);
const loadDelete = () => loadDialogs().then((m) => m.DeleteVideoDialog);

/** Edit and Delete for one of the member's own videos (uploads tab, own video page, my uploads). */
export function OwnVideoTools({
  video,
  onDeleted,
  onSaved,
}: {
  video: { id: number; title: string };
  onDeleted?: () => void;
  onSaved?: (result: 'pending' | 'applied') => void;
}) {
  const { t } = useTranslation();
  const edit = useOnDemand(loadEdit);
  const remove = useOnDemand(loadDelete);
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  const show = (dialog: { fetch: () => Promise<unknown> }, which: 'edit' | 'delete') => () =>
    dialog.fetch().then(
      () => setOpen(which),
      (error: unknown) => console.error(`[own video] the ${which} dialog could not be loaded`, error),
    );
  const close = () => setOpen(null);
  return (
    <span className="own-video-tools" data-testid="own-video-tools">
      <button type="button" className="button button--quiet" {...edit.intent} onClick={show(edit, 'edit')}>
        {t('actions.edit_video')}
      </button>
      <button
        type="button"
        className="button button--quiet"
        {...remove.intent}
        onClick={show(remove, 'delete')}
      >
        {t('actions.delete_video')}
      </button>
      {open === 'edit' && edit.Component && (
        <edit.Component
          videoId={video.id}
          onClose={close}
          onSaved={(result) => {
            close();
            onSaved?.(result);
          }}
        />
      )}
      {open === 'delete' && remove.Component && (
        <remove.Component
          video={video}
          onClose={close}
          onDeleted={() => {
            close();
            onDeleted?.();
          }}
        />
      )}
    </span>
  );
}
