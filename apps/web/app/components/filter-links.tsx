import { Link } from 'react-router';
import { STOP_SCROLL } from './stop-scroll';

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
            <Link
              to={href(option)}
              className={`chip${option === current ? ' chip--active' : ''}`}
              aria-current={option === current ? 'true' : undefined}
              rel="nofollow"
              // A refinement of the same listing: the page stays where it is (spec §2 stopScroll).
              state={STOP_SCROLL}
            >
              {text(option)}
            </Link>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
