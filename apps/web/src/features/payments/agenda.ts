// The light entry of Cobros for the agenda and the consultation screen (no record tab, no charts): the
// unpaid marks, the appointment's payment line and the "Registrar cobro" dialog.
export { AppointmentPaymentLine, UnpaidMark, useUnpaidAppointmentIds } from './components/agenda-payment';
export { RecordPaymentDialog, type RecordPaymentDefaults } from './components/record-payment-dialog';
