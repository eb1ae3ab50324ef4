import { SCREEN_TEXTS, type BlogPost, type ReviewDecision } from '@district/contracts';
import {
  Avatar,
  Badge,
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@district/ui';
import { PostContent } from './post-content';
import { postedOnDate } from './post-date.util';

const STATUS_LABELS: Record<BlogPost['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export interface BlogPostCardProps {
  post: BlogPost;
  // Admins only (SPEC §6): Approve and Reject on pending posts.
  onReview?: (id: number, status: ReviewDecision) => void;
  reviewing?: boolean;
}

export function BlogPostCard({ post, onReview, reviewing = false }: BlogPostCardProps) {
  const authorName = post.author?.name ?? SCREEN_TEXTS.unknownAuthor;
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
          {STATUS_LABELS[post.status]}
        </Badge>
      </CardHeader>
      <CardContent className="blog-post__body">
        <CardTitle as="h2" id={titleId} className="blog-post__title">
          {post.title}
        </CardTitle>
        <PostContent content={post.content} />
        <p className="blog-post__date">
          {SCREEN_TEXTS.postedOn} {postedOnDate(post.createdAt)}
        </p>
      </CardContent>
      {onReview && post.status === 'pending' ? (
        <CardFooter className="blog-post__actions">
          <Button
            variant="outline"
            disabled={reviewing}
            onClick={() => onReview(post.id, 'rejected')}
            aria-label={`Reject "${post.title}"`}
          >
            Reject
          </Button>
          <Button
            disabled={reviewing}
            onClick={() => onReview(post.id, 'approved')}
            aria-label={`Approve "${post.title}"`}
          >
            Approve
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}
