import { useEffect } from 'react';
import Box from '@mui/material/Box';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { TOAST_TIMEOUT_MS } from '@market/shared';
import { toastComponents } from './toast-content';
import { connectToaster, type ToastRequest } from './toast';

function ToastMessage({ title, body }: { title: string; body?: string | undefined }) {
  return (
    <Box>
      <Box component="strong" sx={{ display: 'block' }}>
        {title}
      </Box>
      {body ? <Box component="span">{body}</Box> : null}
    </Box>
  );
}

/**
 * Toasts sit at the bottom: at the top they covered the header's buttons for their 3 seconds
 * (Log in after a wrong password, the account buttons after deleting a domain). Below 600 px
 * notistack stretches them across the screen, 16 px from each edge. Each is role="alert", so
 * screen readers announce it wherever it is.
 */
const TOAST_PLACE = { vertical: 'bottom', horizontal: 'left' } as const;

const showToast = ({ variant, title, body }: ToastRequest) => {
  enqueueSnackbar(<ToastMessage title={title} body={body} />, { variant });
};

/** notistack's host, loaded apart from the first bundle (providers.tsx). */
export default function Toaster() {
  useEffect(() => connectToaster(showToast), []);
  return <SnackbarProvider autoHideDuration={TOAST_TIMEOUT_MS} maxSnack={3} anchorOrigin={TOAST_PLACE} Components={toastComponents} />;
}
