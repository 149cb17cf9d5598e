// A WebSocket test client that buffers every event, so tests wait for a condition instead of sleeping.
import WebSocket from 'ws';

export interface Client {
  socket: WebSocket;
  next(predicate?: (event: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  closed: Promise<number>;
}

/** Connects and buffers every message, so a test waits for a condition instead of sleeping. */
export function connect(baseUrl: string): Promise<Client> {
  const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/api/v1/ws`);
  const received: Record<string, unknown>[] = [];
  const waiters: Array<{ predicate: (e: Record<string, unknown>) => boolean; resolve: (e: Record<string, unknown>) => void }> = [];
  socket.on('message', (raw) => {
    const event = JSON.parse(String(raw)) as Record<string, unknown>;
    const waiter = waiters.find((w) => w.predicate(event));
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    } else received.push(event);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    socket.on('error', reject);
    socket.on('open', () =>
      resolve({
        socket,
        closed,
        next(predicate = () => true) {
          const index = received.findIndex(predicate);
          if (index >= 0) return Promise.resolve(received.splice(index, 1)[0]!);
          return new Promise((res) => waiters.push({ predicate, resolve: res }));
        },
      }),
    );
  });
}

