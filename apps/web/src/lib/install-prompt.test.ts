import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  captureInstallPrompt,
  countPortalVisit,
  hasInstallPrompt,
  installState,
  installWay,
  isIosSafari,
  promptInstall,
  resetInstallPrompt,
} from './install-prompt';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

/** What Chromium dispatches: an event with prompt() and the person's choice. */
function installEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompted: boolean };
  event.prompted = false;
  Object.assign(event, {
    prompt: async () => {
      event.prompted = true;
    },
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  return event;
}

describe('when installing is offered', () => {
  const base = { visits: 2, state: null, standalone: false, promptAvailable: true, iosSafari: false };
  it('from the second visit on, through the browser prompt where there is one, else the iPhone steps', () => {
    expect(installWay({ ...base, visits: 1 })).toBeNull();
    expect(installWay(base)).toBe('prompt');
    expect(installWay({ ...base, promptAvailable: false, iosSafari: true })).toBe('ios');
    expect(installWay({ ...base, promptAvailable: false })).toBeNull();
  });

  it('never once installed or dismissed, nor inside the installed app', () => {
    expect(installWay({ ...base, state: 'dismissed' })).toBeNull();
    expect(installWay({ ...base, state: 'installed' })).toBeNull();
    expect(installWay({ ...base, standalone: true, iosSafari: true })).toBeNull();
  });

  it('the iPhone steps only in Safari (Chrome for iOS cannot add to the home screen the same way)', () => {
    expect(isIosSafari(IPHONE_SAFARI)).toBe(true);
    expect(isIosSafari(IPHONE_CHROME)).toBe(false);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 5)).toBe(true);
    expect(isIosSafari(IPAD_DESKTOP_MODE, 0)).toBe(false);
    expect(isIosSafari(ANDROID_CHROME)).toBe(false);
  });
});

describe('visits and the captured install offer', () => {
  beforeEach(() => {
    localStorage.clear();
    resetInstallPrompt();
  });
  afterEach(() => resetInstallPrompt());

  it('counts a page load once, however many times the portal renders', () => {
    expect(countPortalVisit()).toBe(1);
    expect(countPortalVisit()).toBe(1);
    resetInstallPrompt();
    expect(countPortalVisit()).toBe(2);
  });

  it("keeps Chromium's offer (hiding its own infobar) and shows its dialog on request; installed is remembered", async () => {
    const target = new EventTarget() as unknown as Window;
    captureInstallPrompt(target);
    expect(hasInstallPrompt()).toBe(false);
    const event = installEvent('accepted');
    target.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(hasInstallPrompt()).toBe(true);
    expect(await promptInstall()).toBe(true);
    expect(event.prompted).toBe(true);
    expect(installState()).toBe('installed');
    // The event can be used once.
    expect(hasInstallPrompt()).toBe(false);
    expect(await promptInstall()).toBe(false);
  });

  it('a dismissed browser dialog leaves the offer for a later visit', async () => {
    const target = new EventTarget() as unknown as Window;
    captureInstallPrompt(target);
    target.dispatchEvent(installEvent('dismissed'));
    expect(await promptInstall()).toBe(false);
    expect(installState()).toBeNull();
  });
});
