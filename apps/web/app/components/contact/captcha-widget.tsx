import type { AltchaWidgetElement } from 'altcha/types/generic';
import type {} from 'altcha/types/react';
import { type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface CaptchaHandle {
  /** The solved token: at once when the widget is done, after solving otherwise; null if it failed. */
  token(): Promise<string | null>;
  /** A token the server refused (used, expired): solve a fresh challenge. */
  reset(): void;
}

const LOAD_TIMEOUT_MS = 20_000;
const SETTLED = new Set(['verified', 'error', 'expired', 'unverified']);

/**
 * The widget element once its methods exist. Svelte builds the widget a microtask after the element is
 * connected, and this component's effect can run before that: React flushes it at once when the render
 * came with a visitor's keystroke, and calling `getState` then threw and showed the error page.
 */
async function built(el: AltchaWidgetElement): Promise<void> {
  for (let tick = 0; tick < 100 && typeof el.getState !== 'function'; tick++) await Promise.resolve();
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * The self-hosted ALTCHA proof of work. The widget's code (bundled, its workers inline) is imported only
 * when a form shows it; it fetches challenges from our own /api/captcha.php and talks to nobody else.
 * Its texts come from our catalogs, registered under the page's language.
 */
export function CaptchaWidget({
  ref,
  error,
  load,
}: {
  ref: Ref<CaptchaHandle>;
  error?: string | null;
  /** False until the form is used, so a page merely showing the form loads nothing. */
  load: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [ready, setReady] = useState(false);
  const widget = useRef<AltchaWidgetElement>(null);
  const mounted = useRef(deferred<AltchaWidgetElement>());
  const payload = useRef<string | null>(null);
  const labelId = useId();
  const errorId = `${labelId}-error`;

  useEffect(() => {
    if (!load) return;
    let live = true;
    import('altcha').then(() => {
      globalThis.$altcha.i18n.set(lang, {
        ...globalThis.$altcha.i18n.get('en'),
        label: t('info.contact.widget.label'),
        verifying: t('info.contact.widget.verifying'),
        verified: t('info.contact.widget.verified'),
        error: t('info.contact.widget.error'),
        expired: t('info.contact.widget.expired'),
        verificationRequired: t('info.contact.widget.required'),
        waitAlert: t('info.contact.widget.wait'),
        loading: t('info.contact.widget.loading'),
        reload: t('info.contact.widget.reload'),
        verify: t('info.contact.widget.verify'),
        cancel: t('info.contact.widget.cancel'),
      });
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [load, lang, t]);

  useEffect(() => {
    const el = widget.current;
    if (!ready || !el) return;
    let live = true;
    const onState = (event: Event) => {
      const { state, payload: solved } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      payload.current = state === 'verified' && solved ? solved : null;
    };
    el.addEventListener('statechange', onState);
    void built(el).then(() => {
      if (!live) return;
      mounted.current.resolve(el);
      // `auto="onfocus"` waits for the form's next focus; a visitor already typing in it when the widget's
      // code arrived would not give one, and the check would wait for the send.
      if (el.closest('form')?.contains(document.activeElement) && el.getState() === 'unverified')
        void el.verify();
    });
    return () => {
      live = false;
      el.removeEventListener('statechange', onState);
    };
  }, [ready]);

  useImperativeHandle(ref, () => ({
    async token() {
      if (payload.current) return payload.current;
      // The widget's code may still be loading; give up rather than leave the form sending forever.
      const el = await Promise.race([
        mounted.current.promise,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), LOAD_TIMEOUT_MS)),
      ]);
      if (!el) return null;
      // Already solving (it starts when the form gets focus): wait for that run instead of restarting it.
      if (el.getState() === 'verifying')
        return new Promise<string | null>((resolve) => {
          const onState = (event: Event) => {
            const { state, payload: solved } = (event as CustomEvent<{ state: string; payload?: string }>)
              .detail;
            if (!SETTLED.has(state)) return;
            el.removeEventListener('statechange', onState);
            resolve(state === 'verified' ? (solved ?? null) : null);
          };
          el.addEventListener('statechange', onState);
        });
      return (await el.verify())?.payload ?? null;
    },
    reset() {
      payload.current = null;
      widget.current?.reset();
    },
  }));

  return (
    <div className={`form-field contact__captcha${error ? ' form-field--error' : ''}`}>
      <span id={labelId} className="form-field__label">
        {t('info.contact.captcha')}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a group around the widget's own checkbox */}
      <div role="group" aria-labelledby={labelId} aria-describedby={error ? errorId : undefined}>
        {ready ? (
          <altcha-widget
            ref={widget}
            challenge="/api/captcha.php"
            name="captcha"
            auto="onfocus"
            language={lang}
            configuration={JSON.stringify({
              hideLogo: true,
              hideFooter: true,
              humanInteractionSignature: false,
            })}
            data-testid="captcha-widget"
          />
        ) : (
          <p className="contact__captcha-loading">{t('info.contact.widget.loading')}</p>
        )}
      </div>
      <small className="contact__hint">{t('info.contact.captcha_hint')}</small>
      {error && (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
