import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { BookableService, BookingOffer, MonthTime, PublicReservation } from '@lodestar/contract';
import { MiniMonthCalendar } from '../shared/booking/mini-month-calendar.tsx';
import { availableDaysOf, isFullTipShown, timesOfDay } from '../shared/booking/month-days.ts';
import { TimeChips } from '../shared/booking/time-chips.tsx';
import { bookingWords, formatDuration, formatPrice, type PriceFields } from '../shared/booking/format.ts';
import {
  isItemPicked,
  isServicePicked,
  missingRequiredGroups,
  pruneSelection,
  selectionMinutes,
  toReservationServices,
  toggleItem,
  toggleService,
  type Selection,
} from '../shared/booking/selection.ts';
import { BookError, createReservation, fetchMonthTime, fetchOffer, newRequestKey } from './book-api.ts';
import { bookLanguageNames, bookLocales, saveLocale, translator, type BookLocale, type Translate } from './book-i18n.ts';

type Load<T> = { state: 'loading' } | { state: 'error'; error: BookError } | { state: 'ready'; data: T };

interface ContactValues {
  name: string;
  phone: string;
  email: string;
  note: string;
}
type ContactErrors = Partial<Record<'name' | 'phone' | 'email', string>>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The business's own today (its time zone), as year, month and YYYY-MM. */
function businessToday(timeZone: string): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric' }).formatToParts(new Date());
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month') };
}

function formatDay(locale: BookLocale, year: number, month: number, day: number): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)));
}

function useWords(t: Translate) {
  return useMemo(() => bookingWords(t), [t]);
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

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="book-field">
      <label htmlFor={id} className="book-field__label">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="book-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Done({ t, locale, reservation, onAgain }: { t: Translate; locale: BookLocale; reservation: PublicReservation; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [year, month, day] = reservation.date.split('-').map(Number) as [number, number, number];
  return (
    <section className="book-card book-done" aria-labelledby="book-done-title">
      <div className="book-done__icon" aria-hidden="true">
        ✓
      </div>
      <h2 id="book-done-title" ref={heading} tabIndex={-1}>
        {t('done.title')}
      </h2>
      <p>{t('done.text', { name: reservation.name })}</p>
      <dl className="book-done__details">
        <dt>{t('done.number')}</dt>
        <dd data-testid="book-number">{reservation.number}</dd>
        <dt>{t('done.when')}</dt>
        <dd>{t('summary.when', { date: formatDay(locale, year, month, day), time: `${reservation.startTime} – ${reservation.endTime}` })}</dd>
        <dt>{t('done.services')}</dt>
        <dd>{reservation.services.map((line) => [line.title, ...line.items.map((item) => item.title)].join(' + ')).join('、')}</dd>
        <dt>{t('done.people')}</dt>
        <dd>{t('summary.people', { count: reservation.people })}</dd>
      </dl>
      <button type="button" className="book-button book-button--secondary" onClick={onAgain}>
        {t('done.again')}
      </button>
    </section>
  );
}

/**
 * The public booking page, /book/{idName} (no account): services and add-ons, people, a day in the mini
 * month calendar (full days disabled) and a time chip, name/phone/email, then book. One request key per
 * attempt makes a double-clicked submit book once.
 */
