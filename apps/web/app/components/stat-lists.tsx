import type { ReactNode } from 'react';

/** A row of labelled counters, as on model and member headers. */
export function StatList({ stats, testId }: { stats: readonly [string, string][]; testId: string }) {
  return (
    <dl className="model-stats" data-testid={testId}>
      {stats.map(([label, value]) => (
        <div key={label} className="model-stats__item">
          <dt className="model-stats__label">{label}</dt>
          <dd className="model-stats__value">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Label and value rows (model attributes, member profile fields). */
export function AttributeList({ rows, testId }: { rows: readonly [string, ReactNode][]; testId: string }) {
  return (
    <dl className="model-attributes" data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label} className="model-attributes__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
