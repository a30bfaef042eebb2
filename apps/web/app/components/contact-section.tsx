import { useTranslation } from 'react-i18next';
import { ContactForm } from './contact/contact-form';

/** The contact section of the help page: the same form as the contact modal. */
export function ContactSection() {
  const { t } = useTranslation();
  return (
    <section id="contact" className="info-section contact" aria-labelledby="contact-title">
      <h2 id="contact-title" className="info-section__title">
        {t('info.contact.title')}
      </h2>
      <p>{t('info.contact.intro')}</p>
      <ContactForm />
    </section>
  );
}
