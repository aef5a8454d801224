import type { ImportKind } from '@lodestar/contract';
import { companySpec } from './company-spec.ts';
import { contactSpec } from './contact-spec.ts';
import { dealSpec } from './deal-spec.ts';
import { scheduleSpec } from './schedule-spec.ts';
import type { RowSpec } from './row-spec.ts';

/** Every importable kind's row spec: the one place a new kind is added on the server. */
const specs: Record<ImportKind, RowSpec<unknown>> = {
  contact: contactSpec as RowSpec<unknown>,
  company: companySpec as RowSpec<unknown>,
  deal: dealSpec as RowSpec<unknown>,
  schedule: scheduleSpec as RowSpec<unknown>,
};

export const specFor = (kind: ImportKind): RowSpec<unknown> => specs[kind];
