import type { ReactNode } from 'react';

/**
 * A titled panel drawn like antd's Card (its default and small sizes), in plain elements: antd's Card brings its Tabs
 * along, and the record lists show two panels in their first paint (scripts/check-initial-bundle.ts).
 */
export function PanelCard({ title, extra, size = 'default', className = '', testId, children }: { title: ReactNode; extra?: ReactNode; size?: 'default' | 'small'; className?: string; testId?: string; children: ReactNode }) {
  return (
    <section className={`panel-card panel-card--${size} ${className}`} data-testid={testId}>
      <div className="panel-card__head">
        <div className="panel-card__title">{title}</div>
        {extra ? <div className="panel-card__extra">{extra}</div> : null}
      </div>
      <div className="panel-card__body">{children}</div>
    </section>
  );
}
