import { useSearchParams } from 'react-router';
import { reportScopes, type DateRange, type PeriodKind, type ReportAdvanceFilter, type ReportScope } from '@lodestar/contract';
import { periodFromUrl } from './report-format.ts';

/**
 * What a report shows lives in the URL (so a report can be shared by link): `period` (2024W5), or `from` and `to`
 * for a custom range, `scope`, and for personal pages `uid`.
 */
export function useReportUrl(kind: PeriodKind) {
  const [params, setParams] = useSearchParams();
  const symbol = periodFromUrl(kind, params.get('period'));
  const from = params.get('from');
  const to = params.get('to');
  const custom: DateRange | null = from && to && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) ? { from, to } : null;
  const scopeParam = params.get('scope');
  const scope = (reportScopes as readonly string[]).includes(scopeParam ?? '') ? (scopeParam as ReportScope) : 'all';
  const uid = params.get('uid') ?? undefined;

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const filter: ReportAdvanceFilter = { ...(scope !== 'all' && { scope }), ...(custom ?? {}) };
  const query = {
    type: custom ? ('custom' as const) : kind,
    ...(custom ? {} : { reportDate: symbol }),
    ...(Object.keys(filter).length ? { advanceFilter: JSON.stringify(filter) } : {}),
  };

  return {
    symbol,
    custom,
    scope,
    uid,
    query,
    search: params.toString(),
    setPeriod: (value: string) => update({ period: value, from: null, to: null }),
    setCustom: (range: DateRange | null) => update({ from: range?.from ?? null, to: range?.to ?? null }),
    setScope: (value: ReportScope) => update({ scope: value === 'all' ? null : value }),
    setUid: (value: string | null) => update({ uid: value }),
  };
}

/** The link of a kind's page keeping the other parameters (a week's symbol does not fit a month: dropped). */
export function reportHref(orgId: string, kind: PeriodKind, personal: boolean, search: string): string {
  const params = new URLSearchParams(search);
  params.delete('period');
  const rest = params.toString();
  return `/${orgId}/activity/report/${kind}${personal ? '/personal' : ''}${rest ? `?${rest}` : ''}`;
}
