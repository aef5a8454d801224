import { Link } from 'react-router';

/**
 * Horizontal bars, one per item, each a link to the deals behind it: the funnel (centred, narrowing) and the
 * rankings. Plain HTML, so it is read as a list of links by assistive technology.
 */
export interface BarItem {
  key: string;
  label: string;
  value: number;
  display: string;
  to: string | null;
  color?: string | undefined;
}

export function BarList({ items, label, centered = false }: { items: BarItem[]; label: string; centered?: boolean }) {
  const max = Math.max(1, ...items.map((item) => item.value));
  return (
    <ul className={`bar-list${centered ? ' bar-list--centered' : ''}`} aria-label={label}>
      {items.map((item) => {
        const bar = (
          <>
            <span className="bar-list__label">{item.label}</span>
            <span className="bar-list__track">
              <span className="bar-list__bar" style={{ width: `${Math.max(2, (item.value / max) * 100)}%`, background: item.color ?? '#1677ff' }} />
            </span>
            <span className="bar-list__value">{item.display}</span>
          </>
        );
        return (
          <li key={item.key} className="bar-list__item">
            {item.to ? (
              <Link to={item.to} className="bar-list__row">
                {bar}
              </Link>
            ) : (
              <span className="bar-list__row">{bar}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
