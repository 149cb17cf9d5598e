import { beforeEach, describe, expect, it } from 'vitest';
import { addToOutbox, readOutbox, removeFromOutbox } from './outbox';

describe('chat outbox', () => {
  beforeEach(() => localStorage.clear());

  it('keeps unsent messages per side and conversation, in order, once per clientId', () => {
    addToOutbox('patient', 'p1', { clientId: 'a', text: 'sin señal 1', writtenAt: '2026-01-01T10:00:00Z' });
    addToOutbox('patient', 'p1', { clientId: 'b', text: 'sin señal 2', writtenAt: '2026-01-01T10:00:01Z' });
    addToOutbox('patient', 'p1', { clientId: 'a', text: 'sin señal 1', writtenAt: '2026-01-01T10:00:00Z' });
    addToOutbox('nutritionist', 'p1', { clientId: 'c', text: 'otro lado', writtenAt: '2026-01-01T10:00:02Z' });
    expect(readOutbox('patient', 'p1').map((i) => i.text)).toEqual(['sin señal 1', 'sin señal 2']);
    expect(readOutbox('nutritionist', 'p1').map((i) => i.clientId)).toEqual(['c']);
    removeFromOutbox('patient', 'p1', 'a');
    removeFromOutbox('patient', 'p1', 'b');
    expect(readOutbox('patient', 'p1')).toEqual([]);
    expect(localStorage.getItem('almendra.chat.outbox.patient.p1')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('almendra.chat.outbox.patient.p2', '{not json');
    expect(readOutbox('patient', 'p2')).toEqual([]);
    localStorage.setItem('almendra.chat.outbox.patient.p2', JSON.stringify([{ clientId: 1 }, { clientId: 'x', text: 'ok', writtenAt: 'w' }]));
    expect(readOutbox('patient', 'p2').map((i) => i.clientId)).toEqual(['x']);
  });
});
