import { useTranslation } from 'react-i18next';
import type { MemberThumb } from '../lib/dto';
import { countryName } from '../lib/intl';
import { memberHref } from '../lib/members';
import { GatedImage } from './gated-image';
import { SiteLink } from './site-link';

/** The member's photo, or their initial on a plain disc. */
export function MemberAvatar({ name, avatar, size }: { name: string; avatar: string | null; size: number }) {
  return (
    <span className="member-card__avatar" style={{ width: size, height: size }} aria-hidden>
      {avatar ? (
        <GatedImage src={avatar} alt="" width={size} height={size} />
      ) : (
        name.slice(0, 1).toUpperCase()
      )}
    </span>
  );
}

export function MemberCard({ member, lang }: { member: MemberThumb; lang: string }) {
  const { t } = useTranslation();
  return (
    <li className="member-card" data-testid="member-card">
      <SiteLink to={memberHref(member.id)} className="member-card__link" intent>
        <MemberAvatar name={member.name} avatar={member.avatar} size={64} />
        <span className="member-card__name">{member.name}</span>
        <span className="member-card__meta">
          {[
            member.age !== null ? t('community.age_value', { count: member.age }) : null,
            member.country ? countryName(member.country, lang) : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </SiteLink>
    </li>
  );
}

export function MemberGrid({
  members,
  label,
  lang,
}: {
  members: readonly MemberThumb[];
  label: string;
  lang: string;
}) {
  return (
    <ul className="member-grid" aria-label={label}>
      {members.map((m) => (
        <MemberCard key={m.id} member={m} lang={lang} />
      ))}
    </ul>
  );
}
