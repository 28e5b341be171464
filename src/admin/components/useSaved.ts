import { useNotify, useRedirect, useResourceContext, type RedirectionSideEffect } from 'react-admin';

/**
 * mutationOptions of a Create / Edit that say the spec's success message ("Submission Successful" after a create,
 * "Edit Successful" after an edit) instead of react-admin's, then go back to the list.
 */
export const useSaved = (message: 'submitSuccess' | 'editSuccess', to: RedirectionSideEffect = 'list') => {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    onSuccess: () => {
      notify(`app.message.${message}`, { type: 'success' });
      redirect(to, resource);
    },
  };
};
