// /pacientes. One module per screen, so the list does not load the record's and the form's code.
import { PatientsList } from '../components/patients-list';

export const PatientsPage = () => <PatientsList />;
