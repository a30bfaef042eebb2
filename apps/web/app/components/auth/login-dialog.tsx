import { useTranslation } from 'react-i18next';
import { Modal } from '../modal';
import { LoginForm } from './login-form';

/** The login modal's content, a chunk of its own that login-modal.tsx fetches when it opens. */
export function LoginDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('auth.login.title')}
      closeLabel={t('auth.login.close')}
      onClose={onClose}
      testId="login-modal"
    >
      <LoginForm onSuccess={() => window.location.reload()} />
    </Modal>
  );
}
