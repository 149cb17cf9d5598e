// Writes or edits a note: title, date (dd-mm-aaaa, today by default), pinned, and the rich-text body.
// Server validation messages land on their fields; other errors show the usual toast.
import { Button, Checkbox, Flex, Group, Paper, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Note } from '@almendra/contracts';
import { RichTextField } from '../../../components/rich-text/rich-text-editor';
import { fieldErrors } from '../../../lib/api-error';
import { showSuccess } from '../../../lib/toast';
import { noteKeys, notesApi, type NoteOwner } from '../api/notes-api';
import { displayDate, parseDisplayedDate } from '../lib/note-date';
import { todayIso } from '../../../lib/calendar-date';

export function NoteForm({ owner, note, onDone, onCancel }: { owner: NoteOwner; note?: Note; onDone: (note: Note) => void; onCancel?: () => void }) {
  const { t } = useTranslation(['help', 'common']);
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(note?.title ?? '');
  const [date, setDate] = useState(displayDate(note?.date ?? todayIso()));
  const [pinned, setPinned] = useState(note?.pinned ?? false);
  const [body, setBody] = useState(note?.bodyHtml ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (input: { title: string; bodyHtml: string; date: string; pinned: boolean }) =>
      note ? notesApi.update(owner, note.id, input) : notesApi.create(owner, input),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: noteKeys.owner(owner) });
      showSuccess(t('help:notes.savedTitle'), t('help:notes.savedMessage', { title: saved.title }));
      onDone(saved);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });

  const submit = () => {
    const next: Record<string, string> = {};
    if (!title.trim()) next.title = t('help:notes.titleRequired');
    const isoDate = parseDisplayedDate(date);
    if (!isoDate) next.date = t('help:notes.dateInvalid');
    setErrors(next);
    if (Object.keys(next).length > 0 || !isoDate) return;
    save.mutate({ title: title.trim(), bodyHtml: body, date: isoDate, pinned });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" noValidate onSubmit={(e) => { e.preventDefault(); submit(); }} data-testid="note-form">
      <Stack gap="sm">
        <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" align={{ base: 'stretch', sm: 'flex-start' }}>
          <TextInput
            style={{ flex: 1 }}
            label={t('help:notes.title')}
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            data-testid="note-title"
            // Enter in the title must not save a half-written note.
            onKeyDown={(e) => { if (e.key === 'Enter') e.preventDefault(); }}
          />
          <TextInput
            label={t('help:notes.date')}
            description={t('help:notes.dateHint')}
            inputMode="numeric"
            maxLength={10}
            value={date}
            onChange={(e) => setDate(e.currentTarget.value)}
            error={errors.date}
            data-testid="note-date"
            onKeyDown={(e) => { if (e.key === 'Enter') e.preventDefault(); }}
            w={{ base: '100%', sm: 220 }}
          />
        </Flex>
        <RichTextField label={t('help:notes.body')} initialValue={note?.bodyHtml ?? ''} onChange={setBody} error={errors.bodyHtml} testId="note-body" />
        <Checkbox label={t('help:notes.pinned')} checked={pinned} onChange={(e) => setPinned(e.currentTarget.checked)} data-testid="note-pinned" />
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('help:actions.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending} data-testid="note-save">
            {note ? t('help:notes.saveChanges') : t('help:notes.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
