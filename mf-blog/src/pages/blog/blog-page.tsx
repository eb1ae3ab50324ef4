import { type ReviewDecision, type ReviewStatus } from '@district/contracts';
import {
  Button,
  EmptyState,
  formatNumber,
  PageHeader,
  preloadDialog,
  Spinner,
  Tabs,
  useAuth,
  useT,
} from '@district/ui';
import { useState } from 'react';
import { BlogPostCard } from './blog-post-card';
import { useBlogPosts, useReviewBlogPost } from './blog.queries';
import { WritePostDialog } from './write-post-dialog';
import './blog.css';

// /blog (SPEC §2): the stories students wrote, newest first, the form to write one, and for
// admins the review of pending posts.
export function BlogPage() {
  const { t, m } = useT();
  const { user } = useAuth();
  const [writing, setWriting] = useState(false);
  const isAdmin = user?.isAdmin === true;
  // Issue 33.11: a limited account (guardian consent pending) cannot post; the server refuses it
  // too. The button stays, disabled, with the reason beside it, so the student knows why.
  const restricted = user?.restricted === true;
  // Issue 14.5: admins also get the pending posts alone, paged on the server, so a post waiting
  // for review is never buried under thousands of approved ones. Its first page gives the count.
  const awaiting = useBlogPosts('pending', { enabled: isAdmin });
  const awaitingCount = awaiting.data?.pages[0]?.total;

  return (
    <section className="area" aria-labelledby="blog-title">
      <PageHeader
        titleId="blog-title"
        title={m.screen.blogTitle}
        actions={
          <Button
            onClick={() => setWriting(true)}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
            disabled={restricted}
            aria-describedby={restricted ? 'blog-restricted' : undefined}
          >
            {m.screen.writePost}
          </Button>
        }
      />
      {restricted ? (
        <p id="blog-restricted" className="blog-restricted">
          {m.consent.restrictedBlog}
        </p>
      ) : null}
      <WritePostDialog open={writing} onOpenChange={setWriting} />
      {isAdmin ? (
        <Tabs defaultValue="all" className="blog-tabs">
          <Tabs.List aria-label={t('blog.tabs.label')}>
            <Tabs.Trigger value="all">{t('blog.tabs.all')}</Tabs.Trigger>
            <Tabs.Trigger value="pending">
              {awaitingCount === undefined
                ? t('blog.tabs.awaiting')
                : t('blog.tabs.awaitingCount', { count: formatNumber(awaitingCount) })}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="all">
            <PostList isAdmin />
          </Tabs.Content>
          <Tabs.Content value="pending">
            <PostList isAdmin status="pending" />
          </Tabs.Content>
        </Tabs>
      ) : (
        <PostList isAdmin={false} />
      )}
    </section>
  );
}

// One paged list: a screenful of cards, then "Show more posts".
function PostList({ isAdmin, status }: { isAdmin: boolean; status?: ReviewStatus }) {
  const { t, m } = useT();
  const posts = useBlogPosts(status);
  const review = useReviewBlogPost();
  const onReview = (id: number, decision: ReviewDecision) =>
    review.mutate({ id, status: decision });

  if (posts.isPending) return <Spinner label={t('blog.loading')} />;
  if (posts.isError) {
    return (
      <EmptyState
        title={t('blog.loadFailed')}
        description={posts.error.message}
        action={
          <Button variant="outline" onClick={() => void posts.refetch()}>
            {t('blog.tryAgain')}
          </Button>
        }
      />
    );
  }
  if (posts.posts.length === 0) {
    return (
      <EmptyState description={status === 'pending' ? t('blog.noPending') : m.empty.blogPosts} />
    );
  }
  return (
    <div className="blog-list">
      {posts.posts.map((post) => (
        <BlogPostCard
          key={post.id}
          post={post}
          onReview={isAdmin ? onReview : undefined}
          reviewing={review.isPending && review.variables?.id === post.id}
        />
      ))}
      {posts.hasNextPage ? (
        <Button
          variant="outline"
          className="blog-list__more"
          disabled={posts.isFetchingNextPage}
          onClick={() => void posts.fetchNextPage()}
        >
          {posts.isFetchingNextPage ? t('blog.loadingMore') : t('blog.showMore')}
        </Button>
      ) : null}
    </div>
  );
}
