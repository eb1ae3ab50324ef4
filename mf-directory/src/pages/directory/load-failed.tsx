import { Button, EmptyState, useT } from '@district/ui';

// A list or setting of this area that could not be loaded: what, the server's words, and a retry.
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry: () => unknown;
}) {
  const { t } = useT();
  return (
    <EmptyState
      title={title}
      description={error.message}
      action={
        <Button variant="outline" onClick={() => void onRetry()}>
          {t('directory.tryAgain')}
        </Button>
      }
    />
  );
}
