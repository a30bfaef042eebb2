import type { Listing } from '../shared/dto';
import type { VideoThumb } from './video.dto';

/**
 * A video as a page's thumb shows it (apps/web/app/components/thumb.tsx), with its id for keys and list
 * actions. Pages and their client fetches get this, never the whole VideoThumb the legacy JSON prints: a page's
 * hydration data must not carry what the page does not show (issue 18), and 60 thumbs of post dates, votes,
 * folder names and screenshot URLs were a quarter of a listing's.
 */
export type VideoCard = Pick<
  VideoThumb,
  'id' | 'title' | 'url' | 'durationSec' | 'rating' | 'views' | 'isHd' | 'thumb' | 'thumb2x' | 'preview'
>;

export const toCard = (v: VideoThumb): VideoCard => ({
  id: v.id,
  title: v.title,
  url: v.url,
  durationSec: v.durationSec,
  rating: v.rating,
  views: v.views,
  isHd: v.isHd,
  thumb: v.thumb,
  thumb2x: v.thumb2x,
  preview: v.preview,
});

export const toCards = (items: readonly VideoThumb[]): VideoCard[] => items.map(toCard);

export const cardListing = (l: Listing<VideoThumb>): Listing<VideoCard> => ({
  ...l,
  items: toCards(l.items),
});
