// "See the tour again" (from /ayuda): the account owes the tour again, and /inicio starts it at once.
import type { QueryClient } from '@tanstack/react-query';
import type { NavigateFunction } from 'react-router';
import { updateOnboarding } from './onboarding-api';

export async function reopenGuidedTour(queryClient: QueryClient, navigate: NavigateFunction): Promise<void> {
  await updateOnboarding(queryClient, { guidedTour: 'pending' });
  await navigate('/inicio?recorrido=1');
}