export function BookingPage({ idName, locale, onLocaleChange }: { idName: string; locale: BookLocale; onLocaleChange: (locale: BookLocale) => void }) {
  const t = useMemo(() => translator(locale), [locale]);
  const words = useWords(t);
  const [offer, setOffer] = useState<Load<BookingOffer>>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  const [selection, setSelection] = useState<Selection>([]);
  const [people, setPeople] = useState(1);
  const [view, setView] = useState<{ year: number; month: number } | null>(null);
  const [monthTime, setMonthTime] = useState<Load<MonthTime> | null>(null);
  const [day, setDay] = useState<number | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [contact, setContact] = useState<ContactValues>({ name: '', phone: '', email: '', note: '' });
  const [errors, setErrors] = useState<ContactErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<PublicReservation | null>(null);
  const attempt = useRef<{ key: string; payload: string } | null>(null);
  const [monthReload, setMonthReload] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setOffer({ state: 'loading' });
    fetchOffer(idName, locale, controller.signal)
      .then((data) => {
        setOffer({ state: 'ready', data });
        document.title = `${data.business.name} · ${t('title')}`;
        setView((current) => current ?? businessToday(data.business.timeZone));
        setSelection((current) => pruneSelection(current, data.services));
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setOffer({ state: 'error', error: error instanceof BookError ? error : new BookError(0, 'NETWORK', '') });
      });
    return () => controller.abort();
    // The offer is read again only on retry; a language switch re-renders with the texts already here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idName, reload]);

  const services = toReservationServices(selection);
  const servicesKey = JSON.stringify(services);
  useEffect(() => {
    if (offer.state !== 'ready' || !view || selection.length === 0) {
      setMonthTime(null);
      return;
    }
    const controller = new AbortController();
    setMonthTime({ state: 'loading' });
    fetchMonthTime(idName, { services: JSON.parse(servicesKey), year: view.year, month: view.month, people }, locale, controller.signal)
      .then((data) => setMonthTime({ state: 'ready', data }))
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setMonthTime({ state: 'error', error: error instanceof BookError ? error : new BookError(0, 'NETWORK', '') });
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idName, offer.state, servicesKey, view?.year, view?.month, people, monthReload]);

  // A changed choice of services, people or month may no longer fit the chosen time: pick again.
  useEffect(() => {
    setTime(null);
  }, [servicesKey, people, view?.year, view?.month]);
  useEffect(() => {
    setDay(null);
  }, [view?.year, view?.month]);

  const changeLocale = (next: BookLocale) => {
    saveLocale(next);
    document.documentElement.lang = next;
    onLocaleChange(next);
  };

  const header = (
    <header className="book-header">
      <div>
        <p className="book-header__kicker">{t('title')}</p>
        <h1 className="book-header__title">{offer.state === 'ready' ? offer.data.business.name : t('title')}</h1>
      </div>
      <label className="book-language">
        <span className="book-sr-only">{t('language')}</span>
        <select value={locale} onChange={(event) => changeLocale(event.target.value as BookLocale)} aria-label={t('language')}>
          {bookLocales.map((code) => (
            <option key={code} value={code}>
              {bookLanguageNames[code]}
            </option>
          ))}
        </select>
      </label>
    </header>
  );

  if (offer.state === 'loading') {
    return (
      <div className="book-page">
        {header}
        <main className="book-main">
          <p className="book-card book-muted" role="status">
            {t('loading')}
          </p>
        </main>
      </div>
    );
  }
  if (offer.state === 'error') {
    const notFound = offer.error.status === 404;
    return (
      <div className="book-page">
        {header}
        <main className="book-main">
          <div className="book-card" role="alert">
            <p>{notFound ? t('notFound') : t('loadError')}</p>
            {notFound ? null : (
              <button type="button" className="book-button" onClick={() => setReload((n) => n + 1)}>
                {t('retry')}
              </button>
            )}
          </div>
        </main>
      </div>
    );
  }

  const { business } = offer.data;
  const currentView = view ?? businessToday(business.timeZone);
  const today = businessToday(business.timeZone);
  const monthDays = monthTime?.state === 'ready' ? monthTime.data : null;
  const availableDays = availableDaysOf(monthDays);
  const dayTimes = timesOfDay(monthDays, day);
  const minutes = selectionMinutes(selection, offer.data.services);

  if (done) {
    return (
      <div className="book-page">
        {header}
        <main className="book-main">
          <Done
            t={t}
            locale={locale}
            reservation={done}
            onAgain={() => {
              setDone(null);
              setSelection([]);
              setDay(null);
              setTime(null);
              setContact({ name: '', phone: '', email: '', note: '' });
              attempt.current = null;
            }}
          />
        </main>
      </div>
    );
  }

  const validate = (): ContactErrors => {
    const found: ContactErrors = {};
    if (!contact.name.trim()) found.name = t('contact.required');
    if (!contact.phone.trim()) found.phone = t('contact.required');
    if (!contact.email.trim()) found.email = t('contact.required');
    else if (!emailPattern.test(contact.email.trim())) found.email = t('contact.invalidEmail');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setProblem(null);
    if (selection.length === 0) return setProblem(t('calendar.pickServiceFirst'));
    const missing = missingRequiredGroups(selection, offer.data.services);
    if (missing.length > 0) return setProblem(t('pickRequired', { name: missing[0]!.title }));
    if (day === null || !time) return setProblem(t('pickTime'));
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`book-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const body = {
      businessId: business.id,
      year: currentView.year,
      month: currentView.month,
      day,
      selectedTime: time,
      people,
      services,
      name: contact.name.trim(),
      phone: contact.phone.trim(),
      email: contact.email.trim(),
      note: contact.note.trim() || undefined,
    };
    // The same booking sent again (a double click, a retry after a lost answer) keeps its key: it books once.
    const payload = JSON.stringify(body);
    if (!attempt.current || attempt.current.payload !== payload) attempt.current = { key: newRequestKey(), payload };
    setSubmitting(true);
    try {
      setDone(await createReservation(idName, { ...body, requestKey: attempt.current.key }, locale));
    } catch (error) {
      const failure = error instanceof BookError ? error : new BookError(0, 'NETWORK', '');
      setProblem(failure.code === 'RESERVATION_FULL' ? t('calendar.full') : failure.message || t('failed'));
      if (failure.code === 'RESERVATION_FULL' || failure.code === 'RESERVATION_TIME_UNAVAILABLE') {
        attempt.current = null;
        setTime(null);
        setMonthReload((n) => n + 1);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const setField = (field: keyof ContactValues) => (event: { target: { value: string } }) => {
    setContact((current) => ({ ...current, [field]: event.target.value }));
    if (field in errors) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const invalid = (field: keyof ContactErrors) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `book-${field}-error` } : {});
  // The whole month, or the chosen day, has no free slot left (docs/product.md#states: reservationFullTip).
  const full = isFullTipShown(monthDays, day);

  return (
    <div className="book-page">
      {header}
      <main className="book-main">
        <form className="book-form" onSubmit={(event) => void submit(event)} noValidate>
          <section className="book-card" aria-labelledby="book-step-services">
            <h2 id="book-step-services" className="book-step">
              <span className="book-step__number" aria-hidden="true">1</span>
              {t('steps.services')}
            </h2>
            <ServiceList t={t} offer={offer.data} selection={selection} onChange={setSelection} />
          </section>

          <section className="book-card" aria-labelledby="book-step-people">
            <h2 id="book-step-people" className="book-step">
              <span className="book-step__number" aria-hidden="true">2</span>
              {t('steps.people')}
            </h2>
            <label className="book-field__label" htmlFor="book-people">
              {t('people.label')}
            </label>
            <select id="book-people" className="book-input" value={people} onChange={(event) => setPeople(Number(event.target.value))}>
              {Array.from({ length: business.concurrentBooking }, (_, i) => i + 1).map((count) => (
                <option key={count} value={count}>
                  {t('people.option', { count })}
                </option>
              ))}
            </select>
          </section>

          <section className="book-card" aria-labelledby="book-step-time">
            <h2 id="book-step-time" className="book-step">
              <span className="book-step__number" aria-hidden="true">3</span>
              {t('steps.time')}
            </h2>
            {selection.length === 0 ? (
              <p className="book-muted">{t('calendar.pickServiceFirst')}</p>
            ) : (
              <>
                <MiniMonthCalendar
                  year={currentView.year}
                  month={currentView.month}
                  availableDays={availableDays}
                  selectedDay={day}
                  canGoBack={currentView.year * 12 + currentView.month > today.year * 12 + today.month}
                  locale={locale}
                  labels={{ title: t('calendar.month', currentView), previousMonth: t('calendar.previousMonth'), nextMonth: t('calendar.nextMonth') }}
                  onSelectDay={(picked) => {
                    setDay(picked);
                    setTime(null);
                  }}
                  onMonthChange={(year, month) => setView({ year, month })}
                />
                <div className="book-times" aria-live="polite">
                  {monthTime?.state === 'loading' ? <p className="book-muted">{t('calendar.loading')}</p> : null}
                  {monthTime?.state === 'error' ? <p className="book-error">{monthTime.error.message || t('failed')}</p> : null}
                  {full ? <p className="book-error">{t('calendar.full')}</p> : null}
                  {!full && monthDays && day === null ? <p className="book-muted">{t('calendar.pickDay')}</p> : null}
                  {day !== null && dayTimes.length > 0 ? (
                    <>
                      <h3 className="book-times__title">{t('calendar.times', { date: formatDay(locale, currentView.year, currentView.month, day) })}</h3>
                      <TimeChips times={dayTimes} value={time} label={t('calendar.times', { date: formatDay(locale, currentView.year, currentView.month, day) })} onChange={setTime} />
                    </>
                  ) : null}
                </div>
              </>
            )}
          </section>

          <section className="book-card" aria-labelledby="book-step-contact">
            <h2 id="book-step-contact" className="book-step">
              <span className="book-step__number" aria-hidden="true">4</span>
              {t('steps.contact')}
            </h2>
            <Field id="book-name" label={t('contact.name')} error={errors.name}>
              <input id="book-name" className="book-input" autoComplete="name" maxLength={100} value={contact.name} onChange={setField('name')} {...invalid('name')} />
            </Field>
            <Field id="book-phone" label={t('contact.phone')} error={errors.phone}>
              <input id="book-phone" className="book-input" type="tel" inputMode="tel" autoComplete="tel" maxLength={40} value={contact.phone} onChange={setField('phone')} {...invalid('phone')} />
            </Field>
            <Field id="book-email" label={t('contact.email')} error={errors.email}>
              <input id="book-email" className="book-input" type="email" autoComplete="email" maxLength={254} value={contact.email} onChange={setField('email')} {...invalid('email')} />
            </Field>
            <Field id="book-note" label={t('contact.note')}>
              <textarea id="book-note" className="book-input book-input--area" rows={3} maxLength={2000} value={contact.note} onChange={setField('note')} />
            </Field>
          </section>

          <section className="book-card book-summary" aria-labelledby="book-summary-title">
            <h2 id="book-summary-title" className="book-summary__title">
              {t('summary.title')}
            </h2>
            {selection.length > 0 ? (
              <ul className="book-summary__lines">
                {selection.map((pick) => {
                  const service = offer.data.services.find((s) => s.id === pick.serviceId);
                  if (!service) return null;
                  const items = service.groups.flatMap((group) => group.items.filter((item) => pick.groups[group.id]?.includes(item.id)));
                  return (
                    <li key={pick.serviceId}>
                      {[service.title, ...items.map((item) => item.title)].join(' + ')}
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {minutes > 0 ? <p className="book-muted">{t('summary.duration', { duration: formatDuration(minutes, words.duration) })}</p> : null}
            {day !== null && time ? <p className="book-summary__when">{t('summary.when', { date: formatDay(locale, currentView.year, currentView.month, day), time })}</p> : null}
            {problem ? (
              <p className="book-error" role="alert">
                {problem}
              </p>
            ) : null}
            <button type="submit" className="book-button book-button--block" disabled={submitting} aria-busy={submitting}>
              {submitting ? t('submitting') : t('submit')}
            </button>
          </section>
        </form>
      </main>
    </div>
  );
}
