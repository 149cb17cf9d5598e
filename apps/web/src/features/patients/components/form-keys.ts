// Keyboard rules shared by the patient forms, in a module of its own so a small form (the first-patient
// popup on /inicio) does not pull the whole patient form into the first screen's JavaScript.

/** Enter in a single-line input never submits the form (keyboard-first forms, DESIGN.md). */
export function preventEnterSubmit(event: React.KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target.tagName === 'INPUT') event.preventDefault();
}
