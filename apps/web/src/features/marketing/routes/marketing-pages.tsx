// /marketing: the appointment requests sent from the public profile (unseen first; confirm, reject with
// a reason, WhatsApp, mark all seen), the conversion figures (requests → first consultation) and the
// completed appointments. Live: a new request appears without a reload (use-marketing-live).
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBrandWhatsapp, IconCheck, IconEye, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MarketingRequest } from '@almendra/contracts';
import { PageLoader } from '../../../components/page-loader';
import { PromotePatientButton } from '../../patients';
import { showSuccess } from '../../../lib/toast';
import { whatsappLink } from '../../../lib/whatsapp';
import { marketingApi, marketingKeys, overviewQuery, requestsQuery } from '../api/marketing-api';
import { useMarketingLive } from '../api/use-marketing-live';
import { formatDateTime } from '../../../lib/dates';
import { LengthCounter } from '../../../components/length-counter';

/** The server's limit for a rejection reason (contracts marketing.ts). */
const REASON_MAX = 500;


function StatusBadge({ request }: { request: MarketingRequest }) {
  const { t } = useTranslation('marketing');
  const color = request.status === 'confirmed' ? 'teal' : request.status === 'rejected' ? 'red' : 'yellow';
  return (
    <Badge color={color} variant="light">
      {t(`inbox.status.${request.status}`)}
    </Badge>
  );
}

