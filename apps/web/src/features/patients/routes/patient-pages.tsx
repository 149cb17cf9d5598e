// Patients feature routes: /pacientes, /nuevo-paciente, /ficha.
import { NewPatient } from '../components/new-patient';
import { PatientRecord } from '../components/patient-record';
import { PatientsList } from '../components/patients-list';

export const PatientsPage = () => <PatientsList />;
export const NewPatientPage = () => <NewPatient />;
export const PatientRecordPage = () => <PatientRecord />;
