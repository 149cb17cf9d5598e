// /nueva-nota: write one of the nutritionist's own notes, with her notes listed (and searchable) below.
// The spec has no separate list route, so the list lives on the same screen.
import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { NotesPanel } from '../components/notes-panel';

export function NewNotePage() {
  const { t } = useTranslation(['help', 'nav', 'common']);
  useDocumentTitle(`${t('nav:pages.newNote')} · ${t('common:appName')}`);
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('nav:pages.newNote')}</Title>
        <Text c="dimmed">{t('help:notes.ownIntro')}</Text>
      </div>
      <NotesPanel owner={null} heading={t('help:notes.ownHeading')} startWriting />
    </Stack>
  );
}
