// Public surface of the patients feature for other features: the first-patient tour popup and the
// "Pasar a mis pacientes" button (the requests inbox uses it).
export { FirstPatientTour } from './components/first-patient-tour';
export { PromotePatientButton } from './components/promote-patient';
