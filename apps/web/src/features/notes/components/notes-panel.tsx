// A list of notes with search (500 ms after the last keystroke), pinned first, each shown as rich text
// with pin, edit and delete; "Nueva nota" opens the form on top. Used by the record's "Notas" tab
// (a patient's notes) and by /nueva-nota (the nutritionist's own notes).
import { ActionIcon, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconNotes, IconPin, IconPinnedOff, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Note } from '@almendra/contracts';
import { RichTextView } from '../../../components/rich-text/rich-text-view';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';
import { showSuccess } from '../../../lib/toast';
import { noteKeys, notesApi, type NoteOwner } from '../api/notes-api';
import { displayDate } from '../lib/note-date';
import { NoteForm } from './note-form';

export interface NotesPanelProps {
  owner: NoteOwner;
  /** Heading of the list. */
  heading: string;
  /** The form starts open (/nueva-nota). */
  startWriting?: boolean;
  readOnly?: boolean;
}

export function NotesPanel({ owner, heading, startWriting = false, readOnly = false }: NotesPanelProps) {
  const { t } = useTranslation('help');
  const [writing, setWriting] = useState(startWriting && !readOnly);
  // Remounts the form after each save so it starts empty again.
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<Note | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const notes = useQuery({
    queryKey: noteKeys.list(owner, q),
    queryFn: ({ signal }) => notesApi.list(owner, q, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack gap="md">
      {writing ? (
        <NoteForm
          key={formKey}
          owner={owner}
          onDone={() => {
            setFormKey((k) => k + 1);
            if (!startWriting) setWriting(false);
          }}
          onCancel={startWriting ? undefined : () => setWriting(false)}
        />
      ) : null}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {heading}
        </Title>
        <Group gap="sm" wrap="wrap">
          <TextInput
            aria-label={t('notes.search')}
            placeholder={t('notes.search')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            data-testid="notes-search"
            w={{ base: '100%', xs: 260 }}
          />
          {!writing && !readOnly ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setWriting(true)} data-testid="new-note">
              {t('notes.new')}
            </Button>
          ) : null}
        </Group>
      </Group>
      {notes.isPending ? (
        <Loader aria-label={t('notes.loading')} />
      ) : notes.data && notes.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="xs">
            <IconNotes size={28} aria-hidden />
            <Text ta="center" data-testid="notes-empty">
              {q ? t('notes.noMatches', { q }) : t('notes.empty')}
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="sm" data-testid="notes-list">
          {notes.data?.items.map((note) => <NoteCard key={note.id} owner={owner} note={note} readOnly={readOnly} onEdit={() => setEditing(note)} />)}
        </Stack>
      )}
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('notes.editTitle')} size="xl" closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {editing ? <NoteForm owner={owner} note={editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} /> : null}
      </Modal>
    </Stack>
  );
}

function NoteCard({ owner, note, readOnly, onEdit }: { owner: NoteOwner; note: Note; readOnly: boolean; onEdit: () => void }) {
  const { t } = useTranslation('help');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: noteKeys.owner(owner) });
  const pin = useMutation({ mutationFn: () => notesApi.update(owner, note.id, { pinned: !note.pinned }), onSuccess: refresh });
  const remove = useMutation({
    mutationFn: () => notesApi.remove(owner, note.id),
    onSuccess: () => {
      setConfirming(false);
      showSuccess(t('notes.deletedTitle'), t('notes.deletedMessage', { title: note.title }));
      void refresh();
    },
  });

  return (
    <Paper withBorder radius="md" p="md" data-testid="note-card" data-pinned={note.pinned || undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Title order={3} size="h4">
              {note.title}
            </Title>
            {note.pinned ? (
              <Badge variant="light" leftSection={<IconPin size={12} aria-hidden />} data-testid="note-pinned-badge">
                {t('notes.pinnedBadge')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {displayDate(note.date)}
          </Text>
        </div>
        {readOnly ? null : (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={note.pinned ? t('notes.unpin') : t('notes.pin')}>
              <ActionIcon variant="subtle" color="gray" aria-label={note.pinned ? t('notes.unpin') : t('notes.pin')} loading={pin.isPending} onClick={() => pin.mutate()}>
                {note.pinned ? <IconPinnedOff size={18} aria-hidden /> : <IconPin size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('notes.edit')}>
              <ActionIcon variant="subtle" color="gray" aria-label={t('notes.edit')} onClick={onEdit}>
                <IconEdit size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('notes.delete')}>
              <ActionIcon variant="subtle" color="red" aria-label={t('notes.delete')} onClick={() => setConfirming(true)}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </Group>
      {note.bodyHtml ? (
        <div style={{ marginTop: 8 }}>
          <RichTextView html={note.bodyHtml} testId="note-body-view" />
        </div>
      ) : null}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('notes.deleteTitle')} closeButtonProps={{ 'aria-label': t('actions.close') }}>
        <Stack>
          <Text>{t('notes.deleteBody', { title: note.title })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('actions.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()} data-testid="confirm-delete-note">
              {t('notes.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
