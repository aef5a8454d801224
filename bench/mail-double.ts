/**
 * The Gmail / Graph double (apps/server/src/test/mail-providers-double.ts) in a process of its own, for
 * bench/mail-memory.ts: the mailbox's messages live here, not in the measured server. Holds BENCH_MAIL_MESSAGES
 * messages in the backfill window, 30 % of them from BENCH_MAIL_CONTACTS contacts' addresses (`client<i>@customer<i % 40>.example.tw`,
 * as bench/mail.ts), each with a 2 000-character body. Prints one line `READY {"config":…,"matching":n}` and serves
 * until stdin closes or a signal comes.
 */
import { startMailProvidersDouble } from '../apps/server/src/test/mail-providers-double.ts';
import { rawMessage } from '../apps/server/src/test/mail-servers.ts';

const messages = Number(process.env.BENCH_MAIL_MESSAGES ?? 1_000);
const contacts = Number(process.env.BENCH_MAIL_CONTACTS ?? 300);
const mailbox = process.env.BENCH_MAIL_ADDRESS ?? 'bench@gmail.example';

const double = await startMailProvidersDouble({ gmail: mailbox, outlook: 'bench@outlook.example' }, { pageSize: 100 });
const day = 86_400_000;
let matching = 0;
for (let i = 0; i < messages; i += 1) {
  const fromContact = i % 10 < 3;
  if (fromContact) matching += 1;
  const from = fromContact ? `client${i % contacts}@customer${(i % contacts) % 40}.example.tw` : `sender${i}@elsewhere${i % 97}.example`;
  const body = `Message ${i}: `.padEnd(2_000, 'lorem ipsum 報價 ');
  double.deliver('gmail', rawMessage({ From: from, To: mailbox, Subject: `Bench ${i}`, 'Message-ID': `<bench-${i}@bench.example>` }, body), 'inbox', new Date(Date.now() - ((i % 80) + 1) * day));
}
console.log(`READY ${JSON.stringify({ config: double.config(), matching, rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024) })}`);

const stop = () => void double.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
process.stdin.once('end', stop);
process.stdin.resume();
