import { useNotify, useRedirect, useResourceContext, type RedirectionSideEffect } from 'react-admin';
import { showCreated } from './showCreated';

/**
 * mutationOptions of a Create / Edit that say the spec's success message ("Submission Successful" after a create,
 * "Edit Successful" after an edit) instead of react-admin's, then go back to the list — after a create, with the new
 * record on top.
 */
export const useSaved = (message: 'submitSuccess' | 'editSuccess', to?: RedirectionSideEffect) => {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  return {
    onSuccess: () => {
      notify(`app.message.${message}`, { type: 'success' });
      redirect(to ?? (message === 'submitSuccess' ? showCreated : 'list'), resource);
    },
  };
};
