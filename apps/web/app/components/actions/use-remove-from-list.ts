import { useRevalidator } from 'react-router';
import type { VideoCard } from '../../lib/dto';
import { useMemberAction } from './use-member-action';

/** The remove button of the member's own lists: posts the removal, then reloads the page's data. */
export function useRemoveFromList(fields: (video: VideoCard) => Record<string, string | number>) {
  const { run } = useMemberAction();
  const revalidator = useRevalidator();
  return async (video: VideoCard) => {
    const r = await run('/api/input.php', fields(video));
    if (r?.ok) revalidator.revalidate();
  };
}
