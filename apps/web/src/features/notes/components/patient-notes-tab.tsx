// The record's "Notas" tab: the patient's notes, read-only while the patient is in the trash.
import { useTranslation } from 'react-i18next';
import { NotesPanel } from './notes-panel';

export function PatientNotesTab({ patientId, readOnly }: { patientId: string; readOnly: boolean }) {
  const { t } = useTranslation('help');
  return <NotesPanel owner={patientId} heading={t('notes.patientHeading')} readOnly={readOnly} />;
}
