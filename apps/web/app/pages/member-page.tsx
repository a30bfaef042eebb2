import { abbreviateCount } from '@vt/i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { FriendButtons } from '../components/actions/friend-button';
import { FriendRequests } from '../components/actions/friend-requests';
import { OwnPlaylists } from '../components/actions/own-playlists';
import { SubscribeButton } from '../components/actions/subscribe-button';
import { useRemoveFromList } from '../components/actions/use-remove-from-list';
import { WallForm } from '../components/actions/wall-form';
import { AlbumGrid } from '../components/album-grid';
import { EmptyState } from '../components/empty-state';
import { GatedImage } from '../components/gated-image';
import { MemberAvatar, MemberGrid } from '../components/member-card';
import { Pagination } from '../components/pagination';
import { PlaylistGrid } from '../components/playlist-grid';
import { SiteLink } from '../components/site-link';
import { AttributeList, StatList } from '../components/stat-lists';
import { ThumbGrid } from '../components/thumb-grid';
import { OwnVideoTools } from '../components/upload/own-video-tools';
import { WallPosts } from '../components/wall-posts';
import type { Listing, MemberProfile, MemberSubscription, OwnAlbumLine, VideoCard } from '../lib/dto';
import { webpOf } from '../lib/image-variants';
import { countryName, formatDate } from '../lib/intl';
import { MEMBER_TABS, type MemberTab, memberHref, memberTabHref } from '../lib/members';
import { useRootData } from '../lib/root-data';
import type { MemberPageData } from './member-page.server';

/** The member's cover (1250×250), in a box of fixed shape so the header below never moves as it loads. */
function MemberCover({ cover }: { cover: string }) {
  const webp = webpOf(cover);
  const img = (
    <GatedImage src={cover} alt="" width={1250} height={250} fetchPriority="high" decoding="async" />
  );
  return (
    <div className="member-cover" data-testid="member-cover">
      {webp ? (
        <picture>
          <source type="image/webp" srcSet={webp} />
          {img}
        </picture>
      ) : (
        img
      )}
    </div>
  );
}

function MemberHeader({ profile, lang }: { profile: MemberProfile; lang: string }) {
  const { t } = useTranslation();
  const stats: [string, string][] = [
    [t('member.stat.videos'), abbreviateCount(profile.videos)],
    [t('member.stat.subscribers'), abbreviateCount(profile.subscribers)],
    [t('member.stat.friends'), abbreviateCount(profile.friends)],
    [t('member.stat.views'), abbreviateCount(profile.views)],
  ];
  const meta = [
    profile.age !== null ? t('community.age_value', { count: profile.age }) : null,
    profile.country ? countryName(profile.country, lang) : null,
    t('member.joined', { date: formatDate(profile.joinedAt, lang) }),
  ].filter(Boolean);
  return (
    <header className="model-header member-header">
      <div className="model-header__portrait">
        <MemberAvatar name={profile.name} avatar={profile.avatar} size={160} />
      </div>
      <div className="model-header__body">
        <h1 className="page-title model-header__name">{profile.name}</h1>
        <p className="member-header__meta">{meta.join(' · ')}</p>
        <StatList stats={stats} testId="member-stats" />
        <div className="member-actions">
          <SubscribeButton section="member" objectId={profile.id} />
          <FriendButtons memberId={profile.id} />
          <OwnLinks memberId={profile.id} />
        </div>
      </div>
    </header>
  );
}

