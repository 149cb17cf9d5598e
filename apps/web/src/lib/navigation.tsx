// The navigation seam (issue 27): what code shared by the professional's app and the patient portal
// needs of the address bar, without importing a router. The professional's app provides it from
// react-router (app/root-route.tsx); the portal, which has two screens and no router, from the history
// API (`HistoryNavigation` below, mounted by app/portal-app.tsx). Code the portal may load imports this
// module, never react-router (portal-reach.test.ts), so react-router stays out of the portal's chunks.
import { createContext, forwardRef, useCallback, useContext, useEffect, useMemo, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
}

/** Goes to an address of this site ('/portal?tab=chat', '/login?para=paciente'). */
export type Navigate = (to: string, options?: NavigateOptions) => void;

export interface Navigation {
  location: AppLocation;
  navigate: Navigate;
}

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({ value, children }: { value: Navigation; children: ReactNode }) {
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('No NavigationProvider above this component (lib/navigation.tsx)');
  return navigation;
}

export const useAppLocation = (): AppLocation => useNavigation().location;
export const useAppNavigate = (): Navigate => useNavigation().navigate;

/** The address's query: its parameters, and a setter that navigates to the same path with new ones. */
export function useAppSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const { location, navigate } = useNavigation();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${location.pathname}${query ? `?${query}` : ''}${location.hash}`, options);
    },
    [location.pathname, location.hash, navigate],
  );
  return [params, setParams];
}

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/**
 * An anchor to an address of this site: a plain left click navigates without a page load (as
 * react-router's Link); a modified or middle click, or a target other than the page, is the browser's.
 * Works as Mantine's `component={AppLink}`.
 */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, replace, onClick, target, ...rest }, ref) {
  const navigate = useAppNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a {...rest} ref={ref} href={to} target={target} onClick={handleClick} />;
});

const locationOf = (): AppLocation => ({ pathname: window.location.pathname, search: window.location.search, hash: window.location.hash });

/** A page load of another address (a page this one does not answer): added to the history, or in place of its entry. */
function loadPage(href: string, options?: NavigateOptions): void {
  if (options?.replace) window.location.replace(href);
  else window.location.assign(href);
}

/**
 * The seam from the history API, for a page without a router (the patient portal): navigate pushes or
 * replaces the history entry and re-renders; back and forward (popstate) do too. An address the page
 * does not answer (`owns` false: another page of the site, or another site) is a page load instead
 * (`leave`): a pushed entry of this document under another page's address would make the browser's
 * back button, from that page, a same-document step into it, answered by the wrong app.
 */
export function HistoryNavigation({
  owns = () => true,
  leave = loadPage,
  children,
}: {
  owns?: (pathname: string) => boolean;
  leave?: (href: string, options?: NavigateOptions) => void;
  children: ReactNode;
}) {
  const [location, setLocation] = useState(locationOf);
  useEffect(() => {
    const onPopState = () => setLocation(locationOf());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);
  const navigate = useCallback<Navigate>(
    (to, options) => {
      const url = new URL(to, window.location.href);
      if (url.origin !== window.location.origin || !owns(url.pathname)) return leave(url.href, options);
      if (options?.replace) window.history.replaceState(null, '', url.href);
      else window.history.pushState(null, '', url.href);
      setLocation(locationOf());
    },
    [owns, leave],
  );
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
