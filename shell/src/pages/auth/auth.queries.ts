import { apiPaths, type RegisterOptions } from '@district/contracts';
import { apiRequest } from '@district/ui';
import { useQuery } from '@tanstack/react-query';

// The district's consent mode (issue 20): which register form to show.
export const useRegisterOptions = () =>
  useQuery<RegisterOptions>({
    queryKey: [apiPaths.registerOptions],
    queryFn: async () => (await apiRequest('GET', apiPaths.registerOptions)).json(),
    staleTime: 60_000,
  });
