// "Enviar link de pago": a Mercado Pago Checkout Pro link for an amount, which the patient opens from
// WhatsApp or her portal; the verified webhook records the Cobro and its receipt (docs/cobros.md). The
// practice collects into her own Mercado Pago account: without it connected, the dialog says how to
// connect it (Access Token, webhook secret, the webhook URL to register) instead of offering the link.
import { Anchor, Button, CopyButton, Group, List, Loader, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconBrandWhatsapp, IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import type { PaymentLink } from '@almendra/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n';
import { fieldErrors } from '../../../lib/api-error';
import { showError, showSuccess } from '../../../lib/toast';
import { whatsappLink } from '../../../lib/whatsapp';
import { centsToInput, filterPriceInput, formatMoney } from '../../appointments/lib/money';
import { preventEnterSubmit } from '../../settings/locations/enter-guard';
import { paymentKeys, paymentsApi } from '../api/payments-api';
import { readAmount } from '../lib/payment-input';

export interface PaymentLinkDialogProps {
  opened: boolean;
  onClose: () => void;
  patientId: string;
  patientName: string;
  /** wa.me digits of the patient's mobile; null lets WhatsApp ask for the chat. */
  whatsapp: string | null;
  defaults?: { amountCents?: number | null; appointmentId?: string | null };
}

export function PaymentLinkDialog(props: PaymentLinkDialogProps) {
  const { t } = useTranslation('payments');
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={t('link.title')} closeButtonProps={{ 'aria-label': t('actions.close') }} zIndex={400} data-testid="payment-link-dialog">
      {props.opened ? <PaymentLinkBody {...props} /> : null}
    </Modal>
  );
}

function PaymentLinkBody(props: PaymentLinkDialogProps) {
  const { t } = useTranslation('payments');
  const links = useQuery({ queryKey: paymentKeys.links(props.patientId), queryFn: ({ signal }) => paymentsApi.links(props.patientId, signal) });
  const [created, setCreated] = useState<PaymentLink | null>(null);
  if (links.isPending) return <Loader aria-label={t('loading')} />;
  if (links.isError) return <Text c="red">{t('error')}</Text>;
  if (!links.data.mercadoPagoConfigured) return <ConnectMercadoPago />;
  if (created) return <CreatedLink link={created} {...props} />;
  return <CreateLinkForm {...props} onCreated={setCreated} />;
}

