import type { ReactNode } from 'react';

/** Takes the player's place when the video cannot be played (deleted, private, missing file). */
export function VideoStatePanel({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="state-panel" role="status" data-testid="video-state">
      <p className="state-panel__message">{message}</p>
      {children}
    </div>
  );
}
