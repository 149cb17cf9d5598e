import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLink, HistoryNavigation, useAppLocation, useAppNavigate, useAppSearchParams } from './navigation';

function Where() {
  const location = useAppLocation();
  const [params, setParams] = useAppSearchParams();
  const navigate = useAppNavigate();
  return (
    <div>
      <output data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</output>
      <output data-testid="tab">{params.get('tab') ?? ''}</output>
      <button type="button" onClick={() => setParams({ tab: 'plan' }, { replace: true })}>
        plan
      </button>
      <button type="button" onClick={() => navigate('/portal/aceptar?code=AB12')}>
        accept
      </button>
      <AppLink to="/login?para=paciente">login</AppLink>
    </div>
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('the history navigation (the portal’s, without react-router)', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reads the address, navigates with push or replace, and follows back and forward', () => {
    window.history.replaceState(null, '', '/portal?tab=chat');
    render(
      <HistoryNavigation>
        <Where />
      </HistoryNavigation>,
    );
    expect(where()).toBe('/portal?tab=chat');
    expect(screen.getByTestId('tab').textContent).toBe('chat');

    const entries = window.history.length;
    fireEvent.click(screen.getByText('accept'));
    expect(where()).toBe('/portal/aceptar?code=AB12');
    expect(window.location.pathname).toBe('/portal/aceptar');
    expect(window.history.length).toBe(entries + 1);

    fireEvent.click(screen.getByText('plan'));
    expect(where()).toBe('/portal/aceptar?tab=plan');
    expect(window.history.length).toBe(entries + 1);

    // Back: the browser has changed the address and fires popstate.
    act(() => {
      window.history.replaceState(null, '', '/portal?tab=chat');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where()).toBe('/portal?tab=chat');
  });

  it('AppLink: a plain click navigates in the page; a modified click is the browser’s', () => {
    window.history.replaceState(null, '', '/portal/aceptar');
    render(
      <HistoryNavigation>
        <Where />
      </HistoryNavigation>,
    );
    const link = screen.getByRole('link', { name: 'login' });
    expect(link.getAttribute('href')).toBe('/login?para=paciente');

    // What the page left to the browser (a new tab), seen after React's handler; then held back, as
    // jsdom cannot open it.
    const leftToBrowser: boolean[] = [];
    const record = (event: MouseEvent) => {
      leftToBrowser.push(!event.defaultPrevented);
      event.preventDefault();
    };
    document.addEventListener('click', record);
    fireEvent.click(link, { ctrlKey: true });
    document.removeEventListener('click', record);
    expect(leftToBrowser).toEqual([true]);
    expect(where()).toBe('/portal/aceptar');

    const plain = fireEvent.click(link, { button: 0 });
    expect(plain).toBe(false);
    expect(where()).toBe('/login?para=paciente');
  });

  it('goes to an address the page does not answer by a page load, not a pushed entry (back from there must load this page again)', () => {
    window.history.replaceState(null, '', '/portal/aceptar?code=AB12');
    const leave = vi.fn();
    render(
      <HistoryNavigation owns={(pathname) => pathname.startsWith('/portal')} leave={leave}>
        <Where />
      </HistoryNavigation>,
    );
    const entries = window.history.length;
    fireEvent.click(screen.getByRole('link', { name: 'login' }));
    expect(leave).toHaveBeenCalledWith(`${window.location.origin}/login?para=paciente`, { replace: undefined });
    expect(window.history.length).toBe(entries);
    expect(where()).toBe('/portal/aceptar?code=AB12');
    // Its own addresses stay in the page.
    fireEvent.click(screen.getByText('plan'));
    expect(where()).toBe('/portal/aceptar?tab=plan');
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('needs a provider (a component outside one fails loudly instead of guessing the address)', () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<Where />)).toThrow(/NavigationProvider/);
    } finally {
      console.error = quiet;
    }
  });
});
