// Onboarding state of a nutritionist's account (seed 1 section 4, tours): the guided tour of the main
// screens and the first-patient popup, kept on the server so they follow the account across devices.
import { z } from 'zod';

/** 'pending' until the nutritionist finishes or closes the guided tour; /ayuda can set it back. */
export const guidedTourStateSchema = z.enum(['pending', 'seen']);
/** The spec's active-plan `tour`: 'sin_tour' while the first-patient popup is due. */
export const firstPatientTourStateSchema = z.enum(['sin_tour', 'completed', 'dismissed']);
/** The spec's patient-count bands (6 and 15): which guided tour suits the practice's size. */
export const patientCountBandSchema = z.enum(['under-6', '6-to-14', '15-or-more']);

export const onboardingStateSchema = z.object({
  guidedTour: guidedTourStateSchema,
  firstPatientTour: firstPatientTourStateSchema,
  patientCount: z.number().int().nonnegative(),
  patientBand: patientCountBandSchema,
});
export type OnboardingState = z.infer<typeof onboardingStateSchema>;
export type PatientCountBand = z.infer<typeof patientCountBandSchema>;

export const updateOnboardingSchema = z
  .object({
    guidedTour: guidedTourStateSchema.optional(),
    firstPatientTour: z.enum(['completed', 'dismissed']).optional(),
  })
  .strict();
export type UpdateOnboarding = z.infer<typeof updateOnboardingSchema>;
