import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { postForm } from '../../lib/legacy-post';
import { Modal } from '../modal';
import { useNotify } from '../toasts';
import { PlaylistForm } from './playlist-form';

interface MyPlaylist {
  id: number;
  title: string;
  isPrivate: boolean;
  hasVideo: boolean;
}

/** The add-to modal (spec §4): the member's playlists with Add or Added, and a new-playlist form. */
export function AddToPlaylistModal({ videoId, onClose }: { videoId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const [playlists, setPlaylists] = useState<MyPlaylist[] | null>(null);
  const load = () =>
    apiClient()
      .me.playlists.query({ videoId })
      .then(setPlaylists, () => setPlaylists([]));
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per video
  useEffect(() => {
    load();
  }, [videoId]);

  const add = async (playlistId: number) => {
    const r = await postForm('/api/input.php', {
      act: 'playlist_add',
      playlist_id: playlistId,
      video_id: videoId,
    });
    notify(r);
    if (r.ok || r.code === 'already_in_playlist')
      setPlaylists((list) => list?.map((p) => (p.id === playlistId ? { ...p, hasVideo: true } : p)) ?? null);
  };

  return (
    <Modal
      title={t('actions.add_to_title')}
      closeLabel={t('actions.close')}
      onClose={onClose}
      testId="add-to-modal"
    >
      {playlists === null ? null : playlists.length === 0 ? (
        <p>{t('actions.no_playlists')}</p>
      ) : (
        <ul className="add-to__list">
          {playlists.map((p) => (
            <li key={p.id} className="add-to__item">
              <span>{p.title}</span>
              <button type="button" className="button" disabled={p.hasVideo} onClick={() => add(p.id)}>
                {p.hasVideo ? t('actions.added') : t('actions.add')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <h3 className="add-to__heading">{t('actions.new_playlist')}</h3>
      <PlaylistForm
        fields={{ act: 'playlist_new', video_id: videoId }}
        submitLabel={t('actions.create')}
        onDone={() => {
          notify({ ok: true, code: 'playlist_added' });
          load();
        }}
      />
    </Modal>
  );
}
