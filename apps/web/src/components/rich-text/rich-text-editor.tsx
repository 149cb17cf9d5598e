// Rich text field (Mantine's Tiptap editor) for notes, news and FAQ answers: bold, italic, underline,
// strike, two heading levels, lists, quotes and links — exactly what the server's allow-list keeps
// (apps/server/src/lib/rich-text.ts). The value is HTML; the server sanitises it before storing.
import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { RichTextEditor as MantineRichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';

export interface RichTextFieldProps {
  label: string;
  /** Initial HTML; remount (key) to load another value. */
  initialValue: string;
  onChange: (html: string) => void;
  error?: string | null;
  minHeight?: number;
  testId?: string;
}

export function RichTextField({ label, initialValue, onChange, error, minHeight = 160, testId }: RichTextFieldProps) {
  const { t } = useTranslation('common');
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: initialValue,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const labels: Partial<RichTextEditorLabels> = t('richText', { returnObjects: true }) as Partial<RichTextEditorLabels>;

  return (
    <div>
      <Input.Label id={labelId} mb={4}>
        {label}
      </Input.Label>
      <MantineRichTextEditor editor={editor} labels={labels}>
        <MantineRichTextEditor.Toolbar>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Bold />
            <MantineRichTextEditor.Italic />
            <MantineRichTextEditor.Underline />
            <MantineRichTextEditor.Strikethrough />
            <MantineRichTextEditor.ClearFormatting />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.H2 />
            <MantineRichTextEditor.H3 />
            <MantineRichTextEditor.BulletList />
            <MantineRichTextEditor.OrderedList />
            <MantineRichTextEditor.Blockquote />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Link />
            <MantineRichTextEditor.Unlink />
          </MantineRichTextEditor.ControlsGroup>
        </MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.Content />
      </MantineRichTextEditor>
      {error ? (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      ) : null}
    </div>
  );
}
