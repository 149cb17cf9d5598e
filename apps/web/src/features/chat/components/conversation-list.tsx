// The practice's chat contacts: patients with portal access, and those who lost it but have a conversation
// (kept, to read only; never test or deleted patients), searchable by
// name (500 ms after the last keystroke, like every search), the latest conversation first, each with its unread count; 20 first, 10 more at 90 % scroll.
import { useEffect, useMemo, useState } from 'react';
import { Avatar, Badge, Group, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '@almendra/contracts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { chatApi } from '../api/chat-api';
import classes from './conversation-list.module.css';

/** Spec: the first 20 contacts, then 10 more each time the list is scrolled to 90 %. */
export const CONTACT_PAGE_SIZE = 20;
export const CONTACT_MORE_SIZE = 10;
const pageSizeAt = (offset: number) => (offset === 0 ? CONTACT_PAGE_SIZE : CONTACT_MORE_SIZE);

export function ConversationList({ selected, onSelect, height }: { selected: string | null; onSelect: (c: Conversation) => void; height: number | string }) {
  const { t } = useTranslation('portal');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const queryClient = useQueryClient();
  const contacts = useInfiniteQuery({
    queryKey: ['chat', 'conversations', q],
    queryFn: ({ pageParam }) => chatApi.conversations({ q, offset: pageParam, limit: pageSizeAt(pageParam) }),
    initialPageParam: 0,
    getNextPageParam: (last, pages, lastOffset) => {
      if (last.items.length < pageSizeAt(lastOffset)) return undefined;
      return pages.reduce((sum, page) => sum + page.items.length, 0);
    },
  });
  // Live: a new message or a read mark re-orders the list and changes its counters.
  useRealtimeEvents(['chat.message', 'chat.unread', 'realtime.reconnected'], () => {
    void queryClient.invalidateQueries({ queryKey: ['chat', 'conversations'] });
  });
  const items = useMemo(() => contacts.data?.pages.flatMap((p) => p.items) ?? [], [contacts.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = contacts;
  const [nearEnd, setNearEnd] = useState(false);
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <Stack gap="xs" h="100%">
      <TextInput
        leftSection={<IconSearch size={16} aria-hidden />}
        placeholder={t('chat.searchContacts')}
        aria-label={t('chat.searchContacts')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-testid="chat-contact-search"
      />
      <ScrollArea
        h={height}
        tabIndex={0}
        aria-label={t('chat.contacts')}
        onScrollPositionChange={({ y }) => {
          const el = document.querySelector<HTMLElement>('[data-chat-contacts] .mantine-ScrollArea-viewport');
          if (el) setNearEnd(y + el.clientHeight >= el.scrollHeight * 0.9);
        }}
        data-chat-contacts
      >
        <Stack gap={2} component="ul" className={classes.list} data-testid="chat-contacts">
          {contacts.isLoading && <Loader size="sm" mx="auto" aria-label={t('chat.loading')} />}
          {!contacts.isLoading && items.length === 0 && (
            <Text size="sm" c="dimmed" p="sm" data-testid="chat-no-contacts">
              {q ? t('chat.noMatch') : t('chat.noContacts')}
            </Text>
          )}
          {items.map((c) => (
            <li key={c.patientId}>
              <UnstyledButton
                className={classes.contact}
                data-active={selected === c.patientId || undefined}
                onClick={() => onSelect(c)}
                data-testid="chat-contact"
                aria-current={selected === c.patientId ? 'true' : undefined}
              >
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={c.photo} name={c.name} color="initials" radius="xl" size={36} />
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600} truncate>
                      {c.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {c.lastMessage ? c.lastMessage.text : t('chat.noMessagesYet')}
                    </Text>
                    {!c.portalAccess && (
                      <Text size="xs" c="dimmed" fs="italic" data-testid="chat-contact-no-portal">
                        {t('chat.noPortal')}
                      </Text>
                    )}
                  </div>
                  {c.unreadCount > 0 && (
                    <Badge color="red" size="sm" circle={c.unreadCount < 10} data-testid="chat-contact-unread" aria-label={t('chat.unread', { count: c.unreadCount })}>
                      {c.unreadCount}
                    </Badge>
                  )}
                </Group>
              </UnstyledButton>
            </li>
          ))}
          {isFetchingNextPage && <Loader size="xs" mx="auto" />}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}
