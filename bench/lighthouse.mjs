// Lighthouse on the first load of five pages (bench/README.md "Lighthouse"). Lighthouse is not a project dependency:
// install it outside the repository (12.2.3 with puppeteer-core 23 runs on Node 20) and point LH_DIR at that folder.
// THROTTLING=devtools applies the slowdown while the page loads instead of simulating it from an unthrottled trace.
// PRESET=mobile (default: Lighthouse's own mobile preset, 4x CPU slowdown, slow 4G, 412 px Moto G power) or desktop.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const lhDir = process.env.LH_DIR ?? '/tmp/lh';
const require = createRequire(join(lhDir, 'package.json'));
const { default: lighthouse } = await import(require.resolve('lighthouse'));
const { default: puppeteer } = await import(require.resolve('puppeteer-core'));
const preset = process.env.PRESET ?? 'mobile';
const config = preset === 'desktop' ? (await import(require.resolve('lighthouse/core/config/desktop-config.js'))).default : undefined;

const base = process.argv[2] ?? 'http://localhost:3706';
const tag = process.argv[3] ?? preset;
async function api(path, body, token, orgId) {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const response = await fetch(`${base}/api${path}${orgId ? `?orgId=${orgId}` : ''}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = await response.json();
  if (json.result !== 'success') throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}
async function multipart(path, fields, token, orgId) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const response = await fetch(`${base}/api${path}?orgId=${orgId}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const json = await response.json();
  if (json.result !== 'success') throw new Error(`${path}: ${JSON.stringify(json)}`);
}

const session = await api('/register', { email: `lh-${Date.now()}@example.com`, password: 'Lodestar-lh-2026', firstName: '小明', lastName: '王' });
const org = await api('/organizations/create', { orgName: 'Formosa Sales', memberEmails: [] }, session.token);
await api('/organizations/setDefault', { orgId: org.orgId }, session.token, org.orgId);
for (let i = 0; i < 30; i++) {
  await multipart('/customer', { firstName: `經理${i}`, lastName: '陳', emails: JSON.stringify([{ value: `c${i}@example.com`, type: 'work' }]) }, session.token, org.orgId);
}

const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--no-first-run', ...(process.env.LH_CHROME_ARGS ? process.env.LH_CHROME_ARGS.split(' ') : [])] });
const runs = Number(process.env.LH_RUNS ?? 3);
const only = process.env.PAGES ? process.env.PAGES.split(',') : null;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pages = [
  { name: 'sign-in', url: `${base}/member/login`, signedIn: false },
  { name: 'home', url: `${base}/${org.orgId}/index`, signedIn: true },
  { name: 'contact list', url: `${base}/${org.orgId}/contact/list`, signedIn: true },
  { name: 'deal board', url: `${base}/${org.orgId}/deal/list`, signedIn: true },
  { name: 'calendar', url: `${base}/${org.orgId}/calendar`, signedIn: true },
  // The fixed stack's floor (apps/web/bare-stack): React and antd alone, its build copied into the served build as
  // BARE_PATH (e.g. /bare.html). Signed out it renders constant rows at once; signed in ("bare data") it renders the
  // workspace's first 30 contacts, asked for by its HTML — the floor of a page that shows a signed-in user's data.
  // BARE_ORIGIN serves the signed-out page from elsewhere (a plain static server), to compare the two origins.
  ...(process.env.BARE_PATH
    ? [
        { name: 'bare stack', url: `${process.env.BARE_ORIGIN ?? base}${process.env.BARE_PATH}`, signedIn: false },
        { name: 'bare data', url: `${base}${process.env.BARE_PATH}`, signedIn: true },
      ]
    : []),
].filter((p) => !only || only.includes(p.name));

const out = [];
for (const p of pages) {
  const results = [];
  for (let r = 0; r < runs; r++) {
    const page = await browser.newPage();
    // A same-origin page that is not the app: the app's page would register the service worker before Lighthouse runs.
    await page.goto(`${base}/api/health`);
    // The session is written before Lighthouse loads the page (disableStorageReset), and the HTTP cache is cleared,
    // so every run is a first visit (signed in where the page needs it).
    await page.evaluate(([signedIn, token, user, orgId]) => {
      localStorage.clear();
      if (signedIn) {
        localStorage.setItem('lodestar.token', token);
        localStorage.setItem('lodestar.user', JSON.stringify({ id: user.id, firstName: user.firstName, orgId, avatar: null }));
      }
    }, [p.signedIn, session.token, session.user, org.orgId]);
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    // The service worker (PWA) would otherwise serve the shell from its cache: a first visit has none.
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(base).origin, storageTypes: 'service_workers,cache_storage' });
    const categories = r === 0 ? ['performance', 'accessibility'] : ['performance'];
    const { lhr } = await lighthouse(p.url, { disableStorageReset: true, onlyCategories: categories, logLevel: 'error', ...(process.env.THROTTLING ? { throttlingMethod: process.env.THROTTLING } : {}) }, config, page);
    const a = lhr.audits;
    results.push({
      score: lhr.categories.performance.score * 100,
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      si: a['speed-index'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      kb: a['total-byte-weight'].numericValue / 1024,
    });
    if (r === 0) {
      p.a11y = lhr.categories.accessibility.score * 100;
      p.a11yFails = Object.values(a)
        .filter((x) => x.scoreDisplayMode === 'binary' && x.score === 0 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === x.id))
        .map((x) => x.id);
      p.lcpEl = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet;
      if (process.env.LH_JSON) writeFileSync(`${process.env.LH_JSON}/${tag}-${p.name.replace(' ', '-')}.json`, JSON.stringify(lhr));
    }
    await page.close();
  }
  const m = (k, digits = 0) => median(results.map((x) => x[k])).toFixed(digits);
  // The targets: issue 38's on the mobile preset (performance ≥ 90, LCP ≤ 2.5 s), issue 21's on the desktop one (LCP ≤ 1.2 s).
  const lcpTarget = preset === 'desktop' ? 1200 : 2500;
  const met = Number(m('score')) >= 90 && Number(m('lcp')) <= lcpTarget ? '✓' : '✗';
  const line = `${p.name}: ${met} (target performance ≥ 90, LCP ≤ ${lcpTarget} ms) performance ${m('score')} (runs ${results.map((x) => x.score.toFixed(0)).join('/')}), FCP ${m('fcp')} ms, LCP ${m('lcp')} ms, SI ${m('si')} ms, TBT ${m('tbt')} ms, CLS ${m('cls', 3)}, transfer ${m('kb')} KB; accessibility ${p.a11y} ${JSON.stringify(p.a11yFails)}; LCP element ${p.lcpEl}`;
  console.log(line);
  out.push(line);
}
writeFileSync(join(lhDir, `result-${tag}.txt`), out.join('\n') + '\n');
await browser.close();