function RejectModal({ request, onClose }: { request: MarketingRequest; onClose: () => void }) {
  const { t } = useTranslation('marketing');
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reject = useMutation({
    mutationFn: () => marketingApi.decide(request.id, { status: 'rejected', reason: reason.trim() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketingKeys.all });
      showSuccess(t('inbox.rejectedTitle'), t('inbox.rejected', { name: request.name }));
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={t('inbox.rejectTitle', { name: request.name })} closeButtonProps={{ 'aria-label': t('inbox.close') }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!reason.trim()) {
            setError(t('inbox.reasonRequired'));
            return;
          }
          reject.mutate();
        }}
      >
        <Stack>
          <Textarea
            label={t('inbox.reason')}
            description={t('inbox.reasonHint')}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={REASON_MAX}
            rows={3}
            data-autofocus
          />
          <LengthCounter id="reject-reason-count" length={reason.length} max={REASON_MAX} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('inbox.cancel')}
            </Button>
            <Button type="submit" color="red" loading={reject.isPending}>
              {t('inbox.reject')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RequestCard({ request, onReject }: { request: MarketingRequest; onReject: () => void }) {
  const { t } = useTranslation('marketing');
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: () => marketingApi.decide(request.id, { status: 'confirmed' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: marketingKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['appointments'] });
      showSuccess(t('inbox.confirmedTitle'), t('inbox.confirmed', { name: request.name }));
    },
  });
  const when = request.start
    ? [formatDateTime(request.start), request.locationName, request.serviceName].filter(Boolean).join(' · ')
    : t('inbox.callback');
  return (
    <Paper withBorder radius="md" p="md" data-testid="request-card" data-seen={request.seen}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={700}>{request.name}</Text>
            {!request.seen && (
              <Badge color="red" variant="filled" size="sm">
                {t('inbox.unseen')}
              </Badge>
            )}
          </Group>
          <StatusBadge request={request} />
        </Group>
        <Text size="sm" fw={500}>
          {when}
        </Text>
        <Text size="sm">
          {[request.phone, request.email].filter(Boolean).join(' · ')}
        </Text>
        {request.message && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            “{request.message}”
          </Text>
        )}
        {request.status === 'rejected' && request.rejectReason && (
          <Text size="sm">
            {t('inbox.rejectReason')}: {request.rejectReason}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('inbox.received', { date: formatDateTime(request.createdAt) })}
        </Text>
        <Group gap="xs" mt={4}>
          {request.status === 'pending' && (
            <>
              <Button size="xs" leftSection={<IconCheck size={16} aria-hidden />} loading={confirm.isPending} onClick={() => confirm.mutate()}>
                {t('inbox.confirm')}
              </Button>
              <Button size="xs" variant="light" color="red" leftSection={<IconX size={16} aria-hidden />} onClick={onReject}>
                {t('inbox.reject')}
              </Button>
            </>
          )}
          <Button
            size="xs"
            variant="light"
            color="green"
            component="a"
            href={whatsappLink(request.whatsappNumber, t('inbox.whatsappText', { name: request.name.split(' ')[0] }))}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
          >
            {t('inbox.whatsapp')}
          </Button>
          {request.patientId && request.patientIsNew && <PromotePatientButton patientId={request.patientId} name={request.name} />}
          {request.patientId && (
            <Anchor component={Link} to={`/ficha?id=${encodeURIComponent(request.patientId)}`} size="sm">
              {t('inbox.openRecord')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function Figures() {
  const { t } = useTranslation('marketing');
  const overview = useQuery(overviewQuery());
  const c = overview.data?.conversion;
  if (!c) return null;
  const figures = [
    { label: t('figures.requests'), value: String(c.requests) },
    { label: t('figures.pending'), value: String(c.pending) },
    { label: t('figures.confirmed'), value: String(c.confirmed) },
    { label: t('figures.firstConsultations'), value: `${c.firstConsultations} (${Math.round(c.rate * 100)} %)` },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" aria-label={t('figures.label')}>
      {figures.map((f) => (
        <Card key={f.label} withBorder padding="sm" radius="md">
          <Text size="sm">{f.label}</Text>
          <Text fw={700} size="xl">
            {f.value}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function CompletedAppointments() {
  const { t } = useTranslation('marketing');
  const overview = useQuery(overviewQuery());
  if (!overview.data) return <PageLoader />;
  const rows = overview.data.completedAppointments;
  if (rows.length === 0) return <Text>{t('completed.empty')}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('completed.date')}</Table.Th>
            <Table.Th>{t('completed.patient')}</Table.Th>
            <Table.Th>{t('completed.place')}</Table.Th>
            <Table.Th>{t('completed.service')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{formatDateTime(a.start)}</Table.Td>
              <Table.Td>{a.patientName ?? t('completed.noPatient')}</Table.Td>
              <Table.Td>{a.locationName}</Table.Td>
              <Table.Td>{a.serviceName ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function MarketingPage() {
  const { t } = useTranslation(['marketing', 'nav', 'common']);
  useDocumentTitle(`${t('nav:pages.marketing')} · ${t('common:appName')}`);
  useMarketingLive();
  const queryClient = useQueryClient();
  const requests = useQuery(requestsQuery());
  const [rejecting, setRejecting] = useState<MarketingRequest | null>(null);
  const markSeen = useMutation({
    mutationFn: marketingApi.markAllSeen,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: marketingKeys.all }),
  });
  const unseen = requests.data?.unseenCount ?? 0;

  return (
    <Stack gap="md">
      <Title order={1}>{t('nav:pages.marketing')}</Title>
      <Figures />
      <Tabs defaultValue="requests" keepMounted={false}>
        <Tabs.List aria-label={t('marketing:tabs.label')}>
          <Tabs.Tab value="requests">{t('marketing:tabs.requests', { count: unseen })}</Tabs.Tab>
          <Tabs.Tab value="completed">{t('marketing:tabs.completed')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="requests" pt="md">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text>{t('marketing:inbox.unseenCount', { count: unseen })}</Text>
              <Button variant="light" leftSection={<IconEye size={16} aria-hidden />} disabled={unseen === 0} loading={markSeen.isPending} onClick={() => markSeen.mutate()}>
                {t('marketing:inbox.markAllSeen')}
              </Button>
            </Group>
            {!requests.data ? (
              <PageLoader />
            ) : requests.data.items.length === 0 ? (
              <Alert color="gray" title={t('marketing:inbox.emptyTitle')}>
                {t('marketing:inbox.empty')}{' '}
                <Anchor component={Link} to="/configuracion?tab=perfil-web">
                  {t('marketing:inbox.emptyLink')}
                </Anchor>
              </Alert>
            ) : (
              requests.data.items.map((request) => <RequestCard key={request.id} request={request} onReject={() => setRejecting(request)} />)
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="completed" pt="md">
          <CompletedAppointments />
        </Tabs.Panel>
      </Tabs>
      {rejecting && <RejectModal request={rejecting} onClose={() => setRejecting(null)} />}
    </Stack>
  );
}
