import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type FieldError } from '../../lib/form-errors';
import {
  CONTACT_FILE_MAX_BYTES,
  CONTACT_FILE_MAX_LABEL,
  CONTACT_FILE_TYPES,
  CONTACT_MESSAGE_MAX,
  CONTACT_SUBJECTS,
  type ContactSubject,
} from '../../lib/info-pages';
import type { PostResult } from '../../lib/legacy-post';
import { uploadForm } from '../../lib/upload-form';
import { FormError } from '../auth/form-error';
import { FormField } from '../auth/form-field';
import { type CaptchaHandle, CaptchaWidget } from './captcha-widget';
import { checkLegalFields, LEGAL_FIELDS, RemovalRequestFields } from './removal-request-fields';

const FIELDS = ['subject', 'email', 'message', 'file', 'captcha', ...LEGAL_FIELDS] as const;
type Field = (typeof FIELDS)[number];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What report.php answers on failure: the first problem plus every invalid field. */
type ReportResult = PostResult & { errors?: Record<string, FieldError> };

export interface ContactTarget {
  videoId: number;
  title: string;
}

/** Counted as the server counts: code points, line breaks as one. */
const length = (text: string) => [...text.trim()].length;

function checkLocally(data: FormData): Partial<Record<Field, FieldError>> {
  const out: Partial<Record<Field, FieldError>> = {};
  const email = String(data.get('email') ?? '').trim();
  const message = String(data.get('message') ?? '');
  const file = data.get('file');
  if (!email) out.email = { code: 'required' };
  else if (!EMAIL.test(email)) out.email = { code: 'invalid_email' };
  if (!message.trim()) out.message = { code: 'required' };
  else if (length(message) > CONTACT_MESSAGE_MAX)
    out.message = { code: 'too_long', info: { length: CONTACT_MESSAGE_MAX } };
  if (file instanceof File && file.size > 0) {
    if (!(CONTACT_FILE_TYPES as readonly string[]).includes(file.type)) out.file = { code: 'bad_file_type' };
    else if (file.size > CONTACT_FILE_MAX_BYTES)
      out.file = { code: 'file_too_large', info: { max: CONTACT_FILE_MAX_LABEL } };
  }
  return out;
}

/**
 * The contact form (spec §5): subject, email, message of at most 1500 characters, an optional image and
 * the ALTCHA token, sent to POST /api/report.php. Opened from a video it reports that video, and the
 * person it shows can ask for its removal. A submitting flag blocks a double submit.
 */
