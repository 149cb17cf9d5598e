// 'Novedades' on /admin: write a news item for every nutritionist (title + rich text), and edit or
// delete the published ones. Publishing raises each nutritionist's unseen-news badge.
import { ActionIcon, Button, Group, Modal, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NewsItem } from '@almendra/contracts';
import { RichTextField } from '../../../components/rich-text/rich-text-editor';
import { RichTextView } from '../../../components/rich-text/rich-text-view';
import { fieldErrors } from '../../../lib/api-error';
import { showSuccess } from '../../../lib/toast';
import { adminNewsApi, adminNewsQuery } from '../api/help-admin-api';
import { formatDate } from '../../../lib/dates';

export function NewsAdminPanel() {
  const { t } = useTranslation('help');
  const news = useQuery(adminNewsQuery());
  const [formKey, setFormKey] = useState(0);
  const [editing, setEditing] = useState<NewsItem | null>(null);
  return (
    <section aria-labelledby="admin-news-title">
      <Title order={2} size="h3" id="admin-news-title" mb="sm">
        {t('admin.newsTitle')}
      </Title>
      <Stack gap="md">
        <NewsForm key={formKey} onDone={() => setFormKey((k) => k + 1)} />
        {(news.data?.items ?? []).map((item) => (
          <Paper key={item.id} withBorder radius="md" p="md" data-testid="admin-news-item">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <div>
                <Title order={3} size="h4">
                  {item.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {formatDate(item.createdAt)}
                </Text>
              </div>
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('admin.edit')}>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('admin.edit')} onClick={() => setEditing(item)}>
                    <IconEdit size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <DeleteButton label={t('admin.deleteNews', { title: item.title })} onConfirm={() => adminNewsApi.remove(item.id)} queryKey={['news']} />
              </Group>
            </Group>
            <RichTextView html={item.bodyHtml} />
          </Paper>
        ))}
      </Stack>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t('admin.editNews')} size="xl" closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {editing ? <NewsForm item={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </section>
  );
}

function NewsForm({ item, onDone }: { item?: NewsItem; onDone: () => void }) {
  const { t } = useTranslation('help');
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(item?.title ?? '');
  const [body, setBody] = useState(item?.bodyHtml ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => (item ? adminNewsApi.update(item.id, { title: title.trim(), bodyHtml: body }) : adminNewsApi.create({ title: title.trim(), bodyHtml: body })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['news'] });
      showSuccess(t('admin.savedTitle'), item ? t('admin.newsUpdated') : t('admin.newsPublished'));
      onDone();
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <Paper withBorder radius="md" p="md" component="form" noValidate onSubmit={(e) => { e.preventDefault(); save.mutate(); }} data-testid="admin-news-form">
      <Stack gap="sm">
        <TextInput label={t('admin.newsTitleLabel')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.title} maxLength={200} data-testid="admin-news-title-input" onKeyDown={(e) => { if (e.key === 'Enter') e.preventDefault(); }} />
        <RichTextField label={t('admin.newsBody')} initialValue={item?.bodyHtml ?? ''} onChange={setBody} error={errors.bodyHtml} testId="admin-news-body" minHeight={120} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="admin-news-save">
            {item ? t('admin.save') : t('admin.publish')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A delete icon with a confirmation dialog; refreshes the given query afterwards. */
export function DeleteButton({ label, onConfirm, queryKey }: { label: string; onConfirm: () => Promise<unknown>; queryKey: readonly unknown[] }) {
  const { t } = useTranslation('help');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: onConfirm,
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey });
    },
  });
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color="red" aria-label={label} onClick={() => setOpen(true)}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={open} onClose={() => setOpen(false)} title={label} closeButtonProps={{ 'aria-label': t('actions.close') }}>
        <Stack>
          <Text>{t('admin.deleteConfirm')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('actions.cancel')}
            </Button>
            <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
              {t('actions.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
