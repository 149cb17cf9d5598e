// The account's onboarding state: the guided tour and the first-patient popup (seed 1 section 4).
// The popup is due while the spec's tour is 'sin_tour'; a practice that has any patient (however it
// was created: the popup, the form, an import, a public booking) is past it, and the state says so.
import type { Kysely } from 'kysely';
import { patientCountBand } from '@almendra/domain';
import type { OnboardingState, UpdateOnboarding } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { onboardingRepository } from './onboarding.repository.js';

export function createOnboardingService(db: Kysely<DB>, clock: Clock) {
  async function get(nutritionistId: string): Promise<OnboardingState> {
    const row = await onboardingRepository.find(db, nutritionistId);
    const patientCount = Number(row.patient_count ?? 0);
    let firstPatientTour = row.first_patient_tour;
    if (firstPatientTour === 'sin_tour' && patientCount > 0) {
      firstPatientTour = 'completed';
      await onboardingRepository.update(db, nutritionistId, { first_patient_tour: firstPatientTour }, clock.now().toISOString());
    }
    return { guidedTour: row.guided_tour, firstPatientTour, patientCount, patientBand: patientCountBand(patientCount) };
  }

  async function update(nutritionistId: string, changes: UpdateOnboarding): Promise<OnboardingState> {
    await onboardingRepository.update(
      db,
      nutritionistId,
      { guided_tour: changes.guidedTour, first_patient_tour: changes.firstPatientTour },
      clock.now().toISOString(),
    );
    return get(nutritionistId);
  }

  return { get, update };
}
export type OnboardingService = ReturnType<typeof createOnboardingService>;