export function ContactForm({
  target = null,
  defaultSubject = 'copyright',
  onDone,
  eager = false,
}: {
  target?: ContactTarget | null;
  defaultSubject?: ContactSubject;
  /** Shown as a close button after sending (the modal); without it, "send another". */
  onDone?: () => void;
  /** Load the captcha at once (an opened modal) rather than when the form is first used (the help page). */
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<'idle' | 'submitting' | 'sent'>('idle');
  // The state re-renders too late to stop a second click in the same frame; the ref does not.
  const submitting = useRef(false);
  const [fields, setFields] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [used, setUsed] = useState(0);
  const captcha = useRef<CaptchaHandle>(null);
  const [captchaWanted, setCaptchaWanted] = useState(eager);
  // A depicted person's request or a non-consensual imagery report asks for the Act's fields (ADR 0037).
  const [subject, setSubject] = useState<string>(defaultSubject);
  const [depicted, setDepicted] = useState(false);
  const legal = depicted || subject === 'ncii';

  const show = (errors: Partial<Record<string, FieldError>>) => {
    const out: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) {
      const error = errors[field];
      if (error) out[field] = errorText(t, error);
    }
    setFields(out);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    setFormError(null);
    const local = { ...checkLocally(data), ...(legal ? checkLegalFields(data, target !== null) : {}) };
    show(local);
    if (Object.keys(local).length > 0) return;

    submitting.current = true;
    setState('submitting');
    setCaptchaWanted(true);
    try {
      const token = await captcha.current?.token();
      if (!token) {
        show({ captcha: { code: 'captcha_required' } });
        return;
      }
      data.set('captcha', token);
      data.set('referrer', window.location.href);
      if (target) data.set('video_id', String(target.videoId));
      const file = data.get('file');
      if (!(file instanceof File) || file.size === 0) data.delete('file');
      const result = (await uploadForm('/api/report.php', data, () => {})) as ReportResult;
      if (result.ok) {
        form.reset();
        setUsed(0);
        setDepicted(false);
        setSubject(defaultSubject);
        setState('sent');
        return;
      }
      const byField = result.errors ?? (result.field ? { [result.field]: result } : {});
      if (Object.keys(byField).some((f) => (FIELDS as readonly string[]).includes(f))) show(byField);
      else setFormError(errorText(t, result));
      // A refused token is spent or stale: the next attempt needs a fresh one.
      if (byField.captcha) captcha.current?.reset();
    } finally {
      submitting.current = false;
      setState((s) => (s === 'submitting' ? 'idle' : s));
    }
  };

  if (state === 'sent')
    return (
      <div className="contact__sent" role="status" data-testid="contact-sent">
        <p className="contact__sent-title">{t('info.contact.sent_title')}</p>
        <p>{t('info.contact.sent')}</p>
        {onDone ? (
          <button type="button" className="button" onClick={onDone}>
            {t('info.contact.close')}
          </button>
        ) : (
          <button type="button" className="button" onClick={() => setState('idle')}>
            {t('info.contact.send_another')}
          </button>
        )}
      </div>
    );

  const busy = state === 'submitting';
  return (
    <form
      className="contact__form"
      onSubmit={submit}
      onFocus={() => setCaptchaWanted(true)}
      noValidate
      data-testid="contact-form"
      aria-busy={busy}
    >
      {target && (
        <p className="contact__target" data-testid="contact-target">
          {t('info.contact.about_video', { title: target.title })}
        </p>
      )}
      <div className={`form-field${fields.subject ? ' form-field--error' : ''}`}>
        <label htmlFor={`${id}-subject`} className="form-field__label">
          {t('info.contact.subject')}
        </label>
        <select
          id={`${id}-subject`}
          name="subject"
          className="input form-field__input"
          defaultValue={defaultSubject}
          onChange={(e) => setSubject(e.currentTarget.value)}
          aria-invalid={fields.subject ? true : undefined}
        >
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {t(`info.contact.subjects.${subject}`)}
            </option>
          ))}
        </select>
        {fields.subject && (
          <p className="form-field__error" role="alert">
            {fields.subject}
          </p>
        )}
      </div>
      {target && (
        <label className="contact__check">
          <input
            type="checkbox"
            name="depicted"
            value="1"
            onChange={(e) => setDepicted(e.currentTarget.checked)}
            data-testid="contact-depicted"
          />
          <span>
            {t('info.contact.depicted')}
            <small className="contact__hint">{t('info.contact.depicted_hint')}</small>
          </span>
        </label>
      )}
      {legal && <RemovalRequestFields hasTarget={target !== null} errors={fields} />}
      <FormField
        label={t('info.contact.email')}
        name="email"
        type="email"
        autoComplete="email"
        maxLength={254}
        placeholder={t('info.contact.email_placeholder')}
        error={fields.email}
      />
      <div className={`form-field${fields.message ? ' form-field--error' : ''}`}>
        <label htmlFor={`${id}-message`} className="form-field__label">
          {t('info.contact.message')}
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          className="input form-field__input contact__message"
          aria-invalid={fields.message ? true : undefined}
          aria-describedby={`${id}-count`}
          onChange={(e) => setUsed(length(e.currentTarget.value))}
        />
        <small
          id={`${id}-count`}
          className={`contact__hint contact__count${used > CONTACT_MESSAGE_MAX ? ' contact__count--over' : ''}`}
        >
          {t('info.contact.message_count', { used, max: CONTACT_MESSAGE_MAX })}
        </small>
        {fields.message && (
          <p className="form-field__error" role="alert">
            {fields.message}
          </p>
        )}
      </div>
      <div className={`form-field${fields.file ? ' form-field--error' : ''}`}>
        <label htmlFor={`${id}-file`} className="form-field__label">
          {t('info.contact.file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          name="file"
          accept={CONTACT_FILE_TYPES.join(',')}
          className="contact__file"
          aria-invalid={fields.file ? true : undefined}
          aria-describedby={`${id}-file-hint`}
        />
        <small id={`${id}-file-hint`} className="contact__hint">
          {t('info.contact.file_hint', { max: CONTACT_FILE_MAX_LABEL })}
        </small>
        {fields.file && (
          <p className="form-field__error" role="alert">
            {fields.file}
          </p>
        )}
      </div>
      <CaptchaWidget ref={captcha} error={fields.captcha} load={captchaWanted} />
      <FormError text={formError} testId="contact-error" />
      <button type="submit" className="button button--primary contact__send" disabled={busy}>
        {busy ? t('info.contact.sending') : t('info.contact.send')}
      </button>
    </form>
  );
}
