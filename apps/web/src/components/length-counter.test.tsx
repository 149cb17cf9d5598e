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

describe('LengthCounter near the limit only (what AutoTextarea max shows under every limited field)', () => {
  it('is absent well below the limit and appears from 80 % on', () => {
    const { rerender } = renderWithProviders(<LengthCounter length={100} max={1000} onlyNearLimit />);
    expect(screen.queryByTestId('length-counter')).toBeNull();
    rerender(<LengthCounter length={799} max={1000} onlyNearLimit />);
    expect(screen.queryByTestId('length-counter')).toBeNull();
    rerender(<LengthCounter length={800} max={1000} onlyNearLimit />);
    expect(screen.getByTestId('length-counter').textContent).toBe('800/1000 caracteres');
    rerender(<LengthCounter length={1000} max={1000} onlyNearLimit />);
    expect(screen.getByTestId('length-counter').textContent).toBe('1000/1000 caracteres: llegaste al máximo');
  });
});
