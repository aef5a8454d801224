import { useSyncExternalStore } from 'react';

/**
 * The phone's offline outbox (docs/product.md#offline-outbox): writes made without a network, kept on the device in
 * IndexedDB until they are sent. Each entry keeps what the request needs (method, path, query, JSON body or form
 * fields with their files), its Idempotency-Key and a label for the list; nothing else of the API's answers is stored.
 */
export type OutboxKind = 'note' | 'activity' | 'schedule' | 'contact';

export type OutboxBody = { type: 'none' } | { type: 'json'; value: unknown } | { type: 'form'; fields: [string, string | File][] };

export interface OutboxEntry {
  /** Ascending: the order the writes were made, and are sent in. */
  id?: number;
  /** Whose write it is: only that user's session sends it or lists it. */
  userId: string;
  orgId: string;
  kind: OutboxKind;
  /** What the list shows (a note's text, the activity items' names). */
  label: string;
  method: 'POST' | 'PUT';
  path: string;
  query: Record<string, string>;
  body: OutboxBody;
  idempotencyKey: string;
  createdAt: string;
  /** 'failed': the server refused it (deleted record, validation); it waits for the user to retry or discard it. */
  state: 'waiting' | 'failed';
  error: string | null;
}

const databaseName = 'lodestar-outbox';
const storeName = 'writes';
let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'id', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error('indexedDB'));
    };
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(storeName, mode);
    const request = work(transaction.objectStore(storeName));
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? new Error('indexedDB'));
  });
}

// ---- what the header's indicator and list read ----
let entries: OutboxEntry[] = [];
const listeners = new Set<() => void>();

/** Reads the store again and tells the subscribers (after every change, and at start). */
export async function refreshOutbox(userId: string | null): Promise<OutboxEntry[]> {
  const all = userId ? await run('readonly', (store) => store.getAll() as IDBRequest<OutboxEntry[]>) : [];
  entries = all.filter((entry) => entry.userId === userId).sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
  for (const listener of listeners) listener();
  return entries;
}

export function useOutboxEntries(): OutboxEntry[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => entries,
  );
}

export async function addEntry(entry: OutboxEntry): Promise<void> {
  await run('readwrite', (store) => store.add(entry));
  await refreshOutbox(entry.userId);
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  await run('readwrite', (store) => store.put(entry));
  await refreshOutbox(entry.userId);
}

export async function deleteEntry(entry: OutboxEntry): Promise<void> {
  await run('readwrite', (store) => store.delete(entry.id!));
  await refreshOutbox(entry.userId);
}
