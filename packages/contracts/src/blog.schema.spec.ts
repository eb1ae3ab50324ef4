import { describe, expect, it } from '@jest/globals';
import { blogPostResponseSchema, blogPostSchema } from './blog.schema';
import { validationErrors } from './errors';

describe('blogPostSchema', () => {
  const content = 'A'.repeat(100);

  it('accepts a 5-character title and 100 characters of content', () => {
    expect(blogPostSchema.parse({ title: 'Hello', content })).toEqual({ title: 'Hello', content });
  });

  it('gives the spec messages', () => {
    expect(validationErrors(blogPostSchema, { title: 'Hey', content: 'short' })).toEqual({
      title: 'Title must be at least 5 characters long',
      content: 'Content must be at least 100 characters long',
    });
    // Padding with spaces does not count.
    expect(
      validationErrors(blogPostSchema, { title: '  Hey  ', content: `  ${'A'.repeat(99)}   ` }),
    ).toEqual({
      title: 'Title must be at least 5 characters long',
      content: 'Content must be at least 100 characters long',
    });
    expect(validationErrors(blogPostSchema, {})).toEqual({
      title: 'Required',
      content: 'Required',
    });
  });

  it('keeps HTML as text (rendering is the UI’s job)', () => {
    const body = `<script>alert(1)</script>${content}`;
    expect(blogPostSchema.parse({ title: '<img onerror=x>', content: body }).content).toBe(body);
  });

  it('parses a post whose author was deleted', () => {
    const post = blogPostResponseSchema.parse({
      id: 1,
      title: 'Hello',
      content,
      status: 'approved',
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
      author: null,
    });
    expect(post.author).toBeNull();
  });
});
