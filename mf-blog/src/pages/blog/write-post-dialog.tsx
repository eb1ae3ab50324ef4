import { blogPostSchema, type BlogPostInput } from '@district/contracts';
import { Button, Dialog, Field, Input, Textarea, useSchemaForm, useT } from '@district/ui';
import { useId } from 'react';
import { useCreateBlogPost } from './blog.queries';

const EMPTY: BlogPostInput = { title: '', content: '' };

export interface WritePostDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

// SPEC §2 "/blog": title and content, "Submit for Review". The contracts schema checks the form
// before any request, so its messages (SPEC §5) show under the fields exactly as the service's.
export function WritePostDialog({ open, onOpenChange }: WritePostDialogProps) {
  const { t, m } = useT();
  const formId = useId();
  const create = useCreateBlogPost(() => {
    form.reset();
    onOpenChange(false);
  });
  const form = useSchemaForm({
    initial: EMPTY,
    schema: blogPostSchema,
    // After a first attempt, errors follow the text as it is corrected.
    revalidateOnChange: true,
    onValid: (data) => create.mutate(data),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.screen.writePost}
      footer={
        <Button type="submit" form={formId} disabled={create.isPending}>
          {create.isPending ? t('blog.write.submitting') : m.screen.submitForReview}
        </Button>
      }
    >
      <form id={formId} className="blog-form" {...form.formProps}>
        {/* The schema's messages are shared-catalogue English: shown in the language in use. */}
        <Field label={t('blog.write.title')} error={form.fieldError('title')}>
          <Input
            name="title"
            value={form.values.title}
            onChange={(e) => form.change('title')(e.target.value)}
            autoComplete="off"
          />
        </Field>
        <Field label={t('blog.write.content')} error={form.fieldError('content')}>
          <Textarea
            name="content"
            rows={10}
            value={form.values.content}
            onChange={(e) => form.change('content')(e.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}
