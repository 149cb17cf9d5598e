import { describe, expect, it } from 'vitest';
import { mediaErrorPhase } from './call-manager';

describe('video call device errors', () => {
  it('tells a blocked permission from a missing device', () => {
    expect(mediaErrorPhase(Object.assign(new Error('x'), { name: 'NotAllowedError' }))).toBe('blocked');
    expect(mediaErrorPhase(Object.assign(new Error('x'), { name: 'SecurityError' }))).toBe('blocked');
    expect(mediaErrorPhase(Object.assign(new Error('x'), { name: 'NotFoundError' }))).toBe('noDevices');
    expect(mediaErrorPhase(Object.assign(new Error('x'), { name: 'NotReadableError' }))).toBe('noDevices');
    expect(mediaErrorPhase(undefined)).toBe('noDevices');
  });
});
