import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import type { PlaylistThumb, VideoCard } from '../../lib/dto';
import { postTrpc } from '../../lib/trpc-post';
import { useHydrated } from '../../lib/use-hydrated';
import { Modal } from '../modal';
import { PlaylistCard } from '../playlist-grid';
import { useNotify } from '../toasts';
import { PlaylistForm } from './playlist-form';
import { useMemberAction } from './use-member-action';

type Editing = { kind: 'new' } | { kind: 'edit'; playlist: PlaylistThumb } | null;

/**
 * The owner's playlists tab (spec §4): "New playlist", and Edit and Delete on each card, through the
 * legacy playlist acts. Private ones carry their marker on the card (PlaylistCard).
 */
export function OwnPlaylists({ playlists, label }: { playlists: readonly PlaylistThumb[]; label: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const { run, busy } = useMemberAction();
  const [editing, setEditing] = useState<Editing>(null);
  const hydrated = useHydrated();
  const remove = async (p: PlaylistThumb) => {
    if (!window.confirm(t('actions.delete_confirm', { title: p.title }))) return;
    const r = await run('/api/input.php', { act: 'playlist_delete', playlist_id: p.id });
    if (r?.ok) revalidator.revalidate();
  };
  return (
    <>
      <div className="own-playlists__toolbar" data-hydrated={hydrated}>
        <button type="button" className="button button--primary" onClick={() => setEditing({ kind: 'new' })}>
          {t('actions.new_playlist')}
        </button>
      </div>
      <ul className="thumb-grid" aria-label={label}>
        {playlists.map((p) => (
          <li key={p.id} data-testid="own-playlist">
            <PlaylistCard playlist={p} />
            <div className="owner-row">
              <button
                type="button"
                className="button"
                onClick={() => setEditing({ kind: 'edit', playlist: p })}
              >
                {t('actions.edit_playlist')}
              </button>
              <button type="button" className="button" disabled={busy} onClick={() => remove(p)}>
                {t('actions.delete_playlist')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {editing && (
        <Modal
          title={editing.kind === 'new' ? t('actions.new_playlist') : t('actions.edit_playlist')}
          closeLabel={t('actions.close')}
          onClose={() => setEditing(null)}
        >
          <PlaylistForm
            initial={
              editing.kind === 'edit'
                ? {
                    title: editing.playlist.title,
                    desc: editing.playlist.description,
                    isPrivate: editing.playlist.isPrivate,
                  }
                : undefined
            }
            fields={
              editing.kind === 'edit'
                ? {
                    act: 'playlist_upd',
                    playlist_id: editing.playlist.id,
                    orientation: editing.playlist.orientation,
                  }
                : { act: 'playlist_new' }
            }
            submitLabel={editing.kind === 'new' ? t('actions.create') : t('actions.save')}
            onDone={(r) => {
              notify({ ok: true, code: r.code });
              setEditing(null);
              revalidator.revalidate();
            }}
          />
        </Modal>
      )}
    </>
  );
}

/** Move up and down for the owner on the playlist page: plain buttons, so keyboards and readers use them. */
export function PlaylistMoveButtons({
  playlistId,
  video,
  first,
  last,
}: {
  playlistId: number;
  video: VideoCard;
  first: boolean;
  last: boolean;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const move = async (direction: 'up' | 'down') => {
    setBusy(true);
    const r = await postTrpc('playlists.move', { playlistId, videoId: video.id, direction });
    setBusy(false);
    if (!r.ok) notify(r);
    revalidator.revalidate();
  };
  return (
    <div className="owner-row" data-testid="playlist-move">
      <button
        type="button"
        className="button"
        disabled={busy || first}
        aria-label={t('actions.move_up', { title: video.title })}
        onClick={() => move('up')}
      >
        ↑
      </button>
      <button
        type="button"
        className="button"
        disabled={busy || last}
        aria-label={t('actions.move_down', { title: video.title })}
        onClick={() => move('down')}
      >
        ↓
      </button>
    </div>
  );
}
