import { useTranslation } from 'react-i18next';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS } from '../lib/info-pages';

/**
 * The contact section of the help page. Sending (POST /api/report.php with a captcha) arrives with a
 * later issue, so the form is shown disabled with a note saying so, rather than pretending to send.
 */
export function ContactSection() {
  const { t } = useTranslation();
  return (
    <section id="contact" className="info-section contact" aria-labelledby="contact-title">
      <h2 id="contact-title" className="info-section__title">
        {t('info.contact.title')}
      </h2>
      <p>{t('info.contact.intro')}</p>
      <p className="contact__note" role="note" data-testid="contact-unavailable">
        {t('info.contact.unavailable')}
      </p>
      <form className="contact__form" aria-labelledby="contact-title" onSubmit={(e) => e.preventDefault()}>
        <fieldset disabled className="contact__fields">
          <label className="contact__field">
            <span>{t('info.contact.email')}</span>
            <input type="email" name="email" placeholder={t('info.contact.email_placeholder')} />
          </label>
          <label className="contact__field">
            <span>{t('info.contact.subject')}</span>
            <select name="subject" defaultValue="copyright">
              {CONTACT_SUBJECTS.map((subject) => (
                <option key={subject} value={subject}>
                  {t(`info.contact.subjects.${subject}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="contact__field">
            <span>{t('info.contact.message')}</span>
            <textarea name="message" rows={5} maxLength={CONTACT_MESSAGE_MAX} />
            <small>{t('info.contact.message_hint', { length: CONTACT_MESSAGE_MAX })}</small>
          </label>
          <label className="contact__field">
            <span>{t('info.contact.file')}</span>
            <input type="file" name="file" accept="image/*" />
          </label>
          <button type="submit" className="button">
            {t('info.contact.send')}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
