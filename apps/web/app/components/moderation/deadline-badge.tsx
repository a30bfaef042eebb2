import { useTranslation } from 'react-i18next';

/** Hours and minutes of a span of seconds, as the queue says them. */
export function useDuration() {
  const { t } = useTranslation();
  return (seconds: number) => {
    const s = Math.abs(seconds);
    return t('moderation.reports.duration', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  };
}

/** A removal request's legal deadline (ADR 0037): the time left, or red once it is missed. */
export function DeadlineBadge({ deadline, now }: { deadline: number; now: number }) {
  const { t } = useTranslation();
  const duration = useDuration();
  const left = deadline - now;
  const missed = left <= 0;
  return (
    <time
      dateTime={new Date(deadline * 1000).toISOString()}
      className={`deadline${missed ? ' deadline--missed' : left < 12 * 3600 ? ' deadline--soon' : ''}`}
      data-testid="deadline"
      data-missed={missed ? '1' : '0'}
    >
      {missed
        ? t('moderation.reports.deadline_missed', { time: duration(left) })
        : t('moderation.reports.deadline_left', { time: duration(left) })}
    </time>
  );
}
