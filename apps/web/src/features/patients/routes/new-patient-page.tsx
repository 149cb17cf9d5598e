// /nuevo-paciente.
import { NewPatient } from '../components/new-patient';

export const NewPatientPage = () => <NewPatient />;
