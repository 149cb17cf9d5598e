// The spec's patient-count bands for the onboarding tour tag (seed 1 section 4: "a tag for the tour
// uses patient-count bands 6 and 15"): under 6 patients, 6 to 14, 15 or more.
export type PatientCountBand = 'under-6' | '6-to-14' | '15-or-more';

export const PATIENT_BAND_LIMITS = { middle: 6, large: 15 } as const;

export function patientCountBand(patientCount: number): PatientCountBand {
  if (patientCount >= PATIENT_BAND_LIMITS.large) return '15-or-more';
  if (patientCount >= PATIENT_BAND_LIMITS.middle) return '6-to-14';
  return 'under-6';
}
