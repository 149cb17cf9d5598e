export { GuidedTourCard } from './guided-tour-card';
export { reopenGuidedTour } from './reopen-guided-tour';
export { onboardingQuery, updateOnboarding, onboardingKey } from './onboarding-api';
export { firstPatientDismissedHere, rememberFirstPatientDismissed } from './first-patient-memory';
