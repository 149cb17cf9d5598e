// 'Preguntas frecuentes' on /admin: categories (add, rename, delete with their questions) and questions
// with rich-text answers (add, edit, move to another category, delete). Nutritionists read them in /ayuda.
import { ActionIcon, Button, Group, Modal, NumberInput, Paper, Select, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FaqCategory, FaqItem } from '@almendra/contracts';
import { RichTextField } from '../../../components/rich-text/rich-text-editor';
import { fieldErrors } from '../../../lib/api-error';
import { showSuccess } from '../../../lib/toast';
import { adminFaqApi, adminFaqQuery } from '../api/help-admin-api';
import { DeleteButton } from './news-admin-panel';
import { LengthCounter } from '../../../components/length-counter';

const FAQ_KEY = ['faq'] as const;
const blockEnter = (e: React.KeyboardEvent) => {
  if (e.key === 'Enter') e.preventDefault();
};

export function FaqAdminPanel() {
  const { t } = useTranslation('help');
  const faq = useQuery(adminFaqQuery());
  const categories = faq.data?.categories ?? [];
  const [editingItem, setEditingItem] = useState<FaqItem | 'new' | null>(null);
  const [editingCategory, setEditingCategory] = useState<FaqCategory | 'new' | null>(null);

  return (
    <section aria-labelledby="admin-faq-title">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h3" id="admin-faq-title">
          {t('admin.faqTitle')}
        </Title>
        <Group gap="sm">
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditingCategory('new')} data-testid="admin-faq-new-category">
            {t('admin.newCategory')}
          </Button>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditingItem('new')} disabled={categories.length === 0} data-testid="admin-faq-new-item">
            {t('admin.newQuestion')}
          </Button>
        </Group>
      </Group>
      <Stack gap="md">
        {categories.map((category) => (
          <Paper key={category.id} withBorder radius="md" p="md" data-testid="admin-faq-category">
            <Group justify="space-between" wrap="nowrap">
              <Title order={3} size="h4">
                {category.name}
              </Title>
              <Group gap={4} wrap="nowrap">
                <Tooltip label={t('admin.renameCategory')}>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('admin.renameCategory')} onClick={() => setEditingCategory(category)}>
                    <IconEdit size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
                <DeleteButton label={t('admin.deleteCategory', { name: category.name })} onConfirm={() => adminFaqApi.removeCategory(category.id)} queryKey={FAQ_KEY} />
              </Group>
            </Group>
            <Stack gap={4} mt="xs">
              {category.items.length === 0 ? <Text size="sm">{t('admin.noQuestions')}</Text> : null}
              {category.items.map((item) => (
                <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm">{item.question}</Text>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('admin.edit')}>
                      <ActionIcon variant="subtle" color="gray" aria-label={`${t('admin.edit')}: ${item.question}`} onClick={() => setEditingItem(item)}>
                        <IconEdit size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <DeleteButton label={t('admin.deleteQuestion', { question: item.question })} onConfirm={() => adminFaqApi.removeItem(item.id)} queryKey={FAQ_KEY} />
                  </Group>
                </Group>
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Modal opened={editingCategory !== null} onClose={() => setEditingCategory(null)} title={editingCategory === 'new' ? t('admin.newCategory') : t('admin.renameCategory')} closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {editingCategory ? <CategoryForm category={editingCategory === 'new' ? undefined : editingCategory} onDone={() => setEditingCategory(null)} /> : null}
      </Modal>
      <Modal opened={editingItem !== null} onClose={() => setEditingItem(null)} title={editingItem === 'new' ? t('admin.newQuestion') : t('admin.editQuestion')} size="xl" closeButtonProps={{ 'aria-label': t('actions.close') }}>
        {editingItem ? <ItemForm item={editingItem === 'new' ? undefined : editingItem} categories={categories} onDone={() => setEditingItem(null)} /> : null}
      </Modal>
    </section>
  );
}

function CategoryForm({ category, onDone }: { category?: FaqCategory; onDone: () => void }) {
  const { t } = useTranslation('help');
  const queryClient = useQueryClient();
  const [name, setName] = useState(category?.name ?? '');
  const [position, setPosition] = useState<number | string>(category?.position ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => {
      const body = { name: name.trim(), ...(typeof position === 'number' ? { position } : {}) };
      return category ? adminFaqApi.updateCategory(category.id, body) : adminFaqApi.createCategory(body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: FAQ_KEY });
      showSuccess(t('admin.savedTitle'), t('admin.categorySaved'));
      onDone();
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
      <Stack gap="sm">
        <TextInput label={t('admin.categoryName')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} maxLength={120} onKeyDown={blockEnter} data-testid="admin-faq-category-name" />
        <NumberInput label={t('admin.position')} description={t('admin.positionHint')} min={0} max={10000} allowDecimal={false} value={position} onChange={setPosition} error={errors.position} onKeyDown={blockEnter} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="admin-faq-category-save">
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ItemForm({ item, categories, onDone }: { item?: FaqItem; categories: FaqCategory[]; onDone: () => void }) {
  const { t } = useTranslation('help');
  const queryClient = useQueryClient();
  const [categoryId, setCategoryId] = useState<string | null>(item?.categoryId ?? categories[0]?.id ?? null);
  const [question, setQuestion] = useState(item?.question ?? '');
  const [answer, setAnswer] = useState(item?.answerHtml ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => {
      const body = { categoryId: categoryId ?? '', question: question.trim(), answerHtml: answer };
      return item ? adminFaqApi.updateItem(item.id, body) : adminFaqApi.createItem(body);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: FAQ_KEY });
      showSuccess(t('admin.savedTitle'), t('admin.questionSaved'));
      onDone();
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <form noValidate onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
      <Stack gap="sm">
        <Select label={t('admin.category')} required data={categories.map((c) => ({ value: c.id, label: c.name }))} value={categoryId} onChange={setCategoryId} error={errors.categoryId} allowDeselect={false} />
        <TextInput label={t('admin.question')} required value={question} onChange={(e) => setQuestion(e.currentTarget.value)} error={errors.question} maxLength={300} onKeyDown={blockEnter} data-testid="admin-faq-question" />
        <LengthCounter length={question.length} max={300} onlyNearLimit />
        <RichTextField label={t('admin.answer')} initialValue={item?.answerHtml ?? ''} onChange={setAnswer} error={errors.answerHtml} testId="admin-faq-answer" minHeight={140} />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="admin-faq-save">
            {t('admin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
