// Form rules of the account screens, mirroring the contract schemas so mistakes show before a call.
import type { PASSWORD_MIN_LENGTH as ContractMin } from '@almendra/contracts';

export const PASSWORD_MIN_LENGTH: typeof ContractMin = 8;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isStrongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH;
}

export function passwordsMatch(password: string, confirmation: string): boolean {
  return password === confirmation;
}
