import { useRevalidator } from 'react-router';
import type { VideoThumb } from '../../lib/dto';
import { useMemberAction } from './use-member-action';

/** The remove button of the member's own lists: posts the removal, then reloads the page's data. */
export function useRemoveFromList(fields: (video: VideoThumb) => Record<string, string | number>) {
  const { run } = useMemberAction();
  const revalidator = useRevalidator();
  return async (video: VideoThumb) => {
    const r = await run('/api/input.php', fields(video));
    if (r?.ok) revalidator.revalidate();
  };
}
