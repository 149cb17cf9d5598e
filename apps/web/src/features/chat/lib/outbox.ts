// Messages written without a connection wait on the device (localStorage, per side and conversation)
// until they are sent: they survive a reload and go out when the browser is back online or the
// realtime socket reconnects, each with the clientId it was given when typed, so the server (unique
// patient + sender + clientId) keeps one copy however many times a send is retried.
export interface OutboxItem {
  clientId: string;
  text: string;
  /** When it was written (shown as its time until the server confirms it). */
  writtenAt: string;
}

const PREFIX = 'almendra.chat.outbox';
const keyOf = (side: string, patientId: string) => `${PREFIX}.${side}.${patientId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readOutbox(side: string, patientId: string): OutboxItem[] {
  const raw = storage()?.getItem(keyOf(side, patientId));
  if (!raw) return [];
  try {
    const items = JSON.parse(raw) as unknown;
    if (!Array.isArray(items)) return [];
    return items.filter(
      (i): i is OutboxItem => typeof i === 'object' && i !== null && typeof i.clientId === 'string' && typeof i.text === 'string' && typeof i.writtenAt === 'string',
    );
  } catch {
    return [];
  }
}

function write(side: string, patientId: string, items: OutboxItem[]) {
  const store = storage();
  if (!store) return;
  try {
    if (items.length === 0) store.removeItem(keyOf(side, patientId));
    else store.setItem(keyOf(side, patientId), JSON.stringify(items));
  } catch {
    // A full storage keeps the message on screen only (it can still be retried by hand).
  }
}

export function addToOutbox(side: string, patientId: string, item: OutboxItem): void {
  const items = readOutbox(side, patientId);
  // A retry of a queued message keeps its place: messages go out in the order they were written.
  if (items.some((i) => i.clientId === item.clientId)) return;
  write(side, patientId, [...items, item]);
}

export function removeFromOutbox(side: string, patientId: string, clientId: string): void {
  write(side, patientId, readOutbox(side, patientId).filter((i) => i.clientId !== clientId));
}
