import { useRevalidator } from 'react-router';
import { VersionsAction } from './versions-action';

/**
 * A moderator's tools on a published video's page (loaded as its own chunk, after hydration, for staff
 * only; the staff strings come with it): Versions (ADR 0035).
 */
export function StaffVideoTools({ videoId }: { videoId: number }) {
  const revalidator = useRevalidator();
  return (
    <div className="staff-tools" data-testid="staff-video-tools">
      <VersionsAction
        videoId={videoId}
        defaultRole="canonical"
        onChanged={() => void revalidator.revalidate()}
      />
    </div>
  );
}
