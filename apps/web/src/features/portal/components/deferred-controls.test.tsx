import { ActionIcon } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DeferredTooltip } from './deferred-controls';

describe('DeferredTooltip', () => {
  it('keeps the control\'s DOM node when a mouse brings in the tooltip, and the control still works', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <DeferredTooltip label="Cerrar sesión">
        <ActionIcon aria-label="Cerrar sesión" onClick={onClick}>
          x
        </ActionIcon>
      </DeferredTooltip>,
    );
    const button = screen.getByRole('button', { name: 'Cerrar sesión' });
    // A touch loads nothing: no tooltip is ever attached.
    fireEvent.pointerEnter(button, { pointerType: 'touch' });
    // A mouse: the tooltip's code loads and attaches to the same button (Mantine's hover opens it).
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    await waitFor(() => {
      fireEvent.mouseEnter(button);
      expect(screen.getByRole('tooltip').textContent).toBe('Cerrar sesión');
    });
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBe(button);
    expect(button.isConnected).toBe(true);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
