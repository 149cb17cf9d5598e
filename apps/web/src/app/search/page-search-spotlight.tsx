// Navbar search (Mantine Spotlight, Ctrl/⌘ + K) over product pages, each findable by its Spanish or
// English name, with star toggles (max 10, saved per user, listed first) and a patients group fed by
// the `patientSearchProvider` extension point.
import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Alert, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, useSpotlight } from '@mantine/spotlight';
import { useMutation } from '@tanstack/react-query';
import { IconSearch, IconStar, IconStarFilled, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { MeResponse } from '@almendra/contracts';
import { ME_QUERY_KEY, updatePreferences } from '../../lib/current-user';
import { loadLanguageNamespaces } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { SEARCHABLE_PAGES, type SearchablePage } from '../layouts/navigation';
import { orderByStarred, STARRED_PAGES_LIMIT, toggleStarred } from '../starred-pages';
import { matchesQuery } from './page-search';
import { SEARCH_DEBOUNCE_MS } from '../../lib/search-debounce';
import { patientSearchProvider, type SearchResult } from './search-providers';
import { pageSearchStore } from './page-search-store';
import classes from './page-search.module.css';

function usePatientResults(query: string): SearchResult[] {
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const [results, setResults] = useState<{ query: string; items: SearchResult[] }>({ query: '', items: [] });
  useEffect(() => {
    if (!debounced) return undefined;
    const controller = new AbortController();
    patientSearchProvider(debounced, controller.signal).then(
      (items) => {
        if (!controller.signal.aborted) setResults({ query: debounced, items });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [debounced]);
  return debounced && results.query === debounced ? results.items : [];
}

export function PageSearchSpotlight({ me }: { me: MeResponse | undefined }) {
  const { t, i18n } = useTranslation('nav');
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [limitReached, setLimitReached] = useState(false);
  const role = me?.user.role ?? null;
  const starred = me?.user.starredPages ?? [];
  const patients = usePatientResults(query);
  // The order is taken when the search opens, so starring a page does not move rows under the pointer.
  const [order, setOrder] = useState<readonly string[]>(starred);
  // Closed (most of the time, and on every first paint), the search lists nothing: matching ~40 pages
  // in two languages on every render of the shell cost a throttled phone ~30 ms per render for a list
  // nobody sees. Spotlight.Root stays mounted so Ctrl/⌘ + K works from the first paint.
  const open = useSpotlight(pageSearchStore).opened;

  const saveStarred = useMutation({
    mutationFn: (starredPages: string[]) => updatePreferences({ starredPages }),
    onMutate: (starredPages) => {
      const previous = queryClient.getQueryData<MeResponse>(ME_QUERY_KEY);
      if (previous) {
        queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, { ...previous, user: { ...previous.user, starredPages } });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(ME_QUERY_KEY, context.previous);
    },
  });

  const otherLanguage = i18n.language === 'en' ? 'es' : 'en';
  // The other language's page names: English is not bundled (lib/i18n.ts), so its nav texts load when
  // the search first opens; the list renders again once they are in.
  const [, setOtherLoaded] = useState(false);
  useEffect(() => {
    if (!open || i18n.hasResourceBundle(otherLanguage, 'nav')) return;
    let live = true;
    void loadLanguageNamespaces(otherLanguage, ['nav']).then(() => live && setOtherLoaded(true));
    return () => {
      live = false;
    };
  }, [open, otherLanguage, i18n]);
  const pages = useMemo(
    () => SEARCHABLE_PAGES.filter((page) => !page.roles || (role !== null && page.roles.includes(role))),
    [role],
  );
  const label = (page: SearchablePage) => t(`pages.${page.label}`);
  const otherLabel = (page: SearchablePage) => t(`pages.${page.label}`, { lng: otherLanguage });
  const matching = open ? pages.filter((page) => matchesQuery(query, [label(page), otherLabel(page), page.path])) : [];
  const groups = orderByStarred(matching, order);

  const toggle = (page: SearchablePage) => {
    const result = toggleStarred(starred, page.path);
    setLimitReached(result.status === 'limit');
    if (result.status !== 'limit') saveStarred.mutate(result.starred);
  };

  const renderPage = (page: SearchablePage) => {
    const Icon = page.icon;
    const isStarred = starred.includes(page.path);
    const name = label(page);
    return (
      <Group key={page.path} gap={4} wrap="nowrap" align="center">
        <Spotlight.Action
          style={{ flex: 1 }}
          label={name}
          description={otherLabel(page)}
          leftSection={<Icon size={20} stroke={1.6} aria-hidden />}
          onClick={() => void navigate(page.path)}
        />
        <ActionIcon
          variant="subtle"
          color={isStarred ? 'yellow' : 'gray'}
          aria-pressed={isStarred}
          aria-label={isStarred ? t('search.unstar', { page: name }) : t('search.star', { page: name })}
          data-testid={`star-${page.path}`}
          onClick={() => toggle(page)}
        >
          {isStarred ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
        </ActionIcon>
      </Group>
    );
  };

  const nothing = groups.starred.length === 0 && groups.others.length === 0 && patients.length === 0;

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      shortcut={['mod + K']}
      scrollable
      maxHeight={480}
      store={pageSearchStore}
      onSpotlightOpen={() => setOrder(starred)}
      onSpotlightClose={() => setLimitReached(false)}
      title={t('search.label')}
      classNames={{ header: classes.hiddenHeader, action: classes.action }}
    >
      <Spotlight.Search
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        leftSection={<IconSearch size={18} stroke={1.6} aria-hidden />}
      />
      {limitReached ? (
        <Alert color="yellow" mx="sm" mt="xs" role="status" title={t('search.limitTitle')} data-testid="starred-limit">
          {t('search.limit', { limit: STARRED_PAGES_LIMIT })}
        </Alert>
      ) : null}
      <Spotlight.ActionsList>
        {groups.starred.length > 0 ? (
          <Spotlight.ActionsGroup label={t('search.starred')}>{groups.starred.map(renderPage)}</Spotlight.ActionsGroup>
        ) : null}
        {groups.others.length > 0 ? (
          <Spotlight.ActionsGroup label={t('search.pages')}>{groups.others.map(renderPage)}</Spotlight.ActionsGroup>
        ) : null}
        {patients.length > 0 ? (
          <Spotlight.ActionsGroup label={t('search.patients')}>
            {patients.map((patient) => (
              <Spotlight.Action
                key={patient.id}
                label={patient.label}
                description={patient.description}
                leftSection={<IconUser size={20} stroke={1.6} aria-hidden />}
                onClick={() => void navigate(patient.path)}
              />
            ))}
          </Spotlight.ActionsGroup>
        ) : null}
        {nothing && open ? <Spotlight.Empty>{t('search.nothingFound')}</Spotlight.Empty> : null}
      </Spotlight.ActionsList>
      <Text size="xs" c="dimmed" px="md" py="xs">
        {t('search.hint')}
      </Text>
    </Spotlight.Root>
  );
}
