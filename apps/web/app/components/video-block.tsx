import type { ReactNode } from 'react';

interface VideoBlockProps {
  title: string;
  /** Controls next to the headline, e.g. the country selector. */
  aside?: ReactNode;
  children: ReactNode;
  headingId: string;
}

/** A titled section of thumbs on the home page. */
export function VideoBlock({ title, aside, children, headingId }: VideoBlockProps) {
  return (
    <section className="video-block" data-testid="home-block" aria-labelledby={headingId}>
      <div className="video-block__head">
        <h2 id={headingId} className="video-block__title">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
