// This browser's side of Web Push: whether it can receive notifications at all, the permission, and the
// subscription made through the service worker's registration (the service worker itself, with its push
// and notificationclick handlers, is the PWA's: apps/web/src/sw.ts). Permission is only ever asked from a
// click on "Activar notificaciones" (browsers block prompts that come from nowhere, and people refuse them).
import { api, apiRequest } from './api-client';

const pushApi = {
  publicKey: () => api.get<{ publicKey: string }>('/push/public-key', { auth: false }),
  subscribe: (body: { endpoint: string; keys: { p256dh: string; auth: string } }) => api.post<{ endpoint: string; createdAt: string }>('/push/subscriptions', body),
  unsubscribe: (endpoint: string) => apiRequest<null>('DELETE', '/push/subscriptions', { body: { endpoint } }),
};

export type PushSupport =
  /** Service worker, PushManager and Notification are all there. */
  | 'supported'
  /** An iPhone or iPad browser tab: Safari only offers push to a site added to the home screen. */
  | 'ios-not-installed'
  | 'unsupported';

function isIos(): boolean {
  const ua = navigator.userAgent;
  // iPadOS reports itself as a Mac with touch.
  return /iPhone|iPad|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function pushSupport(): PushSupport {
  const capable = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (isIos() && !isStandalone()) return 'ios-not-installed';
  return capable ? 'supported' : 'unsupported';
}

export function notificationPermission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'default' : Notification.permission;
}

/** The service worker's registration, or null when none controls this page within the wait. */
async function registration(timeoutMs = 10_000): Promise<ServiceWorkerRegistration | null> {
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const existing = await navigator.serviceWorker.getRegistration();
  return (await existing?.pushManager.getSubscription()) ?? null;
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export class PushSetupError extends Error {
  constructor(readonly reason: 'denied' | 'no-service-worker' | 'unsupported') {
    super(reason);
    this.name = 'PushSetupError';
  }
}

/**
 * Asks for permission (the caller runs this from a click), subscribes through the service worker with
 * the server's VAPID key and registers the subscription for the signed-in person.
 */
export async function enablePush(): Promise<PushSubscription> {
  if (pushSupport() !== 'supported') throw new PushSetupError('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushSetupError('denied');
  const reg = await registration();
  if (!reg) throw new PushSetupError('no-service-worker');
  const { publicKey } = await pushApi.publicKey();
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another key (the server's keys were replaced) cannot be used: renew it.
  const currentKey = subscription?.options.applicationServerKey;
  if (subscription && currentKey && btoa(String.fromCharCode(...new Uint8Array(currentKey))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') !== publicKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
  const json = subscription.toJSON();
  await pushApi.subscribe({ endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } });
  return subscription;
}

/** Forgets this browser on the server and unsubscribes it. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await pushApi.unsubscribe(subscription.endpoint);
  await subscription.unsubscribe();
}

/**
 * On sign-out: this browser stops receiving the account's notifications (best effort, never blocks the
 * sign-out; the server forgets the subscription only while the session is still valid).
 */
export async function forgetPushOnSignOut(timeoutMs = 3000): Promise<void> {
  try {
    await Promise.race([disablePush(), new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
  } catch {
    // Offline or the session already ended: the server drops it at the push service's next 410.
  }
}
