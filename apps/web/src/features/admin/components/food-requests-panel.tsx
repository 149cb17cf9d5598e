// 'Solicitudes de alimentos' on /admin: pending requests with their values and label photo; approve
// (the food joins the database for everyone) or reject with a reason the nutritionist reads.
import { Badge, Button, Group, Image, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFoodRequest } from '@almendra/contracts';
import { displayUnit, NUTRIENTS, toDisplayValue, type NutrientKey } from '@almendra/domain';
import { showSuccess } from '../../../lib/toast';
import { authorizedFetch, formatAmount } from '../../foods';
import { adminFoodRequestsApi, pendingFoodRequestsQuery } from '../api/admin-api';

const NAMES = new Map(NUTRIENTS.map((n) => [n.key as string, n]));

export function FoodRequestsPanel() {
  const { t } = useTranslation('foods');
  const requests = useQuery(pendingFoodRequestsQuery());
  return (
    <section aria-labelledby="food-requests-title">
      <Title order={2} size="h3" id="food-requests-title" mb="sm">
        {t('admin.title')}
      </Title>
      {(requests.data?.items.length ?? 0) === 0 ? (
        <Text c="dimmed" data-testid="admin-food-requests-empty">
          {requests.isPending ? t('options.loading') : t('admin.empty')}
        </Text>
      ) : (
        <Stack gap="md" data-testid="admin-food-requests">
          {requests.data!.items.map((request) => (
            <RequestCard key={request.id} request={request} />
          ))}
        </Stack>
      )}
    </section>
  );
}

function RequestPhoto({ id }: { id: string }) {
  const { t } = useTranslation('foods');
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    void authorizedFetch(`/admin/food-requests/${encodeURIComponent(id)}/photo`).then(async (response) => {
      if (!response.ok || cancelled) return;
      objectUrl = URL.createObjectURL(await response.blob());
      setUrl(objectUrl);
    });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [id]);
  return url ? <Image src={url} alt={t('admin.photoAlt')} maw={240} radius="sm" /> : null;
}

function RequestCard({ request }: { request: AdminFoodRequest }) {
  const { t, i18n } = useTranslation('foods');
  const english = i18n.language.startsWith('en');
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const done = async (title: string, message: string) => {
    await queryClient.invalidateQueries({ queryKey: ['admin'] });
    await queryClient.invalidateQueries({ queryKey: ['foods'] });
    showSuccess(title, message);
  };
  const approve = useMutation({
    mutationFn: () => adminFoodRequestsApi.approve(request.id),
    onSuccess: () => done(t('admin.approvedTitle'), t('admin.approvedMessage', { name: request.name })),
  });
  const reject = useMutation({
    mutationFn: () => adminFoodRequestsApi.reject(request.id, reason.trim()),
    onSuccess: async () => {
      setRejecting(false);
      await done(t('admin.rejectedTitle'), t('admin.rejectedMessage', { name: request.name }));
    },
  });
  const nutrients = Object.entries(request.nutrients).filter(([key]) => NAMES.has(key));
  return (
    <Paper withBorder p="md" radius="md" data-testid="admin-food-request">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text fw={700}>
            {request.name}
            {request.brand ? ` · ${request.brand}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {t('admin.from', { name: `${request.nutritionist.firstName} ${request.nutritionist.lastName}`, email: request.nutritionist.email })}
          </Text>
          {request.notes ? <Text size="sm">{request.notes}</Text> : null}
          <Group gap={6} mt="xs">
            {nutrients.map(([key, value]) => {
              const definition = NAMES.get(key)!;
              const k = key as NutrientKey;
              return (
                <Badge key={key} variant="light" tt="none">
                  {english ? definition.nameEn : definition.nameEs}: {formatAmount(toDisplayValue(k, value ?? 0), i18n.language, displayUnit(k))} {displayUnit(k)}
                </Badge>
              );
            })}
          </Group>
        </div>
        {request.hasPhoto ? <RequestPhoto id={request.id} /> : null}
      </Group>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setRejecting(true)}>
          {t('admin.reject')}
        </Button>
        <Button onClick={() => approve.mutate()} loading={approve.isPending}>
          {t('admin.approve')}
        </Button>
      </Group>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('admin.rejectTitle', { name: request.name })} centered>
        <AutoTextarea
          label={t('admin.reason')}
          required
          minRows={3}
          max={1000}
          value={reason}
          error={reasonError}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRejecting(false)}>
            {t('cancel')}
          </Button>
          <Button
            color="red.9"
            loading={reject.isPending}
            onClick={() => {
              if (!reason.trim()) return setReasonError(t('admin.reasonRequired'));
              setReasonError(null);
              reject.mutate();
            }}
          >
            {t('admin.confirmReject')}
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
