import { lazy, type ReactNode, Suspense, useState } from 'react';
import { SiteLink } from '../site-link';
import { CONTACT_HREF } from './contact-href';

// Fetched on the click that opens it: the modal, its form and the ALTCHA widget stay out of first loads.
const ContactModal = lazy(() => import('./contact-modal').then((m) => ({ default: m.ContactModal })));

/**
 * "Contact us": opens the contact modal where it is clicked; a new tab, or a browser without scripts,
 * gets the help page's contact section instead.
 */
export function ContactLink({ children, className }: { children: ReactNode; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <SiteLink
        to={CONTACT_HREF}
        className={className}
        data-testid="contact-link"
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </SiteLink>
      {open && (
        <Suspense fallback={null}>
          <ContactModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
