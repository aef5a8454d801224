import './booking-widgets.css';

/**
 * The time chips of one day (every 30 minutes, docs/product.md#limits): a radio group, so one time is chosen
 * and the arrow keys move between them. Plain React, shared by the staff dialog and the public page.
 */
export function TimeChips({ times, value, label, onChange }: { times: readonly string[]; value: string | null; label: string; onChange: (time: string) => void }) {
  return (
    <div className="time-chips" role="radiogroup" aria-label={label}>
      {times.map((time) => (
        <label key={time} className={`time-chip${time === value ? ' time-chip--selected' : ''}`}>
          <input type="radio" className="time-chip__input" name={label} value={time} checked={time === value} onChange={() => onChange(time)} />
          {time}
        </label>
      ))}
    </div>
  );
}
