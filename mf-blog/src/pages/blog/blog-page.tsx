import {
  EMPTY_TEXTS,
  SCREEN_TEXTS,
  type ReviewDecision,
  type ReviewStatus,
} from '@district/contracts';
import {
  Button,
  EmptyState,
  PageHeader,
  preloadDialog,
  Spinner,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useAuth,
} from '@district/ui';
import { useState } from 'react';
import { BlogPostCard } from './blog-post-card';
import { useBlogPosts, useReviewBlogPost } from './blog-posts.queries';
import { WritePostDialog } from './write-post-dialog';
import './blog.css';

// /blog (SPEC §2): the stories students wrote, newest first, the form to write one, and for
// admins the review of pending posts.
export function BlogPage() {
  const { user } = useAuth();
  const [writing, setWriting] = useState(false);
  const isAdmin = user?.isAdmin === true;
  // Issue 14.5: admins also get the pending posts alone, paged on the server, so a post waiting
  // for review is never buried under thousands of approved ones. Its first page gives the count.
  const awaiting = useBlogPosts('pending', { enabled: isAdmin });
  const awaitingCount = awaiting.data?.pages[0]?.total;

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
      {isAdmin ? (
        <Tabs defaultValue="all" className="blog-tabs">
          <TabsList aria-label="Posts by status">
            <TabsTrigger value="all">All posts</TabsTrigger>
            <TabsTrigger value="pending">
              Awaiting review{awaitingCount === undefined ? '' : ` (${awaitingCount})`}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="all">
            <PostList isAdmin />
          </TabsContent>
          <TabsContent value="pending">
            <PostList isAdmin status="pending" />
          </TabsContent>
        </Tabs>
      ) : (
        <PostList isAdmin={false} />
      )}
    </section>
  );
}

// One paged list: a screenful of cards, then "Show more posts".
function PostList({ isAdmin, status }: { isAdmin: boolean; status?: ReviewStatus }) {
  const posts = useBlogPosts(status);
  const review = useReviewBlogPost();
  const onReview = (id: number, decision: ReviewDecision) =>
    review.mutate({ id, status: decision });

  if (posts.isPending) return <Spinner label="Loading blog posts" />;
  if (posts.isError) {
    return (
      <EmptyState
        title="Blog posts could not be loaded"
        description={posts.error.message}
        action={
          <Button variant="outline" onClick={() => void posts.refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (posts.posts.length === 0) {
    return (
      <EmptyState
        description={
          status === 'pending' ? 'No posts are waiting for review.' : EMPTY_TEXTS.blogPosts
        }
      />
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
          {posts.isFetchingNextPage ? 'Loading more posts…' : 'Show more posts'}
        </Button>
      ) : null}
    </div>
  );
}
