// Subscription screens that arrive with billing: /planes (= /comprar), /pagar (= /activar-cuenta)
// and /exitoso (= /gracias). Honest explanations, plus a way out for banned accounts.
import { Button } from '@mantine/core';
import { IconCircleCheck, IconCreditCard, IconListDetails } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { StatusScreen } from '../../../components/status-screen';
import { endSession } from '../../../lib/auth';
import { isAuthenticated } from '../../../lib/session';

function SessionActions() {
  const { t } = useTranslation(['billing', 'common']);
  const navigate = useNavigate();
  if (!isAuthenticated()) {
    return (
      <Button component={Link} to="/login" variant="default">
        {t('billing:signIn')}
      </Button>
    );
  }
  return (
    <Button
      variant="default"
      onClick={async () => {
        await endSession();
        void navigate('/login', { replace: true });
      }}
    >
      {t('common:actions.logout')}
    </Button>
  );
}

export function PlansPage({ variant = 'plans' }: { variant?: 'plans' | 'buy' }) {
  const { t } = useTranslation(['billing', 'common']);
  return (
    <StatusScreen
      icon={IconListDetails}
      title={t('billing:plans.title')}
      description={t('billing:plans.description')}
      testId={`plans-screen-${variant}`}
      actions={
        variant === 'buy' ? (
          <Button component={Link} to="/inicio" variant="default">
            {t('common:actions.backHome')}
          </Button>
        ) : (
          <SessionActions />
        )
      }
    />
  );
}

export function PaymentPage({ mode = 'pay' }: { mode?: 'pay' | 'activate' }) {
  const { t } = useTranslation(['billing', 'common']);
  return (
    <StatusScreen
      icon={IconCreditCard}
      title={mode === 'activate' ? t('billing:payment.activateTitle') : t('billing:payment.payTitle')}
      description={t('billing:payment.description')}
      testId={`payment-screen-${mode}`}
      actions={
        mode === 'activate' ? (
          <>
            <Button component={Link} to="/planes">
              {t('billing:seePlans')}
            </Button>
            <SessionActions />
          </>
        ) : (
          <Button component={Link} to="/inicio" variant="default">
            {t('common:actions.backHome')}
          </Button>
        )
      }
    >
      {mode === 'activate' ? t('billing:payment.bannedNotice') : null}
    </StatusScreen>
  );
}

export function SuccessPage({ option }: { option: 'exito' | 'gracias' }) {
  const { t } = useTranslation(['billing', 'common']);
  return (
    <StatusScreen
      icon={IconCircleCheck}
      title={option === 'gracias' ? t('billing:success.graciasTitle') : t('billing:success.exitoTitle')}
      description={t('billing:success.description')}
      testId={`success-screen-${option}`}
      actions={
        <Button component={Link} to="/inicio">
          {t('common:actions.backHome')}
        </Button>
      }
    />
  );
}
