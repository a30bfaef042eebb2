import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { AppLoadContext } from 'react-router';

export type AgeGateInfo = AppLoadContext['ageGate'];

interface AgeGateValue extends AgeGateInfo {
  /** Images and videos may load: no gate for this visitor, or they passed it. */
  mediaAllowed: boolean;
  /** The visitor passed the gate on this page (the server has set the cookie). */
  pass(): void;
}

const AgeGateContext = createContext<AgeGateValue>({
  shown: false,
  lang: 'en',
  method: 'modal',
  mediaAllowed: true,
  pass() {},
});

/**
 * The one switch every image and video on the site listens to (ADR 0008): while the age gate is shown,
 * neither the server render nor the browser puts a media URL into an element, so nothing loads behind it.
 */
export function AgeGateProvider({ gate, children }: { gate: AgeGateInfo; children: ReactNode }) {
  const [passed, setPassed] = useState(false);
  const pass = useCallback(() => setPassed(true), []);
  const shown = gate.shown && !passed;
  const value = useMemo(() => ({ ...gate, shown, mediaAllowed: !shown, pass }), [gate, shown, pass]);
  return <AgeGateContext.Provider value={value}>{children}</AgeGateContext.Provider>;
}

export const useAgeGate = () => useContext(AgeGateContext);
export const useMediaAllowed = () => useContext(AgeGateContext).mediaAllowed;
