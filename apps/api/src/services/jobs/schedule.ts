import type { JobName } from './catalogue';
import type { JobQueue } from './job-queue';

/** Recurring jobs and how often they are queued; the unique key keeps one pending at a time. */
const RECURRING: [JobName, number][] = [
  ['stats.rollup', 3600],
  ['sessions.purge', 86_400],
  ['search.keywords', 86_400],
  ['uploads.cleanup', 3600],
  // Hourly, so a restart never skips a day; the service mails each member at most once per UTC day.
  ['notifications.digest', 3600],
  // Every 15 minutes: a warning 12 hours ahead leaves the team time; each alert is recorded, sent once.
  ['removals.deadlines', 900],
];

/** Queues each recurring job once per period (and once at start). Returns a stop function. */
export function scheduleRecurring(queue: JobQueue): () => void {
  const timers = RECURRING.map(([name, seconds]) => {
    const enqueue = () => queue.enqueueLater(name, {}, { uniqueKey: name, delaySeconds: seconds });
    enqueue();
    return setInterval(enqueue, seconds * 1000);
  });
  return () => {
    for (const t of timers) clearInterval(t);
  };
}
