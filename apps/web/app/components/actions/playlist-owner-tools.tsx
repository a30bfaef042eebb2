import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useRevalidator } from 'react-router';
import type { PlaylistDetail } from '../../lib/dto';
import { Modal } from '../modal';
import { useNotify } from '../toasts';
import { PlaylistForm } from './playlist-form';
import { useMemberAction } from './use-member-action';

/** Edit and delete for the owner of the playlist on its page. */
export function PlaylistOwnerTools({ playlist }: { playlist: PlaylistDetail }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { run, busy } = useMemberAction();
  const [editing, setEditing] = useState(false);
  const remove = async () => {
    if (!window.confirm(t('actions.delete_confirm', { title: playlist.title }))) return;
    const r = await run('/api/input.php', { act: 'playlist_delete', playlist_id: playlist.id });
    if (r?.ok) navigate(`/members/${playlist.owner.id}/playlists/1/`);
  };
  return (
    <div className="member-actions" data-testid="playlist-owner-tools">
      <button type="button" className="button" onClick={() => setEditing(true)}>
        {t('actions.edit_playlist')}
      </button>
      <button type="button" className="button" disabled={busy} onClick={remove}>
        {t('actions.delete_playlist')}
      </button>
      {editing && (
        <Modal
          title={t('actions.edit_playlist')}
          closeLabel={t('actions.close')}
          onClose={() => setEditing(false)}
        >
          <PlaylistForm
            initial={{ title: playlist.title, desc: playlist.description, isPrivate: playlist.isPrivate }}
            fields={{ act: 'playlist_upd', playlist_id: playlist.id, orientation: playlist.orientation }}
            submitLabel={t('actions.save')}
            onDone={(r) => {
              notify({ ok: true, code: r.code });
              setEditing(false);
              revalidator.revalidate();
            }}
          />
        </Modal>
      )}
    </div>
  );
}
