// Toasts through @mantine/notifications. Errors follow the spec: title 'Error', the server's
// message, 2500 ms.
import { Button } from '@mantine/core';
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

/** Seed 2 section 9: a failed profile-name update keeps its error toast for 8800 ms. */
export const NAME_UPDATE_ERROR_TOAST_MS = 8800;

function show(title: string, message: string, color: 'red' | 'teal' | 'yellow', autoClose = TOAST_DURATION_MS, id?: string): void {
  notifications.show({
    id,
    title,
    message,
    color,
    autoClose,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.closeNotification') },
  });
}

/**
 * One toast per distinct error while it is on screen: the same failure reported by several queries at
 * once (offline, or a screen's prefetched query failing and failing again when the screen mounts)
 * shows once. (Mantine keeps a notification whose id is already shown instead of adding another.)
 */
export function showError(error: unknown): void {
  const message = errorMessage(error);
  show(i18n.t('common:errors.title'), message, 'red', TOAST_DURATION_MS, `error:${message}`);
}

/** An error toast that stays longer than the usual 2500 ms (e.g. NAME_UPDATE_ERROR_TOAST_MS). */
export function showLongError(error: unknown, autoClose: number): void {
  show(i18n.t('common:errors.title'), errorMessage(error), 'red', autoClose);
}

export function showSuccess(title: string, message: string): void {
  show(title, message, 'teal');
}

export function showWarning(title: string, message: string): void {
  show(title, message, 'yellow');
}

/** Seconds an undoable change stays undoable: longer than a plain toast, so there is time to read and click. */
export const UNDO_TOAST_DURATION_MS = 8000;

export interface ToastAction {
  label: string;
  run: () => void;
}

/** A success toast with buttons (undo, tell the patient…); a button runs once and closes the toast. */
export function showWithActions(title: string, message: string, actions: readonly ToastAction[]): void {
  const id = notifications.show({
    title,
    message: (
      <span style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <span style={{ flex: '1 1 100%' }}>{message}</span>
        {actions.map((action) => (
          <Button
            key={action.label}
            size="compact-sm"
            variant="light"
            onClick={() => {
              notifications.hide(id);
              action.run();
            }}
          >
            {action.label}
          </Button>
        ))}
      </span>
    ),
    color: 'teal',
    autoClose: UNDO_TOAST_DURATION_MS,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.closeNotification') },
  });
}

/** A success toast with an "undo" button; the button runs `undo` once and closes the toast. */
export function showUndoable(title: string, message: string, undoLabel: string, undo: () => void): void {
  showWithActions(title, message, [{ label: undoLabel, run: undo }]);
}
