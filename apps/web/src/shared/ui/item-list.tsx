import type { ReactNode } from 'react';

/**
 * A short list drawn like antd's small List, in plain elements: antd's List brings its Pagination (with a Select), and
 * its item title is an h4 that breaks a page's heading order under an h2 card title. For the home page's cards, which
 * are in every user's first load (scripts/check-initial-bundle.ts).
 */
export function ItemList<T>({ items, itemKey, renderItem, size = 'default' }: { items: readonly T[]; itemKey: (item: T) => string; renderItem: (item: T) => ReactNode; size?: 'small' | 'default' }) {
  return (
    <ul className={`item-list item-list--${size}`}>
      {items.map((item) => (
        <li key={itemKey(item)} className="item-list__item">
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}

/** An item's avatar, title line and description, with something at the end (a date, an amount). */
export function ItemMeta({ avatar, title, description, extra }: { avatar?: ReactNode; title: ReactNode; description?: ReactNode; extra?: ReactNode }) {
  return (
    <>
      {avatar ? <span className="item-list__avatar">{avatar}</span> : null}
      <span className="item-list__main">
        <span className="item-list__title">{title}</span>
        {description ? <span className="item-list__description">{description}</span> : null}
      </span>
      {extra ? <span className="item-list__extra">{extra}</span> : null}
    </>
  );
}
