import type { LiteI18n } from '@vt/i18n/client';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * What both builds get for `react-i18next` (aliased in vite.config.ts): the two members the app uses, over
 * the LiteI18n instance of lib/i18n.ts.
 */
const I18nContext = createContext<LiteI18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: LiteI18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useTranslation() {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nextProvider');
  return { t: i18n.t, i18n, ready: true };
}
