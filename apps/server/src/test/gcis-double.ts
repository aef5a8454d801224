import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The company registry's open-data API as it answers (records/companies/company-registry.ts): GET
 * /od/data/api/{dataset}?$format=json&$filter=Business_Accounting_NO eq NNNNNNNN&$skip&$top, always HTTP 200 — the rows
 * as a JSON array, an empty body for an unknown 統編, plain-text sentences for a bad filter or an unknown dataset.
 * `down` makes it answer 503 (a maintenance window), `hang` never answer.
 */
export const gcisRows: Record<string, Record<string, unknown>> = {
  '22099131': {
    Business_Accounting_NO: '22099131',
    Company_Status_Desc: '核准設立',
    Company_Name: '台灣積體電路製造股份有限公司',
    Capital_Stock_Amount: 280500000000,
    Paid_In_Capital_Amount: 259323700670,
    Share_Val: 10,
    Equity_Amt: 25932370067,
    Responsible_Name: '魏哲家',
    Company_Location: '新竹科學園區新竹市力行六路8號',
    Register_Organization_Desc: '國家科學及技術委員會新竹科學園區管理局',
    Company_Setup_Date: '0760221',
    Change_Of_Approval_Data: '1150618',
    Revoke_App_Date: '',
    Case_Status: '',
    Case_Status_Desc: '',
    Sus_App_Date: '',
    Sus_Beg_Date: '',
    Sus_End_Date: '',
  },
  // A dissolved limited company: no paid-in capital, blanks written as seven spaces.
  '10007919': {
    Business_Accounting_NO: '10007919',
    Company_Status_Desc: '解散',
    Company_Name: '福爾摩沙測試有限公司',
    Capital_Stock_Amount: 500000,
    Paid_In_Capital_Amount: 0,
    Responsible_Name: '林美華',
    Company_Location: '臺北市信義區松仁路100號',
    Company_Setup_Date: '0980315',
    Change_Of_Approval_Data: '1120101',
    Revoke_App_Date: '       ',
  },
};

export async function gcisDouble() {
  const state = { mode: 'up' as 'up' | 'down' | 'hang', requests: 0 };
  const server = http.createServer((request, response) => {
    state.requests += 1;
    if (state.mode === 'hang') return;
    if (state.mode === 'down') return void response.writeHead(503, { 'content-type': 'text/html' }).end('<html>系統維護中</html>');
    const url = new URL(request.url ?? '/', 'http://double');
    const text = (body: string) => response.writeHead(200, { 'content-type': 'text/plain;charset=UTF-8' }).end(body);
    if (url.pathname !== '/od/data/api/5F64D864-61CB-4D0D-8AD9-492047CC1EA6') return text('此API不存在，請查明後繼續。');
    const filter = /^Business_Accounting_NO eq (\d{8})$/.exec(url.searchParams.get('$filter') ?? '');
    if (url.searchParams.get('$format') !== 'json' || !filter) return text('$filter參數有誤，請查明後繼續。');
    const row = gcisRows[filter[1]!];
    if (!row) return void response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8', 'content-length': '0' }).end();
    response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify([row]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
