// /option-food: the food list options. Today: which country list the food pickers use and the state of
// the catalogue stored in this browser (IndexedDB), with a button to check it against the server.
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n';
import { useFoodCatalog } from '../catalog-cache';
import { formatTime } from '../../../lib/dates';

export function FoodOptionsView() {
  const { t, i18n } = useTranslation(['foods', 'common']);
  useDocumentTitle(`${t('foods:options.title')} · ${t('common:appName')}`);
  const catalog = useFoodCatalog();
  const queryClient = useQueryClient();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const country = catalog.data ? new Intl.DisplayNames([intlLocale(i18n.language)], { type: 'region' }).of(catalog.data.catalog.country) : null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('foods:options.title')}</Title>
        <Text c="dimmed">{t('foods:options.description')}</Text>
      </div>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('foods:options.catalogTitle')}
        </Title>
        {catalog.data ? (
          <Table variant="vertical" withTableBorder={false} data-testid="catalog-status">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('foods:options.country')}</Table.Th>
                <Table.Td>{country}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('foods:options.count')}</Table.Th>
                <Table.Td>{number.format(catalog.data.catalog.count)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('foods:options.origin')}</Table.Th>
                <Table.Td>{t(`foods:options.origins.${catalog.data.origin}`)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('foods:options.checkedAt')}</Table.Th>
                <Table.Td>{formatTime(new Date(catalog.dataUpdatedAt))}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed">{catalog.isError ? t('foods:options.catalogError') : t('foods:options.loading')}</Text>
        )}
        <Group mt="md">
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={catalog.isFetching}
            onClick={() => void queryClient.invalidateQueries({ queryKey: ['foods', 'catalog'] })}
          >
            {t('foods:options.refresh')}
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="sm">
          {t('foods:options.aboutTitle')}
        </Title>
        <Text size="sm">{t('foods:options.about')}</Text>
      </Paper>
    </Stack>
  );
}
