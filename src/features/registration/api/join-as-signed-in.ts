import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinSalonAsSignedIn } from '@/lib/join-salon';

/** The signed-in customer joins one more salon with her account: no password typed again. */
export function useJoinAsSignedIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinSalonAsSignedIn,
    // The account's memberships changed: whoami and every cached screen are read again before she
    // lands on her new salon's profile. This page's own questions are dropped, not read again: they
    // would turn the form back into the sign-up form on the way out.
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['registration'] });
      return queryClient.invalidateQueries();
    },
  });
}