/** "Send message" for other members; "Edit profile" on your own page. */
function OwnLinks({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const { viewer } = useRootData();
  if (viewer.memberId === null) return null;
  if (viewer.memberId === memberId)
    return (
      <SiteLink to="/member_edit/" className="button">
        {t('account.edit_profile')}
      </SiteLink>
    );
  return (
    <SiteLink to={`/messages/${memberId}/`} className="button">
      {t('messages.send_message')}
    </SiteLink>
  );
}

function Lock({ label }: { label: string }) {
  return (
    <svg className="tabs__lock" width="11" height="12" viewBox="0 0 11 12" role="img" aria-label={label}>
      <path
        fill="currentColor"
        d="M2 5V3.5a3.5 3.5 0 0 1 7 0V5h.5a1 1 0 0 1 1 1v5a1 1 0 0 1-1 1h-8a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1.5 0h4V3.5a2 2 0 0 0-4 0z"
      />
    </svg>
  );
}

function MemberTabs({ data }: { data: MemberPageData }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('member.tabs_label')} className="model-tabs">
      <ul className="tabs">
        {(Object.keys(MEMBER_TABS) as MemberTab[]).map((key) => (
          <li key={key}>
            <SiteLink
              to={memberTabHref(data.profile.id, key)}
              className={`tabs__link${key === data.tab ? ' tabs__link--active' : ''}`}
              aria-current={key === data.tab ? 'page' : undefined}
              keepScroll
            >
              {t(`member.tab.${key}`)}
              {data.locked.includes(key) && <Lock label={t('member.private_tab')} />}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Spec §3 profile fields, in order; empty ones are left out. Text is rendered as text, never HTML. */
function Info({ profile, lang }: { profile: MemberProfile; lang: string }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [];
  const add = (key: string, value: ReactNode | null) => {
    if (value !== null && value !== undefined && value !== '')
      rows.push([t(`member.field.${key}` as 'member.field.age'), value]);
  };
  add('gender', profile.gender ? t(`community.gender.${profile.gender}` as 'community.gender.1') : null);
  add('age', profile.age !== null ? t('community.age_value', { count: profile.age }) : null);
  add(
    'relationship',
    profile.relationship
      ? t(`community.relationship.${profile.relationship}` as 'community.relationship.1')
      : null,
  );
  add(
    'orientation',
    profile.orientation
      ? t(`community.orientation.${profile.orientation}` as 'community.orientation.1')
      : null,
  );
  add('country', profile.country ? countryName(profile.country, lang) : null);
  add('city', profile.city);
  add('education', profile.education);
  add('occupation', profile.occupation);
  add('interests', profile.interests);
  add(
    'website',
    profile.website && /^https?:\/\//.test(profile.website) ? (
      <a href={profile.website} rel="nofollow ugc noopener noreferrer" target="_blank">
        {profile.website.replace(/^https?:\/\//, '')}
      </a>
    ) : null,
  );
  add('joined', formatDate(profile.joinedAt, lang));
  add('last_seen', profile.lastSeenAt ? formatDate(profile.lastSeenAt, lang) : null);
  return (
    <section className="model-page__section">
      {profile.about && <p className="model-page__description">{profile.about}</p>}
      <AttributeList rows={rows} testId="member-info" />
    </section>
  );
}

function SubscriptionList({ items }: { items: MemberSubscription[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return <EmptyState>{t('member.empty.subscriptions')}</EmptyState>;
  return (
    <ul className="member-subscriptions" data-testid="member-subscriptions">
      {items.map((s) => {
        const href =
          s.section === 'model'
            ? `/model/${s.dir}/`
            : s.section === 'member'
              ? memberHref(s.id)
              : `/channel/${s.dir}/`;
        const title = s.section === 'member' ? s.name : s.title;
        const image = s.section === 'model' ? s.scr : s.section === 'member' ? s.avatar : null;
        const body = (
          <>
            {image ? (
              <GatedImage src={image} alt="" width={48} height={48} loading="lazy" />
            ) : (
              <MemberAvatar name={title} avatar={null} size={48} />
            )}
            <span>
              <strong>{title}</strong>
              <span className="member-subscriptions__kind">
                {t(`member.subscription_kind.${s.section}`)} · {t('member.videos_count', { count: s.videos })}
              </span>
            </span>
          </>
        );
        return (
          <li key={`${s.section}-${s.id}`} className="member-subscriptions__item">
            <SiteLink to={href} className="member-subscriptions__link">
              {body}
            </SiteLink>
          </li>
        );
      })}
    </ul>
  );
}

/** About text, the latest uploads and, when public, the latest favourites. */
function Overview({
  profile,
  uploads,
  favourites,
}: {
  profile: MemberProfile;
  uploads: Listing<VideoCard>;
  favourites: Listing<VideoCard> | null;
}) {
  const { t } = useTranslation();
  const block = (title: string, listing: Listing<VideoCard>, tab: MemberTab, more: string) => (
    <section className="model-page__section">
      <h2 className="section-title">{title}</h2>
      <ThumbGrid videos={listing.items} label={title} />
      {listing.totalCount > listing.items.length && (
        <p className="model-page__more">
          <SiteLink to={memberTabHref(profile.id, tab)} className="button">
            {more}
          </SiteLink>
        </p>
      )}
    </section>
  );
  const hasFavourites = favourites !== null && favourites.items.length > 0;
  return (
    <>
      {profile.about && <p className="model-page__description">{profile.about}</p>}
      {uploads.items.length > 0 &&
        block(
          t('member.latest_uploads'),
          uploads,
          'uploaded',
          t('member.all_uploads', { name: profile.name }),
        )}
      {hasFavourites &&
        block(
          t('member.tab.favourites'),
          favourites,
          'favourites',
          t('member.all_favourites', { name: profile.name }),
        )}
      {uploads.items.length === 0 && !hasFavourites && <EmptyState>{t('listing.empty.videos')}</EmptyState>}
    </>
  );
}

/** The owner's albums in every state, each with its edit link (pending ones are not in the grid yet). */
function OwnAlbumList({ albums }: { albums: OwnAlbumLine[] }) {
  const { t } = useTranslation();
  return (
    <ul className="own-albums" data-testid="own-albums">
      {albums.map((a) => (
        <li key={a.id} className="own-albums__item">
          <span className="own-albums__title">{a.title}</span>
          <span className="own-albums__meta">
            {t('albums.photos', { count: a.photosAmount })}
            {a.status === 'pending' && ` · ${t('album.pending')}`}
          </span>
          <SiteLink to={`/album_edit/${a.id}/`} className="button">
            {t('album.edit')}
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}

function TabContent({ data, lang }: { data: MemberPageData; lang: string }) {
  const { t } = useTranslation();
  const signedIn = useRootData().viewer.memberId !== null;
  const removeFromList = useRemoveFromList((video) => ({
    act: data.tab === 'favourites' ? 'favourite_del' : 'watch_later_del',
    video_id: video.id,
  }));
  const revalidator = useRevalidator();
  const { profile, tab, page, content } = data;
  const href = (n: number) => memberTabHref(profile.id, tab, n);
  // The owner's uploads tab: Edit and Delete under each video (signed-in pages are never shared-cached).
  const ownTools =
    data.isOwner && tab === 'uploaded'
      ? (video: VideoCard) => (
          <OwnVideoTools
            video={video}
            onDeleted={() => void revalidator.revalidate()}
            onSaved={() => void revalidator.revalidate()}
          />
        )
      : undefined;
  const headline =
    tab === 'overview' ? t('member.latest_uploads') : t(`member.headline.${tab}`, { name: profile.name });
  const paged = (pages: number, grid: ReactNode) => (
    <>
      {grid}
      <Pagination page={page} pages={pages} href={href} />
    </>
  );
  switch (content.kind) {
    case 'private':
      return <EmptyState>{t('listing.empty.no_permission')}</EmptyState>;
    case 'none':
      return <Info profile={profile} lang={lang} />;
    case 'overview':
      return <Overview profile={profile} uploads={content.uploads} favourites={content.favourites} />;
    case 'wall':
      return (
        <>
          {signedIn && <WallForm section="member" objectId={profile.id} />}
          <WallPosts wall={content.listing} page={page} href={href} lang={lang} />
        </>
      );
    case 'subscriptions':
      return <SubscriptionList items={content.items} />;
    case 'videos':
      if (content.listing.items.length === 0)
        return (
          <EmptyState>
            {t(tab === 'history' ? 'listing.empty.list_empty' : 'listing.empty.videos')}
          </EmptyState>
        );
      return paged(
        content.listing.pages,
        <ThumbGrid
          videos={content.listing.items}
          label={headline}
          onRemove={
            data.isOwner && (tab === 'favourites' || tab === 'watch_later') ? removeFromList : undefined
          }
          tools={ownTools}
        />,
      );
    case 'albums':
      return (
        <>
          {content.own && content.own.length > 0 && <OwnAlbumList albums={content.own} />}
          {content.listing.items.length === 0
            ? !content.own?.length && <EmptyState>{t('listing.empty.albums')}</EmptyState>
            : paged(content.listing.pages, <AlbumGrid albums={content.listing.items} label={headline} />)}
        </>
      );
    case 'playlists':
      if (data.isOwner)
        return paged(
          content.listing.pages,
          <>
            <OwnPlaylists playlists={content.listing.items} label={headline} />
            {content.listing.items.length === 0 && <EmptyState>{t('listing.empty.playlists')}</EmptyState>}
          </>,
        );
      if (content.listing.items.length === 0) return <EmptyState>{t('listing.empty.playlists')}</EmptyState>;
      return paged(
        content.listing.pages,
        <PlaylistGrid playlists={content.listing.items} label={headline} />,
      );
    case 'friends':
      return (
        <>
          {data.isOwner && <FriendRequests />}
          {content.listing.items.length === 0 ? (
            <EmptyState>{t('member.empty.friends')}</EmptyState>
          ) : (
            paged(
              content.listing.pages,
              <MemberGrid members={content.listing.items} label={headline} lang={lang} />,
            )
          )}
        </>
      );
  }
}

export function MemberPage({ data, lang }: { data: MemberPageData; lang: string }) {
  const { t } = useTranslation();
  return (
    <article className="model-page member-page" data-testid="member-page">
      {data.profile.cover && <MemberCover cover={data.profile.cover} />}
      <MemberHeader profile={data.profile} lang={lang} />
      <MemberTabs data={data} />
      <section className="model-page__section" aria-label={t(`member.tab.${data.tab}`)}>
        {data.tab !== 'overview' && data.tab !== 'info' && (
          <h2 className="section-title">{t(`member.headline.${data.tab}`, { name: data.profile.name })}</h2>
        )}
        <TabContent data={data} lang={lang} />
      </section>
    </article>
  );
}
