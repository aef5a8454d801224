// HTTP/2 over TLS in front of a running app server, as a deployment behind an HTTPS proxy serves it (bench/README.md
// "Lighthouse"): node bench/h2-proxy.mjs <app port> <proxy port>. A self-signed certificate is made with openssl for
// 127.0.0.1; run Lighthouse with NODE_TLS_REJECT_UNAUTHORIZED=0 LH_CHROME_ARGS=--ignore-certificate-errors.
import http from 'node:http';
import http2 from 'node:http2';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [target, port] = [Number(process.argv[2] ?? 3706), Number(process.argv[3] ?? 3720)];
const dir = mkdtempSync(join(tmpdir(), 'lodestar-h2-'));
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '2', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
// Connection-specific headers are not allowed in HTTP/2.
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']);
const copy = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !hopByHop.has(name)));

http2
  .createSecureServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')), allowHTTP1: true }, (req, res) => {
    const upstream = http.request({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: { ...copy(req.headers), host: `127.0.0.1:${target}` } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, copy(answer.headers));
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  })
  .listen(port, () => console.log(`https://127.0.0.1:${port} (HTTP/2) → http://127.0.0.1:${target}`));
