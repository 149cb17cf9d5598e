// A textarea that grows with its text, sized by the browser (CSS `field-sizing: content`) instead of by
// script. Mantine's `autosize` measures every textarea in a layout effect after each render
// (getComputedStyle + scrollHeight) and sets a height that makes the next one force layout again: on
// /ficha's first visit that was ~120 ms of a throttled phone's CPU before the record could paint
// (issue 15, docs/web.md). Browsers without field-sizing (Firefox, older Safari) keep Mantine's autosize.
// With `max` (the contract's limit) the field stops there and says so: a counter appears under it near the
// limit (components/length-counter.tsx), so a long note is never cut silently (issue 24).
import { Box, Textarea, type TextareaProps } from '@mantine/core';
import { LengthCounter } from './length-counter';

const FIELD_SIZING = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** The height of `rows` lines of the textarea's own line height, with its padding and border. */
const rowsHeight = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0rem) + 2 * 0.0625rem * var(--mantine-scale, 1))`;

type AutoTextareaProps = Omit<TextareaProps, 'autosize' | 'styles' | 'rows'> & {
  /** The most characters the server accepts (packages/contracts): the field stops there and counts near it. */
  max?: number;
};

export function AutoTextarea({ minRows = 1, maxRows, max, ...rest }: AutoTextareaProps) {
  // With a counter, the wrapper is what sits in the layout: it takes the caller's style and class (the
  // chat's `flex: 1` on the field alone left the message box a third of the row wide).
  const { style, className, ...inner } = rest;
  const props = max === undefined ? rest : inner;
  const field = !FIELD_SIZING ? (
    <Textarea {...props} maxLength={max ?? props.maxLength} autosize minRows={minRows} maxRows={maxRows} />
  ) : (
    <Textarea
      {...props}
      maxLength={max ?? props.maxLength}
      rows={minRows}
      styles={{ input: { fieldSizing: 'content', minHeight: rowsHeight(minRows), maxHeight: maxRows === undefined ? undefined : rowsHeight(maxRows) } }}
    />
  );
  if (max === undefined) return field;
  const length = typeof props.value === 'string' ? props.value.length : 0;
  return (
    <Box style={style} className={className}>
      {field}
      <LengthCounter length={length} max={max} onlyNearLimit />
    </Box>
  );
}
