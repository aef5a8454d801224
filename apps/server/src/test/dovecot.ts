import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './line-double.ts';

/**
 * A real IMAP server for the mail tests: Debian's Dovecot (`dovecot-imapd`, installed by .ci/run) started in the
 * foreground with a throwaway config — its own base and state dirs, Maildir under a temp dir, users and plain
 * passwords in a static passwd-file, plain-text IMAP on a free port of 127.0.0.1. Mail processes run as the
 * current user, or as the `dovecot` user when the tests run as root (Dovecot refuses uid 0 for mail).
 */
export interface Dovecot {
  host: string;
  port: number;
  /** Adds a user with a password (the passwd-file is re-read when it changes). */
  addUser(user: string, password: string): void;
  /** A password changed on the server (as when the user changes it at their provider). */
  setPassword(user: string, password: string): void;
  stop(): Promise<void>;
}

export const dovecotBinary = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'].find((file) => fs.existsSync(file));

function mailOwner(): { uid: number; gid: number; user: string } {
  const uid = process.getuid?.() ?? 1000;
  if (uid !== 0) return { uid, gid: process.getgid?.() ?? uid, user: os.userInfo().username };
  const id = (flag: string) => Number(spawnSync('id', [flag, 'dovecot'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g'), user: 'dovecot' };
}

async function waitForPort(port: number, timeoutMs: number, log: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Dovecot did not listen on ${port}: ${fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : 'no log'}`);
}

export async function startDovecot(): Promise<Dovecot> {
  if (!dovecotBinary) throw new Error('Dovecot is not installed (apt-get install -y dovecot-imapd)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lodestar-dovecot-'));
  fs.chmodSync(dir, 0o755);
  const owner = mailOwner();
  const port = await freePort();
  const users = path.join(dir, 'users');
  const mail = path.join(dir, 'mail');
  fs.mkdirSync(mail);
  fs.writeFileSync(users, '');
  if (process.getuid?.() === 0) fs.chownSync(mail, owner.uid, owner.gid);
  const log = path.join(dir, 'dovecot.log');
  const config = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(
    config,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${log}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# A wrong password answers at once (the health tests try one on purpose).
auth_failure_delay = 0
mail_location = maildir:${mail}/%u
default_internal_user = ${owner.user}
default_internal_group = ${owner.user === 'dovecot' ? 'dovecot' : owner.user}
default_login_user = ${owner.user}
first_valid_uid = ${Math.min(owner.uid, 1)}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${users}
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${mail}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
}
`,
  );
  const child = spawn(dovecotBinary, ['-F', '-c', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    await waitForPort(port, 10_000, log);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return {
    host: '127.0.0.1',
    port,
    addUser(user, password) {
      fs.appendFileSync(users, `${user}:{PLAIN}${password}::::::\n`);
    },
    setPassword(user, password) {
      const lines = fs.readFileSync(users, 'utf8').split('\n').filter((line) => line && !line.startsWith(`${user}:`));
      fs.writeFileSync(users, [...lines, `${user}:{PLAIN}${password}::::::`, ''].join('\n'));
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => {
          fs.rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
