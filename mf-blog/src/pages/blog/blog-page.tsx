import { EMPTY_TEXTS, SCREEN_TEXTS, type ReviewDecision } from '@district/contracts';
import { Button, EmptyState, PageHeader, preloadDialog, Spinner, useAuth } from '@district/ui';
import { useState } from 'react';
import { BlogPostCard } from './blog-post-card';
import { useBlogPosts, useReviewBlogPost } from './blog-posts.queries';
import { WritePostDialog } from './write-post-dialog';
import './blog.css';

// /blog (SPEC §2): the stories students wrote, newest first, the form to write one, and for
// admins the review of pending posts.
export function BlogPage() {
  const { user } = useAuth();
  const posts = useBlogPosts();
  const review = useReviewBlogPost();
  const [writing, setWriting] = useState(false);
  const isAdmin = user?.isAdmin === true;

  const onReview = (id: number, status: ReviewDecision) => review.mutate({ id, status });

  return (
    <section className="area" aria-labelledby="blog-title">
      <PageHeader
        titleId="blog-title"
        title={SCREEN_TEXTS.blogTitle}
        actions={
          <Button
            onClick={() => setWriting(true)}
            onPointerEnter={preloadDialog}
            onFocus={preloadDialog}
          >
            {SCREEN_TEXTS.writePost}
          </Button>
        }
      />
      <WritePostDialog open={writing} onOpenChange={setWriting} />
      {posts.isPending ? (
        <Spinner label="Loading blog posts" />
      ) : posts.isError ? (
        <EmptyState
          title="Blog posts could not be loaded"
          description={posts.error.message}
          action={
            <Button variant="outline" onClick={() => void posts.refetch()}>
              Try again
            </Button>
          }
        />
      ) : posts.posts.length === 0 ? (
        <EmptyState description={EMPTY_TEXTS.blogPosts} />
      ) : (
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
              {posts.isFetchingNextPage ? 'Loading more posts…' : 'Show more posts'}
            </Button>
          ) : null}
        </div>
      )}
    </section>
  );
}
