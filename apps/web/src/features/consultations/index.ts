// Public surface of the consultations feature for other features: the patient record's Consultas tab.
export { ConsultationsTab } from './components/consultations-tab';
