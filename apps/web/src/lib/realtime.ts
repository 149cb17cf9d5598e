// One WebSocket per tab to /api/v1/ws while someone is signed in: authenticates with the first message,
// re-authenticates when the access token changes, reconnects with capped exponential backoff, and tells
// subscribers about every event and about each reconnection (so a chat asks for what it missed).
import { refreshSession } from './api-client';
import { currentAccessToken, isAuthenticated, readSession, subscribeToSession } from './session';

export interface RealtimeEvent {
  type: string;
  [key: string]: unknown;
}

type EventListener = (event: RealtimeEvent) => void;
type StatusListener = (status: RealtimeStatus) => void;
export type RealtimeStatus = 'offline' | 'connecting' | 'ready';

const MAX_BACKOFF_MS = 15_000;

class RealtimeConnection {
  private socket: WebSocket | null = null;
  private status: RealtimeStatus = 'offline';
  private readonly listeners = new Set<EventListener>();
  private readonly statusListeners = new Set<StatusListener>();
  private attempts = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private token: string | null = null;
  private started = false;
  private readyOnce = false;

  start(): void {
    if (this.started || typeof window === 'undefined') return;
    this.started = true;
    subscribeToSession(() => this.syncWithSession());
    this.syncWithSession();
  }

  private syncWithSession() {
    const token = currentAccessToken();
    if (!token) {
      this.token = null;
      this.close();
      return;
    }
    if (token === this.token) return;
    this.token = token;
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ type: 'auth', token }));
    else if (!this.socket) void this.connect();
  }

  private async connect() {
    // The socket authenticates once with the access token: an expired one is renewed first (the
    // server would close with 4401), through the api client's shared refresh.
    const session = readSession();
    if (!session) return;
    if (!isAuthenticated(new Date(), session)) {
      this.token = await refreshSession(session.accessToken).catch(() => null);
      if (!this.token) return;
    } else {
      this.token = session.accessToken;
    }
    if (this.socket) return;
    this.setStatus('connecting');
    const url = `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/api/v1/ws`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token: this.token }));
    socket.onmessage = (message) => {
      let event: RealtimeEvent;
      try {
        event = JSON.parse(String(message.data)) as RealtimeEvent;
      } catch {
        return;
      }
      if (event.type === 'ready') {
        const reconnected = this.readyOnce;
        this.readyOnce = true;
        this.attempts = 0;
        this.setStatus('ready');
        if (reconnected) this.emit({ type: 'realtime.reconnected' });
        return;
      }
      this.emit(event);
    };
    socket.onclose = (close) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus('offline');
      // 4403: portal access revoked (the 'session.revoked' event came just before); never reconnect.
      // 4401 (token refused) reconnects: connect() renews an expired token first.
      if (close.code === 4403) return;
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect() {
    if (!this.token || this.retryTimer) return;
    const delay = Math.min(MAX_BACKOFF_MS, 500 * 2 ** this.attempts);
    this.attempts += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, delay);
  }

  private close() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.readyOnce = false;
    socket?.close();
    this.setStatus('offline');
  }

  private setStatus(status: RealtimeStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }

  private emit(event: RealtimeEvent) {
    for (const listener of [...this.listeners]) listener(event);
  }

  send(message: RealtimeEvent): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || this.status !== 'ready') return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: StatusListener): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  currentStatus(): RealtimeStatus {
    return this.status;
  }
}

export const realtime = new RealtimeConnection();
