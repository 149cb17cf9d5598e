// Public surface of the patients feature for other features: the first-patient tour popup.
export { FirstPatientTour } from './components/first-patient-tour';
