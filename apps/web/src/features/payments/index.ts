// What other features may use from Cobros: the record's tab, the "Registrar cobro" dialog, the agenda's
// marks and line, and the statistics' income card.
export { PatientPaymentsTab } from './components/patient-payments-tab';
export { RecordPaymentDialog, type RecordPaymentDefaults } from './components/record-payment-dialog';
export { AppointmentPaymentLine, UnpaidMark, useUnpaidAppointmentIds } from './components/agenda-payment';
export { IncomeCard } from './components/income-card';
