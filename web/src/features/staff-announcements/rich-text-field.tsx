import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { forwardRef, useEffect, useId, useImperativeHandle } from 'react';
import { type FieldValues, useController } from 'react-hook-form';
import { type Bound, useFieldError } from '../forms/fields';

export type RichTextFieldHandle = { focus: () => void };

type Props = {
  label: string;
  description?: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  error?: string;
};

/**
 * A labelled rich-text field (Mantine's tiptap editor): paragraphs, bold, italic, underline, lists, quotes
 * and links — the tags the server's sanitiser keeps (server/src/lib/rich-text.ts). The editable area is a
 * `textbox` named by the label and described by the hint and the error, so screen readers announce both;
 * the toolbar's buttons have their own names and Tab moves through them. Loaded only by staff pages.
 */
export const RichTextField = forwardRef<RichTextFieldHandle, Props>(function RichTextField(
  { label, description, value, onChange, onBlur, error },
  ref,
) {
  const id = useId();
  const labelId = `${id}-label`;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  const attributes = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, code: false, codeBlock: false, heading: { levels: [2, 3] } }),
      Link.configure({ openOnClick: false }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur?.(),
  });

  // The error and hint change after the editor exists: keep its ARIA attributes in step.
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) } });
  }, [editor, attributesKey]);

  // A new value from outside (the form loaded an announcement or was reset).
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useImperativeHandle(ref, () => ({ focus: () => editor?.commands.focus() }), [editor]);

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        mt={4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
});

/**
 * {@link RichTextField} bound to one field of a react-hook-form form, like the kit's fields
 * (features/forms/fields.tsx): the field's error in the reader's language, and the editor takes focus when
 * its text is the first error.
 */
export function RichTextFormField<T extends FieldValues>({
  form,
  name,
  label,
  description,
}: Bound<T> & { label: string; description?: string }) {
  const { field } = useController({ control: form.control, name });
  const error = useFieldError(form, name);
  return (
    <RichTextField
      ref={field.ref}
      label={label}
      description={description}
      value={(field.value as string | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
