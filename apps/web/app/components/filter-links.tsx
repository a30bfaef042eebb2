import { SiteLink } from './site-link';

interface FilterLinksProps<T> {
  label: string;
  options: readonly T[];
  current: T;
  href: (value: T) => string;
  text: (value: T) => string;
}

/** One filter as a row of crawlable links; the active one is marked for assistive tech. */
export function FilterLinks<T extends string | number | boolean>({
  label,
  options,
  current,
  href,
  text,
}: FilterLinksProps<T>) {
  return (
    <fieldset className="filter">
      <legend className="filter__label">{label}</legend>
      <ul className="chips">
        {options.map((option) => (
          <li key={String(option)}>
            <SiteLink
              to={href(option)}
              className={`chip${option === current ? ' chip--active' : ''}`}
              aria-current={option === current ? 'true' : undefined}
              rel="nofollow"
              // A refinement of the same listing: the page stays where it is (spec §2 stopScroll).
              keepScroll
            >
              {text(option)}
            </SiteLink>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
