// A failed submit takes the person to the first field that needs attention: on a phone the errors of a
// long form are often a screen or more below the button, and a message nobody sees fixes nothing. Every
// form uses it the same way — Mantine forms through submitFocusingErrors (the validation failure of
// form.onSubmit), hand-made forms and server field errors through focusFirstInvalidSoon — and the
// server-rendered public booking page does the same without JavaScript (autofocus on its first invalid field).
import type { FormEvent, SyntheticEvent } from 'react';
import type { FormErrors } from '@mantine/form';

/** Focuses the first field marked aria-invalid inside root (DOM order) and scrolls it to the middle of the view. */
export function focusFirstInvalid(root: ParentNode | null | undefined = document): boolean {
  const field = (root ?? document).querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.focus({ preventScroll: true });
  field.scrollIntoView({ block: 'center', inline: 'nearest' });
  return true;
}

/** The same once React has painted the errors just set (two frames: the commit, then the layout). */
export function focusFirstInvalidSoon(root: ParentNode | null | undefined = document): void {
  requestAnimationFrame(() => requestAnimationFrame(() => focusFirstInvalid(root)));
}

interface SubmittableForm<Values, Transformed> {
  onSubmit: (
    handleSubmit: (values: Transformed, event: SyntheticEvent<HTMLFormElement> | undefined) => void | Promise<unknown>,
    handleValidationFailure?: (errors: FormErrors, values: Values, event: SyntheticEvent<HTMLFormElement> | undefined) => void,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
}

/** form.onSubmit(handler) of a Mantine form, plus: when validation fails, focus the first invalid field. */
export function submitFocusingErrors<Values, Transformed = Values>(
  form: SubmittableForm<Values, Transformed>,
  handler: (values: Transformed, event: SyntheticEvent<HTMLFormElement> | undefined) => void | Promise<unknown>,
): (event?: FormEvent<HTMLFormElement>) => void {
  return form.onSubmit(handler, (_errors, _values, event) => {
    // currentTarget is only set while the event is dispatched: read it now, use it after the paint.
    focusFirstInvalidSoon(event?.currentTarget ?? document);
  });
}
