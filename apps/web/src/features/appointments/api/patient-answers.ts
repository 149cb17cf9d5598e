// A patient's answer from her personal link (issue 27) reaches the nutritionist at once, wherever she is in
// the app: the realtime event refetches the agenda and the badge of cancellations not seen yet (on the
// side menu's "Citas"), and a toast says who and when — a cancellation stays on screen with a way to the
// agenda. The agenda marks them seen when it is open.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PATIENT_ANSWER_EVENT } from '@almendra/contracts/constants';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showSuccess, showWithActions } from '../../../lib/toast';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { displayDate, formatTime, isoDate } from '../lib/money';
import { appointmentKeys, appointmentsApi } from './appointments-api';

export const UNSEEN_ANSWERS_REFRESH_MS = 60_000;

/** Listens for patients' answers and answers the badge's count (0 while disabled or loading). */
export function usePatientAnswersLive(enabled: boolean): number {
  const { t } = useTranslation(['appointments', 'nav']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const unseen = useQuery({
    queryKey: appointmentKeys.unseenAnswers,
    queryFn: ({ signal }) => appointmentsApi.unseenAnswers(signal),
    enabled,
    refetchInterval: UNSEEN_ANSWERS_REFRESH_MS,
    // A failing badge must not interrupt the nutritionist with toasts every minute.
    meta: { silent: true },
  });
  useRealtimeEvents([PATIENT_ANSWER_EVENT, 'realtime.reconnected'], (event) => {
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.unseenAnswers });
    if (event.type !== PATIENT_ANSWER_EVENT || !enabled) return;
    void queryClient.invalidateQueries({ queryKey: appointmentKeys.appointments });
    const start = typeof event.start === 'string' ? event.start : null;
    const values = {
      name: typeof event.patientName === 'string' ? event.patientName : '',
      date: start ? displayDate(isoDate(new Date(start))) : '',
      time: start ? formatTime(start) : '',
    };
    if (event.confirmation === 'cancelled_by_patient') {
      showWithActions(t('confirmation.liveCancelledTitle'), t('confirmation.liveCancelled', values), [
        { label: t('nav:pages.appointments'), run: () => void navigate('/citas') },
      ]);
    } else if (event.confirmation === 'confirmed') {
      showSuccess(t('confirmation.liveConfirmedTitle'), t('confirmation.liveConfirmed', values));
    }
  });
  return enabled ? (unseen.data?.count ?? 0) : 0;
}
