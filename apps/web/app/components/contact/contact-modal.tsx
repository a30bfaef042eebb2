import { useTranslation } from 'react-i18next';
import type { ContactSubject } from '../../lib/info-pages';
import { Modal } from '../modal';
import { ContactForm, type ContactTarget } from './contact-form';

/** The "contact us" modal (spec §4); opened from a video it is that video's report form. */
export function ContactModal({
  onClose,
  target = null,
  defaultSubject,
}: {
  onClose: () => void;
  target?: ContactTarget | null;
  defaultSubject?: ContactSubject;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      title={target ? t('info.contact.report_title') : t('info.contact.title')}
      closeLabel={t('info.contact.close')}
      onClose={onClose}
      testId="contact-modal"
    >
      <ContactForm target={target} defaultSubject={defaultSubject} onDone={onClose} eager />
    </Modal>
  );
}
