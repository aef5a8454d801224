import type { BookableService, BookingOffer } from '@lodestar/contract';
import { formatDuration, formatPrice, type PriceFields } from '../../shared/booking/format.ts';
import { isItemPicked, isServicePicked, toggleItem, toggleService, type Selection } from '../../shared/booking/selection.ts';
import { useWords } from '../book-format.ts';
import type { Translate } from '../book-i18n.ts';
import { StepCard } from './step-card.tsx';

/** Step 1: services by category, and each picked service's add-on groups. */
export function ServicesStep(props: { t: Translate; offer: BookingOffer; selection: Selection; onChange: (next: Selection) => void }) {
  return (
    <StepCard id="book-step-services" number={1} title={props.t('steps.services')}>
      <ServiceList {...props} />
    </StepCard>
  );
}

function Meta({ t, item }: { t: Translate; item: PriceFields & { hour: number; minute: number } }) {
  const words = useWords(t);
  const duration = formatDuration(item.hour * 60 + item.minute, words.duration);
  return (
    <span className="book-option__meta">
      {duration ? <span>{duration}</span> : null}
      <span className="book-option__price">{formatPrice(item, words.price)}</span>
    </span>
  );
}

function ServiceList({ t, offer, selection, onChange }: { t: Translate; offer: BookingOffer; selection: Selection; onChange: (next: Selection) => void }) {
  const groups = [
    ...offer.categories.map((category) => ({ id: category.id, title: category.title, services: offer.services.filter((s) => s.categoryId === category.id) })),
    { id: 'none', title: t('services.uncategorized'), services: offer.services.filter((s) => !s.categoryId || !offer.categories.some((c) => c.id === s.categoryId)) },
  ].filter((group) => group.services.length > 0);
  if (offer.services.length === 0) return <p className="book-muted">{t('services.empty')}</p>;
  const single = groups.length === 1;
  return (
    <div className="book-services">
      {groups.map((group) => (
        <fieldset key={group.id} className="book-fieldset">
          <legend className={single ? 'book-sr-only' : 'book-legend'}>{group.title}</legend>
          {group.services.map((service) => (
            <ServiceOption key={service.id} t={t} service={service} selection={selection} onChange={onChange} />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function ServiceOption({ t, service, selection, onChange }: { t: Translate; service: BookableService; selection: Selection; onChange: (next: Selection) => void }) {
  const picked = isServicePicked(selection, service.id);
  return (
    <div className={`book-service${picked ? ' book-service--picked' : ''}`}>
      <label className="book-option">
        <input type="checkbox" checked={picked} onChange={() => onChange(toggleService(selection, service.id))} />
        <span className="book-option__title">{service.title}</span>
        <Meta t={t} item={service} />
      </label>
      {picked && service.groups.length > 0 ? (
        <div className="book-addons" role="group" aria-label={t('services.addOns', { service: service.title })}>
          {service.groups.map((group) => (
            <fieldset key={group.id} className="book-fieldset book-addon-group">
              <legend className="book-addon-group__title">
                {group.title}
                <span className="book-badge">{group.selectionType === 'single' ? t('services.single') : t('services.multiple')}</span>
                {group.isRequired ? <span className="book-badge book-badge--required">{t('services.required')}</span> : null}
              </legend>
              {group.description ? <p className="book-muted book-addon-group__description">{group.description}</p> : null}
              {group.items.map((item) => (
                <label key={item.id} className="book-option book-option--addon">
                  <input
                    type="checkbox"
                    checked={isItemPicked(selection, service.id, group.id, item.id)}
                    onChange={() => onChange(toggleItem(selection, service.id, group.id, item.id, group.selectionType))}
                  />
                  <span className="book-option__title">{item.title}</span>
                  <Meta t={t} item={item} />
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      ) : null}
    </div>
  );
}