function CreateLinkForm({ patientId, patientName, defaults, onClose, onCreated }: PaymentLinkDialogProps & { onCreated: (link: PaymentLink) => void }) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const [amountText, setAmountText] = useState(defaults?.amountCents ? centsToInput(defaults.amountCents) : '');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const amount = readAmount(amountText);
  const create = useMutation({
    mutationFn: () => paymentsApi.createLink(patientId, { amountCents: amount.cents!, ...(description.trim() ? { description: description.trim() } : {}), ...(defaults?.appointmentId ? { appointmentId: defaults.appointmentId } : {}) }),
    onSuccess: async (link) => {
      await queryClient.invalidateQueries({ queryKey: paymentKeys.links(patientId) });
      onCreated(link);
    },
    onError: showError,
  });
  return (
    <form
      noValidate
      onKeyDown={preventEnterSubmit}
      onSubmit={(event) => {
        event.preventDefault();
        // Portalled, but React bubbles the submit: opened from the appointment's dialog it would save it too.
        event.stopPropagation();
        setTouched(true);
        if (amount.error === null) create.mutate();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('link.intro', { name: patientName })}
        </Text>
        <TextInput
          label={t('dialog.amount')}
          description={t('dialog.amountHint')}
          inputMode="decimal"
          required
          data-autofocus
          data-testid="payment-link-amount"
          value={amountText}
          onChange={(e) => setAmountText(filterPriceInput(e.currentTarget.value))}
          onBlur={() => setTouched(true)}
          error={touched && amount.error ? t(`dialog.${amount.error}`) : undefined}
        />
        <TextInput label={t('link.description')} placeholder={t('link.descriptionPlaceholder')} maxLength={120} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="payment-link-create">
            {t('link.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CreatedLink({ link, patientName, whatsapp, onClose }: PaymentLinkDialogProps & { link: PaymentLink }) {
  const { t, i18n } = useTranslation('payments');
  const amount = formatMoney(link.amountCents, link.currency, intlLocale(i18n.language));
  const message = t('link.whatsappMessage', { name: patientName.split(' ')[0], amount, concept: link.description, url: link.url });
  return (
    <Stack gap="sm" data-testid="payment-link-created">
      <Text size="sm">{t('link.created', { amount })}</Text>
      <TextInput readOnly label={t('link.url')} value={link.url} data-testid="payment-link-url" onFocus={(e) => e.currentTarget.select()} />
      <Group gap="xs" wrap="wrap">
        <CopyButton value={link.url}>
          {({ copied, copy }) => (
            <Button variant="light" leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
              {copied ? t('link.copied') : t('link.copy')}
            </Button>
          )}
        </CopyButton>
        <Button component="a" href={whatsappLink(whatsapp, message)} target="_blank" rel="noopener noreferrer" color="green" variant="light" leftSection={<IconBrandWhatsapp size={16} aria-hidden />}>
          {t('link.whatsapp')}
        </Button>
        <Button component="a" href={link.url} target="_blank" rel="noopener noreferrer" variant="subtle" leftSection={<IconExternalLink size={16} aria-hidden />}>
          {t('link.open')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('link.after')}
      </Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </Group>
    </Stack>
  );
}

/** Her own Mercado Pago application's credentials; the token is stored encrypted and never shown again. */
function ConnectMercadoPago() {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: paymentKeys.mercadoPago, queryFn: ({ signal }) => paymentsApi.mercadoPago(signal) });
  const [accessToken, setAccessToken] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => paymentsApi.saveMercadoPago({ accessToken: accessToken.trim(), webhookSecret: webhookSecret.trim() }),
    // Its own error handling below: the message next to its field, or one toast (not the app's toast too).
    meta: { silent: true },
    onSuccess: async () => {
      showSuccess(t('link.connectedTitle'), t('link.connected'));
      await queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    },
    // The server's message next to the field it is about (a token that is not one…), else a toast.
    onError: (error) => {
      const byField = fieldErrors(error);
      if (Object.keys(byField).length > 0) setErrors(byField);
      else showError(error);
    },
  });
  return (
    <form
      noValidate
      onKeyDown={preventEnterSubmit}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        setErrors({});
        save.mutate();
      }}
    >
      <Stack gap="sm" data-testid="mercadopago-connect">
        <Text size="sm">{t('link.notConnected')}</Text>
        <List size="sm" type="ordered" spacing={4}>
          <List.Item>
            {t('link.step1')}{' '}
            <Anchor href="https://www.mercadopago.com.ar/developers/panel/app" target="_blank" rel="noopener noreferrer">
              {t('link.panel')}
            </Anchor>
          </List.Item>
          <List.Item>{t('link.step2')}</List.Item>
          <List.Item>{t('link.step3')}</List.Item>
        </List>
        <TextInput readOnly label={t('link.webhookUrl')} value={settings.data?.webhookUrl ?? ''} onFocus={(e) => e.currentTarget.select()} data-testid="mercadopago-webhook-url" />
        <PasswordInput label={t('link.accessToken')} placeholder="APP_USR-…" required value={accessToken} onChange={(e) => setAccessToken(e.currentTarget.value)} error={errors.accessToken} autoComplete="off" />
        <PasswordInput label={t('link.webhookSecret')} required value={webhookSecret} onChange={(e) => setWebhookSecret(e.currentTarget.value)} error={errors.webhookSecret} autoComplete="off" />
        <Text size="xs" c="dimmed">
          {t('link.stored')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="mercadopago-save">
            {t('link.connect')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
