import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import type { StaffProvenance } from '../../lib/dto';
import { once, useOnDemand } from '../../lib/use-on-demand';

/** The records of every queue item mounted in one tick, fetched in one call. */
let pending: { ids: Set<number>; result: Promise<Record<number, StaffProvenance>> } | null = null;
function fetchStaff(videoId: number): Promise<StaffProvenance | undefined> {
  if (!pending) {
    const ids = new Set<number>();
    const result = Promise.resolve().then(() => {
      pending = null;
      return apiClient().provenance.staffMany.query({ videoIds: [...ids] });
    });
    pending = { ids, result };
  }
  pending.ids.add(videoId);
  return pending.result.then((all) => all[videoId]);
}

const loadEditor = once(() => import('./provenance-editor').then((m) => m.ProvenanceEditor));

/**
 * A queue item's provenance (ADR 0036): a summary line (what the approval rule misses, when the operator
 * requires a record) and an editor loaded on demand. Moderators' changes are audited by the API.
 */
export function ProvenanceSlot({ videoId, known }: { videoId: number; known?: StaffProvenance | null }) {
  const { t } = useTranslation();
  // undefined while the record loads, null when there is none to show (or the fetch failed).
  const [data, setData] = useState<StaffProvenance | null | undefined>(known);
  const [editing, setEditing] = useState(false);
  const editor = useOnDemand(loadEditor);
  useEffect(() => {
    if (known !== undefined) return;
    let live = true;
    fetchStaff(videoId)
      .then((d) => live && setData(d ?? null))
      .catch(() => live && setData(null));
    return () => {
      live = false;
    };
  }, [videoId, known]);
  const open = useCallback(() => {
    void editor.fetch().then(() => setEditing(true));
  }, [editor]);
  if (data === null) return null;
  if (data === undefined) {
    // Holds the line's height while the record loads, so the buttons below it do not move under a
    // moderator's pointer when it arrives.
    return (
      <div className="queue-provenance queue-provenance--loading" aria-hidden="true">
        <span className="queue-provenance__title">{t('moderation.provenance.title')}:</span>{' '}
        <span className="button button--small queue-provenance__placeholder">
          {t('moderation.provenance.edit')}
        </span>
      </div>
    );
  }
  const fields = data.missing.map((f) => t(`provenance.field.${f}`)).join(', ');
  const Editor = editor.Component;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keeps clicks inside the editor from focusing the item
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops propagation
    <div className="queue-provenance" data-testid="queue-provenance" onClick={(e) => e.stopPropagation()}>
      <span className="queue-provenance__title">{t('moderation.provenance.title')}:</span>{' '}
      {data.missing.length === 0 ? (
        <span className="queue-provenance__ok">{t('moderation.provenance.complete')}</span>
      ) : (
        <span
          className={data.required ? 'queue-provenance__missing' : 'queue-provenance__partial'}
          data-testid="provenance-missing"
        >
          {data.record === null && !data.required
            ? t('moderation.provenance.none')
            : t(data.required ? 'moderation.provenance.missing' : 'moderation.provenance.incomplete', {
                fields,
              })}
        </span>
      )}{' '}
      {!editing && (
        <button type="button" className="button button--small" onClick={open} {...editor.intent}>
          {t('moderation.provenance.edit')}
        </button>
      )}
      {editing && Editor && (
        <Editor
          videoId={videoId}
          record={data.record}
          onSaved={(next) => {
            setData(next);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      )}
    </div>
  );
}
