import {
  apiPaths,
  type BlogPost,
  type BlogPostInput,
  type Page,
  type ReviewDecision,
  type ReviewStatus,
} from '@district/contracts';
import {
  apiRequest,
  currentLanguage,
  messages,
  queryClient,
  throwIfResNotOk,
  toast,
} from '@district/ui';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';

// Every read of the blog list starts with the list's URL, so invalidating it refreshes them all.
const BLOG_POSTS_QUERY_KEY = [apiPaths.blogPosts] as const;

// Cards per request. A district's blog grows to thousands of stories: the page asks for them a
// screenful at a time (?page&pageSize) instead of the whole list (the plain call, ~0.5 MB gzip
// at 2,000 posts), which keeps the first paint fast on a phone.
const BLOG_PAGE_SIZE = 20;

async function fetchPage(
  page: number,
  status: ReviewStatus | undefined,
  signal: AbortSignal,
): Promise<Page<BlogPost>> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(BLOG_PAGE_SIZE) });
  if (status) query.set('status', status);
  // Accept-Language as apiRequest sends it: a refusal arrives in the reader's language.
  const res = await fetch(`${apiPaths.blogPosts}?${query}`, {
    credentials: 'include',
    signal,
    headers: { 'Accept-Language': currentLanguage() },
  });
  await throwIfResNotOk(res);
  return (await res.json()) as Page<BlogPost>;
}

// Every post the reader may see, or (?status, the admins' "Awaiting review" tab) one status of them.
export function useBlogPosts(status?: ReviewStatus, { enabled = true } = {}) {
  const query = useInfiniteQuery({
    queryKey: [...BLOG_POSTS_QUERY_KEY, 'pages', status ?? 'all'],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, status, signal),
    enabled,
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
  });
  // A post written while pages load shifts the offsets: the same post may come twice.
  const posts = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? [])
      .flatMap((page) => page.items)
      .filter((post) => !seen.has(post.id) && Boolean(seen.add(post.id)));
  }, [query.data]);
  return { ...query, posts };
}

const refreshList = () => queryClient.invalidateQueries({ queryKey: BLOG_POSTS_QUERY_KEY });

// Failures fall to the query client's default: the destructive "Error" toast with the server's
// message (SPEC §8 "Other mutation errors").
export function useCreateBlogPost(onCreated: () => void) {
  return useMutation({
    mutationFn: async (input: BlogPostInput): Promise<BlogPost> =>
      (await apiRequest('POST', apiPaths.blogPosts, input)).json() as Promise<BlogPost>,
    onSuccess: async () => {
      toast({ title: messages().toasts.blogPostSubmitted });
      onCreated();
      await refreshList();
    },
  });
}

export function useReviewBlogPost() {
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: ReviewDecision }): Promise<BlogPost> =>
      (
        await apiRequest('PATCH', apiPaths.blogPostStatus(id), { status })
      ).json() as Promise<BlogPost>,
    onSuccess: async () => {
      toast({ title: messages().toasts.blogPostStatusUpdated });
      await refreshList();
    },
  });
}
