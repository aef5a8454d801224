import { createdIdSchema } from '../platform/common.ts';
import { endpoints, type RawAnswer } from '../platform/endpoint.ts';
import { exportBodySchema, exportChoiceSchema, importDetailSchema, importFieldBodySchema, importIdParamsSchema } from './imports.ts';

const csvFile = (description: string): RawAnswer => ({ status: 200, description, mediaTypes: ['text/csv'] });

/**
 * The import steps of one record kind under its path word (docs/product.md#api): the template (emptyForm), the
 * upload, the check step's detail and mapping (field), the run (store), undo, the failed rows, and export.
 */
function importEndpointDefs<W extends 'customer' | 'company' | 'deal' | 'schedule'>(word: W) {
  const who = 'Members with the import privilege of the feature; another workspace\'s import answers 404.';
  return {
    emptyForm: { method: 'GET', path: `/${word}/import/emptyForm`, access: 'member', response: 'raw', rawAnswer: csvFile('The import template.'), description: 'The CSV template (UTF-8 with BOM).' },
    upload: {
      method: 'POST', path: `/${word}/import`, access: 'member', bodyKind: 'multipart', response: createdIdSchema,
      description: `Multipart, one file part (CSV in UTF-8, UTF-8 with BOM or Big5, or an Excel .xlsx workbook's first sheet; up to 200 MB). ${who}`,
    },
    detail: { method: 'GET', path: `/${word}/import/detail/:id`, access: 'member', params: importIdParamsSchema, response: importDetailSchema, description: `The check step and the progress. ${who}` },
    field: {
      method: 'POST', path: `/${word}/import/field/:id`, access: 'member', params: importIdParamsSchema, body: importFieldBodySchema, response: importDetailSchema,
      description: `Saves the column mapping and the duplicate choice, and checks the first rows. 409 unless ready. ${who}`,
    },
    store: { method: 'POST', path: `/${word}/import/store/:id`, access: 'member', params: importIdParamsSchema, response: importDetailSchema, description: `Starts the import job. 409 unless ready. ${who}` },
    undo: {
      method: 'POST', path: `/${word}/import/undo/:id`, access: 'member', params: importIdParamsSchema, response: importDetailSchema, successStatus: 202,
      description: `Starts the undo job (202, state undoing): it removes what the import created, restores what it updated and removes the companies and tags the import created when nothing else uses them, within 7 days. 409 unless done or failed. ${who}`,
    },
    failed: { method: 'GET', path: `/${word}/import/failed/:id`, access: 'member', params: importIdParamsSchema, response: 'raw', rawAnswer: csvFile('The failed rows.'), description: `The failed rows as CSV, with a reason column. ${who}` },
    export: {
      method: 'POST', path: `/${word}/export`, access: 'member', body: exportBodySchema, response: 'raw',
      rawAnswer: { status: 200, description: 'The export file.', mediaTypes: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] },
      description:
        'The chosen fields of the selected rows, the filtered list or everything the caller may see, as a CSV (UTF-8 with BOM) or XLSX blob, streamed; formula cells neutralised; times as wall-clock in timeZone (date cells in XLSX). The chosen fields are remembered for the caller. Needs the export privilege.',
    },
    exportChoice: {
      method: 'GET', path: `/${word}/export/fields`, access: 'member', response: exportChoiceSchema,
      description: 'The fields the caller chose at their last export of this kind (null when never), for the export dialog. Needs the export privilege.',
    },
  } as const;
}

export const contactImportsEndpoints = endpoints('imports', importEndpointDefs('customer'), { group: 'contactImports' });
export const companyImportsEndpoints = endpoints('imports', importEndpointDefs('company'), { group: 'companyImports' });
export const dealImportsEndpoints = endpoints('imports', importEndpointDefs('deal'), { group: 'dealImports' });
/** Schedules under /schedule (the calendar's word; /task/:id is one schedule). */
export const scheduleImportsEndpoints = endpoints('imports', importEndpointDefs('schedule'), { group: 'scheduleImports' });
/** Each kind's import and export endpoints (server routes and web pages are written once over this). */
export const importEndpointsByKind = {
  contact: contactImportsEndpoints,
  company: companyImportsEndpoints,
  deal: dealImportsEndpoints,
  schedule: scheduleImportsEndpoints,
} as const;

