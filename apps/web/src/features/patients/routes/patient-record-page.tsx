// /ficha.
import { PatientRecord } from '../components/patient-record';

export const PatientRecordPage = () => <PatientRecord />;
