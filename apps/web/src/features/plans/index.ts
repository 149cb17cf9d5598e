// Public surface of the plans feature for other features: the patient record's plans tab and the
// settings 'Comidas' tab.
export { PatientPlansTab } from './components/patient-plans-tab';
export { MealSlotsTab } from './components/meal-slots-tab';
