import { useTranslation } from 'react-i18next';
import { FOOTER_AD, LISTING_AD, UNDER_PLAYER_AD } from '../lib/network';
import { useRootData } from '../lib/root-data';
import { AdFrame } from './ad-frame';

/** The 728×128 zone under the player (NETWORK_CONFIG `ads.underPlayer`). */
export function UnderPlayerAd() {
  const src = useRootData().network.ads.underPlayer;
  if (!src) return null;
  return (
    <div className="ad-zone ad-zone--under-player">
      <AdFrame src={src} {...UNDER_PLAYER_AD} testId="ad-under-player" />
    </div>
  );
}

/** Four 300×250 banners above the footer; the stylesheet keeps two up to 767 px. */
export function FooterBanners() {
  const { t } = useTranslation();
  const banners = useRootData().network.ads.footer.slice(0, FOOTER_AD.count);
  if (banners.length === 0) return null;
  return (
    <aside className="ad-zone ad-zone--footer" aria-label={t('ads.label')} data-testid="footer-banners">
      <ul className="ad-zone__list">
        {banners.map((src, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the banners are a fixed, ordered list
          <li key={i} className="ad-zone__item">
            <AdFrame src={src} width={FOOTER_AD.width} height={FOOTER_AD.height} testId="footer-banner" />
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** A listing slot: one 300×250 ad in a thumb's place (inside the page's main landmark, so no landmark). */
export function ListingAd({ src }: { src: string }) {
  return (
    <div className="ad-zone ad-zone--listing">
      <AdFrame src={src} {...LISTING_AD} testId="listing-ad" />
    </div>
  );
}
