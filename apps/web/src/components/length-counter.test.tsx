import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { LengthCounter } from './length-counter';

describe('LengthCounter', () => {
  it('says how much of the limit is used, and in words when the limit is reached', () => {
    const { rerender } = renderWithProviders(<LengthCounter length={37} max={500} />);
    expect(screen.getByTestId('length-counter').textContent).toBe('37/500 caracteres');
    expect(screen.getByTestId('length-counter').getAttribute('aria-live')).toBe('off');
    rerender(<LengthCounter length={470} max={500} />);
    expect(screen.getByTestId('length-counter').getAttribute('aria-live')).toBe('polite');
    rerender(<LengthCounter length={500} max={500} />);
    expect(screen.getByTestId('length-counter').textContent).toBe('500/500 caracteres: llegaste al máximo');
  });
});
