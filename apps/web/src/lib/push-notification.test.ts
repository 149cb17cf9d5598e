import { describe, expect, it } from 'vitest';
import { clickAction, notificationUrl, readPushPayload } from './push-notification';

const ORIGIN = 'https://app.almendra.test';

describe('the notification a push message shows', () => {
  it('takes the title, tag and address of the payload, and a generic title when there is none', () => {
    expect(readPushPayload({ title: 'Nuevo mensaje de tu nutricionista', tag: 'chat', url: '/portal?tab=chat' })).toEqual({ title: 'Nuevo mensaje de tu nutricionista', tag: 'chat', url: '/portal?tab=chat' });
    expect(readPushPayload({ title: 'Tenés un plan nuevo de tu nutricionista' })).toEqual({ title: 'Tenés un plan nuevo de tu nutricionista' });
    // Anything else the payload carries is not shown.
    expect(readPushPayload({ title: 'Nuevo mensaje', body: 'texto del mensaje', tag: 7 })).toEqual({ title: 'Nuevo mensaje' });
    for (const data of [null, 'texto', { title: '' }, { tag: 'chat' }, 42]) expect(readPushPayload(data)).toEqual({ title: 'Almendra' });
  });

  it("opens only this app's addresses", () => {
    expect(notificationUrl('/portal?tab=chat', ORIGIN)).toBe(`${ORIGIN}/portal?tab=chat`);
    expect(notificationUrl(`${ORIGIN}/chat?paciente=abc`, ORIGIN)).toBe(`${ORIGIN}/chat?paciente=abc`);
    expect(notificationUrl(undefined, ORIGIN)).toBe(`${ORIGIN}/`);
    for (const url of ['https://evil.test/portal', '//evil.test/x', 'javascript:alert(1)', 'http://app.almendra.test/portal']) {
      expect(notificationUrl(url, ORIGIN), url).toBe(`${ORIGIN}/`);
    }
  });
});

describe('what a click on a notification opens', () => {
  const chat = `${ORIGIN}/portal?tab=chat`;

  it('focuses a window already at its address', () => {
    expect(clickAction([{ url: `${ORIGIN}/portal`, navigable: true }, { url: chat, navigable: true }], chat, ORIGIN)).toEqual({ kind: 'focus', window: 1 });
  });

  it("sends an open window of the app to the notification's screen rather than opening a second one", () => {
    expect(clickAction([{ url: 'https://other.test/', navigable: true }, { url: `${ORIGIN}/portal`, navigable: true }], chat, ORIGIN)).toEqual({ kind: 'navigate', window: 1 });
    // A window that cannot be navigated is left alone.
    expect(clickAction([{ url: `${ORIGIN}/portal`, navigable: false }], chat, ORIGIN)).toEqual({ kind: 'open' });
  });

  it('opens a new window when none of the app is open', () => {
    expect(clickAction([], chat, ORIGIN)).toEqual({ kind: 'open' });
    expect(clickAction([{ url: 'https://other.test/portal?tab=chat', navigable: true }], chat, ORIGIN)).toEqual({ kind: 'open' });
  });
});
