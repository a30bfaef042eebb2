import { type ChangeEvent, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../lib/intl';

interface CountrySelectProps {
  countries: readonly string[];
  value: string;
  lang: string;
  disabled?: boolean;
  onChange: (code: string) => void;
}

export function CountrySelect({ countries, value, lang, disabled, onChange }: CountrySelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const options = useMemo(() => {
    const codes = countries.includes(value) ? countries : [value, ...countries];
    return codes
      .map((code) => ({ code, name: countryName(code, lang) }))
      .sort((a, b) => a.name.localeCompare(b.name, lang));
  }, [countries, value, lang]);

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
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
