// Realtime events between server instances. In-process by default (one server); Redis pub/sub when
// REDIS_URL is set, so an event published by instance A reaches a socket held by instance B.
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export interface RealtimeEvent {
  type: string;
  [key: string]: unknown;
}

export type EventHandler = (event: RealtimeEvent) => void;

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, event: RealtimeEvent): Promise<void>;
  /** Returns the function that stops this subscription. */
  subscribe(channel: string, handler: EventHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Channel names in one place, so publishers and subscribers cannot drift apart. */
export const channels = {
  user: (userId: string) => `user:${userId}`,
  nutritionist: (nutritionistId: string) => `nutritionist:${nutritionistId}`,
};

export class InProcessEventBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  async publish(channel: string, event: RealtimeEvent): Promise<void> {
    this.emitter.emit(channel, event);
  }

  async subscribe(channel: string, handler: EventHandler): Promise<() => Promise<void>> {
    this.emitter.on(channel, handler);
    return async () => {
      this.emitter.off(channel, handler);
    };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export class RedisEventBus implements EventBus {
  readonly kind = 'redis' as const;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<EventHandler>>();

  constructor(url: string, private readonly prefix = 'almendra:') {
    this.publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url, { lazyConnect: false });
    this.subscriber.on('message', (rawChannel: string, payload: string) => {
      const channel = rawChannel.slice(this.prefix.length);
      const set = this.handlers.get(channel);
      if (!set) return;
      let event: RealtimeEvent;
      try {
        event = JSON.parse(payload) as RealtimeEvent;
      } catch {
        return;
      }
      for (const handler of set) handler(event);
    });
  }

  async publish(channel: string, event: RealtimeEvent): Promise<void> {
    await this.publisher.publish(this.prefix + channel, JSON.stringify(event));
  }

  async subscribe(channel: string, handler: EventHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.subscriber.subscribe(this.prefix + channel);
    }
    set.add(handler);
    return async () => {
      const current = this.handlers.get(channel);
      if (!current) return;
      current.delete(handler);
      if (current.size === 0) {
        this.handlers.delete(channel);
        await this.subscriber.unsubscribe(this.prefix + channel);
      }
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}

export function createEventBus(redisUrl: string | undefined): EventBus {
  return redisUrl ? new RedisEventBus(redisUrl) : new InProcessEventBus();
}
