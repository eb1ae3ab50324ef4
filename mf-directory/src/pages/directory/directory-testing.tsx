import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import type { CurrentUser } from '@district/contracts';
import { AuthProvider, LanguageProvider, queryClient } from '@district/ui';
import { DirectoryPage } from './directory-page';

// What the directory's component specs share: the signed-in admin and the page as the shell
// mounts it (languages, the query client, the session).
export const adminUser: CurrentUser = {
  id: 1,
  ref: 'ref-1',
  name: 'Ada Admin',
  username: 'ada',
  email: 'ada@example.org',
  school: 'Jesuit High School',
  grade: 12,
  avatarUrl: null,
  serviceHours: 0,
  isAdmin: true,
  isSupervisor: false,
  directoryVisible: true,
  restricted: false,
};

export function renderDirectoryPage() {
  return render(
    <LanguageProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <DirectoryPage />
        </AuthProvider>
      </QueryClientProvider>
    </LanguageProvider>,
  );
}

// Radix Tabs switch on mouse down (a click alone is a keyboard user's Enter).
export async function openTab(name: string): Promise<void> {
  const tab = await screen.findByRole('tab', { name });
  fireEvent.mouseDown(tab);
  fireEvent.click(tab);
}
