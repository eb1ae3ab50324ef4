import { blogPostSchema, validationErrors, type BlogPostInput } from '@district/contracts';
import { Button, Dialog, Field, Input, Textarea, translate, useT } from '@district/ui';
import { useId, useState, type FormEvent } from 'react';
import { useCreateBlogPost } from './blog-posts.queries';

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
  const [values, setValues] = useState<BlogPostInput>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateBlogPost(() => {
    setValues(EMPTY);
    setErrors({});
    setSubmitted(false);
    onOpenChange(false);
  });

  const change = (field: keyof BlogPostInput) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // After a first attempt, errors follow the text as it is corrected.
    if (submitted) setErrors(validationErrors(blogPostSchema, next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validationErrors(blogPostSchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    create.mutate(blogPostSchema.parse(values));
  };

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
      <form id={formId} className="blog-form" noValidate onSubmit={submit}>
        {/* The schema's messages are shared-catalogue English: shown in the language in use. */}
        <Field label={t('blog.write.title')} error={errors.title && translate(errors.title)}>
          <Input
            name="title"
            value={values.title}
            onChange={(e) => change('title')(e.target.value)}
            autoComplete="off"
          />
        </Field>
        <Field label={t('blog.write.content')} error={errors.content && translate(errors.content)}>
          <Textarea
            name="content"
            rows={10}
            value={values.content}
            onChange={(e) => change('content')(e.target.value)}
          />
        </Field>
      </form>
    </Dialog>
  );
}
