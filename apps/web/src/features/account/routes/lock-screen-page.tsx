// /pages/lock-screen: the session stays signed in but the app is hidden until the password is
// confirmed (POST /auth/verify-password). The lock is stored, so a reload stays locked.
import { useEffect } from 'react';
import { Anchor, Avatar, Button, Center, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../app/safe-redirect';
import { PasswordField } from '../../../components/password-field';
import { endSession } from '../../../lib/auth';
import { fullName, useCurrentUser } from '../../../lib/current-user';
import { setLocked } from '../../../lib/lock';
import { accountApi } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { submitFocusingErrors } from '../../../lib/form-focus';

export function LockScreenPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const me = useCurrentUser();
  const name = fullName(me.data);

  // Opening the lock screen locks the session (also when reached through the user menu).
  useEffect(() => {
    setLocked(true);
  }, []);

  const form = useForm({
    initialValues: { password: '' },
    validate: { password: (value) => (value ? null : t('common:validation.required')) },
  });
  const unlock = useMutation({
    mutationFn: (password: string) => accountApi.verifyPassword(password),
    onSuccess: () => {
      setLocked(false);
      void navigate(safeRedirectPath(params.get('to')), { replace: true });
    },
    onError: () => form.setFieldValue('password', ''),
  });

  const logout = async () => {
    await endSession();
    void navigate('/login', { replace: true });
  };

  return (
    <AuthCard
      title={t('auth:lock.title')}
      subtitle={name ? t('auth:lock.subtitle', { name }) : t('auth:lock.subtitleAnonymous')}
      footer={
        <Anchor component="button" type="button" onClick={() => void logout()} underline="always">
          {t('auth:lock.notYou')}
        </Anchor>
      }
    >
      {name ? (
        <Center>
          <Stack align="center" gap={4}>
            <Avatar size="lg" radius="xl" name={name} aria-hidden />
            <Text fw={600} data-testid="lock-screen-name">
              {name}
            </Text>
          </Stack>
        </Center>
      ) : null}
      <form noValidate onSubmit={submitFocusingErrors(form, (values) => unlock.mutate(values.password))}>
        <Stack gap="md">
          <PasswordField label={t('auth:lock.password')} autoComplete="current-password" required {...form.getInputProps('password')} />
          <Button type="submit" fullWidth loading={unlock.isPending}>
            {t('auth:lock.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
