import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamedCountry } from '../lib/intl';

interface CountrySelectProps {
  /** Named and ordered by the loader, the selected country among them. */
  countries: readonly NamedCountry[];
  value: string;
  disabled?: boolean;
  onChange: (code: string) => void;
}

export function CountrySelect({ countries, value, disabled, onChange }: CountrySelectProps) {
  const { t } = useTranslation();
  const id = useId();

  return (
    <div className="country-select">
      <label htmlFor={id} className="visually-hidden">
        {t('country.select')}
      </label>
      <select
        id={id}
        className="select"
        value={value}
        disabled={disabled}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
      >
        {countries.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
