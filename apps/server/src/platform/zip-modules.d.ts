/**
 * The parts of archiver (writing a backup's zip) and unzipper (reading one back) that modules/imports/backups uses;
 * both are exceljs's own zip libraries, pinned in apps/server/package.json.
 */
declare module 'archiver' {
  import type { Readable } from 'node:stream';
  interface Archiver extends Readable {
    append(source: string | Buffer, data: { name: string }): this;
    directory(dirpath: string, destpath: string): this;
    finalize(): Promise<void>;
  }
  export default function archiver(format: 'zip', options?: { zlib?: { level?: number } }): Archiver;
}

declare module 'unzipper' {
  interface Entry {
    path: string;
    type: 'File' | 'Directory';
    buffer(): Promise<Buffer>;
  }
  const unzipper: { Open: { file(path: string): Promise<{ files: Entry[] }>; buffer(data: Buffer): Promise<{ files: Entry[] }> } };
  export default unzipper;
}
