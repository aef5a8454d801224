import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import type { BookingOffer, MonthTime, PublicReservation } from '@lodestar/contract';
import { missingRequiredGroups, pruneSelection, toReservationServices, type Selection } from '../shared/booking/selection.ts';
import { PublicApiError } from '../shared/public-page/public-api.ts';
import { createReservation, fetchMonthTime, fetchOffer, fetchPrefill, newRequestKey } from './book-api.ts';
import { businessToday } from './book-format.ts';
import { bookLanguageNames, bookLocales, saveLocale, translator, type BookLocale } from './book-i18n.ts';
import { ContactStep, emptyContact, validateContact, type ContactErrors, type ContactValues } from './steps/contact-step.tsx';
import { Done } from './steps/done.tsx';
import { PeopleStep } from './steps/people-step.tsx';
import { ServicesStep } from './steps/services-step.tsx';
import { SummaryStep } from './steps/summary-step.tsx';
import { TimeStep, type Load } from './steps/time-step.tsx';

/**
 * The public booking page, /book/{idName} (no account): services and add-ons, people, a day in the mini
 * month calendar (full days disabled) and a time chip, name/phone/email, then book. One request key per
 * attempt makes a double-clicked submit book once.
 */
export function BookingPage({ idName, locale, onLocaleChange }: { idName: string; locale: BookLocale; onLocaleChange: (locale: BookLocale) => void }) {
  const t = useMemo(() => translator(locale), [locale]);
  const [offer, setOffer] = useState<Load<BookingOffer>>({ state: 'loading' });
  const [reload, setReload] = useState(0);
  const [selection, setSelection] = useState<Selection>([]);
  const [people, setPeople] = useState(1);
  const [view, setView] = useState<{ year: number; month: number } | null>(null);
  const [monthTime, setMonthTime] = useState<Load<MonthTime> | null>(null);
  const [day, setDay] = useState<number | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [contact, setContact] = useState<ContactValues>(emptyContact);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<PublicReservation | null>(null);
  const attempt = useRef<{ key: string; payload: string } | null>(null);
  const [monthReload, setMonthReload] = useState(0);
  // A problem answers one attempt: once the visitor changes what it was about, it no longer applies (a red
  // "pick a service first" must not stay after a service is chosen).
  useEffect(() => setProblem(null), [selection, day, time]);

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
        if ((error as Error).name !== 'AbortError') setOffer({ state: 'error', error: error instanceof PublicApiError ? error : new PublicApiError(0, 'NETWORK', '') });
      });
    return () => controller.abort();
    // The offer is read again only on retry; a language switch re-renders with the texts already here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idName, reload]);

  // A signed link from the business's LINE chat fills in the visitor's details (they may still change them).
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('p');
    if (!token) return;
    const controller = new AbortController();
    fetchPrefill(idName, token, locale, controller.signal)
      .then((details) => setContact((current) => (current.name || current.phone || current.email ? current : { ...current, ...details })))
      .catch(() => undefined);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [idName]);

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
        if ((error as Error).name !== 'AbortError') setMonthTime({ state: 'error', error: error instanceof PublicApiError ? error : new PublicApiError(0, 'NETWORK', '') });
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
              setContact(emptyContact);
              attempt.current = null;
            }}
          />
        </main>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    setProblem(null);
    if (selection.length === 0) return setProblem(t('calendar.pickServiceFirst'));
    const missing = missingRequiredGroups(selection, offer.data.services);
    if (missing.length > 0) return setProblem(t('pickRequired', { name: missing[0]!.title }));
    if (day === null || !time) return setProblem(t('pickTime'));
    const found = validateContact(t, contact);
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
      const failure = error instanceof PublicApiError ? error : new PublicApiError(0, 'NETWORK', '');
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

  return (
    <div className="book-page">
      {header}
      <main className="book-main">
        <form className="book-form" onSubmit={(event) => void submit(event)} noValidate>
          <ServicesStep t={t} offer={offer.data} selection={selection} onChange={setSelection} />
          <PeopleStep t={t} max={business.concurrentBooking} people={people} onChange={setPeople} />
          <TimeStep
            t={t}
            locale={locale}
            hasServices={selection.length > 0}
            view={currentView}
            today={today}
            monthTime={monthTime}
            day={day}
            time={time}
            onDayChange={(picked) => {
              setDay(picked);
              setTime(null);
            }}
            onTimeChange={setTime}
            onMonthChange={setView}
          />
          <ContactStep t={t} contact={contact} errors={errors} onChange={setContact} onErrorsChange={setErrors} />
          <SummaryStep
            t={t}
            locale={locale}
            services={offer.data.services}
            selection={selection}
            when={{ year: currentView.year, month: currentView.month, day, time }}
            problem={problem}
            submitting={submitting}
          />
        </form>
      </main>
    </div>
  );
}
