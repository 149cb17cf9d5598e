// Issue 24: on a phone a failed submit left the person at the button while the errors were far above. One
// listener (installSubmitFocus, started in main.tsx) covers every form, including those built by hand that
// set their own error state or get it from the server's 400.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installSubmitFocus } from './form-focus';

const frames = () => new Promise((resolve) => setTimeout(resolve, 80));

function form(html: string): HTMLFormElement {
  const element = document.createElement('form');
  element.innerHTML = html;
  element.addEventListener('submit', (event) => event.preventDefault());
  document.body.append(element);
  return element;
}

describe('installSubmitFocus: the first error of any submitted form takes the focus', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installSubmitFocus();
  });
  afterEach(() => {
    uninstall();
    document.body.innerHTML = '';
  });

  it('focuses the first field its own validation marked invalid, in page order', async () => {
    const f = form('<input id="a"><input id="b"><input id="c"><button>Guardar</button>');
    f.addEventListener('submit', () => {
      // What a hand-made form does: set errors on submit; React paints them a frame later.
      requestAnimationFrame(() => {
        f.querySelector('#c')!.setAttribute('aria-invalid', 'true');
        f.querySelector('#b')!.setAttribute('aria-invalid', 'true');
      });
    });
    f.querySelector('button')!.focus();
    f.requestSubmit();
    await frames();
    expect(document.activeElement?.id).toBe('b');
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();
  });

  it('focuses a field the server marks invalid later (a 400 arriving), but only in the form submitted', async () => {
    const other = form('<input id="elsewhere" aria-invalid="true">');
    const f = form('<input id="name"><input id="email"><button>Guardar</button>');
    f.requestSubmit();
    await frames();
    expect(document.activeElement).toBe(document.body);
    f.querySelector('#email')!.setAttribute('aria-invalid', 'true');
    await frames();
    expect(document.activeElement?.id).toBe('email');
    expect(other.contains(document.activeElement)).toBe(false);
  });

  it('never takes the cursor away once she types again, nor acts when nothing is invalid', async () => {
    const f = form('<input id="name"><input id="notes"><button>Guardar</button>');
    f.requestSubmit();
    await frames();
    const notes = f.querySelector<HTMLInputElement>('#notes')!;
    notes.focus();
    notes.dispatchEvent(new Event('input', { bubbles: true }));
    f.querySelector('#name')!.setAttribute('aria-invalid', 'true');
    await frames();
    expect(document.activeElement).toBe(notes);
  });

  it('does nothing once uninstalled (the test above is not passing by accident)', async () => {
    uninstall();
    const f = form('<input id="a" aria-invalid="true"><button>Guardar</button>');
    f.querySelector('button')!.focus();
    f.requestSubmit();
    await frames();
    expect(document.activeElement?.tagName).toBe('BUTTON');
    uninstall = () => undefined;
  });
});
