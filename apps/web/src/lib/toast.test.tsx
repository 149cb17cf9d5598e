// Toast durations: 2500 ms by default; a failed profile-name update keeps its error 8800 ms (seed 2 §9).
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from './api-error';
import { errorMessage, NAME_UPDATE_ERROR_TOAST_MS, showError, showLongError, TOAST_DURATION_MS } from './toast';

afterEach(() => vi.restoreAllMocks());

describe('toast durations', () => {
  it('shows errors for 2500 ms and the failed name update for 8800 ms', () => {
    const show = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
    showError(new Error('x'));
    showLongError(new Error('x'), NAME_UPDATE_ERROR_TOAST_MS);
    expect(TOAST_DURATION_MS).toBe(2500);
    expect(show.mock.calls.map(([options]) => options.autoClose)).toEqual([2500, 8800]);
  });
});

describe('error toasts', () => {
  it('shows the same failure once while it is on screen, and a different one beside it', async () => {
    const { notificationsStore, cleanNotifications } = await import('@mantine/notifications');
    cleanNotifications();
    showError(new Error('x'));
    showError(new Error('y'));
    const offline = new ApiError(0, NETWORK_ERROR, '');
    showError(offline);
    showError(offline);
    const { notifications: shown, queue } = notificationsStore.getState();
    expect([...shown, ...queue].map((n) => n.message)).toEqual([errorMessage(new Error('x')), errorMessage(offline)]);
    cleanNotifications();
  });
});
