// Input.Search itself: antd's Input index attaches Password, OTP and Group too, which a list's first paint never shows
// (scripts/check-initial-bundle.ts).
import InputSearch from 'antd/es/input/Search';

/** A list's search box: its placeholder is its name. */
export function ListSearch({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <InputSearch allowClear className="list-toolbar__search" aria-label={label} placeholder={label} value={value} onChange={(event) => onChange(event.target.value)} />;
}
