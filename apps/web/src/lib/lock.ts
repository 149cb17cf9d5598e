// Screen lock ('almendra.locked'): the session stays signed in but the main layout is hidden behind
// the lock screen until the password is confirmed. Stored so a reload stays locked.

export const LOCK_STORAGE_KEY = 'almendra.locked';

export function isLocked(): boolean {
  try {
    return window.localStorage.getItem(LOCK_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setLocked(locked: boolean): void {
  try {
    if (locked) window.localStorage.setItem(LOCK_STORAGE_KEY, 'true');
    else window.localStorage.removeItem(LOCK_STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode quota): the lock then lasts only for this page view.
  }
}
