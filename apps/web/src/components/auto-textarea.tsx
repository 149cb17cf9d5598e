// A textarea that grows with its text, sized by the browser (CSS `field-sizing: content`) instead of by
// script. Mantine's `autosize` measures every textarea in a layout effect after each render
// (getComputedStyle + scrollHeight) and sets a height that makes the next one force layout again: on
// /ficha's first visit that was ~120 ms of a throttled phone's CPU before the record could paint
// (issue 15, docs/web.md). Browsers without field-sizing (Firefox, older Safari) keep Mantine's autosize.
import { Textarea, type TextareaProps } from '@mantine/core';

const FIELD_SIZING = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** The height of `rows` lines of the textarea's own line height, with its padding and border. */
const rowsHeight = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2 * 0.0625rem * var(--mantine-scale, 1))`;

export function AutoTextarea({ minRows = 1, maxRows, ...props }: Omit<TextareaProps, 'autosize' | 'styles' | 'rows'>) {
  if (!FIELD_SIZING) return <Textarea {...props} autosize minRows={minRows} maxRows={maxRows} />;
  return (
    <Textarea
      {...props}
      rows={minRows}
      styles={{ input: { fieldSizing: 'content', minHeight: rowsHeight(minRows), maxHeight: maxRows === undefined ? undefined : rowsHeight(maxRows) } }}
    />
  );
}
