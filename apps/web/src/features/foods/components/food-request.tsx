// /nuevo-request: ask the platform to add a food (name, brand, label photo, values, measures), and the
// list of my requests with their status and, when rejected, the reviewer's reason.
import '@mantine/dropzone/styles.css';
import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { Dropzone, IMAGE_MIME_TYPE } from '@mantine/dropzone';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPhoto } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FoodRequestStatus } from '@almendra/contracts';
import { showError, showSuccess, showWarning } from '../../../lib/toast';
import { foodGroupsQuery, foodsApi, myFoodRequestsQuery, uploadRequestPhoto } from '../api/foods-api';
import { fieldErrorsFrom, MeasureFields, measuresFromForm, NutrientFields, nutrientsFromForm, type NutrientFormValues } from './nutrient-fields';
import { submitFocusingErrors } from '../../../lib/form-focus';
import { formatDate } from '../../../lib/dates';

/** FOOD_REQUEST_PHOTO_MAX_BYTES of the contract (5 MB), redeclared so zod stays out of this chunk. */
const PHOTO_MAX_BYTES: number = 5 * 1024 * 1024;

interface RequestFormValues extends NutrientFormValues {
  name: string;
  nameEn: string;
  brand: string;
  group: string | null;
  notes: string;
}

const STATUS_COLOR: Record<FoodRequestStatus, string> = { pending: 'yellow', approved: 'green', rejected: 'red' };

const stopEnter = (event: React.KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

export function FoodRequestView() {
  const { t, i18n } = useTranslation(['foods', 'common']);
  useDocumentTitle(`${t('foods:request.title')} · ${t('common:appName')}`);
  const english = i18n.language.startsWith('en');
  const queryClient = useQueryClient();
  const groups = useQuery(foodGroupsQuery());
  const requests = useQuery(myFoodRequestsQuery());
  const [photo, setPhoto] = useState<File | null>(null);
  const form = useForm<RequestFormValues>({
    initialValues: { name: '', nameEn: '', brand: '', group: null, notes: '', nutrients: {}, measures: [] },
    validate: { name: (value) => (value.trim() ? null : t('foods:form.nameRequired')) },
  });

  const submit = useMutation({
    mutationFn: async (values: RequestFormValues) => {
      const created = await foodsApi.submitRequest({
        name: values.name.trim(),
        nameEn: values.nameEn.trim() || null,
        brand: values.brand.trim() || null,
        group: values.group,
        notes: values.notes.trim() || null,
        nutrients: nutrientsFromForm(values.nutrients),
        measures: measuresFromForm(values.measures),
      });
      return photo ? uploadRequestPhoto(created.id, photo) : created;
    },
    meta: { silent: true },
    onSuccess: async () => {
      form.reset();
      setPhoto(null);
      await queryClient.invalidateQueries({ queryKey: ['food-requests'] });
      showSuccess(t('foods:request.sentTitle'), t('foods:request.sentMessage'));
    },
    onError: (error) => {
      const errors = fieldErrorsFrom(error);
      if (errors) form.setErrors(errors);
      showError(error);
    },
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('foods:request.title')}</Title>
        <Text c="dimmed">{t('foods:request.description')}</Text>
      </div>
      <form noValidate onSubmit={submitFocusingErrors(form, (values) => submit.mutate(values))}>
        <Stack gap="lg">
          <Paper withBorder p="md" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('foods:form.nameEs')} required onKeyDown={stopEnter} {...form.getInputProps('name')} />
              <TextInput label={t('foods:form.nameEn')} onKeyDown={stopEnter} {...form.getInputProps('nameEn')} />
              <TextInput label={t('foods:form.brand')} onKeyDown={stopEnter} {...form.getInputProps('brand')} />
              <Select
                label={t('foods:form.group')}
                data={(groups.data ?? []).map((g) => ({ value: g.code, label: english ? g.nameEn : g.name }))}
                clearable
                searchable
                {...form.getInputProps('group')}
              />
            </SimpleGrid>
            <AutoTextarea mt="sm" label={t('foods:request.notes')} minRows={2} max={1000} {...form.getInputProps('notes')} />
            <Text size="sm" fw={700} mt="md" id="label-photo-title">
              {t('foods:request.photo')}
            </Text>
            <Dropzone
              mt={4}
              onDrop={(files) => setPhoto(files[0] ?? null)}
              onReject={() => showWarning(t('foods:request.photoRejectedTitle'), t('foods:request.photoRejected'))}
              accept={IMAGE_MIME_TYPE}
              maxSize={PHOTO_MAX_BYTES}
              maxFiles={1}
              multiple={false}
              aria-labelledby="label-photo-title"
              data-testid="photo-dropzone"
            >
              <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }}>
                <IconPhoto size={36} aria-hidden />
                <div>
                  <Text>{photo ? t('foods:request.photoChosen', { name: photo.name }) : t('foods:request.photoHint')}</Text>
                  <Text size="sm" c="dimmed">
                    {t('foods:request.photoLimits')}
                  </Text>
                </div>
              </Group>
            </Dropzone>
          </Paper>
          <Paper withBorder p="md" radius="md">
            <NutrientFields form={form} />
          </Paper>
          <Paper withBorder p="md" radius="md">
            <MeasureFields form={form} />
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={submit.isPending}>
              {t('foods:request.send')}
            </Button>
          </Group>
        </Stack>
      </form>

      <div>
        <Title order={2} size="h3">
          {t('foods:request.mine')}
        </Title>
        {(requests.data?.items.length ?? 0) === 0 ? (
          <Text c="dimmed">{t('foods:request.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table data-testid="my-requests">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('foods:list.name')}</Table.Th>
                  <Table.Th scope="col">{t('foods:request.date')}</Table.Th>
                  <Table.Th scope="col">{t('foods:request.status')}</Table.Th>
                  <Table.Th scope="col">{t('foods:request.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.data!.items.map((request) => (
                  <Table.Tr key={request.id}>
                    <Table.Td>
                      {request.name}
                      {request.brand ? ` · ${request.brand}` : ''}
                    </Table.Td>
                    <Table.Td>{formatDate(request.createdAt)}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[request.status]} variant="light">
                        {t(`foods:request.statuses.${request.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{request.rejectionReason ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
    </Stack>
  );
}
