// /gratis: the nutritionist's personal referral link (copy, or share by WhatsApp) and the colleagues who
// registered with it (the spec's referidos-info: name, sign-up date and whether the account is active).
import { Badge, Button, CopyButton, Group, Loader, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReferralsInfo } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { whatsappLink } from '../../../lib/whatsapp';
import { formatDate } from '../../../lib/dates';

export function ReferralsPage() {
  const { t } = useTranslation(['help', 'nav', 'common']);
  useDocumentTitle(`${t('nav:pages.referrals')} · ${t('common:appName')}`);
  const info = useQuery({ queryKey: ['referrals'], queryFn: ({ signal }) => api.get<ReferralsInfo>('/referrals', { signal }) });
  const link = info.data ? `${window.location.origin}${info.data.linkPath}` : '';

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('help:referrals.title')}</Title>
        <Text c="dimmed">{t('help:referrals.intro')}</Text>
      </div>
      {!info.data ? (
        info.isPending ? <Loader aria-label={t('help:referrals.loading')} /> : null
      ) : (
        <>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} size="h3">
                {t('help:referrals.linkTitle')}
              </Title>
              <TextInput label={t('help:referrals.linkLabel')} value={link} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="referral-link" />
              <Text size="sm">{t('help:referrals.code', { code: info.data.code })}</Text>
              <Group gap="sm" wrap="wrap">
                <CopyButton value={link}>
                  {({ copied, copy }) => (
                    <Button onClick={copy} variant={copied ? 'light' : 'filled'} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} data-testid="copy-referral-link">
                      {copied ? t('help:referrals.copied') : t('help:referrals.copy')}
                    </Button>
                  )}
                </CopyButton>
                <Button
                  component="a"
                  href={whatsappLink(null, t('help:referrals.whatsappText', { url: link }))}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="green"
                  variant="light"
                  leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
                  data-testid="share-referral-whatsapp"
                >
                  {t('help:referrals.whatsapp')}
                </Button>
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={2} size="h3">
                  {t('help:referrals.listTitle')}
                </Title>
                <Badge variant="light" size="lg" data-testid="referrals-total">
                  {t('help:referrals.total', { count: info.data.total })}
                </Badge>
              </Group>
              {info.data.referred.length === 0 ? (
                <Stack align="center" gap="xs" py="md">
                  <IconUsers size={28} aria-hidden />
                  <Text ta="center" data-testid="referrals-empty">
                    {t('help:referrals.empty')}
                  </Text>
                </Stack>
              ) : (
                <Table.ScrollContainer minWidth={300}>
                  <Table striped data-testid="referrals-table">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('help:referrals.name')}</Table.Th>
                        <Table.Th>{t('help:referrals.registeredAt')}</Table.Th>
                        <Table.Th>{t('help:referrals.state')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {info.data.referred.map((r) => (
                        <Table.Tr key={r.id}>
                          <Table.Td>{`${r.firstName} ${r.lastName}`}</Table.Td>
                          <Table.Td>{formatDate(r.registeredAt)}</Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={r.active ? 400 : 600}>
                              {r.active ? t('help:referrals.active') : t('help:referrals.inactive')}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
