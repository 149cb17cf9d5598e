// The record's "Portal del paciente" card: the portal state, Invite (shows the code, the link and a
// WhatsApp message; the email goes out from the server), and Revoke with a confirmation.
import { useState } from 'react';
import { Anchor, Button, CopyButton, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconMessages, IconUserPlus, IconUserX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Patient, PortalInviteResponse } from '@almendra/contracts';
import { showError, showSuccess } from '../../../lib/toast';
import { whatsappLink, whatsappNumber } from '../../../lib/whatsapp';
import { portalApi, portalKeys } from '../api/portal-api';
import { formatDate } from '../../../lib/dates';

const displayDate = (iso: string) => formatDate(iso);

export function PortalAccessCard({ patient, readOnly }: { patient: Patient; readOnly: boolean }) {
  const { t } = useTranslation('portal');
  const queryClient = useQueryClient();
  const access = useQuery({ queryKey: portalKeys.access(patient.id), queryFn: () => portalApi.access(patient.id) });
  const [invite, setInvite] = useState<PortalInviteResponse | null>(null);
  const [confirm, setConfirm] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: portalKeys.access(patient.id) });
  const inviteMutation = useMutation({
    mutationFn: () => portalApi.invite(patient.id),
    onSuccess: (result) => {
      setInvite(result);
      showSuccess(t('access.inviteSent', { email: patient.email ?? '' }), '');
      void refresh();
    },
    onError: showError,
  });
  const revoke = useMutation({
    mutationFn: () => portalApi.revoke(patient.id),
    onSuccess: () => {
      setConfirm(false);
      setInvite(null);
      showSuccess(t('access.revoked'), '');
      void refresh();
    },
    onError: showError,
  });
  const state = access.data;
  const name = `${patient.firstName} ${patient.lastName}`.trim();
  const phone = whatsappNumber(patient.mobileAreaCode, patient.mobileNumber, patient.phone);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="section-portal" data-testid="portal-access">
      <Stack gap="sm">
        <Title order={2} size="h4" id="section-portal">
          {t('access.title')}
        </Title>
        {state && (
          <Text size="sm" data-testid="portal-access-status" data-status={state.status}>
            {state.status === 'active'
              ? t('access.active', { date: state.activeSince ? displayDate(state.activeSince) : '—', email: state.email ?? '' })
              : state.status === 'invited'
                ? t('access.invited', { date: state.inviteExpiresAt ? displayDate(state.inviteExpiresAt) : '—' })
                : t('access.none')}
          </Text>
        )}
        {invite && (
          <Stack gap="xs" data-testid="portal-invite">
            <Group align="flex-end" gap="xs">
              <TextInput label={t('access.codeLabel')} value={invite.code} readOnly data-testid="portal-invite-code" styles={{ input: { fontFamily: 'monospace', letterSpacing: 2 } }} />
              <CopyButton value={invite.code}>{({ copied, copy }) => <Button variant="default" onClick={copy}>{copied ? t('access.copied') : t('access.copy')}</Button>}</CopyButton>
            </Group>
            <Group align="flex-end" gap="xs" wrap="nowrap">
              <TextInput label={t('access.linkLabel')} value={invite.inviteUrl} readOnly style={{ flex: 1 }} data-testid="portal-invite-url" />
              <CopyButton value={invite.inviteUrl}>{({ copied, copy }) => <Button variant="default" onClick={copy}>{copied ? t('access.copied') : t('access.copy')}</Button>}</CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              {t('access.expires', { date: displayDate(invite.expiresAt) })}
            </Text>
            <Anchor
              href={whatsappLink(phone, t('access.whatsappText', { name: patient.firstName, url: invite.inviteUrl, code: invite.code }))}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
            >
              <Group gap={6} component="span">
                <IconBrandWhatsapp size={16} aria-hidden />
                {t('access.whatsapp')}
              </Group>
            </Anchor>
          </Stack>
        )}
        {!readOnly && state && (
          <Group gap="sm">
            {state.status !== 'active' && (
              <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => inviteMutation.mutate()} loading={inviteMutation.isPending} data-testid="portal-invite-button">
                {state.status === 'invited' ? t('access.reinvite') : t('access.invite')}
              </Button>
            )}
            {state.status === 'active' && (
              <Button component={Link} to={`/chat?paciente=${encodeURIComponent(patient.id)}`} variant="light" leftSection={<IconMessages size={16} aria-hidden />}>
                {t('access.chat')}
              </Button>
            )}
            {state.status !== 'none' && (
              <Button color="red" variant="light" leftSection={<IconUserX size={16} aria-hidden />} onClick={() => setConfirm(true)} data-testid="portal-revoke-button">
                {t('access.revoke')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <Modal opened={confirm} onClose={() => setConfirm(false)} title={t('access.revokeTitle')} centered>
        <Stack>
          <Text size="sm">{t('access.revokeBody', { name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirm(false)}>
              {t('access.cancel')}
            </Button>
            <Button color="red" onClick={() => revoke.mutate()} loading={revoke.isPending} data-testid="portal-revoke-confirm">
              {t('access.revokeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
