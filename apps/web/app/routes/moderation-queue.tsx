import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../components/empty-state';
import { canApprove, canReject, QueueItem, type QueueItemData } from '../components/moderation/queue-item';
import { RejectDialog } from '../components/moderation/reject-dialog';
import { useToast } from '../components/toasts';
import { apiClient } from '../lib/api-client';
import { getI18n } from '../lib/i18n';
import { pageMeta } from '../lib/page-meta';
import { rootDataFromMatches, useRootData } from '../lib/root-data';
import { requireStaff } from '../lib/staff-only';
import type { Route } from './+types/moderation-queue';

const POLL_MS = 3000;

export async function loader({ context }: Route.LoaderArgs) {
  requireStaff(context);
  const queue = await context.api.moderation.queue();
  // The first items' provenance lines come with the page, so nothing moves under the pointer when they load.
  const videoIds = queue.items.filter((i) => i.kind === 'video').map((i) => i.id);
  const provenance = videoIds.length ? await context.api.provenance.staffMany({ videoIds }) : {};
  return { queue, provenance };
}

export function meta({ matches }: Route.MetaArgs) {
  const { t } = getI18n(rootDataFromMatches(matches).lang);
  return pageMeta(t, { title: t('moderation.queue.title'), noindex: true });
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) ||
    // Keys pressed in a dialog opened from an item (Versions) are the dialog's.
    target.closest('dialog[open]') !== null);

/** `/moderation/`: pending uploads oldest first; j/k move, x selects, a approves, r rejects. */
export default function ModerationQueue({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang } = useRootData();
  const { show } = useToast();
  const [queue, setQueue] = useState(loaderData.queue);
  const [focus, setFocus] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const items = queue.items;
  const focused: QueueItemData | undefined = items[Math.min(focus, items.length - 1)];
  const refs = useRef(new Map<string, HTMLElement>());
  // Counts decisions, so a poll that was under way across one does not bring its items back.
  const decisions = useRef(0);

  // New uploads arrive and processing advances while the page is open.
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      const before = decisions.current;
      const next = await apiClient()
        .moderation.queue.query()
        .catch(() => null);
      if (stop) return;
      if (next && decisions.current === before) setQueue(next);
      timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, []);

  const targets = useCallback(
    (allowed: (item: QueueItemData) => boolean) => {
      const chosen = items.filter((i) => selected.has(i.key));
      const list = chosen.length ? chosen : focused ? [focused] : [];
      return list.filter(allowed).map((i) => i.key);
    },
    [items, selected, focused],
  );

  const settle = useCallback(
    (done: string[], message: string) => {
      decisions.current++;
      setQueue((q) => ({
        ...q,
        items: q.items.filter((i) => !done.includes(i.key)),
        total: q.total - done.length,
      }));
      setSelected(new Set());
      show('success', message);
    },
    [show],
  );

  const approve = useCallback(
    async (keys: string[], approveCopies = false) => {
      if (keys.length === 0 || busy) return;
      setBusy(true);
      try {
        const r = await apiClient().moderation.approve.mutate({ keys, approveCopies });
        settle(r.done, t('moderation.approved', { count: r.done.length }));
      } catch (err) {
        // The operator's provenance rule (ADR 0036) says why; anything else stays generic.
        const code = (err as { data?: { code?: string } }).data?.code;
        show(
          'error',
          t(code === 'provenance_required' ? 'form.error.provenance_required' : 'moderation.failed'),
        );
      } finally {
        setBusy(false);
      }
    },
    [busy, settle, show, t],
  );

  const reject = async (reason: string, note: string) => {
    const keys = rejecting ?? [];
    setRejecting(null);
    setBusy(true);
    try {
      const r = await apiClient().moderation.reject.mutate({ keys, reason: reason as 'other', note });
      settle(r.done, t('moderation.rejected', { count: r.done.length }));
    } catch {
      show('error', t('moderation.failed'));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (rejecting || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      const move = (delta: number) => {
        const next = Math.max(0, Math.min(items.length - 1, focus + delta));
        setFocus(next);
        refs.current.get(items[next]?.key ?? '')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      };
      switch (event.key) {
        case 'j':
          move(1);
          break;
        case 'k':
          move(-1);
          break;
        case 'x':
          if (focused && (canApprove(focused) || canReject(focused)))
            setSelected((s) => {
              const next = new Set(s);
              if (!next.delete(focused.key)) next.add(focused.key);
              return next;
            });
          break;
        case 'a':
          void approve(targets(canApprove));
          break;
        case 'r': {
          const keys = targets(canReject);
          if (keys.length) setRejecting(keys);
          break;
        }
        default:
          return;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [items, focus, focused, rejecting, approve, targets]);

  const decidable = items.filter((i) => canApprove(i) || canReject(i));
  const allSelected = decidable.length > 0 && decidable.every((i) => selected.has(i.key));
  return (
    <section className="moderation-queue" aria-busy={busy}>
      <header className="moderation__head">
        <h1 className="page-title">
          {t('moderation.queue.title')} <span className="moderation__total">{queue.total}</span>
        </h1>
        <p className="moderation__keys">{t('moderation.queue.keys')}</p>
      </header>
      {items.length === 0 ? (
        <EmptyState>{t('moderation.queue.empty')}</EmptyState>
      ) : (
        <>
          <div className="moderation__bulk" data-testid="bulk-bar">
            <label>
              <input
                type="checkbox"
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(decidable.map((i) => i.key)))}
              />{' '}
              {t('moderation.queue.select_all')}
            </label>
            <span>{t('moderation.queue.selected', { count: selected.size })}</span>
            <button
              type="button"
              className="button button--primary"
              disabled={busy || selected.size === 0}
              onClick={() => approve(targets(canApprove))}
              data-testid="bulk-approve"
            >
              {t('moderation.approve_selected')}
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={busy || selected.size === 0}
              onClick={() => setRejecting(targets(canReject))}
            >
              {t('moderation.reject_selected')}
            </button>
          </div>
          <div className="moderation-queue__list">
            {items.map((item, index) => (
              <div
                key={item.key}
                ref={(el) => {
                  if (el) refs.current.set(item.key, el);
                  else refs.current.delete(item.key);
                }}
              >
                <QueueItem
                  item={item}
                  provenance={loaderData.provenance[item.id]}
                  lang={lang}
                  focused={item === focused}
                  selected={selected.has(item.key)}
                  onFocus={() => setFocus(index)}
                  onToggle={() =>
                    setSelected((s) => {
                      const next = new Set(s);
                      if (!next.delete(item.key)) next.add(item.key);
                      return next;
                    })
                  }
                  onApprove={() => approve([item.key])}
                  onApproveCopy={() => approve([item.key], true)}
                  onReject={() => setRejecting([item.key])}
                />
              </div>
            ))}
          </div>
        </>
      )}
      {rejecting && (
        <RejectDialog
          count={rejecting.length}
          reasons={queue.rejectReasons}
          onReject={reject}
          onClose={() => setRejecting(null)}
        />
      )}
    </section>
  );
}
