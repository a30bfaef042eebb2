import type { ReactNode } from 'react';

// Decorative: every control that shows an icon carries its own aria-label.
export function Icon({ children }: { children: ReactNode }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round' } as const;

export const PlayIcon = () => (
  <Icon>
    <path
      fill="currentColor"
      d="M8 5.5v13a1 1 0 0 0 1.5.86l10.4-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z"
    />
  </Icon>
);

export const PauseIcon = () => (
  <Icon>
    <path fill="currentColor" d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" />
  </Icon>
);

export const VolumeIcon = () => (
  <Icon>
    <path fill="currentColor" d="M4 9h4l5-4v14l-5-4H4z" />
    <path {...stroke} d="M16 9a4 4 0 0 1 0 6M18.5 6.5a7.5 7.5 0 0 1 0 11" />
  </Icon>
);

export const MutedIcon = () => (
  <Icon>
    <path fill="currentColor" d="M4 9h4l5-4v14l-5-4H4z" />
    <path {...stroke} d="m16 9 5 6m0-6-5 6" />
  </Icon>
);

export const FullscreenIcon = () => (
  <Icon>
    <path {...stroke} d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </Icon>
);

export const ExitFullscreenIcon = () => (
  <Icon>
    <path {...stroke} d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
  </Icon>
);
