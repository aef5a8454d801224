import { rocDateToIso, type CompanyRegistryAnswer, type CompanyRegistryEntry } from '@lodestar/contract';

/**
 * The Ministry of Economic Affairs' company registry (商工登記公示資料, GCIS open data): 統編 → the registered company,
 * for the company form (records/company-registry.ts in the contract). No key; base URL `GCIS_API_URL`; tested
 * against apps/server/src/test/gcis-double.ts. The service's quirks, which the double repeats:
 * - every answer is HTTP 200 — an unknown 統編 is an empty body, a bad query or an unknown dataset a plain-text
 *   sentence (`$filter參數有誤…`, `此API不存在…`) — so only a JSON array is an answer;
 * - dates are ROC dates in 7 digits, blanks are "" or seven spaces or a missing key.
 */
const dataset = '5F64D864-61CB-4D0D-8AD9-492047CC1EA6'; // 公司登記基本資料-應用一
const timeoutMs = 8_000;
/** Registry entries change rarely: a 統編 asked again within a day is answered from memory (per app server). */
const cacheMs = 24 * 60 * 60 * 1000;
const cacheLimit = 2_000;
const cache = new Map<string, { at: number; answer: CompanyRegistryAnswer }>();

interface RegistryRow {
  Business_Accounting_NO?: string;
  Company_Name?: string;
  Company_Status_Desc?: string;
  Capital_Stock_Amount?: number | null;
  Paid_In_Capital_Amount?: number | null;
  Responsible_Name?: string;
  Company_Location?: string;
  Company_Setup_Date?: string;
  Change_Of_Approval_Data?: string;
  Revoke_App_Date?: string;
  Sus_Beg_Date?: string;
  Sus_End_Date?: string;
}

const text = (value: string | undefined): string | null => (value ?? '').trim() || null;
const amount = (value: number | null | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null);

export function entryOf(row: RegistryRow): CompanyRegistryEntry {
  const statusText = text(row.Company_Status_Desc) ?? '';
  const suspended = Boolean(text(row.Sus_Beg_Date)) && !text(row.Sus_End_Date);
  return {
    taxId: (row.Business_Accounting_NO ?? '').trim(),
    name: text(row.Company_Name) ?? '',
    statusText,
    active: statusText === '核准設立' && !text(row.Revoke_App_Date) && !suspended,
    representative: text(row.Responsible_Name),
    address: text(row.Company_Location),
    capital: amount(row.Capital_Stock_Amount),
    paidInCapital: amount(row.Paid_In_Capital_Amount),
    setupDate: rocDateToIso(row.Company_Setup_Date),
    lastChangeDate: rocDateToIso(row.Change_Of_Approval_Data),
  };
}

/** Looks a checksum-valid 統編 up; a registry that is down, slow or answers nonsense is `unavailable`, never a throw. */
export async function lookUpCompany(apiUrl: string, taxId: string, log?: (message: string) => void): Promise<CompanyRegistryAnswer> {
  const cached = cache.get(taxId);
  if (cached && Date.now() - cached.at < cacheMs) return cached.answer;
  const url = new URL(`${apiUrl}/od/data/api/${dataset}`);
  url.searchParams.set('$format', 'json');
  url.searchParams.set('$filter', `Business_Accounting_NO eq ${taxId}`);
  url.searchParams.set('$skip', '0');
  url.searchParams.set('$top', '1');
  let body: string;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    body = await response.text();
    if (!response.ok) {
      log?.(`company registry answered ${response.status}`);
      return { status: 'unavailable', entry: null };
    }
  } catch (error) {
    log?.(`company registry unreachable: ${(error as Error).message}`);
    return { status: 'unavailable', entry: null };
  }
  let answer: CompanyRegistryAnswer;
  if (body.trim() === '') answer = { status: 'notFound', entry: null };
  else {
    let rows: unknown;
    try {
      rows = JSON.parse(body);
    } catch {
      log?.(`company registry answered text: ${body.slice(0, 100)}`);
      return { status: 'unavailable', entry: null };
    }
    if (!Array.isArray(rows)) return { status: 'unavailable', entry: null };
    const row = (rows as RegistryRow[]).find((r) => (r.Business_Accounting_NO ?? '').trim() === taxId);
    answer = row ? { status: 'found', entry: entryOf(row) } : { status: 'notFound', entry: null };
  }
  if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value!);
  cache.set(taxId, { at: Date.now(), answer });
  return answer;
}

/** Tests start each case from an empty cache. */
export function clearCompanyRegistryCache(): void {
  cache.clear();
}
