// Shows rich text the server has already sanitised (allow-listed tags, safe links only; the CSP forbids
// inline scripts besides). Never pass it HTML that did not come from the API.
import { Typography } from '@mantine/core';

export function RichTextView({ html, testId }: { html: string; testId?: string }) {
  return (
    <Typography>
      <div data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
