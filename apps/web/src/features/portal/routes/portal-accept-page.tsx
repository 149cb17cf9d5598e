// /portal/aceptar: the patient's invitation code and a new password make her portal account; then the
// portal. Its own chunk: the portal's entry (app/portal-app.tsx) loads it only on this page.
import { useState } from 'react';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { fieldErrors } from '../../../lib/api-error';
import { startSession } from '../../../lib/auth';
import { AppLink, useAppNavigate, useAppSearchParams } from '../../../lib/navigation';
import { showError } from '../../../lib/toast';
import { AuthCard } from '../../account/components/auth-card';
import { portalApi } from '../api/portal-api';

export function PortalAcceptPage() {
  const { t } = useTranslation('portal');
  const [params] = useAppSearchParams();
  const navigate = useAppNavigate();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const accept = useMutation({
    mutationFn: () => portalApi.accept({ code, password }),
    onSuccess: (session) => {
      startSession({ ...session, nutritionist: null });
      navigate('/portal', { replace: true });
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      showError(error);
    },
  });
  return (
    <AuthCard
      title={t('accept.title')}
      subtitle={t('accept.subtitle')}
      footer={
        <>
          {t('accept.haveAccount')}{' '}
          <Anchor component={AppLink} to="/login?para=paciente">
            {t('accept.login')}
          </Anchor>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          accept.mutate();
        }}
      >
        <Stack>
          <TextInput
            label={t('accept.code')}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.code}
            autoComplete="one-time-code"
            required
            data-testid="accept-code"
            styles={{ input: { fontFamily: 'monospace', letterSpacing: 2, textTransform: 'uppercase' } }}
          />
          <PasswordField
            label={t('accept.password')}
            description={t('accept.passwordHint')}
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
            autoComplete="new-password"
            required
            data-testid="accept-password"
          />
          <Button type="submit" loading={accept.isPending} data-testid="accept-submit">
            {t('accept.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
