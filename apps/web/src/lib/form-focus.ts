// A failed submit takes the person to the first field that needs attention: on a phone the errors of a
// long form are often a screen or more below the button, and a message nobody sees fixes nothing. Every
// form uses it the same way — Mantine forms through submitFocusingErrors (the validation failure of
// form.onSubmit), hand-made forms and server field errors through focusFirstInvalidSoon — and the
// server-rendered public booking page does the same without JavaScript (autofocus on its first invalid field).
// Forms built by hand (a dozen set their own error state, some only when the server answers 400) are covered
// once for all by installSubmitFocus, started in main.tsx: after any form is submitted, the first field
// that is or becomes invalid is focused and scrolled into view — so a form added tomorrow needs nothing.
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

/** How long after a submit a field that turns invalid (the server's 400 arriving) still takes the focus. */
export const SUBMIT_FOCUS_WINDOW_MS = 15_000;

/**
 * Watches every form submitted in `doc`: two frames after the submit (client-side validation has painted),
 * or when a field of that form turns aria-invalid later (server field errors), the first invalid field is
 * focused and scrolled to. It stops at the first focus, when the person types in the form again (her
 * cursor is never taken away), or after SUBMIT_FOCUS_WINDOW_MS. Returns the uninstaller.
 */
export function installSubmitFocus(doc: Document = document): () => void {
  const view = doc.defaultView ?? window;
  const onSubmit = (event: Event) => {
    const target = event.target;
    if (!(target instanceof view.HTMLFormElement)) return;
    const form: HTMLFormElement = target;
    let done = false;
    const observer = new view.MutationObserver(() => {
      if (!done && form.querySelector('[aria-invalid="true"]')) finish(focusFirstInvalid(form));
    });
    const timer = view.setTimeout(() => finish(false), SUBMIT_FOCUS_WINDOW_MS);
    const onInput = () => finish(false);
    function finish(_focused: boolean) {
      if (done) return;
      done = true;
      observer.disconnect();
      view.clearTimeout(timer);
      form.removeEventListener('input', onInput, true);
    }
    form.addEventListener('input', onInput, true);
    // Errors already painted by the time of the next two frames came from this submit's validation.
    view.requestAnimationFrame(() =>
      view.requestAnimationFrame(() => {
        if (done) return;
        if (focusFirstInvalid(form)) finish(true);
        else observer.observe(form, { subtree: true, attributes: true, attributeFilter: ['aria-invalid'], childList: true });
      }),
    );
  };
  doc.addEventListener('submit', onSubmit, true);
  return () => doc.removeEventListener('submit', onSubmit, true);
}
