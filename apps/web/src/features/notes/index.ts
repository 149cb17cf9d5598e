// What other features may use from notes: the record's "Notas" tab.
export { PatientNotesTab } from './components/patient-notes-tab';
