import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';

/** One headline number; with `to` it links to the deals it counts. */
export function Figure({ label, value, hint, to, testId }: { label: string; value: ReactNode; hint?: ReactNode; to?: string | null; testId?: string }) {
  const number = (
    <Typography.Text strong className="stat-figure__value" data-testid={testId}>
      {value}
    </Typography.Text>
  );
  return (
    <Card size="small" className="stat-figure">
      <Typography.Text type="secondary" className="stat-figure__label">
        {label}
      </Typography.Text>
      {to ? <Link to={to}>{number}</Link> : number}
      {hint ? <Typography.Text type="secondary" className="stat-figure__hint">{hint}</Typography.Text> : null}
    </Card>
  );
}

/** A percentage or a dash when it has no base. */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${value}%`;
}
