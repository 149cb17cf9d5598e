// Toasts through @mantine/notifications. Errors follow the spec: title 'Error', the server's
// message, 2500 ms.
import { notifications } from '@mantine/notifications';
import { isApiError, NETWORK_ERROR } from './api-error';
import { i18n } from './i18n';

export const TOAST_DURATION_MS = 2500;

/** The text shown for an error: the server's message, or a local one when there is none. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.message) return error.message;
    if (error.code === NETWORK_ERROR) return i18n.t('common:errors.network');
  }
  return i18n.t('common:errors.unexpected');
}

function show(title: string, message: string, color: 'red' | 'teal' | 'yellow'): void {
  notifications.show({
    title,
    message,
    color,
    autoClose: TOAST_DURATION_MS,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.closeNotification') },
  });
}

export function showError(error: unknown): void {
  show(i18n.t('common:errors.title'), errorMessage(error), 'red');
}

export function showSuccess(title: string, message: string): void {
  show(title, message, 'teal');
}

export function showWarning(title: string, message: string): void {
  show(title, message, 'yellow');
}
