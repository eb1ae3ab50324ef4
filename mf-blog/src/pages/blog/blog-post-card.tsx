import type { BlogPost, ReviewDecision } from '@district/contracts';
import {
  Avatar,
  Badge,
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
  useT,
} from '@district/ui';
import { PostContent } from './post-content';
import { postedOnDate } from './post-date.util';

const STATUS_KEYS = {
  pending: 'blog.status.pending',
  approved: 'blog.status.approved',
  rejected: 'blog.status.rejected',
} as const satisfies Record<BlogPost['status'], string>;

export interface BlogPostCardProps {
  post: BlogPost;
  // Admins only (SPEC §6): Approve and Reject on pending posts.
  onReview?: (id: number, status: ReviewDecision) => void;
  reviewing?: boolean;
}

export function BlogPostCard({ post, onReview, reviewing = false }: BlogPostCardProps) {
  const { t, m } = useT();
  const authorName = post.author?.name ?? m.screen.unknownAuthor;
  const postedOn = postedOnDate(post.createdAt);
  const titleId = `blog-post-${post.id}-title`;
  return (
    <Card className="blog-post" aria-labelledby={titleId} role="article">
      <CardHeader className="blog-post__header">
        <div className="blog-post__author">
          <Avatar name={authorName} src={post.author?.avatarUrl} size="md" />
          <span className="blog-post__author-name">{authorName}</span>
        </div>
        {/* SPEC §2: the badge is highlighted when the post is approved. */}
        <Badge
          variant={
            post.status === 'approved'
              ? 'highlight'
              : post.status === 'rejected'
                ? 'destructive'
                : 'warning'
          }
        >
          {t(STATUS_KEYS[post.status])}
        </Badge>
      </CardHeader>
      <CardContent className="blog-post__body">
        <CardTitle as="h2" id={titleId} className="blog-post__title">
          {post.title}
        </CardTitle>
        <PostContent content={post.content} />
        {postedOn ? (
          <p className="blog-post__date">
            {/* Issue 33.11: a post not (yet) approved was submitted, not published. */}
            {post.status === 'approved'
              ? t('blog.post.postedOn', { date: postedOn })
              : t('blog.post.submittedOn', { date: postedOn })}
          </p>
        ) : null}
      </CardContent>
      {onReview && post.status === 'pending' ? (
        <CardFooter className="blog-post__actions">
          <Button
            variant="outline"
            disabled={reviewing}
            onClick={() => onReview(post.id, 'rejected')}
            aria-label={t('blog.post.rejectLabel', { title: post.title })}
          >
            {t('blog.post.reject')}
          </Button>
          <Button
            disabled={reviewing}
            onClick={() => onReview(post.id, 'approved')}
            aria-label={t('blog.post.approveLabel', { title: post.title })}
          >
            {t('blog.post.approve')}
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}
