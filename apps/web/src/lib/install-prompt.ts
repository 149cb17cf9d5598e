// When and how to offer installing the portal as an app (issue 27). Chromium announces that the page is
// installable with `beforeinstallprompt`, which fires early, often before the portal's code has loaded:
// captured from start-up (main.tsx), kept, and used when the person taps "Instalar la app". Safari on an
// iPhone has no such event: installing is "Compartir → Agregar a inicio", which the portal explains.
// Offered from the second visit to the portal on (not on a first load, never on the sign-in screen),
// until installed or dismissed; never inside the installed app.

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export type InstallWay = 'prompt' | 'ios' | null;

const VISITS_KEY = 'almendra.portalVisits';
const STATE_KEY = 'almendra.installPrompt';

type Listener = () => void;
let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of listeners) listener();
};

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Starts listening for Chromium's install offer (once, at start-up). */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Chromium's own mini-infobar would show on the first load; the portal offers it at its moment.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    storage()?.setItem(STATE_KEY, 'installed');
    notify();
  });
}

export function subscribeToInstallPrompt(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function hasInstallPrompt(): boolean {
  return deferred !== null;
}

/** Safari on an iPhone or iPad (not Chrome/Firefox/Edge for iOS, which cannot add to the home screen the same way). */
export function isIosSafari(userAgent: string, maxTouchPoints = 0): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}

export function isStandalone(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches);
}

/** Counts this page load as one visit to the portal (once per load); answers the count. */
let countedThisLoad: number | null = null;
export function countPortalVisit(store: Storage | null = storage()): number {
  if (countedThisLoad !== null) return countedThisLoad;
  const previous = Number(store?.getItem(VISITS_KEY) ?? '0');
  countedThisLoad = (Number.isFinite(previous) ? previous : 0) + 1;
  store?.setItem(VISITS_KEY, String(countedThisLoad));
  return countedThisLoad;
}

export function dismissInstall(store: Storage | null = storage()): void {
  store?.setItem(STATE_KEY, 'dismissed');
  notify();
}

/** How installing can be offered now, or null: not yet (first visit), done, dismissed or impossible. */
export function installWay(input: { visits: number; state: string | null; standalone: boolean; promptAvailable: boolean; iosSafari: boolean }): InstallWay {
  if (input.visits < 2 || input.state !== null || input.standalone) return null;
  if (input.promptAvailable) return 'prompt';
  if (input.iosSafari) return 'ios';
  return null;
}

export function installState(store: Storage | null = storage()): string | null {
  return store?.getItem(STATE_KEY) ?? null;
}

/** Shows Chromium's install dialog; answers whether the person installed. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  await event.prompt();
  const choice = await event.userChoice;
  if (choice.outcome === 'accepted') storage()?.setItem(STATE_KEY, 'installed');
  notify();
  return choice.outcome === 'accepted';
}

/** For tests: forget the captured event and this load's visit count. */
export function resetInstallPrompt(): void {
  deferred = null;
  countedThisLoad = null;
  notify();
}
