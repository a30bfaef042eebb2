import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient } from '../../lib/api-client';
import { type RestorationFacts, restorationLines } from '../../lib/restoration-words';
import { GatedImage } from '../gated-image';
import { useToast } from '../toasts';

const FIELD_CHOICES = ['auto', 'off', 'deinterlace', 'inverse_telecine'] as const;
const SWITCH_CHOICES = ['auto', 'off'] as const;
type Choice = {
  fields: (typeof FIELD_CHOICES)[number];
  crop: (typeof SWITCH_CHOICES)[number];
  loudness: (typeof SWITCH_CHOICES)[number];
};

export interface RestorationData extends RestorationFacts {
  choice: Choice;
  stills: { before: string; after: string } | null;
  sourceKept: boolean;
  rerun: { state: 'queued' | 'running' | 'failed'; progress: number; error: string | null } | null;
}

/** Longer than the queue's poll (3 s), so the job is reported before this runs out. */
const SHOW_SAVED_MS = 8000;

/**
 * A pending video's restoration (ADR 0039): each decision in words with its figures, the same moment before
 * and after, and the moderator's form to change the decisions and process the video again.
 */
export function RestorationPanel({
  videoId,
  data,
  lang,
}: {
  videoId: number;
  data: RestorationData;
  lang: string;
}) {
  const { t } = useTranslation();
  const tr = (key: string, values?: Record<string, string | number>) =>
    String(t(`moderation.restoration.${key}` as 'moderation.restoration.title', values ?? {}));
  const lines = restorationLines(data, lang);
  // Until the queue's next poll reports the job, the choice just saved shows as waiting.
  const [savedAt, setSavedAt] = useState(0);
  const justSaved = !data.rerun && Date.now() - savedAt < SHOW_SAVED_MS;
  const running = justSaved || (data.rerun !== null && data.rerun.state !== 'failed');
  const percent = Math.round((data.rerun?.progress ?? 0) * 100);

  return (
    <section className="restoration" data-testid="restoration" aria-label={tr('title')}>
      <h3 className="restoration__title">{tr('title')}</h3>
      <ul className="restoration__lines">
        {lines.map((line) => (
          <li key={line.decision} data-decision={line.decision} data-key={line.key}>
            {tr(`line.${line.key}`, {
              ...line.values,
              ...(line.values.order ? { order: tr(`order.${line.values.order}`) } : {}),
              ...(line.values.bars ? { bars: tr(`bars.${line.values.bars}`) } : {}),
            })}
            {line.byModerator && (
              <span className="restoration__by">
                {' '}
                ({tr('by_moderator')}
                {line.measured ? `; ${tr('measured', { decision: tr(`mode.${line.measured}`) })}` : ''})
              </span>
            )}
          </li>
        ))}
      </ul>

      {data.stills && (
        <figure className="restoration__stills" data-testid="restoration-stills">
          <div>
            <GatedImage src={data.stills.before} alt={tr('before')} loading="lazy" />
            <span>{tr('before')}</span>
          </div>
          <div>
            <GatedImage src={data.stills.after} alt={tr('after')} loading="lazy" />
            <span>{tr('after')}</span>
          </div>
          <figcaption>{tr('stills')}</figcaption>
        </figure>
      )}

      {running && (
        <div className="queue-item__progress" data-testid="restoration-progress">
          <progress max={100} value={percent} aria-label={tr('progress')} />
          <span>{data.rerun?.state === 'running' ? tr('running', { percent }) : tr('queued')}</span>
        </div>
      )}
      {data.rerun?.state === 'failed' && (
        <p className="queue-item__error" role="status">
          {tr('failed', { error: data.rerun.error ?? '' })}
        </p>
      )}

      {data.sourceKept ? (
        !running && (
          <RestorationForm
            videoId={videoId}
            choice={data.choice}
            onQueued={() => setSavedAt(Date.now())}
            tr={tr}
          />
        )
      ) : (
        <p className="restoration__note" data-testid="restoration-source-gone">
          {t('moderation.error.restoration_source_gone')}
        </p>
      )}
    </section>
  );
}

function RestorationForm({
  videoId,
  choice,
  onQueued,
  tr,
}: {
  videoId: number;
  choice: Choice;
  onQueued: () => void;
  tr: (key: string, values?: Record<string, string | number>) => string;
}) {
  const { t } = useTranslation();
  const { show } = useToast();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const value = (name: keyof Choice) => String(form.get(name));
    setBusy(true);
    setProblem(null);
    try {
      await apiClient().moderation.rerunRestoration.mutate({
        videoId,
        fields: value('fields') as Choice['fields'],
        crop: value('crop') as Choice['crop'],
        loudness: value('loudness') as Choice['loudness'],
      });
      show('success', tr('saved'));
      onQueued();
    } catch (error) {
      const code = (error as { data?: { code?: string } }).data?.code ?? '';
      setProblem(
        code.startsWith('restoration_')
          ? String(t(`moderation.error.${code}` as 'moderation.error.restoration_busy'))
          : tr(`error.${code === 'video_not_found' ? code : 'unknown'}`),
      );
    } finally {
      setBusy(false);
    }
  };

  const select = (name: keyof Choice, options: readonly string[]) => (
    <label className="form-field">
      <span>{tr(`field.${name}`)}</span>
      <select name={name} defaultValue={choice[name]}>
        {options.map((o) => (
          <option key={o} value={o}>
            {tr(`choice.${o}`)}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <details className="restoration__change">
      <summary>{tr('change')}</summary>
      <form className="restoration__form" onSubmit={submit} data-testid="restoration-form">
        {select('fields', FIELD_CHOICES)}
        {select('crop', SWITCH_CHOICES)}
        {select('loudness', SWITCH_CHOICES)}
        {problem && (
          <p className="form-field__error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {tr('submit')}
        </button>
      </form>
    </details>
  );
}
