// Where this browser remembers that an account put the first-patient popup away, so it hides at once on
// the next screen, before GET /me/onboarding answers (the account's own state, `firstPatientTour:
// 'dismissed'`, is what every other device goes by). Per account: another nutritionist signing in on the
// same browser still gets her own popup.

const keyFor = (userId: string) => `almendra.firstPatientTour.${userId}`;

export function firstPatientDismissedHere(userId: string | undefined): boolean {
  if (!userId) return false;
  try {
    return window.localStorage.getItem(keyFor(userId)) === 'done';
  } catch {
    return false;
  }
}

export function rememberFirstPatientDismissed(userId: string | undefined): void {
  if (!userId) return;
  try {
    window.localStorage.setItem(keyFor(userId), 'done');
  } catch {
    // Storage unavailable: the account's state still hides it once GET /me/onboarding answers.
  }
}
