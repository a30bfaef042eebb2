import type { ReactNode } from 'react';

/** The narrow centred card the account entry pages share. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  );
}
