import type { ReactNode } from 'react';
import { Checkbox } from 'antd';
import type { TagRef } from '@lodestar/contract';
import { RecordTagChip } from '../../tags/index.ts';

/** What a record list's view (the desktop table or the phone cards) is given by its page. */
export interface RecordRowsProps<Row> {
  orgId: string;
  rows: Row[];
  loading: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  emptyText: ReactNode;
}

export interface RecordCardListProps<Row extends { id: string; tags: TagRef[] }> {
  /** The region's name (the list's title), so a screen reader can jump to it. */
  label: string;
  rows: readonly Row[];
  loading: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  /** The checkbox's name: "Select Chen Mei-ling", not a row of identical "Select"s. */
  selectLabel: (row: Row) => string;
  selectAllLabel: string;
  emptyText: ReactNode;
  /** The record's name as a link (with its star), then what a salesperson needs between visits. */
  renderTitle: (row: Row) => ReactNode;
  renderDetails: (row: Row) => ReactNode;
}

/** Grey cards while the first page loads: about as tall as real ones, so the list does not jump when they arrive. */
const placeholders = [0, 1, 2];

/**
 * A record list at phone width (issue 29): one plain `<li>` per record instead of antd's virtual table, whose
 * rc-table measures the page with forced layouts and renders every cell (the contact list's first load on a throttled
 * phone, issue 38). The selection feeds the same state as the table's, so the bulk actions work unchanged.
 */
export function RecordCardList<Row extends { id: string; tags: TagRef[] }>({
  label,
  rows,
  loading,
  selected,
  onSelect,
  selectLabel,
  selectAllLabel,
  emptyText,
  renderTitle,
  renderDetails,
}: RecordCardListProps<Row>) {
  const chosen = new Set(selected);
  const allChosen = rows.length > 0 && rows.every((row) => chosen.has(row.id));
  const toggle = (id: string, on: boolean) => onSelect(on ? [...selected.filter((key) => key !== id), id] : selected.filter((key) => key !== id));
  return (
    <section className="record-cards" aria-label={label} aria-busy={loading}>
      {rows.length > 0 ? (
        <div className="record-cards__head">
          <Checkbox
            className="record-cards__select"
            checked={allChosen}
            indeterminate={!allChosen && rows.some((row) => chosen.has(row.id))}
            // Only the cards shown: a selection kept from elsewhere (another page of companies) is left as it is.
            onChange={(event) => {
              const shown = new Set(rows.map((row) => row.id));
              onSelect(event.target.checked ? [...selected.filter((id) => !shown.has(id)), ...shown] : selected.filter((id) => !shown.has(id)));
            }}
          >
            {selectAllLabel}
          </Checkbox>
        </div>
      ) : null}
      {rows.length === 0 && !loading ? (
        <div className="record-cards__empty">{emptyText}</div>
      ) : (
        <ul className="record-cards__list">
          {rows.length === 0
            ? placeholders.map((key) => (
                <li key={key} className="record-card record-card--placeholder" aria-hidden="true">
                  <span className="record-card__bar" />
                  <span className="record-card__bar record-card__bar--short" />
                  <span className="record-card__bar record-card__bar--short" />
                </li>
              ))
            : rows.map((row) => (
                <li key={row.id} className={chosen.has(row.id) ? 'record-card record-card--selected' : 'record-card'}>
                  <Checkbox
                    className="record-cards__select"
                    checked={chosen.has(row.id)}
                    aria-label={selectLabel(row)}
                    onChange={(event) => toggle(row.id, event.target.checked)}
                  />
                  <div className="record-card__body">
                    <div className="record-card__title">{renderTitle(row)}</div>
                    {renderDetails(row)}
                    {row.tags.length > 0 ? (
                      <div className="record-card__tags">
                        {row.tags.map((tag) => (
                          <RecordTagChip key={tag.id} tag={tag} />
                        ))}
                      </div>
                    ) : null}
                  </div>
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One line of a card. A company, a phone or an e-mail speaks for itself on screen, its field's name is for a screen
 * reader only; a plain value (the owner) shows its name. No icons: four of antd's cost more than the cards themselves
 * in the contact list's first load (scripts/check-initial-bundle.ts).
 */
export function RecordCardLine({ label, showLabel = false, children }: { label: string; showLabel?: boolean; children: ReactNode }) {
  return (
    <p className="record-card__line">
      {showLabel ? <span className="record-card__label">{label}</span> : <span className="sr-only">{label}: </span>}
      {children}
    </p>
  );
}
