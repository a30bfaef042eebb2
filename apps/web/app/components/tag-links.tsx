import type { NamedLink } from '../lib/dto';
import { SiteLink } from './site-link';

interface TagLinksProps {
  label: string;
  items: readonly NamedLink[];
  href: (dir: string) => string;
  variant?: 'model' | 'category';
}

export function TagLinks({ label, items, href, variant = 'category' }: TagLinksProps) {
  if (items.length === 0) return null;
  return (
    <div className="tag-links">
      <span className="tag-links__label">{label}</span>
      <ul className="chips">
        {items.map((item) => (
          <li key={item.dir}>
            <SiteLink to={href(item.dir)} className={`chip chip--${variant}`}>
              {item.title}
            </SiteLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
