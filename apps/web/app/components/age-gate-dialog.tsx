import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAgeGate } from '../lib/age-gate';
import { getI18n, loadStrings } from '../lib/i18n';
import { AGE_GATE_EXIT_URL, AGE_GATE_FAILED_HASH, GATE_LANG_NAMES } from '../lib/site-constants';

/**
 * The age verification modal (spec §4): no close button, and neither a click outside, Esc nor a route
 * change closes it. The server renders it open, so it covers the page before any script runs; once
 * hydrated it becomes a real modal (focus stays inside, the page behind is inert).
 */
export function AgeGateDialog({ embedded }: { embedded: boolean }) {
  const gate = useAgeGate();
  const [lang, setLang] = useState(gate.lang);
  const [state, setState] = useState<'idle' | 'sending' | 'error' | 'failed'>('idle');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { pathname, search } = useLocation();
  const { t } = getI18n(lang);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.matches(':modal')) {
      dialog.close();
      dialog.showModal();
    }
    // Focus starts on the gate's one action rather than the first language button.
    dialog.querySelector<HTMLElement>('[data-age-gate-enter]')?.focus();
    if (window.location.hash === AGE_GATE_FAILED_HASH) {
      setState('failed');
      window.history.replaceState(
        window.history.state,
        '',
        window.location.pathname + window.location.search,
      );
    }
  }, []);

  const accept = async () => {
    setState('sending');
    const res = await fetch('/api/age/accept', { method: 'POST', credentials: 'same-origin' }).catch(
      () => null,
    );
    if (res?.ok) gate.pass();
    else setState('error');
  };

  const startHref = `/api/age/start?return=${encodeURIComponent(pathname + search)}`;

  return (
    <div className="age-gate" data-testid="age-gate-backdrop">
      <dialog
        ref={ref}
        open
        className="age-gate__dialog"
        lang={lang}
        aria-labelledby={titleId}
        data-testid="age-gate"
        // Chrome's own answer to Esc (and a close request it no longer lets us cancel) is refused here.
        {...{ closedby: 'none' }}
        onCancel={(event) => event.preventDefault()}
        onClose={() => {
          const dialog = ref.current;
          if (dialog && !dialog.open) dialog.showModal();
        }}
      >
        <nav className="age-gate__langs" aria-label={t('age_gate.language')}>
          {Object.entries(GATE_LANG_NAMES).map(([code, name]) => (
            <button
              key={code}
              type="button"
              lang={code}
              className="age-gate__lang"
              aria-pressed={code === lang}
              // The page carries its own language's strings only: another one is fetched on the click.
              onClick={() =>
                loadStrings(code as typeof lang, ['core']).then(
                  () => setLang(code as typeof lang),
                  () => undefined,
                )
              }
            >
              {name}
            </button>
          ))}
        </nav>
        <h2 id={titleId} className="age-gate__title">
          {t('age_gate.title')}
        </h2>
        <p>{t('age_gate.text')}</p>
        <p>{t(gate.method === 'redirect' ? 'age_gate.redirect_text' : 'age_gate.confirm_text')}</p>
        {state === 'failed' && (
          <p className="age-gate__error" role="alert">
            {t('age_gate.failed')}
          </p>
        )}
        {state === 'error' && (
          <p className="age-gate__error" role="alert">
            {t('age_gate.error')}
          </p>
        )}
        <div className="age-gate__actions">
          {gate.method === 'redirect' ? (
            <a
              className="button button--primary age-gate__enter"
              href={startHref}
              data-age-gate-enter
              target={embedded ? '_blank' : undefined}
              rel={embedded ? 'noopener' : undefined}
            >
              {t('age_gate.verify')}
            </a>
          ) : (
            <button
              type="button"
              className="button button--primary age-gate__enter"
              disabled={state === 'sending'}
              data-age-gate-enter
              onClick={accept}
            >
              {t('age_gate.enter')}
            </button>
          )}
          <a className="button age-gate__leave" href={AGE_GATE_EXIT_URL} rel="noreferrer">
            {t('age_gate.leave')}
          </a>
        </div>
        <p className="age-gate__small">
          {t('age_gate.parents')}{' '}
          <Link to="/information/terms/" target={embedded ? '_blank' : undefined}>
            {t('footer.terms')}
          </Link>
          {' · '}
          <Link to="/information/privacy/" target={embedded ? '_blank' : undefined}>
            {t('footer.privacy')}
          </Link>
        </p>
      </dialog>
    </div>
  );
}
