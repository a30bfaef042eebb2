import { abbreviateCount } from '@vt/i18n';
import { useTranslation } from 'react-i18next';
import type { ModelThumb } from '../lib/dto';
import { countryName } from '../lib/intl';
import { GatedImage } from './gated-image';
import { SiteLink } from './site-link';

/** A portrait, or the model's initials when there is none. */
export function ModelPortrait({
  model,
  className,
}: {
  model: Pick<ModelThumb, 'title' | 'scr'>;
  className: string;
}) {
  if (model.scr) {
    return (
      <GatedImage className={className} src={model.scr} alt={model.title} loading="lazy" decoding="async" />
    );
  }
  const initials = model.title
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className={`${className} model-portrait--empty`} aria-hidden="true">
      {initials}
    </span>
  );
}

export function ModelCard({ model }: { model: ModelThumb }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="model-card" data-testid="model-thumb">
      <SiteLink to={model.url} className="model-card__link" intent>
        <div className="model-card__media">
          <ModelPortrait model={model} className="model-card__image" />
        </div>
        <h3 className="model-card__title">{model.title}</h3>
      </SiteLink>
      <p className="model-card__stats">
        <span>{t('models.videos', { count: model.videos })}</span>
        <span>{t('models.views', { value: abbreviateCount(model.viewed) })}</span>
        {model.country && (
          <span className="model-card__country" title={countryName(model.country, i18n.language)}>
            {model.country.toUpperCase()}
          </span>
        )}
      </p>
    </article>
  );
}

export function ModelGrid({ models, label }: { models: readonly ModelThumb[]; label?: string }) {
  return (
    <ul className="model-grid" aria-label={label}>
      {models.map((model) => (
        <li key={model.id}>
          <ModelCard model={model} />
        </li>
      ))}
    </ul>
  );
}
