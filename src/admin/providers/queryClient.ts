import { QueryClient } from '@tanstack/react-query';

/**
 * The server's answers are final (401, 403, validation...): retrying only delays the error (and the Confirm-logout
 * dialog) by seconds. Only network failures (status 0) are retried, once.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: (failures, error) => (error as { status?: number })?.status === 0 && failures < 1 },
  },
});
