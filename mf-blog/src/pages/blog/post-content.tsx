import { postParagraphs } from './post-paragraphs.util';

// The post as text: React escapes every character, so "<script>" shows as typed. Paragraphs
// come from blank lines; single line breaks are kept by white-space: pre-line.
export function PostContent({ content }: { content: string }) {
  return (
    <div className="blog-post__content">
      {postParagraphs(content).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
