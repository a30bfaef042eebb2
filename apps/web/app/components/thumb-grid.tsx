import type { VideoThumb } from '../lib/dto';
import { Thumb } from './thumb';

export function ThumbGrid({ videos, label }: { videos: readonly VideoThumb[]; label?: string }) {
  return (
    <ul className="thumb-grid" aria-label={label}>
      {videos.map((video) => (
        <li key={video.id}>
          <Thumb video={video} />
        </li>
      ))}
    </ul>
  );
}
