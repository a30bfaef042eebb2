import type { ReactNode } from 'react';

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="empty-state" data-testid="empty-state">
      {children}
    </p>
  );
}
