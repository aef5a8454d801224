import type { Translate } from '../book-i18n.ts';
import { StepCard } from './step-card.tsx';

/** Step 2: how many people, up to the business's concurrent bookings. */
export function PeopleStep({ t, max, people, onChange }: { t: Translate; max: number; people: number; onChange: (people: number) => void }) {
  return (
    <StepCard id="book-step-people" number={2} title={t('steps.people')}>
      <label className="book-field__label" htmlFor="book-people">
        {t('people.label')}
      </label>
      <select id="book-people" className="book-input" value={people} onChange={(event) => onChange(Number(event.target.value))}>
        {Array.from({ length: max }, (_, i) => i + 1).map((count) => (
          <option key={count} value={count}>
            {t('people.option', { count })}
          </option>
        ))}
      </select>
    </StepCard>
  );
}
