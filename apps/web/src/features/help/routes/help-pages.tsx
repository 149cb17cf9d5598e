// /novedades: news from Almendra, newest first; opening the screen marks them seen (the ones that were
// new keep a "Nueva" badge until the next visit). /ayuda: the FAQ by category with search, and a button
// to see the guided tour again.
import { Accordion, Alert, Badge, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconHelp, IconMapRoute, IconNews, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { RichTextView } from '../../../components/rich-text/rich-text-view';
import { reopenGuidedTour } from '../../onboarding';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';
import { faqQuery, newsApi, newsKeys, newsListQuery } from '../api/help-api';
import { formatDate } from '../../../lib/dates';

export function NewsPage() {
  const { t } = useTranslation(['help', 'nav', 'common']);
  useDocumentTitle(`${t('nav:pages.news')} · ${t('common:appName')}`);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const focusId = params.get('id');
  // The list as first loaded: which items were new stays visible after they are marked seen.
  const news = useQuery({ ...newsListQuery(), staleTime: Infinity, refetchOnWindowFocus: false });
  const markSeen = useMutation({
    mutationFn: () => newsApi.markSeen(),
    onSuccess: (count) => queryClient.setQueryData(newsKeys.unseen, count),
    meta: { silent: true },
  });
  const unseen = news.data?.unseenCount ?? 0;
  const { mutate } = markSeen;
  useEffect(() => {
    if (unseen > 0) mutate();
  }, [unseen, mutate]);
  useEffect(() => {
    if (focusId && news.data) document.getElementById(`news-${focusId}`)?.scrollIntoView({ block: 'start' });
  }, [focusId, news.data]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('nav:pages.news')}</Title>
        <Text c="dimmed">{t('help:news.intro')}</Text>
      </div>
      {news.isPending ? (
        <Loader aria-label={t('help:news.loading')} />
      ) : news.data && news.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconNews size={28} aria-hidden />
            <Text data-testid="news-empty">{t('help:news.empty')}</Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md" data-testid="news-list">
          {news.data?.items.map((item) => (
            <Paper key={item.id} id={`news-${item.id}`} withBorder radius="md" p="lg" component="article" aria-labelledby={`news-title-${item.id}`} data-testid="news-item">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Title order={2} size="h3" id={`news-title-${item.id}`}>
                  {item.title}
                </Title>
                {!item.seen ? (
                  <Badge color="red" variant="filled" data-testid="news-new">
                    {t('help:news.new')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed" mb="sm">
                <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
              </Text>
              <RichTextView html={item.bodyHtml} />
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export function HelpPage() {
  const { t } = useTranslation(['help', 'nav', 'common']);
  useDocumentTitle(`${t('nav:pages.help')} · ${t('common:appName')}`);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const faq = useQuery({ ...faqQuery(q), placeholderData: keepPreviousData });
  const queryClient = useQueryClient();
  // The account owes the tour again and /inicio starts it at once (features/onboarding).
  const tour = useMutation({ mutationFn: () => reopenGuidedTour(queryClient, navigate) });
  const categories = faq.data?.categories ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>{t('nav:pages.help')}</Title>
          <Text c="dimmed">{t('help:faq.intro')}</Text>
        </div>
        <Button
          variant="light"
          leftSection={<IconMapRoute size={18} aria-hidden />}
          loading={tour.isPending}
          onClick={() => tour.mutate()}
          data-testid="reopen-tour"
          w={{ base: '100%', xs: 'auto' }}
          h="auto"
          mih={36}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        >
          {t('help:faq.reopenTour')}
        </Button>
      </Group>
      <TextInput
        size="md"
        aria-label={t('help:faq.search')}
        placeholder={t('help:faq.searchPlaceholder')}
        leftSection={<IconSearch size={18} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="faq-search"
      />
      {faq.isPending ? (
        <Loader aria-label={t('help:faq.loading')} />
      ) : categories.length === 0 ? (
        <Alert variant="light" icon={<IconHelp size={18} aria-hidden />} data-testid="faq-empty">
          {q ? t('help:faq.noMatches', { q }) : t('help:faq.empty')}
        </Alert>
      ) : (
        <Stack gap="lg" data-testid="faq-list">
          {categories.map((category) => (
            <section key={category.id} aria-labelledby={`faq-cat-${category.id}`}>
              <Title order={2} size="h3" mb="xs" id={`faq-cat-${category.id}`}>
                {category.name}
              </Title>
              <Accordion key={q} variant="separated" multiple defaultValue={q ? category.items.map((i) => i.id) : []}>
                {category.items.map((item) => (
                  <Accordion.Item key={item.id} value={item.id} data-testid="faq-item">
                    <Accordion.Control>{item.question}</Accordion.Control>
                    <Accordion.Panel>
                      <RichTextView html={item.answerHtml} />
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </section>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
